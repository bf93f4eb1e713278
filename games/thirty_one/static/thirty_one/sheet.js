// Thirty-One's parts of the sheet, drawn from a push's data (static/js/sheet.js,
// static/js/lives-sheet.js) as thirty_one/entry.jinja and _forms.jinja draw the
// open round: how it ended, a 31, and Fire where the table plays it.
(function () {
  "use strict";
  var sheets = window.SquareSheet;
  if (!sheets || !sheets.lives) return;
  var gettext = window.gettext || function (text) { return text; };
  var el = sheets.el;

  function flagsOf(options) {
    return {
      fire: options.three_of_a_kind === "fire",
      allPay: Boolean(options.thirty_one_hits_all),
      pointsLimit: Boolean(options.points_limit),
      closerRule: Boolean(options.closer_rule)
    };
  }

  function hint(flags) {
    if (flags.closerRule && flags.pointsLimit) {
      return gettext("Say who closed and who holds the lowest hand; the sheet works " +
        "out who pays, with the closer rule and the points limit.");
    }
    if (flags.closerRule) {
      return gettext("Say who closed and who holds the lowest hand; the sheet works " +
        "out who pays, with the closer rule.");
    }
    if (flags.pointsLimit) {
      return gettext("Say who closed and who holds the lowest hand; the sheet works " +
        "out who pays, with the points limit.");
    }
    return gettext("Say who closed and who holds the lowest hand; the sheet works " +
      "out who pays.");
  }

  function form(number, children) {
    return sheets.recordForm(number, { "class": "t31-form" }, children);
  }

  // One fieldset of choices: a radio or a checkbox per seat, ``tagged`` adds
  // what follows a seat's name, ``nobody`` a last radio checked for no one.
  function picks(legend, type, name, seats, sheet, options) {
    options = options || {};
    var choices = seats.map(function (seat) {
      var input = el("input", { type: type, name: name, value: String(seat.id) });
      if (options.required) input.setAttribute("required", "");
      var label = [input, " ", sheets.seatName(sheet, seat.id)];
      if (options.tagged && seat.swimming) {
        label.push(" ", el("span", { "class": "t31-tag" }, [gettext("swimming")]));
      }
      return el("div", { "class": "t31-choice" }, [el("label", { "class": "t31-pick" }, label)]);
    });
    if (options.nobody) {
      choices.push(el("div", { "class": "t31-choice" }, [el("label", { "class": "t31-pick" }, [
        el("input", { type: "radio", name: name, value: "", checked: "" }),
        " " + gettext("nobody")
      ])]));
    }
    return el("fieldset", { "class": "t31-picks" }, [
      el("legend", {}, [legend]),
      el("div", { "class": "t31-choices" }, choices)
    ]);
  }

  function entry(open, sheet) {
    var flags = flagsOf(sheet.options);
    var fates = {};
    sheet.standings.seats.forEach(function (line) { fates[line.seat] = line.fate; });
    var seats = open.seats.map(function (id) {
      return { id: id, swimming: fates[id] === "swimming" };
    });
    var number = open.number;
    var closed = [
      picks(gettext("Who closed?"), "radio", "closer", seats, sheet, { nobody: true }),
      picks(flags.closerRule
        ? gettext("Lowest hand: tick everyone tied (the closer wins a tie)")
        : gettext("Lowest hand: tick everyone tied"),
      "checkbox", "lowest", seats, sheet, { tagged: true })
    ];
    if (flags.pointsLimit) {
      closed.push(picks(gettext("At 20 points or less (not the best hand): each pays"),
        "checkbox", "limit", seats, sheet));
    }
    closed.push(el("button", { "class": "button primary t31-submit", type: "submit" }, [
      sheets.words(gettext("Record round %(number)s"), { number: number })
    ]));
    var thirtyOne = [picks(flags.allPay
      ? gettext("Who showed 31? Everyone else pays a life.")
      : gettext("Who showed 31?"),
    "radio", "thirty_one", seats, sheet, { required: true })];
    if (!flags.allPay) {
      thirtyOne.push(
        picks(gettext("Who closed before it?"), "radio", "closer", seats, sheet,
          { nobody: true }),
        picks(gettext("Lowest hand: tick everyone tied"), "checkbox", "lowest", seats,
          sheet));
      if (flags.pointsLimit) {
        thirtyOne.push(picks(gettext("At 20 points or less: each pays"), "checkbox",
          "limit", seats, sheet));
      }
    }
    thirtyOne.push(el("button", { "class": "button t31-submit", type: "submit" },
      [gettext("Record the 31")]));
    var parts = [
      sheets.marked("h2", { "class": "open-title" }, sheets.words(
        gettext('Round <span class="round-no">%(number)s</span>: how did it end?'),
        { number: number })),
      el("p", { "class": "hint" }, [hint(flags)]),
      form(number, closed),
      el("details", { "class": "t31-more" }, [
        el("summary", {}, [gettext("A 31 ended it")]),
        form(number, thirtyOne)
      ])
    ];
    if (flags.fire) {
      var fireBy = gettext('Fire by <span data-seat-name="%(id)s">%(name)s</span>');
      parts.push(el("details", { "class": "t31-more" }, [
        el("summary", {}, [gettext("Fire: three aces")]),
        form(number, [
          el("p", { "class": "hint" },
            [gettext("Who showed three aces? Everyone else still in pays a life.")]),
          el("div", { "class": "t31-buttons" }, seats.map(function (seat) {
            return sheets.marked("button", {
              "class": "small-button", type: "submit", name: "fire", value: String(seat.id)
            }, sheets.words(fireBy, { id: seat.id, name: sheet.names[seat.id] }));
          }))
        ])
      ]));
    }
    return el("div", { "class": "t31-entry" }, parts);
  }

  sheets.register("thirty_one", sheets.lives("t31", { entry: entry }));
})();

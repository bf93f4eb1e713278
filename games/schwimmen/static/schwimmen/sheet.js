// Schwimmen's parts of the sheet, drawn from a push's data (static/js/sheet.js,
// static/js/lives-sheet.js) as schwimmen/entry.jinja draws the open round: who
// pays, a tie for lowest, and Feuer where the table plays it.
(function () {
  "use strict";
  var sheets = window.SquareSheet;
  if (!sheets || !sheets.lives) return;
  var gettext = window.gettext || function (text) { return text; };
  var el = sheets.el;

  function entry(open, sheet) {
    var fates = {};
    sheet.standings.seats.forEach(function (line) { fates[line.seat] = line.fate; });
    var swimmingWord = gettext("swimming");
    var paysWord = gettext("pays");
    var payers = open.seats;
    var buttons = payers.map(function (id) {
      var swimming = fates[id] === "swimming";
      var parts = [sheets.seatName(sheet, id)];
      if (swimming) parts.push(" ", el("span", { "class": "schw-tag" }, [swimmingWord]));
      parts.push(el("span", { "class": "visually-hidden" }, [" " + paysWord]));
      return el("button", {
        "class": "seat-button" + (swimming ? " is-swimming" : ""),
        type: "submit",
        name: "pays",
        value: String(id),
        "data-seat": String(id)
      }, parts);
    });
    var picks = payers.map(function (id) {
      return el("label", { "class": "schw-pick" }, [
        el("input", { type: "checkbox", name: "pays", value: String(id) }),
        " ",
        sheets.seatName(sheet, id)
      ]);
    });
    var parts = [
      sheets.marked("h2", { "class": "open-title", id: "schw-entry-title" }, sheets.words(
        gettext('Round <span class="round-no">%(number)s</span>: who pays?'),
        { number: open.number })),
      sheets.recordForm(open.number, {}, [
        el("p", { "class": "hint", id: "schw-pays-hint" },
          [gettext("Tap the lowest hand: that player pays a life.")]),
        el("div", {
          "class": "seat-buttons",
          role: "group",
          "aria-labelledby": "schw-entry-title",
          "aria-describedby": "schw-pays-hint"
        }, buttons)
      ]),
      el("details", { "class": "schw-more" }, [
        el("summary", {}, [gettext("A tie for lowest")]),
        sheets.recordForm(open.number, {}, [
          el("fieldset", { "class": "schw-picks" }, [
            el("legend", {}, [gettext("Tick everyone tied for lowest: each pays a life.")])
          ].concat(picks)),
          el("button", { "class": "button", type: "submit" }, [gettext("They pay")])
        ])
      ])
    ];
    if (sheet.options.feuer) {
      var feuerBy = gettext('Feuer by <span data-seat-name="%(id)s">%(name)s</span>');
      parts.push(el("details", { "class": "schw-more" }, [
        el("summary", {}, [gettext("Feuer: three aces")]),
        sheets.recordForm(open.number, {}, [
          el("p", { "class": "hint" },
            [gettext("Who showed three aces? Everyone else still in pays a life.")]),
          el("div", { "class": "seat-buttons" }, payers.map(function (id) {
            return sheets.marked("button", {
              "class": "small-button", type: "submit", name: "feuer", value: String(id)
            }, sheets.words(feuerBy, { id: id, name: sheet.names[id] }));
          }))
        ])
      ]));
    }
    return el("div", { "class": "schw-entry" }, parts);
  }

  sheets.register("schwimmen", sheets.lives("schw", { entry: entry }));
})();

// Points' parts of the sheet, drawn from a push's data (static/js/sheet.js) as
// its templates draw them with points_sheet's helpers: the open round (each
// phone its own score, or one scorer the whole round), a row's scores and the
// totals.
(function () {
  "use strict";
  var sheets = window.SquareSheet;
  if (!sheets) return;
  var gettext = window.gettext || function (text) { return text; };
  var el = sheets.el;
  var SCORE_MAX = 99999;

  function scoreInput(id, name, score) {
    var attrs = {
      "class": "sc-number", id: id, type: "number", name: name,
      min: String(-SCORE_MAX), max: String(SCORE_MAX), step: "1", required: ""
    };
    if (score !== undefined) attrs.value = String(score);
    return el("input", attrs);
  }

  function scoreLabel(sheet, forId, seat) {
    return el("label", { "class": "sc-name", "for": forId }, [sheets.seatName(sheet, seat)]);
  }

  function entry(open, sheet) {
    var number = open.number;
    var byPhone = sheet.options.entry === "phones";
    var scores = open.cells || {};
    var entered = open.seats.filter(function (id) { return scores[id] !== undefined; });
    var sum = entered.reduce(function (total, id) { return total + scores[id]; }, 0);
    var wanted = sheet.options.adds_up_to;
    var count = [el("span", { "class": "sc-count" }, [sheets.words(
      gettext("%(count)s of %(seats)s in"), { count: entered.length, seats: open.seats.length })])];
    if (wanted !== null && wanted !== undefined && wanted !== "off") {
      count.push(" ", el("span", { "class": "sc-sum", "data-sum": "" }, [sheets.words(
        gettext("adds up to %(total)s; must be %(wanted)s"),
        { total: sheets.totalText(sum), wanted: sheets.totalText(Number(wanted)) })]));
    }
    var title = "pt-open-" + number;
    var parts = [
      sheets.marked("h2", { "class": "open-title", id: title }, sheets.words(
        gettext('Round <span class="round-no">%(number)s</span>: scores'),
        { number: number })),
      el("p", { "class": "sc-count-line" }, count)
    ];
    if (byPhone) {
      parts.push(el("ul", { "class": "sc-scores" }, open.seats.map(function (id) {
        var score = scores[id];
        var has = score !== undefined;
        var input = "pt-score-" + number + "-" + id;
        return el("li", { "class": "sc-score" + (has ? " has-score" : ""), "data-seat": String(id) }, [
          sheets.recordForm(number, { "class": "sc-score-form" }, [
            el("input", { type: "hidden", name: "seat", value: String(id) }),
            scoreLabel(sheet, input, id),
            el("span", { "class": "sc-state" }, [has
              ? el("strong", { "class": "sc-figure" }, [sheets.signed(score)])
              : gettext("waiting")]),
            scoreInput(input, "score", score),
            el("button", { "class": "small-button", type: "submit" },
              [has ? gettext("Change") : gettext("Enter")])
          ])
        ]);
      })));
      parts.push(el("p", { "class": "sc-hint" }, [gettext("Each phone enters its own " +
        "score, plus or minus; the round closes when every score is in.")]));
    } else {
      parts.push(sheets.recordForm(number, { "class": "pt-round-form" }, [
        el("fieldset", { "class": "sc-grid" }, [
          el("legend", {}, [gettext("Each player's score this round, plus or minus")])
        ].concat(open.seats.map(function (id) {
          var input = "pt-all-" + number + "-" + id;
          return el("div", { "class": "sc-cell" }, [
            scoreLabel(sheet, input, id),
            scoreInput(input, "score-" + id, scores[id])
          ]);
        }))),
        el("button", { "class": "sc-submit", type: "submit" },
          [sheets.words(gettext("Close round %(number)s"), { number: number })])
      ]));
    }
    return el("section", {
      "class": "sc-entry", "data-entry": byPhone ? "phones" : "scorer", "aria-labelledby": title
    }, parts);
  }

  function result(round, sheet) {
    var cells = round.cells || {};
    var scored = round.status === "scored" && Object.keys(cells).length > 0;
    if (!scored) {
      return el("span", { "class": "round-result" },
        [gettext("Not scored: the match ended during this round.")]);
    }
    var chips = [];
    sheets.playing(sheet, round.number).forEach(function (seat, index) {
      var score = cells[seat.id];
      var known = score !== undefined && score !== null;
      if (index) chips.push(el("span", { "class": "pt-sep" }, [" \u00b7 "]));
      chips.push(el("bdi", { "class": "pt-chip" }, [
        sheets.seatName(sheet, seat.id),
        " ",
        el("span", { "class": "sc-figure" + (known && score < 0 ? " is-negative" : "") },
          [known ? sheets.signed(score) : "\u2013"])
      ]));
    });
    return el("span", { "class": "round-result sc-result" }, chips);
  }

  function legend(options, standings) {
    var lowest = options.wins === "lowest";
    var played = standings.rounds - standings.draws;
    if (options.end === "target") {
      return sheets.words(lowest
        ? gettext("Ends when someone reaches %(target)s; the lowest total wins.")
        : gettext("First to %(target)s; the highest total wins."),
      { target: options.target });
    }
    if (options.end === "rounds") {
      return sheets.words(lowest
        ? gettext("After %(rounds)s rounds (%(played)s played) the lowest total wins.")
        : gettext("After %(rounds)s rounds (%(played)s played) the highest total wins."),
      { rounds: options.rounds, played: played });
    }
    return lowest ? gettext("Until the table ends the match; the lowest total wins.")
      : gettext("Until the table ends the match; the highest total wins.");
  }

  function figures(standings, sheet) {
    var lowest = sheet.options.wins === "lowest";
    var lines = {};
    standings.seats.forEach(function (line) { lines[line.seat] = line; });
    var totals = sheet.seats.map(function (seat) {
      var line = lines[seat.id];
      return line ? line.points || 0 : 0;
    });
    var best = totals.length ? (lowest ? Math.min : Math.max).apply(null, totals) : null;
    var played = standings.rounds - standings.draws;
    var items = sheet.seats.map(function (seat, index) {
      var total = totals[index];
      var name = [sheets.seatName(sheet, seat.id)];
      if (seat.id === standings.dealer) {
        name.push(" ", el("span", { "class": "sc-dealer", title: gettext("Deals this round") },
          [gettext("deals")]));
      }
      return el("li", {
        "class": "sc-total" + (total < 0 ? " is-negative" : "") +
          (played && total === best ? " is-leading" : ""),
        "data-seat": String(seat.id),
        "data-total": String(total)
      }, [
        el("span", { "class": "sc-name" }, name),
        el("span", { "class": "sc-points" }, [sheets.totalText(total)])
      ]);
    });
    return [el("section", { "class": "sc-standings", "aria-labelledby": "pt-standings-title" }, [
      el("h2", { id: "pt-standings-title", "class": "visually-hidden" }, [gettext("Standings")]),
      el("ul", { "class": "sc-totals" }, items),
      el("p", { "class": "sc-legend" }, [legend(sheet.options, standings)])
    ])];
  }

  sheets.register("points", {
    entry: entry,
    result: result,
    figures: figures,
    rowClass: function (round) { return "round-row sc-row is-" + round.status; }
  });
})();

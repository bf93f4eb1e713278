// 41 Exchange's parts of the sheet, drawn from a push's data (static/js/sheet.js)
// as its templates draw them on load: the entry (fortyone_exchange/entry.jinja),
// a row's result (row.jinja) and the rounds won (standings.jinja).
(function () {
  "use strict";
  var sheets = window.SquareSheet;
  if (!sheets) return;
  var gettext = window.gettext || function (text) { return text; };
  var el = sheets.el;

  function entry(open, sheet) {
    var buttons = open.seats.map(function (id) {
      return el("button", {
        "class": "seat-button",
        type: "submit",
        name: "winner",
        value: String(id),
        "data-seat": String(id)
      }, [sheets.seatName(sheet, id)]);
    });
    return sheets.fragment([
      sheets.marked("h2", { "class": "open-title" }, sheets.words(
        gettext('Round <span class="round-no">%(number)s</span>: who won?'),
        { number: open.number })),
      sheets.recordForm(open.number, { "class": "tap-form" },
        [el("div", { "class": "seat-buttons" }, buttons)])
    ]);
  }

  function result(round, sheet) {
    if (!round.winner) {
      return el("span", { "class": "round-result" }, [gettext("Draw")]);
    }
    return sheets.marked("span", { "class": "round-result" }, sheets.words(
      gettext('<span class="winner" data-seat-name="%(id)s">%(name)s</span> won'),
      { id: round.winner, name: sheet.names[round.winner] }));
  }

  function figures(standings, sheet) {
    var rows = standings.seats.map(function (line) {
      return el("tr", {}, [
        el("th", { scope: "row" }, [sheets.seatName(sheet, line.seat)]),
        el("td", {}, [String(line.rounds_won)])
      ]);
    });
    var draws = standings.draws
      ? sheets.words(gettext("Draws: %(draws)s"), { draws: standings.draws })
      : gettext("No draws yet.");
    return [
      el("table", { "class": "figures" }, [
        el("thead", {}, [el("tr", {}, [
          el("th", { scope: "col" }, [gettext("Seat")]),
          el("th", { scope: "col" }, [gettext("Rounds won")])
        ])]),
        el("tbody", {}, rows)
      ]),
      el("p", { "class": "draws" }, [draws])
    ];
  }

  sheets.register("fortyone_exchange", { entry: entry, result: result, figures: figures });
})();

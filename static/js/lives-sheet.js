// What the games built on the lives engine (games/lives) draw alike from a
// push's data (static/js/sheet.js), as their templates do: a row's words and
// kind (from the module's ``sheet_row``) and each seat's lives
// (games/lives/rows.py and the modules' standings.jinja, whose classes differ
// only by ``prefix``).
(function () {
  "use strict";
  var sheets = window.SquareSheet;
  if (!sheets) return;
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  };
  var el = sheets.el;

  function fateWords(fate, lives) {
    if (fate === "out") return gettext("out");
    if (fate === "swimming") return gettext("swimming");
    return interpolate(ngettext("%(lives)s life", "%(lives)s lives", lives),
      { lives: lives }, true);
  }

  // The parts a lives game shares; ``extra`` adds its own (its entry).
  sheets.lives = function (prefix, extra) {
    function words(round, sheet) {
      return (sheet.words || {})[round.number] || {};
    }

    function figures(standings, sheet) {
      var start = sheet.options.lives;
      var lines = {};
      standings.seats.forEach(function (line) { lines[line.seat] = line; });
      var items = sheet.seats.map(function (seat) {
        var line = lines[seat.id];
        var lives = line && line.lives !== null ? line.lives : start;
        var fate = line ? line.fate : "in";
        var pips = [];
        for (var index = 0; index < Math.max(start, lives); index++) {
          pips.push(el("span", {
            "class": prefix + "-pip" + (index < lives ? "" : " is-spent")
          }));
        }
        return el("li", { "class": prefix + "-seat is-" + fate, "data-seat": String(seat.id) }, [
          el("span", { "class": prefix + "-name" }, [sheets.seatName(sheet, seat.id)]),
          el("span", { "class": prefix + "-pips", "aria-hidden": "true" }, pips),
          el("span", { "class": prefix + "-fate" }, [fateWords(fate, lives)])
        ]);
      });
      var title = prefix + "-standings-title";
      return [el("section", { "class": prefix + "-standings", "aria-labelledby": title }, [
        el("h2", { id: title }, [gettext("Lives")]),
        el("ul", { "class": prefix + "-lives" }, items)
      ])];
    }

    return Object.assign({
      result: function (round, sheet) {
        return el("span", { "class": "round-result" }, [words(round, sheet).text || ""]);
      },
      rowClass: function (round, sheet) {
        return "round-row " + prefix + "-row is-" + round.status + " is-" +
          words(round, sheet).kind;
      },
      // An unscored round has nothing to correct.
      correctable: function (round) { return round.status !== "draw"; },
      figures: figures
    }, extra);
  };
})();

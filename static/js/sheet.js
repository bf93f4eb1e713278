// The sheet drawn from a push's data, as the page's templates draw it on load.
//
// A live change of a game whose module has a sheet script (``sheet_scripts``,
// docs/modules.md) carries ``sheet``, plain data, instead of the HTML of its
// closed rows, its open round and its standings: this draws them, so the server
// renders nothing per change. What every game shares is drawn here (a row's
// number, the host's Correct and Void, who deals, the seats' fates); the game's
// own parts (its entry, a row's result, its figures) by its module's script,
// which registers them with ``SquareSheet.register``. games/live.py builds the
// data; a browser test compares what a push drew with what a reload draws.
(function () {
  "use strict";
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  };
  var games = {};

  // A name or a round's outcome inside a sentence of a right-to-left page keeps
  // its own direction (FSI … PDI): "Bob → Carol" reads as written.
  var rtl = document.documentElement.dir === "rtl";
  function isolate(text) {
    return rtl && text ? "\u2068" + text + "\u2069" : text;
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) {
      node.append(child);
    });
    return node;
  }

  function escape(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  // A translated sentence whose words hold markup (a name's span), its values
  // escaped, as the templates' {% trans %} blocks escape theirs.
  function words(text, values) {
    var escaped = {};
    Object.keys(values || {}).forEach(function (key) {
      escaped[key] = escape(values[key]);
    });
    return interpolate(text, escaped, true);
  }

  // ``tag`` holding ``markup`` (from ``words``).
  function marked(tag, attrs, markup) {
    var node = el(tag, attrs);
    node.innerHTML = markup;
    return node;
  }

  function fragment(nodes) {
    var out = document.createDocumentFragment();
    nodes.forEach(function (node) { if (node) out.append(node); });
    return out;
  }

  // A record form as the entry templates write one: posted to the page's record
  // URL with the round and a key (the live client fills the key, and the
  // CSRF token, before it sends).
  function recordForm(number, attrs, children) {
    return el("form", Object.assign({
      method: "post",
      action: document.body.dataset.recordUrl || ""
    }, attrs, { "data-record-form": "" }), [
      el("input", { type: "hidden", name: "round", value: String(number) }),
      el("input", { type: "hidden", name: "key", value: "" })
    ].concat(children));
  }

  // A seat's name as every fragment writes it; renaming finds it by its id.
  function seatName(sheet, id, attrs) {
    return el("span", Object.assign({}, attrs || {}, { "data-seat-name": String(id) }),
      [sheet.names[id]]);
  }

  // A figure as games/words.py prints it: a total (``-12`` with U+2212) and a
  // round's score (``+4``, ``0``, ``-14``).
  function totalText(number) {
    return number < 0 ? "\u2212" + (-number) : String(number);
  }

  function signed(number) {
    return number > 0 ? "+" + number : totalText(number);
  }

  // The seats that play round ``number`` (``games.rules.playing``).
  function playing(sheet, number) {
    return sheet.seats.filter(function (seat) { return seat.first_round <= number; });
  }

  function roundOf(message, number) {
    return (message.rounds || []).find(function (round) {
      return round.number === number;
    });
  }

  // A closed round's row: the game's result between the core's number and the
  // host's Correct and Void (games/match/_row, _correct and _void).
  function row(message, number, parts) {
    var sheet = message.sheet;
    var round = roundOf(message, number);
    var urls = document.body.dataset;
    var children = [el("span", { "class": "round-no" },
      [interpolate(gettext("Round %(number)s"), { number: number }, true)])];
    children.push(parts.result(round, sheet, message));
    if (sheet.correctable && (!parts.correctable || parts.correctable(round))) {
      children.push(el("details", { "class": "correct host-only", "data-correct": "" }, [
        el("summary", {
          "aria-label": interpolate(gettext("Correct round %(number)s"),
            { number: number }, true)
        }, [gettext("Correct")]),
        el("p", { "class": "correct-load", "data-correct-body": "" }, [
          el("a", {
            href: (urls.correctUrl || "") + "?round=" + number,
            "data-correct-link": ""
          }, [interpolate(gettext("Open the correction of round %(number)s"),
            { number: number }, true)])
        ])
      ]));
    }
    if (sheet.correctable) children.push(voidForm(number));
    return fragment([el("li", {
      "class": parts.rowClass ? parts.rowClass(round, sheet)
        : "round-row is-" + round.status,
      id: "round-" + number,
      "data-round": String(number)
    }, children)]);
  }

  function voidForm(number) {
    var help = "void-help-" + number;
    return el("form", {
      method: "post",
      action: document.body.dataset.voidUrl || "",
      "class": "void host-only",
      "data-void-form": "",
      "data-type": "void"
    }, [
      el("input", { type: "hidden", name: "round", value: String(number) }),
      el("input", { type: "hidden", name: "key", value: "" }),
      el("span", { "class": "visually-hidden", id: help }, [gettext(
        "The round stays on the sheet, struck through, and counts for nothing: " +
        "standings, charts, export and the deal.")]),
      el("button", {
        "class": "small-button void-button",
        type: "submit",
        "aria-describedby": help,
        "aria-label": interpolate(gettext("Void round %(number)s"), { number: number }, true)
      }, [gettext("Void")])
    ]);
  }

  // The open round: the game's entry, then who deals (games/match/_open).
  function open(message, parts) {
    var sheet = message.sheet;
    var round = sheet.open;
    var nodes = [parts.entry(round, sheet, message)];
    if (round.dealer !== null && round.dealer !== undefined) {
      nodes.push(marked("p", { "class": "dealer-line", "data-dealer": String(round.dealer) },
        words(gettext('<span data-seat-name="%(id)s">%(name)s</span> deals round %(number)s.'),
          { id: round.dealer, name: sheet.names[round.dealer], number: round.number })));
    }
    return fragment(nodes);
  }

  // Each seat's fate and who deals, then the game's figures
  // (games/match/_standings).
  function standings(message, parts) {
    var sheet = message.sheet;
    var data = sheet.standings;
    var fates = data.seats.map(function (line) {
      var item = el("li", {
        "class": "fate is-" + line.fate,
        "data-seat": String(line.seat),
        "data-fate": line.fate
      }, [seatName(sheet, line.seat)]);
      if (line.seat === data.dealer) {
        item.append(" ", el("span", { "class": "tag dealer-tag" }, [gettext("deals")]));
      }
      var tag = { swimming: gettext("swimming"), out: gettext("out") }[line.fate];
      if (tag) {
        item.append(" ", el("span", { "class": "tag " + line.fate + "-tag" }, [tag]));
      }
      return item;
    });
    return fragment([el("ul", { "class": "fates" }, fates)]
      .concat(parts.figures(data, sheet, message)));
  }

  // What a change's ``sheet`` draws, in the shape of its ``html``: rows by
  // number, the open round, the standings; null for a change without it.
  function drawn(message) {
    var sheet = message.sheet;
    var parts = sheet && games[sheet.game];
    if (!parts) return null;
    sheet.names = {};
    sheet.seats.forEach(function (seat) { sheet.names[seat.id] = seat.name; });
    var rows = {};
    sheet.rows.forEach(function (number) { rows[number] = row(message, number, parts); });
    return {
      rows: rows,
      open: sheet.open ? open(message, parts) : null,
      standings: standings(message, parts)
    };
  }

  window.SquareSheet = {
    register: function (game, parts) { games[game] = parts; },
    drawn: drawn,
    el: el,
    words: words,
    marked: marked,
    fragment: fragment,
    seatName: seatName,
    recordForm: recordForm,
    totalText: totalText,
    signed: signed,
    playing: playing,
    isolate: isolate
  };
})();

// The undo bar and the host's void and restore (issue 28).
//
// "Round 6: Ben won · Undo" shows to whoever recorded the round and to the host,
// for UNDO_SECONDS, while nothing later is recorded. The server decides (the
// page drew the bar after asking the action's check; the action refuses a late
// or foreign undo); this only shows and hides it as changes arrive through
// table.js's "squarescores:drawn" event, and sends the undo, a void or a restore
// over the socket when it is up (window.squarescoresTable), else as the form.
(function () {
  "use strict";
  var bar = document.querySelector("[data-undo-bar]");
  if (!bar) return;
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  };
  var body = document.body;
  var roundInput = bar.querySelector("[data-undo-round]");
  var lineEl = bar.querySelector("[data-undo-line]");
  var seconds = Number(bar.dataset.undoSeconds) || 10;
  var timer = null;
  // The kinds of a record that closes a round; a correction carries "correction".
  var CLOSING = ["round_won", "round_recorded", "cell_marked", "match_decided"];

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return String(Date.now()) + Math.random().toString(16).slice(2);
  }

  function hide() {
    clearTimeout(timer);
    bar.hidden = true;
  }

  function show(number, ms) {
    var row = document.getElementById("round-" + number);
    var result = row && (row.querySelector(".round-result") || row);
    if (result) {
      // Flattened to text, a name loses its own direction: each keeps it
      // (sheet.js's isolate), so 'Ben <b>' does not read '<Ben <b' on an
      // Arabic page.
      result = result.cloneNode(true);
      result.querySelectorAll("[data-seat-name]").forEach(function (name) {
        name.textContent = window.SquareSheet.isolate(name.textContent);
      });
    }
    roundInput.value = String(number);
    bar.querySelector('input[name="key"]').value = newKey();
    lineEl.textContent = interpolate(gettext("Round %(number)s: %(result)s"), {
      number: number,
      result: result ? result.textContent.trim().replace(/\s+/g, " ") : ""
    }, true);
    bar.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(hide, ms);
  }

  function mine(round) {
    return body.hasAttribute("data-host") ||
      String(round.closed_by) === String(body.dataset.user);
  }

  document.addEventListener("squarescores:drawn", function (event) {
    var message = event.detail || {};
    // A voided row's time, drawn just now, in the phone's zone (local-time.js).
    document.dispatchEvent(new CustomEvent("squarescores:swapped"));
    var rounds = message.rounds || [];
    if (message.type === "snapshot") {
      // Missed changes: keep the bar only if its round is still the last closed.
      var closed = rounds.filter(function (r) { return r.status !== "open"; });
      var last = closed[closed.length - 1];
      var open = rounds.filter(function (r) { return r.status === "open"; })[0];
      var busy = open && Object.keys(open.cells).length + Object.keys(open.values).length;
      if (!last || String(last.number) !== roundInput.value || busy) hide();
      return;
    }
    if (!rounds.length || message.kind === "dealer_set") return;
    var fresh = !message.correction && CLOSING.indexOf(message.kind) !== -1 &&
      rounds.filter(function (r) { return r.status !== "open" && r.closed_at; })[0];
    if (fresh && mine(fresh)) show(fresh.number, seconds * 1000);
    else hide();
  });

  function viaSocket(frame) {
    var table = window.squarescoresTable;
    return Boolean(table && table.send(frame));
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var frame = null;
    if (form === bar) {
      frame = { type: "undo", round: Number(roundInput.value),
        key: form.querySelector('input[name="key"]').value || newKey() };
    } else if (form.matches("[data-void-form]")) {
      frame = { type: form.dataset.type,
        round: Number(form.querySelector('input[name="round"]').value),
        key: newKey() };
    }
    if (!frame || !viaSocket(frame)) return;
    event.preventDefault();
    if (form === bar) hide();
  });

  if (!bar.hidden) timer = setTimeout(hide, Number(bar.dataset.undoLeft) || 0);
})();

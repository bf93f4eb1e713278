// One tap, one round (issue 28). When the page draws a newly opened round (from
// a push, a snapshot, this phone's own record or the page itself after a form
// post), its controls take no tap for a moment: a double tap meant for the round
// just closed would otherwise land on the next one and record it too. The round
// is dimmed and marked aria-disabled, and a polite line says so; a deliberate tap
// after the settle time records as ever.
//
// It listens to table.js's "squarescores:drawn" event (the message it drew) and
// stops clicks and submits in the open round before any other handler sees them.
(function () {
  "use strict";
  var SETTLE_MS = 700;
  var openEl = document.getElementById("open-round");
  if (!openEl) return;
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  };

  var line = document.createElement("p");
  line.className = "visually-hidden";
  line.setAttribute("aria-live", "polite");
  line.dataset.settleLine = "";
  openEl.after(line);

  var shown = null;  // the open round's number as last drawn
  var until = 0;     // no tap in the open round before this time
  var timer = null;

  function roundOf() {
    var input = openEl.querySelector('input[name="round"]');
    return input ? Number(input.value) : null;
  }

  // What records: a form's submit buttons. Ticking a box or opening a folded
  // part records nothing, so those stay free.
  var RECORDS = "button:not([type=button]):not([type=reset]), input[type=submit]";

  function controls() {
    return openEl.querySelectorAll(RECORDS);
  }

  function mark(settling) {
    openEl.classList.toggle("is-settling", settling);
    if (settling) openEl.setAttribute("aria-busy", "true");
    else openEl.removeAttribute("aria-busy");
    controls().forEach(function (control) {
      if (settling) control.setAttribute("aria-disabled", "true");
      else control.removeAttribute("aria-disabled");
    });
  }

  function settle(number) {
    until = Date.now() + SETTLE_MS;
    mark(true);
    line.textContent = interpolate(
      gettext("Round %(number)s is open: ready in a moment."), { number: number }, true);
    clearTimeout(timer);
    timer = setTimeout(function () {
      mark(false);
      line.textContent = interpolate(
        gettext("Round %(number)s is ready."), { number: number }, true);
    }, SETTLE_MS);
  }

  function drawn() {
    var number = roundOf();
    if (number !== null && number !== shown) {
      shown = number;
      settle(number);
    } else if (Date.now() < until) {
      // The same round drawn again (one more bid): its new controls wait too.
      mark(true);
    }
  }

  function hold(event) {
    if (Date.now() >= until || !openEl.contains(event.target)) return;
    if (event.type === "click" && !event.target.closest(RECORDS)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  // Capturing on the window: before table.js, before the browser submits.
  window.addEventListener("click", hold, true);
  window.addEventListener("submit", hold, true);
  document.addEventListener("squarescores:drawn", drawn);
  drawn();
})();

// The table page's two kinds of message, apart from the live client (table.js):
//
// - a refusal (tricks that do not add up, a round already closed): an error in
//   colour and icon, announced by its role="alert", kept until the next action
//   on the page or until its close button;
// - a notice (a correction, a lost race, a copied link): a correction stays until
//   dismissed and marks the row it changed; the others fade after a while.
//
// table.js calls window.SquareNotices; without it (this file failed to load) the
// table still works and says nothing.
(function () {
  "use strict";
  var refusalBox = document.querySelector("[data-refusal]");
  var refusalText = refusalBox && refusalBox.querySelector("[data-refusal-text]");
  var noticeBox = document.querySelector("[data-notice-box]");
  var noticeEl = document.querySelector("[data-notice]");
  var noticeTimer = null;
  var marked = null;   // the round number a correction notice points at
  var FADE_MS = 8000;

  function refuse(text) {
    if (!refusalBox) return;
    // Emptied first, so the same words again are announced again.
    refusalText.textContent = "";
    refusalBox.hidden = false;
    window.requestAnimationFrame(function () { refusalText.textContent = text; });
  }

  function clearRefusal() {
    if (!refusalBox || refusalBox.hidden) return;
    refusalBox.hidden = true;
    refusalText.textContent = "";
  }

  function unmark() {
    if (marked === null) return;
    document.querySelectorAll('[data-round="' + marked + '"].is-changed')
      .forEach(function (el) { el.classList.remove("is-changed"); });
    marked = null;
  }

  // The rows of ``round`` (its line and its grid row) as the changed ones; called
  // again after a push redraws them.
  function mark(round) {
    unmark();
    if (round === null || round === undefined) return;
    marked = String(round);
    document.querySelectorAll('[data-round="' + marked + '"]').forEach(function (el) {
      if (el.matches(".round-row, .grid-row")) el.classList.add("is-changed");
    });
  }

  function notice(text, options) {
    if (!noticeEl) return;
    options = options || {};
    clearTimeout(noticeTimer);
    noticeEl.textContent = text;
    (noticeBox || noticeEl).hidden = false;
    noticeEl.hidden = false;
    if (options.round !== undefined) mark(options.round);
    else unmark();
    if (!options.stay) {
      noticeTimer = setTimeout(dismissNotice, FADE_MS);
    }
  }

  function dismissNotice() {
    clearTimeout(noticeTimer);
    if (noticeBox) noticeBox.hidden = true;
    else if (noticeEl) noticeEl.hidden = true;
    unmark();
  }

  document.addEventListener("click", function (event) {
    var close = event.target.closest("[data-dismiss]");
    if (!close) return;
    if (close.dataset.dismiss === "refusal") clearRefusal();
    else dismissNotice();
  });
  // The next action takes the refusal away: a new answer will say its own.
  document.addEventListener("submit", clearRefusal, true);

  window.SquareNotices = {
    refuse: refuse,
    clearRefusal: clearRefusal,
    notice: notice,
    dismissNotice: dismissNotice,
    markChanged: function () { if (marked !== null) mark(marked); }
  };
})();

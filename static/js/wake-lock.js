// Keeps the screen awake while a live match is open (issue 14), where the browser
// has the Screen Wake Lock API. The browser drops the lock whenever the page is
// hidden, so it is asked for again each time the page comes back; it is let go
// when the match ends.
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) return;
  var body = document.body;
  var lock = null;

  function live() {
    return body.getAttribute("data-status") === "live";
  }

  function acquire() {
    if (lock || !live() || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      body.setAttribute("data-awake", "");
      sentinel.addEventListener("release", function () {
        lock = null;
        body.removeAttribute("data-awake");
      });
    }).catch(function () {
      // Refused (battery saver, no user gesture yet): the page works without it.
    });
  }

  function release() {
    if (lock) lock.release();
  }

  document.addEventListener("visibilitychange", acquire);
  // Some browsers grant the lock only after a tap: ask again on the first one.
  document.addEventListener("click", acquire, { once: true, capture: true });
  new MutationObserver(function () {
    if (live()) acquire(); else release();
  }).observe(body, { attributes: true, attributeFilter: ["data-status"] });
  acquire();
})();

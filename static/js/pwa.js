// Installable and offline-safe (issue 14): registers the service worker named by
// this script's data-sw, and reloads the offline notice when the network is back.
(function () {
  "use strict";
  var script = document.currentScript;
  if ("serviceWorker" in navigator && script && script.dataset.sw) {
    navigator.serviceWorker.register(script.dataset.sw, { scope: "/" }).catch(function () {
      // No worker (a private window, plain http on a LAN address): the site works
      // as before, only without its offline copy.
    });
  }
  if (document.body && document.body.hasAttribute("data-offline-page")) {
    // Reload once the server answers, not on the "online" event alone: the event
    // can come while nothing is reachable yet (a captive Wi-Fi, a browser that
    // reports its state late), and a reload then would take the phone back here
    // from wherever it was going.
    var probing = false;
    window.addEventListener("online", function () {
      if (probing) return;
      probing = true;
      // The notice's own URL: small, and answered by the server, never the worker.
      var probe = document.body.getAttribute("data-offline-page");
      fetch(probe, { cache: "no-store" })
        .then(function () { window.location.reload(); })
        .catch(function () { probing = false; });
    });
  }
})();

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
    window.addEventListener("online", function () { window.location.reload(); });
  }
})();

// SquareScores' service worker (squarescores/pwa.py renders it). It keeps the app
// shell and the static files for offline use and never a sheet: pages come from
// the network, /api/ and sockets are not touched, and a page that cannot load
// shows the offline notice instead of the browser's error page.
"use strict";

var CACHE = "squarescores-{{ version }}";
var SHELL = {{ shell|safe }};
var OFFLINE = "{{ offline_url }}";
var STATIC = "{{ static_url }}";
var CATALOG = "{{ catalog_prefix }}";
// Under STATIC_MANIFEST a file's name carries its hash: it never changes, so the
// cached copy is as good as the server's. Other static files ask the server first.
var HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;
// Pages that read the same for everyone and hold no score: kept for offline use.
var KEPT = [/^\/$/, /^\/games\/[^/]+\/(rules|hands)\/$/];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) { return cache.addAll(SHELL); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (keys) {
        return Promise.all(keys.filter(function (key) {
          return key.indexOf("squarescores-") === 0 && key !== CACHE;
        }).map(function (key) { return caches.delete(key); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(HASHED.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
  } else if (url.pathname.indexOf(CATALOG) === 0) {
    // The scripts' words: the URL names the language and the catalogue's digest.
    event.respondWith(cacheFirst(request, { ignoreVary: true }));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request, url));
  }
  // Anything else (the API, the QR code, downloads) is the network's alone.
});

function keep(request, response) {
  if (response.ok) {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  }
  return response;
}

function cacheFirst(request, options) {
  return caches.match(request, options).then(function (hit) {
    return hit || fetch(request).then(function (response) { return keep(request, response); });
  });
}

function networkFirst(request) {
  return fetch(request)
    .then(function (response) { return keep(request, response); })
    .catch(function () {
      return caches.match(request).then(function (hit) { return hit || Response.error(); });
    });
}

function page(request, url) {
  var kept = KEPT.some(function (pattern) { return pattern.test(url.pathname); });
  return fetch(request)
    .then(function (response) { return kept ? keep(request, response) : response; })
    .catch(function () {
      // Django marks these pages Vary: Cookie, and the phone's cookies change when
      // it starts or joins a match: any kept copy beats the offline notice.
      var keptCopy = kept ? caches.match(request, { ignoreVary: true }) : null;
      return Promise.resolve(keptCopy).then(function (hit) {
        return hit || caches.match(OFFLINE);
      });
    });
}

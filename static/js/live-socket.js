// The live pages' one reconnecting socket: the table, the TV link and a live
// match's history each open one with their differences as options.
//
// It connects (with the page's language), retries with exponential backoff and
// full jitter, drops and reconnects with the network, asks for a snapshot when
// the page comes back to the foreground, and keeps the version order: a page
// that asks for it (``ordered``) gets its changes one version at a time, and a
// gap, a change without HTML or a "resync" frame (a push the server could not
// make) asks for a snapshot instead. The database is the truth.
//
// options:
//   path        the socket's path, "/ws/matches/3/"
//   version     the version the page was drawn at
//   ordered     true: changes in version order, gaps fetched by snapshot (table,
//               TV); false: every change as it comes (the history refetches)
//   current     true: connect with the version the page holds; a server that
//               finds it still the match's answers "current" instead of a whole
//               snapshot (the table: a phone back from a blink of its Wi-Fi),
//               after the pushes the page missed when it still keeps them
//   onSnapshot(message), onChange(message)   apply one; the version then moves
//   onCurrent()   the page's version is the match's: nothing to replace
//   onNews(message)     a rematch: the table went on to its next match. It is a
//                       change of this match's version like any (docs/api.md:
//                       no kind is unversioned), handed here instead of onChange
//   onOther(message)    any other frame (a refusal's "error")
//   onStatus(state)     "connecting", "live", "reconnecting", "offline"
//   onClose(code)       an application close code: answer true to stop for good
(function () {
  "use strict";

  window.squarescoresLive = function (options) {
    var noop = function () {};
    var onStatus = options.onStatus || noop;
    var onNews = options.onNews || noop;
    var onOther = options.onOther || noop;
    var onClose = options.onClose || function () { return false; };
    var version = Number(options.version) || 0;
    var socket = null;
    var synced = false;     // a snapshot arrived on this socket
    var buffered = [];      // changes that came before the snapshot or after a gap
    var attempts = 0;
    var retryTimer = null;
    var stopped = false;
    var snapshotPending = false;
    var lastSnapshotAt = 0;

    function send(frame) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    }

    // One snapshot request at a time; if one did not close the gap, the next
    // waits a second so a stray future version cannot make a loop.
    function requestSnapshot() {
      if (snapshotPending) return;
      var wait = Math.max(0, lastSnapshotAt + 1000 - Date.now());
      snapshotPending = true;
      setTimeout(function () {
        lastSnapshotAt = Date.now();
        if (!send({ type: "snapshot" })) {
          snapshotPending = false;
          connectNow();
        }
      }, wait);
    }

    function deliver(message, call) {
      if (message.type === "change" && message.kind === "rematch") onNews(message);
      else call(message);
    }

    function apply(message, call) {
      deliver(message, call);
      version = message.version;
    }

    function drain() {
      buffered.sort(function (a, b) { return a.version - b.version; });
      while (buffered.length) {
        var next = buffered[0];
        if (next.version <= version) {
          buffered.shift();
        } else if (next.version === version + 1) {
          apply(buffered.shift(), options.onChange);
        } else {
          requestSnapshot();
          return;
        }
      }
    }

    function onMessage(event) {
      var message = JSON.parse(event.data);
      if (message.type === "snapshot") {
        snapshotPending = false;
        synced = true;
        attempts = 0;
        apply(message, options.onSnapshot);
        onStatus("live");
        drain();
      } else if (message.type === "current") {
        // A page a few versions behind got the pushes it missed first: apply
        // them, then this must be the page's version.
        drain();
        if (message.version !== version) {
          requestSnapshot();
          return;
        }
        snapshotPending = false;
        synced = true;
        attempts = 0;
        (options.onCurrent || noop)();
        onStatus("live");
        drain();
      } else if (!options.ordered && (message.type === "change" ||
                 message.type === "resync")) {
        deliver(message, options.onChange);
      } else if (message.type === "resync") {
        // The server could not push this version: the snapshot brings it.
        if (message.version > version) requestSnapshot();
      } else if (message.type === "change" && !message.html && !message.sheet) {
        // News without fragments or sheet data: the server knew no phone of
        // this language here. The snapshot brings the change and notes the
        // language again.
        requestSnapshot();
      } else if (message.type === "change") {
        buffered.push(message);
        if (synced) drain();
      } else {
        onOther(message);
      }
    }

    function connect() {
      retryTimer = null;
      if (stopped || socket) return;
      if (navigator.onLine === false) {
        onStatus("offline");
        return;
      }
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      // The page's language: the server writes this socket's pushes in it.
      var lang = encodeURIComponent(document.documentElement.lang || "");
      var query = "?lang=" + lang + (options.current ? "&version=" + version : "");
      var ws = new WebSocket(scheme + location.host + options.path + query);
      socket = ws;
      synced = false;
      snapshotPending = false;
      onStatus(attempts ? "reconnecting" : "connecting");
      ws.onmessage = onMessage;
      ws.onclose = function (event) {
        if (socket !== ws) return;
        socket = null;
        synced = false;
        if (event.code >= 4000 && onClose(event.code)) {
          stopped = true;
          return;
        }
        retry();
      };
    }

    function retry() {
      if (stopped || retryTimer) return;
      onStatus(navigator.onLine === false ? "offline" : "reconnecting");
      // Exponential backoff with full jitter, capped at 30 s.
      var ceiling = Math.min(30000, 500 * Math.pow(2, attempts));
      attempts += 1;
      retryTimer = setTimeout(connect, 250 + Math.random() * ceiling);
    }

    function connectNow() {
      clearTimeout(retryTimer);
      retryTimer = null;
      connect();
    }

    function drop() {
      if (!socket) return;
      var ws = socket;
      socket = null;
      synced = false;
      ws.close();
    }

    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState !== "visible") return;
      if (synced) requestSnapshot();
      else connectNow();
    });
    window.addEventListener("online", function () {
      attempts = 0;
      drop();
      connectNow();
    });
    window.addEventListener("offline", function () {
      drop();
      clearTimeout(retryTimer);
      retryTimer = null;
      onStatus("offline");
    });
    window.addEventListener("pagehide", function () { stopped = true; drop(); });
    window.addEventListener("pageshow", function (event) {
      if (!event.persisted) return;
      stopped = false;
      connectNow();
    });

    connect();
    return {
      send: send,
      requestSnapshot: requestSnapshot,
      isSynced: function () { return synced; },
      version: function () { return version; },
      // The page leaves (a rematch, an ended history): no more reconnects.
      stop: function () { stopped = true; drop(); }
    };
  };
})();

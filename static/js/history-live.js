// A live match's history keeps up by itself (issue 14). The page holds the match's
// socket, as the table does; when it hears of a version newer than its own (a
// round recorded or corrected, the match ended, a rematch) it fetches itself again
// and swaps in its main content, leaving the reader where they were. Nothing is
// polled: a quiet match costs one idle socket.
(function () {
  "use strict";
  var body = document.body;
  var matchId = body.dataset.historyLive;
  if (!matchId || !window.WebSocket || !window.fetch) return;

  var version = Number(body.dataset.version);
  var heard = version;    // the newest version the socket told of
  var fetching = false;
  var socket = null;
  var attempts = 0;
  var retryTimer = null;
  var stopped = false;

  // Fetching and swapping -----------------------------------------------------------
  function refresh() {
    if (fetching) return;
    fetching = true;
    var asked = heard;
    fetch(location.pathname + location.search, { credentials: "same-origin" })
      .then(function (response) {
        return response.ok && !response.redirected ? response.text() : null;
      })
      .then(function (text) { if (text) swap(text); })
      .catch(function () { /* the next change, or coming back, tries again */ })
      .then(function () {
        fetching = false;
        // News that came while this fetch ran may be newer than what it brought.
        if (heard > asked && heard > version) refresh();
      });
  }

  function swap(text) {
    var page = new DOMParser().parseFromString(text, "text/html");
    var fresh = page.querySelector("main");
    var main = document.querySelector("main");
    if (!fresh || !main) return;
    var x = window.scrollX, y = window.scrollY;
    var sideways = Array.prototype.map.call(
      main.querySelectorAll(".chart-scroll"), function (el) { return el.scrollLeft; });
    var focused = document.activeElement && document.activeElement.id;
    main.replaceChildren.apply(main, Array.prototype.slice.call(fresh.childNodes));
    main.querySelectorAll(".chart-scroll").forEach(function (el, index) {
      if (index < sideways.length) el.scrollLeft = sideways[index];
    });
    if (focused && document.getElementById(focused)) {
      document.getElementById(focused).focus({ preventScroll: true });
    }
    window.scrollTo(x, y);
    document.title = page.title;
    version = Number(page.body.dataset.version) || version;
    body.dataset.version = String(version);
    document.dispatchEvent(new CustomEvent("squarescores:swapped"));
    // An ended match takes no more changes: the socket can go.
    if (!page.body.dataset.historyLive) {
      stopped = true;
      drop();
    }
  }

  function hear(newer) {
    if (newer > heard) heard = newer;
    if (heard > version) refresh();
  }

  // The socket ----------------------------------------------------------------------
  function onMessage(event) {
    var message = JSON.parse(event.data);
    if (message.type === "snapshot") {
      attempts = 0;
      hear(message.version);
    } else if (message.type === "change" && message.kind === "rematch") {
      // News, not a change: the ended match keeps its version, but its history
      // now leads to the next match.
      refresh();
    } else if (message.type === "change") {
      hear(message.version);
    }
  }

  function connect() {
    retryTimer = null;
    if (stopped || socket) return;
    if (navigator.onLine === false) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var ws = new WebSocket(scheme + location.host + "/ws/matches/" + matchId + "/");
    socket = ws;
    ws.onmessage = onMessage;
    ws.onclose = function (event) {
      if (socket !== ws) return;
      socket = null;
      // Not a member any more, or no such match: nothing to follow.
      if (event.code === 4403 || event.code === 4404) {
        stopped = true;
        return;
      }
      retry();
    };
  }

  function retry() {
    if (stopped || retryTimer) return;
    // Exponential backoff with full jitter, capped at 30 s.
    var ceiling = Math.min(30000, 500 * Math.pow(2, attempts));
    attempts += 1;
    retryTimer = setTimeout(connect, 250 + Math.random() * ceiling);
  }

  function drop() {
    if (!socket) return;
    var ws = socket;
    socket = null;
    ws.close();
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ action: "snapshot" }));
    } else {
      clearTimeout(retryTimer);
      connect();
    }
  });
  window.addEventListener("online", function () {
    attempts = 0;
    drop();
    clearTimeout(retryTimer);
    connect();
  });
  window.addEventListener("pagehide", function () { stopped = true; drop(); });
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    stopped = false;
    connect();
  });

  connect();
})();

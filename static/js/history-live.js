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
  var live = null;        // the socket (static/js/live-socket.js)

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
    if (!page.body.dataset.historyLive) live.stop();
  }

  function hear(newer) {
    if (newer > heard) heard = newer;
    if (heard > version) refresh();
  }

  // The socket (static/js/live-socket.js): every version it tells of, in any
  // order, a "resync" too; the page is fetched again, never patched.
  live = window.squarescoresLive({
    path: "/ws/matches/" + matchId + "/",
    version: version,
    ordered: false,
    onSnapshot: function (message) { hear(message.version); },
    onChange: function (message) { hear(message.version); },
    // A rematch: the ended match's history now leads to the next match.
    onNews: function (message) { hear(message.version); },
    // Not a member any more, or no such match: nothing to follow.
    onClose: function (code) { return code === 4403 || code === 4404; }
  });
})();

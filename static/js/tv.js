// The TV link's live client: one read-only WebSocket, nothing to press.
//
// It draws the pushes every phone of the match gets. Those fragments are the
// same for everyone, so each is stripped of its forms, buttons and fields before
// it is drawn, and the open round shows as its number and who deals. Pushes are
// applied in version order by static/js/live-socket.js; a gap, a reconnect or
// the screen coming back asks for a snapshot. The server closes the socket with 4404 when the link is wrong
// or the host revokes it: the page then reloads into "This TV link does not work".
(function () {
  "use strict";
  var body = document.body;
  var secret = body.dataset.tv;
  if (!secret || !window.WebSocket) return;

  var version = Number(body.dataset.version);
  var nowEl = document.getElementById("tv-now");
  var roundsEl = document.getElementById("rounds");
  var standingsEl = document.getElementById("standings");
  var emptyEl = document.querySelector("[data-tv-empty]");
  var noticeEl = document.querySelector("[data-notice]");
  var statusEl = document.querySelector("[data-live-status]");
  var statusText = statusEl.querySelector("[data-live-text]");
  var titleTemplate = document.getElementById("tv-round-title");
  var keep = Number(roundsEl.dataset.keep) || 10;
  var CONTROLS = "form, button, input, select, textarea, details, .host-only";

  function setStatus(state) {
    statusEl.hidden = false;
    statusEl.classList.toggle("is-live", state === "live");
    statusEl.classList.toggle("is-down", state !== "live");
    statusEl.dataset.state = state;
    var name = state === "live" && body.dataset.status === "ended" ? "ended" : state;
    statusText.textContent = statusEl.dataset["text" + name[0].toUpperCase() +
      name.slice(1)] || statusText.textContent;
  }

  // Drawing ------------------------------------------------------------------------
  // A fragment's HTML, or what static/js/sheet.js drew from a push's data.
  function parse(html) {
    if (typeof html !== "string") return html;
    var template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  }

  function readOnly(root) {
    root.querySelectorAll(CONTROLS).forEach(function (el) { el.remove(); });
    return root;
  }

  // The open round as a TV says it: "Round 5", who deals; or the match's end and
  // its result. A phone's entry (the buttons, the question) stays out.
  function nowFrom(html) {
    var fragment = parse(html);
    var out = document.createDocumentFragment();
    var number = fragment.querySelector(".open-title .round-no");
    var round = fragment.querySelector('input[name="round"]');
    var text = number ? number.textContent.trim() : round ? round.value : "";
    if (text) {
      var title = titleTemplate.content.cloneNode(true);
      title.querySelector(".round-no").textContent = text;
      out.appendChild(title);
    } else {
      var ended = fragment.querySelector(".open-title");
      if (ended) out.appendChild(ended);
    }
    fragment.querySelectorAll(".dealer-line, .result-line").forEach(function (el) {
      out.appendChild(el);
    });
    return readOnly(out);
  }

  function setNow(html) {
    if (html === null || html === undefined) return;
    nowEl.replaceChildren(nowFrom(html));
  }

  function setStandings(html) {
    if (html === null || html === undefined) return;
    standingsEl.replaceChildren(readOnly(parse(html)));
  }

  // Newest first, at most ``keep`` rows: a correction of an older round than the
  // screen shows changes nothing here.
  function setRow(number, html) {
    var row = readOnly(parse(html)).firstElementChild;
    if (!row) return;
    var current = document.getElementById("round-" + number);
    if (current) {
      current.replaceWith(row);
      return;
    }
    var before = Array.prototype.find.call(roundsEl.children, function (li) {
      return Number(li.dataset.round) < Number(number);
    });
    if (!before && roundsEl.children.length >= keep) return;
    roundsEl.insertBefore(row, before || null);
    while (roundsEl.children.length > keep) roundsEl.lastElementChild.remove();
  }

  function setRows(rows) {
    Object.keys(rows || {}).forEach(function (number) {
      setRow(number, rows[number]);
    });
    emptyEl.hidden = roundsEl.children.length > 0;
  }

  function setMatch(message) {
    if ("result" in message) {
      if (message.result) body.setAttribute("data-decided", "");
      else body.removeAttribute("data-decided");
    }
    if (message.status) body.dataset.status = message.status;
    version = message.version;
    body.dataset.version = String(version);
    if (statusEl.dataset.state === "live") setStatus("live");
  }

  function showNotice(text) {
    noticeEl.textContent = text;
    noticeEl.hidden = false;
  }

  function applyChange(message) {
    var html = message.html || window.SquareSheet.drawn(message) || {};
    setRows(html.rows);
    setNow(html.open);
    setStandings(html.standings);
    setMatch(message);
  }

  function applySnapshot(message) {
    roundsEl.replaceChildren();
    var rows = message.html.rows;
    Object.keys(rows).map(Number).sort(function (a, b) { return b - a; })
      .slice(0, keep).forEach(function (number) {
        roundsEl.appendChild(readOnly(parse(rows[number])).firstElementChild);
      });
    emptyEl.hidden = roundsEl.children.length > 0;
    setNow(message.html.open);
    setStandings(message.html.standings);
    setMatch(message);
  }

  // What the server drew: the same treatment as every later fragment.
  nowEl.replaceChildren(nowFrom(nowEl.innerHTML));
  readOnly(document.querySelector("main"));
  window.squarescoresLive({
    path: "/ws/tv/" + encodeURIComponent(secret) + "/",
    version: version,
    ordered: true,
    onSnapshot: applySnapshot,
    onChange: applyChange,
    // The table moved on; this link stays with the match it was made for.
    onNews: function (message) {
      showNotice(noticeEl.dataset.textRematch);
      setMatch(message);
    },
    onStatus: setStatus,
    onClose: function (code) {
      if (code !== 4404) return false;
      // Revoked or wrong: the page itself now says so.
      location.reload();
      return true;
    }
  });
})();

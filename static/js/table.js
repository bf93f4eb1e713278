// The match table's live client: one WebSocket per page.
//
// Pushes are applied in version order; one already applied is ignored; a gap, a
// reconnect or the page coming back to the foreground asks for a snapshot. Taps go
// over the socket when it is open (with an idempotency key) and fall back to the
// page's ordinary form POST otherwise. The server decides what anyone may do.
(function () {
  "use strict";
  var body = document.body;
  var matchId = body.dataset.match;
  if (!matchId || !window.WebSocket) return;

  var version = Number(body.dataset.version);
  var openEl = document.getElementById("open-round");
  var roundsEl = document.getElementById("rounds");
  var lastEl = document.getElementById("last-result");
  var standingsEl = document.getElementById("standings");
  var statusEl = document.querySelector("[data-live-status]");
  var statusText = statusEl.querySelector("[data-live-text]");
  var csrfMeta = document.querySelector('meta[name="csrf-token"]');
  var csrf = csrfMeta ? csrfMeta.content : "";
  var REFRESH_KINDS = ["member_joined", "seat_added", "seat_renamed",
    "claim_released", "host_handed", "match_decided", "match_reopened", "dealer_set"];

  var socket = null;
  var synced = false;     // a snapshot arrived on this socket
  var buffered = [];      // pushes that came before the snapshot or after a gap
  var attempts = 0;
  var retryTimer = null;
  var stopped = false;
  var pendingTap = null;  // {form, button, key, timer}
  var errorTimer = null;

  // Status -------------------------------------------------------------------------
  function setStatus(state) {
    statusEl.hidden = false;
    statusEl.classList.toggle("is-live", state === "live");
    statusEl.classList.toggle("is-down", state !== "live");
    statusEl.dataset.state = state;
    statusText.textContent = {
      live: "Live",
      connecting: "Connecting…",
      reconnecting: "Reconnecting…",
      offline: "Offline",
      gone: "Match not found"
    }[state];
  }

  // Keys ---------------------------------------------------------------------------
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  // Drawing ------------------------------------------------------------------------
  // Fragments are the same for every phone; what is this phone's (the "you"
  // marker, the form's CSRF token) is added here.
  function decorate(root) {
    var you = body.dataset.youSeat;
    root.querySelectorAll(".seat-button").forEach(function (button) {
      button.classList.toggle("is-you", button.dataset.seat === you);
    });
    root.querySelectorAll('form[method="post"]').forEach(function (form) {
      if (!form.querySelector('input[name="csrfmiddlewaretoken"]')) {
        var token = document.createElement("input");
        token.type = "hidden";
        token.name = "csrfmiddlewaretoken";
        token.value = csrf;
        form.appendChild(token);
      }
    });
  }

  function parse(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  }

  function setOpen(html) {
    if (html === null || html === undefined) return;
    var focused = document.activeElement;
    var focusSeat = focused && openEl.contains(focused) ? focused.dataset.seat : null;
    openEl.replaceChildren(parse(html));
    decorate(openEl);
    if (focusSeat) {
      var again = openEl.querySelector('[data-seat="' + focusSeat + '"]');
      if (again) again.focus();
    }
    pendingTap = clearTap(pendingTap);
  }

  function setStandings(html) {
    if (html === null || html === undefined || !standingsEl) return;
    standingsEl.replaceChildren(parse(html));
  }

  function setRow(number, html) {
    var fragment = parse(html);
    var row = fragment.firstElementChild;
    decorate(row);
    var current = document.getElementById("round-" + number);
    if (current) {
      current.replaceWith(row);
      return;
    }
    // A correction of a round older than the ones this page shows: the history
    // page has it.
    if (Number(number) < Number(roundsEl.dataset.first || 1)) return;
    // Closed rounds read in order; a new one joins the end, so nothing above moves.
    var after = Array.prototype.find.call(roundsEl.children, function (li) {
      return Number(li.dataset.round) > Number(number);
    });
    roundsEl.insertBefore(row, after || null);
  }

  function showLastResult() {
    if (errorTimer) return;
    var rows = roundsEl.children;
    if (!rows.length) {
      lastEl.textContent = "No round closed yet.";
      return;
    }
    var row = rows[rows.length - 1];
    var resultEl = row.querySelector(".round-result") || row;
    var result = resultEl.textContent.trim();
    lastEl.textContent = "Round " + row.dataset.round + ": " +
      (row.classList.contains("is-draw") ? "draw" : result);
  }

  function showError(detail) {
    clearTimeout(errorTimer);
    lastEl.textContent = detail;
    lastEl.classList.add("is-error");
    errorTimer = setTimeout(function () {
      errorTimer = null;
      lastEl.classList.remove("is-error");
      showLastResult();
    }, 4000);
  }

  function setResult(message) {
    if (!("result" in message)) return;
    if (message.result) body.setAttribute("data-decided", "");
    else body.removeAttribute("data-decided");
  }

  function setStatusOfMatch(status) {
    if (!status) return;
    body.dataset.status = status;
    var ended = status === "ended";
    document.querySelector("[data-end-match]").hidden = ended;
  }

  function showRematch(id) {
    var box = document.querySelector("[data-rematch-box]");
    if (!box || !id) return;
    box.querySelector("[data-rematch]").href = "/matches/" + id + "/";
    box.hidden = false;
  }

  function renameSeats(seats) {
    (seats || []).forEach(function (seat) {
      document.querySelectorAll('[data-seat-name="' + seat.id + '"]').forEach(
        function (el) { el.textContent = seat.name; });
    });
  }

  // The parts that differ per phone (host tools, "you") come from the server's
  // page for this phone, fetched again when seats or the host change.
  function refreshPanels() {
    fetch(location.pathname, { credentials: "same-origin" })
      .then(function (response) {
        if (response.redirected || !response.ok) return null;
        return response.text();
      })
      .then(function (text) {
        if (!text) return;
        var page = new DOMParser().parseFromString(text, "text/html");
        ["data-host", "data-you-seat"].forEach(function (name) {
          if (page.body.hasAttribute(name)) {
            body.setAttribute(name, page.body.getAttribute(name));
          } else {
            body.removeAttribute(name);
          }
        });
        ["seats", "host-tools"].forEach(function (id) {
          var fresh = page.getElementById(id);
          var current = document.getElementById(id);
          if (fresh && current) {
            fresh.open = current.open;
            current.replaceWith(fresh);
          } else if (fresh) {
            var sheet = document.getElementById("sheet");
            sheet.parentNode.insertBefore(fresh, sheet);
          } else if (current) {
            current.remove();
          }
        });
        var nav = page.querySelector(".match-nav");
        if (nav) document.querySelector(".match-nav").replaceWith(nav);
        decorate(document);
      })
      .catch(function () { /* the next change or snapshot brings it */ });
  }

  function applyChange(message) {
    var html = message.html || {};
    Object.keys(html.rows || {}).forEach(function (number) {
      setRow(number, html.rows[number]);
    });
    setOpen(html.open);
    setStandings(html.standings);
    renameSeats(message.seats);
    setResult(message);
    setStatusOfMatch(message.status);
    version = message.version;
    body.dataset.version = String(version);
    showLastResult();
    if (REFRESH_KINDS.indexOf(message.kind) !== -1) refreshPanels();
  }

  function applySnapshot(message) {
    var rows = message.html.rows;
    roundsEl.replaceChildren();
    roundsEl.dataset.first = String(message.first_shown || 1);
    Object.keys(rows).map(Number).sort(function (a, b) { return a - b; })
      .forEach(function (number) { setRow(number, rows[number]); });
    // Changes missed while away may have touched seats or the host: this phone's
    // own panels come again from its page.
    if (message.version !== version) refreshPanels();
    setOpen(message.html.open);
    setStandings(message.html.standings);
    renameSeats(message.seats);
    setResult(message);
    setStatusOfMatch(message.status);
    version = message.version;
    body.dataset.version = String(version);
    showLastResult();
  }

  function drain() {
    buffered.sort(function (a, b) { return a.version - b.version; });
    while (buffered.length) {
      var next = buffered[0];
      if (next.version <= version) {
        buffered.shift();
      } else if (next.version === version + 1) {
        applyChange(buffered.shift());
      } else {
        requestSnapshot();
        return;
      }
    }
  }

  // The socket ---------------------------------------------------------------------
  function send(frame) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  // One snapshot request at a time; if one did not close the gap, the next waits
  // a second so a stray future version cannot make a loop.
  var snapshotPending = false;
  var lastSnapshotAt = 0;
  function requestSnapshot() {
    if (snapshotPending) return;
    var wait = Math.max(0, lastSnapshotAt + 1000 - Date.now());
    snapshotPending = true;
    setTimeout(function () {
      lastSnapshotAt = Date.now();
      if (!send({ action: "snapshot" })) {
        snapshotPending = false;
        connectNow();
      }
    }, wait);
  }

  function onMessage(event) {
    var message = JSON.parse(event.data);
    if (message.type === "snapshot") {
      snapshotPending = false;
      synced = true;
      attempts = 0;
      applySnapshot(message);
      setStatus("live");
      drain();
    } else if (message.type === "change" && message.kind === "rematch") {
      // News, not a change: the ended match keeps its version.
      showRematch(message.rematch);
    } else if (message.type === "change") {
      buffered.push(message);
      if (synced) drain();
    } else if (message.type === "error") {
      if (pendingTap) pendingTap = clearTap(pendingTap);
      showError(message.detail);
      if (message.version > version) requestSnapshot();
    }
  }

  function connect() {
    retryTimer = null;
    if (stopped || socket) return;
    if (navigator.onLine === false) {
      setStatus("offline");
      return;
    }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var ws = new WebSocket(scheme + location.host + "/ws/matches/" + matchId + "/");
    socket = ws;
    synced = false;
    snapshotPending = false;
    setStatus(attempts ? "reconnecting" : "connecting");
    ws.onmessage = onMessage;
    ws.onclose = function (event) {
      if (socket !== ws) return;
      socket = null;
      synced = false;
      if (event.code === 4403) {
        // Not (or no longer) a member: the page itself sends this phone to join.
        stopped = true;
        location.reload();
        return;
      }
      if (event.code === 4404) {
        stopped = true;
        setStatus("gone");
        return;
      }
      retry();
    };
  }

  function retry() {
    if (stopped || retryTimer) return;
    setStatus(navigator.onLine === false ? "offline" : "reconnecting");
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
    if (socket) {
      var ws = socket;
      socket = null;
      synced = false;
      ws.close();
    }
  }

  // Taps ---------------------------------------------------------------------------
  function clearTap(tap) {
    if (tap) {
      clearTimeout(tap.timer);
      tap.form.classList.remove("is-sending");
    }
    return null;
  }

  function submitByForm(form, button, key) {
    form.querySelector('input[name="key"]').value = key;
    form.dataset.posting = "1";
    form.requestSubmit ? form.requestSubmit(button) : form.submit();
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("[data-tap-form]") || form.dataset.posting) return;
    var button = event.submitter;
    if (!button || !button.value) return;
    var key = newKey();
    var frame = {
      action: "tap",
      round: Number(form.querySelector('input[name="round"]').value),
      seat: Number(button.value),
      key: key
    };
    if (!synced || pendingTap || !send(frame)) {
      if (pendingTap) event.preventDefault();
      else form.querySelector('input[name="key"]').value = key;
      return;
    }
    event.preventDefault();
    form.classList.add("is-sending");
    // No news within a few seconds: post the same tap (same key, applied once).
    pendingTap = {
      form: form,
      timer: setTimeout(function () { submitByForm(form, button, key); }, 4000)
    };
  });

  // A module's record form (data-record-form) goes over the socket as the
  // module's fields, the pressed button's name and value included; the server
  // reads it as it reads the same form posted.
  function formFields(form, button) {
    var fields = {};
    var data = new FormData(form);
    if (button && button.name) data.append(button.name, button.value);
    data.forEach(function (value, name) {
      if (name === "csrfmiddlewaretoken" || name === "key" || name === "round") return;
      (fields[name] = fields[name] || []).push(String(value));
    });
    return fields;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("[data-record-form]") || form.dataset.posting) return;
    var button = event.submitter;
    var key = newKey();
    var frame = {
      type: "record",
      round: Number(form.querySelector('input[name="round"]').value),
      form: formFields(form, button),
      key: key
    };
    if (!synced || pendingTap || !send(frame)) {
      if (pendingTap) event.preventDefault();
      else form.querySelector('input[name="key"]').value = key;
      return;
    }
    event.preventDefault();
    form.classList.add("is-sending");
    pendingTap = {
      form: form,
      timer: setTimeout(function () { submitByForm(form, button, key); }, 4000)
    };
  });

  // Foreground, network ------------------------------------------------------------
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
    setStatus("offline");
  });
  window.addEventListener("pagehide", function () { stopped = true; drop(); });
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    stopped = false;
    connectNow();
  });

  decorate(document);
  connect();
})();

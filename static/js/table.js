// The match table's live client: one WebSocket per page (static/js/live-socket.js,
// which keeps it connected and the pushes in version order; a gap, a reconnect or
// the page coming back to the foreground asks for a snapshot). Taps go
// over the socket when it is open (with an idempotency key). One made offline or
// while reconnecting waits on the phone (localStorage, key and all) and goes when
// the socket is back; the page's ordinary form POST is only the fallback of a
// socket that is up but silent, never of a phone that is offline (that would be
// the browser's error page). The server decides what anyone may do.
(function () {
  "use strict";
  // Words from the page's language catalogue (squarescores/jsi18n.py), loaded
  // before this script; English if it could not be.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  };
  // A name inside a sentence keeps its own direction (sheet.js).
  var isolate = window.SquareSheet.isolate;
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
    "claim_released", "host_handed", "match_decided", "match_reopened", "dealer_set",
    "match_ended"];
  // The TV link shows in the host's tools only: other phones have nothing to fetch.
  var HOST_REFRESH_KINDS = ["tv_link_shared", "tv_link_revoked"];

  var live = null;        // the socket (static/js/live-socket.js)
  var pendingTap = null;  // {form, button, key, timer}
  var STORE = "squarescores.pending." + matchId;
  var lostRound = null;   // a round this phone's tap found closed

  // Status -------------------------------------------------------------------------
  function setStatus(state) {
    statusEl.hidden = false;
    statusEl.classList.toggle("is-live", state === "live");
    statusEl.classList.toggle("is-down", state !== "live");
    statusEl.dataset.state = state;
    if (state === "offline" || state === "reconnecting") {
      body.setAttribute("data-offline", "");
    } else {
      body.removeAttribute("data-offline");
    }
    statusText.textContent = {
      live: body.dataset.status === "ended" ? gettext("Ended") : gettext("Live"),
      connecting: gettext("Connecting…"),
      reconnecting: gettext("Reconnecting…"),
      offline: gettext("Offline"),
      gone: gettext("Match not found")
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
      button.dataset.you = gettext("you");
    });
    if (standingsEl && (root === document || root === standingsEl)) markStandings();
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

  // Who is "you" and who is the host, in the standings at a glance.
  function markStandings() {
    var marks = { you: body.dataset.youSeat, host: body.dataset.seatOfHost };
    var words = { you: gettext("you"), host: gettext("host") };
    Object.keys(marks).forEach(function (mark) {
      standingsEl.querySelectorAll(".is-" + mark).forEach(function (el) {
        el.classList.remove("is-" + mark);
      });
      standingsEl.querySelectorAll("." + mark + "-tag").forEach(function (el) {
        el.remove();
      });
      if (!marks[mark]) return;
      standingsEl.querySelectorAll('[data-seat-name="' + marks[mark] + '"]')
        .forEach(function (name) {
          var line = name.closest("li, tr");
          if (!line) return;
          line.classList.add("is-" + mark);
          if (line.tagName === "LI") {
            var tag = document.createElement("span");
            tag.className = "tag " + mark + "-tag";
            tag.textContent = words[mark];
            name.after(" ", tag);
          }
        });
    });
  }

  // Notices and refusals are drawn by notices.js (window.SquareNotices).
  function showNotice(text, options) {
    if (window.SquareNotices) window.SquareNotices.notice(text, options);
  }

  function rowResult(number) {
    var row = document.getElementById("round-" + number);
    if (!row) return null;
    var resultEl = row.querySelector(".round-result") || row;
    return resultEl.textContent.trim().replace(/\s+/g, " ");
  }

  // A fragment's HTML, or what static/js/sheet.js drew from a push's data.
  function parse(html) {
    if (typeof html !== "string") return html;
    var template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  }

  // What this phone has typed or ticked in the open round and not yet sent. A
  // push from another phone (one more bid) redraws the round; without this, a
  // number half entered on this phone would vanish under its thumb.
  function typedFields() {
    var typed = {};
    openEl.querySelectorAll("input[id], select[id], textarea[id]").forEach(
      function (field) {
        if (field.type === "hidden") return;
        if (field.type === "checkbox" || field.type === "radio") {
          if (field.checked !== field.defaultChecked) {
            typed[field.id] = { checked: field.checked, was: field.defaultChecked };
          }
        } else if (field.tagName === "SELECT") {
          var chosen = field.selectedOptions[0];
          if (chosen && !chosen.defaultSelected) {
            typed[field.id] = { value: field.value, was: defaultOf(field) };
          }
        } else if (field.value !== field.defaultValue) {
          typed[field.id] = { value: field.value, was: field.defaultValue };
        }
      });
    return typed;
  }

  function defaultOf(select) {
    var option = Array.prototype.find.call(select.options, function (o) {
      return o.defaultSelected;
    }) || select.options[0];
    return option ? option.value : "";
  }

  // Put it back where the server's new fragment left that field as it was: a
  // value another phone changed meanwhile is the server's, not this phone's.
  function restoreTyped(typed) {
    Object.keys(typed).forEach(function (id) {
      var field = document.getElementById(id);
      if (!field || !openEl.contains(field)) return;
      var kept = typed[id];
      if ("checked" in kept) {
        if (field.defaultChecked === kept.was) field.checked = kept.checked;
      } else if (field.tagName === "SELECT") {
        if (defaultOf(field) === kept.was) field.value = kept.value;
      } else if (field.defaultValue === kept.was) {
        field.value = kept.value;
      }
    });
  }

  function setOpen(html) {
    if (html === null || html === undefined) return;
    var focused = document.activeElement;
    var inside = focused && openEl.contains(focused);
    var focusSeat = inside ? focused.dataset.seat : null;
    var focusId = inside ? focused.id : null;
    var typed = typedFields();
    openEl.replaceChildren(parse(html));
    decorate(openEl);
    restoreTyped(typed);
    var again = focusId ? document.getElementById(focusId)
      : focusSeat ? openEl.querySelector('[data-seat="' + focusSeat + '"]') : null;
    if (again && openEl.contains(again)) again.focus();
    pendingTap = clearTap(pendingTap);
  }

  function setStandings(html) {
    if (html === null || html === undefined || !standingsEl) return;
    standingsEl.replaceChildren(parse(html));
    markStandings();
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

  // The wide screen's grid keeps its rows in round order as well.
  var gridEl = document.getElementById("grid-rows");
  function setGridRow(number, html) {
    if (!gridEl) return;
    placeGridRow(number, parse("<table><tbody>" + html + "</tbody></table>")
      .querySelector("tr"));
  }

  function placeGridRow(number, row) {
    if (!gridEl) return;
    var current = document.getElementById("grid-round-" + number);
    if (current) {
      current.replaceWith(row);
      return;
    }
    if (Number(number) < Number(roundsEl.dataset.first || 1)) return;
    var after = Array.prototype.find.call(gridEl.children, function (tr) {
      return Number(tr.dataset.round) > Number(number);
    });
    gridEl.insertBefore(row, after || null);
  }

  // The grid's foot (totals, lives) follows every change of the standings.
  function setStrip(html) {
    var strip = document.getElementById("strip");
    if (strip && html !== null && html !== undefined) {
      strip.replaceChildren(parse(html));
    }
  }

  function setGridFoot(html) {
    var foot = document.getElementById("grid-foot");
    if (!foot || html === null || html === undefined) return;
    foot.replaceChildren(parse("<table><tfoot>" + html + "</tfoot></table>")
      .querySelector("tfoot").firstElementChild || "");
  }

  // The grid's rows, its foot and the strip come in a push as data (games.live's
  // grid_row_data and foot_data) and are drawn here as the page's templates
  // (games/match/_grid_row, _grid_foot, _strip) draw them on load.
  var pgettext = window.pgettext || function (context, text) { return text; };

  var el = window.SquareSheet.el;

  // A cell's figure, its second figure, and its words for a screen reader.
  function cellParts(cell) {
    var parts = [el("span", { "class": "grid-fig" }, [cell.text])];
    if (cell.sub) parts.push(el("span", { "class": "grid-sub" }, [cell.sub]));
    if (!cell.label) return parts;
    return [el("span", { "aria-hidden": "true" }, parts),
      el("span", { "class": "visually-hidden" }, [cell.label])];
  }

  function gridRow(row) {
    var head = [el("span", { "class": "grid-no" }, [String(row.number)])];
    if (row.voided) {
      head.push(el("span", { "class": "grid-tag" }, [gettext("void")]));
    } else if (row.status === "draw") {
      head.push(el("span", { "class": "grid-tag grid-draw" }, [gettext("draw")]));
    }
    var cells = row.cells.map(function (item) {
      var cell = item.cell;
      var dealt = item.seat === row.dealer;
      var attrs = {};
      if ((cell && cell.kind) || dealt) {
        attrs["class"] = (cell && cell.kind ? "is-" + cell.kind : "") +
          (dealt ? " is-dealer" : "");
      }
      var parts = cell ? cellParts(cell) : [];
      if (dealt) {
        parts.push(el("span", { "class": "grid-dealer", title: gettext("Dealt this round") }, [
          el("span", { "aria-hidden": "true" },
            [pgettext("the grid's mark of a round's dealer", "D")]),
          el("span", { "class": "visually-hidden" }, [gettext("dealt")])
        ]));
      }
      return el("td", attrs, parts);
    });
    return el("tr", {
      "class": "grid-row is-" + row.status + (row.voided ? " is-voided" : ""),
      id: "grid-round-" + row.number,
      "data-round": String(row.number)
    }, [el("th", { scope: "row" }, head)].concat(cells));
  }

  function gridFoot(foot) {
    var cells = foot.cells.map(function (cell) {
      return el("td", cell.kind ? { "class": "is-" + cell.kind } : {}, cellParts(cell));
    });
    return el("tr", { "class": "grid-foot-row" }, [el("th", { scope: "row" }, [
      foot.label, el("span", { "class": "visually-hidden" }, [" " + gettext("so far")])
    ])].concat(cells));
  }

  function strip(foot) {
    var parts = [el("span", { "class": "strip-what" },
      [foot.decided ? gettext("Result") : foot.label])];
    foot.items.forEach(function (item) {
      var cell = item.cell;
      var seat = el("span", {
        "class": "strip-seat" + (cell.kind ? " is-" + cell.kind : ""),
        "data-seat": String(item.seat),
        "data-lead": item.leads ? "1" : "0"
      }, [
        el("span", { "class": "strip-lead", "aria-hidden": "true" }, ["\u2605"]),
        el("span", { "class": "visually-hidden strip-lead-word" },
          [(foot.decided ? gettext("won:") : gettext("ahead:")) + " "]),
        el("span", { "class": "strip-name", dir: "auto", "data-seat-name": String(item.seat) },
          [item.name]),
        " ",
        el("span", { "class": "strip-fig" }, [cell.text])
      ]);
      if (cell.sub) seat.append(" ", el("span", { "class": "strip-sub" }, [cell.sub]));
      parts.push(" ", seat);
    });
    return el("p", { "class": "strip" }, parts);
  }

  function drawGrid(grid) {
    if (!grid) return;
    Object.keys(grid.rows || {}).forEach(function (number) {
      placeGridRow(number, gridRow(grid.rows[number]));
    });
    var foot = document.getElementById("grid-foot");
    if (foot) foot.replaceChildren(gridFoot(grid.foot));
    var top = document.getElementById("strip");
    if (top) top.replaceChildren(strip(grid.foot));
  }

  function showLastResult() {
    var rows = roundsEl.children;
    if (!rows.length) {
      lastEl.textContent = gettext("No round closed yet.");
      return;
    }
    var row = rows[rows.length - 1];
    var resultEl = row.querySelector(".round-result") || row;
    var result = resultEl.textContent.trim();
    lastEl.textContent = interpolate(gettext("Round %(number)s: %(result)s"), {
      number: row.dataset.round,
      result: row.classList.contains("is-draw") ? gettext("draw") : isolate(result)
    }, true);
  }

  function showError(detail) {
    if (window.SquareNotices) window.SquareNotices.refuse(detail);
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
    var invite = document.querySelector("[data-invite]");
    if (invite) invite.hidden = ended;
    var next = document.querySelector("[data-next-match]");
    var rematchBox = document.querySelector("[data-rematch-box]");
    if (next) next.hidden = !ended || (rematchBox && !rematchBox.hidden);
    if (statusEl.dataset.state === "live") setStatus("live");
  }

  function showRematch(id) {
    var box = document.querySelector("[data-rematch-box]");
    if (!box || !id) return;
    box.querySelector("[data-rematch]").href = "/matches/" + id + "/";
    box.hidden = false;
    var next = document.querySelector("[data-next-match]");
    if (next) next.hidden = true;
  }

  // The next match of the evening: every phone of this one goes there.
  function moveToRematch(message) {
    showRematch(message.rematch);
    showNotice(message.by
      ? interpolate(gettext("%(name)s started the next match…"), { name: isolate(message.by) }, true)
      : gettext("Starting the next match…"));
    live.stop();
    setTimeout(function () {
      location.assign(message.url || "/matches/" + message.rematch + "/");
    }, 700);
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
        var wasHost = body.hasAttribute("data-host");
        ["data-host", "data-you-seat", "data-seat-of-host", "data-record-seats",
          "data-phone-seats"].forEach(function (name) {
          if (page.body.hasAttribute(name)) {
            body.setAttribute(name, page.body.getAttribute(name));
          } else {
            body.removeAttribute(name);
          }
        });
        ["seats", "host-tools", "grid-head", "sitting"].forEach(function (id) {
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
        // A new host finds the rounds in words open: their rows hold Correct.
        var roundList = document.getElementById("round-list");
        if (roundList && wasHost !== body.hasAttribute("data-host")) {
          roundList.open = body.hasAttribute("data-host");
        }
        var nav = page.querySelector(".match-nav");
        if (nav) document.querySelector(".match-nav").replaceWith(nav);
        decorate(document);
        markStandings();
      })
      .catch(function () { /* the next change or snapshot brings it */ });
  }

  // The first closed round: the table is playing, the invite folds away.
  function foldInvite(rows) {
    var invite = document.querySelector("[data-invite]");
    if (invite && !roundsEl.children.length && Object.keys(rows || {}).length) {
      invite.open = false;
    }
  }

  // A round taken back (an undo) is open again: its closed row goes.
  function removeRows(numbers) {
    (numbers || []).forEach(function (number) {
      ["round-", "grid-round-"].forEach(function (prefix) {
        var row = document.getElementById(prefix + number);
        if (row) row.remove();
      });
    });
  }

  // settle.js and undo.js draw their parts from what was drawn here.
  function drawn(message) {
    document.dispatchEvent(new CustomEvent("squarescores:drawn", { detail: message }));
  }

  function applyChange(message) {
    var html = message.html || window.SquareSheet.drawn(message) || {};
    removeRows(message.removed);
    foldInvite(html.rows);
    Object.keys(html.rows || {}).forEach(function (number) {
      setRow(number, html.rows[number]);
    });
    drawGrid(message.grid);
    setOpen(html.open);
    setStandings(html.standings);
    renameSeats(message.seats);
    setResult(message);
    setStatusOfMatch(message.status);
    version = message.version;
    body.dataset.version = String(version);
    showLastResult();
    if (message.notice) {
      // A correction's notice stays until dismissed, its row marked.
      showNotice(message.notice, message.correction
        ? { stay: true, round: message.correction.round } : undefined);
    } else if (window.SquareNotices) {
      window.SquareNotices.markChanged();
    }
    if (REFRESH_KINDS.indexOf(message.kind) !== -1 ||
        (body.hasAttribute("data-host") &&
         HOST_REFRESH_KINDS.indexOf(message.kind) !== -1)) refreshPanels();
    settlePending();
    drawn(message);
  }

  function applySnapshot(message) {
    var rows = message.html.rows;
    foldInvite(rows);
    roundsEl.replaceChildren();
    roundsEl.dataset.first = String(message.first_shown || 1);
    Object.keys(rows).map(Number).sort(function (a, b) { return a - b; })
      .forEach(function (number) { setRow(number, rows[number]); });
    var grid = message.html.grid || {};
    if (gridEl) gridEl.replaceChildren();
    Object.keys(grid).map(Number).sort(function (a, b) { return a - b; })
      .forEach(function (number) { setGridRow(number, grid[number]); });
    setGridFoot(message.html.grid_foot);
    setStrip(message.html.strip);
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
    if (message.rematch) {
      // The table went on while this phone was away (the push was missed, or
      // came before this socket): follow it, as the push would have said.
      var box = document.querySelector("[data-rematch-box]");
      if (box && box.hidden) moveToRematch({ rematch: message.rematch });
      else showRematch(message.rematch);
    }
    showLastResult();
    if (window.SquareNotices) window.SquareNotices.markChanged();
    settlePending();
    drawn(message);
    sendPending();
  }

  // The socket (static/js/live-socket.js) -------------------------------------------
  // ``seat`` is the pressed seat button, kept on the phone for its pending line;
  // the server reads the form.
  function send(frame) {
    return live.send(JSON.parse(JSON.stringify(frame, function (name, value) {
      return this === frame && name === "seat" ? undefined : value;
    })));
  }

  // A refusal of this phone's record or correction.
  function onRefusal(message) {
    if (message.type !== "error") return;
    var tried = memory.length ? memory[0].round
      : pendingTap ? pendingTap.round : openRoundNumber();
    if (pendingTap) pendingTap = clearTap(pendingTap);
    store([]);
    markPending();
    if (message.code === "round_closed" || message.code === "match_ended") {
      // Another phone was first: say who won, from the row the push brought.
      lostRound = tried;
      if (message.version > version) live.requestSnapshot();
      else sayWhoWon();
      return;
    }
    showError(message.detail);
    if (message.version > version) live.requestSnapshot();
  }

  // Taps ---------------------------------------------------------------------------
  function clearTap(tap) {
    // Records on different forms may be in flight together (prev chains them).
    for (; tap; tap = tap.prev) {
      clearTimeout(tap.timer);
      tap.form.classList.remove("is-sending");
    }
    return null;
  }

  function fallBack(form, button, frame) {
    if (navigator.onLine === false || !live.isSynced()) {
      pendingTap = clearTap(pendingTap);
      keep(frame);
      return;
    }
    submitByForm(form, button, frame.key);
  }

  // Taps kept on the phone ---------------------------------------------------------
  function stored() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); }
    catch (e) { return []; }
  }

  function store(frames) {
    try {
      if (frames.length) localStorage.setItem(STORE, JSON.stringify(frames));
      else localStorage.removeItem(STORE);
    } catch (e) { /* private mode: the tap still goes while the page is open */ }
    memory = frames;
  }
  var memory = stored();

  function openRoundNumber() {
    var input = openEl.querySelector('input[name="round"]');
    return input ? Number(input.value) : null;
  }

  function keep(frame) {
    // One tap a round: the latest wins, with its own key.
    store(memory.filter(function (f) { return f.round !== frame.round; })
      .concat([frame]));
    markPending();
  }

  function markPending() {
    var line = openEl.querySelector("[data-pending-line]");
    if (line) line.remove();
    openEl.querySelectorAll(".is-pending").forEach(function (el) {
      el.classList.remove("is-pending");
    });
    if (!memory.length) return;
    var open = openRoundNumber();
    memory.forEach(function (frame) {
      if (frame.round !== open) return;
      var form = openEl.querySelector("[data-record-form]");
      if (form) form.classList.add("is-pending");
      var button = frame.seat &&
        openEl.querySelector('.seat-button[data-seat="' + frame.seat + '"]');
      if (button) button.classList.add("is-pending");
      var note = document.createElement("p");
      note.className = "pending-line";
      note.dataset.pendingLine = "";
      note.setAttribute("role", "status");
      note.textContent = button
        ? interpolate(gettext("Pending: %(name)s, kept on this phone, sent when " +
          "the connection is back."), { name: isolate(button.textContent.trim()) }, true)
        : gettext("Pending: kept on this phone, sent when the connection is back.");
      openEl.appendChild(note);
    });
  }

  // A kept record whose round is no longer open was either this phone's own (it
  // went through) or another phone's: then say who won.
  function settlePending() {
    var open = openRoundNumber();
    var left = memory.filter(function (frame) {
      if (frame.round === open) return true;
      var result = rowResult(frame.round);
      if (!result) return true;
      var row = document.getElementById("round-" + frame.round);
      // Sent from here, or the same seat won: this phone's record went through.
      var mine = frame.sent || (frame.seat && row &&
        row.querySelector('.winner[data-seat-name="' + frame.seat + '"]'));
      if (!mine) {
        showNotice(interpolate(
          gettext("Round %(number)s was closed on another phone: %(result)s."),
          { number: frame.round, result: isolate(result) }, true));
      }
      return false;
    });
    if (left.length !== memory.length) store(left);
    markPending();
    sayWhoWon();
  }

  function sendPending() {
    if (!live.isSynced()) return;
    var open = openRoundNumber();
    memory.forEach(function (frame) {
      if (frame.round === open && send(frame)) frame.sent = true;
    });
    store(memory);
  }

  function sayWhoWon() {
    if (lostRound === null) return;
    var result = rowResult(lostRound);
    if (!result) return;
    showNotice(interpolate(gettext("Round %(number)s was already closed: %(result)s."),
      { number: lostRound, result: isolate(result) }, true));
    lostRound = null;
  }

  function submitByForm(form, button, key) {
    form.querySelector('input[name="key"]').value = key;
    form.dataset.posting = "1";
    form.requestSubmit ? form.requestSubmit(button) : form.submit();
  }

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
    if (button && button.dataset.seat) frame.seat = Number(button.dataset.seat);
    event.preventDefault();
    // A second tap on the same form is the same record; another form (one bid
    // for each seat) is a record of its own, sent with its own key.
    if (pendingTap && pendingTap.form === form) return;
    if (!live.isSynced() || !send(frame)) {
      keep(frame);
      return;
    }
    form.classList.add("is-sending");
    pendingTap = {
      form: form,
      round: frame.round,
      prev: pendingTap,
      timer: setTimeout(function () { fallBack(form, button, frame); }, 4000)
    };
  });

  // The host's correction goes over the socket too: the page stays where it is
  // and every phone, this one included, hears of it the same way.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches(".correct-form") || form.dataset.posting) return;
    var frame = {
      type: "correct",
      round: Number(form.querySelector('input[name="round"]').value),
      form: formFields(form, event.submitter),
      key: newKey()
    };
    if (!live.isSynced() || !send(frame)) {
      if (navigator.onLine === false) {
        event.preventDefault();
        showNotice(gettext("Offline: the correction waits until you are back online."));
      }
      return;
    }
    event.preventDefault();
    var details = form.closest("details");
    if (details) details.open = false;
  });

  // A row's "Correct" holds a link to the round's correction; opened, it loads
  // the forms in place (a push of the row brings the link back, not the forms).
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.open || !details.matches || !details.matches("[data-correct]")) return;
    var body = details.querySelector("[data-correct-body]");
    var link = body && body.querySelector("[data-correct-link]");
    if (!link || body.dataset.loading) return;
    body.dataset.loading = "1";
    body.setAttribute("aria-busy", "true");
    fetch(link.href + "&part=form", { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        var forms = document.createElement("div");
        forms.className = "correct-forms";
        forms.appendChild(parse(html));
        decorate(forms);
        body.replaceWith(forms);
      })
      .catch(function () {
        delete body.dataset.loading;
        body.removeAttribute("aria-busy");
        showNotice(gettext("The correction did not load: open it again, or follow its link."));
      });
  }, true);

  // Any other form while offline would end on the browser's error page.
  document.addEventListener("submit", function (event) {
    if (event.defaultPrevented || navigator.onLine !== false) return;
    event.preventDefault();
    showNotice(gettext("Offline: try again when the connection is back."));
  });

  // Invite: the phone's share sheet where there is one, else the clipboard.
  document.addEventListener("click", function (event) {
    var share = event.target.closest("[data-share]");
    var copy = event.target.closest("[data-copy]");
    if (share) {
      navigator.share({ title: document.title, url: share.dataset.share })
        .catch(function () { /* dismissed */ });
    } else if (copy) {
      var url = copy.dataset.copy;
      var done = function () {
        showNotice(copy.dataset.copied || gettext("Join link copied."));
      };
      if (navigator.clipboard) {
        navigator.clipboard.writeText(url).then(done, function () {
          showNotice(url);
        });
      } else {
        showNotice(url);
      }
    }
  });
  if (navigator.share) {
    document.querySelectorAll("[data-share]").forEach(function (b) { b.hidden = false; });
  }

  // A link to a part of a folded panel (the TV link, once shared) unfolds it.
  var target = location.hash && document.getElementById(location.hash.slice(1));
  for (; target; target = target.parentElement) {
    if (target.tagName === "DETAILS") target.open = true;
  }

  // What undo.js sends: a frame over the socket while it is synced, else false.
  window.squarescoresTable = {
    send: function (frame) { return Boolean(live && live.isSynced() && send(frame)); }
  };

  decorate(document);
  markPending();
  live = window.squarescoresLive({
    path: "/ws/matches/" + matchId + "/",
    version: version,
    ordered: true,
    current: true,
    onSnapshot: function (message) {
      applySnapshot(message);
    },
    // Still the match's version: only the taps kept while away go now.
    onCurrent: function () {
      settlePending();
      sendPending();
    },
    onChange: applyChange,
    onNews: moveToRematch,
    onOther: onRefusal,
    onStatus: setStatus,
    onClose: function (code) {
      if (code === 4403) {
        // Not (or no longer) a member: the page itself sends this phone to join.
        location.reload();
        return true;
      }
      if (code === 4404) {
        setStatus("gone");
        return true;
      }
      return false;
    }
  });
})();

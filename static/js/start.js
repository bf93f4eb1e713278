// The start page: add and remove seat rows. Without this script every row shows
// and empty rows are skipped by the server.
(function () {
  "use strict";
  // Words from the page's language catalogue (squarescores/jsi18n.py), loaded
  // before this script; English if it could not be.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  };
  var form = document.querySelector("[data-start-form]");
  if (!form) return;
  var rows = Array.prototype.slice.call(form.querySelectorAll("[data-seat-row]"));
  var addButton = form.querySelector("[data-add-seat]");
  var MIN = 2;
  var START = 4;

  function input(row) { return row.querySelector(".seat-input"); }
  function visible() { return rows.filter(function (r) { return !r.hidden; }); }

  function renumber() {
    var shown = visible();
    shown.forEach(function (row, i) {
      var number = { number: i + 1 };
      row.querySelector(".seat-label").textContent =
        interpolate(gettext("Seat %(number)s"), number, true);
      var remove = row.querySelector("[data-remove-seat]");
      remove.hidden = shown.length <= MIN;
      remove.setAttribute("aria-label",
        interpolate(gettext("Remove seat %(number)s"), number, true));
      row.querySelector('input[name="me"]').setAttribute("aria-label",
        interpolate(gettext("Seat %(number)s is me"), number, true));
    });
    addButton.hidden = shown.length >= rows.length;
    var checked = form.querySelector('input[name="me"]:checked');
    if (!checked || checked.closest("[data-seat-row]").hidden) {
      shown[0].querySelector('input[name="me"]').checked = true;
    }
  }

  var last = 0;
  rows.forEach(function (row, i) { if (input(row).value.trim()) last = i; });
  rows.forEach(function (row, i) { row.hidden = i > Math.max(last, START - 1); });

  addButton.addEventListener("click", function () {
    var next = rows.filter(function (r) { return r.hidden; })[0];
    if (!next) return;
    next.hidden = false;
    renumber();
    input(next).focus();
  });
  form.addEventListener("click", function (event) {
    var remove = event.target.closest("[data-remove-seat]");
    if (!remove) return;
    var row = remove.closest("[data-seat-row]");
    input(row).value = "";
    row.hidden = true;
    // Move the emptied row to the end so that "Add a seat" appends.
    row.parentNode.appendChild(row);
    rows.splice(rows.indexOf(row), 1);
    rows.push(row);
    renumber();
    addButton.focus();
  });
  // The server reads seats in the order of their field names: name them as shown.
  form.addEventListener("submit", function () {
    form.querySelectorAll("[data-seat-row]").forEach(function (row, i) {
      input(row).name = "seat_" + i;
      row.querySelector('input[name="me"]').value = String(i);
    });
  });
  renumber();
})();

// Only the chosen game's options and seat range show; without this script every
// game's show, and the server reads the chosen game's.
(function () {
  "use strict";
  var form = document.querySelector("[data-start-form]");
  var game = form && form.elements.game;
  if (!game) return;

  function show() {
    form.querySelectorAll("[data-options-for]").forEach(function (set) {
      set.hidden = set.dataset.optionsFor !== game.value;
    });
    var ranges = form.querySelectorAll("[data-range-for]");
    ranges.forEach(function (range) {
      var mine = range.dataset.rangeFor.split(" ").indexOf(game.value) !== -1;
      range.hidden = !mine;
      // Alone, a range needs neither the games' names nor a separator.
      range.querySelectorAll(".range-games, .range-sep").forEach(function (el) {
        el.hidden = mine;
      });
    });
  }

  game.addEventListener("change", show);
  show();
})();

// The start page: add and remove seat rows. Without this script every row shows
// and empty rows are skipped by the server.
(function () {
  "use strict";
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
      row.querySelector(".seat-label").textContent = "Seat " + (i + 1);
      var remove = row.querySelector("[data-remove-seat]");
      remove.hidden = shown.length <= MIN;
      remove.setAttribute("aria-label", "Remove seat " + (i + 1));
      row.querySelector('input[name="me"]').setAttribute(
        "aria-label", "Seat " + (i + 1) + " is me");
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

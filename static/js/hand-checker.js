// Every game's hand checker works as a plain
// form; this only helps while picking: it keeps each player's summary ("Cards",
// "2 of 3") up to date, greys out cards another player holds and stops a pick
// past the hand's size (the form's data-hand-size), and moves on to the next
// player once a hand is full.
(function () {
  "use strict";
  // Words from the page's language catalogue (squarescores/jsi18n.py), loaded
  // before this script; English if it could not be.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  };
  var form = document.querySelector(".checker-form[data-hand-size]");
  if (!form) return;
  var HAND_SIZE = Number(form.dataset.handSize);
  var hands = Array.prototype.slice.call(form.querySelectorAll("[data-hand]"));

  function boxes(hand) {
    return Array.prototype.slice.call(hand.querySelectorAll(".card-input"));
  }

  function picked(hand) {
    return boxes(hand).filter(function (box) { return box.checked; });
  }

  // The same chip the server draws: "A♥", red for hearts and diamonds (a card
  // whose label is red, or whose code ends in H or D), its name for a reader.
  function chip(box) {
    var label = form.querySelector('label[for="' + box.id + '"]');
    var face = label && label.querySelector("[aria-hidden]");
    var name = label && label.querySelector(".visually-hidden");
    var span = document.createElement("span");
    var suit = box.value.slice(-1).toUpperCase();
    var red = (label && label.classList.contains("red")) || suit === "H" || suit === "D";
    span.className = red ? "chip chip-red" : "chip";
    span.textContent = face ? face.textContent.trim() : box.value;
    if (name) {
      var words = document.createElement("span");
      words.className = "visually-hidden";
      words.textContent = " (" + name.textContent.trim() + ")";
      span.appendChild(words);
    }
    return span;
  }

  function showPicked(target, chosen) {
    target.textContent = chosen.length ? "" : gettext("none yet");
    chosen.forEach(function (box, index) {
      if (index) target.appendChild(document.createTextNode(" "));
      target.appendChild(chip(box));
    });
  }

  function refresh() {
    var holders = {};
    hands.forEach(function (hand) {
      picked(hand).forEach(function (box) {
        holders[box.value] = (holders[box.value] || 0) + 1;
      });
    });
    hands.forEach(function (hand) {
      var chosen = picked(hand);
      var full = chosen.length >= HAND_SIZE;
      boxes(hand).forEach(function (box) {
        // A checked box is never disabled: a disabled box would not be sent.
        box.disabled = !box.checked && (full || Boolean(holders[box.value]));
      });
      showPicked(hand.querySelector("[data-picked]"), chosen);
      hand.querySelector("[data-count]").textContent = interpolate(
        gettext("%(count)s of %(size)s"), { count: chosen.length, size: HAND_SIZE }, true);
    });
  }

  function moveOn(hand) {
    var next = hands.slice(hands.indexOf(hand) + 1).filter(function (other) {
      return picked(other).length < HAND_SIZE;
    })[0];
    if (!next) return;
    hand.querySelector("details").open = false;
    next.querySelector("details").open = true;
  }

  form.addEventListener("change", function (event) {
    var box = event.target;
    if (!box.classList || !box.classList.contains("card-input")) return;
    refresh();
    var hand = box.closest("[data-hand]");
    if (box.checked && picked(hand).length === HAND_SIZE) moveOn(hand);
  });

  // A resubmitted form opens the details of incomplete hands; keep it to one.
  if (!document.querySelector(".verdict, .error-summary")) {
    var firstOpen = null;
    hands.forEach(function (hand) {
      var details = hand.querySelector("details");
      if (picked(hand).length >= HAND_SIZE) return;
      if (firstOpen) details.open = false;
      else firstOpen = details;
    });
  }
  refresh();
})();

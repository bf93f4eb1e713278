// A seat's own controls in the open round (an element with data-seat-control and
// data-seat, such as a bid): this phone's seat first and marked "you"; a seat
// this phone may not fill in read only. Which seats it may is the server's answer
// (body data-record-seats, from the action's check), never worked out here. The
// host filling in another phone's seat sees it marked as done as host.
(function () {
  "use strict";
  var gettext = window.gettext || function (text) { return text; };
  var body = document.body;
  var openEl = document.getElementById("open-round");
  if (!openEl) return;

  function words(name) {
    return (body.dataset[name] || "").split(" ").filter(Boolean);
  }

  function tag(el, className, text) {
    var label = el.querySelector("label, .fo-name") || el;
    var span = document.createElement("span");
    span.className = "tag seat-control-tag " + className;
    span.textContent = text;
    label.appendChild(document.createTextNode(" "));
    label.appendChild(span);
  }

  function apply() {
    var you = body.dataset.youSeat;
    var allowed = words("recordSeats");
    var phones = words("phoneSeats");
    var host = body.hasAttribute("data-host");
    openEl.querySelectorAll("[data-seat-control]").forEach(function (el) {
      var seat = el.dataset.seat;
      var mine = seat === you;
      var may = allowed.indexOf(seat) !== -1;
      el.querySelectorAll(".seat-control-tag").forEach(function (t) { t.remove(); });
      el.classList.toggle("is-you", mine);
      el.classList.toggle("is-readonly", !may);
      el.querySelectorAll("input:not([type=hidden]), button, select")
        .forEach(function (field) { field.disabled = !may; });
      if (mine) {
        tag(el, "you-tag", gettext("you"));
        if (el.parentNode.firstElementChild !== el) {
          el.parentNode.insertBefore(el, el.parentNode.firstElementChild);
        }
      } else if (host && phones.indexOf(seat) !== -1) {
        tag(el, "host-tag", gettext("as host"));
      }
    });
  }

  new MutationObserver(apply).observe(openEl, { childList: true });
  new MutationObserver(apply).observe(body, {
    attributes: true,
    attributeFilter: ["data-record-seats", "data-you-seat", "data-host"]
  });
  apply();
})();

// Times in the phone's own zone (issue 14). The server writes each time as
// <time datetime="…Z" data-local="style">2 Dec 2026, 17:41 UTC</time>, which reads
// right without scripts; this rewrites the text with Intl and keeps the relative
// ones ("5 minutes ago") fresh. The full local date and zone go in the title.
(function () {
  "use strict";
  if (!window.Intl || !Intl.DateTimeFormat) return;

  // The page's language (the switcher's choice), not only the phone's.
  var locale = document.documentElement.lang || undefined;
  var full = null, relative = null, zone = null, refreshing = false;

  // Made at the first time there is to write: making them loads the language's
  // date data, about 150 ms of a slow phone's main thread (4x CPU slowdown,
  // bench/page.py), which a page without times (a match before any void) need
  // not pay before it goes live.
  function formatters() {
    if (full) return;
    full = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    relative = Intl.RelativeTimeFormat
      ? new Intl.RelativeTimeFormat(locale, { numeric: "auto" })
      : null;
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  // "5 minutes ago" reads better than a clock time for the last few hours only.
  function ago(date, now) {
    var seconds = Math.round((date - now) / 1000);
    if (seconds > 60) return null;  // a clock ahead of the phone's: say the time
    if (seconds > -45) return relative.format(0, "second");
    var minutes = Math.round(seconds / 60);
    if (minutes > -60) return relative.format(minutes, "minute");
    var hours = Math.round(minutes / 60);
    if (hours > -12) return relative.format(hours, "hour");
    return null;
  }

  function render() {
    var times = document.querySelectorAll("time[data-local]");
    if (!times.length) return;
    formatters();
    if (relative && !refreshing) {
      refreshing = true;
      setInterval(render, 30000);
    }
    var now = Date.now();
    times.forEach(function (el) {
      var date = new Date(el.getAttribute("datetime"));
      if (isNaN(date.getTime())) return;
      var style = el.getAttribute("data-local");
      var text = style === "relative" && relative ? ago(date, now) : null;
      el.textContent = text || full.format(date);
      el.title = full.format(date) + (zone ? " (" + zone + ")" : "");
    });
  }

  render();
  // A page that swaps in fresh content (a live match's history, a row voided
  // just now) has new times.
  document.addEventListener("squarescores:swapped", render);
})();

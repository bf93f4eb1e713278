// Thirty-One's rule sets fill in the other options of a form.
//
// An element with data-presets (JSON: rule set -> option -> value) inside a form
// says which options a rule set sets; data-preset-option names the field that
// picks the rule set and data-prefix what the form puts before each option's
// key (the start form names them "thirty_one__lives"). Choosing a rule set
// fills in the fields; the table can still change any of them afterwards.
// Without JavaScript the server takes an unsent option from the rule set.
(function () {
  "use strict";

  function setField(field, value) {
    if (!field) return;
    if (typeof RadioNodeList !== "undefined" && field instanceof RadioNodeList) {
      field.value = String(value);
    } else if (field.type === "checkbox") {
      field.checked = Boolean(value);
    } else {
      field.value = String(value);
    }
  }

  function wire(holder) {
    const form = holder.closest("form");
    if (!form) return;
    let presets;
    try {
      presets = JSON.parse(holder.dataset.presets);
    } catch (error) {
      return;
    }
    const prefix = holder.dataset.prefix || "";
    const chooser = prefix + (holder.dataset.presetOption || "rule_set");
    form.addEventListener("change", function (event) {
      if (event.target.name !== chooser) return;
      const options = presets[event.target.value];
      if (!options) return;
      Object.keys(options).forEach(function (key) {
        setField(form.elements[prefix + key], options[key]);
      });
    });
  }

  function start() {
    document.querySelectorAll("[data-presets]").forEach(wire);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

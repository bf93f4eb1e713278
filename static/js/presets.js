// Rule sets fill in the other options of a form: the start form's and a hand
// checker's alike.
//
// A fieldset with data-presets (JSON: rule set -> option -> value) fills in its
// options when the field data-preset-option names changes; each option's field
// is data-prefix + its key (the start form puts the game's key before it). The
// hidden field data-preset-shown, where there is one, names the set the options
// now show, so the server takes the post as it is. Without this script the
// server applies the chosen set to the options left at the shown set's values;
// either way the person can still change any option afterwards.
(function () {
  "use strict";

  function setField(field, value) {
    if (!field) return;
    if (field.type === "checkbox") {
      field.checked = Boolean(value);
    } else {
      // A select, or a RadioNodeList for a group of radio buttons.
      field.value = String(value);
    }
  }

  function wire(set) {
    var form = set.closest("form");
    var presets;
    if (!form) return;
    try {
      presets = JSON.parse(set.dataset.presets);
    } catch (error) {
      return;
    }
    var prefix = set.dataset.prefix || "";
    form.addEventListener("change", function (event) {
      if (event.target.name !== set.dataset.presetOption) return;
      var values = presets[event.target.value];
      if (!values) return;
      Object.keys(values).forEach(function (key) {
        setField(form.elements[prefix + key], values[key]);
      });
      if (set.dataset.presetShown) {
        setField(form.elements[set.dataset.presetShown], event.target.value);
      }
    });
  }

  document.querySelectorAll("[data-presets]").forEach(wire);
})();

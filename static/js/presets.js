// Rule sets fill in the other options of a form: the start form's and a hand
// checker's alike.
//
// A fieldset with data-presets (JSON: rule set -> option -> value) fills in its
// options when the field data-preset-option names changes; each option's field
// is data-prefix + its key (the start form puts the game's key before it). The
// hidden field data-preset-shown, where there is one, names the set the options
// now show, so the server takes the post as it is. Without this script the
// server applies the chosen set to the options left at the shown set's values;
// either way an option the person changed keeps their value.
(function () {
  "use strict";

  // An option's value as the form holds it, comparable with a set's value.
  function valueOf(field) {
    if (!field) return undefined;
    if (field.type === "checkbox") return String(field.checked);
    return String(field.value);
  }

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
      var shownField = set.dataset.presetShown && form.elements[set.dataset.presetShown];
      var shown = presets[shownField ? shownField.value : ""] || {};
      // As the server does without this script: an option still at the shown
      // set's value takes the chosen set's; one the person changed keeps
      // theirs (choosing Custom never undoes what they set).
      Object.keys(values).forEach(function (key) {
        var field = form.elements[prefix + key];
        if (key in shown && valueOf(field) !== String(shown[key])) return;
        setField(field, values[key]);
      });
      if (set.dataset.presetShown) {
        setField(form.elements[set.dataset.presetShown], event.target.value);
      }
    });
  }

  document.querySelectorAll("[data-presets]").forEach(wire);
})();

// The ways-of-getting-paid form shows only the chosen kind's fields: each group of fields
// some kinds take (a fieldset with data-kinds="pix sepa") is hidden and disabled (so it
// posts nothing) unless the kind picked is one of its kinds. Without JavaScript every
// group shows, its legend saying whom it is for. A swapped-in form (htmx) is set up too.
(function () {
  "use strict";

  var sync = function (form) {
    var kind = form.querySelector("select[name=kind]");
    if (!kind) {
      return;
    }
    form.querySelectorAll("fieldset[data-kinds]").forEach(function (group) {
      var shown = group.dataset.kinds.split(" ").indexOf(kind.value) !== -1;
      group.hidden = !shown;
      group.disabled = !shown;
    });
  };

  var setUp = function (root) {
    if (root.matches && root.matches("form[data-kind-form]")) {
      sync(root);
    }
    root.querySelectorAll("form[data-kind-form]").forEach(sync);
  };

  document.addEventListener("change", function (event) {
    var form = event.target.closest("form[data-kind-form]");
    if (form && event.target.name === "kind") {
      sync(form);
    }
  });

  setUp(document);
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });
})();

// Copy buttons. The text is always in a read-only box anyway, for anyone without JS:
// "Copy the settle-up" names its box (data-copy="#settle-text"); a pay button's copy
// (data-copy-box) copies the box beside it, in the same .copy-box (a Pix code, a number).
// Clicks are caught on the document, so buttons that htmx swaps in work too.
(function () {
  "use strict";

  var sourceOf = function (button) {
    if (button.dataset.copy) {
      return document.querySelector(button.dataset.copy);
    }
    var box = button.closest(".copy-box");
    return box ? box.querySelector("textarea, input") : null;
  };

  var reveal = function (root) {
    root.querySelectorAll("button[data-copy], button[data-copy-box]").forEach(function (button) {
      if (sourceOf(button)) { button.hidden = false; }
    });
  };

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy], button[data-copy-box]");
    var source = button && sourceOf(button);
    if (!source) {
      return;
    }
    var status = button.parentElement.querySelector(".copy-status");
    // The words come from the page, in its language.
    var say = function (cls) {
      var words = button.parentElement.querySelector(cls);
      if (status && words) { status.textContent = words.textContent; }
    };
    var selected = function () {
      source.select();
      say(".copy-selected");
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(source.value).then(function () { say(".copy-done"); }, selected);
    } else {
      source.select();
      if (document.execCommand && document.execCommand("copy")) {
        say(".copy-done");
      } else {
        say(".copy-selected");
      }
    }
  });

  reveal(document);
  document.addEventListener("htmx:load", function (event) { reveal(event.target); });
})();

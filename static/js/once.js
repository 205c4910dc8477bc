// A form sent once. On a slow phone a thumb's second tap on a form marked data-once
// (erase a player, delete an account, schedule a night) would send it again, and the page shown would be
// the second answer ("erased already", the sign-in page) instead of the first. The first
// send goes; later ones wait for the page it brings. Back on this page from the history,
// the form may be sent again. Without a script the server answers a second send itself.
(function (root) {
  "use strict";

  // Whether ``event``, a submit of ``form``, is a second one (and so stopped).
  function again(form, event) {
    if (!form || typeof form.hasAttribute !== "function" || !form.hasAttribute("data-once")) {
      return false;
    }
    if (form.dataset.sent) {
      event.preventDefault();
      return true;
    }
    form.dataset.sent = "1";
    return false;
  }

  function reset(doc) {
    doc.querySelectorAll("form[data-once]").forEach(function (form) {
      delete form.dataset.sent;
    });
  }

  var api = { again: again, reset: reset };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
    return;
  }
  document.addEventListener("submit", function (event) { again(event.target, event); });
  root.addEventListener("pageshow", function () { reset(document); });
})(typeof window === "object" ? window : globalThis);

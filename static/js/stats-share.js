// Copy the live link with one tap. Without JavaScript the button stays hidden and
// the link is still there in its box to select and copy by hand.
(function () {
  "use strict";
  function enhance(button) {
    var input = document.getElementById(button.getAttribute("data-stats-copy"));
    if (!input) { return; }
    var say = function (text) {
      button.textContent = text;
      window.setTimeout(function () { button.textContent = "Copy"; }, 2000);
    };
    var fallback = function () {
      input.select();
      var copied = document.execCommand && document.execCommand("copy");
      say(copied ? "Copied" : "Selected");
    };
    button.hidden = false;
    button.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(function () { say("Copied"); }, fallback);
      } else {
        fallback();
      }
    });
  }
  document.querySelectorAll("button.stats-copy[data-stats-copy]").forEach(enhance);
})();

// "Copy the settle-up": the text is in a read-only textarea anyway, for anyone without JS.
(function () {
  "use strict";

  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var source = document.querySelector(button.dataset.copy);
    var status = button.parentElement.querySelector(".copy-status");
    // The words come from the page, in its language.
    var say = function (cls) {
      var words = button.parentElement.querySelector(cls);
      if (status && words) { status.textContent = words.textContent; }
    };
    if (!source) {
      return;
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      var done = function () { say(".copy-done"); };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(source.value).then(done, function () {
          source.select();
          say(".copy-selected");
        });
      } else {
        source.select();
        if (document.execCommand && document.execCommand("copy")) {
          done();
        } else {
          say(".copy-selected");
        }
      }
    });
  });
})();

// "Copy the settle-up": the text is in a read-only textarea anyway, for anyone without JS.
(function () {
  "use strict";

  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var source = document.querySelector(button.dataset.copy);
    var status = button.parentElement.querySelector(".copy-status");
    if (!source) {
      return;
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      var done = function () { if (status) { status.textContent = "Copied."; } };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(source.value).then(done, function () {
          source.select();
          if (status) { status.textContent = "Selected: copy it from the box."; }
        });
      } else {
        source.select();
        if (document.execCommand && document.execCommand("copy")) {
          done();
        } else if (status) {
          status.textContent = "Selected: copy it from the box.";
        }
      }
    });
  });
})();

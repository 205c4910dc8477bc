// Share buttons: the phone's own Share sheet (Web Share API), beside Copy, so an invite,
// the live link or the settle-up goes straight into the group chat. A button names its box
// (data-share="#live-url"); it stays hidden where the browser cannot share, and Copy and
// the box itself still work. A share the person cancels says nothing.
(function (root) {
  "use strict";

  // What navigator.share is given for a box's value: a link as a url, anything else as text.
  function shareData(value, title) {
    var data = {};
    var text = String(value || "").trim();
    if (title) {
      data.title = title;
    }
    if (/^https?:\/\/\S+$/.test(text)) {
      data.url = text;
    } else {
      data.text = text;
    }
    return data;
  }

  var api = { shareData: shareData };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
    return;
  }
  root.BourreShare = api;

  var canShare = function () {
    return typeof navigator.share === "function";
  };

  var reveal = function (scope) {
    if (!canShare()) {
      return;
    }
    scope.querySelectorAll("button[data-share]").forEach(function (button) {
      if (document.querySelector(button.dataset.share)) {
        button.hidden = false;
      }
    });
  };

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-share]");
    var box = button && document.querySelector(button.dataset.share);
    if (!box || !canShare()) {
      return;
    }
    var status = button.parentElement.querySelector(".copy-status");
    navigator.share(shareData(box.value, button.dataset.shareTitle)).then(function () {
      var done = button.parentElement.querySelector(".share-done");
      if (status && done) {
        status.textContent = done.textContent;
      }
    }, function () {
      // Cancelled, or the sheet could not open: the box and Copy are still there.
    });
  });

  reveal(document);
  document.addEventListener("htmx:load", function (event) { reveal(event.target); });
})(this);

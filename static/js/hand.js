// The hand form, one-thumbed: the seats re-ordered from the chosen dealer's left, a row
// greyed when its player sits out. Without this file the form still works: every choice
// is a radio button or a checkbox, and the Check button asks the server.
(function () {
  "use strict";

  function reorder(form, dealerId) {
    var list = form.querySelector("[data-seats]");
    if (!list) {
      return;
    }
    var seats = Array.prototype.slice.call(list.querySelectorAll(".seat"));
    seats.sort(function (a, b) { return a.dataset.seat - b.dataset.seat; });
    var at = seats.findIndex(function (s) { return s.dataset.player === dealerId; });
    if (at < 0) {
      return;
    }
    seats.slice(at + 1).concat(seats.slice(0, at + 1)).forEach(function (seat) {
      list.appendChild(seat);
      seat.querySelector(".dealer-badge").hidden = seat.dataset.player !== dealerId;
    });
  }

  function onChange(event) {
    var target = event.target;
    var form = target.form;
    if (target.matches("input[data-seated]")) {
      var player = target.closest("[data-player]").dataset.player;
      var seat = form.querySelector('.seat[data-player="' + player + '"]');
      if (seat) {
        seat.classList.toggle("sits-out", !target.checked);
      }
    }
    if (target.name === "dealer") {
      reorder(form, target.value);
    }
  }

  function enhance(root) {
    var forms = Array.prototype.slice.call(root.querySelectorAll("form.hand-form"));
    if (root.matches && root.matches("form.hand-form")) {
      forms.push(root);
    }
    forms.forEach(function (form) {
      if (form.classList.contains("enhanced")) {
        return;
      }
      form.classList.add("enhanced");
      // The live check runs as the host taps; the button is for phones without JavaScript.
      form.querySelectorAll(".no-js-check").forEach(function (b) { b.hidden = true; });
      // Capture, so the form is tidy before the live check reads it.
      form.addEventListener("change", onChange, true);
    });
  }

  // Once Record (or a "Yes") is tapped, a live check still to come would only be
  // thrown away: it is not sent. Requests on the form queue rather than abort each other.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    var form = elt && elt.closest ? elt.closest("form.hand-form") : null;
    if (!form) {
      return;
    }
    if (elt === form) {
      if (form.dataset.recording) {
        event.preventDefault();
      }
    } else if (elt.matches("button[type=submit]")) {
      form.dataset.recording = "1";
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    var form = elt && elt.closest ? elt.closest("form.hand-form") : null;
    if (form && elt !== form) {
      delete form.dataset.recording;
    }
  });

  enhance(document);
  // A hand recorded with htmx answers with the next hand's screen, a new form.
  document.addEventListener("htmx:load", function (event) { enhance(event.target); });
})();

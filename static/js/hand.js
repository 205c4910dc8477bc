// The hand form, one-thumbed: −/+ buttons on the tricks, and the seats re-ordered from the
// chosen dealer's left. Without this file the form still works: plain number inputs.
(function () {
  "use strict";

  function changed(element) {
    element.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function seatOf(element) {
    return element.closest(".seat");
  }

  function play(seat, value) {
    var radio = seat.querySelector('input[type=radio][value="' + value + '"]');
    if (radio && !radio.checked) {
      radio.checked = true;
    }
  }

  function step(input, by) {
    var max = parseInt(input.max, 10);
    var now = parseInt(input.value, 10);
    var next = (isNaN(now) ? 0 : now) + by;
    if (next < 0 || (!isNaN(max) && next > max)) {
      return;
    }
    input.value = String(next);
    if (by > 0) {
      play(seatOf(input), "stay");  // taking tricks means they stayed
    }
    changed(input);
  }

  function button(text, label, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "secondary step";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", onClick);
    return b;
  }

  function addSteppers(form) {
    form.querySelectorAll(".stepper input.tricks").forEach(function (input) {
      var stepper = input.closest(".stepper");
      var fewer = stepper.querySelector(".step-fewer").textContent.trim();
      var more = stepper.querySelector(".step-more").textContent.trim();
      input.before(button("−", fewer, function () { step(input, -1); }));
      input.after(button("+", more, function () { step(input, 1); }));
    });
  }

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
    if (target.type === "radio" && target.value === "fold" && target.checked) {
      var tricks = seatOf(target).querySelector("input.tricks");
      if (tricks) {
        tricks.value = "";  // a folded player has no tricks
      }
    }
    if (target.type === "checkbox" && target.name.indexOf("seated_") === 0) {
      seatOf(target).classList.toggle("sits-out", !target.checked);
    }
    if (target.name === "dealer") {
      reorder(target.form, target.value);
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
      addSteppers(form);
      // The live check runs as the host taps; the button is for phones without JavaScript.
      form.querySelectorAll(".no-js-check").forEach(function (b) { b.hidden = true; });
      // Capture, so the form is tidy before the live check reads it.
      form.addEventListener("change", onChange, true);
    });
  }

  enhance(document);
  // A hand recorded with htmx answers with the next hand's screen, a new form.
  document.addEventListener("htmx:load", function (event) { enhance(event.target); });
})();

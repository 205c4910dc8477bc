// The card judge, one tap a card. A tap on the trick's grid adds the card to the trick, or
// takes it out, in the page (no round trip, so quick taps are never lost); the card played
// is offered from the hand's cards as they are ticked. Each change then asks htmx for the
// answer (the #answer part). Without this file the judge still works: a trick tap is a
// submit the server answers, and "Show the cards ticked above" offers the hand's cards.
(function () {
  "use strict";

  function trickCodes(form) {
    var inputs = form.querySelectorAll(".trick-inputs input");
    return Array.prototype.map.call(inputs, function (input) { return input.value; });
  }

  function showTrick(form) {
    var codes = trickCodes(form);
    var list = form.querySelector(".so-far-cards");
    form.querySelectorAll("button.trick-card").forEach(function (button) {
      var at = codes.indexOf(button.value);
      button.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
      button.querySelector(".order").textContent = at >= 0 ? String(at + 1) : "";
    });
    list.textContent = "";
    codes.forEach(function (code) {
      var button = form.querySelector('button.trick-card[value="' + code + '"]');
      if (!button) {
        return;
      }
      var chip = document.createElement("span");
      chip.className = button.closest(".suit-row.red") ? "chip red" : "chip";
      chip.appendChild(button.querySelector(".card-label").cloneNode(true));
      chip.appendChild(button.querySelector(".card-name").cloneNode(true));
      list.appendChild(chip);
    });
    form.querySelector(".so-far-none").hidden = codes.length > 0;
  }

  function tapTrick(form, code) {
    var inputs = form.querySelector(".trick-inputs");
    var there = Array.prototype.filter.call(inputs.querySelectorAll("input"), function (input) {
      return input.value === code;
    });
    if (there.length) {
      there.forEach(function (input) { input.remove(); });
    } else {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "trick";
      input.value = code;
      inputs.appendChild(input);
    }
    showTrick(form);
    // The answer follows every change, a trick tap included.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The card played is one of the hand's: only the ticked cards are offered.
  function showPlayed(form) {
    var any = false;
    form.querySelectorAll('input[name="hand"]').forEach(function (box) {
      var label = form.querySelector('.played-cards [data-card="' + box.value + '"]');
      if (!label) {
        return;
      }
      label.hidden = !box.checked;
      if (!box.checked) {
        label.querySelector("input").checked = false;
      }
      any = any || box.checked;
    });
    form.querySelector(".played-help").hidden = any;
  }

  function enhance(root) {
    root.querySelectorAll("form.judge-form").forEach(function (form) {
      if (form.classList.contains("enhanced")) {
        return;
      }
      form.classList.add("enhanced");
      form.querySelectorAll(".no-js-next").forEach(function (button) { button.hidden = true; });
      form.addEventListener("click", function (event) {
        var button = event.target.closest("button.trick-card");
        if (button) {
          event.preventDefault();
          tapTrick(form, button.value);
        }
      });
      // Capture, so the card played is tidy before htmx reads the form for the answer.
      form.addEventListener("change", function (event) {
        if (event.target.name === "hand") {
          showPlayed(form);
        }
      }, true);
    });
  }

  // The answer, asked as the host taps, lands under the cards, below the screen of a small
  // phone: bring a verdict into sight, moving the page no more than it takes (its top
  // first when it is taller than the screen).
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target.id !== "answer") {
      return;
    }
    var verdict = event.target.querySelector("#verdict");
    if (verdict) {
      var tall = verdict.getBoundingClientRect().height > window.innerHeight;
      verdict.scrollIntoView({ block: tall ? "start" : "nearest" });
    }
  });

  enhance(document);
  // "Was that legal?" with htmx answers with the judge again, a new form.
  document.addEventListener("htmx:load", function (event) { enhance(event.target); });
})();

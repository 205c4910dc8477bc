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
        // Someone who sits out folds: no count of theirs stays behind, out of sight.
        var fold = seat.querySelector('input[value="fold"]');
        if (!target.checked && fold) {
          fold.checked = true;
        }
      }
    }
    // A count tapped for someone sitting out deals them in: the tap says they played.
    var row = target.closest(".seat.sits-out");
    if (row && target.matches('input[type="radio"]') && target.value !== "fold") {
      var seated = form.querySelector('input[name="seated_' + row.dataset.player + '"]');
      if (seated) {
        seated.checked = true;
        row.classList.remove("sits-out");
      }
    }
    if (target.name === "dealer") {
      reorder(form, target.value);
    }
    // A new tap may have mended what the last check found: Record waits no longer for the
    // check to say so (a tap on it then queues behind the check, and the server decides).
    form.dataset.taps = String(Number(form.dataset.taps || 0) + 1);
    holdRecord(form, false);
  }

  // While the live check says the hand would be refused (6 tricks of 5...), Record is
  // disabled, and says why: the check's problems, just above it in the bar, describe it.
  function holdRecord(form, refused) {
    var record = form.querySelector(".bar-buttons .record");
    var problems = form.querySelector("#hand-check-problems");
    if (!record) {
      return;
    }
    record.disabled = Boolean(refused && problems);
    if (record.disabled) {
      record.setAttribute("aria-describedby", problems.id);
    } else {
      record.removeAttribute("aria-describedby");
    }
  }

  // A double tap on Record or Misdeal must not also answer the question it brings up:
  // a "Yes" tapped within a moment of Record or Misdeal (where it may now sit) is
  // ignored; it stays focused and labelled, and a deliberate tap a moment later counts.
  var HOLD_MS = 800;
  var lastBarTap = 0;

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target : event.target.parentElement;
    if (target.closest(".confirm-yes")) {
      if (Date.now() - lastBarTap < HOLD_MS) {
        event.preventDefault();
        event.stopPropagation();
        // Not silently: the bar says the tap was too quick and another one counts.
        var note = target.closest("#hand-check").querySelector(".hold-note");
        if (note) {
          note.hidden = false;
        }
      }
    } else if (target.closest(".bar-buttons button")) {
      lastBarTap = Date.now();
    }
  }, true);

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
      holdRecord(form, true);
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
      } else {
        // The taps this check reads: an answer to fewer taps than the form now has is
        // not the last word on Record.
        form.dataset.checked = form.dataset.taps || "0";
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

  // The card judge takes the hand as tapped so far, and its "Mark the renege" brings it
  // back with the renege marked: the taps ride in the link (the form's key and CSRF
  // token stay behind, they are not the hand's).
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-carry-hand]") : null;
    var form = document.querySelector("form.hand-form");
    if (!link || !form) {
      return;
    }
    var taps = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (name !== "key" && name !== "csrfmiddlewaretoken") {
        taps.append(name, value);
      }
    });
    link.href = link.dataset.carryHand + "?" + taps.toString();
  });

  enhance(document);
  // A hand recorded with htmx answers with the next hand's screen, a new form.
  // A live check's answer is swapped in alone: Record follows what it says.
  document.addEventListener("htmx:load", function (event) {
    enhance(event.target);
    var form = event.target.closest ? event.target.closest("form.hand-form") : null;
    if (form && (form.dataset.checked || "0") === (form.dataset.taps || "0")) {
      holdRecord(form, true);
    }
  });
})();

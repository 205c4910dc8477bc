// The hand form, one-thumbed, with the referee in the phone. Each tap is checked here, at
// once and with no request (rules.js, hand_check.js: the server's rules and words): the bar
// says what is wrong and Record is held until the hand adds up. A hand with nobody staying,
// or a misdeal, is asked about here too. Record then sends the hand once, with its key; the
// answer is the next hand's screen. A Record with no answer goes to the outbox (offline.js),
// which sends it again with the same key: recorded once, never lost.
// Also: the seats re-ordered from the chosen dealer's left, a row greyed when its player
// sits out. Without this file the form still works: every choice is a radio button or a
// checkbox, and the Check button asks the server.
(function () {
  "use strict";

  var Check = window.BourreHandCheck;

  // ---- the night as the phone's referee sees it ----------------------------------

  // The server's figures (the screen's), unless offline.js has hands waiting: then the
  // state after them (setBase).
  var base = null;

  function referee() {
    var node = document.getElementById("outbox");
    if (!node || !node.dataset.offline) {
      return null;
    }
    if (node.bourreReferee === undefined) {
      var words = document.getElementById("phone-words");
      var night = JSON.parse(node.dataset.offline).referee || null;
      // The words come once with the page; the night with each hand's screen.
      node.bourreReferee = night && words ? Object.assign({ texts: JSON.parse(words.dataset.words) }, night) : null;
    }
    return node.bourreReferee;
  }

  function fieldsOf(form, extra) {
    // As Django's QueryDict.get reads a post: a name's last value.
    var fields = {};
    new FormData(form).forEach(function (value, name) { fields[name] = String(value); });
    Object.keys(extra || {}).forEach(function (name) { fields[name] = extra[name]; });
    return fields;
  }

  function checkOf(form, extra) {
    var r = referee();
    if (!r || !Check) {
      return null;
    }
    var night = base || { state: r.state, number: r.number };
    var screen = {
      rules: r.rules,
      state: night.state,
      number: night.number,
      formNumber: Number(form.elements.number.value),
    };
    return Check.check(screen, fieldsOf(form, extra), r.people);
  }

  // ---- the bar -----------------------------------------------------------------------

  function draw(form, checked, asking) {
    var r = referee();
    var box = form.querySelector("#hand-check");
    if (!box || !checked) {
      return;
    }
    var said = Check.words(checked, r.rules, r.texts, r.names);
    var problems = checked.problems.length > 0;
    box.classList.toggle("ok", !problems && !checked.asks && !asking);
    box.classList.toggle("asking", Boolean(asking) && !problems);
    var summary = box.querySelector(".summary");
    var bold = document.createElement("b");
    bold.textContent = said.summary;
    var parts = [bold];
    said.notes.forEach(function (note) { parts.push(" " + note); });
    if (!problems) {
      var help = document.createElement("span");
      help.className = "help";
      help.textContent = asking ? r.texts.help[asking] : said.help;
      parts.push(" ", help);
    }
    summary.replaceChildren.apply(summary, parts);
    var list = box.querySelector("#hand-check-problems");
    list.replaceChildren.apply(list, said.problems.map(function (text) {
      var item = document.createElement("li");
      item.textContent = text;
      return item;
    }));
    list.hidden = !problems;
    box.querySelectorAll("[data-confirm]").forEach(function (yes) {
      yes.hidden = problems || yes.dataset.confirm !== asking;
    });
    var note = box.querySelector(".hold-note");
    if (note) {
      note.hidden = true;
    }
    var record = form.querySelector(".bar-buttons .record");
    if (record) {
      // While the referee says the hand would be refused, Record waits, and says why.
      record.disabled = problems;
      if (problems) {
        record.setAttribute("aria-describedby", list.id);
      } else {
        record.removeAttribute("aria-describedby");
      }
    }
  }

  function recheck(form) {
    if (!form.classList.contains("sending")) {
      draw(form, checkOf(form), "");
    }
  }

  // The question a hand that moves no card asks, on the phone: its "Yes" records it.
  function ask(form, which) {
    var checked = checkOf(form, which === "misdeal" ? { misdeal: "1" } : {});
    draw(form, checked, which);
    var yes = form.querySelector('[data-confirm="' + which + '"]');
    if (yes && !yes.hidden) {
      yes.focus();
    }
  }

  function refused(form) {
    var r = referee();
    var list = form.querySelector("#hand-check-problems");
    if (!r || !list) {
      return;
    }
    recheck(form);
    var item = document.createElement("li");
    item.setAttribute("role", "alert");
    item.textContent = Check.fill(r.texts.notRecorded, { number: form.elements.number.value });
    list.prepend(item);
    list.hidden = false;
  }

  // ---- the seats ---------------------------------------------------------------------

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
    if (!form) {
      return;
    }
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
    recheck(form);
  }

  // ---- Record ------------------------------------------------------------------------

  // A double tap on Record or Misdeal must not also answer the question it brings up:
  // a "Yes" tapped within a moment of Record or Misdeal (where it may now sit) is
  // ignored; it stays focused and labelled, and a deliberate tap a moment later counts.
  var HOLD_MS = 800;
  var lastBarTap = 0;

  function stop(event) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target : event.target.parentElement;
    var button = target.closest("form.hand-form button[type=submit]");
    var form = button && button.form;
    if (!form || !referee() || button.classList.contains("no-js-check")) {
      return;
    }
    if (form.classList.contains("sending")) {
      // The hand is on its way: a second tap records nothing more.
      stop(event);
      return;
    }
    if (button.classList.contains("confirm-yes")) {
      if (Date.now() - lastBarTap < HOLD_MS) {
        stop(event);
        // Not silently: the bar says the tap was too quick and another one counts.
        var note = form.querySelector("#hand-check .hold-note");
        if (note) {
          note.hidden = false;
        }
      }
      return;
    }
    lastBarTap = Date.now();
    if (button.name === "misdeal") {
      stop(event);
      ask(form, "misdeal");
      return;
    }
    var checked = checkOf(form);
    if (checked && checked.problems.length) {
      stop(event);
      draw(form, checked, "");
    } else if (checked && checked.asks) {
      stop(event);
      ask(form, "nobody");
    }
  }, true);

  // What the hand does, said at once while the server records it.
  function sending(form, elt) {
    var r = referee();
    var extra = {};
    if (elt.name) {
      extra[elt.name] = elt.value;
    }
    var checked = checkOf(form, extra);
    form.classList.add("sending");
    var box = form.querySelector("#hand-check");
    if (!box || !checked) {
      return;
    }
    var number = Number(form.elements.number.value);
    var text = Check.fill(r.texts.recording, { number: number });
    if (checked.settled) {
      text += " " + Check.describeHand(
        checked.form.data, checked.settled.result, checked.settled.state.roster, r.texts, r.names
      );
    }
    var summary = box.querySelector(".summary");
    var bold = document.createElement("b");
    bold.textContent = text;
    summary.replaceChildren(bold);
    box.querySelectorAll("[data-confirm]").forEach(function (yes) { yes.hidden = true; });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    var form = elt && elt.closest ? elt.closest("form.hand-form") : null;
    if (form && elt.matches("button[type=submit]") && referee()) {
      sending(form, elt);
    }
  });

  // No answer (no connection after all, a timeout, the server failing): the hand as it was
  // sent goes to the outbox with its key, which sends it again until it is answered.
  function unanswered(event) {
    var detail = event.detail || {};
    var elt = detail.elt;
    var form = elt && elt.closest ? elt.closest("form.hand-form") : null;
    var status = detail.xhr ? detail.xhr.status : 0;
    if (!form || elt === form) {
      return;
    }
    if (status && status < 500) {
      // An answer, but not the next hand (signed out meanwhile, a form too old): said,
      // and the taps stay for another Record.
      form.classList.remove("sending");
      refused(form);
      return;
    }
    var sent = detail.requestConfig && detail.requestConfig.formData;
    var offline = window.BourreOffline;
    if (!sent || !offline) {
      form.classList.remove("sending");
      recheck(form);
      return;
    }
    var fields = [];
    sent.forEach(function (value, name) { fields.push([name, String(value)]); });
    offline.keep(fields).catch(function () {
      form.classList.remove("sending");
      recheck(form);
    });
  }
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, unanswered);
  });

  // ---- the judge's link ---------------------------------------------------------------

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

  // ---- wiring ----------------------------------------------------------------------

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
      // Capture, so the form is tidy before the check reads it.
      form.addEventListener("change", onChange, true);
      if (!referee() || !Check) {
        return; // an old copy of the screen: the server checks on Record
      }
      // The check runs as the host taps: the button is for phones without JavaScript.
      form.querySelectorAll(".no-js-check").forEach(function (b) { b.hidden = true; });
      // The server drew the check with the screen (and any question it asked): it stands
      // until the first tap. Record waits while it says the hand would be refused.
      var problems = form.querySelector("#hand-check-problems");
      var record = form.querySelector(".bar-buttons .record");
      if (problems && record && !problems.hidden) {
        record.disabled = true;
        record.setAttribute("aria-describedby", problems.id);
      }
    });
  }

  // A hand recorded answers with the next hand's screen: a new form, and the night as
  // the server now has it.
  document.addEventListener("htmx:load", function (event) {
    var target = event.target;
    if (target.querySelector && target.querySelector("form.hand-form:not(.enhanced)")) {
      base = null;
    }
    enhance(target);
  });

  window.BourreHand = {
    // The night after the hands waiting on this phone (offline.js), or null for the
    // server's: the check reads the next hand against it.
    setBase: function (state) {
      if (!state && !base) {
        return; // the server's figures already: what the screen was drawn with stands
      }
      base = state ? { state: state, number: state.hands + 1 } : null;
      var form = document.querySelector("form.hand-form");
      if (form) {
        recheck(form);
      }
    },
    recheck: recheck,
    referee: referee,
  };

  enhance(document);
})();

// The hand screen with no connection. Record puts the hand in the outbox (outbox.js) and
// moves to the next hand at once, its dealer and who is dealt in chosen as the server
// chooses them (next_deal.js), the pot and the balances after the waiting hands worked out
// by the referee in the phone (hand_check.js), which checks the next hand against them.
// The screen says what waits to be sent; back online (the "online" event, a timer,
// Background Sync) the outbox is sent in order and the screen shows the night as the
// server has it. A hand the server did not take (another phone changed the night, or a
// rule it breaks) stays on screen until the host decides. A Record sent online that got
// no answer comes here too (keep), with its key.
// Without this file (or JavaScript) the screen works online as before.
(function () {
  "use strict";

  var Outbox = window.BourreOutbox;
  var Deal = window.BourreNextDeal;
  var Check = window.BourreHandCheck;
  var RETRY_MS = 15000;
  var entries = [];
  var correcting = null;
  var busy = false;
  var recording = false;
  // The phone's figures after the waiting hands: {state, last: the last hand's number}.
  var phone = null;

  function data() {
    var node = document.getElementById("outbox");
    return node && node.dataset.offline ? JSON.parse(node.dataset.offline) : null;
  }

  function form() {
    return document.querySelector("form.hand-form");
  }

  function fill(text, number) {
    return text.replace("{number}", String(number)).replace("{count}", String(number));
  }

  // The outbox takes the hand: the host is offline, or hands before it still wait.
  function holding() {
    return !navigator.onLine || entries.length > 0 || correcting !== null;
  }

  function waiting() {
    return entries.filter(function (e) { return e.state === "waiting"; });
  }

  function stopped() {
    return entries.filter(function (e) { return e.state !== "waiting"; })[0] || null;
  }

  function load() {
    var d = data();
    if (!d || !Outbox) {
      return Promise.resolve([]);
    }
    return Outbox.entries(d.user, d.night).then(function (found) {
      entries = found;
      settleWaiting();
      return found;
    });
  }

  function fieldsObject(pairs) {
    var fields = {};
    pairs.forEach(function (pair) { fields[pair[0]] = pair[1]; });
    return fields;
  }

  // The night after the hands waiting here, settled by the referee in the phone from the
  // server's state the screen was drawn with; the check reads the next hand against it.
  function settleWaiting() {
    var d = data();
    var r = d && window.BourreHand ? window.BourreHand.referee() : null;
    phone = null;
    // Only from the state the screen was drawn with: hands entered after it.
    if (!r || !Check || !entries.length || entries[0].after !== (d.after || 0)) {
      if (window.BourreHand) {
        window.BourreHand.setBase(null);
      }
      return;
    }
    var state = r.state;
    var number = d.after || 0;
    var said = "";
    for (var i = 0; i < entries.length; i += 1) {
      var entry = entries[i];
      var checked = Check.check(
        { rules: r.rules, state: state, number: state.hands + 1, formNumber: entry.number },
        fieldsObject(entry.fields),
        r.people
      );
      if (!checked.settled) {
        break; // refused, or past what a phone holds: the server will say
      }
      state = checked.settled.state;
      number = entry.number;
      said = Check.describeHand(
        checked.form.data, checked.settled.result, state.roster, r.texts, r.names
      );
    }
    phone = { state: state, last: number, said: said };
    if (window.BourreHand) {
      window.BourreHand.setBase(state);
    }
  }

  // The pot and the balances on screen: the phone's after the waiting hands. The money
  // column waits for the server (it writes money as the host's language does).
  function showFigures() {
    var d = data();
    var r = d && window.BourreHand ? window.BourreHand.referee() : null;
    if (!phone || !r || !Check) {
      return;
    }
    var state = phone.state;
    var texts = r.texts;
    document.querySelectorAll(".pot-line b, .pot-now").forEach(function (node) {
      node.textContent = Check.whole(state.pot, texts);
    });
    var rows = document.querySelectorAll("details.standings-fold table.standings tbody tr");
    r.people.forEach(function (person, i) {
      var row = rows[i];
      var chips = state.balances[person.id] || 0;
      if (!row) {
        return;
      }
      var cells = row.querySelectorAll("td");
      var shown = chips > 0 ? "+" + Check.whole(chips, texts) : chips < 0 ? "-" + Check.whole(-chips, texts) : "0";
      var sign = chips > 0 ? "pos" : chips < 0 ? "neg" : "";
      cells.forEach(function (cell, at) {
        cell.className = "num " + sign;
        cell.textContent = at === 0 ? shown : "…";
      });
    });
  }

  // ---- the form ----------------------------------------------------------------

  function playerIds(f) {
    return Array.prototype.map.call(f.querySelectorAll(".seat[data-player]"), function (row) {
      return Number(row.dataset.player);
    });
  }

  function read(f, misdeal) {
    var fields = [];
    new FormData(f).forEach(function (value, name) {
      if (name !== "key" && name !== "number" && name !== "misdeal" && name !== "confirm") {
        fields.push([name, String(value)]);
      }
    });
    var stays = fields.some(function (pair) {
      return pair[0].indexOf("play_") === 0 && pair[1] !== "fold";
    });
    // The host's tap is the answer the server would ask for: Misdeal is a misdeal, and a
    // hand with nobody staying is one (the outbox shows it before it is sent).
    if (misdeal) {
      fields.push(["misdeal", "misdeal"]);
    } else if (!stays) {
      fields.push(["confirm", "nobody"]);
    }
    var seated = playerIds(f).filter(function (id) {
      var box = f.querySelector('input[name="seated_' + id + '"]');
      return box ? box.checked : true;
    });
    return {
      fields: fields,
      dealer: Number(f.elements.dealer.value),
      seated: seated,
      misdeal: Boolean(misdeal),
      csrf: f.elements.csrfmiddlewaretoken.value,
    };
  }

  // The form as hand ``number``: ``fields`` (an entry's taps, back on screen) or blank with
  // ``dealer`` dealing to ``seated``.
  function show(number, dealer, seated, fields) {
    var f = form();
    var d = data();
    if (!f || !d) {
      return;
    }
    var given = {};
    (fields || []).forEach(function (pair) { given[pair[0]] = pair[1]; });
    f.elements.number.value = String(number);
    f.elements.key.value = Outbox.newKey();
    playerIds(f).forEach(function (id) {
      var play = fields ? given["play_" + id] || "fold" : "fold";
      f.querySelectorAll('input[name="play_' + id + '"]').forEach(function (radio) {
        radio.checked = radio.value === play;
      });
      var renege = f.querySelector('input[name="renege_' + id + '"]');
      if (renege) {
        renege.checked = Boolean(fields && given["renege_" + id]);
      }
      var box = f.querySelector('input[name="seated_' + id + '"]');
      var dealt = fields ? Boolean(given["seated_" + id]) : seated.indexOf(id) >= 0;
      if (box) {
        box.checked = dealt;
      }
      var row = f.querySelector('.seat[data-player="' + id + '"]');
      if (row) {
        row.classList.toggle("sits-out", !dealt);
      }
    });
    var select = f.elements.dealer;
    select.value = String(fields ? given.dealer : dealer);
    // Who deals by turn, and who dealt the hand before, as the server words the choices.
    var previous = entries.filter(function (e) { return e.number === number - 1; })[0];
    var turn = d.dealer;
    var before = d.lastDealer;
    if (previous) {
      turn = Deal.nextDeal(
        { roster: d.roster, active: d.active },
        { dealer: previous.dealer, misdeal: previous.misdeal, seated: previous.seated, roster: d.roster }
      ).dealer;
      before = previous.dealer;
    }
    Array.prototype.forEach.call(select.options, function (option) {
      var id = Number(option.value);
      var name = d.names[option.value];
      if (name === undefined) {
        return;
      }
      var pattern = "{name}";
      if (id === turn) {
        pattern = d.texts.byTurn;
      } else if (id === before) {
        pattern = d.texts.sameDealer;
      }
      option.textContent = pattern.replace("{name}", name);
    });
    // hand.js seats the players from the new dealer's left.
    select.dispatchEvent(new Event("change", { bubbles: true }));
    var heading = f.querySelector(".hand-head h1");
    if (heading) {
      heading.textContent = fill(d.texts.hand, number);
    }
    var record = f.querySelector(".bar-buttons .record");
    if (record) {
      record.textContent = fill(d.texts.record, number);
    }
    var parts = document.title.split(" · ");
    parts[0] = fill(d.texts.hand, number);
    document.title = parts.join(" · ");
    var after = document.querySelector("#main .after");
    if (after) {
      after.hidden = true;
    }
    if (window.BourreHand) {
      window.BourreHand.recheck(f);
    }
  }

  // The next hand after the outbox's last.
  function showNext() {
    var d = data();
    var last = entries[entries.length - 1];
    if (!d || !last) {
      return;
    }
    var deal = Deal.nextDeal(
      { roster: d.roster, active: d.active },
      { dealer: last.dealer, misdeal: last.misdeal, seated: last.seated, roster: d.roster }
    );
    show(last.number + 1, deal.dealer, deal.seated, null);
  }

  // ---- the outbox's part of the screen ----------------------------------------

  function element(tag, text, className) {
    var node = document.createElement(tag);
    if (text) {
      node.textContent = text;
    }
    if (className) {
      node.className = className;
    }
    return node;
  }

  function button(text, className, action) {
    var node = element("button", text, className);
    node.type = "button";
    node.dataset.outbox = action;
    return node;
  }

  function render(focus) {
    var box = document.getElementById("outbox");
    var d = data();
    if (!box || !d) {
      return;
    }
    box.textContent = "";
    var f = form();
    showFigures();
    if (f) {
      f.classList.toggle("outbox-holding", holding());
    }
    if (!holding()) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    var parts = [];
    if (!navigator.onLine) {
      parts.push(d.texts.offline);
    } else if (busy) {
      parts.push(d.texts.sending);
    }
    var count = waiting().length + (stopped() ? 1 : 0);
    if (count) {
      parts.push(fill(count === 1 ? d.texts.waitingOne : d.texts.waitingMany, count));
    }
    // The figures on screen: the phone's, after the last hand it settled.
    var asOf = phone ? phone.last : d.after;
    parts.push(asOf ? fill(d.texts.asOf, asOf) : d.texts.asOfStart);
    box.appendChild(element("p", parts.join(" · "), "outbox-status"));
    var halt = stopped();
    if (halt) {
      var alert = element("div", "", "outbox-stopped");
      alert.setAttribute("role", "alert");
      alert.tabIndex = -1;
      var answer = halt.answer || {};
      if (halt.state === "stale") {
        alert.appendChild(element("p", fill(d.texts.stale, halt.number), "outbox-title"));
        (answer.problems || []).forEach(function (p) { alert.appendChild(element("p", p)); });
        if (answer.theirs) {
          alert.appendChild(element("p", answer.theirs, "outbox-theirs"));
        }
        alert.appendChild(element("p", answer.ours, "outbox-ours"));
        alert.appendChild(button(d.texts.recordAgain, "", "again"));
      } else {
        alert.appendChild(element("p", fill(d.texts.refused, halt.number), "outbox-title"));
        var list = element("ul", "", "errorlist");
        (answer.problems || []).forEach(function (p) { list.appendChild(element("li", p)); });
        alert.appendChild(list);
        alert.appendChild(button(d.texts.correct, "", "correct"));
      }
      alert.appendChild(button(d.texts.drop, "secondary", "drop"));
      box.appendChild(alert);
      if (focus) {
        alert.focus();
      }
    }
    if (correcting) {
      box.appendChild(element("p", fill(d.texts.correcting, correcting.number), "outbox-note"));
    }
    var last = entries[entries.length - 1];
    if (last && last.state === "waiting" && !correcting) {
      // What the hand did, as the phone's referee settled it.
      var did = phone && phone.last === last.number && phone.said ? phone.said + " " : "";
      var kept = element("p", fill(d.texts.kept, last.number) + " " + did, "outbox-kept");
      kept.appendChild(button(fill(d.texts.undo, last.number), "secondary", "undo"));
      box.appendChild(kept);
    }
  }

  // ---- recording, sending, deciding ------------------------------------------

  function record(misdeal) {
    if (recording) {
      return Promise.resolve(); // a double tap: the hand is being kept
    }
    var f = form();
    var d = data();
    var number = Number(f.elements.number.value);
    if (number > d.limit) {
      var box = document.getElementById("outbox");
      box.hidden = false;
      box.textContent = "";
      var alert = element("p", d.tooMany, "outbox-stopped");
      alert.setAttribute("role", "alert");
      alert.tabIndex = -1;
      box.appendChild(alert);
      alert.focus();
      return Promise.resolve();
    }
    var hand = read(f, misdeal);
    var first = entries.length === 0;
    var entry = {
      key: Outbox.newKey(),
      user: d.user,
      night: d.night,
      seq: entries.length ? entries[entries.length - 1].seq + 1 : Date.now(),
      number: number,
      after: first ? d.after : null,
      afterRevision: first ? d.afterRevision : null,
      fields: hand.fields,
      dealer: hand.dealer,
      seated: hand.seated,
      misdeal: hand.misdeal,
      send: d.send,
      csrf: hand.csrf,
      state: "waiting",
      answer: null,
    };
    if (correcting) {
      entry.seq = correcting.seq;
      entry.number = correcting.number;
      entry.after = correcting.after;
      entry.afterRevision = correcting.afterRevision;
      correcting = null;
    }
    return hold(entry);
  }

  // Into the outbox, then on to the next hand and, online, off to the server.
  function hold(entry) {
    recording = true;
    return Outbox.put(entry).then(load).then(function () {
      recording = false;
      var f = form();
      if (f) {
        f.classList.remove("sending");
      }
      showNext();
      render(false);
      askForSync();
      return send();
    }, function (failure) {
      recording = false;
      throw failure;
    });
  }

  // A hand sent online that got no answer (hand.js): kept with the key it was sent with,
  // so sending it again records it once, whether or not the first one arrived.
  function keep(fields) {
    var d = data();
    var given = fieldsObject(fields);
    var f = form();
    if (!d || !Outbox || !f || recording) {
      return Promise.reject(new Error("no outbox"));
    }
    var first = entries.length === 0;
    var kept = fields.filter(function (pair) {
      return pair[0] !== "key" && pair[0] !== "number" && pair[0] !== "csrfmiddlewaretoken";
    });
    var misdeal = Boolean(given.misdeal);
    var entry = {
      key: given.key,
      user: d.user,
      night: d.night,
      seq: entries.length ? entries[entries.length - 1].seq + 1 : Date.now(),
      number: Number(given.number),
      after: first ? d.after : null,
      afterRevision: first ? d.afterRevision : null,
      fields: kept,
      dealer: Number(given.dealer),
      seated: playerIds(f).filter(function (id) { return Boolean(given["seated_" + id]); }),
      misdeal: misdeal,
      send: d.send,
      csrf: given.csrfmiddlewaretoken || f.elements.csrfmiddlewaretoken.value,
      state: "waiting",
      answer: null,
    };
    return hold(entry);
  }

  function askForSync() {
    if (!("serviceWorker" in navigator)) {
      return;
    }
    navigator.serviceWorker.ready.then(function (registration) {
      return registration.sync ? registration.sync.register("bourre-outbox") : undefined;
    }).catch(function () { return undefined; });
  }

  function shown(results) {
    var d = data();
    var sent = [];
    results.forEach(function (r) { sent = sent.concat(r.sent); });
    if (entries.length === 0 && correcting === null && sent.length && d) {
      // Everything is in: the night as the server has it, pot, balances and the last hand.
      window.location.replace(d.page + "?after=" + sent[sent.length - 1].number);
      return true;
    }
    return false;
  }

  function send() {
    var d = data();
    if (busy || !navigator.onLine || !d || !waiting().length || correcting) {
      return Promise.resolve();
    }
    busy = true;
    var again = false;
    render(false);
    return Outbox.flush(function (e) { return e.user === d.user && e.night === d.night; })
      .then(function (results) {
        return load().then(function () {
          busy = false;
          if (!shown(results)) {
            var f = form();
            var last = entries[entries.length - 1];
            // The taps of the hand under way stay, unless its number moved.
            if (last && !correcting && f && Number(f.elements.number.value) !== last.number + 1) {
              showNext();
            }
            render(Boolean(stopped()));
            // A hand recorded while these were sent is sent next.
            again = waiting().length > 0 && !stopped();
          }
        });
      }, function () {
        // Not sent (the connection dropped again, or the server did not answer): kept, to
        // try again.
        return load().then(function () {
          busy = false;
          render(false);
        });
      }).finally(function () {
        busy = false;
        if (again) {
          send();
        }
      });
  }

  function decide(action) {
    var halt = stopped();
    var last = entries[entries.length - 1];
    var at = halt ? entries.indexOf(halt) : -1;
    var answer = halt ? halt.answer || {} : {};
    var done;
    if (action === "undo" && last) {
      // The hand's taps come back on the screen, to correct and record again.
      done = Outbox.remove(last.key).then(load).then(function () {
        show(last.number, last.dealer, last.seated, last.fields);
      });
    } else if (action === "again" && halt) {
      // Recorded on top of the night as the server has it: this hand and those after it
      // follow the server's last hand.
      var moved = Outbox.renumber(entries, at, answer.after + 1, answer.after, answer.after_revision);
      done = Outbox.putAll(moved).then(load).then(showNext);
    } else if (action === "drop" && halt) {
      var rest = entries.slice(at + 1);
      var start = halt.state === "stale" ? answer.after + 1 : halt.number;
      var base = halt.state === "stale" ? [answer.after, answer.after_revision] : [halt.after, halt.afterRevision];
      Outbox.renumber(rest, 0, start, base[0], base[1]);
      done = Outbox.remove(halt.key).then(function () { return Outbox.putAll(rest); }).then(load)
        .then(function () {
          if (entries.length) {
            showNext();
          } else {
            show(start, null, [], halt.fields);
            showFresh();
          }
        });
    } else if (action === "correct" && halt) {
      correcting = { seq: halt.seq, number: halt.number, after: halt.after, afterRevision: halt.afterRevision };
      done = Outbox.remove(halt.key).then(load).then(function () {
        show(halt.number, halt.dealer, halt.seated, halt.fields);
      });
    } else {
      return;
    }
    done.then(function () {
      render(false);
      return send();
    }).catch(function () { render(false); });
  }

  // The outbox emptied with nothing recorded from it (the one hand dropped): the screen
  // as the server has it, once online.
  function showFresh() {
    var d = data();
    if (navigator.onLine && d) {
      window.location.replace(d.page);
    }
  }

  // ---- wiring -----------------------------------------------------------------

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target : event.target.parentElement;
    var decision = target.closest("[data-outbox]");
    if (decision) {
      decide(decision.dataset.outbox);
      return;
    }
    var tapped = target.closest(
      "form.hand-form .bar-buttons button[type=submit], form.hand-form .confirm-yes"
    );
    if (!tapped || !holding() || tapped.classList.contains("no-js-check")) {
      return;
    }
    // Not to the server: into the outbox.
    event.preventDefault();
    event.stopImmediatePropagation();
    record(tapped.name === "misdeal").catch(function () { render(false); });
  }, true);

  document.addEventListener("submit", function (event) {
    if (event.target.matches("form.hand-form") && holding()) {
      event.preventDefault();
      record(false).catch(function () { render(false); });
    }
  }, true);

  // A hand recorded online (the next hand's screen swapped into <main>; a live check
  // swaps its own part alone): the copy of the screen kept for offline use is renewed.
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "main") {
      return;
    }
    var d = data();
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (d && worker && navigator.onLine) {
      worker.postMessage({ type: "keep", url: d.page });
    }
    render(false);
  });

  window.addEventListener("online", function () {
    render(false);
    send();
  });
  window.addEventListener("offline", function () { render(false); });
  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "outbox-sent") {
        load().then(function () {
          if (!shown(event.data.results || [])) {
            render(Boolean(stopped()));
          }
        });
      }
    });
  }
  window.setInterval(function () {
    if (waiting().length) {
      send();
    }
  }, RETRY_MS);

  window.BourreOffline = { keep: keep };

  if (data() && Outbox) {
    load().then(function () {
      if (entries.length) {
        showNext();
      }
      render(Boolean(stopped()));
      return send();
    }).catch(function () { return undefined; });
  }
})();

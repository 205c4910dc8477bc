// The hand screen's outbox: hands entered with no connection, kept in IndexedDB until they
// are sent, in order, one at a time, each with its key. Used by the page (offline.js) and
// by the service worker (Background Sync), so it touches no page.
//
// An entry: {key, user, night, seq, number, after, afterRevision, fields, dealer, seated,
// roster, misdeal, send, csrf, state, answer}. "after"/"afterRevision" name the night's last
// hand the entry was entered on; null on an entry entered after another entry, filled in
// once that one is recorded. "state": "waiting", or "stale" / "refused" with the server's
// answer, until the host decides.
(function (root) {
  "use strict";

  var DB = "bourre-outbox";
  var STORE = "hands";

  function open() {
    return new Promise(function (resolve, reject) {
      var request = root.indexedDB.open(DB, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "key" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  // One transaction; ``work`` gets the store and returns a request whose result is
  // answered, or nothing.
  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var request = work(tx.objectStore(STORE));
        tx.oncomplete = function () {
          db.close();
          resolve(request ? request.result : undefined);
        };
        tx.onerror = function () {
          db.close();
          reject(tx.error);
        };
      });
    });
  }

  function bySeq(a, b) { return a.seq - b.seq; }

  // The entries of one host's night, in the order they were entered.
  function entries(user, night) {
    return run("readonly", function (store) { return store.getAll(); }).then(function (all) {
      return all.filter(function (e) {
        return e.user === user && (night === undefined || e.night === night);
      }).sort(bySeq);
    });
  }

  function everyEntry() {
    return run("readonly", function (store) { return store.getAll(); }).then(function (all) {
      return all.sort(bySeq);
    });
  }

  function put(entry) {
    return run("readwrite", function (store) { store.put(entry); });
  }

  function putAll(list) {
    return run("readwrite", function (store) {
      list.forEach(function (entry) { store.put(entry); });
    });
  }

  function remove(key) {
    return run("readwrite", function (store) { store.delete(key); });
  }

  function clear() {
    return run("readwrite", function (store) { store.clear(); });
  }

  // A key for a hand, of the form tables/submission_keys.py reads.
  function newKey() {
    var bytes = new Uint8Array(16);
    root.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  // ``list`` (one night's entries, in order) from ``from`` on numbered one after another
  // from ``number``, the first entered after the night's hand (after, revision).
  function renumber(list, from, number, after, revision) {
    list.slice(from).forEach(function (entry, i) {
      entry.number = number + i;
      entry.after = i === 0 ? after : null;
      entry.afterRevision = i === 0 ? revision : null;
      entry.state = "waiting";
      entry.answer = null;
    });
    return list.slice(from);
  }

  function post(entry) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("key", entry.key);
    body.set("number", String(entry.number));
    body.set("after", String(entry.after));
    body.set("after_revision", String(entry.afterRevision));
    return fetch(entry.send, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      redirect: "manual",
      headers: { "X-CSRFToken": entry.csrf, Accept: "application/json" },
    }).then(function (response) {
      // Signed out (a redirect to sign in) or the server failing: not an answer about the
      // hand; it stays waiting, to be sent again.
      if (!response.ok || response.type === "opaqueredirect") {
        throw new Error("not sent (" + response.status + ")");
      }
      return response.json();
    });
  }

  // Send one night's waiting entries, in order, stopping at the first the server does
  // not record. Answers {sent: [answers], stopped: entry or null}.
  function sendNight(list) {
    var sent = [];
    function next(i) {
      var entry = list[i];
      if (!entry || entry.state !== "waiting" || entry.after === null) {
        return Promise.resolve({ sent: sent, stopped: entry || null });
      }
      return post(entry).then(function (answer) {
        if (answer.status !== "recorded") {
          entry.state = answer.status;
          entry.answer = answer;
          return put(entry).then(function () { return { sent: sent, stopped: entry }; });
        }
        sent.push(answer);
        var following = list[i + 1];
        var done = remove(entry.key);
        if (following) {
          following.after = answer.number;
          following.afterRevision = answer.revision;
          done = done.then(function () { return put(following); });
        }
        return done.then(function () { return next(i + 1); });
      });
    }
    return next(0);
  }

  var sending = null;

  // Send everything waiting (``match``: which entries), one night after another. A send
  // already under way here is joined rather than started twice; one under way elsewhere
  // (the page and its service worker each send) is waited for, through a lock the browser
  // holds for both, and what it sent is then no longer waiting: one sender at a time.
  function flush(match) {
    if (sending) {
      return sending;
    }
    var locks = root.navigator && root.navigator.locks;
    sending = (locks ? locks.request("bourre-outbox", function () { return sendAll(match); })
      : sendAll(match)).finally(function () {
      sending = null;
    });
    return sending;
  }

  function sendAll(match) {
    return everyEntry().then(function (all) {
      var nights = {};
      all.filter(match || function () { return true; }).forEach(function (entry) {
        var id = entry.user + "/" + entry.night;
        (nights[id] = nights[id] || []).push(entry);
      });
      var results = [];
      return Object.keys(nights).reduce(function (chain, id) {
        return chain.then(function () {
          return sendNight(nights[id]).then(function (result) { results.push(result); });
        });
      }, Promise.resolve()).then(function () { return results; });
    });
  }

  root.BourreOutbox = {
    entries: entries,
    put: put,
    putAll: putAll,
    remove: remove,
    clear: clear,
    newKey: newKey,
    renumber: renumber,
    flush: flush,
  };
})(self);

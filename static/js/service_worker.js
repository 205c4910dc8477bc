// The service worker, served from /sw.js by tables/views/install.py, which puts
// self.BOURRE before this code: the static files' version, their addresses, where
// static files live. A deploy changes the version, so this script changes and replaces
// the worker before.
//
// What it keeps: the static files (for anyone), and a signed-in host's hand screen, the
// page the server marks so (X-Bourre-Offline), under the host's tag (X-Bourre-User). An
// answer for anyone else empties the kept pages first; it never keeps a POST's answer.
/* global BOURRE, BourreOutbox, BourrePush */
"use strict";

importScripts(BOURRE.outbox, BOURRE.push);

var STATIC = "bourre-static-" + BOURRE.version;
var PAGES = "bourre-pages";
var WHO = "/__bourre_user__";
var USER_HEADER = "X-Bourre-User";
var KEEP_HEADER = "X-Bourre-Offline";

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC).then(function (cache) { return cache.addAll(BOURRE.static); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("bourre-static-") === 0 && name !== STATIC;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// A page is kept by its path: the hand screen's address after a hand (?after=7) is the
// same screen.
function pageKey(url) {
  return new URL(url).origin + new URL(url).pathname;
}

// Whose pages are kept: a page answered for anyone else (another host, or nobody) empties
// them before anything more is kept.
function keptFor(user) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(WHO).then(function (said) {
      return said ? said.text() : "";
    }).then(function (was) {
      if (was === user) {
        return cache;
      }
      return caches.delete(PAGES).then(function () {
        return caches.open(PAGES);
      }).then(function (fresh) {
        return fresh.put(WHO, new Response(user)).then(function () { return fresh; });
      });
    });
  });
}

function keep(request, response) {
  var user = response.headers.get(USER_HEADER) || "";
  return keptFor(user).then(function (cache) {
    if (user && response.ok && response.headers.get(KEEP_HEADER) === "hand-screen") {
      return cache.put(pageKey(request.url), response.clone());
    }
    return undefined;
  }).then(function () { return response; });
}

function fromNetworkThenKept(request) {
  return fetch(request).then(function (response) {
    return keep(request, response);
  }, function (failure) {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(pageKey(request.url));
    }).then(function (kept) {
      if (kept) {
        return kept;
      }
      throw failure;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) {
    return;
  }
  if (url.pathname.indexOf(BOURRE.staticPrefix) === 0) {
    event.respondWith(caches.open(STATIC).then(function (cache) {
      return cache.match(request).then(function (kept) { return kept || fetch(request); });
    }));
  } else if (request.mode === "navigate") {
    event.respondWith(fromNetworkThenKept(request));
  } else if (url.pathname === BOURRE.manifest) {
    // The web app manifest: the same for every host, kept with the static files.
    event.respondWith(caches.open(STATIC).then(function (cache) {
      return fetch(request).then(function (response) {
        return cache.put(request, response.clone()).then(function () { return response; });
      }, function (failure) {
        return cache.match(request).then(function (kept) {
          if (kept) {
            return kept;
          }
          throw failure;
        });
      });
    }));
  }
});

// The hand screen asks again for its page after a hand recorded online, so the copy kept
// for offline use shows the night as it now is.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "keep" && typeof data.url === "string") {
    var url = new URL(data.url, self.location.origin);
    if (url.origin !== self.location.origin) {
      return;
    }
    var request = new Request(url.href, { credentials: "same-origin" });
    event.waitUntil(fetch(request).then(function (response) {
      return keep(request, response);
    }).catch(function () { return undefined; }));
  }
});

// Background Sync, where the browser has it: the outbox is sent even with no hand screen
// open, and any open one is told to show the night as it now is.
self.addEventListener("sync", function (event) {
  if (event.tag !== "bourre-outbox") {
    return;
  }
  event.waitUntil(BourreOutbox.flush().then(function (results) {
    return self.clients.matchAll({ type: "window" }).then(function (windows) {
      windows.forEach(function (w) { w.postMessage({ type: "outbox-sent", results: results }); });
    });
  }));
});

// A message from the app (tables/notices/delivery.py: title, body, url, tag), shown as a
// notification; a tap on it opens its page, in a window of the app already open if any.
self.addEventListener("push", function (event) {
  var shown = BourrePush.notificationOf(event.data ? event.data.text() : "");
  if (!shown) {
    return;
  }
  event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = BourrePush.openedUrl(event.notification.data, self.location.origin);
  event.waitUntil(self.clients.matchAll({ type: "window" }).then(function (windows) {
    var open = windows.find(function (w) { return w.url === url && "focus" in w; });
    return open ? open.focus() : self.clients.openWindow(url);
  }));
});

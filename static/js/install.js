// Registers the service worker (served from /sw.js, the site's root): the static files
// kept for use with no connection, and a signed-in host's hand screen. Without it, or
// without JavaScript, every page works online as before.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !window.isSecureContext || !script) {
    return;
  }
  var worker = script.dataset.worker;
  navigator.serviceWorker.register(worker, { scope: script.dataset.scope }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    // An open night's hand screen linked from this page (the table's page) is kept now, so
    // it opens with no connection even if the host has not opened it yet today.
    document.querySelectorAll("a[data-offline-keep]").forEach(function (link) {
      registration.active.postMessage({ type: "keep", url: link.href });
    });
  }).catch(function () {
    // No worker (a private window may refuse one): the app works online all the same.
    return undefined;
  });
})();

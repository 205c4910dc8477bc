// This app's notifications (Web Push). In the service worker: what a push message shows,
// and which page a tap on it opens. On "Messages and reminders": the switch that lets this
// phone show them (the browser asks the person first), and sends the phone's subscription
// to the server, which encrypts each message for it (tables/notices/delivery.py).
(function (root) {
  "use strict";

  // The server's VAPID public key (base64url, as the page gives it) as the bytes
  // PushManager.subscribe takes.
  function keyBytes(base64url) {
    var base64 = String(base64url).replace(/-/g, "+").replace(/_/g, "/");
    base64 += "===".slice((base64.length + 3) % 4);
    var binary = typeof atob === "function" ? atob(base64) : Buffer.from(base64, "base64").toString("binary");
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i += 1) {
      bytes[i] = binary.charCodeAt(i);
    }
    return bytes;
  }

  // A subscription (its toJSON()) as the form the server reads.
  function subscriptionFields(json) {
    var keys = (json && json.keys) || {};
    return { endpoint: json.endpoint || "", p256dh: keys.p256dh || "", auth: keys.auth || "" };
  }

  // What a push message shows: null for one that is not the app's.
  function notificationOf(text) {
    var data;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return null;
    }
    if (!data || typeof data.title !== "string" || !data.title) {
      return null;
    }
    return {
      title: data.title,
      options: {
        body: typeof data.body === "string" ? data.body : "",
        tag: typeof data.tag === "string" ? data.tag : undefined,
        data: { url: typeof data.url === "string" ? data.url : "/" },
        icon: "/static/icons/icon-192.png",
      },
    };
  }

  // The page a tap opens: the message's own, on this site only.
  function openedUrl(data, origin) {
    var url;
    try {
      url = new URL((data && data.url) || "/", origin);
    } catch (error) {
      return origin + "/";
    }
    return url.origin === origin ? url.href : origin + "/";
  }

  var api = {
    keyBytes: keyBytes,
    subscriptionFields: subscriptionFields,
    notificationOf: notificationOf,
    openedUrl: openedUrl,
  };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
    return;
  }
  root.BourrePush = api;
  if (typeof document === "undefined") {
    return;
  }

  function csrfToken() {
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function post(url, fields) {
    var body = new URLSearchParams(fields);
    return fetch(url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken() },
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (!response.ok) {
          throw new Error(answer.message || String(response.status));
        }
        return answer;
      });
    });
  }

  function wire(section) {
    var on = section.querySelector("[data-push-on]");
    var off = section.querySelector("[data-push-off]");
    var said = section.querySelector("[data-push-said]");
    var unable = section.querySelector("[data-push-unable]");
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      return;
    }
    unable.hidden = true;
    var show = function (subscribed) {
      on.hidden = subscribed;
      off.hidden = !subscribed;
    };
    var say = function (text) { said.textContent = text; };
    var ready = navigator.serviceWorker.ready;
    ready.then(function (registration) {
      return registration.pushManager.getSubscription();
    }).then(function (subscription) { show(Boolean(subscription)); });

    on.addEventListener("click", function () {
      on.disabled = true;
      Notification.requestPermission().then(function (permission) {
        if (permission !== "granted") {
          throw new Error(permission);
        }
        return ready;
      }).then(function (registration) {
        return registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(section.dataset.key),
        });
      }).then(function (subscription) {
        return post(section.dataset.subscribe, subscriptionFields(subscription.toJSON()));
      }).then(function (answer) {
        say(answer.message);
        show(true);
      }).catch(function () {
        say(section.dataset.refused || "");
        unable.hidden = false;
      }).then(function () { on.disabled = false; });
    });

    off.addEventListener("click", function () {
      off.disabled = true;
      ready.then(function (registration) {
        return registration.pushManager.getSubscription();
      }).then(function (subscription) {
        if (!subscription) {
          return { message: "" };
        }
        var endpoint = subscription.endpoint;
        return subscription.unsubscribe().then(function () {
          return post(section.dataset.unsubscribe, { endpoint: endpoint });
        });
      }).then(function (answer) {
        say(answer.message);
        show(false);
      }).catch(function () { unable.hidden = false; })
        .then(function () { off.disabled = false; });
    });
  }

  document.querySelectorAll("[data-push]").forEach(wire);
})(this);

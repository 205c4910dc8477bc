// static/js/push.js: the VAPID key's bytes, the subscription's form, what a push shows and
// which page a tap opens.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const push = require("../../static/js/push.js");

test("the server's key is read from base64url without padding", () => {
  const bytes = push.keyBytes("BAEC_-8");
  assert.deepStrictEqual(Array.from(bytes), [4, 1, 2, 255, 239]);
});

test("a subscription becomes the three fields the server reads", () => {
  const json = { endpoint: "https://push.example/x", keys: { p256dh: "BKey", auth: "secret" } };
  assert.deepStrictEqual(push.subscriptionFields(json), {
    endpoint: "https://push.example/x",
    p256dh: "BKey",
    auth: "secret",
  });
});

test("a message shows its title and lines and keeps its link", () => {
  const shown = push.notificationOf(
    JSON.stringify({ title: "Closed", body: "You pay Ann $12.00.", url: "/me/debts/", tag: "night_closed" }),
  );
  assert.strictEqual(shown.title, "Closed");
  assert.strictEqual(shown.options.body, "You pay Ann $12.00.");
  assert.deepStrictEqual(shown.options.data, { url: "/me/debts/" });
});

test("anything that is not the app's message shows nothing", () => {
  assert.strictEqual(push.notificationOf("not json"), null);
  assert.strictEqual(push.notificationOf(JSON.stringify({ body: "no title" })), null);
});

test("a tap opens the message's page on this site only", () => {
  const origin = "https://bourre.example";
  assert.strictEqual(push.openedUrl({ url: "https://bourre.example/me/debts/" }, origin), origin + "/me/debts/");
  assert.strictEqual(push.openedUrl({ url: "https://evil.example/" }, origin), origin + "/");
  assert.strictEqual(push.openedUrl(null, origin), origin + "/");
});

// static/js/share.js: what the phone's Share sheet is given.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { shareData } = require("../../static/js/share.js");

test("a link is shared as a url, with its title", () => {
  assert.deepStrictEqual(shareData("  https://bourre.example/live/abc/ ", "Live link"), {
    title: "Live link",
    url: "https://bourre.example/live/abc/",
  });
});

test("the settle-up is shared as text, lines and all", () => {
  const text = "Thursday 2026-12-03\nBob pays Ann $12.00\nBob pays Cy $4.00";
  assert.deepStrictEqual(shareData(text, ""), { text });
});

test("a link inside a sentence is text, not a url", () => {
  assert.deepStrictEqual(shareData("Open https://bourre.example now"), {
    text: "Open https://bourre.example now",
  });
});

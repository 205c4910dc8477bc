// static/js/once.js: a form marked data-once is sent once until the page is shown again.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const once = require("../../static/js/once.js");

function form(marked) {
  return {
    dataset: {},
    hasAttribute: (name) => marked && name === "data-once",
  };
}

function submit() {
  return { stopped: false, preventDefault() { this.stopped = true; } };
}

test("the first send of a marked form goes, a second tap's is stopped", () => {
  const erase = form(true);
  const first = submit();
  const second = submit();
  assert.strictEqual(once.again(erase, first), false);
  assert.strictEqual(first.stopped, false);
  assert.strictEqual(once.again(erase, second), true);
  assert.strictEqual(second.stopped, true);
});

test("a form not marked is sent as often as it is tapped", () => {
  const other = form(false);
  for (let i = 0; i < 3; i += 1) {
    const event = submit();
    assert.strictEqual(once.again(other, event), false);
    assert.strictEqual(event.stopped, false);
  }
});

test("back on the page from the history, the form may be sent again", () => {
  const erase = form(true);
  once.again(erase, submit());
  once.reset({ querySelectorAll: () => [erase] });
  const event = submit();
  assert.strictEqual(once.again(erase, event), false);
  assert.strictEqual(event.stopped, false);
});

test("a submit with no form behind it is left alone", () => {
  assert.strictEqual(once.again(null, submit()), false);
});

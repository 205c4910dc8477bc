// The referee in the phone against the server's, on the vectors tests/rules_vectors.py
// writes (tests/test_rules_shared.py runs this with BOURRE_RULES_VECTORS set): every hand
// read, checked and settled alike, to the chip, and worded alike in every language.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

const Check = require(path.join(__dirname, "../../static/js/hand_check.js"));

const file = process.env.BOURRE_RULES_VECTORS;

test("the vectors are given", { skip: !file && "BOURRE_RULES_VECTORS is not set" }, () => {
  const { cases, texts } = JSON.parse(fs.readFileSync(file, "utf8"));
  assert.ok(cases.length > 0);

  const differing = [];
  let settled = 0;
  let worded = 0;
  cases.forEach((c, i) => {
    const checked = Check.check(c.screen, c.fields, c.people);
    const phone = {
      problems: checked.problems,
      data: checked.form.data,
      asks: checked.asks,
      countedBourre: checked.form.rows.filter((r) => r.countedBourre).map((r) => r.id),
    };
    const expected = {
      problems: c.expect.problems,
      data: c.expect.data,
      asks: c.expect.asks,
      countedBourre: c.expect.countedBourre,
    };
    if (c.expect.result) {
      phone.result = checked.settled && checked.settled.result;
      phone.state = checked.settled && checked.settled.state;
      expected.result = c.expect.result;
      expected.state = c.expect.state;
      settled += 1;
    } else if (c.expect.unsafe) {
      phone.unsafe = checked.settled === null;
      expected.unsafe = true;
    } else {
      phone.settled = checked.settled;
      expected.settled = null;
    }
    if (c.words) {
      const t = texts[c.words.language];
      const said = Check.words(checked, c.screen.rules, t, c.names);
      phone.words = [said.summary, said.problems, said.notes, said.help];
      expected.words = [c.words.summary, c.words.problems, c.words.notes, c.words.help];
      if (c.words.hand !== undefined) {
        phone.hand = checked.settled && Check.describeHand(
          checked.form.data, checked.settled.result, c.screen.state.roster, t, c.names
        );
        expected.hand = c.words.hand;
      }
      worded += 1;
    }
    try {
      assert.deepStrictEqual(phone, expected);
    } catch (error) {
      differing.push({ case: i, fields: c.fields, message: error.message.slice(0, 3000) });
    }
  });
  console.log(`# ${cases.length} hands: ${settled} settled, ${worded} worded`);
  assert.deepStrictEqual(differing.slice(0, 3), []);
});

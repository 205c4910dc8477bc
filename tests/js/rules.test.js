// The referee in the phone on the rules' own worked examples (docs/rules.md): every
// balance and the pot after each hand, to the chip. The generated cross-check with the
// Python engine is tests/test_rules_shared.py.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");

const Rules = require(path.join(__dirname, "../../static/js/rules.js"));

const ANN = 1;
const BOB = 2;
const CY = 3;
const DEE = 4;

const DEFAULTS = {
  ante: 1, tricks_per_hand: 5, max_players: 7, min_tricks_to_win: 1, escalating_ante: false,
  bourre_cap: null, win_cap: null, pot_cap: null, ante_exemptions: false,
};

function start(roster) {
  const zero = Object.fromEntries(roster.map((p) => [p, 0]));
  return {
    roster, pot: 0, shares: { ...zero }, carry_streak: 0, exempt: [], hands: 0,
    last_seated: [], last_dealer: null, previous_dealer: null, previous_misdeal: false,
    balances: { ...zero },
  };
}

function play(rules, roster, hands) {
  let state = start(roster);
  return hands.map(([dealer, stayed, extra]) => {
    const answer = Rules.settleHand(rules, state, {
      dealer, seated: null, stayed, reneged: [], misdeal: false, ...extra,
    });
    assert.ok(answer.result, JSON.stringify(answer));
    state = answer.state;
    return [state.pot, roster.map((p) => state.balances[p])];
  });
}

test("worked example 1: the defaults, a tie, bourrés, a lone stayer, nobody, a misdeal, a renege", () => {
  const roster = [ANN, BOB, CY, DEE];
  assert.deepEqual(play(DEFAULTS, roster, [
    [ANN, [[BOB, 2], [CY, 2], [DEE, 1]]],
    [BOB, [[CY, 3], [DEE, 0], [ANN, 2]]],
    [CY, [[DEE, 5], [ANN, 0], [BOB, 0]]],
    [DEE, [[ANN, null]]],
    [ANN, []],
    [BOB, [], { misdeal: true }],
    [BOB, [[ANN, 2], [BOB, 2], [CY, 1]], { reneged: [CY] }],
  ]), [
    [4, [-1, -1, -1, -1]],
    [8, [-2, -2, 6, -10]],
    [24, [-15, -15, 5, 1]],
    [0, [12, -16, 4, 0]],
    [4, [11, -17, 3, -1]],
    [4, [11, -17, 3, -1]],
    [16, [10, -18, -6, -2]],
  ]);
});

test("worked example 2: escalating antes, a pot cap and its refunds, a bourré cap, three tricks to win", () => {
  const rules = { ...DEFAULTS, ante: 2, escalating_ante: true, pot_cap: 20, bourre_cap: 15, min_tricks_to_win: 3 };
  assert.deepEqual(play(rules, [ANN, BOB, CY, DEE], [
    [ANN, [[BOB, 2], [CY, 2], [DEE, 1]]],
    [BOB, [[CY, 2], [DEE, 1], [ANN, 2]]],
    [CY, [[DEE, 2], [ANN, 0], [BOB, 3]]],
    [DEE, [[ANN, 2], [BOB, 0], [CY, 0], [DEE, 3]]],
  ]), [
    [8, [-2, -2, -2, -2]],
    [20, [-5, -5, -5, -5]],
    [15, [-20, 15, -5, -5]],
    [20, [-21, 4, -16, 13]],
  ]);
});

test("worked example 3: a win cap re-shares what it leaves in, exemptions skip the ante", () => {
  const rules = { ...DEFAULTS, ante: 2, win_cap: 10, bourre_cap: 10, ante_exemptions: true };
  assert.deepEqual(play(rules, [ANN, BOB, CY], [
    [ANN, [[BOB, 2], [CY, 2], [ANN, 1]]],
    [BOB, [[CY, 4], [ANN, 1], [BOB, 0]]],
    [CY, [[ANN, 3], [BOB, 2]]],
    [ANN, [[BOB, 5], [CY, 0]]],
  ]), [
    [6, [-2, -2, -2]],
    [8, [-4, -10, 6]],
    [2, [4, -10, 4]],
    [8, [2, -4, -6]],
  ]);
});

test("a hand the referee refuses is not settled: every problem, in the engine's order", () => {
  const answer = Rules.settleHand(DEFAULTS, start([ANN, BOB, CY]), {
    dealer: ANN, seated: [ANN, BOB], stayed: [[BOB, 2], [CY, 2]], reneged: [ANN], misdeal: false,
  });
  assert.deepEqual(answer.problems.map((p) => p.code), [
    "stayer_not_seated", "tricks_do_not_add_up", "renege_without_staying",
  ]);
});

test("past what a Number holds exactly, the phone leaves the hand to the server", () => {
  const rules = { ...DEFAULTS, ante: 1000000, escalating_ante: true };
  const state = { ...start([ANN, BOB]), carry_streak: 40 };
  const answer = Rules.settleHand(rules, state, {
    dealer: ANN, seated: null, stayed: [], reneged: [], misdeal: false,
  });
  assert.deepEqual(answer, { unsafe: true });
});

test("apportion gives floor shares, then the largest remainders, ties from the dealer's left", () => {
  const paid = new Map([[ANN, 2], [BOB, 8], [CY, 2]]);
  assert.deepEqual(Array.from(Rules.apportion(2, paid, [ANN, BOB, CY])), [[ANN, 1], [BOB, 1]]);
});

// The referee in the phone: the money rules of one hand (ledger/rules/hand.py and
// excess.py), so the hand screen checks a hand, and says what it did, at once and with no
// connection. The server stays the referee of record; its answer replaces this one.
//
// A port, held to the Python engine by tests/test_rules_shared.py: thousands of generated
// hands (every preset and house rule, misdeals, reneges, ties, lone stayers, caps,
// escalation, exemptions, seven cards, eight players) settled by both, compared to the chip.
//
// Players are their ids (numbers). A problem is {code, params}, as the engine's Problem; the
// page words it (hand.js). Amounts are Numbers: past 2**53 a hand is not settled here
// (settleHand answers {unsafe: true}) and the screen waits for the server.
(function (root) {
  "use strict";

  var DECK_SIZE = 52;
  var MIN_SEATED = 2;
  var MAX_HANDS = 2000;

  // Movement kinds, as the ledger's entries name them.
  var ANTE = "ante";
  var ANTE_REFUND = "ante_refund";
  var WIN = "win";
  var BOURRE = "bourre";
  var RENEGE = "renege";
  var PENALTY_REFUND = "penalty_refund";

  function problem(code, params) {
    return { code: code, params: params };
  }

  function isWhole(value) {
    return typeof value === "number" && Number.isInteger(value);
  }

  // ``seats`` from the dealer's left, dealer last (excess.order_from_left); a dealer not
  // on them leaves them as they are.
  function orderFromLeft(seats, dealer) {
    var at = seats.indexOf(dealer);
    if (dealer === null || dealer === undefined || at < 0) {
      return seats.slice();
    }
    return seats.slice(at + 1).concat(seats.slice(0, at + 1));
  }

  // Share ``amount`` among ``paid``'s players (a Map) in proportion to what each paid:
  // floor shares, then one chip each to the largest remainders, ties by ``order``. Exact
  // with BigInt, whatever the products. Answers a Map of the non-zero shares, in order.
  function apportion(amount, paid, order) {
    var got = new Map();
    if (amount === 0) {
      return got;
    }
    var ordered = order.filter(function (p) { return (paid.get(p) || 0) > 0; });
    var total = 0n;
    ordered.forEach(function (p) { total += BigInt(paid.get(p)); });
    var big = BigInt(amount);
    if (big < 0n || big > total) {
      throw new RangeError("cannot apportion " + amount + " chips over payments of " + total);
    }
    var shares = [];
    var given = 0n;
    ordered.forEach(function (p, position) {
      var product = big * BigInt(paid.get(p));
      var whole = product / total;
      shares.push({ player: p, whole: whole, remainder: product % total, position: position });
      given += whole;
    });
    var left = Number(big - given);
    shares.slice().sort(function (a, b) {
      if (a.remainder !== b.remainder) {
        return a.remainder > b.remainder ? -1 : 1;
      }
      return a.position - b.position;
    }).slice(0, left).forEach(function (share) { share.whole += 1n; });
    shares.forEach(function (share) {
      if (share.whole) {
        got.set(share.player, Number(share.whole));
      }
    });
    return got;
  }

  // The next hand's ante: doubled after each carryover in a row when the ante escalates.
  function anteFor(rules, state) {
    return rules.ante * (rules.escalating_ante ? Math.pow(2, state.carry_streak) : 1);
  }

  // Each distinct value with how often it comes, in first-seen order.
  function tally(players) {
    var counts = new Map();
    players.forEach(function (p) { counts.set(p, (counts.get(p) || 0) + 1); });
    return Array.from(counts.entries());
  }

  // Every problem with ``hand`` as the next hand of ``state``'s night ([] when it is fine):
  // hand.py's hand_errors, check for check, in its order.
  //   hand: {dealer, seated: [ids] or null (everyone), stayed: [[id, tricks or null]...],
  //          reneged: [ids, one per renege], misdeal}
  function handErrors(rules, state, hand) {
    var number = state.hands + 1;
    var roster = new Set(state.roster);
    var problems = [];
    var tricksPerHand = rules.tricks_per_hand;
    function onRoster(code, player) {
      if (roster.has(player)) {
        return true;
      }
      problems.push(problem(code, { hand: number, player: player }));
      return false;
    }
    if (number > MAX_HANDS) {
      problems.push(problem("night_too_long", { hand: number, limit: MAX_HANDS }));
    }
    var dealerKnown = onRoster("dealer_not_on_roster", hand.dealer);
    if (hand.misdeal) {
      if (dealerKnown && hand.seated !== null && hand.seated.indexOf(hand.dealer) < 0) {
        problems.push(problem("dealer_not_seated", { hand: number, player: hand.dealer }));
      }
      return problems;
    }
    var seatedTally = tally(hand.seated === null ? state.roster : hand.seated);
    var seated = new Set();
    seatedTally.forEach(function (pair) {
      if (onRoster("seated_not_on_roster", pair[0])) {
        seated.add(pair[0]);
        if (pair[1] > 1) {
          problems.push(problem("seated_twice", { hand: number, player: pair[0] }));
        }
      }
    });
    if (dealerKnown && !seated.has(hand.dealer)) {
      problems.push(problem("dealer_not_seated", { hand: number, player: hand.dealer }));
    }
    var count = seatedTally.length;
    if (count < MIN_SEATED) {
      problems.push(problem("hand_too_few_seated", { hand: number, count: count }));
    }
    if (count > rules.max_players) {
      problems.push(problem("hand_too_many_seated", {
        hand: number, count: count, max_players: rules.max_players,
      }));
    }
    if (count * tricksPerHand > DECK_SIZE) {
      problems.push(problem("hand_too_many_cards", {
        hand: number, count: count, tricks_per_hand: tricksPerHand, cards: count * tricksPerHand,
      }));
    }
    var stayers = hand.stayed.map(function (pair) { return pair[0]; });
    var stayedSet = new Set(stayers);
    stayers.forEach(function (player) {
      if (onRoster("stayer_not_on_roster", player) && !seated.has(player)) {
        problems.push(problem("stayer_not_seated", { hand: number, player: player }));
      }
    });
    if (stayers.length >= 2) {
      var allWhole = true;
      var total = 0;
      hand.stayed.forEach(function (pair) {
        var player = pair[0];
        var tricks = pair[1];
        if (tricks === null || tricks === undefined) {
          problems.push(problem("tricks_missing", { hand: number, player: player }));
          allWhole = false;
        } else if (!isWhole(tricks)) {
          problems.push(problem("tricks_not_whole_number", {
            hand: number, player: player, value: tricks,
          }));
          allWhole = false;
        } else {
          total += tricks;
          if (tricks < 0) {
            problems.push(problem("tricks_negative", { hand: number, player: player, tricks: tricks }));
          } else if (tricks > tricksPerHand) {
            problems.push(problem("tricks_over", {
              hand: number, player: player, tricks: tricks, tricks_per_hand: tricksPerHand,
            }));
          }
        }
      });
      if (allWhole && total !== tricksPerHand) {
        problems.push(problem("tricks_do_not_add_up", {
          hand: number, total: total, tricks_per_hand: tricksPerHand,
        }));
      }
    }
    tally(hand.reneged).forEach(function (pair) {
      var player = pair[0];
      if (onRoster("reneger_not_on_roster", player) && !stayedSet.has(player)) {
        problems.push(problem("renege_without_staying", { hand: number, player: player }));
      }
      if (pair[1] > tricksPerHand) {
        problems.push(problem("reneged_too_often", {
          hand: number, player: player, count: pair[1], tricks_per_hand: tricksPerHand,
        }));
      }
      if (stayers.length < 2) {
        problems.push(problem("renege_too_few_stayers", {
          hand: number, player: player, count: stayers.length,
        }));
      }
    });
    return problems;
  }

  function mapOf(object, roster) {
    var map = new Map();
    roster.forEach(function (p) { map.set(p, (object && object[p]) || 0); });
    return map;
  }

  function objectOf(map, roster) {
    var out = {};
    roster.forEach(function (p) {
      if (map.has(p)) {
        out[p] = map.get(p);
      }
    });
    return out;
  }

  // Settle ``hand`` as the next hand of ``state`` (hand.py's settle_hand).
  //   state: the stored state (ledger/rules/stored.py) with "balances": {id: chips}.
  // Answers {problems} when the referee refuses it; {unsafe: true} when an amount passes
  // what a Number holds exactly; otherwise {result, state}: the result as stored
  // (result_to_json) with "balances" after it, and the next state in the same form.
  function settleHand(rules, state, hand) {
    var problems = handErrors(rules, state, hand);
    if (problems.length) {
      return { problems: problems };
    }
    var number = state.hands + 1;
    var roster = state.roster;
    if (hand.misdeal) {
      return {
        result: {
          number: number, dealer: hand.dealer, misdeal: true, ante: 0, ante_payers: [],
          ante_refunds: {}, pot_before: state.pot, winner: null, winner_takes: 0,
          bourre_payments: {}, renege_payments: {}, penalty_refunds: {},
          pot_after: state.pot, carryover: false, changes: {}, seated: [],
          balances: objectOf(mapOf(state.balances, roster), roster),
        },
        state: Object.assign({}, state, {
          hands: number, previous_dealer: hand.dealer, previous_misdeal: true,
          balances: objectOf(mapOf(state.balances, roster), roster),
        }),
      };
    }
    var order = orderFromLeft(roster, hand.dealer);
    var seatedSet = new Set(hand.seated === null ? roster : hand.seated);
    var seated = roster.filter(function (p) { return seatedSet.has(p); });
    var inTurn = order.filter(function (p) { return seatedSet.has(p); });
    var balances = mapOf(state.balances, roster);
    var shares = mapOf(state.shares, roster);
    var changes = new Map();
    var pot = state.pot;

    function move(player, amount) {
      if (amount === 0) {
        return;
      }
      balances.set(player, balances.get(player) + amount);
      changes.set(player, (changes.get(player) || 0) + amount);
      pot -= amount;
    }

    // 1. Antes, and any pot_cap excess back to this hand's ante payers.
    var ante = anteFor(rules, state);
    var exempt = new Set(state.exempt);
    var antePayers = inTurn.filter(function (p) { return !(rules.ante_exemptions && exempt.has(p)); });
    antePayers.forEach(function (p) {
      move(p, -ante, ANTE);
      shares.set(p, shares.get(p) + ante);
    });
    var anteRefunds = new Map();
    if (rules.pot_cap !== null && pot > rules.pot_cap) {
      var paidAntes = new Map();
      antePayers.forEach(function (p) { paidAntes.set(p, ante); });
      anteRefunds = apportion(Math.min(pot - rules.pot_cap, ante * antePayers.length), paidAntes, order);
      anteRefunds.forEach(function (chips, p) {
        move(p, chips, ANTE_REFUND);
        shares.set(p, shares.get(p) - chips);
      });
    }
    var potBefore = pot;

    // 2.-4. Play.
    var stayedMap = new Map(hand.stayed);
    var stayers = inTurn.filter(function (p) { return stayedMap.has(p); });
    var winner = null;
    var bourres = [];
    var nextExempt = new Set();
    if (stayers.length === 1) {
      winner = stayers[0];
    } else if (stayers.length >= 2) {
      var most = Math.max.apply(null, stayers.map(function (p) { return stayedMap.get(p); }));
      var leaders = stayers.filter(function (p) { return stayedMap.get(p) === most; });
      if (leaders.length === 1 && most >= rules.min_tricks_to_win) {
        winner = leaders[0];
      }
      bourres = stayers.filter(function (p) { return stayedMap.get(p) === 0; });
      bourres.forEach(function (p) { nextExempt.add(p); });
      if (leaders.length > 1) {
        leaders.forEach(function (p) { nextExempt.add(p); });
      }
    }

    var winnerTakes = 0;
    if (winner !== null) {
      winnerTakes = rules.win_cap === null ? potBefore : Math.min(potBefore, rules.win_cap);
      var beforeWin = new Map(shares);
      move(winner, winnerTakes, WIN);
      var kept = apportion(pot, beforeWin, order); // what the win_cap left in
      shares = new Map();
      roster.forEach(function (p) { shares.set(p, kept.get(p) || 0); });
    }

    var match = rules.bourre_cap === null ? potBefore : Math.min(potBefore, rules.bourre_cap);
    var reneges = new Map(tally(hand.reneged));
    var bourrePayments = new Map();
    if (match) {
      bourres.forEach(function (p) { bourrePayments.set(p, match); });
    }
    var renegePayments = new Map();
    stayers.forEach(function (p) {
      if (reneges.get(p) && match) {
        renegePayments.set(p, match * reneges.get(p));
      }
    });
    var paid = new Map();
    [[BOURRE, bourrePayments], [RENEGE, renegePayments]].forEach(function (kind) {
      kind[1].forEach(function (chips, p) {
        move(p, -chips, kind[0]);
        shares.set(p, shares.get(p) + chips);
        paid.set(p, (paid.get(p) || 0) + chips);
      });
    });
    var penaltyRefunds = new Map();
    if (rules.pot_cap !== null && pot > rules.pot_cap) {
      var penalties = 0;
      paid.forEach(function (chips) { penalties += chips; });
      penaltyRefunds = apportion(Math.min(pot - rules.pot_cap, penalties), paid, order);
      penaltyRefunds.forEach(function (chips, p) {
        move(p, chips, PENALTY_REFUND);
        shares.set(p, shares.get(p) - chips);
      });
    }

    var carryover = winner === null;
    var result = {
      number: number,
      dealer: hand.dealer,
      misdeal: false,
      ante: ante,
      ante_payers: antePayers,
      ante_refunds: objectOf(anteRefunds, roster),
      pot_before: potBefore,
      winner: winner,
      winner_takes: winnerTakes,
      bourre_payments: objectOf(bourrePayments, roster),
      renege_payments: objectOf(renegePayments, roster),
      penalty_refunds: objectOf(penaltyRefunds, roster),
      pot_after: pot,
      carryover: carryover,
      changes: objectOf(new Map(Array.from(changes).filter(function (c) { return c[1] !== 0; })), roster),
      seated: seated,
      balances: objectOf(balances, roster),
    };
    var after = {
      roster: roster.slice(),
      pot: pot,
      shares: objectOf(shares, roster),
      carry_streak: carryover ? state.carry_streak + 1 : 0,
      exempt: roster.filter(function (p) { return nextExempt.has(p); }),
      hands: number,
      last_seated: seated,
      last_dealer: hand.dealer,
      previous_dealer: hand.dealer,
      previous_misdeal: false,
      balances: objectOf(balances, roster),
    };
    if (!allSafe([result, after])) {
      return { unsafe: true };
    }
    return { result: result, state: after };
  }

  // Every number in what was worked out is held exactly.
  function allSafe(value) {
    if (typeof value === "number") {
      return Number.isSafeInteger(value);
    }
    if (value && typeof value === "object") {
      return Object.keys(value).every(function (k) { return allSafe(value[k]); });
    }
    return true;
  }

  var api = {
    MAX_HANDS: MAX_HANDS,
    orderFromLeft: orderFromLeft,
    apportion: apportion,
    anteFor: anteFor,
    handErrors: handErrors,
    settleHand: settleHand,
  };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  } else {
    root.BourreRules = api;
  }
})(this);

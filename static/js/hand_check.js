// The live check, on the phone: the hand screen's taps read as the server reads a posted
// hand (tables/forms/hand.py from_post), checked by the referee (rules.js) as the server
// checks it (tables/hand_entry.py problems), and put in the page's words: the problems, the
// bar's summary, and what a hand did (tables/presenters.py describe_hand).
// tests/test_rules_shared.py holds all of it to the Python on generated hands, words in
// every language included. ``texts`` are the page's (tables/pages/hand_screen.py
// phone_texts), in the host's language.
(function (root) {
  "use strict";

  var Rules = typeof module === "object" && module.exports ? require("./rules.js") : root.BourreRules;

  var STAY = "stay";
  var FOLD = "fold";
  var MOST_RENEGES = 7; // one a trick, in the longest hand

  // ---- reading the taps ------------------------------------------------------------

  function isWholeText(text) {
    return /^-?[0-9]{1,18}$/.test(text);
  }

  function toInt(text) {
    text = (text || "").trim();
    return isWholeText(text) ? Number(text) : null;
  }

  function get(fields, name) {
    var value = fields[name];
    return value === undefined || value === null ? "" : String(value);
  }

  // people: [{id, position, active}] in seat order. fields: {name: value} as posted.
  // Answers the form: {number, dealer, rows (from the dealer's left), misdeal, problems,
  // data (the hand for the referee, or null)}.
  function readHand(fields, people, options) {
    var number = options.number;
    var exempt = new Set(options.exempt || []);
    var problems = [];
    var dealer = toInt(get(fields, "dealer"));
    if (dealer === null) {
      problems.push({ code: "dealer_missing", params: { hand: number } });
    }
    var ids = people.map(function (p) { return p.id; });
    var turn = Rules.orderFromLeft(ids, dealer);
    var byId = new Map(people.map(function (p) { return [p.id, p]; }));
    var rows = turn.map(function (id) {
      var person = byId.get(id);
      var row = {
        id: id, position: person.position, active: person.active, exempt: exempt.has(id),
        seated: Boolean(get(fields, "seated_" + id)), play: FOLD, tricks: "", reneges: 0,
        countedBourre: false,
      };
      var play = get(fields, "play_" + id).trim();
      if (play !== STAY && play !== FOLD && isWholeText(play) && play[0] !== "-") {
        row.play = STAY;
        row.tricks = play;
      } else {
        row.play = play === STAY ? STAY : FOLD;
        row.tricks = get(fields, "tricks_" + id).trim();
      }
      var renege = get(fields, "renege_" + id).trim();
      if (renege) {
        var count = renege === "on" ? 1 : toInt(renege);
        if (count === null || count < 0) {
          problems.push({ code: "renege_not_a_count", params: { hand: number, player: id, value: renege } });
          count = 0;
        } else if (count > MOST_RENEGES) {
          problems.push({
            code: "renege_too_many",
            params: { hand: number, player: id, value: count, most: MOST_RENEGES },
          });
          count = 0;
        }
        row.reneges = count;
      }
      return row;
    }).filter(function (row) { return row.active || row.seated || row.play === STAY; });
    var form = {
      number: number, dealer: dealer, rows: rows, misdeal: Boolean(get(fields, "misdeal")),
      problems: problems, data: null,
    };
    if (!form.misdeal) {
      tricksProblems(form).forEach(function (p) { problems.push(p); });
      if (options.tricksPerHand !== undefined && !problems.length) {
        bourreByCount(form, options.tricksPerHand);
      }
    }
    if (!problems.length) {
      form.data = handData(form);
    }
    return form;
  }

  function stayers(form) {
    return form.rows.filter(function (row) { return row.play === STAY; });
  }

  function tricksTotal(form) {
    return stayers(form).reduce(function (sum, row) {
      return sum + (isWholeText(row.tricks) ? Number(row.tricks) : 0);
    }, 0);
  }

  function tricksProblems(form) {
    var problems = [];
    var counted = stayers(form).length >= 2; // a lone stayer's tricks are never counted
    form.rows.forEach(function (row) {
      if (row.play === STAY) {
        if (counted && row.tricks && !isWholeText(row.tricks)) {
          problems.push({
            code: "tricks_not_whole_number",
            params: { hand: form.number, player: row.id, value: row.tricks },
          });
        }
      } else if (row.tricks && row.tricks !== "0") {
        problems.push({
          code: "tricks_for_folded",
          params: { hand: form.number, player: row.id, tricks: row.tricks },
        });
      }
    });
    return problems;
  }

  // Stayers left without tricks took none when the others' tricks make the hand's.
  function bourreByCount(form, tricksPerHand) {
    var seated = stayers(form).filter(function (row) { return row.seated; });
    if (seated.length < 2) {
      return;
    }
    var blank = seated.filter(function (row) { return !row.tricks; });
    var counted = seated.filter(function (row) { return row.tricks; });
    if (blank.length && counted.length && tricksTotal(form) === tricksPerHand) {
      blank.forEach(function (row) {
        row.tricks = "0";
        row.countedBourre = true;
      });
    }
  }

  function handData(form) {
    var rows = form.rows.slice().sort(function (a, b) { return a.position - b.position; });
    var seated = rows.filter(function (row) { return row.seated; }).map(function (row) { return row.id; });
    if (form.misdeal) {
      return { dealer: form.dealer, seated: seated, stayed: [], reneged: [], misdeal: true };
    }
    var staying = rows.filter(function (row) { return row.play === STAY; });
    var lone = staying.length === 1;
    var reneged = [];
    rows.forEach(function (row) {
      for (var i = 0; i < row.reneges; i += 1) {
        reneged.push(row.id);
      }
    });
    return {
      dealer: form.dealer,
      seated: seated,
      stayed: staying.map(function (row) { return [row.id, lone ? null : toInt(row.tricks)]; }),
      reneged: reneged,
      misdeal: false,
    };
  }

  // ---- the check -------------------------------------------------------------------

  function sameProblem(a, b) {
    if (a.code !== b.code) {
      return false;
    }
    var keys = Object.keys(a.params);
    return keys.length === Object.keys(b.params).length && keys.every(function (k) {
      return a.params[k] === b.params[k];
    });
  }

  // What is wrong with the tapped hand as the screen's next one (hand_entry.problems).
  // screen: {rules, state, number: the next hand's number}.
  function problems(screen, form) {
    var found = form.problems.slice();
    if (form.number < screen.number) {
      found.unshift({ code: "hand_already_recorded", params: { number: form.number } });
    }
    if (form.data !== null) {
      Rules.handErrors(screen.rules, screen.state, form.data).forEach(function (p) {
        if (!found.some(function (q) { return sameProblem(p, q); })) {
          found.push(p);
        }
      });
    }
    return found;
  }

  // The hand checked and, when the referee takes it, settled: {form, problems, asks,
  // settled: {result, state} | null}. ``asks``: recording it asks again first (nobody
  // stays); a misdeal always asks.
  function check(screen, fields, people) {
    var form = readHand(fields, people, {
      number: screen.formNumber === undefined ? screen.number : screen.formNumber,
      exempt: screen.state.exempt,
      tricksPerHand: screen.rules.tricks_per_hand,
    });
    var found = problems(screen, form);
    var settled = null;
    if (!found.length && form.data !== null) {
      var answer = Rules.settleHand(screen.rules, screen.state, form.data);
      settled = answer.result ? answer : null;
    }
    return {
      form: form,
      problems: found,
      asks: !form.misdeal && stayers(form).length === 0,
      settled: settled,
    };
  }

  // ---- words ---------------------------------------------------------------------

  // A whole number grouped as the page's language groups digits (Babel's "#,##0").
  function whole(amount, texts) {
    var negative = amount < 0;
    var digits = String(Math.abs(amount));
    if (digits.length >= 4 + (texts.minimumGrouping - 1)) {
      var groups = [];
      while (digits.length > 3) {
        groups.unshift(digits.slice(-3));
        digits = digits.slice(0, -3);
      }
      groups.unshift(digits);
      digits = groups.join(texts.group);
    }
    return (negative ? "-" : "") + digits;
  }

  // Python's repr of a str (the form's values are strings).
  function pyRepr(value) {
    if (typeof value !== "string") {
      return String(value);
    }
    var quote = value.indexOf("'") >= 0 && value.indexOf('"') < 0 ? '"' : "'";
    var body = value.replace(/\\/g, "\\\\");
    if (quote === "'") {
      body = body.replace(/'/g, "\\'");
    }
    return quote + body + quote;
  }

  // %(name)s as Python's % fills it.
  function fill(template, params) {
    return template.replace(/%\((\w+)\)s/g, function (all, name) {
      return String(params[name]);
    });
  }

  function plural(forms, count, texts) {
    var other = texts.pluralAboveOne ? count > 1 : count !== 1;
    return other ? forms[1] : forms[0];
  }

  function nameOf(names, texts) {
    return function (id) {
      var name = names[id];
      return name === undefined ? fill(texts.playerShown, { number: id }) : name;
    };
  }

  function joinNames(list, texts) {
    if (list.length <= 1) {
      return list.join("");
    }
    return fill(texts.and, { items: list.slice(0, -1).join(texts.separator), last: list[list.length - 1] });
  }

  // A problem in the page's words (tables/problems.py): {param}, {param:,} grouped,
  // {param!r} as Python shows a value; the player by name.
  function sentence(p, texts, names) {
    var template = texts.problems[p.code];
    var name = nameOf(names, texts);
    return template.replace(/\{(\w+)(!r)?(:,)?\}/g, function (all, key, repr, grouped) {
      var value = p.params[key];
      if (key === "player") {
        return name(value);
      }
      if (repr) {
        return pyRepr(value);
      }
      return grouped ? whole(value, texts) : String(value);
    });
  }

  // The bar's summary of the tapped hand (hand_screen._summary).
  function summary(form, tricksPerHand, texts, names) {
    var name = nameOf(names, texts);
    var words = texts.summary;
    if (form.misdeal) {
      var dealt = form.rows.some(function (row) { return row.id === form.dealer; });
      return dealt ? fill(words.misdeal, { dealer: name(form.dealer) }) : words.misdealDealer;
    }
    var staying = stayers(form);
    if (!staying.length) {
      return words.nobody;
    }
    if (staying.length === 1) {
      return fill(staying[0].reneges ? words.reneged : words.alone, { player: name(staying[0].id) });
    }
    return fill(words.tricks, { total: tricksTotal(form), tricks: tricksPerHand });
  }

  function notes(form, texts, names) {
    var name = nameOf(names, texts);
    return form.rows.filter(function (row) { return row.countedBourre; }).map(function (row) {
      return fill(texts.bourreNote, { player: name(row.id) });
    });
  }

  // ``amounts`` ({id: chips}) in seat order, "Ann 2 and Bob 2".
  function amountsText(amounts, roster, texts, name) {
    return joinNames(roster.filter(function (p) { return amounts[p] !== undefined; }).map(function (p) {
      return name(p) + " " + whole(amounts[p], texts);
    }), texts);
  }

  function inOrder(amounts, roster) {
    return roster.filter(function (p) { return amounts[p] !== undefined; });
  }

  // What a hand did, in a sentence or three (presenters.describe_hand). ``hand``: the
  // referee's input ({stayed: [[id, tricks]...], reneged}); ``result`` as settleHand
  // answers it; ``roster``: seat order.
  function describeHand(hand, result, roster, texts, names) {
    var name = nameOf(names, texts);
    var words = texts.hand;
    if (result.misdeal) {
      return fill(words.misdeal, { dealer: name(result.dealer) });
    }
    var sentences = [];
    if (inOrder(result.ante_refunds, roster).length) {
      sentences.push(fill(words.anteCapped, { amounts: amountsText(result.ante_refunds, roster, texts, name) }));
    }
    if (!hand.stayed.length) {
      sentences.push(fill(words.nobody, { pot: whole(result.pot_after, texts) }));
      return sentences.join(" ");
    }
    if (hand.stayed.length === 1) {
      sentences.push(fill(words.alone, {
        winner: name(result.winner), amount: whole(result.winner_takes, texts),
      }));
    } else {
      penalties(hand, result, roster, texts, name).forEach(function (s) { sentences.push(s); });
      sentences.push(outcome(hand, result, texts, name));
    }
    if (inOrder(result.penalty_refunds, roster).length) {
      sentences.push(fill(words.penaltyCapped, { amounts: amountsText(result.penalty_refunds, roster, texts, name) }));
    }
    return sentences.join(" ");
  }

  function penalties(hand, result, roster, texts, name) {
    var words = texts.hand;
    var sentences = [];
    var bourres = inOrder(result.bourre_payments, roster);
    if (bourres.length) {
      var amounts = new Set(bourres.map(function (p) { return result.bourre_payments[p]; }));
      if (bourres.length === 1) {
        sentences.push(fill(words.bourreOne, {
          player: name(bourres[0]), amount: whole(result.bourre_payments[bourres[0]], texts),
        }));
      } else if (amounts.size === 1) {
        sentences.push(fill(words.bourreSame, {
          players: joinNames(bourres.map(name), texts),
          amount: whole(result.bourre_payments[bourres[0]], texts),
        }));
      } else {
        sentences.push(fill(words.bourreMany, {
          amounts: amountsText(result.bourre_payments, roster, texts, name),
        }));
      }
    }
    inOrder(result.renege_payments, roster).forEach(function (p) {
      var count = hand.reneged.filter(function (q) { return q === p; }).length;
      var template = count === 1 ? words.reneged1 : count === 2 ? words.reneged2
        : count === 3 ? words.reneged3 : plural(words.renegedMany, count, texts);
      sentences.push(fill(template, {
        player: name(p), amount: whole(result.renege_payments[p], texts), count: count,
      }));
    });
    return sentences;
  }

  function outcome(hand, result, texts, name) {
    var words = texts.hand;
    if (result.winner !== null) {
      var takes = result.winner_takes;
      var left = result.pot_before - takes;
      var params = {
        winner: name(result.winner), amount: whole(takes, texts), left: whole(left, texts),
      };
      if (takes < result.pot_before) {
        return fill(plural(words.winsSome, left, texts), params);
      }
      return fill(words.wins, params);
    }
    var most = Math.max.apply(null, hand.stayed.map(function (pair) { return pair[1] || 0; }));
    var leaders = hand.stayed.filter(function (pair) { return (pair[1] || 0) === most; }).map(function (pair) {
      return name(pair[0]);
    });
    var filled = {
      players: joinNames(leaders, texts), player: leaders[0], tricks: most,
      pot: whole(result.pot_after, texts),
    };
    return fill(plural(leaders.length > 1 ? words.tie : words.tooFew, most, texts), filled);
  }

  // A hand the bar's summary says all of: a misdeal, or one winner takes the pot, nobody
  // reneged, no ante given back (tables/pages/hand_screen.py, plain).
  function plain(hand, result, state) {
    return result.misdeal || (result.winner !== null && !(hand.reneged || []).length &&
      !inOrder(result.ante_refunds, state.roster).length);
  }

  // Everything the bar says of the tapped hand: {summary, problems, notes, help}.
  function words(checked, rules, texts, names) {
    var help = "";
    if (!checked.problems.length) {
      help = checked.asks ? texts.help.asks : texts.help.ready;
      // Record says what it will do whenever the hand is not plain (a renege, nobody
      // taking the pot, antes given back): the phone's rules settle it as the server will.
      var settled = checked.settled;
      if (!checked.asks && settled && !plain(checked.form.data, settled.result, settled.state)) {
        help = describeHand(
          checked.form.data, settled.result, settled.state.roster, texts, names
        ) + " " + help;
      }
    }
    return {
      summary: summary(checked.form, rules.tricks_per_hand, texts, names),
      problems: checked.problems.map(function (p) { return sentence(p, texts, names); }),
      notes: notes(checked.form, texts, names),
      help: help,
    };
  }

  var api = {
    readHand: readHand,
    problems: problems,
    check: check,
    words: words,
    sentence: sentence,
    describeHand: describeHand,
    whole: whole,
    fill: fill,
  };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  } else {
    root.BourreHandCheck = api;
  }
})(this);

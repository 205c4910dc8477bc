// Who deals the next hand and who is dealt in, after a hand entered on this phone: the
// server's rule (ledger/selectors/hand_screen.py next_deal, with NightState.next_dealer),
// followed here when the hand waits in the outbox with no connection.
// tests/test_next_deal_shared.py runs this file with Node against the Python rule over
// many random hands: the two must agree.
(function (root) {
  "use strict";

  // The last hand's seats are remembered among those at the table now (whoever joined
  // since is dealt in); if that leaves nobody, everyone.
  function dealtIn(active, seated, lastRoster) {
    var kept = active.filter(function (id) {
      return seated.indexOf(id) >= 0 || lastRoster.indexOf(id) < 0;
    });
    return kept.length ? kept : active.slice();
  }

  // The same dealer after a misdeal; else the next one dealt in, clockwise round the
  // roster (seat order) after the last dealer; for the first hand the first dealt in.
  function nextDealer(roster, previousDealer, previousMisdeal, dealt) {
    var inOrder = roster.filter(function (id) { return dealt.indexOf(id) >= 0; });
    if (!inOrder.length) {
      return null;
    }
    var at = roster.indexOf(previousDealer);
    if (previousDealer === null || at < 0) {
      return inOrder[0];
    }
    if (previousMisdeal && dealt.indexOf(previousDealer) >= 0) {
      return previousDealer;
    }
    var round = roster.slice(at + 1).concat(roster.slice(0, at + 1));
    for (var i = 0; i < round.length; i += 1) {
      if (dealt.indexOf(round[i]) >= 0) {
        return round[i];
      }
    }
    return inOrder[0];
  }

  // night: {roster, active}; hand: {dealer, misdeal, seated, roster} as just entered.
  function nextDeal(night, hand) {
    var dealt = dealtIn(night.active, hand.seated, hand.roster);
    var dealer = nextDealer(night.roster, hand.dealer, hand.misdeal, dealt);
    if (dealer === null && night.active.length) {
      dealer = night.active[0];
    }
    return { dealer: dealer, seated: dealt };
  }

  var api = { dealtIn: dealtIn, nextDealer: nextDealer, nextDeal: nextDeal };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  } else {
    root.BourreNextDeal = api;
  }
})(this);

"""Settling one hand (docs/rules.md, "Settling one hand"), and the checks before it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from . import errors as e
from .errors import Code, Problem, RulesError, gettext_noop
from .excess import apportion, order_from_left
from .house_rules import DECK_SIZE, MAX_HANDS, MIN_SEATED, HouseRules, is_whole
from .keys import PlayerKey, is_known, is_player_key
from .state import NightState

# Movement kinds: why chips moved between a player and the pot.
ANTE = "ante"
ANTE_REFUND = "ante_refund"
WIN = "win"
BOURRE = "bourre"
RENEGE = "renege"
PENALTY_REFUND = "penalty_refund"
LEFTOVER = "leftover"
MOVEMENT_KINDS = (ANTE, ANTE_REFUND, WIN, BOURRE, RENEGE, PENALTY_REFUND, LEFTOVER)

HAND_FIELDS = ("dealer", "seated", "stayed", "reneged", "misdeal")


@dataclass(frozen=True)
class HandInput:
    """One hand as the host enters it.

    Players are keys (see ``keys``). ``seated`` None means the whole roster; any order (the
    engine uses seat order). ``stayed`` maps each stayer to the tricks they took (a lone
    stayer's value is ignored); a plain list of keys is accepted too and means "stayed,
    tricks not entered". ``reneged`` lists one key per renege (a key twice = two reneges).
    A misdeal needs only the dealer; ``stayed`` and ``reneged`` are then ignored.
    """

    dealer: PlayerKey
    seated: tuple[PlayerKey, ...] | None = None
    stayed: Mapping[PlayerKey, int | None] = field(default_factory=dict)
    reneged: tuple[PlayerKey, ...] = ()
    misdeal: bool = False

    def __post_init__(self) -> None:
        # Own copies, so a caller's later mutation cannot change a recorded hand.
        if self.seated is not None:
            object.__setattr__(self, "seated", tuple(self.seated))
        stayed = self.stayed
        stayed = dict(stayed) if isinstance(stayed, Mapping) else dict.fromkeys(stayed)
        object.__setattr__(self, "stayed", stayed)
        object.__setattr__(self, "reneged", tuple(self.reneged))

    def to_dict(self) -> dict[str, Any]:
        """The night file's hand object."""
        data: dict[str, Any] = {"dealer": self.dealer}
        if self.seated is not None:
            data["seated"] = list(self.seated)
        if self.misdeal:
            data["misdeal"] = True
            return data
        data["stayed"] = dict(self.stayed)
        if self.reneged:
            data["reneged"] = list(self.reneged)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], hand: int) -> HandInput:
        """Read a night file's hand object (``hand`` is its number, for the messages).

        A night file names its players, so here (only) players are names: strings.
        Checks the shape only (fields and their JSON types); ``settle_hand`` checks the rest.
        """
        if not isinstance(data, Mapping):
            raise RulesError([e.HAND_NOT_MAPPING(hand=hand, value=data)])
        problems = [
            e.HAND_UNKNOWN_FIELD(hand=hand, key=key) for key in data if key not in HAND_FIELDS
        ]

        def wrong(key: str, expected: str) -> None:
            # ``expected`` is worded into the sentence: marked for translation like it.
            problems.append(
                e.HAND_FIELD_WRONG_TYPE(hand=hand, key=key, expected=expected, value=data[key])
            )

        def names(key: str) -> tuple[str, ...] | None:
            value = data.get(key)
            if value is None:
                return None
            if not isinstance(value, list | tuple) or not all(isinstance(n, str) for n in value):
                wrong(key, gettext_noop("a list of names"))
                return None
            return tuple(value)

        misdeal = data.get("misdeal", False)
        if not isinstance(misdeal, bool):
            wrong("misdeal", gettext_noop("true or false"))
            misdeal = False
        dealer = data.get("dealer")
        if "dealer" not in data:
            problems.append(e.HAND_FIELD_MISSING(hand=hand, key="dealer"))
        elif not isinstance(dealer, str):
            wrong("dealer", gettext_noop("a name"))
        seated = names("seated")
        reneged = names("reneged") or ()
        stayed = data.get("stayed")
        if stayed is None:
            if not misdeal:
                problems.append(e.HAND_FIELD_MISSING(hand=hand, key="stayed"))
            stayed = {}
        elif not isinstance(stayed, Mapping) or not all(isinstance(n, str) for n in stayed):
            wrong("stayed", gettext_noop("an object of name: tricks"))
            stayed = {}
        if problems:
            raise RulesError(problems)
        return cls(dealer=dealer, seated=seated, stayed=stayed, reneged=reneged, misdeal=misdeal)


@dataclass(frozen=True)
class Movement:
    """Chips between one player and the pot. ``amount`` is from the player's point of view:
    -n pays n into the pot, +n takes n out."""

    player: PlayerKey
    amount: int
    kind: str


@dataclass(frozen=True)
class HandResult:
    """What one hand did. Maps hold only non-zero entries and, like ``balances`` (which holds
    every roster player), are in roster order; ``movements`` are in the order they happen."""

    number: int
    dealer: PlayerKey
    misdeal: bool
    ante: int  # A for this hand (0 for a misdeal)
    ante_payers: tuple[PlayerKey, ...]
    ante_refunds: dict[PlayerKey, int]
    pot_before: int  # P: after antes and ante refunds, before play
    winner: PlayerKey | None
    winner_takes: int
    bourre_payments: dict[PlayerKey, int]
    renege_payments: dict[PlayerKey, int]
    penalty_refunds: dict[PlayerKey, int]
    pot_after: int
    carryover: bool  # nobody won (and not a misdeal)
    movements: tuple[Movement, ...]
    balances: dict[PlayerKey, int]
    seated: tuple[PlayerKey, ...] = ()  # in seat order (empty for a misdeal)

    @property
    def changes(self) -> dict[PlayerKey, int]:
        """What the hand did to each player's balance: the sum of their movements, only
        those it changed, in roster order (the order of ``balances``). Unlike the
        balances, it does not depend on the hands before this one."""
        net: dict[PlayerKey, int] = {}
        for movement in self.movements:
            net[movement.player] = net.get(movement.player, 0) + movement.amount
        return {p: net[p] for p in self.balances if net.get(p)}

    def to_dict(self) -> dict[str, Any]:
        """This hand in the night file's ``results.hands`` shape."""
        if self.misdeal:
            return {
                "number": self.number,
                "dealer": self.dealer,
                "misdeal": True,
                "pot_after": self.pot_after,
                "balances": dict(self.balances),
            }
        return {
            "number": self.number,
            "dealer": self.dealer,
            "ante": self.ante,
            "ante_refunds": dict(self.ante_refunds),
            "pot_before": self.pot_before,
            "winner": self.winner,
            "bourre_payments": dict(self.bourre_payments),
            "renege_payments": dict(self.renege_payments),
            "penalty_refunds": dict(self.penalty_refunds),
            "pot_after": self.pot_after,
            "balances": dict(self.balances),
        }


def _roster_check(
    problems: list[Problem], code: Code, number: int, player: object, roster: frozenset
) -> bool:
    if is_known(player, roster):
        return True
    problems.append(code(hand=number, player=player))
    return False


def _tally(players: Iterable[object]) -> list[tuple[object, int]]:
    """Each distinct value of ``players`` with how often it occurs, in first-seen order
    (an unhashable value, which can be no one's key, counts on its own)."""
    counts: dict[PlayerKey, int] = {}
    tally: list[object] = []
    for player in players:
        if not is_player_key(player):
            tally.append(player)
        elif player in counts:
            counts[player] += 1
        else:
            counts[player] = 1
            tally.append(player)
    return [(p, counts[p] if is_player_key(p) else 1) for p in tally]


def hand_errors(rules: HouseRules, state: NightState, hand: HandInput) -> list[Problem]:
    """Every problem with ``hand`` as the next hand of ``state``'s night; [] when it is fine.

    Works with any ``rules`` object; checks that need a broken setting are skipped (the
    setting's own problem is in ``rules.errors()``).
    """
    number = state.hands + 1
    roster = frozenset(state.roster)
    problems: list[Problem] = []
    tricks_per_hand = rules.tricks_per_hand if is_whole(rules.tricks_per_hand) else None
    max_players = rules.max_players if is_whole(rules.max_players) else None
    if number > MAX_HANDS:
        problems.append(e.NIGHT_TOO_LONG(hand=number, limit=MAX_HANDS))

    dealer_known = _roster_check(problems, e.DEALER_NOT_ON_ROSTER, number, hand.dealer, roster)
    if hand.misdeal:  # a misdeal needs only its dealer (seated, if seated is given)
        if dealer_known and hand.seated is not None and hand.dealer not in hand.seated:
            problems.append(e.DEALER_NOT_SEATED(hand=number, player=hand.dealer))
        return problems

    seated_tally = _tally(state.roster if hand.seated is None else hand.seated)
    seated: set[PlayerKey] = set()
    for player, times in seated_tally:
        if _roster_check(problems, e.SEATED_NOT_ON_ROSTER, number, player, roster):
            seated.add(player)
            if times > 1:
                problems.append(e.SEATED_TWICE(hand=number, player=player))
    if dealer_known and hand.dealer not in seated:
        problems.append(e.DEALER_NOT_SEATED(hand=number, player=hand.dealer))

    count = len(seated_tally)
    if count < MIN_SEATED:
        problems.append(e.HAND_TOO_FEW_SEATED(hand=number, count=count))
    if max_players is not None and count > max_players:
        problems.append(e.HAND_TOO_MANY_SEATED(hand=number, count=count, max_players=max_players))
    if tricks_per_hand is not None and count * tricks_per_hand > DECK_SIZE:
        problems.append(
            e.HAND_TOO_MANY_CARDS(
                hand=number,
                count=count,
                tricks_per_hand=tricks_per_hand,
                cards=count * tricks_per_hand,
            )
        )

    stayers = list(hand.stayed)
    for player in stayers:
        known = _roster_check(problems, e.STAYER_NOT_ON_ROSTER, number, player, roster)
        if known and player not in seated:
            problems.append(e.STAYER_NOT_SEATED(hand=number, player=player))
    if len(stayers) >= 2:
        all_whole = True
        for player, tricks in hand.stayed.items():
            if tricks is None:
                problems.append(e.TRICKS_MISSING(hand=number, player=player))
                all_whole = False
            elif not is_whole(tricks):
                problems.append(e.TRICKS_NOT_WHOLE_NUMBER(hand=number, player=player, value=tricks))
                all_whole = False
            elif tricks < 0:
                problems.append(e.TRICKS_NEGATIVE(hand=number, player=player, tricks=tricks))
            elif tricks_per_hand is not None and tricks > tricks_per_hand:
                problems.append(
                    e.TRICKS_OVER(
                        hand=number, player=player, tricks=tricks, tricks_per_hand=tricks_per_hand
                    )
                )
        if all_whole and tricks_per_hand is not None:
            total = sum(hand.stayed.values())  # type: ignore[arg-type]
            if total != tricks_per_hand:
                problems.append(
                    e.TRICKS_DO_NOT_ADD_UP(
                        hand=number, total=total, tricks_per_hand=tricks_per_hand
                    )
                )

    for player, count in _tally(hand.reneged):  # each reneger once, in order
        known = _roster_check(problems, e.RENEGER_NOT_ON_ROSTER, number, player, roster)
        if known and player not in hand.stayed:
            problems.append(e.RENEGE_WITHOUT_STAYING(hand=number, player=player))
        # At most one renege a trick: a night file could otherwise list a name a million
        # times, each renege paying the pot's worth again.
        if tricks_per_hand is not None and count > tricks_per_hand:
            problems.append(
                e.RENEGED_TOO_OFTEN(
                    hand=number, player=player, count=count, tricks_per_hand=tricks_per_hand
                )
            )
        if len(stayers) < 2:
            problems.append(
                e.RENEGE_TOO_FEW_STAYERS(hand=number, player=player, count=len(stayers))
            )
    return problems


def ante_for(rules: HouseRules, state: NightState) -> int:
    """The ante of ``state``'s next hand: ``rules.ante``, doubled after each carryover hand
    in a row when the ante escalates (docs/rules.md step 1). For a misdeal no ante is paid, but
    the next hand's ante is unchanged."""
    return rules.ante * (2**state.carry_streak if rules.escalating_ante else 1)


def _add(target: dict[PlayerKey, int], player: PlayerKey, amount: int) -> None:
    target[player] = target.get(player, 0) + amount


def settle_hand(
    rules: HouseRules, state: NightState, hand: HandInput
) -> tuple[HandResult, NightState]:
    """Settle ``hand`` as hand ``state.hands + 1`` of the night.

    Returns what the hand did and the night's new state; ``state`` itself is unchanged.
    Raises ``RulesError`` listing every problem with the rules or the hand (nothing settled).
    """
    problems = rules.errors() + hand_errors(rules, state, hand)
    if problems:
        raise RulesError(problems)
    number = state.hands + 1

    if hand.misdeal:
        result = HandResult(
            number=number,
            dealer=hand.dealer,
            misdeal=True,
            ante=0,
            ante_payers=(),
            ante_refunds={},
            pot_before=state.pot,
            winner=None,
            winner_takes=0,
            bourre_payments={},
            renege_payments={},
            penalty_refunds={},
            pot_after=state.pot,
            carryover=False,
            movements=(),
            balances=dict(state.balances),
        )
        new_state = replace(state, hands=number, previous_dealer=hand.dealer, previous_misdeal=True)
        return result, new_state

    roster = state.roster
    order = order_from_left(roster, hand.dealer)  # around the whole roster, dealer last
    seated_set = set(roster if hand.seated is None else hand.seated)
    seated = tuple(p for p in roster if p in seated_set)
    in_turn = [p for p in order if p in seated_set]  # seated, from the dealer's left

    balances = {p: state.balances.get(p, 0) for p in roster}
    shares = {p: state.shares.get(p, 0) for p in roster}
    pot = state.pot
    movements: list[Movement] = []

    def move(player: PlayerKey, amount: int, kind: str) -> None:
        nonlocal pot
        if amount == 0:
            return
        balances[player] += amount
        pot -= amount
        movements.append(Movement(player, amount, kind))

    # 1. Antes, and any pot_cap excess back to this hand's ante payers.
    ante = ante_for(rules, state)
    ante_payers = tuple(p for p in in_turn if not (rules.ante_exemptions and p in state.exempt))
    for player in ante_payers:
        move(player, -ante, ANTE)
        shares[player] += ante
    ante_refunds: dict[PlayerKey, int] = {}
    if rules.pot_cap is not None and pot > rules.pot_cap:
        # Never more than they paid (that could only bite if the cap was lowered mid-night).
        excess = min(pot - rules.pot_cap, ante * len(ante_payers))
        ante_refunds = apportion(excess, dict.fromkeys(ante_payers, ante), order)
        for player, chips in ante_refunds.items():
            move(player, chips, ANTE_REFUND)
            shares[player] -= chips
    pot_before = pot

    # 2.-4. Play.
    stayers = [p for p in in_turn if p in hand.stayed]
    winner: PlayerKey | None = None
    bourres: list[PlayerKey] = []
    exempt: set[PlayerKey] = set()
    if len(stayers) == 1:
        winner = stayers[0]
    elif len(stayers) >= 2:
        tricks: dict[PlayerKey, int] = {p: hand.stayed[p] for p in stayers}  # type: ignore[misc]
        most = max(tricks.values())
        leaders = [p for p in stayers if tricks[p] == most]
        if len(leaders) == 1 and most >= rules.min_tricks_to_win:
            winner = leaders[0]
        bourres = [p for p in stayers if tricks[p] == 0]
        exempt.update(bourres)
        if len(leaders) > 1:
            exempt.update(leaders)

    winner_takes = 0
    if winner is not None:
        winner_takes = pot_before if rules.win_cap is None else min(pot_before, rules.win_cap)
        before_win = dict(shares)
        move(winner, winner_takes, WIN)
        shares = dict.fromkeys(roster, 0)
        shares.update(apportion(pot, before_win, order))  # what the win_cap left in

    match = pot_before if rules.bourre_cap is None else min(pot_before, rules.bourre_cap)
    reneges = Counter(hand.reneged)
    bourre_payments = {p: match for p in bourres if match}
    renege_payments = {p: match * reneges[p] for p in stayers if reneges[p] and match}
    paid: dict[PlayerKey, int] = {}
    for kind, payments in ((BOURRE, bourre_payments), (RENEGE, renege_payments)):
        for player, chips in payments.items():
            move(player, -chips, kind)
            shares[player] += chips
            _add(paid, player, chips)
    penalty_refunds: dict[PlayerKey, int] = {}
    if rules.pot_cap is not None and pot > rules.pot_cap:
        penalty_refunds = apportion(min(pot - rules.pot_cap, sum(paid.values())), paid, order)
        for player, chips in penalty_refunds.items():
            move(player, chips, PENALTY_REFUND)
            shares[player] -= chips

    def in_seat_order(amounts: dict[PlayerKey, int]) -> dict[PlayerKey, int]:
        return {p: amounts[p] for p in roster if p in amounts}

    carryover = winner is None
    result = HandResult(
        number=number,
        dealer=hand.dealer,
        misdeal=False,
        ante=ante,
        ante_payers=ante_payers,
        ante_refunds=in_seat_order(ante_refunds),
        pot_before=pot_before,
        winner=winner,
        winner_takes=winner_takes,
        bourre_payments=in_seat_order(bourre_payments),
        renege_payments=in_seat_order(renege_payments),
        penalty_refunds=in_seat_order(penalty_refunds),
        pot_after=pot,
        carryover=carryover,
        movements=tuple(movements),
        balances=dict(balances),
        seated=seated,
    )
    new_state = NightState(
        roster=roster,
        balances=balances,
        pot=pot,
        shares=shares,
        carry_streak=state.carry_streak + 1 if carryover else 0,
        exempt=frozenset(exempt),
        hands=number,
        last_seated=seated,
        last_dealer=hand.dealer,
        previous_dealer=hand.dealer,
        previous_misdeal=False,
    )
    return result, new_state

"""A night's state, a hand's input and a hand's result as JSON, and the state and input
back: the form the ledger stores them in (``Hand.state_after``, ``Hand.input``,
``Hand.result``), written and read in this one place.

Players are keys (see ``keys``). In a list a key is written as it is (a JSON number for a
player id); as the key of a JSON object it is its ``str`` ("12"), since JSON object keys are
strings. Reading back therefore takes the parser that turns the written form into the
key again: ``int`` for the database's player ids. Writing takes an optional ``key`` too, the
key to write for each player (a night file settled by name is stored by player id); without
it each player is written as its own key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .hand import HandInput, HandResult
from .keys import PlayerKey
from .state import NightState

type KeyWriter = Callable[[PlayerKey], Any]
type KeyParser = Callable[[Any], PlayerKey]


def _same(player: PlayerKey) -> PlayerKey:
    return player


def _keys(players: Iterable[PlayerKey], key: KeyWriter) -> list:
    return [key(player) for player in players]


def _amounts(amounts: Mapping[PlayerKey, int], key: KeyWriter) -> dict[str, int]:
    return {str(key(player)): amount for player, amount in amounts.items()}


def _maybe(player: PlayerKey | None, key: Callable) -> Any:
    return None if player is None else key(player)


def state_to_json(state: NightState, key: KeyWriter | None = None) -> dict[str, Any]:
    """``state`` as stored after each hand, without its balances: the ledger's entries
    hold those. What is stored is what the next hand's settlement depends on, so a
    correction that moves chips in an early hand leaves a later hand that settles the
    same with the very state it stored (it need not be written again)."""
    key = key or _same
    return {
        "roster": _keys(state.roster, key),
        "pot": state.pot,
        "shares": _amounts(state.shares, key),
        "carry_streak": state.carry_streak,
        # A set has no order of its own: written in seat order, so equal states are
        # equal JSON (the engine never orders keys themselves).
        "exempt": _keys((p for p in state.roster if p in state.exempt), key),
        "hands": state.hands,
        "last_seated": _keys(state.last_seated, key),
        "last_dealer": _maybe(state.last_dealer, key),
        "previous_dealer": _maybe(state.previous_dealer, key),
        "previous_misdeal": state.previous_misdeal,
    }


def state_from_json(
    data: Mapping[str, Any], key: KeyParser, balances: Mapping[PlayerKey, int]
) -> NightState:
    """A state written by ``state_to_json``, at ``balances`` (each roster player's chips,
    as the ledger's entries sum them; anyone missing at 0); ``key`` parses each player's
    written key. A balance stored by an earlier version is not read: a correction since may
    have moved it."""

    def keys(values: Iterable) -> tuple[PlayerKey, ...]:
        return tuple(key(value) for value in values)

    def amounts(values: Mapping[str, int]) -> dict[PlayerKey, int]:
        return {key(player): amount for player, amount in values.items()}

    roster = keys(data["roster"])
    return NightState(
        roster=roster,
        balances={player: balances.get(player, 0) for player in roster},
        pot=data["pot"],
        shares=amounts(data["shares"]),
        carry_streak=data["carry_streak"],
        exempt=frozenset(keys(data["exempt"])),
        hands=data["hands"],
        last_seated=keys(data["last_seated"]),
        last_dealer=_maybe(data["last_dealer"], key),
        previous_dealer=_maybe(data["previous_dealer"], key),
        previous_misdeal=data["previous_misdeal"],
    )


def result_to_json(result: HandResult, key: KeyWriter | None = None) -> dict[str, Any]:
    """What a hand did, as stored with it. Its movements are not in it: the ledger's
    entries are; nor the balances after it, only what it changed of them (``changes``),
    which does not depend on the hands before it. Nothing reads a result back into the
    engine (a correction settles the hands again from their inputs), so there is no
    ``result_from_json``."""
    key = key or _same
    return {
        "number": result.number,
        "dealer": key(result.dealer),
        "misdeal": result.misdeal,
        "ante": result.ante,
        "ante_payers": _keys(result.ante_payers, key),
        "ante_refunds": _amounts(result.ante_refunds, key),
        "pot_before": result.pot_before,
        "winner": _maybe(result.winner, key),
        "winner_takes": result.winner_takes,
        "bourre_payments": _amounts(result.bourre_payments, key),
        "renege_payments": _amounts(result.renege_payments, key),
        "penalty_refunds": _amounts(result.penalty_refunds, key),
        "pot_after": result.pot_after,
        "carryover": result.carryover,
        "changes": _amounts(result.changes, key),
        "seated": _keys(result.seated, key),
    }


def input_to_json(hand: HandInput, key: KeyWriter | None = None) -> dict[str, Any]:
    """A hand's input as stored: every field, even those a misdeal ignores (unlike the
    night file's hand object, ``HandInput.to_dict``)."""
    key = key or _same
    return {
        "dealer": key(hand.dealer),
        "seated": None if hand.seated is None else _keys(hand.seated, key),
        "stayed": {str(key(player)): tricks for player, tricks in hand.stayed.items()},
        "reneged": _keys(hand.reneged, key),
        "misdeal": hand.misdeal,
    }


def input_from_json(data: Mapping[str, Any], key: KeyParser) -> HandInput:
    """A hand input written by ``input_to_json``; ``key`` parses each player's written key."""
    seated = data.get("seated")
    return HandInput(
        dealer=key(data["dealer"]),
        seated=None if seated is None else tuple(key(p) for p in seated),
        stayed={key(p): tricks for p, tricks in data["stayed"].items()},
        reneged=tuple(key(p) for p in data.get("reneged", ())),
        misdeal=data.get("misdeal", False),
    )

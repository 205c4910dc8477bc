"""A whole night: closing it (the leftover pot) and replaying its hands from scratch."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from . import errors as e
from .errors import RulesError
from .excess import order_from_left
from .hand import LEFTOVER, HandInput, HandResult, Movement, settle_hand
from .house_rules import LEFTOVER_POLICIES, LEFTOVER_REFUND, HouseRules
from .keys import PlayerKey
from .state import NightState


def close_night(
    rules: HouseRules, state: NightState, policy: str | None = None
) -> tuple[tuple[Movement, ...], NightState]:
    """Empty the pot as ``policy`` says (default: ``rules.leftover_pot``).

    ``refund``: each player gets their share back. ``split``: equal parts to the players
    seated in the last settled hand, odd chips one each in order from that hand's dealer's
    left. Returns the LEFTOVER movements (positive, in roster order) and the state with an
    empty pot and no shares.
    """
    policy = rules.leftover_pot if policy is None else policy
    if policy not in LEFTOVER_POLICIES:
        raise RulesError([e.LEFTOVER_POT_INVALID(value=policy)])
    if state.pot == 0:
        return (), replace(state, shares=dict.fromkeys(state.roster, 0))
    if policy == LEFTOVER_REFUND:
        got = {p: state.shares.get(p, 0) for p in state.roster}
    else:
        if not state.last_seated or state.last_dealer is None:
            raise RulesError([e.SPLIT_WITHOUT_HAND(pot=state.pot)])
        seated = set(state.last_seated)
        in_turn = [p for p in order_from_left(state.roster, state.last_dealer) if p in seated]
        each, odd = divmod(state.pot, len(in_turn))
        got = {p: each + (1 if i < odd else 0) for i, p in enumerate(in_turn)}
    movements = tuple(Movement(p, got[p], LEFTOVER) for p in state.roster if got.get(p, 0) != 0)
    balances = {p: state.balances.get(p, 0) + got.get(p, 0) for p in state.roster}
    return movements, replace(
        state, balances=balances, pot=0, shares=dict.fromkeys(state.roster, 0)
    )


def replay(
    rules: HouseRules, roster: Iterable[PlayerKey], hands: Iterable[HandInput]
) -> tuple[list[HandResult], NightState]:
    """Settle ``hands`` in order from a fresh night on ``roster`` (the night's final roster:
    a late arrival can be on it from the start, unseated until they join; the chips come out
    the same). Raises the first hand's ``RulesError``."""
    state = NightState.start(roster)
    results: list[HandResult] = []
    for hand in hands:
        result, state = settle_hand(rules, state, hand)
        results.append(result)
    return results, state

"""The running state of one night, between hands. Immutable: every change makes a new one."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from . import errors as e
from .errors import Problem, RulesError
from .house_rules import MAX_ROSTER, is_whole
from .keys import PlayerKey, is_player_key


@dataclass(frozen=True)
class NightState:
    """Everything the next hand's settlement depends on.

    ``balances`` and ``shares`` hold every roster player, in roster order; treat them as
    read-only (the engine never mutates a state, it returns a new one).
    """

    roster: tuple[PlayerKey, ...]  # seat order, clockwise
    balances: Mapping[PlayerKey, int]  # net chips, every roster player
    pot: int = 0
    shares: Mapping[PlayerKey, int] = field(default_factory=dict)  # who paid in; sums to pot
    carry_streak: int = 0  # consecutive carryover hands just before the next one
    exempt: frozenset[PlayerKey] = frozenset()  # bourré or tied for most in the last hand
    hands: int = 0  # hands recorded so far, misdeals included
    last_seated: tuple[PlayerKey, ...] = ()  # seated in the last settled (non-misdeal) hand
    last_dealer: PlayerKey | None = None  # dealer of the last settled (non-misdeal) hand
    previous_dealer: PlayerKey | None = None  # dealer of the last hand recorded, misdeal or not
    previous_misdeal: bool = False  # whether the last hand recorded was a misdeal

    @classmethod
    def start(cls, roster: Iterable[PlayerKey]) -> NightState:
        """A new night: everyone at 0, an empty pot. Keys must be valid and unique."""
        keys = tuple(roster)
        problems = check_roster(keys)
        if problems:
            raise RulesError(problems)
        return cls(
            roster=keys,
            balances=dict.fromkeys(keys, 0),
            shares=dict.fromkeys(keys, 0),
        )

    def with_player(self, player: PlayerKey, seat: int | None = None) -> NightState:
        """A late arrival joins the roster at index ``seat`` (default: the end), with a
        balance and a share of 0. Seats run from 0 (before the first player) to
        ``len(roster)`` (after the last)."""
        problems: list[Problem] = []
        if not is_player_key(player):
            problems.append(e.PLAYER_KEY_INVALID(value=player))
        elif player in self.roster:
            problems.append(e.PLAYER_ALREADY_ON_ROSTER(player=player))
        elif len(self.roster) >= MAX_ROSTER:
            problems.append(e.ROSTER_TOO_LARGE(limit=MAX_ROSTER, count=len(self.roster) + 1))
        if seat is None:
            seat = len(self.roster)
        if not is_whole(seat) or not 0 <= seat <= len(self.roster):
            problems.append(e.SEAT_OUT_OF_RANGE(player=player, seat=seat, last=len(self.roster)))
        if problems:
            raise RulesError(problems)
        roster = (*self.roster[:seat], player, *self.roster[seat:])
        return replace(
            self,
            roster=roster,
            balances={p: self.balances.get(p, 0) for p in roster},
            shares={p: self.shares.get(p, 0) for p in roster},
        )

    def with_roster(self, roster: Sequence[PlayerKey]) -> NightState:
        """This state with ``roster`` (seat order) around the table: whoever on it is not on
        this state's roster yet (a late arrival) joins at their seat, at 0."""
        state = self
        for seat, player in enumerate(roster):
            if player not in state.roster:
                state = state.with_player(player, seat)
        return state

    def next_dealer(self, seated: Sequence[PlayerKey] | None = None) -> PlayerKey | None:
        """The default dealer of the next hand among ``seated`` (default: the whole roster).

        The same dealer after a misdeal; otherwise the next seated player clockwise after the
        previous dealer; for the first hand the first seated player. None if nobody is seated.
        """
        seated_set = set(self.roster if seated is None else seated)
        in_order = [p for p in self.roster if p in seated_set]
        if not in_order:
            return None
        previous = self.previous_dealer
        if previous is None or previous not in self.roster:
            return in_order[0]
        if self.previous_misdeal and previous in seated_set:
            return previous
        i = self.roster.index(previous)
        for player in (*self.roster[i + 1 :], *self.roster[: i + 1]):
            if player in seated_set:
                return player
        return in_order[0]  # pragma: no cover - in_order is not empty


def check_roster(roster: Sequence[object]) -> list[Problem]:
    """Problems with a roster: empty, too large, a value that cannot be a player key, a key
    twice."""
    if not roster:
        return [e.ROSTER_EMPTY()]
    if len(roster) > MAX_ROSTER:
        # Not each key: the count alone says what is wrong, and costs nothing to find.
        return [e.ROSTER_TOO_LARGE(limit=MAX_ROSTER, count=len(roster))]
    problems: list[Problem] = []
    seen: set[PlayerKey] = set()
    reported: set[PlayerKey] = set()
    for player in roster:
        if not is_player_key(player):
            problems.append(e.PLAYER_KEY_INVALID(value=player))
        elif player in seen and player not in reported:
            problems.append(e.PLAYER_ON_ROSTER_TWICE(player=player))
            reported.add(player)
        else:
            seen.add(player)
    return problems

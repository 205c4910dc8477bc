"""The end of a night, as its two screens show it: closing it (what each way of handing
back the pot would give), then the settle-up."""

from collections.abc import Sequence
from dataclasses import dataclass

from ledger import bridge, rules
from ledger.errors import InvalidInput
from ledger.models import Night
from ledger.selectors.last_hand import last_live_hand, state_after
from ledger.selectors.seal import NightSeal, night_seal
from ledger.selectors.seats import RosterPlayer, night_roster
from ledger.selectors.standings import (
    Payment,
    Standings,
    ledger_standings,
    settle_up,
    state_standings,
)


def leftover_back(
    house: rules.HouseRules, state: rules.NightState, policy: str, roster: Sequence[RosterPlayer]
) -> dict[int, int]:
    """Player id -> chips that closing the night from ``state`` by ``policy`` would hand
    back (only those who get some), in seat order. Raises InvalidInput if that policy
    cannot close this night (a split needs a hand played)."""
    by_name = {player.name: player.id for player in roster}
    try:
        movements, _ = rules.close_night(house, state, policy)
    except rules.RulesError as error:
        raise InvalidInput(error.errors) from None
    back: dict[int, int] = {}
    for movement in movements:
        player_id = by_name[movement.player]
        back[player_id] = back.get(player_id, 0) + movement.amount
    return {player_id: chips for player_id, chips in back.items() if chips}


@dataclass(frozen=True)
class LeftoverChoice:
    """One way to hand back the pot, and who would get what."""

    policy: str
    back: tuple[tuple[RosterPlayer, int], ...]  # in seat order
    problems: tuple[str, ...]  # why this way cannot close the night; () when it can


@dataclass(frozen=True)
class CloseScreen:
    night: Night
    house: rules.HouseRules
    standings: Standings
    choices: dict[str, LeftoverChoice]  # by policy; empty when the pot is empty


def close_screen(night: Night) -> CloseScreen:
    """An open night's close screen: the standings and, while chips are in the pot, what
    each policy would hand back. Two queries, the roster and the last hand; the choices
    are worked out by the engine, nothing is written."""
    house = bridge.house_rules(night)
    roster = night_roster(night)
    last = last_live_hand(night)
    state = state_after(roster, last)
    choices = {}
    if state.pot:
        players = {player.id: player for player in roster}
        for policy in rules.LEFTOVER_POLICIES:
            try:
                back = leftover_back(house, state, policy, roster)
            except InvalidInput as error:
                choices[policy] = LeftoverChoice(policy, (), tuple(error.errors))
            else:
                given = tuple((players[p], chips) for p, chips in back.items())
                choices[policy] = LeftoverChoice(policy, given, ())
    standings = state_standings(roster, last.state_after if last else None, house)
    return CloseScreen(night=night, house=house, standings=standings, choices=choices)


@dataclass(frozen=True)
class SettleUpScreen:
    night: Night
    house: rules.HouseRules
    standings: Standings  # the final balances, from the ledger's entries
    payments: list[Payment]
    seal: NightSeal | None


def settle_up_screen(night: Night) -> SettleUpScreen:
    """A closed night's settle-up: final balances, who pays whom, the seal. Three queries;
    the balances are summed once and the transfers worked out from them."""
    house = bridge.house_rules(night)
    standings = ledger_standings(night, night_roster(night), house)
    return SettleUpScreen(
        night=night,
        house=house,
        standings=standings,
        payments=settle_up(standings, house),
        seal=night_seal(night),
    )

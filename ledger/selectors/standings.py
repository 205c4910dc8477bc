"""A night's balances as the screens show them, and the settle-up that follows from them.

Each screen gets its balances once, from the cheapest place that holds them:

- an open night's from its seats (``Seat.chips``, the entries' running total) and its last
  live hand's stored state (``state_after``, the pot), read with the hand screen's one
  query, whatever the night's length;
- a closed night's from its ledger entries, since the pot handed back at closing is only
  there: one query that sums the players' entries and the pot's together.

The settle-up is then worked out from those balances, never read again.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Sum

from ledger import errors as err
from ledger import rules
from ledger.errors import InvalidInput
from ledger.models import Entry, Night
from ledger.selectors.seats import RosterPlayer


@dataclass(frozen=True)
class Standing:
    player: RosterPlayer
    chips: int
    money: Decimal


@dataclass(frozen=True)
class Standings:
    """Every roster player's balance in seat order, and the pot."""

    rows: tuple[Standing, ...]
    pot: int
    currency: str

    @property
    def balances(self) -> dict[int, int]:
        """Player id -> net chips, in seat order."""
        return {row.player.id: row.chips for row in self.rows}


def standings_of(
    roster: Sequence[RosterPlayer], balances: Mapping[int, int], pot: int, house: rules.HouseRules
) -> Standings:
    """``balances`` (player id -> chips; anyone missing is at 0) as standings in seat order."""
    rows = []
    for player in roster:
        chips = balances.get(player.id, 0)
        rows.append(Standing(player, chips, rules.to_money(chips, house)))
    return Standings(rows=tuple(rows), pot=pot, currency=house.currency)


def state_standings(
    roster: Sequence[RosterPlayer], state: rules.NightState, house: rules.HouseRules
) -> Standings:
    """The standings the engine's ``state`` after the last live hand holds: its balances
    the seats' (``Seat.chips``), its pot that hand's stored ``state_after``. While the
    night is open they are the ledger's: each hand's entries post exactly the movements
    that took its state from the one before."""
    return standings_of(roster, state.balances, state.pot, house)


def entry_totals(night: Night) -> tuple[dict[int, int], int]:
    """Player id -> the sum of their entries (players with any), and the pot: one query."""
    balances, pot = {}, 0
    rows = Entry.objects.filter(night=night).values_list("player_id").annotate(total=Sum("amount"))
    for player_id, total in rows:
        if player_id is None:
            pot = total
        else:
            balances[player_id] = total
    return balances, pot


def ledger_standings(
    night: Night, roster: Sequence[RosterPlayer], house: rules.HouseRules
) -> Standings:
    """The standings as the ledger's entries add up: one query."""
    balances, pot = entry_totals(night)
    return standings_of(roster, balances, pot, house)


@dataclass(frozen=True)
class Payment:
    payer: RosterPlayer
    payee: RosterPlayer
    chips: int
    money: Decimal


def settle_up(standings: Standings, house: rules.HouseRules) -> list[Payment]:
    """Who pays whom, in the fewest transfers, from ``standings``. Only when the pot is
    empty (closing empties it, so a closed night always settles)."""
    if standings.pot != 0:
        raise InvalidInput(err.SETTLEMENT_POT_NOT_EMPTY())
    players = {row.player.id: row.player for row in standings.rows}
    return [
        Payment(players[t.payer], players[t.payee], t.chips, rules.to_money(t.chips, house))
        for t in rules.settle_up(standings.balances)
    ]

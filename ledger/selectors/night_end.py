"""The end of a night, as its two screens show it: closing it (what each way of handing
back the pot would give), then the settle-up."""

from dataclasses import dataclass

from ledger import rules
from ledger.errors import InvalidInput
from ledger.models import Night, PaymentMethod
from ledger.selectors.debts import TransferDebt, night_transfer_debts, transfers_paid
from ledger.selectors.last_hand import last_live_hand
from ledger.selectors.night_state import state_after
from ledger.selectors.payment_methods import payees_payment_methods
from ledger.selectors.seal import NightSeal, night_seal
from ledger.selectors.seats import RosterPlayer, chips_of, ids_of, names_of, night_roster
from ledger.selectors.standings import (
    Payment,
    Standings,
    ledger_standings,
    settle_up,
    state_standings,
)


def leftover_back(house: rules.HouseRules, state: rules.NightState, policy: str) -> dict[int, int]:
    """Player id -> chips that closing the night from ``state`` by ``policy`` would hand
    back (only those who get some), in seat order. Raises InvalidInput if that policy
    cannot close this night (a split needs a hand played)."""
    try:
        movements, _ = rules.close_night(house, state, policy)
    except rules.RulesError as error:
        raise InvalidInput(error.problems) from None
    back: dict[int, int] = {}
    for movement in movements:
        back[movement.player] = back.get(movement.player, 0) + movement.amount
    return {player_id: chips for player_id, chips in back.items() if chips}


@dataclass(frozen=True)
class LeftoverChoice:
    """One way to hand back the pot, and who would get what."""

    policy: str
    back: tuple[tuple[RosterPlayer, int], ...]  # in seat order
    problems: tuple[rules.Problem, ...]  # why this way cannot close the night; () when it can


@dataclass(frozen=True)
class CloseScreen:
    night: Night
    house: rules.HouseRules
    standings: Standings
    choices: dict[str, LeftoverChoice]  # by policy; empty when the pot is empty

    @property
    def names(self) -> dict[int, str]:
        """Player id -> name, everyone on the roster (the standings list them all)."""
        return names_of(row.player for row in self.standings.rows)


def close_screen(night: Night) -> CloseScreen:
    """An open night's close screen: the standings and, while chips are in the pot, what
    each policy would hand back. Two queries, the roster and the last hand; the choices
    are worked out by the engine, nothing is written."""
    house = night.house_rules
    roster = night_roster(night)
    state = state_after(last_live_hand(night), ids_of(roster), chips_of(roster))
    choices = {}
    if state.pot:
        players = {player.id: player for player in roster}
        for policy in rules.LEFTOVER_POLICIES:
            try:
                back = leftover_back(house, state, policy)
            except InvalidInput as error:
                choices[policy] = LeftoverChoice(policy, (), tuple(error.problems))
            else:
                given = tuple((players[p], chips) for p, chips in back.items())
                choices[policy] = LeftoverChoice(policy, given, ())
    standings = state_standings(roster, state, house)
    return CloseScreen(night=night, house=house, standings=standings, choices=choices)


@dataclass(frozen=True)
class SettleUpScreen:
    night: Night
    house: rules.HouseRules
    standings: Standings  # the final balances, from the ledger's entries
    payments: list[Payment]
    seal: NightSeal | None
    # Each payment with what is paid of it, in the same order.
    transfers: tuple[TransferDebt, ...] = ()
    # Payee id -> their ways of getting paid, in any currency: those in the night's give
    # what is still open of their transfers pay buttons; the others, a word to the host.
    payee_methods: dict[int, list[PaymentMethod]] | None = None


def settle_up_screen(night: Night, *, seal: bool = True) -> SettleUpScreen:
    """A closed night's settle-up: final balances, who pays whom and what is paid of it,
    the payees' ways of getting paid, the seal (unless ``seal`` is False: the transfers
    alone, after a mark). Six queries; the balances are summed once and the transfers
    worked out from them."""
    house = night.house_rules
    standings = ledger_standings(night, night_roster(night), house)
    payments = settle_up(standings, house)
    debts = night_transfer_debts(night, payments)
    return SettleUpScreen(
        night=night,
        house=house,
        standings=standings,
        payments=payments,
        seal=night_seal(night) if seal else None,
        transfers=transfers_paid(debts, payments),
        payee_methods=payees_payment_methods(
            {d.payee.id for d in debts.values() if d.markable}, None, paid_in=house.currency
        ),
    )

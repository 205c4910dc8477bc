"""Reads of the ledger: balances, the pot, the hand log, the next hand, the settle-up,
the night's seal."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Sum

from ledger import errors as err
from ledger import rules, seals
from ledger.errors import InvalidInput
from ledger.models import Entry, Hand, Night, Player, Seat
from ledger.selectors.night_state import night_next_state, night_roster


def night_balances(night: Night) -> dict[int, int]:
    """Player id -> net chips tonight, for every player on the roster."""
    balances = dict.fromkeys(
        Seat.objects.filter(night=night).order_by("position").values_list("player_id", flat=True),
        0,
    )
    rows = (
        Entry.objects.filter(night=night, player__isnull=False)
        .values_list("player_id")
        .annotate(total=Sum("amount"))
    )
    for player_id, total in rows:
        balances[player_id] = total
    return balances


def night_pot(night: Night) -> int:
    return Entry.objects.filter(night=night, player__isnull=True).aggregate(
        total=Sum("amount", default=0)
    )["total"]


@dataclass(frozen=True)
class Standing:
    player: Player
    seat: Seat
    chips: int
    money: Decimal


@dataclass(frozen=True)
class Standings:
    rows: list[Standing]
    pot: int


def night_standings(night: Night) -> Standings:
    """Every roster player's balance in seat order, and the pot: two queries."""
    house = night.house_rules
    balances = night_balances(night)
    seats = Seat.objects.filter(night=night).select_related("player").order_by("position")
    rows = [
        Standing(
            seat.player,
            seat,
            balances[seat.player_id],
            rules.to_money(balances[seat.player_id], house),
        )
        for seat in seats
    ]
    return Standings(rows=rows, pot=night_pot(night))


def live_hands(night: Night):
    return Hand.objects.filter(night=night, live=True).order_by("number")


@dataclass(frozen=True)
class NextHand:
    number: int
    dealer_id: int | None
    ante: int
    exempt: list[int]
    carry_streak: int
    pot: int
    seated: list[int]  # active seats, in seat order


def next_hand(night: Night) -> NextHand:
    """What the host's hand screen offers next: number, default dealer, this hand's ante."""
    house = night.house_rules
    active = list(
        Seat.objects.filter(night=night, active=True)
        .order_by("position")
        .values_list("player_id", flat=True)
    )
    number, state = night_next_state(night, list(night_roster(night)))
    if number == 1:
        dealer = night.first_dealer_id if night.first_dealer_id in active else None
    else:
        dealer = state.next_dealer(active)
    return NextHand(
        number=number,
        dealer_id=dealer if dealer is not None else (active[0] if active else None),
        ante=rules.ante_for(house, state),
        # In seat order, as the screen lists them.
        exempt=[p for p in state.roster if p in state.exempt] if house.ante_exemptions else [],
        carry_streak=state.carry_streak,
        pot=state.pot,
        seated=active,
    )


@dataclass(frozen=True)
class Payment:
    payer: Player
    payee: Player
    chips: int
    money: Decimal


def night_settlement(night: Night) -> list[Payment]:
    """Who pays whom, in the fewest transfers. Only when the pot is empty."""
    if night_pot(night) != 0:
        raise InvalidInput(err.SETTLEMENT_POT_NOT_EMPTY())
    house = night.house_rules
    balances = night_balances(night)
    players = Player.objects.in_bulk(list(balances))
    transfers = rules.settle_up(balances)
    return [
        Payment(
            players[t.payer],
            players[t.payee],
            t.chips,
            rules.to_money(t.chips, house),
        )
        for t in transfers
    ]


@dataclass(frozen=True)
class NightSeal:
    code: str  # e.g. "3f2a-91c0-7b1e"
    entries: int  # how many ledger entries it seals


def night_seal(night: Night) -> NightSeal | None:
    """The night's seal: a short fingerprint of its last entry's keyed hash, which
    chains every entry before it. None until a chip has moved. One query."""
    last = Entry.objects.filter(night=night).order_by("-seq").values_list("seq", "hash").first()
    if last is None:
        return None
    seq, last_hash = last
    return NightSeal(code=seals.seal_code(last_hash), entries=seq)


def hand_check(night: Night, hand) -> list[rules.Problem]:
    """Every problem the referee would find with ``hand`` (a services.hands.HandData) as the
    night's next hand; [] when hand_record would take it. Writes nothing: it backs the
    hand screen's live check, and hand_record checks everything again."""
    if night.closed_at is not None:
        return [err.NIGHT_CLOSED()]
    _, state = night_next_state(night, list(night_roster(night)))
    return rules.hand_errors(night.house_rules, state, hand.as_input())


def night_leftover(night: Night, policy: str) -> dict[int, int]:
    """Player id -> chips that closing the night now by ``policy`` would hand back
    (only those who get some). Writes nothing: the close screen shows both choices."""
    _, state = night_next_state(night, list(night_roster(night)))
    try:
        movements, _ = rules.close_night(night.house_rules, state, policy)
    except rules.RulesError as error:
        raise InvalidInput(error.problems) from None
    back: dict[int, int] = {}
    for movement in movements:
        back[movement.player] = back.get(movement.player, 0) + movement.amount
    return {player_id: chips for player_id, chips in back.items() if chips}

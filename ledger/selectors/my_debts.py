"""What a player owes and is owed across every table where their account holds a seat:
each open transfer, the payee's ways of getting paid where the player must pay, and the
words "I sent it" still waiting on either side. A fixed number of queries per seat (its
table's open debts, its payees' ways), one for the words: never one per night."""

from dataclasses import dataclass

from ledger.models import PaymentMethod, Player
from ledger.selectors.debts import PlayerDebts, player_debts
from ledger.selectors.payment_methods import payees_payment_methods
from ledger.selectors.payments_sent import SentShown, pending_sent
from ledger.selectors.player_links import user_seats


@dataclass(frozen=True)
class SeatDebts:
    seat: Player  # with its table and host
    currencies: list[PlayerDebts]
    # Payee id -> their ways of getting paid, per currency of what the seat owes.
    methods: dict[str, dict[int, list[PaymentMethod]]]


@dataclass(frozen=True)
class MyDebts:
    seats: list[SeatDebts]  # only the seats that owe or are owed something
    sent: list[SentShown]  # words waiting, said by them or to them

    def sent_for(self, night_id: int, payer_id: int, payee_id: int) -> SentShown | None:
        return next(
            (
                s
                for s in self.sent
                if (s.night_id, s.payer_id, s.payee_id) == (night_id, payer_id, payee_id)
            ),
            None,
        )


def my_debts(user) -> MyDebts:
    seats = user_seats(user)
    shown = []
    for seat in seats:
        currencies = player_debts(seat)
        if not currencies:
            continue
        methods = {
            row.currency: payees_payment_methods({pair.payee.pk for pair in row.owes}, row.currency)
            for row in currencies
            if row.owes
        }
        shown.append(SeatDebts(seat, currencies, methods))
    return MyDebts(shown, pending_sent(player_ids=[seat.pk for seat in seats]) if seats else [])

"""Reads of the ledger: balances, the pot, the live hands, the next hand, the settle-up,
the night's seal. Each screen has its own selector in a module named for it (hand_screen,
night_end, hand_changes, hand_log, night_reports, live_link); what they share is in seats
(the roster in seat order, the one seats-in-order query), last_hand (the last live hand),
night_state (the engine's state before a hand) and standings."""

from django.db.models import Sum

from ledger.models import Entry, Hand, Night
from ledger.selectors.seal import NightSeal, night_seal
from ledger.selectors.seats import night_roster
from ledger.selectors.standings import Payment, entry_totals, ledger_standings, settle_up

__all__ = [
    "NightSeal",
    "Payment",
    "live_hands",
    "night_balances",
    "night_pot",
    "night_seal",
    "night_settlement",
]


def night_balances(night: Night) -> dict[int, int]:
    """Player id -> net chips tonight as the ledger's entries add up, for every player on
    the roster, in seat order."""
    balances, _ = entry_totals(night)
    return {player.id: balances.get(player.id, 0) for player in night_roster(night)}


def night_pot(night: Night) -> int:
    return Entry.objects.filter(night=night, player__isnull=True).aggregate(
        total=Sum("amount", default=0)
    )["total"]


def live_hands(night: Night):
    return Hand.objects.filter(night=night, live=True).order_by("number")


def night_settlement(night: Night) -> list[Payment]:
    """Who pays whom, in the fewest transfers. Only when the pot is empty."""
    house = night.house_rules
    return settle_up(ledger_standings(night, night_roster(night), house), house)

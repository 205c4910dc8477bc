"""Reads of the ledger: balances, the pot, the live hands, the next hand, the settle-up,
the night's seal. Each screen has its own selector in a module named for it (hand_screen,
night_end, hand_changes, hand_log, night_reports, live_link); what they share is in seats
(the roster in seat order), last_hand (the state the next hand starts from) and standings."""

from django.db.models import Sum

from ledger import bridge
from ledger.models import Entry, Hand, Night
from ledger.selectors.hand_screen import NextHand, hand_problems, hand_screen
from ledger.selectors.last_hand import last_live_hand, state_after
from ledger.selectors.night_end import leftover_back
from ledger.selectors.seal import NightSeal, night_seal
from ledger.selectors.seats import night_roster
from ledger.selectors.standings import Payment, entry_totals, ledger_standings, settle_up

__all__ = [
    "NextHand",
    "NightSeal",
    "Payment",
    "hand_check",
    "live_hands",
    "next_hand",
    "night_balances",
    "night_leftover",
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


def next_hand(night: Night) -> NextHand:
    """What the host's hand screen offers next: number, default dealer, this hand's ante."""
    return hand_screen(night).next


def night_settlement(night: Night) -> list[Payment]:
    """Who pays whom, in the fewest transfers. Only when the pot is empty."""
    house = bridge.house_rules(night)
    return settle_up(ledger_standings(night, night_roster(night), house), house)


def hand_check(night: Night, hand) -> list[str]:
    """Every problem the referee would find with ``hand`` (a services.HandData) as the
    night's next hand; [] when hand_record would take it. Writes nothing: it backs the
    hand screen's live check, and hand_record checks everything again."""
    return hand_problems(hand_screen(night), hand)


def night_leftover(night: Night, policy: str) -> dict[int, int]:
    """Player id -> chips that closing the night now by ``policy`` would hand back
    (only those who get some). Writes nothing: the close screen shows both choices."""
    roster = night_roster(night)
    state = state_after(roster, last_live_hand(night))
    return leftover_back(bridge.house_rules(night), state, policy, roster)

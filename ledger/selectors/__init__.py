"""Reads of the ledger. Here: a night's balances and pot as its entries add up, its live
hands, its settle-up, and its seal (from ``seal``). Each screen has its own selector in a
module named for it; what several share has a module of its own:

- hand_screen: everything the hand screen shows, its live check, the state a hand is
  recorded from;
- night_start: the players a new night is started with, and last night's seats;
- roster_changes: tonight's seats as a late arrival joins, and what a leaver keeps;
- hand_changes: the undo and correct screens;
- hand_log: every revision of every hand, with who came and went;
- night_end: the close screen (what each way of handing back the pot gives) and the
  settle-up;
- night_reports: a night's report, for its host and for the live link;
- live_link: what the players' live link shows, and how a poll learns it is unchanged;
- referee: the trick referee's screen;
- players: one player's history at their table, and their page;
- my_games: a player's own games, from their account: every seat, every night;
- my_night: one night as a player who sat at it sees it from their account;
- my_debts: what a player owes and is owed at every table where they hold a seat;
- payments_sent: the payers' words "I sent it" still waiting to be confirmed;
- table_screen: a table's page (its players, nights and open debts);
- table_stats: a table's leaderboards, nights and records;
- table_results: a table's results file, every night's result for each player;
- debts: what is still owed, a table's open debts and the fewest transfers to settle them;
- payment_methods: a player's ways of getting paid, and those a settle-up offers;
- share_links: a night's live link, and the night behind a token;
- hosts: a host's own settings, and their tables;
- player_links: which account plays which seat now;
- seat_claims: the players a live link's visitor may claim, the claims waiting for the
  host, and what the hour's limit counts;
- co_hosts: a table's co-hosts, the tables an account co-hosts, and the runner's check;
- player_invites: the invite a link opens (its page), a player's account and open
  invites (their page), and what the hour's limits count;
- password_resets: how many password-reset mails were asked for in the last hour, for
  one address and from one client;
- account_data: every record about an account, for its download ("Your data");
- erasures: a leaving host's tables, each with the co-hosts who could take it;
- schedules: the nights ahead (a table's, one night's answers, an account's, a calendar
  feed's, those to remind of) and tonight's Yes players;
- sign_ins: the hour's sign-in codes per address and device, the account an address
  belongs to, an account's passkeys;
- seats: the roster in seat order, the one seats-in-order query;
- last_hand: a night's last live hand;
- night_state: the engine's state after a hand, before one and before the next;
- standings: the balances as the screens show them, and the settle-up from them;
- seal: what the players photograph to check the night later;
- notices: who gets a message, what an account turned off, what
  waits for it (the badge), and who still owes on a night old enough to be reminded;
- totals: chips and the money they were worth, over nights of different chip values.
"""

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

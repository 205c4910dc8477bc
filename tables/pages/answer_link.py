"""A player's own answer link, no account needed: the table's next nights, each with
Yes, No and Maybe for this player only."""

from django.utils import timezone

from ledger.models import Player
from ledger.selectors.schedules import player_nights_ahead
from tables.responses import Page


def answer_link_page(player: Player, token: str) -> Page:
    nights = player_nights_ahead(player, timezone.now())
    return Page(
        "ahead/answer_link.html",
        {"player": player, "table": player.table, "nights": nights, "token": token},
    )

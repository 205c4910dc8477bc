"""Unlinking a seat from an account, asked once more before it is done: the host's
(a player's page) or the player's own (their seats)."""

from ledger.models import Player, PlayerLink
from tables.responses import Page

TEMPLATE = "accounts/unlink.html"


def player_unlink_page(player: Player, link: PlayerLink, *, by_player: bool, back: str) -> Page:
    """``by_player``: the player leaving their own seat, rather than the host unlinking
    them; ``back``: where Cancel goes."""
    return Page(
        TEMPLATE,
        {
            "player": player,
            "link": link,
            "table": player.table,
            "by_player": by_player,
            "back": back,
        },
    )

"""Renaming a player: the name field; their history follows their id."""

from ledger.models import Player
from tables.forms.players import PlayerNameForm
from tables.responses import Page

TEMPLATE = "tables/player_rename.html"


def player_rename_page(player: Player, form: PlayerNameForm) -> Page:
    return Page(TEMPLATE, {"player": player, "form": form})

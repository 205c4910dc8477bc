"""A signed-in account's seats: each table where it plays, whose, as whom, and the way
to leave it."""

from ledger.selectors.player_links import user_seats
from tables.responses import Page

TEMPLATE = "accounts/seats.html"


def account_seats_page(user) -> Page:
    return Page(TEMPLATE, {"seats": user_seats(user)})

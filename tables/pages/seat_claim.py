"""A live link's visitor says "This is me" for one player: the page that asks once more
(or offers to sign up or in first, and come back)."""

from django.urls import reverse

from ledger.models import Night, Player
from tables.responses import Page
from tables.return_to import with_next

TEMPLATE = "accounts/claim.html"


def seat_claim_page(night: Night, token: str, player: Player, *, signed_in: bool) -> Page:
    here = reverse("seat_claim", args=[token, player.pk])
    return Page(
        TEMPLATE,
        {
            "night": night,
            "token": token,
            "player": player,
            "signed_in": signed_in,
            "live_url": reverse("share_view", args=[token]),
            "signup_url": with_next("signup", here),
            "login_url": with_next("login", here),
        },
    )

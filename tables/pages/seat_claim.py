"""A live link's visitor says "This is me" for one player: the page that asks once more
(or offers to sign up or in first, and come back)."""

from django.urls import reverse
from django.utils.http import urlencode

from ledger.models import Night, Player
from tables.responses import Page

TEMPLATE = "accounts/claim.html"


def seat_claim_page(night: Night, token: str, player: Player, *, signed_in: bool) -> Page:
    here = reverse("seat_claim", args=[token, player.pk])
    back = urlencode({"next": here})
    return Page(
        TEMPLATE,
        {
            "night": night,
            "token": token,
            "player": player,
            "signed_in": signed_in,
            "live_url": reverse("share_view", args=[token]),
            "signup_url": f"{reverse('signup')}?{back}",
            "login_url": f"{reverse('login')}?{back}",
        },
    )

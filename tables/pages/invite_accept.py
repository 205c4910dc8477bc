"""The invitee's page: whose seat, at which table, from which host, and the one button
that links it to the signed-in account (or the ways to sign up or in and come back)."""

from django.urls import reverse
from django.utils.http import urlencode

from ledger.selectors.player_invites import InviteScreen
from tables.responses import Page

TEMPLATE = "accounts/invite.html"


def invite_accept_page(screen: InviteScreen, token: str, *, signed_in: bool) -> Page:
    here = reverse("invite_view", args=[token])
    back = urlencode({"next": here})
    return Page(
        TEMPLATE,
        {
            "screen": screen,
            "token": token,
            "signed_in": signed_in,
            "signup_url": f"{reverse('signup')}?{back}",
            "login_url": f"{reverse('login')}?{back}",
        },
    )

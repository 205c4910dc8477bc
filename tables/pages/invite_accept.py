"""The invitee's page: whose seat, at which table, from which host, and the one button
that links it to the signed-in account (or the ways to sign up or in and come back)."""

from django.urls import reverse

from ledger.selectors.player_invites import InviteScreen
from tables.responses import Page
from tables.return_to import with_next

TEMPLATE = "accounts/invite.html"


def invite_accept_page(screen: InviteScreen, token: str, *, signed_in: bool) -> Page:
    here = reverse("invite_view", args=[token])
    return Page(
        TEMPLATE,
        {
            "screen": screen,
            "token": token,
            "signed_in": signed_in,
            "signup_url": with_next("signup", here),
            "login_url": with_next("login", here),
        },
    )

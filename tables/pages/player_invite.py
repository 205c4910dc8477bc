"""The host's invite for one player, to show across the table: its QR code, big enough to
scan from the other side, and its address to copy — shown on the phone that made it, the
one place its token is kept (the session), since the server keeps only a digest."""

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from ledger import payments
from ledger.models import PlayerInvite
from ledger.selectors.player_invites import player_open_invites
from tables.responses import Page

TEMPLATE = "accounts/player_invite.html"
QR_LABEL = gettext_lazy("QR code of the invite: scan it to link this seat to your account")


def player_invite_page(invite: PlayerInvite, token: str, *, build_uri) -> Page:
    """``token``: the invite's, if this session made it ("" otherwise); ``build_uri``: the
    request's ``build_absolute_uri``, as the QR code holds the whole address."""
    player = invite.player
    is_open = any(open_one.pk == invite.pk for open_one in player_open_invites(player))
    url = build_uri(reverse("invite_view", args=[token])) if token and is_open else ""
    return Page(
        TEMPLATE,
        {
            "invite": invite,
            "player": player,
            "table": player.table,
            "is_open": is_open,
            "invite_url": url,
            "qr": _qr(url) if url else "",
        },
    )


def _qr(url: str) -> SafeString:
    # segno's SVG, the label escaped by ledger.payments.qr; no style attribute (CSP).
    return mark_safe(payments.qr_svg(url, label=str(QR_LABEL)))  # noqa: S308

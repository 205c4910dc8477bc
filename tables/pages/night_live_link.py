"""The host's live link of a night, to show across the table: its QR code, big enough to
scan from the other side, and its address to copy — or, if the night has none yet, the
button that makes it."""

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from ledger import payments
from ledger.models import Night
from ledger.selectors.share_links import night_share_link
from tables.night_links import links
from tables.responses import Page

TEMPLATE = "share/night_link.html"
QR_LABEL = gettext_lazy("QR code of the live link: scan it to watch tonight's standings")


def night_live_link_page(night: Night, *, build_uri) -> Page:
    """``build_uri``: the request's ``build_absolute_uri``: the QR code holds the whole
    address, for a phone that is not on this page."""
    link = night_share_link(night)
    url = build_uri(reverse("share_view", args=[link.token])) if link else ""
    return Page(
        TEMPLATE,
        {
            "night": night,
            "share_link": link,
            "share_url": url,
            "qr": _qr(url) if url else "",
            "links": links(night),
        },
    )


def _qr(url: str) -> SafeString:
    # segno's SVG, the label escaped by ledger.payments.qr; no style attribute (CSP).
    return mark_safe(payments.qr_svg(url, label=str(QR_LABEL)))  # noqa: S308

"""The one-click unsubscribe's page, opened from an e-mail without signing in: which kind
of message it stops, and, once stopped, that it is."""

from ledger.models import NoticeKind
from tables.responses import Page

TEMPLATE = "me/unsubscribe.html"


def notice_unsubscribe_page(*, kind: str, token: str, done: bool) -> Page:
    return Page(TEMPLATE, {"kind": NoticeKind(kind).label, "token": token, "done": done})

"""Who gets a message, in which language, on which channel: each recipient's choices and
phones, their language (saved on their account, or else the table's), and the footer
that says why they get it and how to stop it."""

from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from ledger.models import NoticeChannel, NoticeKind, NoticeStatus, Table
from ledger.selectors.hosts import host_language
from ledger.selectors.notices import (
    push_subscriptions_of,
    turned_off,
)
from ledger.services.notices import notice_queue
from tables.languages import players_language
from tables.notices import texts
from tables.notices.delivery import origin_of, push_enabled, unsubscribe_url


def recipient_language(user, table: Table | None) -> str:
    language = host_language(user.pk) or (players_language(table) if table is not None else "")
    return language or settings.LANGUAGE_CODE


def send(
    *,
    user,
    table: Table | None,
    kind: str,
    event: str,
    compose: Callable[[], texts.Text],
    at: datetime | None = None,
) -> int:
    """Records the message of ``event`` to ``user`` on each channel they take it on, and
    hands each new one to the worker. How many were recorded now."""
    from tables.notices.tasks import notice_send

    off = turned_off(user)
    channels = []
    if user.email and (kind, NoticeChannel.EMAIL) not in off:
        channels.append(NoticeChannel.EMAIL)
    if push_enabled() and (kind, NoticeChannel.PUSH) not in off and push_subscriptions_of(user):
        channels.append(NoticeChannel.PUSH)
    if not channels:
        return 0
    language = recipient_language(user, table)
    recorded = 0
    with translation.override(language):
        text = compose()
        for channel in channels:
            # A notification opens the link when tapped; a mail spells it out.
            body = text.body
            if channel == NoticeChannel.EMAIL:
                body += f"\n\n{text.action}: {text.url}\n\n-- \n"
                body += _footer(user, kind, origin_of(text.url))
            notice, created = notice_queue(
                recipient=user,
                host=table.owner if table is not None else None,
                channel=channel,
                kind=kind,
                event=event,
                language=language,
                subject=text.subject,
                body=body,
                url=text.url,
                now=at,
            )
            if created:
                recorded += 1
                if notice.status == NoticeStatus.QUEUED:
                    notice_send.enqueue(notice.pk)
    return recorded


def _footer(user, kind: str, origin: str) -> str:
    return texts.footer(
        why=gettext("You get this message because you play at a table on Bourré ledger: %(kind)s.")
        % {"kind": NoticeKind(kind).label},
        unsubscribe_url=unsubscribe_url(user_id=user.pk, kind=kind, origin=origin),
        settings_url=origin + reverse("notice_settings"),
    )

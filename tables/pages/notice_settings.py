"""Messages and reminders, on the account: which kinds come by e-mail and as this app's
notifications, the phones that take notifications, an address the mail server refused,
and the last messages sent."""

from django.conf import settings

from ledger.models import NoticeChannel
from ledger.selectors.notices import (
    push_subscriptions_of,
    recent_notices,
    refused_address,
    turned_off,
)
from tables.forms.notices import NoticeChoicesForm
from tables.notices.delivery import push_enabled
from tables.responses import Page

TEMPLATE = "me/messages.html"


def channels() -> list[str]:
    """E-mail, and this app's notifications where the server has its VAPID keys."""
    shown = [NoticeChannel.EMAIL.value]
    if push_enabled():
        shown.append(NoticeChannel.PUSH.value)
    return shown


def choices_form(user, data=None) -> NoticeChoicesForm:
    return NoticeChoicesForm(data, channels=channels(), turned_off=turned_off(user))


def notice_settings_page(user, *, form: NoticeChoicesForm | None = None) -> Page:
    form = form or choices_form(user)
    return Page(
        TEMPLATE,
        {
            "form": form,
            "email": user.email,
            "mail_refusal": refused_address(user.email),
            "push_enabled": push_enabled(),
            "vapid_public_key": settings.VAPID_PUBLIC_KEY,
            "phones": len(push_subscriptions_of(user)) if push_enabled() else 0,
            "recent": recent_notices(user),
        },
    )

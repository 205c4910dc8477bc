"""The one-click unsubscribe of every e-mail (RFC 8058): a signed address that turns one
kind of message off for one account, without signing in."""

from django.core import signing

from ledger.models import NoticeKind

SALT = "tables.notices.unsubscribe"


def unsubscribe_token(user_id: int, kind: str) -> str:
    return signing.dumps([user_id, kind], salt=SALT)


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    """(account id, kind) the token was made for, or None for one not made here."""
    try:
        user_id, kind = signing.loads(token, salt=SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(user_id, int) or kind not in NoticeKind.values:
        return None
    return user_id, kind

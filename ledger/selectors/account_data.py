"""Everything kept about an account, for its download ("Download my data"; GDPR articles
15 and 20, LGPD article 18): for each model, the rows about the account.

About an account are: the account itself and what it chose (its language, passkeys,
messages, ways of getting paid); every record of the tables it hosts (the players, the
nights, the ledger's entries, the debts); and, at other hosts' tables, every record of
the seats it plays or played (their entries, results, debts and payments). Another
host's table is otherwise left out: it is that host's.

``ABOUT`` lists every model; ``NOT_ABOUT_AN_ACCOUNT`` the few that no account can be
found in, with why. A test fails when a model is in neither.
"""

from collections.abc import Callable, Iterator

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Model, Q, QuerySet

from ledger import models as m

# What of the account itself is given: not the password's hash (a secret, not data).
ACCOUNT_FIELDS = (
    "username",
    "email",
    "first_name",
    "last_name",
    "is_active",
    "date_joined",
    "last_login",
)

Rows = Callable[[AbstractBaseUser], QuerySet]


def _hosted(path: str) -> Callable[[AbstractBaseUser], Q]:
    """Rows of a table the account hosts, ``path`` leading from the row to its table."""
    return lambda user: Q(**{f"{path}__owner": user})


def _seat(*paths: str) -> Callable[[AbstractBaseUser], Q]:
    """Rows of a seat the account plays or played, each path leading to a player."""

    def about(user: AbstractBaseUser) -> Q:
        condition = Q()
        for path in paths:
            condition |= Q(**{f"{path}__links__user": user})
        return condition

    return about


def _by(path: str) -> Callable[[AbstractBaseUser], Q]:
    """Rows the account itself wrote or holds, ``path`` leading from the row to it."""
    return lambda user: Q(**{path: user})


def _rows(model: type[Model], *conditions: Callable[[AbstractBaseUser], Q]) -> Rows:
    def rows(user: AbstractBaseUser) -> QuerySet:
        condition = Q()
        for about in conditions:
            condition |= about(user)
        # A player linked twice (unlinked, then again) joins twice: each row once.
        return model.objects.filter(condition).distinct().order_by("pk")

    return rows


def _own(model: type[Model], field: str) -> Rows:
    return lambda user: model.objects.filter(**{field: user}).order_by("pk")


ABOUT: dict[type[Model], Rows] = {
    get_user_model(): lambda user: get_user_model().objects.filter(pk=user.pk),
    m.HostSettings: _own(m.HostSettings, "user"),
    m.Passkey: _own(m.Passkey, "user"),
    m.SignInCode: _own(m.SignInCode, "user"),
    m.Notice: _own(m.Notice, "recipient"),
    m.NoticeOptOut: _own(m.NoticeOptOut, "user"),
    m.PushSubscription: _own(m.PushSubscription, "user"),
    m.MailRefusal: lambda user: (
        m.MailRefusal.objects.filter(address__iexact=user.email)
        if user.email
        else m.MailRefusal.objects.none()
    ),
    m.Table: _own(m.Table, "owner"),
    m.Player: _rows(m.Player, _hosted("table"), _by("links__user")),
    m.Night: _rows(m.Night, _hosted("table"), _seat("seats__player")),
    m.Seat: _rows(m.Seat, _hosted("night__table"), _seat("player")),
    m.RosterChange: _rows(m.RosterChange, _hosted("night__table"), _seat("player")),
    m.Hand: _rows(m.Hand, _hosted("night__table"), _seat("night__seats__player")),
    m.Entry: _rows(m.Entry, _hosted("night__table"), _seat("player")),
    m.ShareLink: _rows(m.ShareLink, _hosted("night__table")),
    m.NightImport: _rows(m.NightImport, _hosted("night__table")),
    m.NightSummary: _rows(m.NightSummary, _hosted("table")),
    m.NightResult: _rows(m.NightResult, _hosted("table"), _seat("player")),
    m.NightTransfer: _rows(m.NightTransfer, _hosted("table"), _seat("payer", "payee")),
    m.PlayerYear: _rows(m.PlayerYear, _hosted("table"), _seat("player")),
    m.PlayerYearTotal: _rows(m.PlayerYearTotal, _hosted("line__table"), _seat("line__player")),
    m.DebtPool: _rows(m.DebtPool, _hosted("table")),
    m.DebtPoolSource: _rows(m.DebtPoolSource, _hosted("pool__table")),
    m.PooledTransfer: _rows(m.PooledTransfer, _hosted("pool__table"), _seat("payer", "payee")),
    m.PaymentMark: _rows(m.PaymentMark, _hosted("table"), _seat("payer", "payee")),
    m.PaymentMarkReversal: _rows(
        m.PaymentMarkReversal, _hosted("mark__table"), _seat("mark__payer", "mark__payee")
    ),
    m.DebtPair: _rows(m.DebtPair, _hosted("table"), _seat("payer", "payee")),
    m.DebtBalance: _rows(
        m.DebtBalance, _hosted("pair__table"), _seat("pair__payer", "pair__payee")
    ),
    m.PaymentMethod: _rows(m.PaymentMethod, _hosted("player__table"), _by("user")),
    m.PaymentMethodWithdrawal: _rows(
        m.PaymentMethodWithdrawal, _hosted("method__player__table"), _by("method__user")
    ),
    m.PaymentSent: _rows(m.PaymentSent, _hosted("table"), _by("sent_by")),
    m.PaymentSentConfirmation: _rows(
        m.PaymentSentConfirmation, _hosted("sent__table"), _by("sent__sent_by")
    ),
    m.PlayerInvite: _rows(m.PlayerInvite, _hosted("player__table")),
    m.PlayerInviteWithdrawal: _rows(m.PlayerInviteWithdrawal, _hosted("invite__player__table")),
    m.PlayerLink: _rows(m.PlayerLink, _hosted("player__table"), _by("user")),
    m.PlayerUnlink: _rows(m.PlayerUnlink, _hosted("link__player__table"), _by("link__user")),
    m.SeatClaim: _rows(m.SeatClaim, _hosted("player__table"), _by("user")),
    m.SeatClaimAnswer: _rows(
        m.SeatClaimAnswer, _hosted("claim__player__table"), _by("claim__user")
    ),
    m.CoHostGrant: _rows(m.CoHostGrant, _hosted("link__player__table"), _by("link__user")),
    m.CoHostRevocation: _rows(
        m.CoHostRevocation, _hosted("grant__link__player__table"), _by("grant__link__user")
    ),
    m.Erasure: _rows(m.Erasure, _hosted("table"), _by("erased_by")),
    m.Schedule: _rows(m.Schedule, _hosted("table"), _seat("table__players")),
    m.ScheduleSkip: _rows(m.ScheduleSkip, _hosted("schedule__table")),
    m.RsvpAnswer: _rows(m.RsvpAnswer, _hosted("schedule__table"), _seat("player")),
    m.RsvpLink: _rows(m.RsvpLink, _hosted("player__table")),
    m.CalendarFeed: _own(m.CalendarFeed, "user"),
}

NOT_ABOUT_AN_ACCOUNT: dict[type[Model], str] = {
    m.PasswordResetRequest: "keyed hashes of an address and a device: no row names an account",
    m.PlayerInviteAttempt: "a keyed hash of a device's address: no row names an account",
}


def account_records(user: AbstractBaseUser) -> Iterator[tuple[type[Model], QuerySet]]:
    """Each model's rows about ``user``, in the order ``ABOUT`` lists them."""
    for model, rows in ABOUT.items():
        yield model, rows(user)


def account_entries(user: AbstractBaseUser) -> QuerySet:
    """The ledger's entries about ``user`` (its tables', and its seats' elsewhere), for
    the CSV: with what names them, in the order they were written."""
    return (
        ABOUT[m.Entry](user)
        .order_by("night_id", "seq")
        .values_list(
            "night__table__name",
            "night_id",
            "night__started_at",
            "seq",
            "created_at",
            "hand_number",
            "player__name",
            "kind",
            "amount",
            "hash",
        )
    )

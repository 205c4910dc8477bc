"""Erasing people: a player at a table (their name and pay details), an account that is
deleted, and the tables of a host who leaves.

The ledger stays whole. Its rows and the seal name players by number, never by name
(``ledger.models.entries.canonical_entry``), so a name can go without a chip moving. What
goes: the name (now "Player 7"), the ways of getting paid (blanked in place, through the
append-only tables' one sanctioned change), typed words that held the name or a pay detail,
and for an account its sign-in, its e-mail address and everything sent to it. Each erasure
is recorded (``Erasure``): who, what, when, and nothing personal.
"""

import re
from collections.abc import Iterable, Mapping

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext

from ledger.errors import Conflict, InvalidInput
from ledger.models import (
    CalendarFeed,
    CoHostRevocation,
    Erasure,
    ErasureKind,
    Hand,
    HostSettings,
    MailRefusal,
    Notice,
    NoticeOptOut,
    Passkey,
    PaymentMark,
    PaymentMarkReversal,
    PaymentMethod,
    PaymentMethodWithdrawal,
    Player,
    PlayerInvite,
    PlayerInviteWithdrawal,
    PlayerUnlink,
    PushSubscription,
    RsvpLink,
    Schedule,
    ShareLink,
    SignInCode,
    Table,
)
from ledger.names import FORMER_ACCOUNT_PREFIX
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.co_hosts import active_grants
from ledger.selectors.hosts import host_language
from ledger.selectors.player_links import current_links

PLAYER_ALREADY_ERASED = Code("player_already_erased", gettext_noop("{name} was erased already."))
HEIR_NOT_A_CO_HOST = Code(
    "heir_not_a_co_host", gettext_noop("{table} can only go to one of its co-hosts.")
)
ACCOUNT_ALREADY_DELETED = Code("account_already_deleted", gettext_noop("This account is gone."))

# What stands where a pay detail or an e-mail address was, in a message kept for another.
ERASED_WORDS = "…"


def _scrubbed(text: str, words: Iterable[str], replacement: str) -> str:
    """``text`` with each of ``words`` replaced where it stands as a word of its own: "Al"
    goes from "Al paid", not from "small"."""
    for word in words:
        if word:
            pattern = rf"(?<!\w){re.escape(word)}(?!\w)"
            text = re.sub(pattern, lambda _: replacement, text, flags=re.IGNORECASE)
    return text


def _scrub_rows(queryset, fields: tuple[str, ...], words: list[str], replacement: str, *, erase):
    """Rewrite ``fields`` of the rows whose text holds one of ``words``. ``erase``: the
    append-only tables' sanctioned change (only their typed words), else a plain update."""
    if not any(words):
        return
    holds = Q()
    for field in fields:
        for word in filter(None, words):
            holds |= Q(**{f"{field}__icontains": word})
    for row in queryset.filter(holds).values("pk", *fields):
        changed = {field: _scrubbed(row[field], words, replacement) for field in fields}
        rows = queryset.model.objects.filter(pk=row["pk"])
        rows.erase(**changed) if erase else rows.update(**changed)


def _scrub_table(table: Table, words: list[str], replacement: str) -> None:
    """The typed words kept at ``table``: hands' reasons, marks' notes and why a mark was
    taken back or a way of getting paid withdrawn, and the messages its host's nights sent."""
    _scrub_rows(
        Hand.objects.filter(night__table=table), ("reason",), words, replacement, erase=False
    )
    _scrub_rows(PaymentMark.objects.filter(table=table), ("note",), words, replacement, erase=True)
    _scrub_rows(
        PaymentMarkReversal.objects.filter(mark__table=table),
        ("reason",),
        words,
        replacement,
        erase=True,
    )
    _scrub_rows(
        PaymentMethodWithdrawal.objects.filter(method__player__table=table),
        ("reason",),
        words,
        replacement,
        erase=True,
    )
    _scrub_rows(
        Schedule.objects.filter(table=table), ("place", "note"), words, replacement, erase=False
    )
    _scrub_rows(
        Notice.objects.filter(host_id=table.owner_id),
        ("subject", "body"),
        words,
        replacement,
        erase=False,
    )


def _erase_methods(methods, *, by, at) -> list[str]:
    """Blank the ways of getting paid in ``methods``; what they held, for the scrubbing."""
    held = [
        word
        for row in methods.filter(erased_at=None).values("value", "name", "city", "bic")
        for word in row.values()
        if len(word) >= 4  # a short BIC part or city could be any word in a message
    ]
    methods.filter(erased_at=None).erase(
        value="", name="", city="", bic="", erased_by=by, erased_at=at
    )
    return held


def _players_language(table: Table) -> str:
    return table.language or host_language(table.owner_id) or settings.LANGUAGE_CODE


def _erased_name(player: Player) -> str:
    """The name an erased player gets, "Player 7": their place among the table's players
    by when they came, or the next free number, in the language the table's players
    read."""
    others = {name.casefold() for name in player.table.players.values_list("name", flat=True)}
    number = player.table.players.filter(pk__lte=player.pk).count()
    with translation.override(_players_language(player.table)):
        while (name := gettext("Player %(number)s") % {"number": number}).casefold() in others:
            number += 1
    return name


def _unlink(links, *, by, at) -> None:
    """Undo ``links`` and the co-host grants that came with them."""
    for grant in active_grants().filter(link__in=links):
        CoHostRevocation.objects.create(grant=grant, revoked_by=by, revoked_at=at)
    for link in links.filter(unlink__isnull=True):
        PlayerUnlink.objects.create(link=link, unlinked_by=by, unlinked_at=at)


def _player_erase(player: Player, *, by, at) -> None:
    former = player.name
    new_name = _erased_name(player)
    held = _erase_methods(PaymentMethod.objects.filter(player=player), by=by, at=at)
    _scrub_table(player.table, [former], new_name)
    _scrub_table(player.table, held, ERASED_WORDS)
    _unlink(current_links().filter(player=player), by=by, at=at)
    RsvpLink.objects.filter(player=player, revoked_at=None).update(revoked_at=at, revoked_by=by)
    for invite in PlayerInvite.objects.filter(player=player, withdrawal__isnull=True):
        PlayerInviteWithdrawal.objects.create(invite=invite, withdrawn_by=by, withdrawn_at=at)
    player.name = new_name
    player.erased_at = at
    player.save(update_fields=["name", "erased_at"])
    Erasure.objects.create(
        kind=ErasureKind.PLAYER, player=player, table=player.table, erased_by=by, erased_at=at
    )


def player_erase(*, player: Player, by) -> Player:
    """Erase ``player`` at their table, at their request or for one without an account:
    their name becomes "Player 7" everywhere, their ways of getting paid are blanked, their
    seat is unlinked and its invites withdrawn. Their nights, chips and debts stay."""
    with transaction.atomic():
        player = Player.objects.select_for_update(no_key=True).get(pk=player.pk)
        if player.erased_at is not None:
            raise Conflict(PLAYER_ALREADY_ERASED(name=player.name))
        _player_erase(player, by=by, at=timezone.now())
        return player


def _table_erase(table: Table, *, by, at) -> None:
    """Every player erased, the live links dead, the table hidden: each night stays as
    its date, its hands and its seal, known to have been."""
    for player in table.players.filter(erased_at=None).order_by("pk"):
        _player_erase(player, by=by, at=at)
    ShareLink.objects.filter(night__table=table, revoked_at=None).update(revoked_at=at)
    RsvpLink.objects.filter(player__table=table, revoked_at=None).update(
        revoked_at=at, revoked_by=by
    )
    Schedule.objects.filter(table=table, ended_at=None).update(ended_at=at, ended_by=by)
    for grant in active_grants().filter(link__player__table=table):
        CoHostRevocation.objects.create(grant=grant, revoked_by=by, revoked_at=at)
    with translation.override(_players_language(table)):
        table.name = gettext("Erased table %(number)s") % {"number": table.pk}
    table.hidden_at = table.hidden_at or at
    table.erased_at = at
    table.save(update_fields=["name", "hidden_at", "erased_at", "updated_at"])
    Erasure.objects.create(kind=ErasureKind.TABLE, table=table, erased_by=by, erased_at=at)


def _hand_over(table: Table, heir, *, by, at) -> None:
    """``heir``, a co-host, hosts ``table`` from now on; their grant is spent."""
    grants = active_grants().filter(link__player__table=table, link__user=heir)
    if not grants.exists():
        raise InvalidInput(HEIR_NOT_A_CO_HOST(table=table.name))
    for grant in grants:
        CoHostRevocation.objects.create(grant=grant, revoked_by=by, revoked_at=at)
    table.owner = heir
    table.save(update_fields=["owner", "updated_at"])


def account_delete(*, user, heirs: Mapping[int, int]) -> None:
    """Delete ``user``'s account. ``heirs``: table id -> the account id of the co-host who
    takes that table; every other table of theirs is erased. Their seats are unlinked
    (open debts stay on the seat, for its host), their ways of getting paid blanked, and
    their sign-in, e-mail address and messages gone. What must stay (a mark, an "I sent
    it", a hand they recorded) names "a former account"."""
    User = get_user_model()
    with transaction.atomic():
        user = User.objects.select_for_update(no_key=True).get(pk=user.pk)
        if user.get_username().startswith(FORMER_ACCOUNT_PREFIX):
            raise Conflict(ACCOUNT_ALREADY_DELETED())
        at = timezone.now()
        for table in Table.objects.select_for_update(no_key=True).filter(owner=user).order_by("pk"):
            heir_id = heirs.get(table.pk)
            if heir_id is None:
                _table_erase(table, by=user, at=at)
            else:
                _hand_over(table, User.objects.filter(pk=heir_id).first(), by=user, at=at)
        _unlink(current_links().filter(user=user), by=user, at=at)
        for grant in active_grants().filter(granted_by=user):
            CoHostRevocation.objects.create(grant=grant, revoked_by=user, revoked_at=at)
        held = _erase_methods(PaymentMethod.objects.filter(user=user), by=user, at=at)
        names = [user.get_username(), user.email]
        words = [word for word in [*held, user.email] if word]
        _scrub_rows(Notice.objects.all(), ("subject", "body"), words, ERASED_WORDS, erase=False)
        Notice.objects.filter(recipient=user).delete()
        for model in (
            Passkey,
            SignInCode,
            NoticeOptOut,
            PushSubscription,
            HostSettings,
            CalendarFeed,
        ):
            model.objects.filter(user=user).delete()
        if user.email:
            MailRefusal.objects.filter(address__iexact=user.email).delete()
        for model in (AccessAttempt, AccessLog, AccessFailureLog):
            model.objects.filter(username__in=[name for name in names if name]).delete()
        user.username = f"{FORMER_ACCOUNT_PREFIX}{user.pk}"
        user.email = ""
        user.first_name = user.last_name = ""
        user.set_unusable_password()
        user.is_active = False
        user.save()
        Erasure.objects.create(kind=ErasureKind.ACCOUNT, account=user, erased_by=user, erased_at=at)

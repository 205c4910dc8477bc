"""Reads of how players get paid: one player's methods for their page, a player's own
methods on their account, and the methods a settle-up offers, each in one query.

A seat linked to an account whose player keeps their own ways of getting paid is paid
those ways: the host's entries for that seat step aside wherever someone must pay it.
"""

from collections.abc import Iterable

from django.db.models import F, Q
from django.db.models.functions import Coalesce

from ledger.models import PaymentMethod, Player
from ledger.models.payments import kinds_for_currency


def player_payment_methods(player: Player) -> list[PaymentMethod]:
    """``player``'s methods as their host wrote them, not withdrawn, oldest first: one
    query."""
    return list(PaymentMethod.objects.current().filter(player=player).order_by("added_at", "id"))


def player_payment_methods_and_own(player: Player) -> tuple[list[PaymentMethod], bool]:
    """``player``'s methods as their host wrote them (as ``player_payment_methods``), and
    whether the account that plays them now keeps ways of its own: one query."""
    rows = (
        PaymentMethod.objects.current()
        .filter(
            Q(player=player)
            | Q(user__player_links__player=player, user__player_links__unlink__isnull=True)
        )
        .order_by("added_at", "id")
    )
    methods = list(rows)
    return [m for m in methods if m.user_id is None], any(m.user_id for m in methods)


def account_payment_methods(user) -> list[PaymentMethod]:
    """The ways ``user``'s account gets paid, not withdrawn, oldest first: one query."""
    return list(PaymentMethod.objects.current().filter(user=user).order_by("added_at", "id"))


def keeps_own_payment_methods(player: Player) -> bool:
    """Whether the account that plays ``player`` now keeps ways of getting paid of its
    own (then the host's entries for the player step aside): one query."""
    return (
        PaymentMethod.objects.current()
        .filter(
            user__player_links__player=player,
            user__player_links__unlink__isnull=True,
        )
        .exists()
    )


def payees_payment_methods(
    player_ids: Iterable[int], currency: str | None, *, paid_in: str | None = None
) -> dict[int, list[PaymentMethod]]:
    """Player id -> their methods that pay in ``currency`` (every one of theirs when None:
    the host's settle-up also says who has none that fits), not withdrawn, oldest first,
    for every id given that has one: one query, however many transfers. A seat whose
    account has methods of its own that fit gets those, and none of the host's; with
    ``currency`` None, "fit" is paying in ``paid_in`` (the night's currency), so an
    account's ways in another currency do not hide the host's that would do."""
    ids = set(player_ids)
    if not ids:
        return {}
    rows = (
        PaymentMethod.objects.current()
        .filter(
            Q(player_id__in=ids)
            | Q(
                user__player_links__player_id__in=ids,
                user__player_links__unlink__isnull=True,
            )
        )
        # The seat each row pays: the host's row names it; an account's row, the seat its
        # link (the join the filter made) holds.
        .annotate(seat=Coalesce(F("player_id"), F("user__player_links__player_id")))
    )
    if currency is not None:
        rows = rows.filter(kind__in=kinds_for_currency(currency))
    hosts: dict[int, list[PaymentMethod]] = {}
    own: dict[int, list[PaymentMethod]] = {}
    for method in rows.order_by("added_at", "id"):
        (hosts if method.user_id is None else own).setdefault(method.seat, []).append(method)
    fitting = currency or paid_in
    fits = set(kinds_for_currency(fitting)) if fitting else None

    def chosen(seat: int) -> list[PaymentMethod]:
        mine = own.get(seat, [])
        if mine and (fits is None or any(m.kind in fits for m in mine)):
            return mine
        return hosts.get(seat) or mine

    return {seat: chosen(seat) for seat in own.keys() | hosts.keys()}

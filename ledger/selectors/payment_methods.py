"""Reads of how players get paid: one player's methods for their page, and the methods a
settle-up offers, each in one query."""

from collections.abc import Iterable

from ledger.models import PaymentMethod, Player
from ledger.models.payments import kinds_for_currency


def player_payment_methods(player: Player) -> list[PaymentMethod]:
    """``player``'s methods not withdrawn, oldest first: one query."""
    return list(PaymentMethod.objects.current().filter(player=player).order_by("added_at", "id"))


def payees_payment_methods(
    player_ids: Iterable[int], currency: str | None
) -> dict[int, list[PaymentMethod]]:
    """Player id -> their methods that pay in ``currency`` (every one of theirs when None:
    the host's settle-up also says who has none that fits), not withdrawn, oldest first,
    for every id given that has one: one query, however many transfers."""
    ids = set(player_ids)
    if not ids:
        return {}
    methods: dict[int, list[PaymentMethod]] = {}
    rows = PaymentMethod.objects.current().filter(player_id__in=ids)
    if currency is not None:
        rows = rows.filter(kind__in=kinds_for_currency(currency))
    rows = rows.order_by("added_at", "id")
    for method in rows:
        methods.setdefault(method.player_id, []).append(method)
    return methods

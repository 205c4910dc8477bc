"""Every URL of the app, from the URL configuration itself, filled in from one small world.

A view added tomorrow is walked by the permission, CSRF and escaping proofs without
anyone remembering to list it; a URL taking a parameter the world cannot fill in
fails loudly instead of being skipped.
"""

import itertools
from dataclasses import dataclass, field
from decimal import Decimal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Model
from django.urls import URLResolver, get_resolver, reverse
from django.utils import timezone

from ledger.models import (
    DebtBalance,
    DebtPair,
    DebtPool,
    DebtPoolSource,
    Entry,
    Hand,
    HostSettings,
    Night,
    PaymentMark,
    PaymentMarkReversal,
    PaymentMethod,
    PaymentMethodWithdrawal,
    Player,
    PooledTransfer,
    Seat,
    ShareLink,
    Table,
)
from ledger.services.debt_balances import debt_balances_post
from ledger.services.debts import payment_mark
from tests.factories import (
    NightFactory,
    PaymentMethodFactory,
    PlayerFactory,
    ShareLinkFactory,
    TableFactory,
    UserFactory,
)
from tests.tables.night_helpers import example_1_hands

# Pages anyone may open: their answer does not depend on whose data it is.
PUBLIC = {
    "home",
    "login",
    "logout",
    "signup",
    "password_reset",
    "password_reset_done",
    "password_reset_complete",
    "share_view",
    "share_rules",
    "set_language",
    "favicon",
}
# URLs a signed-in visitor uses for their own account: what they write is theirs (a
# sample table of their own), nothing of anyone else's.
OWN_WRITES = {"table_sample_create"}
# URLs the walk cannot fill in, and why.
SKIPPED = {
    "password_reset_confirm": "its uidb64 and token come from a reset e-mail (Django's own view)",
}
LEDGER_MODELS: list[type[Model]] = [
    Entry,
    Hand,
    Night,
    Seat,
    Player,
    Table,
    ShareLink,
    HostSettings,
    PaymentMethod,
    PaymentMethodWithdrawal,
    PaymentMark,
    PaymentMarkReversal,
    DebtPool,
    DebtPoolSource,
    PooledTransfer,
    DebtPair,
    DebtBalance,
]
XSS_NAME = "<script>alert(1)</script>"


@dataclass(frozen=True)
class Route:
    name: str
    pattern: str
    params: tuple[str, ...]


def _params(pattern) -> list[str]:
    converters = getattr(pattern, "converters", None)
    if converters is not None:
        return list(converters)
    return list(pattern.regex.groupindex)


def routes() -> list[Route]:
    """Every named URL of the project but the admin's and static files'."""
    static = settings.STATIC_URL.lstrip("/")

    def walk(patterns, prefix: str, params: tuple[str, ...]):
        for entry in patterns:
            text = prefix + str(entry.pattern)
            names = params + tuple(_params(entry.pattern))
            if isinstance(entry, URLResolver):
                if entry.app_name == "admin" or text.startswith("admin/"):
                    continue
                yield from walk(entry.url_patterns, text, names)
            elif entry.name and not text.startswith(static):
                yield Route(entry.name, text, names)

    found = list(walk(get_resolver().url_patterns, "", ()))
    return [route for route in found if route.name not in SKIPPED]


@dataclass
class World:
    owner: object
    other: object
    table: Table
    player: Player
    open_night: Night
    closed_night: Night
    tokens: list[str]
    method: PaymentMethod
    mark: PaymentMark
    pooled: PooledTransfer
    values: dict[str, list] = field(init=False)

    def __post_init__(self) -> None:
        self.values = {
            "table_id": [self.table.pk],
            "player_id": [self.player.pk],
            "night_id": [self.open_night.pk, self.closed_night.pk],
            "number": [1],
            "token": self.tokens,
            "method_id": [self.method.pk],
            # The closed night's first transfer (Bob pays the first player), its mark,
            # and a "settle everything" transfer.
            "payer_id": [self.mark.payer_id],
            "payee_id": [self.mark.payee_id],
            "mark_id": [self.mark.pk],
            "transfer_id": [self.pooled.pk],
        }

    def urls(self, route: Route) -> list[str]:
        unknown = [p for p in route.params if p not in self.values]
        assert not unknown, (
            f"URL {route.name} ({route.pattern}) takes {unknown}: teach tests/tables/urlwalk.py "
            "how to fill it in, so the permission and security proofs cover it."
        )
        choices = [self.values[p] for p in route.params]
        return [
            reverse(route.name, kwargs=dict(zip(route.params, combo, strict=True)))
            for combo in itertools.product(*choices)
        ]

    def walk(self) -> list[tuple[Route, str]]:
        return [(route, url) for route in routes() for url in self.urls(route)]


def build_world(player_name: str = "Ann") -> World:
    """A host's table with a player, an open night of three hands, a closed night of
    seven, a live share link to each, a way the player gets paid (the host's words, in
    any currency, so the closed night's settle-up offers it); and another host with a
    table of their own."""
    owner = UserFactory()
    other = UserFactory()
    PlayerFactory(table=TableFactory(owner=other, name="Someone else's table"), name="Zed")
    table = TableFactory(owner=owner)
    names = [player_name, "Bob", "Cy", "Dee"]
    for name in names:
        PlayerFactory(table=table, name=name)
    by_name = {p.name: p for p in table.players.all()}
    pool = DebtPool.objects.create(
        table=table, currency="USD", digest="0" * 64, created_by=owner, created_at=timezone.now()
    )
    pooled = PooledTransfer.objects.create(
        pool=pool, payer=by_name["Cy"], payee=by_name["Dee"], amount=Decimal("2")
    )
    # Its transfer open in the table's kept open debts, as "settle everything" opens it:
    # before the nights, which it did not carry (they came after it).
    debt_balances_post(
        table_id=table.pk,
        currency="USD",
        changes={(pooled.payer_id, pooled.payee_id): pooled.amount},
        at=pool.created_at,
        pool_id=pool.pk,
    )
    hands = _named(example_1_hands(7), player_name)
    closed = NightFactory(names=names, table=table, hands=hands, closed=True)
    open_night = NightFactory(names=names, table=table, hands=hands[:3])
    tokens = [ShareLinkFactory(night=n).token for n in (open_night, closed)]
    player = Player.objects.get(table=table, name=player_name)
    method = PaymentMethodFactory(player=player, kind="other", value=f"Pay {player_name}")
    mark = payment_mark(
        night=closed,
        payer_id=by_name["Bob"].pk,
        payee_id=by_name[player_name].pk,
        amount=Decimal("1"),
        by=owner,
    )
    return World(
        owner=owner,
        other=other,
        table=table,
        player=player,
        open_night=open_night,
        closed_night=closed,
        tokens=tokens,
        method=method,
        mark=mark,
        pooled=pooled,
    )


def _named(hands: list[dict], name: str) -> list[dict]:
    """Worked-example hands with Ann played by ``name``."""

    def swap(value):
        if isinstance(value, dict):
            return {swap(k): swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return name if value == "Ann" else value

    return [swap(hand) for hand in hands]


def fingerprint() -> dict[str, list]:
    """Every row of the ledger's and tables' models, and the users: any write changes it."""
    rows = {
        model._meta.label: list(model.objects.order_by("pk").values_list())
        for model in LEDGER_MODELS
    }
    rows["users"] = list(get_user_model().objects.order_by("pk").values_list("pk", "password"))
    return rows

"""Every URL of the app, from the URL configuration itself, filled in from one small world.

A view added tomorrow is walked by the permission, CSRF and escaping proofs without
anyone remembering to list it; a URL taking a parameter the world cannot fill in
fails loudly instead of being skipped.
"""

import itertools
import re
from dataclasses import dataclass, field
from decimal import Decimal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Model
from django.urls import URLResolver, get_resolver, reverse
from django.utils import timezone

from ledger.models import (
    CalendarFeed,
    CoHostGrant,
    CoHostRevocation,
    DebtBalance,
    DebtPair,
    DebtPool,
    DebtPoolSource,
    Entry,
    Erasure,
    Hand,
    HostSettings,
    Night,
    Passkey,
    PaymentMark,
    PaymentMarkReversal,
    PaymentMethod,
    PaymentMethodWithdrawal,
    PaymentSent,
    PaymentSentConfirmation,
    Player,
    PlayerInvite,
    PlayerInviteAttempt,
    PlayerInviteWithdrawal,
    PlayerLink,
    PlayerUnlink,
    PooledTransfer,
    RsvpAnswer,
    RsvpLink,
    Schedule,
    ScheduleSkip,
    Seat,
    SeatClaim,
    SeatClaimAnswer,
    ShareLink,
    SignInCode,
    Table,
)
from ledger.services.co_hosts import co_host_grant
from ledger.services.debt_balances import debt_balances_post
from ledger.services.debts import payment_mark
from ledger.services.payment_methods import account_payment_method_add
from ledger.services.payments_sent import payment_sent_record
from ledger.services.player_invites import player_invite_create
from ledger.services.schedules import calendar_feed_reset, rsvp_link_create
from ledger.services.seat_claims import seat_claim_create
from ledger.services.sign_ins import NewPasskey, passkey_add
from tests.factories import (
    NightFactory,
    PaymentMethodFactory,
    PlayerFactory,
    ScheduleFactory,
    ShareLinkFactory,
    TableFactory,
    UserFactory,
    link_player,
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
    # Signing in and up without a password: the same forms for anyone (a signed-in
    # visitor is sent on), and a passkey's options, which only the session keeps.
    "passkey_sign_in",
    "passkey_sign_in_options",
    "passkey_signup_options",
    "sign_in_code",
    "sign_in_code_request",
    "share_view",
    "share_rules",
    # The invite's token is a credential, as the live link's is: whoever holds it may
    # link the seat to their own account, or claim a seat of the live link's night
    # (TOKEN_WRITES).
    "invite_view",
    "seat_claim",
    "set_language",
    "favicon",
    # A probe's: the process answers, the database answers with every migration applied.
    "healthz",
    "readyz",
    # The same for everyone: the service worker keeps a host's pages only as the pages
    # themselves say (tables/service_worker.py), and the manifest names no host.
    "service_worker",
    "web_manifest",
    # A player's own answer link, and a calendar's address: the token is the credential,
    # as a live link's is; an answer posted without a night names nothing, writes nothing.
    "answer_link",
    "answer_link_ics",
    "calendar_feed",
}
# URLs a signed-in visitor uses for their own account: what they write is theirs (a
# sample table of their own), nothing of anyone else's.
OWN_WRITES = {"table_sample_create", "account_calendar"}
# URLs where a signed-in visitor holding an invite's or a live link writes for themselves:
# the seat linked to their own account (and their try counted for the hour's limit), or
# their claim of a seat for the host to answer.
TOKEN_WRITES = {"invite_view", "seat_claim"}
# URLs of running a night: a co-host of the table (ledger.models.co_hosts) reaches these,
# as the host does, and nothing else of the table.
RUNNER = {
    "night_start",
    "night_detail",
    "hand_check",
    "hand_record",
    "hand_send",
    "hand_undo",
    "hand_correct",
    "night_log",
    "night_close",
    "night_settlement",
    "night_judge",
    "night_rules",
    "night_live_link",
    "night_live_link_open",
    "night_join",
    "night_leave",
}
# What the world's linked player (Ann) may write from her account: withdraw her own way of
# getting paid, confirm the word "I sent it" of a transfer paid to her, leave her seat.
# Remove her own passkey.
PLAYERS_OWN_WRITES = {
    "my_payment_method_remove",
    "payment_sent_confirm",
    "seat_leave",
    "passkey_remove",
}
# URLs a player opens from their own account, for a seat it holds: the world's linked
# player (``World.linked``) may open them at the world's table, nobody else.
PLAYERS_OWN = {"my_night", "my_debts_person", "seat_leave", "night_ahead_ics"}
# Forms on those nights: "I sent it" of the world's closed night is Bob's transfer, which
# Ann's account is refused (400, nothing written); her own is tested on its own.
PLAYERS_OWN_FORMS = {"my_transfer_sent", "my_answer"}
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
    PlayerLink,
    PlayerUnlink,
    PlayerInvite,
    PlayerInviteWithdrawal,
    PlayerInviteAttempt,
    CoHostGrant,
    CoHostRevocation,
    SeatClaim,
    SeatClaimAnswer,
    PaymentSent,
    PaymentSentConfirmation,
    DebtPair,
    DebtBalance,
    Passkey,
    SignInCode,
    Erasure,
    Schedule,
    ScheduleSkip,
    RsvpAnswer,
    RsvpLink,
    CalendarFeed,
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
    # The accounts that play a seat: Ann's at this table (a linked player here, no host of
    # it, with a way of getting paid of her own), Zed's at the other host's table (a linked
    # player elsewhere), and Cy's, who runs this table's nights (a co-host).
    linked: object
    other_linked: object
    co_host: object
    own_method: PaymentMethod
    sent: PaymentSent  # Bob's account says it sent the closed night's transfer to Ann
    claim: SeatClaim  # someone says they are Dee, the host has not answered
    invite: PlayerInvite  # an open invite for Eve, new at the table
    invite_token: str
    passkey: Passkey  # Ann's account's
    schedule: Schedule  # next week's night, weekly
    answer_link: RsvpLink  # Dee's, who has no account
    feed: CalendarFeed  # the owner's calendar address
    values: dict[str, list] = field(init=False)

    def __post_init__(self) -> None:
        self.values = {
            "table_id": [self.table.pk],
            "player_id": [self.player.pk],
            "night_id": [self.open_night.pk, self.closed_night.pk],
            "number": [1],
            "token": self.tokens,
            # The host's entry for the player, and the player's own on their account.
            "method_id": [self.method.pk, self.own_method.pk],
            # The closed night's first transfer (Bob pays the first player), its mark,
            # and a "settle everything" transfer.
            "payer_id": [self.mark.payer_id],
            "payee_id": [self.mark.payee_id],
            "mark_id": [self.mark.pk],
            "transfer_id": [self.pooled.pk],
            "invite_id": [self.invite.pk],
            "claim_id": [self.claim.pk],
            "invite_token": [self.invite_token],
            # Bob's account's word that he sent the closed night's transfer to Ann.
            "sent_id": [self.sent.pk],
            # What Ann's seat and Bob owe each other, in the closed night's currency.
            "seat_id": [self.player.pk],
            "other_id": [self.mark.payer_id],
            "currency": [self.closed_night.house_rules.currency],
            "passkey_id": [self.passkey.pk],
            "schedule_id": [self.schedule.pk],
            "day": [self.schedule.first_date],
            "answer_token": [self.answer_link.token],
            "feed_token": [self.feed.token],
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
    any currency, so the closed night's settle-up offers it); the accounts that play the
    player (with a way of getting paid of her own) and Cy (a co-host), Bob's account's word
    that he sent Ann what he owes, a claim of Dee's seat, an open invite for Eve's; and
    another host with a table of their own, whose Zed is played by an account too."""
    owner = UserFactory()
    other = UserFactory()
    zed = PlayerFactory(table=TableFactory(owner=other, name="Someone else's table"), name="Zed")
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
    linked = link_player(player).user
    other_linked = link_player(zed).user
    own_method = account_payment_method_add(user=linked, kind="other", value="Ann's own way")
    bob = by_name["Bob"]
    sent = payment_sent_record(
        night=closed, payer_id=bob.pk, payee_id=player.pk, by=link_player(bob).user
    )
    co_host = link_player(by_name["Cy"])
    co_host_grant(link=co_host, by=owner)
    claim = seat_claim_create(player=by_name["Dee"], user=UserFactory(), client="192.0.2.1")
    # Eve plays no night of the world: whoever takes her seat by the invite in the walk
    # gains no night to see.
    eve = PlayerFactory(table=table, name="Eve")
    invite, invite_token = player_invite_create(player=eve, by=owner)
    passkey = passkey_add(
        user=linked, key=NewPasskey(credential_id="QW5uJ3M", public_key=b"\xa5", sign_count=0)
    )
    schedule = ScheduleFactory(table=table, repeat="weekly")
    answer_link = rsvp_link_create(player=by_name["Dee"], by=owner)
    feed = calendar_feed_reset(user=owner)
    return World(
        schedule=schedule,
        answer_link=answer_link,
        feed=feed,
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
        linked=linked,
        other_linked=other_linked,
        co_host=co_host.user,
        own_method=own_method,
        sent=sent,
        claim=claim,
        invite=invite,
        invite_token=invite_token,
        passkey=passkey,
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


# The tables ``fingerprint`` reads: a statement that writes to none of them changes none of
# its rows.
_FINGERPRINTED = [model._meta.db_table for model in LEDGER_MODELS] + [
    get_user_model()._meta.db_table
]
_WRITE = re.compile(
    r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(?P<table>\w+)"?', re.IGNORECASE
)


def wrote(queries) -> bool:
    """Whether any of the SQL ``queries`` (a ``CaptureQueriesContext``) wrote to a table
    ``fingerprint`` reads: where none did, a request's "after" is its "before", and the
    walk reads every row again only after a request that wrote."""
    for query in queries.captured_queries:
        found = _WRITE.match(query["sql"])
        if found and found["table"] in _FINGERPRINTED:
            return True
    return False


def fingerprint() -> dict[str, list]:
    """Every row of the ledger's and tables' models, and the users: any write changes it."""
    rows = {
        model._meta.label: list(model.objects.order_by("pk").values_list())
        for model in LEDGER_MODELS
    }
    rows["users"] = list(get_user_model().objects.order_by("pk").values_list("pk", "password"))
    return rows

from collections.abc import Mapping

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length, Lower
from django.db.models.lookups import GreaterThanOrEqual, LessThanOrEqual
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from ledger import names
from ledger.languages import LANGUAGE_CODE_MAX, LANGUAGE_CODES
from ledger.rules import (
    LEFTOVER_REFUND,
    LEFTOVER_SPLIT,
    HandInput,
    HouseRules,
    NightState,
    input_from_json,
    state_from_json,
)


class Table(models.Model):
    """A standing game group with its house rules (ledger.rules.HouseRules as JSON)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("owner"),
        on_delete=models.PROTECT,
        related_name="bourre_tables",
    )
    name = models.CharField(verbose_name=gettext_lazy("name"), max_length=names.TABLE_NAME_MAX)
    rules = models.JSONField(verbose_name=gettext_lazy("house rules"))
    # What the players see without an account (the live link, the settle-up text) is
    # in this language; blank: in the host's.
    language = models.CharField(
        verbose_name=gettext_lazy("language for the players"),
        max_length=LANGUAGE_CODE_MAX,
        blank=True,
        default="",
    )
    # A sample table (ledger.services.tables.table_create_sample) is a finished night to
    # look around in before the first real one. Its host may put it away (``hidden_at``):
    # hidden, never deleted, since its entries are append-only like any other; only a
    # sample is ever hidden by its host, so no real ledger leaves the host's sight.
    sample = models.BooleanField(verbose_name=gettext_lazy("sample"), default=False)
    # Reminders of debts left open, to the players with an account (3 days after the
    # night, then weekly); the host may turn them off.
    debt_reminders = models.BooleanField(
        verbose_name=gettext_lazy("remind players of what they owe"), default=True
    )
    hidden_at = models.DateTimeField(
        verbose_name=gettext_lazy("put away at"), null=True, blank=True
    )
    # Erased with its host's account (ledger.services.erasures): hidden too, every player
    # erased, each night left as its date, its hands and its seal.
    erased_at = models.DateTimeField(verbose_name=gettext_lazy("erased at"), null=True, blank=True)
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(verbose_name=gettext_lazy("updated at"), auto_now=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = gettext_lazy("table")
        verbose_name_plural = gettext_lazy("tables")
        constraints = [
            # A sample put away leaves its name free for a table in sight.
            models.UniqueConstraint(
                Lower("name"),
                "owner",
                condition=Q(hidden_at__isnull=True),
                name="table_name_unique_per_owner",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="table_name_not_empty"),
            models.CheckConstraint(
                condition=Q(language="") | Q(language__in=LANGUAGE_CODES),
                name="table_language_known",
            ),
            models.CheckConstraint(
                condition=Q(hidden_at__isnull=True) | Q(sample=True) | Q(erased_at__isnull=False),
                name="table_only_a_sample_or_erased_is_hidden",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """Someone who plays at a table; persists across nights and keeps their history."""

    table = models.ForeignKey(
        Table, verbose_name=gettext_lazy("table"), on_delete=models.PROTECT, related_name="players"
    )
    name = models.CharField(verbose_name=gettext_lazy("name"), max_length=names.PLAYER_NAME_MAX)
    retired_at = models.DateTimeField(
        verbose_name=gettext_lazy("retired at"), null=True, blank=True
    )
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"), auto_now_add=True)
    # Erased (ledger.services.erasures): the name is "Player 7" and the pay details gone.
    erased_at = models.DateTimeField(verbose_name=gettext_lazy("erased at"), null=True, blank=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = gettext_lazy("player")
        verbose_name_plural = gettext_lazy("players")
        constraints = [
            # Names identify players inside the rules engine and night files.
            models.UniqueConstraint(Lower("name"), "table", name="player_name_unique_per_table"),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name


class Night(models.Model):
    """One evening of play; its rules are a snapshot taken when it started."""

    table = models.ForeignKey(
        Table, verbose_name=gettext_lazy("table"), on_delete=models.PROTECT, related_name="nights"
    )
    rules = models.JSONField(verbose_name=gettext_lazy("house rules"))
    first_dealer = models.ForeignKey(
        Player,
        verbose_name=gettext_lazy("first dealer"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    started_at = models.DateTimeField(verbose_name=gettext_lazy("started at"))
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("started by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    closed_at = models.DateTimeField(verbose_name=gettext_lazy("closed at"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("closed by"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    # How the pot left at closing went (house rule leftover_pot); blank while open.
    LEFTOVER_POLICIES = [
        (LEFTOVER_REFUND, gettext_lazy("Refunded to who paid it in")),
        (LEFTOVER_SPLIT, pgettext_lazy("hand played", "Split among the last hand's players")),
    ]
    leftover_policy = models.CharField(
        verbose_name=pgettext_lazy("pot of chips", "pot left at closing"),
        max_length=10,
        blank=True,
        choices=LEFTOVER_POLICIES,
    )
    # From the start form, so a "Start" tapped twice (or retried) opens one night.
    idempotency_key = models.CharField(
        verbose_name=gettext_lazy("submission key"), max_length=64, blank=True
    )

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = gettext_lazy("night")
        verbose_name_plural = gettext_lazy("nights")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="night_idempotency_key_unique",
            ),
            models.CheckConstraint(
                condition=(
                    Q(closed_at__isnull=True, closed_by__isnull=True, leftover_policy="")
                    | Q(
                        closed_at__isnull=False,
                        closed_by__isnull=False,
                        leftover_policy__in=["refund", "split"],
                    )
                ),
                name="night_closed_fields_together",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table.name}, {self.started_at:%Y-%m-%d}"

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    @property
    def house_rules(self) -> HouseRules:
        """The rules this night is played by: the snapshot taken when it started."""
        return HouseRules.from_dict(self.rules)


class Seat(models.Model):
    """A place on a night's roster. Leaving keeps the seat (and the balance).

    ``chips`` is the player's balance tonight as the night's entries sum it, kept by the
    database as entries are added (``ledger.seat_chips``), so the hand screen reads it
    with the roster whatever the night's length; verify_ledger checks it against the
    entries. The entries are the record: this is their running total.
    """

    night = models.ForeignKey(
        Night, verbose_name=gettext_lazy("night"), on_delete=models.PROTECT, related_name="seats"
    )
    player = models.ForeignKey(
        Player, verbose_name=gettext_lazy("player"), on_delete=models.PROTECT, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("position"))
    active = models.BooleanField(verbose_name=gettext_lazy("at the table"), default=True)
    chips = models.BigIntegerField(verbose_name=gettext_lazy("chips"), default=0, editable=False)

    class Meta:
        ordering = ["night", "position"]
        verbose_name = gettext_lazy("seat")
        verbose_name_plural = gettext_lazy("seats")
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="seat_player_once_per_night"),
            models.UniqueConstraint(fields=["night", "position"], name="seat_position_unique"),
        ]

    def __str__(self) -> str:
        return gettext("Seat %(seat)s: player #%(player)s") % {
            "seat": self.position + 1,
            "player": self.player_id,
        }


class RosterChange(models.Model):
    """Who joined, left or came back during a night, when, and on whose word.

    Seats change in place (a seat's position and whether it is active); this log
    keeps every change, so the night's roster history is never lost.
    """

    JOIN = "join"
    LEAVE = "leave"
    RETURN = "return"
    CHANGES = [
        (JOIN, gettext_lazy("Joined")),
        (LEAVE, pgettext_lazy("leaving the night", "Left")),
        (RETURN, gettext_lazy("Came back")),
    ]

    night = models.ForeignKey(
        Night,
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="roster_changes",
    )
    player = models.ForeignKey(
        Player, verbose_name=gettext_lazy("player"), on_delete=models.PROTECT, related_name="+"
    )
    change = models.CharField(verbose_name=gettext_lazy("change"), max_length=10, choices=CHANGES)
    position = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("position"))
    # Hands recorded before the change.
    after_hand = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("hand played", "after hand")
    )  # hands recorded before the change
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))

    class Meta:
        ordering = ["night", "created_at", "id"]
        verbose_name = gettext_lazy("roster change")
        verbose_name_plural = gettext_lazy("roster changes")
        constraints = [
            models.CheckConstraint(
                condition=Q(change__in=["join", "leave", "return"]), name="roster_change_valid"
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(change)s: player #%(player)s") % {
            "change": self.get_change_display(),
            "player": self.player_id,
        }


# A correction's or an undo's reason: a sentence, as the forms say; the services refuse
# longer with a message, and the database refuses it too.
REASON_MAX_LENGTH = 200


class Hand(models.Model):
    """One revision of one hand, exactly as the host entered it.

    Every record, correction, replay and undo is a new row; the live row of each
    hand number is the one the night's balances stand on.
    """

    RECORD = "record"
    CORRECT = "correct"
    REPLAY = "replay"
    UNDO = "undo"
    KINDS = [
        (RECORD, gettext_lazy("Recorded")),
        (CORRECT, gettext_lazy("Corrected")),
        (REPLAY, gettext_lazy("Replayed after a correction")),
        (UNDO, gettext_lazy("Undone")),
    ]

    night = models.ForeignKey(
        Night, verbose_name=gettext_lazy("night"), on_delete=models.PROTECT, related_name="hands"
    )
    number = models.PositiveIntegerField(verbose_name=gettext_lazy("number"))
    revision = models.PositiveIntegerField(verbose_name=gettext_lazy("revision"))
    live = models.BooleanField(verbose_name=pgettext_lazy("revision in force", "counts"))
    kind = models.CharField(verbose_name=gettext_lazy("kind"), max_length=10, choices=KINDS)
    # Player ids, so renaming a player never rewrites history:
    # {"dealer": 3, "seated": [1, 2, 3], "stayed": {"1": 2, "2": 3},
    #  "reneged": [], "misdeal": false}
    input = models.JSONField(verbose_name=gettext_lazy("input"), null=True, blank=True)
    dealer = models.ForeignKey(
        Player,
        verbose_name=gettext_lazy("dealer"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    roster = models.JSONField(verbose_name=gettext_lazy("roster"), default=list)
    # What the referee computed (ids as keys); state_after lets the next hand be
    # settled without replaying the night. Neither holds the balances after the hand
    # (rows written before they were left out still do, and nothing reads them): the
    # entries do, so a correction need not write again a later hand it does not change.
    result = models.JSONField(verbose_name=gettext_lazy("result"), null=True, blank=True)
    state_after = models.JSONField(verbose_name=gettext_lazy("state after"), null=True, blank=True)
    reason = models.TextField(verbose_name=gettext_lazy("reason"), blank=True)
    idempotency_key = models.CharField(
        verbose_name=gettext_lazy("submission key"), max_length=64, blank=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))

    class Meta:
        ordering = ["night", "number", "revision"]
        verbose_name = pgettext_lazy("hand played", "hand")
        verbose_name_plural = pgettext_lazy("hand played", "hands")
        constraints = [
            models.UniqueConstraint(
                fields=["night", "number", "revision"], name="hand_revision_unique"
            ),
            models.UniqueConstraint(
                fields=["night", "number"], condition=Q(live=True), name="hand_one_live_revision"
            ),
            models.UniqueConstraint(
                fields=["night", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="hand_idempotency_key_unique",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("reason"), REASON_MAX_LENGTH),
                name="hand_reason_not_too_long",
            ),
            models.CheckConstraint(condition=Q(revision__gte=1), name="hand_revision_positive"),
            models.CheckConstraint(
                condition=Q(kind__in=["record", "correct", "replay", "undo"]),
                name="hand_kind_valid",
            ),
            models.CheckConstraint(
                condition=(
                    Q(kind="undo", live=False, input__isnull=True)
                    | (
                        ~Q(kind="undo")
                        & Q(input__isnull=False, dealer__isnull=False, result__isnull=False)
                    )
                ),
                name="hand_undo_has_no_input",
            ),
        ]
        indexes = [models.Index(fields=["night", "live", "number"], name="hand_live_idx")]

    def __str__(self) -> str:
        return pgettext("hand played", "Hand %(number)s (rev %(revision)s)") % {
            "number": self.number,
            "revision": self.revision,
        }

    # The stored JSON is keyed by player id ("12" as a JSON object's key): read back
    # into the engine's values with ``int`` as the key parser.

    def hand_input(self) -> HandInput:
        """The hand as the host entered it (``input``)."""
        return input_from_json(self.input, key=int)

    def state(self, balances: Mapping[int, int]) -> NightState:
        """The night's state just after this hand (``state_after``), at ``balances`` (player
        id -> chips, as the ledger's entries sum up to this hand: the state does not hold
        them)."""
        return state_from_json(self.state_after, key=int, balances=balances)


class ShareLink(models.Model):
    """A read-only link to one night's live standings, for players without an account.

    The token is the only credential, so it is long and random; revoking keeps
    the row (who shared what, and when) but the token stops working.
    """

    night = models.ForeignKey(
        Night,
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="share_links",
    )
    token = models.CharField(verbose_name=gettext_lazy("token"), max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))
    revoked_at = models.DateTimeField(
        verbose_name=gettext_lazy("revoked at"), null=True, blank=True
    )

    class Meta:
        ordering = ["night", "-created_at", "-id"]
        verbose_name = gettext_lazy("share link")
        verbose_name_plural = gettext_lazy("share links")
        constraints = [
            models.UniqueConstraint(
                fields=["night"],
                condition=Q(revoked_at__isnull=True),
                name="sharelink_one_active_per_night",
            ),
            # token_urlsafe(32) gives 43 characters; anything short is guessable.
            models.CheckConstraint(
                condition=GreaterThanOrEqual(Length("token"), 32),
                name="sharelink_token_long_enough",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Share link for night #%(night)s") % {"night": self.night_id}

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None

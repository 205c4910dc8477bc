import hashlib
import json

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import Exact

from ledger import rules

GENESIS_HASH = "0" * 64
ENTRY_KINDS = list(rules.MOVEMENT_KINDS)
ENTRY_IS_APPEND_ONLY = "Ledger entries are append-only: post a correcting entry instead."


class EntryQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise PermissionError(ENTRY_IS_APPEND_ONLY)

    def delete(self):
        raise PermissionError(ENTRY_IS_APPEND_ONLY)

    def bulk_update(self, objs, fields, batch_size=None):
        raise PermissionError(ENTRY_IS_APPEND_ONLY)


class Entry(models.Model):
    """One chip movement. A player's balance and the pot are sums of entries.

    Every movement is posted twice, once for the player and once, opposite, for
    the pot, so each night's entries always sum to zero. Rows are never changed:
    the model refuses it here and database triggers refuse it underneath. Each
    row carries a hash of its own content chained to the previous row of its
    night, so an edit made behind the app's back shows up in verify_ledger.
    """

    # The engine's movement kinds, one ledger kind each.
    ANTE = rules.ANTE
    ANTE_REFUND = rules.ANTE_REFUND
    WIN = rules.WIN
    BOURRE = rules.BOURRE
    RENEGE = rules.RENEGE
    PENALTY_REFUND = rules.PENALTY_REFUND
    LEFTOVER = rules.LEFTOVER
    KINDS = [
        (ANTE, "Ante"),
        (ANTE_REFUND, "Ante refund"),
        (WIN, "Win"),
        (BOURRE, "Bourré"),
        (RENEGE, "Renege"),
        (PENALTY_REFUND, "Penalty refund"),
        (LEFTOVER, "Leftover pot"),
    ]

    night = models.ForeignKey("tables.Night", on_delete=models.PROTECT, related_name="entries")
    seq = models.PositiveIntegerField()
    hand = models.ForeignKey(
        "tables.Hand", on_delete=models.PROTECT, related_name="entries", null=True, blank=True
    )
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    # Null is the pot.
    player = models.ForeignKey(
        "tables.Player", on_delete=models.PROTECT, related_name="entries", null=True, blank=True
    )
    amount = models.BigIntegerField()
    kind = models.CharField(max_length=20, choices=KINDS)
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, related_name="reversed_by", null=True, blank=True
    )
    created_at = models.DateTimeField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64, unique=True)

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["night", "seq"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["night", "seq"], name="entry_seq_unique_per_night"),
            models.CheckConstraint(condition=~Q(amount=0), name="entry_amount_not_zero"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="entry_seq_positive"),
            models.CheckConstraint(condition=Q(kind__in=ENTRY_KINDS), name="entry_kind_valid"),
            models.CheckConstraint(
                condition=Q(kind="leftover") | Q(hand__isnull=False, hand_number__isnull=False),
                name="entry_hand_entries_name_their_hand",
            ),
        ]

    def __str__(self) -> str:
        who = self.player_id or "pot"
        return f"#{self.seq} {self.kind} {who} {self.amount:+d}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise PermissionError(ENTRY_IS_APPEND_ONLY)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PermissionError(ENTRY_IS_APPEND_ONLY)

    def canonical(self) -> str:
        return json.dumps(
            {
                "night": self.night_id,
                "seq": self.seq,
                "hand": self.hand_id,
                "hand_number": self.hand_number,
                "player": self.player_id,
                "amount": self.amount,
                "kind": self.kind,
                "reverses": self.reverses_id,
                "created_at": self.created_at.isoformat(),
                "created_by": self.created_by_id,
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    def compute_hash(self) -> str:
        return hashlib.sha256(f"{self.prev_hash}|{self.canonical()}".encode()).hexdigest()


NIGHT_IMPORT_IS_APPEND_ONLY = "A night's import record is kept as written: it is never changed."


class NightImportQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise PermissionError(NIGHT_IMPORT_IS_APPEND_ONLY)

    def delete(self):
        raise PermissionError(NIGHT_IMPORT_IS_APPEND_ONLY)

    def bulk_update(self, objs, fields, batch_size=None):
        raise PermissionError(NIGHT_IMPORT_IS_APPEND_ONLY)


class NightImport(models.Model):
    """A night recorded from a night file: which file (a digest of its content), by whom,
    when. It is how an upload of a file its owner already imported is recognised."""

    night = models.OneToOneField(
        "tables.Night", on_delete=models.PROTECT, related_name="import_record"
    )
    digest = models.CharField(max_length=64)  # SHA-256, hex
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    imported_at = models.DateTimeField()

    objects = NightImportQuerySet.as_manager()

    class Meta:
        ordering = ["imported_at", "id"]
        indexes = [models.Index(fields=["digest"], name="nightimport_digest_idx")]
        constraints = [
            models.CheckConstraint(
                condition=Exact(Length("digest"), 64), name="nightimport_digest_is_sha256"
            ),
        ]

    def __str__(self) -> str:
        return f"Night #{self.night_id} imported from {self.digest[:12]}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise PermissionError(NIGHT_IMPORT_IS_APPEND_ONLY)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PermissionError(NIGHT_IMPORT_IS_APPEND_ONLY)

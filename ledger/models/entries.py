import json

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from ledger import rules, seals
from ledger.models.append_only import AppendOnly

GENESIS_HASH = "0" * 64
ENTRY_KINDS = list(rules.MOVEMENT_KINDS)
ENTRY_IS_APPEND_ONLY = "Ledger entries are append-only: post a correcting entry instead."


def _json(value) -> str:
    # An int or None as json.dumps writes it, without its machinery; anything else by it.
    if value is None:
        return "null"
    if type(value) is int:
        return int.__repr__(value)
    return json.dumps(value)


def canonical_entry(
    night, seq, hand, hand_number, player, amount, kind, reverses, created_at, created_by, key
) -> str:
    """What an entry's hash seals: its fields as the JSON object
    ``json.dumps({...}, sort_keys=True, separators=(",", ":"))`` writes (``created_at`` in
    ISO 8601), written out in that order. A correction seals thousands of entries, and
    this is a fifth of the time json.dumps takes; tests/ledger/test_seals.py checks the
    two agree on any values."""
    return (
        f'{{"amount":{_json(amount)},"created_at":{_json(created_at)},'
        f'"created_by":{_json(created_by)},"hand":{_json(hand)},'
        f'"hand_number":{_json(hand_number)},"key":{_json(key)},"kind":{_json(kind)},'
        f'"night":{_json(night)},"player":{_json(player)},"reverses":{_json(reverses)},'
        f'"seq":{_json(seq)}}}'
    )


def canonical_entries(night, created_at: str, created_by, key):
    """``canonical_entry`` for the entries of one post (one night, time, author and key),
    as a function of the rest: the fields they share are written once, not for each of
    thousands of entries. tests/ledger/test_seals.py checks it writes what
    ``canonical_entry`` does."""
    shared = {"created_at": created_at, "created_by": created_by, "key": key, "night": night}
    template = (
        '{"amount":%s,"created_at":%(created_at)s,"created_by":%(created_by)s,'
        '"hand":%s,"hand_number":%s,"key":%(key)s,"kind":%s,"night":%(night)s,'
        '"player":%s,"reverses":%s,"seq":%s}'
    )
    # The shared values in place (their own "%" doubled, read back as one by the second
    # formatting), the entry's own left as %s.
    template = template.replace("%s", "%%s") % {
        name: _json(value).replace("%", "%%") for name, value in shared.items()
    }
    kinds: dict = {}

    def canonical(seq, hand, hand_number, player, amount, kind, reverses) -> str:
        written = kinds.get(kind)
        if written is None:
            written = kinds[kind] = _json(kind)
        # ``_json`` written out for the ints and Nones nearly every value is ("%s" of an
        # int is its repr): verify_ledger seals hundreds of thousands of entries, and the
        # calls were most of the work.
        return template % (
            amount if type(amount) is int else _json(amount),
            hand if type(hand) is int else "null" if hand is None else _json(hand),
            hand_number
            if type(hand_number) is int
            else "null"
            if hand_number is None
            else _json(hand_number),
            written,
            player if type(player) is int else "null" if player is None else _json(player),
            reverses if type(reverses) is int else "null" if reverses is None else _json(reverses),
            seq if type(seq) is int else _json(seq),
        )

    return canonical


class Entry(AppendOnly):
    """One chip movement. A player's balance and the pot are sums of entries.

    Every movement is posted twice, once for the player and once, opposite, for
    the pot, so each night's entries always sum to zero. Rows are never changed:
    the model refuses it (``AppendOnly``) and database triggers refuse it underneath. The
    entries of a night form a chain of keyed hashes (HMAC), each of its own content and the
    hash before it, under a key kept out of the database (ledger.seals); the last entry of
    each post stores the chain's hash (``hash``), so an edit made behind the app's back,
    even re-hashed, shows up in verify_ledger.
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
        (ANTE, gettext_lazy("Ante")),
        (ANTE_REFUND, gettext_lazy("Ante refund")),
        (WIN, gettext_lazy("Win")),
        (BOURRE, gettext_lazy("Bourré")),
        (RENEGE, pgettext_lazy("breaking a play obligation", "Renege")),
        (PENALTY_REFUND, gettext_lazy("Penalty refund")),
        (LEFTOVER, pgettext_lazy("pot of chips", "Leftover pot")),
    ]

    # No index of its own: the unique (night, seq) below starts with the night, and
    # serves every look-up by night.
    night = models.ForeignKey(
        "ledger.Night",
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="entries",
        db_index=False,
    )
    seq = models.PositiveIntegerField(verbose_name=gettext_lazy("sequence number"))
    hand = models.ForeignKey(
        "ledger.Hand",
        verbose_name=pgettext_lazy("hand played", "hand"),
        on_delete=models.PROTECT,
        related_name="entries",
        null=True,
        blank=True,
    )
    hand_number = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("hand played", "hand number"), null=True, blank=True
    )
    # Null is the pot.
    player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("player"),
        on_delete=models.PROTECT,
        related_name="entries",
        null=True,
        blank=True,
    )
    amount = models.BigIntegerField(verbose_name=gettext_lazy("chips"))
    kind = models.CharField(verbose_name=gettext_lazy("kind"), max_length=20, choices=KINDS)
    # An entry is reversed at most once: a unique constraint over the reversals alone
    # (entry_reversed_once), not an index holding every entry's null.
    reverses = models.ForeignKey(
        "self",
        verbose_name=gettext_lazy("reverses"),
        on_delete=models.PROTECT,
        related_name="reversed_by",
        null=True,
        blank=True,
        db_index=False,
    )
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))
    # Never looked up by author, so no index (each one cost a tenth of the entries' room).
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        on_delete=models.PROTECT,
        related_name="+",
        db_index=False,
    )
    # HMAC of the entry chained to the chain's hash before it in its night (seq - 1;
    # GENESIS_HASH before seq 1). Stored on the last entry of each post only (the entries
    # one record, correction, undo, close or import writes at once, which share their
    # time, author and key); the others hold none: verify_ledger seals every entry again
    # in order and compares the chain at each stored hash, so a change to any entry of a
    # post shows there, and the last entry of the night always holds the seal's hash.
    # A hash on every entry took a third of the ledger's room and told no more.
    # Not unique and not indexed: nothing looks an entry up by its hash, and two cannot
    # share one without an HMAC collision, since the text sealed holds the night and the
    # seq, which (night, seq) keeps unique. That index was a fifth of the database.
    # Null, not "", where there is none: no room at all on either database.
    hash = models.CharField(  # noqa: DJ001
        verbose_name=gettext_lazy("hash"), max_length=64, null=True, blank=True
    )
    # Which key sealed the row: set when the entry is made, so the chain checks
    # across a key rotation. Empty on rows written before entries were keyed.
    key_id = models.CharField(
        verbose_name=gettext_lazy("key id"), max_length=16, default=seals.current_key_id
    )

    append_only_message = ENTRY_IS_APPEND_ONLY

    class Meta:
        ordering = ["night", "seq"]
        verbose_name = gettext_lazy("entry")
        verbose_name_plural = gettext_lazy("entries")
        constraints = [
            models.UniqueConstraint(fields=["night", "seq"], name="entry_seq_unique_per_night"),
            models.UniqueConstraint(
                fields=["reverses"],
                condition=Q(reverses__isnull=False),
                name="entry_reversed_once",
            ),
            models.CheckConstraint(condition=~Q(amount=0), name="entry_amount_not_zero"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="entry_seq_positive"),
            models.CheckConstraint(condition=Q(kind__in=ENTRY_KINDS), name="entry_kind_valid"),
            models.CheckConstraint(
                condition=Q(kind="leftover") | Q(hand__isnull=False, hand_number__isnull=False),
                name="entry_hand_entries_name_their_hand",
            ),
        ]

    def __str__(self) -> str:
        who = self.player_id or pgettext("pot of chips", "pot")
        return f"#{self.seq} {self.get_kind_display()} {who} {self.amount:+d}"

    def canonical(self) -> str:
        return canonical_entry(
            self.night_id,
            self.seq,
            self.hand_id,
            self.hand_number,
            self.player_id,
            self.amount,
            self.kind,
            self.reverses_id,
            self.created_at.isoformat(),
            self.created_by_id,
            self.key_id,
        )

    def compute_hash(self, prev_hash: str) -> str:
        """The entry's hash under the key it names, chained to ``prev_hash`` (the chain's
        hash at the night's entry before it, GENESIS_HASH for the first); raises seals.UnknownKey
        if this server does not hold the key."""
        return seals.entry_hash(self.key_id, prev_hash, self.canonical())

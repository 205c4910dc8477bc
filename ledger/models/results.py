"""What each closed night came to, written once when it closes.

A closed night never changes (no hand of it can be recorded, corrected or undone), so what
it contributes to a table's and a player's history is worked out once, from its entries
and hands, and kept: each seat's result (``NightResult``), the night's records
(``NightSummary``) and its settle-up (``NightTransfer``). The table-wide screens sum these
rows instead of every entry and hand ever recorded, so they cost the same at the
three-thousandth night as at the third. Like the entries they are append-only; the
entries stay the audited truth, and ``verify_ledger`` checks these rows against them.
"""

from datetime import datetime
from decimal import Decimal

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy

from ledger.models.append_only import AppendOnly
from ledger.rules.money import from_units

NIGHT_RESULTS_ARE_APPEND_ONLY = (
    "A closed night's results are kept as written: they are worked out once, when it closes."
)

# Money of a night: chips times the chip value, in the currency's places (at most 3).
MONEY_DIGITS = 30
MONEY_PLACES = 3


class NightSummary(AppendOnly):
    """A closed night as the table's history lists it: how many played, how many hands,
    and its records (the biggest pot won, the most bourrés in one hand, the longest
    carryover), each with the hand it happened in."""

    night = models.OneToOneField(
        "ledger.Night",
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="summary",
    )
    table = models.ForeignKey(
        "ledger.Table",
        verbose_name=gettext_lazy("table"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    # The night's: a table's history is read in this order without a join.
    started_at = models.DateTimeField(verbose_name=gettext_lazy("started at"))
    currency = models.CharField(verbose_name=gettext_lazy("currency"), max_length=3)
    seats = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("seats"))
    # Players with any chip movement: the stats count them as having played.
    players = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("players"))
    hands = models.PositiveIntegerField(verbose_name=pgettext_lazy("hand played", "hands"))
    biggest_pot = models.BigIntegerField(
        verbose_name=pgettext_lazy("pot of chips", "biggest pot"), null=True, blank=True
    )
    biggest_pot_player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("won by"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    biggest_pot_hand = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("hand played", "hand"), null=True, blank=True
    )
    most_bourres = models.PositiveSmallIntegerField(
        verbose_name=gettext_lazy("most bourrés in one hand"), null=True, blank=True
    )
    most_bourres_hand = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("hand played", "hand"), null=True, blank=True
    )
    longest_carryover = models.PositiveIntegerField(
        verbose_name=gettext_lazy("longest carryover streak"), null=True, blank=True
    )
    longest_carryover_hand = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("hand played", "hand"), null=True, blank=True
    )

    append_only_message = NIGHT_RESULTS_ARE_APPEND_ONLY

    class Meta:
        ordering = ["table", "started_at", "night"]
        verbose_name = gettext_lazy("night summary")
        verbose_name_plural = gettext_lazy("night summaries")
        indexes = [models.Index(fields=["table", "started_at"], name="nightsummary_table_idx")]
        constraints = [
            models.CheckConstraint(
                condition=Q(players__lte=models.F("seats")), name="nightsummary_players_seated"
            ),
            models.CheckConstraint(
                condition=Q(biggest_pot__isnull=True, biggest_pot_hand__isnull=True)
                | Q(biggest_pot__gt=0, biggest_pot_hand__isnull=False),
                name="nightsummary_biggest_pot_has_its_hand",
            ),
            models.CheckConstraint(
                condition=Q(most_bourres__isnull=True, most_bourres_hand__isnull=True)
                | Q(most_bourres__gt=0, most_bourres_hand__isnull=False),
                name="nightsummary_most_bourres_has_its_hand",
            ),
            models.CheckConstraint(
                condition=Q(longest_carryover__isnull=True, longest_carryover_hand__isnull=True)
                | Q(longest_carryover__gt=0, longest_carryover_hand__isnull=False),
                name="nightsummary_carryover_has_its_hand",
            ),
        ]

    def __str__(self) -> str:
        return f"night #{self.night_id}: {self.players} players, {self.hands} hands"


class NightResult(AppendOnly):
    """One seat of a closed night: the player's net chips and what they were worth, and
    their hand facts (dealt in, stayed, won, bourrés, reneges, the biggest pot won and
    the biggest bourré paid), as the player's page and the leaderboards count them."""

    night = models.ForeignKey(
        "ledger.Night",
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="results",
    )
    table = models.ForeignKey(
        "ledger.Table",
        verbose_name=gettext_lazy("table"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("player"),
        on_delete=models.PROTECT,
        related_name="night_results",
    )
    started_at = models.DateTimeField(verbose_name=gettext_lazy("started at"))
    position = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("position"))
    # Whether any chip of the night moved for them (a seat with none did not play).
    moved = models.BooleanField(verbose_name=gettext_lazy("played"))
    chips = models.BigIntegerField(verbose_name=gettext_lazy("chips"))
    currency = models.CharField(verbose_name=gettext_lazy("currency"), max_length=3)
    # The chips' worth in the currency's smallest unit (cents): summed exactly as integers,
    # where a database's decimals may be floating point (SQLite's are).
    money_units = models.BigIntegerField(verbose_name=gettext_lazy("money (smallest unit)"))
    dealt_in = models.PositiveIntegerField(verbose_name=pgettext_lazy("hand played", "dealt in"))
    stays = models.PositiveIntegerField(verbose_name=pgettext_lazy("stay or fold", "stays"))
    wins = models.PositiveIntegerField(verbose_name=gettext_lazy("wins"))
    bourres = models.PositiveIntegerField(verbose_name=gettext_lazy("bourrés"))
    reneges = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("breaking a play obligation", "reneges")
    )
    biggest_win = models.BigIntegerField(
        verbose_name=gettext_lazy("biggest pot won"), null=True, blank=True
    )
    biggest_bourre = models.BigIntegerField(
        verbose_name=gettext_lazy("biggest bourré paid"), null=True, blank=True
    )

    append_only_message = NIGHT_RESULTS_ARE_APPEND_ONLY

    class Meta:
        ordering = ["night", "position"]
        verbose_name = gettext_lazy("night result")
        verbose_name_plural = gettext_lazy("night results")
        indexes = [
            models.Index(fields=["table", "started_at"], name="nightresult_table_idx"),
            models.Index(fields=["player", "started_at"], name="nightresult_player_idx"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="nightresult_one_per_seat"),
            models.UniqueConstraint(
                fields=["night", "position"], name="nightresult_position_unique"
            ),
            models.CheckConstraint(
                condition=Q(moved=True) | Q(chips=0), name="nightresult_still_seat_even"
            ),
        ]

    def __str__(self) -> str:
        return f"night #{self.night_id}, player #{self.player_id}: {self.chips:+d}"

    @property
    def money(self) -> Decimal:
        return from_units(self.money_units, self.currency)


class NightTransfer(AppendOnly):
    """One transfer of a closed night's settle-up, exactly as its screen showed it: the
    open debts read these instead of settling every night again."""

    night = models.ForeignKey(
        "ledger.Night",
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="transfers",
    )
    table = models.ForeignKey(
        "ledger.Table",
        verbose_name=gettext_lazy("table"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    position = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("position"))
    payer = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("payer"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    payee = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("payee"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    money = models.DecimalField(
        verbose_name=gettext_lazy("money"), max_digits=MONEY_DIGITS, decimal_places=MONEY_PLACES
    )
    currency = models.CharField(verbose_name=gettext_lazy("currency"), max_length=3)

    append_only_message = NIGHT_RESULTS_ARE_APPEND_ONLY

    class Meta:
        ordering = ["night", "position"]
        verbose_name = gettext_lazy("night transfer")
        verbose_name_plural = gettext_lazy("night transfers")
        indexes = [models.Index(fields=["table", "night"], name="nighttransfer_table_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["night", "payer", "payee"], name="nighttransfer_one_per_pair"
            ),
            models.UniqueConstraint(
                fields=["night", "position"], name="nighttransfer_position_unique"
            ),
            models.CheckConstraint(condition=Q(money__gt=0), name="nighttransfer_money_positive"),
            models.CheckConstraint(
                condition=~Q(payer=models.F("payee")), name="nighttransfer_two_players"
            ),
        ]

    def __str__(self) -> str:
        return f"night #{self.night_id}: #{self.payer_id} pays #{self.payee_id} {self.money}"


class PlayerYear(models.Model):
    """A player's closed nights at their table in one year (the server's time zone,
    ``DJANGO_TIME_ZONE``) and one currency: the line whose running totals
    (``PlayerYearTotal``) the leaderboards read, a few rows per player however many
    nights the table has had. Made the first time such a night closes."""

    table = models.ForeignKey(
        "ledger.Table", verbose_name=gettext_lazy("table"), on_delete=models.PROTECT
    )
    player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("player"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    currency = models.CharField(verbose_name=gettext_lazy("currency"), max_length=3)
    year = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("year"))

    class Meta:
        ordering = ["table", "player", "currency", "year"]
        verbose_name = gettext_lazy("player's year")
        verbose_name_plural = gettext_lazy("players' years")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "currency", "year"], name="playeryear_one_per_currency_year"
            ),
        ]

    def __str__(self) -> str:
        return f"player #{self.player_id}, {self.year}, {self.currency}"

    @staticmethod
    def year_of(started_at: datetime) -> int:
        """The year a night that started at ``started_at`` counts in: the server's."""
        return timezone.localtime(started_at).year


class PlayerYearTotal(AppendOnly):
    """A ``PlayerYear``'s totals once one more night has closed: the nights they played
    (a seat where a chip moved), their net chips and the money those were worth, summed
    over the year's closed nights so far. The latest of a line is its totals now;
    verify_ledger checks each against the night results it sums."""

    line = models.ForeignKey(
        PlayerYear,
        verbose_name=gettext_lazy("player's year"),
        on_delete=models.PROTECT,
        related_name="totals",
    )
    night = models.ForeignKey(
        "ledger.Night",
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    nights = models.PositiveIntegerField(verbose_name=gettext_lazy("nights"))
    chips = models.BigIntegerField(verbose_name=gettext_lazy("chips"))
    money_units = models.BigIntegerField(verbose_name=gettext_lazy("money (smallest unit)"))

    append_only_message = NIGHT_RESULTS_ARE_APPEND_ONLY

    class Meta:
        ordering = ["line", "id"]
        verbose_name = gettext_lazy("player's year total")
        verbose_name_plural = gettext_lazy("players' year totals")
        indexes = [models.Index(fields=["line", "-id"], name="playeryeartotal_latest_idx")]
        constraints = [
            models.UniqueConstraint(fields=["line", "night"], name="playeryeartotal_once_a_night"),
            models.CheckConstraint(condition=Q(nights__gte=1), name="playeryeartotal_a_night"),
        ]

    def __str__(self) -> str:
        return f"{self.line_id} after night #{self.night_id}: {self.nights} nights"

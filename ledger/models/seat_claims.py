"""Claims of a seat from the live link: a signed-in player says "This is me" for a player
of the night not yet linked to an account, and the host's phone answers — accepted (the
seat is linked, by the host), refused, or closed because the seat was linked otherwise
meanwhile. Never a silent take-over.

Append-only: a claim and its answer (``SeatClaimAnswer``: which, who, when) are each
written once; a claim has at most one answer (one to one). Each claim keeps a keyed hash
of the client's address, which the hour's limit per client counts.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import Exact
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from ledger.models.append_only import AppendOnly

SEAT_CLAIM_IS_APPEND_ONLY = "A seat claim is kept as written: answer it instead."


class _ClaimRecord(AppendOnly):
    append_only_message = SEAT_CLAIM_IS_APPEND_ONLY

    class Meta:
        abstract = True


class SeatClaim(_ClaimRecord):
    """``user`` says they play ``player``, and asks the host to link the seat."""

    player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("player"),
        on_delete=models.PROTECT,
        related_name="claims",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("account"),
        on_delete=models.PROTECT,
        related_name="seat_claims",
    )
    client_digest = models.CharField(
        verbose_name=gettext_lazy("client address digest"), max_length=64
    )
    claimed_at = models.DateTimeField(verbose_name=gettext_lazy("claimed at"))

    class Meta:
        ordering = ["claimed_at", "id"]
        verbose_name = gettext_lazy("seat claim")
        verbose_name_plural = gettext_lazy("seat claims")
        indexes = [
            models.Index(fields=["client_digest", "claimed_at"], name="seat_claim_client_idx")
        ]
        constraints = [
            models.CheckConstraint(
                condition=Exact(Length("client_digest"), 64), name="seat_claim_client_is_sha256"
            ),
        ]

    def __str__(self) -> str:
        return gettext("Claim #%(id)s of player #%(player)s") % {
            "id": self.pk,
            "player": self.player_id,
        }


class SeatClaimAnswer(_ClaimRecord):
    """The host's answer to a claim."""

    ACCEPTED = "accepted"
    REFUSED = "refused"
    # The seat was linked to an account otherwise (an invite, another claim) meanwhile.
    SUPERSEDED = "superseded"
    OUTCOMES = [
        (ACCEPTED, pgettext_lazy("a seat claim's answer", "accepted")),
        (REFUSED, pgettext_lazy("a seat claim's answer", "refused")),
        (SUPERSEDED, pgettext_lazy("a seat claim's answer", "linked otherwise")),
    ]

    claim = models.OneToOneField(
        SeatClaim,
        verbose_name=gettext_lazy("seat claim"),
        on_delete=models.PROTECT,
        related_name="answer",
    )
    outcome = models.CharField(verbose_name=gettext_lazy("answer"), max_length=12, choices=OUTCOMES)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("answered by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    answered_at = models.DateTimeField(verbose_name=gettext_lazy("answered at"))

    class Meta:
        ordering = ["answered_at", "id"]
        verbose_name = gettext_lazy("seat claim answer")
        verbose_name_plural = gettext_lazy("seat claim answers")
        constraints = [
            models.CheckConstraint(
                condition=Q(outcome__in=["accepted", "refused", "superseded"]),
                name="seat_claim_answer_outcome",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Claim #%(claim)s answered") % {"claim": self.claim_id}

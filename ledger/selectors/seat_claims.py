"""Reads of the seat claims: the players of a night one may still claim (the live link),
the claims waiting for the host's answer (the table's and the player's pages), and the
count the hour's limit per client reads."""

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Exists, OuterRef

from ledger.models import Night, Player, PlayerLink, Seat, SeatClaim, Table


def claimable_players(night: Night) -> list[Player]:
    """The night's players not linked to an account, nor retired, in seat order: one
    query."""
    linked = PlayerLink.objects.filter(player=OuterRef("player_id"), unlink__isnull=True)
    seats = (
        Seat.objects.filter(night=night, player__retired_at=None)
        .exclude(Exists(linked))
        .select_related("player")
        .order_by("position")
    )
    return [seat.player for seat in seats]


@dataclass(frozen=True)
class PendingClaim:
    claim: SeatClaim
    # The seat was linked to an account since the claim was made: it can only be closed.
    linked_otherwise: bool


def pending_claims(
    *, table: Table | None = None, player: Player | None = None
) -> list[PendingClaim]:
    """The claims not answered yet, of a table's players or of one player, oldest first:
    one query."""
    claims = SeatClaim.objects.filter(answer__isnull=True)
    if table is not None:
        claims = claims.filter(player__table=table)
    if player is not None:
        claims = claims.filter(player=player)
    linked = PlayerLink.objects.filter(player=OuterRef("player_id"), unlink__isnull=True)
    claims = (
        claims.annotate(linked_otherwise=Exists(linked))
        .select_related("player", "user")
        .order_by("claimed_at", "id")
    )
    return [PendingClaim(claim=c, linked_otherwise=c.linked_otherwise) for c in claims]


def claims_from_client_since(claim: SeatClaim, *, within: timedelta) -> int:
    """The claims from ``claim``'s client in the ``within`` before it, it included, and
    any made since."""
    since = claim.claimed_at - within
    return SeatClaim.objects.filter(client_digest=claim.client_digest, claimed_at__gt=since).count()


def pending_claim_of(player: Player, user) -> SeatClaim | None:
    return SeatClaim.objects.filter(player=player, user=user, answer__isnull=True).first()

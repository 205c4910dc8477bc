"""Writes of the seat claims: a signed-in player's "This is me" from the live link, and
the host's answer. Accepting links the seat (``player_link``, by the host); a seat linked
otherwise meanwhile closes the claim as such. Never a silent take-over: a claim links
nothing until the host says so."""

import hashlib
import hmac
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ledger.errors import Conflict, InvalidInput
from ledger.models import Player, SeatClaim, SeatClaimAnswer
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.player_links import current_link, user_seat_at_table
from ledger.selectors.seat_claims import claims_from_client_since, pending_claim_of
from ledger.services.player_links import ACCOUNT_HAS_A_SEAT, player_link

LIMIT_WINDOW = timedelta(hours=1)

CLAIM_PLAYER_LINKED = Code(
    "claim_player_linked",
    gettext_noop("{player} already plays from an account: there is nothing to claim."),
)
CLAIM_PLAYER_RETIRED = Code("claim_player_retired", gettext_noop("{player} is retired."))
CLAIM_PENDING = Code(
    "claim_pending",
    gettext_noop("You already asked to be {player}: the host has not answered yet."),
)
CLAIMS_THROTTLED = Code(
    "claims_throttled",
    gettext_noop("Nothing was asked: at most {limit} claims an hour from one device. Try later."),
)
CLAIM_ANSWERED = Code("claim_answered", gettext_noop("This claim was already answered."))

_CLIENT_LABEL = b"bourre seat claim: client address\x00"


def _digest(client: str) -> str:
    return hmac.new(
        settings.SECRET_KEY.encode(), _CLIENT_LABEL + client.encode(), hashlib.sha256
    ).hexdigest()


def seat_claim_create(*, player: Player, user, client: str) -> SeatClaim:
    """``user`` says they play ``player``: a claim for the host to answer. ``client``: the
    address the request came from (counted, as a keyed hash, for the hour's limit)."""
    with transaction.atomic():
        player = Player.objects.select_for_update(no_key=True).get(pk=player.pk)
        if player.retired_at is not None:
            raise InvalidInput(CLAIM_PLAYER_RETIRED(player=player.pk))
        if current_link(player) is not None:
            raise Conflict(CLAIM_PLAYER_LINKED(player=player.pk))
        seat = user_seat_at_table(user, player.table_id)
        if seat is not None:
            raise Conflict(ACCOUNT_HAS_A_SEAT(seat=seat.pk))
        if pending_claim_of(player, user) is not None:
            raise Conflict(CLAIM_PENDING(player=player.pk))
        claim = SeatClaim.objects.create(
            player=player, user=user, client_digest=_digest(client), claimed_at=timezone.now()
        )
        limit = settings.SEAT_CLAIM_LIMIT_PER_CLIENT
        if claims_from_client_since(claim, within=LIMIT_WINDOW) > limit:
            # Rolled back with the transaction: the refused claim is not kept.
            raise InvalidInput(CLAIMS_THROTTLED(limit=limit))
        return claim


def _answer(claim: SeatClaim, outcome: str, by) -> SeatClaimAnswer:
    return SeatClaimAnswer.objects.create(
        claim=claim, outcome=outcome, answered_by=by, answered_at=timezone.now()
    )


def seat_claim_accept(*, claim: SeatClaim, by) -> SeatClaimAnswer:
    """The host says yes: the seat is linked to the claimer's account (by the host). A
    seat linked otherwise meanwhile closes the claim as such (the answer says so)."""
    with transaction.atomic():
        Player.objects.select_for_update(no_key=True).get(pk=claim.player_id)
        if SeatClaimAnswer.objects.filter(claim=claim).exists():
            raise Conflict(CLAIM_ANSWERED())
        if current_link(claim.player) is not None:
            return _answer(claim, SeatClaimAnswer.SUPERSEDED, by)
        player_link(player=claim.player, user=claim.user, by=by, claim=claim)
        return _answer(claim, SeatClaimAnswer.ACCEPTED, by)


def seat_claim_refuse(*, claim: SeatClaim, by) -> SeatClaimAnswer:
    """The host says no: nothing is linked."""
    with transaction.atomic():
        Player.objects.select_for_update(no_key=True).get(pk=claim.player_id)
        if SeatClaimAnswer.objects.filter(claim=claim).exists():
            raise Conflict(CLAIM_ANSWERED())
        return _answer(claim, SeatClaimAnswer.REFUSED, by)

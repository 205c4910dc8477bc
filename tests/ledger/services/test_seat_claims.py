from datetime import timedelta

import pytest

from ledger.errors import Conflict, InvalidInput
from ledger.models import PlayerLink, SeatClaim, SeatClaimAnswer
from ledger.selectors.player_links import current_link
from ledger.selectors.seat_claims import claimable_players, claims_from_client_since, pending_claims
from ledger.services import seat_claims
from ledger.services.player_links import ACCOUNT_HAS_A_SEAT
from ledger.services.tables import player_retire
from tests.factories import NightFactory, UserFactory, link_player

pytestmark = pytest.mark.django_db


def codes(excinfo) -> list[str]:
    return [problem.code for problem in excinfo.value.problems]


@pytest.fixture
def night():
    return NightFactory()


@pytest.fixture
def ann(night):
    return night.table.players.get(name="Ann")


def _claim(player, user=None, client="192.0.2.7"):
    return seat_claims.seat_claim_create(player=player, user=user or UserFactory(), client=client)


def test_a_claim_links_nothing_until_the_host_answers(ann):
    claim = _claim(ann)
    assert current_link(ann) is None
    assert [p.claim for p in pending_claims(table=ann.table)] == [claim]
    assert "192.0.2.7" not in claim.client_digest


def test_the_host_accepts_and_the_seat_is_linked_by_the_host(ann):
    claim = _claim(ann)
    host = ann.table.owner
    answer = seat_claims.seat_claim_accept(claim=claim, by=host)
    assert (answer.outcome, answer.answered_by) == (SeatClaimAnswer.ACCEPTED, host)
    link = current_link(ann)
    assert (link.user, link.linked_by, link.claim) == (claim.user, host, claim)
    assert pending_claims(table=ann.table) == []


def test_the_host_refuses_and_nothing_is_linked(ann):
    claim = _claim(ann)
    answer = seat_claims.seat_claim_refuse(claim=claim, by=ann.table.owner)
    assert answer.outcome == SeatClaimAnswer.REFUSED
    assert PlayerLink.objects.count() == 0
    with pytest.raises(Conflict) as excinfo:
        seat_claims.seat_claim_accept(claim=claim, by=ann.table.owner)
    assert codes(excinfo) == [seat_claims.CLAIM_ANSWERED.code]


def test_a_seat_linked_otherwise_meanwhile_closes_the_claim_as_such(ann):
    claim = _claim(ann)
    other = link_player(ann)
    [pending] = pending_claims(player=ann)
    assert pending.linked_otherwise
    answer = seat_claims.seat_claim_accept(claim=claim, by=ann.table.owner)
    assert answer.outcome == SeatClaimAnswer.SUPERSEDED
    assert current_link(ann) == other


def test_a_linked_or_retired_player_cannot_be_claimed(night, ann):
    link_player(ann)
    with pytest.raises(Conflict) as excinfo:
        _claim(ann)
    assert codes(excinfo) == [seat_claims.CLAIM_PLAYER_LINKED.code]
    bob = night.table.players.get(name="Bob")
    player_retire(player=bob)
    with pytest.raises(InvalidInput) as excinfo:
        _claim(bob)
    assert codes(excinfo) == [seat_claims.CLAIM_PLAYER_RETIRED.code]
    assert [p.name for p in claimable_players(night)] == ["Cy", "Dee"]


def test_one_pending_claim_per_account_and_seat_and_no_second_seat(night, ann):
    bea = UserFactory()
    _claim(ann, bea)
    with pytest.raises(Conflict) as excinfo:
        _claim(ann, bea)
    assert codes(excinfo) == [seat_claims.CLAIM_PENDING.code]
    link_player(night.table.players.get(name="Bob"), bea)
    with pytest.raises(Conflict) as excinfo:
        _claim(night.table.players.get(name="Cy"), bea)
    assert codes(excinfo) == [ACCOUNT_HAS_A_SEAT.code]


def test_one_client_makes_at_most_the_hours_limit_of_claims(night, settings):
    settings.SEAT_CLAIM_LIMIT_PER_CLIENT = 2
    players = list(night.table.players.order_by("name"))
    first = _claim(players[0])
    _claim(players[1])
    with pytest.raises(InvalidInput) as excinfo:
        _claim(players[2])
    assert codes(excinfo) == [seat_claims.CLAIMS_THROTTLED.code]
    assert SeatClaim.objects.count() == 2
    assert claims_from_client_since(first, within=timedelta(hours=1)) == 2
    _claim(players[2], client="198.51.100.1")


def test_a_claim_and_its_answer_are_kept_as_written(ann):
    claim = _claim(ann)
    answer = seat_claims.seat_claim_refuse(claim=claim, by=ann.table.owner)
    for row in (claim, answer):
        with pytest.raises(PermissionError):
            row.delete()

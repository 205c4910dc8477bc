"""Claims of a seat from the live link: a signed-in visitor says "This is me" for a
player of the night not linked yet, and the host accepts (the seat is linked to their
account) or refuses, from the table's page or the player's."""

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from ledger.errors import ServiceError
from ledger.models import SeatClaimAnswer
from ledger.selectors.share_links import shared_night
from ledger.services import seat_claims
from tables import responses
from tables.access import NO_SUCH_LINK, claim_for_host, player_of_shared_night
from tables.clients import client_address
from tables.notices import tasks
from tables.notices.announce import announce
from tables.pages.seat_claim import seat_claim_page
from tables.pages.table_page import table_page
from tables.problems import sentences
from tables.return_to import NEXT, return_to

CLAIM_SENT = gettext_lazy(
    "Asked: the host confirms on their phone that you play %(player)s, then it is linked."
)
CLAIM_ACCEPTED = gettext_lazy("%(player)s now plays from the account %(user)s.")
CLAIM_REFUSED = gettext_lazy("The claim of %(user)s to be %(player)s is refused.")
CLAIM_SUPERSEDED = gettext_lazy(
    "%(player)s was linked to an account meanwhile: the claim of %(user)s is closed."
)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def seat_claim(request: HttpRequest, token: str, player_id: int) -> HttpResponse:
    night = shared_night(token)
    if night is None:
        raise Http404(str(NO_SUCH_LINK))
    player = player_of_shared_night(night, player_id)
    signed_in = request.user.is_authenticated
    page = seat_claim_page(night, token, player, signed_in=signed_in)
    if request.method != "POST":
        response = responses.show(request, page)
        response["X-Robots-Tag"] = "noindex, nofollow"
        return response
    if not signed_in:
        return redirect_to_login(request.get_full_path())
    client = client_address(request)
    try:
        claim = seat_claims.seat_claim_create(player=player, user=request.user, client=client)
    except ServiceError as error:
        problems = sentences(error.problems, {player.pk: player.name})
        return responses.refuse(request, page, problems, status=responses.CONFLICT)
    announce(request, tasks.claim_notices, claim.pk)
    message = CLAIM_SENT % {"player": player.name}
    return responses.go(request, reverse("share_view", args=[token]), str(message))


def _answered(request: HttpRequest, claim_id: int, *, accept: bool) -> HttpResponse:
    claim = claim_for_host(request, claim_id)
    player = claim.player
    back = return_to(request, request.POST.get(NEXT)) or reverse(
        "table_detail", args=[player.table_id]
    )
    try:
        if accept:
            answer = seat_claims.seat_claim_accept(claim=claim, by=request.user)
        else:
            answer = seat_claims.seat_claim_refuse(claim=claim, by=request.user)
    except ServiceError as error:
        problems = sentences(error.problems, {player.pk: player.name})
        return responses.refuse(
            request, table_page(player.table), problems, status=responses.CONFLICT
        )
    message = {
        SeatClaimAnswer.ACCEPTED: CLAIM_ACCEPTED,
        SeatClaimAnswer.REFUSED: CLAIM_REFUSED,
        SeatClaimAnswer.SUPERSEDED: CLAIM_SUPERSEDED,
    }[answer.outcome]
    words = {"player": player.name, "user": claim.user.get_username()}
    return responses.go(request, back, str(message % words))


@login_required
@require_POST
def seat_claim_accept(request: HttpRequest, claim_id: int) -> HttpResponse:
    return _answered(request, claim_id, accept=True)


@login_required
@require_POST
def seat_claim_refuse(request: HttpRequest, claim_id: int) -> HttpResponse:
    return _answered(request, claim_id, accept=False)

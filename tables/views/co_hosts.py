"""Co-hosts: from the table's page the host lets a player who plays from their own
account run the table's nights, or takes it back."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ledger.errors import ServiceError
from ledger.models import Player
from ledger.selectors.co_hosts import co_host_grant_of
from ledger.selectors.player_links import current_link
from ledger.services import co_hosts
from tables import responses
from tables.access import player_for_host
from tables.notices import tasks
from tables.notices.announce import announce
from tables.pages.table_page import table_page
from tables.problems import sentences

GRANTED = gettext_lazy("%(player)s can now run this table's nights.")
REVOKED = gettext_lazy("%(player)s no longer runs this table's nights.")
NOT_LINKED = co_hosts.CO_HOST_NOT_LINKED
NOT_ACTIVE = co_hosts.CO_HOST_NOT_ACTIVE


def _refused(request: HttpRequest, player: Player, error: ServiceError) -> HttpResponse:
    problems = sentences(error.problems, {player.pk: player.name})
    return responses.refuse(request, table_page(player.table), problems, status=responses.CONFLICT)


def _done(request: HttpRequest, player: Player, message) -> HttpResponse:
    to = reverse("table_detail", args=[player.table_id])
    return responses.go(request, to, str(message % {"player": player.name}))


@login_required
@require_POST
def co_host_grant(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    link = current_link(player)
    try:
        if link is None:
            raise ServiceError(NOT_LINKED(player=player.pk))
        grant = co_hosts.co_host_grant(link=link, by=request.user)
    except ServiceError as error:
        return _refused(request, player, error)
    announce(request, tasks.co_host_notices, grant.pk)
    return _done(request, player, GRANTED)


@login_required
@require_POST
def co_host_revoke(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    link = current_link(player)
    grant = co_host_grant_of(link) if link is not None else None
    try:
        if grant is None:
            raise ServiceError(NOT_ACTIVE(player=player.pk))
        co_hosts.co_host_revoke(grant=grant, by=request.user)
    except ServiceError as error:
        return _refused(request, player, error)
    return _done(request, player, REVOKED)

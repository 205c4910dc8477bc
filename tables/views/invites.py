"""Seat invites: the host makes one for a player and shows it (a QR code across the
table), or withdraws it; the invitee opens it, signs up or in, and links the seat to
their account.

The link's token is shown only on the phone that made the invite: the server keeps its
digest, the making session the token itself (so the host can show the QR code again
until they sign out). Any link that opens nothing — unknown, used, withdrawn, expired —
answers the same 404, so a link tells nothing of the invite it was.
"""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ledger.errors import Conflict, ServiceError
from ledger.selectors.player_invites import InviteScreen, invite_attempts_since, invite_screen
from ledger.services import player_invites as invites
from tables import responses
from tables.access import invite_for_host, player_for_host
from tables.clients import client_address
from tables.notices import tasks
from tables.notices.announce import announce
from tables.pages.invite_accept import invite_accept_page
from tables.pages.player_invite import player_invite_page
from tables.pages.player_page import player_page
from tables.problems import sentences

NO_SUCH_INVITE = gettext_lazy("No such invite.")
INVITE_MADE = gettext_lazy("Invite ready: show the QR code, or send the link.")
INVITE_WITHDRAWN = gettext_lazy("The invite is withdrawn: its link no longer opens anything.")
INVITE_ACCEPTED = gettext_lazy("You play %(player)s at %(table)s from your account now.")
ATTEMPTS_THROTTLED = gettext_lazy(
    "Nothing was linked: too many tries from this device in the last hour (at most "
    "%(limit)s). Try again later."
)
# Where the session keeps the tokens of the invites it made, by invite id.
SESSION_TOKENS = "player_invite_tokens"


@login_required
@require_POST
def player_invite_create(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    try:
        invite, token = invites.player_invite_create(player=player, by=request.user)
    except ServiceError as error:
        problems = sentences(error.problems, {player.pk: player.name})
        status = responses.CONFLICT if isinstance(error, Conflict) else responses.REFUSED
        return responses.refuse(request, player_page(player), problems, status=status)
    tokens = dict(request.session.get(SESSION_TOKENS, {}))
    tokens[str(invite.pk)] = token
    request.session[SESSION_TOKENS] = tokens
    return responses.go(request, reverse("player_invite", args=[invite.pk]), str(INVITE_MADE))


@login_required
@require_safe
def player_invite(request: HttpRequest, invite_id: int) -> HttpResponse:
    invite = invite_for_host(request, invite_id)
    token = request.session.get(SESSION_TOKENS, {}).get(str(invite.pk), "")
    page = player_invite_page(invite, token, build_uri=request.build_absolute_uri)
    response = responses.show(request, page)
    # The page holds a credential: keep it out of search engines.
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@login_required
@require_POST
def player_invite_withdraw(request: HttpRequest, invite_id: int) -> HttpResponse:
    invite = invite_for_host(request, invite_id)
    try:
        invites.player_invite_withdraw(invite=invite, by=request.user)
    except ServiceError as error:
        page = player_invite_page(invite, "", build_uri=request.build_absolute_uri)
        problems = sentences(error.problems, {})
        return responses.refuse(request, page, problems, status=responses.CONFLICT)
    return responses.go(
        request, reverse("player_detail", args=[invite.player_id]), str(INVITE_WITHDRAWN)
    )


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def invite_view(request: HttpRequest, invite_token: str) -> HttpResponse:
    """The invitee's page (GET) and their "This is me" (POST, signed in)."""
    screen = invite_screen(invite_token)
    if screen is None:
        raise Http404(str(NO_SUCH_INVITE))
    signed_in = request.user.is_authenticated
    page = invite_accept_page(screen, invite_token, signed_in=signed_in)
    if request.method != "POST":
        response = responses.show(request, page)
    elif not signed_in:
        return redirect_to_login(request.get_full_path())
    else:
        response = _accept(request, screen, page)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _accept(request: HttpRequest, screen: InviteScreen, page) -> HttpResponse:
    client = client_address(request)
    attempt = invites.player_invite_attempt_record(client=client)
    limit = settings.PLAYER_INVITE_ATTEMPT_LIMIT_PER_CLIENT
    if invite_attempts_since(attempt, within=invites.LIMIT_WINDOW) > limit:
        return responses.refuse(request, page, [ATTEMPTS_THROTTLED % {"limit": limit}], status=429)
    try:
        link = invites.player_invite_accept(invite=screen.invite, user=request.user)
    except ServiceError as error:
        problems = sentences(error.problems, {screen.player.pk: screen.player.name})
        return responses.refuse(request, page, problems, status=responses.CONFLICT)
    announce(request, tasks.invite_used_notices, link.pk)
    message = INVITE_ACCEPTED % {"player": screen.player.name, "table": screen.table_name}
    # Their games, where the table of the seat just linked now shows.
    return responses.go(request, reverse("my_games"), message)

"""The referee at the table: "Was that legal?" and "What may I play?" for the host, and
tonight's house rules in plain sentences for the host and for anyone holding the live link.

Nothing here writes: the judge is a question asked with GET, and "mark the renege" only
takes the host back to the hand screen with the mark ticked, to record with the hand.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from ledger.selectors.referee import referee_screen
from ledger.selectors.share_links import shared_night
from tables import responses
from tables.access import NO_SUCH_LINK, night_for_host
from tables.forms import judge as judge_form
from tables.pages.house_rules import house_rules_page, shared_house_rules_page
from tables.pages.judge import REFEREE, judge_page


@login_required
@require_safe
def night_judge(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    if night.is_closed:
        return redirect("night_settlement", night.pk)
    screen = referee_screen(night)
    # One select per player who can have played before the one judged.
    form = judge_form.from_query(request.GET, screen.players, slots=screen.house.max_players - 1)
    page = judge_page(screen, form, part=responses.swapped(request, REFEREE))
    return responses.show(request, page)


@login_required
@require_safe
def night_rules(request: HttpRequest, night_id: int) -> HttpResponse:
    return responses.show(request, house_rules_page(night_for_host(request, night_id)))


@never_cache
@require_safe
def share_rules(request: HttpRequest, token: str) -> HttpResponse:
    """The house rules for the players, from the night's live link."""
    night = shared_night(token)
    if night is None:
        raise Http404(str(NO_SUCH_LINK))
    response = responses.show(request, shared_house_rules_page(night, token))
    # The token is a credential: keep the page out of search engines and caches.
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response

"""The referee at the table: "Was that legal?" and "What may I play?" for the host, and
tonight's house rules in plain sentences for the host and for anyone holding the live link.

Nothing here writes: the judge is a question asked with GET (what stops it answering is
refused, 400, like any form's bad input), and "mark the renege" only takes the host back
to the hand screen with the mark ticked, to record with the hand.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from ledger.selectors.referee import referee_screen
from ledger.selectors.share_links import shared_night
from tables import responses
from tables.access import NO_SUCH_LINK, night_for_runner
from tables.forms import judge as judge_form
from tables.pages.house_rules import house_rules_page, shared_house_rules_page
from tables.pages.judge import ANSWER, REFEREE, judge_page

CANNOT_ANSWER = gettext_lazy("The referee cannot answer yet:")


@login_required
@require_safe
def night_judge(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_runner(request, night_id)
    if night.is_closed:
        return redirect("night_settlement", night.pk)
    screen = referee_screen(night)
    # Tonight's table puts at most one card per player but the last before the one judged.
    form = judge_form.from_query(
        request.GET, screen.players, most_before=screen.house.max_players - 1
    )
    # As the host taps, htmx asks for the answer alone; a question asked swaps the judge.
    part = responses.swapped(request, ANSWER if form.live else REFEREE)
    judged = judge_page(screen, form, part=part)
    if judged.problems and not form.live:
        return responses.refuse(request, judged.page, judged.problems, title=CANNOT_ANSWER)
    return responses.show(request, judged.page)


@login_required
@require_safe
def night_rules(request: HttpRequest, night_id: int) -> HttpResponse:
    return responses.show(request, house_rules_page(night_for_runner(request, night_id)))


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

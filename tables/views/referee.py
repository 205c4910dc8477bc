"""The referee at the table: "Was that legal?" and "What may I play?" for the host, and
tonight's house rules in plain sentences for the host and for anyone holding the live link.

Nothing here writes: the judge is a question asked with GET, and "mark the renege" only
takes the host back to the hand screen with the mark ticked, to record with the hand.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from ledger import rules
from ledger.models import Night
from ledger.rules import play
from ledger.selectors.referee import referee_screen
from ledger.selectors.share_links import shared_night
from tables import card_names, forms_judge, house_rules_text, verdict_text
from tables.access import NO_SUCH_LINK, night_for_host
from tables.views.night_common import links


def _ask(form: forms_judge.JudgeForm, obligation: str) -> dict:
    """The engine's answer to what the form asks: a verdict, the legal cards, or problems."""
    if form.ask is None:
        return {}
    try:
        if form.ask == forms_judge.ASK_JUDGE:
            verdict = play.judge(form.hand, form.trick, form.played, form.trump, obligation)
        else:
            legal = play.legal_cards(form.hand, form.trick, form.trump, obligation)
            # The card to beat is the same whichever card is played: judge any of them.
            verdict = play.judge(form.hand, form.trick, form.hand[0], form.trump, obligation)
    except rules.RulesError as error:
        return {"problems": form.problems + verdict_text.problems_text(error.problems)}
    if form.problems or form.player is None:
        return {"problems": form.problems}
    position = verdict_text.Position(form.player.name, form.hand, form.trick, form.trump)
    if form.ask == forms_judge.ASK_JUDGE:
        return {"verdict": verdict_text.verdict_text(verdict, position, form.played)}
    return {"answer": verdict_text.answer_text(legal, verdict.to_beat, position)}


@login_required
@require_safe
def night_judge(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    if night.is_closed:
        return redirect("night_settlement", night.pk)
    screen = referee_screen(night)
    # One select per player who can have played before the one judged.
    slots = screen.house.max_players - 1
    form = forms_judge.from_query(request.GET, screen.players, slots=slots)
    result = _ask(form, screen.house.play_obligation)
    highlighted = set()
    if "answer" in result:
        highlighted = {card.code for card in result["answer"].legal_cards}
    elif "verdict" in result:
        highlighted = {card.code for card in result["verdict"].legal_cards}
    mark_url = None
    verdict = result.get("verdict")
    if verdict is not None and not verdict.legal:
        query = urlencode({"renege": form.player.id})
        mark_url = f"{reverse('night_detail', args=[night.pk])}?{query}"
    context = {
        "night": night,
        "screen": screen,
        "form": form,
        "hand": set(form.hand),
        "highlighted": highlighted,
        "suits": card_names.suits(),
        "obligation_line": house_rules_text.obligation_line(screen.house),
        "mark_url": mark_url,
        "links": links(night),
        **result,
    }
    template = "referee/judge.html#referee" if request.htmx else "referee/judge.html"
    return render(request, template, context)


def _rules_context(night: Night) -> dict:
    house = night.house_rules
    return {"night": night, "sections": house_rules_text.house_rules_sections(house)}


@login_required
@require_safe
def night_rules(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    return render(request, "referee/rules.html", {**_rules_context(night), "links": links(night)})


@never_cache
@require_safe
def share_rules(request: HttpRequest, token: str) -> HttpResponse:
    """The house rules for the players, from the night's live link."""
    night = shared_night(token)
    if night is None:
        raise Http404(str(NO_SUCH_LINK))
    response = render(
        request, "referee/share_rules.html", {**_rules_context(night), "token": token}
    )
    # The token is a credential: keep the page out of search engines and caches.
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response

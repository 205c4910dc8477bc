"""The card judge at the table: "Was that legal?" and "What may I play?", answered by the
rules engine from the cards picked (trump, the trick, the player's hand, the card
played). With htmx an answer swaps the judge alone (REFEREE)."""

from django.urls import reverse
from django.utils.http import urlencode

from ledger import rules
from ledger.rules import play
from ledger.selectors.referee import RefereeScreen
from tables import card_names, house_rules_text, verdict_text
from tables.forms import judge as judge_form
from tables.night_links import links
from tables.responses import Page

TEMPLATE = "referee/judge.html"
REFEREE = "referee"


def judge_page(
    screen: RefereeScreen, form: judge_form.JudgeForm, *, part: str | None = None
) -> Page:
    night = screen.night
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
    return Page(TEMPLATE, context, part)


def _ask(form: judge_form.JudgeForm, obligation: str) -> dict:
    """The engine's answer to what the form asks: a verdict, the legal cards, or problems."""
    if form.ask is None:
        return {}
    try:
        if form.ask == judge_form.ASK_JUDGE:
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
    if form.ask == judge_form.ASK_JUDGE:
        return {"verdict": verdict_text.verdict_text(verdict, position, form.played)}
    return {"answer": verdict_text.answer_text(legal, verdict.to_beat, position)}

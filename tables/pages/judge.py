"""The card judge at the table: "Was that legal?" and "What may I play?", answered by the
rules engine from the cards tapped (trump, the trick in the order played, the player's
hand, the card played, picked from the hand's). With htmx a submitted question swaps the
judge (REFEREE), and each tap asks for the answer alone (ANSWER): the verdict shows as soon
as the card played is picked."""

from dataclasses import dataclass, replace

from django.urls import reverse
from django.utils.http import urlencode
from django.utils.text import capfirst
from django.utils.translation import pgettext, pgettext_lazy

from ledger import rules
from ledger.rules import errors as rules_errors
from ledger.rules import play
from ledger.selectors.referee import RefereeScreen
from tables import card_names, house_rules_text, responses, verdict_text
from tables.forms import judge as judge_form
from tables.forms.judge import FieldProblem
from tables.night_links import links
from tables.responses import Page

TEMPLATE = "referee/judge.html"
REFEREE = "referee"
ANSWER = "answer"

# Who the verdict is about before anyone is named: the renege is marked on a player after
# the verdict, one tap for both (the sentence starts with it, capitalised there).
THE_PLAYER = pgettext_lazy("the player a card is judged for, not named yet", "the player")

# Which field each of the engine's problems is about, for the refusal's line.
_FIELD_OF = {
    rules_errors.TRUMP_INVALID.code: judge_form.TRUMP,
    rules_errors.PLAY_HAND_NOT_A_LIST.code: judge_form.HAND,
    rules_errors.PLAY_HAND_TOO_LARGE.code: judge_form.HAND,
    rules_errors.PLAY_HAND_EMPTY.code: judge_form.HAND,
    rules_errors.CARD_TWICE_IN_HAND.code: judge_form.HAND,
    rules_errors.CARD_IN_HAND_AND_TRICK.code: judge_form.HAND,
    rules_errors.TRICK_NOT_A_LIST.code: judge_form.TRICK,
    rules_errors.TRICK_ALREADY_FULL.code: judge_form.TRICK,
    rules_errors.CARD_TWICE_IN_TRICK.code: judge_form.TRICK,
    rules_errors.PLAYED_NOT_IN_HAND.code: judge_form.PLAYED,
}


@dataclass(frozen=True)
class Judged:
    """The judge's page, and what stops the engine answering (the lines of a refusal)."""

    page: Page
    problems: list[responses.Problem]


def judge_page(
    screen: RefereeScreen, form: judge_form.JudgeForm, *, part: str | None = None
) -> Judged:
    night = screen.night
    result, problems = _ask(form, screen.house.play_obligation)
    highlighted = set()
    if "answer" in result:
        highlighted = {card.code for card in result["answer"].legal_cards}
    elif "verdict" in result:
        highlighted = {card.code for card in result["verdict"].legal_cards}
    verdict = result.get("verdict")
    renege = verdict is not None and not verdict.legal
    trick = [card for card in form.trick if play.is_card(card)]
    order = {card: number for number, card in enumerate(trick, 1)}
    suits = card_names.suits()
    context = {
        "night": night,
        "screen": screen,
        "form": form,
        "hand": set(form.hand),
        "played": form.played if form.played in form.hand else "",
        "highlighted": highlighted,
        "suits": suits,
        # The trick's grid: each card with its place in the trick (None: not played).
        "trick_rows": [
            (suit, [(card, order.get(card.code)) for card in suit.cards]) for suit in suits
        ],
        "trick_cards": [card_names.card_view(card) for card in trick],
        "obligation_line": house_rules_text.obligation_line(screen.house),
        "mark": _marks(screen, form) if renege else [],
        "back_url": _hand_url(screen, form.carried),
        "start_url": _judge_url(screen, form.carried),
        "links": links(night),
        "ids": judge_form.FIELD_IDS,
        "problems": [line.text for line in problems],
        **result,
    }
    return Judged(Page(TEMPLATE, context, part), problems)


def _hand_url(screen: RefereeScreen, carried, renege: int | None = None) -> str:
    """The hand screen, the taps the host left it with, and the renege marked, if any."""
    pairs = ([("renege", str(renege))] if renege is not None else []) + list(carried)
    address = reverse("night_detail", args=[screen.night.pk])
    return f"{address}?{urlencode(pairs)}" if pairs else address


def _judge_url(screen: RefereeScreen, carried) -> str:
    address = reverse("night_judge", args=[screen.night.pk])
    return f"{address}?{urlencode(list(carried))}" if carried else address


@dataclass(frozen=True)
class Mark:
    name: str
    url: str


def _marks(screen: RefereeScreen, form: judge_form.JudgeForm) -> list[Mark]:
    """The links that mark the renege: on the player named, or one for each player."""
    players = [form.player] if form.player is not None else screen.players
    return [Mark(p.name, _hand_url(screen, form.carried, p.id)) for p in players]


def _line(field: str, text: str) -> responses.Problem:
    if field not in judge_form.LABELS:
        return responses.Problem(text)
    # Translators: a refused form's line about one field ("Chip value: ...").
    named = pgettext("a form field's error", "%(field)s: %(error)s") % {
        "field": judge_form.LABELS[field],
        "error": text,
    }
    return responses.Problem(named, judge_form.FIELD_IDS[field])


def _field_of(problem: rules.Problem, form: judge_form.JudgeForm) -> str:
    if problem.code != rules_errors.CARD_UNKNOWN.code:
        return _FIELD_OF.get(problem.code, "")
    card = problem.params.get("card")
    if card in form.trick:
        return judge_form.TRICK
    if card in form.hand:
        return judge_form.HAND
    return judge_form.PLAYED


def _lines(found: list[FieldProblem]) -> list[responses.Problem]:
    """Each problem once (a forged query can repeat one a hundred times), in order."""
    return [_line(p.field, p.text) for p in dict.fromkeys(found)]


def _ask(form: judge_form.JudgeForm, obligation: str) -> tuple[dict, list[responses.Problem]]:
    """The engine's answer to what the form asks: a verdict, the legal cards, or the
    problems that stop it answering."""
    ask = judge_form.asked(form)
    if ask is None:
        return {}, []
    found = list(form.problems)
    try:
        if ask == judge_form.ASK_JUDGE:
            verdict = play.judge(form.hand, form.trick, form.played, form.trump, obligation)
        else:
            legal = play.legal_cards(form.hand, form.trick, form.trump, obligation)
            # The card to beat is the same whichever card is played: judge any of them.
            verdict = play.judge(form.hand, form.trick, form.hand[0], form.trump, obligation)
    except rules.RulesError as error:
        found += [
            FieldProblem(_field_of(problem, form), verdict_text.problem_text(problem))
            for problem in error.problems
        ]
        return {}, _lines(found)
    if found:
        return {}, _lines(found)
    name = form.player.name if form.player is not None else str(THE_PLAYER)
    position = verdict_text.Position(name, form.hand, form.trick, form.trump)
    # Unnamed, the player starts the sentence with a small letter: capitalised there.
    cap = capfirst if form.player is None else str
    if ask == judge_form.ASK_JUDGE:
        said = verdict_text.verdict_text(verdict, position, form.played)
        return {"verdict": replace(said, sentence=cap(said.sentence))}, []
    said = verdict_text.answer_text(legal, verdict.to_beat, position)
    return {"answer": replace(said, sentence=cap(said.sentence))}, []

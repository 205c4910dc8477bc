"""The trick referee's answers in plain sentences: a verdict ("Dee held the 9♥ and had to
beat the 7♥ — renege"), what a player may play, and the problems with what was picked.

Presentation only: ``ledger.rules.play`` decides what is legal and which obligation a card
broke; this module words its ``Verdict`` and its problems, cards shown as "9♥".
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy, pgettext_lazy

from ledger.rules import errors as rules_errors
from ledger.rules import play
from ledger.rules.errors import Problem
from tables.card_names import NO_SUIT, CardView, card_label, card_view, join_cards
from tables.problems import sentence

# One sentence per obligation a card can break (play.BROKEN_CODES). Parameters: player,
# held (the legal cards), played, to_beat (the card to beat), no_led ("no heart").
BROKEN = {
    play.FOLLOW_SUIT: gettext_lazy(
        "%(player)s held the %(held)s and had to follow suit, not play the %(played)s — renege."
    ),
    play.BEAT_TRUMP: gettext_lazy(
        "%(player)s held the %(held)s and had to beat the %(to_beat)s, the highest trump in "
        "the trick — renege."
    ),
    play.BEAT_WINNER: gettext_lazy(
        "%(player)s held the %(held)s and had to beat the %(to_beat)s — renege."
    ),
    play.BEAT_LED_SUIT: gettext_lazy(
        "%(player)s held the %(held)s and had to beat the %(to_beat)s, the highest card of the "
        "suit led — renege."
    ),
    play.TRUMP: gettext_lazy(
        "%(player)s had %(no_led)s, held the %(held)s and had to trump — renege."
    ),
    play.OVER_TRUMP: gettext_lazy(
        "%(player)s had %(no_led)s, held the %(held)s and had to over-trump the %(to_beat)s "
        "— renege."
    ),
}

# Why a card was legal, by the player's position.
LEGAL_LEAD = gettext_lazy("Legal: %(player)s led, and any card may lead.")
LEGAL_FOLLOWED_AND_BEAT = gettext_lazy("Legal: %(player)s followed suit and beat the %(to_beat)s.")
LEGAL_FOLLOWED = gettext_lazy("Legal: %(player)s followed suit.")
LEGAL_OVER_TRUMPED = gettext_lazy(
    "Legal: %(player)s had %(no_led)s and over-trumped the %(to_beat)s."
)
LEGAL_TRUMPED = gettext_lazy("Legal: %(player)s had %(no_led)s and trumped.")
LEGAL_NO_SUIT_NO_TRUMP = gettext_lazy("Legal: %(player)s had %(no_led)s and no trump.")
LEGAL_NO_TRUMP = gettext_lazy("Legal: %(player)s had no trump.")  # trump was led

# What a player must do, for "What may I play?".
MUST_LEAD = gettext_lazy("%(player)s leads: any card may lead.")
MUST_FOLLOW_AND_BEAT = gettext_lazy("%(player)s must follow suit and beat the %(to_beat)s.")
MUST_FOLLOW = gettext_lazy("%(player)s must follow suit.")
MUST_OVER_TRUMP = gettext_lazy("%(player)s has %(no_led)s and must over-trump the %(to_beat)s.")
MUST_TRUMP = gettext_lazy("%(player)s has %(no_led)s and must trump.")
MAY_PLAY_ANY = gettext_lazy("%(player)s has %(no_led)s and no trump: any card will do.")
MAY_PLAY_ANY_NO_TRUMP = gettext_lazy("%(player)s has no trump: any card will do.")

# The engine's problems, worded for the picker (cards as "9♥"). Anything not listed here is
# the engine's own template, translated.
TRUMP_MISSING = gettext_lazy("Pick trump: ♠, ♥, ♦ or ♣.")
PLAYED_MISSING = gettext_lazy("Pick the card that was played.")
NOT_A_CARD = gettext_lazy("Pick the cards from the picker: one of them is not a card.")
HAND_EMPTY = gettext_lazy("Tick the cards the player held, the card played included.")
HAND_TOO_LARGE = pgettext_lazy(
    "hand of cards", "%(count)s cards are ticked in the hand; a player holds at most %(limit)s."
)
TRICK_FULL = gettext_lazy(
    "The trick already holds %(count)s cards, so nobody is left to play to it."
)
TWICE_IN_HAND = pgettext_lazy(
    "hand of cards", "The %(card)s is in the hand twice: a deck has one of each card."
)
TWICE_IN_TRICK = gettext_lazy("The %(card)s is in the trick twice: a deck has one of each card.")
IN_HAND_AND_TRICK = pgettext_lazy(
    "hand of cards",
    "The %(card)s is both in the trick and in the hand: a deck has one of each card.",
)
PLAYED_NOT_IN_HAND = pgettext_lazy(
    "hand of cards", "The %(card)s was played but is not ticked in the hand: tick it too."
)


@dataclass(frozen=True)
class Position:
    """What was picked: the player's name, their hand, the trick so far, trump."""

    player: str
    hand: Sequence[str]
    trick: Sequence[str]
    trump: str

    @property
    def led(self) -> str | None:
        return self.trick[0][-1] if self.trick else None

    def holds(self, suit: str | None) -> bool:
        return any(card[-1] == suit for card in self.hand)


@dataclass(frozen=True)
class VerdictText:
    legal: bool
    broken: str | None
    sentence: str
    legal_cards: tuple[CardView, ...]


@dataclass(frozen=True)
class AnswerText:
    sentence: str
    legal_cards: tuple[CardView, ...]


def _void(position: Position) -> dict[str, str]:
    return {"no_led": str(NO_SUIT[position.led])} if position.led else {}


def verdict_text(verdict: play.Verdict, position: Position, played: str) -> VerdictText:
    """The verdict on ``played`` as a sentence naming the rule, and the legal cards."""
    params = {
        "player": position.player,
        "played": card_label(played),
        "held": join_cards(list(verdict.legal_cards)),
        "to_beat": card_label(verdict.to_beat) if verdict.to_beat else "",
        **_void(position),
    }
    if verdict.legal:
        sentence = _legal_sentence(verdict, position, played) % params
    else:
        sentence = BROKEN[verdict.broken] % params
    cards = tuple(card_view(card) for card in verdict.legal_cards)
    return VerdictText(verdict.legal, verdict.broken, sentence, cards)


def _legal_sentence(verdict: play.Verdict, position: Position, played: str):
    led = position.led
    if led is None:
        return LEGAL_LEAD
    if played[-1] == led:
        return LEGAL_FOLLOWED_AND_BEAT if verdict.to_beat else LEGAL_FOLLOWED
    if played[-1] == position.trump:
        return LEGAL_OVER_TRUMPED if verdict.to_beat else LEGAL_TRUMPED
    return LEGAL_NO_TRUMP if led == position.trump else LEGAL_NO_SUIT_NO_TRUMP


def answer_text(legal: Sequence[str], to_beat: str | None, position: Position) -> AnswerText:
    """What ``position.player`` must do, and the cards they may play."""
    led = position.led
    if led is None:
        template = MUST_LEAD
    elif position.holds(led):
        template = MUST_FOLLOW_AND_BEAT if to_beat else MUST_FOLLOW
    elif position.holds(position.trump):
        template = MUST_OVER_TRUMP if to_beat else MUST_TRUMP
    else:
        template = MAY_PLAY_ANY_NO_TRUMP if led == position.trump else MAY_PLAY_ANY
    params = {
        "player": position.player,
        "to_beat": card_label(to_beat) if to_beat else "",
        **_void(position),
    }
    return AnswerText(template % params, tuple(card_view(card) for card in legal))


def problem_text(problem: Problem) -> str:
    """One of the engine's problems with the picked cards, for the picker's user."""
    params = problem.params
    card = params.get("card")
    label = card_label(card) if play.is_card(card) else ""
    code = problem.code
    if code == rules_errors.TRUMP_INVALID.code:
        return str(TRUMP_MISSING)
    if code == rules_errors.CARD_UNKNOWN.code:
        return str(PLAYED_MISSING if card == "" else NOT_A_CARD)
    if code == rules_errors.PLAY_HAND_EMPTY.code:
        return str(HAND_EMPTY)
    if code == rules_errors.PLAY_HAND_TOO_LARGE.code:
        return HAND_TOO_LARGE % {"count": params["count"], "limit": params["limit"]}
    if code == rules_errors.TRICK_ALREADY_FULL.code:
        return TRICK_FULL % {"count": params["count"]}
    by_card = {
        rules_errors.CARD_TWICE_IN_HAND.code: TWICE_IN_HAND,
        rules_errors.CARD_TWICE_IN_TRICK.code: TWICE_IN_TRICK,
        rules_errors.CARD_IN_HAND_AND_TRICK.code: IN_HAND_AND_TRICK,
        rules_errors.PLAYED_NOT_IN_HAND.code: PLAYED_NOT_IN_HAND,
    }
    if code in by_card and label:
        return by_card[code] % {"card": label}
    return sentence(problem)


def problems_text(problems: Sequence[Problem]) -> list[str]:
    """Each problem once (a forged query can repeat one a hundred times), in order."""
    return list(dict.fromkeys(problem_text(problem) for problem in problems))

"""The trick referee (RULES.md, "Play obligations"): which cards a player may play, who is
winning a trick, and whether a card played broke an obligation.

Cards are strings, rank then suit, written one way only: ``"AS"``, ``"10H"``, ``"QD"``,
``"2C"`` (capital letters, ``10`` for ten). The screens build them from a card picker, so a
single spelling costs nothing and keeps "the same card twice" a plain string comparison;
anything else is refused by name rather than guessed at.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from . import errors as e
from .errors import Code, Problem, RulesError
from .house_rules import (
    MAX_SEATED,
    PLAY_BEAT_LED_SUIT,
    PLAY_BEAT_WINNER,
    PLAY_NO_BEAT,
    PLAY_OBLIGATIONS,
    TRICKS_CHOICES,
)

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
RANK_VALUES: dict[str, int] = {rank: 14 - index for index, rank in enumerate(RANKS)}
# Suit by suit (spades, hearts, diamonds, clubs), ace down to two: the picker's order.
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)

# A player holds at most one card per trick of the hand; a trick holds one card per player.
MAX_HAND = max(TRICKS_CHOICES)
MAX_TRICK = MAX_SEATED

# The obligation a card broke (Verdict.broken), in the order RULES.md lists them.
# Playing the wrong suit breaks the suit step; a card of the right suit that is too low, the
# "beat" step that goes with it.
FOLLOW_SUIT = "follow_suit"  # held the led suit, played another (a trump included)
BEAT_TRUMP = "beat_trump"  # trump lead: held a trump above the trick's, played a lower one
BEAT_WINNER = "beat_winner"  # beat_winner: could beat the card winning, played a lower one
BEAT_LED_SUIT = "beat_led_suit"  # beat_led_suit: could top the led suit, played a lower one
TRUMP = "trump"  # void in the led suit, held a trump, played another suit
OVER_TRUMP = "over_trump"  # void, held a trump above the trick's, played a lower trump
BROKEN_CODES = (FOLLOW_SUIT, BEAT_TRUMP, BEAT_WINNER, BEAT_LED_SUIT, TRUMP, OVER_TRUMP)


@dataclass(frozen=True)
class Card:
    """A parsed card: rank 2..14 (J 11, Q 12, K 13, A 14: ace high) and suit S H D C."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return RANKS[14 - self.rank] + self.suit


_CARDS: dict[str, Card] = {text: Card(RANK_VALUES[text[:-1]], text[-1]) for text in DECK}


def is_card(text: object) -> bool:
    """Whether ``text`` is a card exactly as this module writes one ("10H", not "10h")."""
    return isinstance(text, str) and text in _CARDS


def parse_card(text: object) -> Card:
    """``"10H"`` -> ``Card(rank=10, suit="H")``; anything else raises RulesError(CARD_UNKNOWN)."""
    if not is_card(text):
        raise RulesError([e.CARD_UNKNOWN(card=text)])
    return _CARDS[text]  # type: ignore[index]


@dataclass(frozen=True)
class Verdict:
    """How ``played`` stands against the obligations.

    ``broken`` is one of BROKEN_CODES, None when the card was legal. ``legal_cards`` are the
    cards of the hand that were allowed, in the hand's order. ``to_beat`` is the card a legal
    card had to beat (the card winning the trick, the led suit's highest or the trick's highest
    trump), or None when the player had nothing to beat or could not beat it.
    """

    legal: bool
    broken: str | None
    legal_cards: tuple[str, ...]
    to_beat: str | None = None


@dataclass(frozen=True)
class _Obligation:
    """What a player must do in one position: play one of ``suited`` (or break
    ``suited_code``) and, among those, one higher than ``to_beat`` (or break ``beat_code``).
    ``to_beat`` is None when nothing need be beaten, or nothing in ``suited`` can beat it."""

    suited: tuple[Card, ...]
    suited_code: str | None
    to_beat: Card | None
    beat_code: str | None

    def allows(self, card: Card) -> bool:
        return card in self.suited and (self.to_beat is None or card.rank > self.to_beat.rank)


def _winner(trick: tuple[Card, ...], trump: str) -> int:
    best = 0
    for index, card in enumerate(trick):
        current = trick[best]
        # The card now winning is of the led suit or a trump; another suit never wins.
        if (card.suit == current.suit and card.rank > current.rank) or (
            card.suit == trump != current.suit
        ):
            best = index
    return best


def _obligation(
    hand: tuple[Card, ...], trick: tuple[Card, ...], trump: str, obligation: str
) -> _Obligation:
    if not trick:
        return _Obligation(hand, None, None, None)  # the leader plays any card
    led = trick[0].suit
    trumps = [card for card in trick if card.suit == trump]
    top_trump = max(trumps, key=lambda card: card.rank, default=None)
    following = tuple(card for card in hand if card.suit == led)
    to_beat: Card | None = None
    beat_code: str | None = None
    if following:  # 1. follow suit
        suited, suited_code = following, FOLLOW_SUIT
        if led == trump:  # over-trump on a trump lead, whatever the house
            to_beat, beat_code = top_trump, BEAT_TRUMP
        elif obligation == PLAY_BEAT_WINNER:
            # Once trumped, no card of the led suit can win: any of them will do.
            if top_trump is None:
                to_beat, beat_code = trick[_winner(trick, trump)], BEAT_WINNER
        elif obligation == PLAY_BEAT_LED_SUIT:
            led_cards = [card for card in trick if card.suit == led]
            to_beat = max(led_cards, key=lambda card: card.rank)
            beat_code = BEAT_LED_SUIT
        # PLAY_NO_BEAT: any card of the led suit.
    else:
        held_trumps = tuple(card for card in hand if card.suit == trump)
        if held_trumps:  # 2. trump, higher than the trick's trumps if able
            suited, suited_code = held_trumps, TRUMP
            if obligation != PLAY_NO_BEAT:
                to_beat, beat_code = top_trump, OVER_TRUMP
        else:  # 3. any card
            suited, suited_code = hand, None
    if to_beat is not None and not any(card.rank > to_beat.rank for card in suited):
        to_beat, beat_code = None, None  # cannot beat it: any card of that suit will do
    return _Obligation(suited, suited_code, to_beat, beat_code)


def _card_list(
    value: object,
    *,
    not_a_list: Code,
    limit: int,
    too_many: Code,
    problems: list[Problem],
) -> tuple[str, ...] | None:
    """The cards in ``value`` (problems appended); None when it cannot be read as cards."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        problems.append(not_a_list(value=value))
        return None
    cards = tuple(value)
    if len(cards) > limit:
        # One problem, not one per card of a runaway list.
        problems.append(too_many(count=len(cards), limit=limit))
        return None
    problems.extend(e.CARD_UNKNOWN(card=card) for card in cards if not is_card(card))
    return cards


def _duplicates(hand: tuple[str, ...], trick: tuple[str, ...]) -> list[Problem]:
    in_hand = Counter(card for card in hand if is_card(card))
    in_trick = Counter(card for card in trick if is_card(card))
    problems: list[Problem] = []
    for card in dict.fromkeys((*in_hand, *in_trick)):
        if in_hand[card] > 1:
            problems.append(e.CARD_TWICE_IN_HAND(card=card))
        if in_trick[card] > 1:
            problems.append(e.CARD_TWICE_IN_TRICK(card=card))
        if in_hand[card] and in_trick[card]:
            problems.append(e.CARD_IN_HAND_AND_TRICK(card=card))
    return problems


def _trump_problems(trump: object) -> list[Problem]:
    if isinstance(trump, str) and trump in SUITS:
        return []
    return [e.TRUMP_INVALID(value=trump)]


_NOT_GIVEN = object()


def _read_position(
    hand: object, trick: object, trump: object, obligation: object, played: object = _NOT_GIVEN
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Check everything at once (one RulesError listing every problem); the parsed cards."""
    problems = _trump_problems(trump)
    if not isinstance(obligation, str) or obligation not in PLAY_OBLIGATIONS:
        problems.append(e.PLAY_OBLIGATION_INVALID(value=obligation))
    held = _card_list(
        hand,
        not_a_list=e.PLAY_HAND_NOT_A_LIST,
        limit=MAX_HAND,
        too_many=e.PLAY_HAND_TOO_LARGE,
        problems=problems,
    )
    if held == ():
        problems.append(e.PLAY_HAND_EMPTY())
    # Someone plays after the trick's cards, so at most MAX_TRICK - 1 are down already.
    played_so_far = _card_list(
        trick,
        not_a_list=e.TRICK_NOT_A_LIST,
        limit=MAX_TRICK - 1,
        too_many=e.TRICK_ALREADY_FULL,
        problems=problems,
    )
    problems.extend(_duplicates(held or (), played_so_far or ()))
    if played is not _NOT_GIVEN:
        if not is_card(played):
            problems.append(e.CARD_UNKNOWN(card=played))
        elif held is not None and played not in held:
            problems.append(e.PLAYED_NOT_IN_HAND(card=played))
    if problems:
        raise RulesError(problems)
    assert held is not None and played_so_far is not None
    return tuple(_CARDS[card] for card in held), tuple(_CARDS[card] for card in played_so_far)


def legal_cards(
    hand: Iterable[str], trick: Iterable[str], trump: str, obligation: str = PLAY_BEAT_WINNER
) -> list[str]:
    """The cards of ``hand`` its holder may play onto ``trick`` (the cards already played, in
    order; empty when leading), in the hand's order. Never empty.

    ``obligation`` is the house's ``play_obligation``. Raises RulesError listing every problem
    with the input.
    """
    held, played_so_far = _read_position(hand, trick, trump, obligation)
    rule = _obligation(held, played_so_far, trump, obligation)
    return [str(card) for card in held if rule.allows(card)]


def judge(
    hand: Iterable[str],
    trick: Iterable[str],
    played: str,
    trump: str,
    obligation: str = PLAY_BEAT_WINNER,
) -> Verdict:
    """Whether ``played`` (a card of ``hand``) was legal onto ``trick``, and if not which
    obligation it broke (the first one in RULES.md's order)."""
    held, played_so_far = _read_position(hand, trick, trump, obligation, played)
    rule = _obligation(held, played_so_far, trump, obligation)
    allowed = tuple(str(card) for card in held if rule.allows(card))
    to_beat = None if rule.to_beat is None else str(rule.to_beat)
    card = _CARDS[played]
    if rule.allows(card):
        return Verdict(True, None, allowed, to_beat)
    broken = rule.suited_code if card not in rule.suited else rule.beat_code
    return Verdict(False, broken, allowed, to_beat)


def trick_winner(trick: Iterable[str], trump: str) -> int:
    """The index in ``trick`` of the card winning it: the highest trump, else the highest card
    of the led suit. Raises RulesError listing every problem with the input."""
    problems = _trump_problems(trump)
    cards = _card_list(
        trick,
        not_a_list=e.TRICK_NOT_A_LIST,
        limit=MAX_TRICK,
        too_many=e.TRICK_TOO_LONG,
        problems=problems,
    )
    if cards == ():
        problems.append(e.TRICK_EMPTY())
    problems.extend(_duplicates((), cards or ()))
    if problems:
        raise RulesError(problems)
    assert cards is not None
    return _winner(tuple(_CARDS[card] for card in cards), trump)

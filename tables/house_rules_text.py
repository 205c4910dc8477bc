"""Tonight's house rules as the players read them: every money and play rule of a night's
snapshot in plain sentences, never a setting's name.

Presentation only: the sentences follow docs/rules.md ("House rules", "Settling one hand",
"Play obligations"); which rule applies is read from ``ledger.rules.HouseRules``.
"""

import dataclasses
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy, ngettext, npgettext, pgettext

from ledger import rules
from ledger.rules.house_rules import (
    LEFTOVER_SPLIT,
    PLAY_BEAT_LED_SUIT,
    PLAY_BEAT_WINNER,
    PLAY_NO_BEAT,
)
from tables import presenters

# One line per play_obligation, for a short summary (the table page, the referee's screen).
OBLIGATION_LINES = {
    PLAY_BEAT_WINNER: gettext_lazy("Play: beat the card winning the trick when you can."),
    PLAY_BEAT_LED_SUIT: gettext_lazy(
        "Play: beat the highest card of the suit led when you can, even once it is trumped."
    ),
    PLAY_NO_BEAT: gettext_lazy("Play: follow suit, else trump; no need to beat."),
}


@dataclass(frozen=True)
class RulesSection:
    title: str
    sentences: list[str]


def presets() -> list[rules.Preset]:
    """Every preset with its name and description in the active language. The engine, which
    has no Django, only marks them (``gettext_noop``); they are worded here, when shown."""
    return [
        dataclasses.replace(
            preset, label=gettext(preset.label), description=gettext(preset.description)
        )
        for preset in rules.PRESETS.values()
    ]


def obligation_line(house: rules.HouseRules) -> str:
    return str(OBLIGATION_LINES[house.play_obligation])


def house_rules_sections(house: rules.HouseRules) -> list[RulesSection]:
    """Every rule of ``house``, section by section, in the order a hand is played."""
    return [
        RulesSection(gettext("The deal"), _deal(house)),
        RulesSection(gettext("The ante"), _ante(house)),
        RulesSection(gettext("Winning the pot"), _winning(house)),
        RulesSection(gettext("Bourré and reneges"), _penalties(house)),
        RulesSection(gettext("The pot and the money"), _pot(house)),
        RulesSection(gettext("Playing the cards"), _play(house)),
    ]


def _deal(house: rules.HouseRules) -> list[str]:
    cards = house.tricks_per_hand
    return [
        npgettext(
            "hand played",
            "Each player dealt in gets %(cards)s card, so a hand is %(cards)s trick.",
            "Each player dealt in gets %(cards)s cards, so a hand is %(cards)s tricks.",
            cards,
        )
        % {"cards": cards},
        npgettext(
            "hand played",
            "At most %(players)s player is dealt into a hand.",
            "At most %(players)s players are dealt into a hand.",
            house.max_players,
        )
        % {"players": house.max_players},
        gettext("Trump is the suit of the card the dealer turns face up."),
        gettext("Once they have seen their cards, each player stays in or folds."),
    ]


def _ante(house: rules.HouseRules) -> list[str]:
    ante = house.ante
    sentences = [
        ngettext(
            "Each player dealt in puts %(ante)s chip in the pot.",
            "Each player dealt in puts %(ante)s chips in the pot.",
            ante,
        )
        % {"ante": ante}
    ]
    if house.escalating_ante:
        sentences.append(
            pgettext(
                "hand played",
                "The ante doubles after each hand nobody wins, and goes back to %(ante)s after "
                "a win.",
            )
            % {"ante": ante}
        )
    else:
        sentences.append(
            pgettext("hand played", "The ante stays the same after a hand nobody wins.")
        )
    if house.ante_exemptions:
        sentences.append(
            pgettext(
                "hand played",
                "A player who was bourré, or tied for the most tricks, in the last hand skips "
                "the next ante.",
            )
        )
    else:
        sentences.append(pgettext("hand played", "Everyone dealt in antes every hand."))
    return sentences


def _winning(house: rules.HouseRules) -> list[str]:
    least = house.min_tricks_to_win
    if least > 1:
        most_tricks = npgettext(
            "hand played",
            "When two or more stay, the one with the most tricks takes the pot if they took "
            "at least %(tricks)s trick; with fewer, or a tie for the most, nobody wins and the "
            "pot stays for the next hand.",
            "When two or more stay, the one with the most tricks takes the pot if they took "
            "at least %(tricks)s tricks; with fewer, or a tie for the most, nobody wins and the "
            "pot stays for the next hand.",
            least,
        ) % {"tricks": least}
    else:
        most_tricks = pgettext(
            "hand played",
            "When two or more stay, the one with the most tricks takes the pot; if two or more "
            "tie for the most, nobody wins and the pot stays for the next hand.",
        )
    if house.win_cap is None:
        cap = gettext(
            "The winner takes the whole pot as it stood before any bourré or renege paid in."
        )
    else:
        cap = npgettext(
            "hand played",
            "A winner takes at most %(cap)s chip; the rest stays in the pot for the next hand.",
            "A winner takes at most %(cap)s chips; the rest stays in the pot for the next hand.",
            house.win_cap,
        ) % {"cap": house.win_cap}
    return [
        gettext("A player who stays alone takes the pot without playing a card."),
        most_tricks,
        cap,
        pgettext("hand played", "When everyone folds, the pot stays for the next hand."),
    ]


def _penalties(house: rules.HouseRules) -> list[str]:
    if house.bourre_cap is None:
        pays = gettext("A bourré pays the pot: as many chips as it held before play.")
    else:
        pays = ngettext(
            "A bourré pays the pot, at most %(cap)s chip.",
            "A bourré pays the pot, at most %(cap)s chips.",
            house.bourre_cap,
        ) % {"cap": house.bourre_cap}
    return [
        gettext("A player who stays and takes no trick is bourré."),
        pays,
        gettext(
            "Each renege pays the same again, so a player who is bourré and reneged pays twice."
        ),
        pgettext("hand played", "What a bourré or a renege pays goes into the next hand's pot."),
    ]


def _pot(house: rules.HouseRules) -> list[str]:
    if house.pot_cap is None:
        cap = gettext("The pot has no limit.")
    else:
        cap = ngettext(
            "The pot holds at most %(cap)s chip: chips over it go back to whoever just paid them.",
            "The pot holds at most %(cap)s chips: chips over it go back to whoever just paid them.",
            house.pot_cap,
        ) % {"cap": house.pot_cap}
    if house.leftover_pot == LEFTOVER_SPLIT:
        leftover = pgettext(
            "hand played",
            "Chips still in the pot when the night ends are shared equally among the players "
            "of the last hand.",
        )
    else:
        leftover = gettext(
            "Chips still in the pot when the night ends go back to whoever paid them in."
        )
    worth = presenters.money(house.chip_value, house.currency)
    return [
        cap,
        leftover,
        gettext("One chip is worth %(money)s when the night is settled.") % {"money": worth},
    ]


def _play(house: rules.HouseRules) -> list[str]:
    sentences = [
        gettext(
            "The first player to stay to the dealer's left leads; the others play in turn, "
            "clockwise."
        ),
        gettext(
            "The highest trump wins the trick; without a trump, the highest card of the suit "
            "led wins. Aces are high."
        ),
        gettext("You must follow suit if you can."),
        gettext(
            "When trump is led, you must play a higher trump than any in the trick if you can."
        ),
    ]
    obligation = house.play_obligation
    if obligation == PLAY_BEAT_WINNER:
        sentences.append(
            gettext(
                "When another suit is led, you must beat the card winning the trick if you can; "
                "once the trick has been trumped, any card of the suit led will do."
            )
        )
    elif obligation == PLAY_BEAT_LED_SUIT:
        sentences += [
            gettext(
                "When another suit is led, you must play higher than the highest card of that "
                "suit in the trick if you can."
            ),
            gettext(
                "On a suit that has been trumped you must still beat the highest card of that "
                "suit if you can."
            ),
        ]
    else:
        sentences.append(
            gettext("When another suit is led, any card of that suit will do: you need not beat.")
        )
    if obligation == PLAY_NO_BEAT:
        sentences.append(
            gettext(
                "If you cannot follow suit, you must play a trump if you have one; any will do."
            )
        )
    else:
        sentences.append(
            gettext(
                "If you cannot follow suit, you must play a trump, higher than any trump in the "
                "trick if you can; if you cannot over-trump, you must still play a lower trump."
            )
        )
    sentences += [
        gettext("If you have neither, you may play any card."),
        gettext("Breaking any of these is a renege."),
    ]
    return sentences

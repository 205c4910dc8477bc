"""What the referee in the phone (static/js/rules.js, hand_check.js) is given with the hand
screen: the night's house rules and its state before the next hand and the roster, with
every hand (``referee_data``); every word it may say, in the host's language, once with the
page (``phone_texts``).

The words are the server's own: each problem's template as ``tables.problems`` translates
it, the bar's summary as ``tables.pages.hand_screen`` says it, a hand's outcome as
``tables.presenters.describe_hand`` writes it. tests/test_rules_shared.py checks that the
phone, given these, says what the server says, in every language.
"""

from functools import cache

from babel import numbers as babel_numbers
from django.conf import settings
from django.utils.translation import get_language, gettext, ngettext, pgettext

from ledger import errors as ledger_errors
from ledger import rules
from ledger.rules import errors as e
from ledger.selectors.hand_screen import HandScreen
from tables.forms import hand as hand_form
from tables.languages import babel_locale

# Every problem the phone's check can find: the referee's, the form's, the screen's.
CODES = (
    e.NIGHT_TOO_LONG,
    e.DEALER_NOT_ON_ROSTER,
    e.DEALER_NOT_SEATED,
    e.SEATED_NOT_ON_ROSTER,
    e.SEATED_TWICE,
    e.HAND_TOO_FEW_SEATED,
    e.HAND_TOO_MANY_SEATED,
    e.HAND_TOO_MANY_CARDS,
    e.STAYER_NOT_ON_ROSTER,
    e.STAYER_NOT_SEATED,
    e.TRICKS_MISSING,
    e.TRICKS_NOT_WHOLE_NUMBER,
    e.TRICKS_NEGATIVE,
    e.TRICKS_OVER,
    e.TRICKS_DO_NOT_ADD_UP,
    e.RENEGER_NOT_ON_ROSTER,
    e.RENEGE_WITHOUT_STAYING,
    e.RENEGED_TOO_OFTEN,
    e.RENEGE_TOO_FEW_STAYERS,
    hand_form.DEALER_MISSING,
    hand_form.TRICKS_FOR_FOLDED,
    hand_form.RENEGE_NOT_A_COUNT,
    hand_form.RENEGE_TOO_MANY,
    ledger_errors.HAND_ALREADY_RECORDED,
)


def referee_data(screen: HandScreen) -> dict:
    """The night as the phone's referee settles its next hand: what the server's live
    check reads (``screen.house``, ``screen.state``), as JSON."""
    state = rules.state_to_json(screen.state)
    state["balances"] = {str(p): chips for p, chips in screen.state.balances.items()}
    return {
        "rules": screen.house.to_dict(),
        "state": state,
        "number": screen.next.number,
        "people": [{"id": p.id, "position": p.position, "active": p.active} for p in screen.roster],
        "names": {str(p.id): p.name for p in screen.roster},
    }


def phone_texts() -> dict:
    """Every word of the phone's referee, in the active language."""
    return _texts(get_language() or settings.LANGUAGE_CODE)


@cache
def _texts(language: str) -> dict:
    # Keyed by language: gettext reads the active one, which is ``language`` here.
    del language
    locale = babel_locale()
    group = babel_numbers.get_group_symbol(locale)
    grouped_at_four = group in babel_numbers.format_decimal(1234, format="#,##0", locale=locale)
    return {
        "problems": {code.code: gettext(code.template) for code in CODES},
        "playerShown": gettext("player #%(number)s"),
        # Translators: between the items of a list, but the last two: "Ann, Bob and Cy".
        "separator": gettext(", "),
        # Translators: the last two items of a list ("Ann, Bob and Cy"); items holds the others.
        "and": gettext("%(items)s and %(last)s"),
        "group": group,
        "minimumGrouping": 1 if grouped_at_four else 2,
        # Whether 0 takes the singular (French, Brazilian Portuguese): the catalogs' rule.
        "pluralAboveOne": _zero_is_singular(),
        "summary": {
            "misdeal": gettext("Misdeal: %(dealer)s deals again."),
            "misdealDealer": gettext("Misdeal: the dealer deals again."),
            "nobody": gettext("Nobody stays: the pot carries over."),
            "reneged": gettext("%(player)s reneged: tap the others who stayed, and the tricks."),
            "alone": gettext("%(player)s stays alone and takes the pot."),
            # Translators: the tricks entered so far against the tricks a hand has ("Tricks
            # 3 of 5").
            "tricks": gettext("Tricks %(total)s of %(tricks)s"),
        },
        "bourreNote": gettext("%(player)s stays with no tricks: bourré."),
        "help": {
            "ready": gettext("Ready to record."),
            "asks": gettext("Record asks again first."),
            "misdeal": gettext("A misdeal moves no chips. Record it?"),
            "nobody": gettext("Nobody stayed? The pot carries over."),
        },
        "hand": _hand_words(),
        # Said in the bar at once, with what the hand does, while the server records it.
        "recording": pgettext("hand played", "Recording hand %(number)s…"),
        "notRecorded": pgettext("hand played", "Hand %(number)s was not recorded."),
    }


def _zero_is_singular() -> bool:
    # A plural message every catalog translates, asked for 0 and for 1.
    return _reneged_times(0) == _reneged_times(1)


def _reneged_times(count: int) -> str:
    return ngettext(
        "%(player)s reneged %(count)s time: pays %(amount)s.",
        "%(player)s reneged %(count)s times: pays %(amount)s.",
        count,
    )


def _forms(plural) -> list[str]:
    """A plural message's two forms in the active language: for one, and for more."""
    return [plural(1), plural(2)]


def _hand_words() -> dict:
    """presenters.describe_hand's sentences."""
    return {
        "misdeal": gettext("Misdeal: %(dealer)s deals again."),
        "anteCapped": gettext("The pot is capped: %(amounts)s back from the antes."),
        "nobody": gettext("Nobody stays: the pot of %(pot)s carries over."),
        "alone": gettext("%(winner)s stays alone and takes %(amount)s."),
        "penaltyCapped": gettext("The pot is capped: %(amounts)s back from the payments."),
        "bourreOne": gettext("%(player)s is bourré: pays %(amount)s into the next pot."),
        "bourreSame": gettext("%(players)s are bourré: each pays %(amount)s into the next pot."),
        "bourreMany": gettext("Bourré: %(amounts)s into the next pot."),
        "reneged1": gettext("%(player)s reneged: pays %(amount)s."),
        "reneged2": gettext("%(player)s reneged twice: pays %(amount)s."),
        "reneged3": gettext("%(player)s reneged three times: pays %(amount)s."),
        "renegedMany": _forms(_reneged_times),
        "winsSome": _forms(
            lambda n: ngettext(
                "%(winner)s wins %(amount)s; %(left)s stays in the pot.",
                "%(winner)s wins %(amount)s; %(left)s stay in the pot.",
                n,
            )
        ),
        "wins": gettext("%(winner)s wins %(amount)s."),
        "tie": _forms(
            lambda n: ngettext(
                "Nobody wins (%(players)s tie on %(tricks)s trick): the pot of %(pot)s carries "
                "over.",
                "Nobody wins (%(players)s tie on %(tricks)s tricks): the pot of %(pot)s carries "
                "over.",
                n,
            )
        ),
        "tooFew": _forms(
            lambda n: ngettext(
                "Nobody wins (%(player)s's %(tricks)s trick is too few to win): the pot of %(pot)s "
                "carries over.",
                "Nobody wins (%(player)s's %(tricks)s tricks are too few to win): the pot of "
                "%(pot)s carries over.",
                n,
            )
        ),
    }

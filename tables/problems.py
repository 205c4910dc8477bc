"""Problems as the host reads them.

The rules engine, the services and the forms report problems as codes with parameters
(``ledger.rules.Problem``), players as their keys. This is the one place where they
become sentences: each template translated into the active language (each is marked for
``makemessages`` where it is defined, with ``gettext_noop``), each player shown by their
current name, so a rename shows at once, and each count the template groups (``{count:,}``)
grouped as the active language groups digits (1,234 / 1 234 / 1.234).
"""

from collections.abc import Iterable, Mapping
from dataclasses import replace
from decimal import Decimal

from django.utils.translation import gettext

from ledger import rules
from ledger.rules.errors import PLAYER_PARAMS
from tables.presenters import money, player_shown, whole


class _Count(int):
    """A whole number parameter: ``{count:,}`` groups it the active language's way
    (str.format's "," always writes an English comma); any other format is int's."""

    def __format__(self, spec: str) -> str:
        return whole(int(self)) if spec == "," else super().__format__(spec)


# Parameters that are an amount of money in the problem's ``currency`` (what is still
# open of a transfer), written as the active language writes money. Other Decimals (a
# chip value being refused, say) are shown as given.
MONEY_PARAMS = frozenset({"open"})


class _Money(str):
    """A money parameter, already written out."""


def _counts(params: Mapping) -> dict:
    currency = params.get("currency")
    return {
        name: _Money(money(value, currency))
        if name in MONEY_PARAMS and isinstance(value, Decimal) and isinstance(currency, str)
        else _Count(value)
        if _is_count(name, value)
        else value
        for name, value in params.items()
    }


def _is_count(name: str, value: object) -> bool:
    # A player's key is a name to look up, not a count.
    return isinstance(value, int) and not isinstance(value, bool) and name not in PLAYER_PARAMS


def sentences(problems: Iterable[rules.Problem], names: Mapping[int, str]) -> list[str]:
    """Each problem as a sentence in the active language, players named from ``names``
    (player id -> current name). A key not in it — a night file's name, an id a forged
    form made up — is shown as ``player_shown`` shows it ("player #12")."""

    def name_of(key: object) -> str:
        # A bool is no one's key (True == 1); an unhashable value cannot be looked up.
        if isinstance(key, bool):
            return player_shown(key)
        try:
            name = names.get(key)  # type: ignore[call-overload]
        except TypeError:
            name = None
        return player_shown(key) if name is None else name

    return [_sentence(problem, name_of) for problem in problems]


def _sentence(problem: rules.Problem, name_of) -> str:
    problem = replace(problem, params=_counts(problem.params))
    try:
        # The template and any parameter that holds words, in the active language.
        return rules.describe(problem, name_of=name_of, translate=gettext)
    except (KeyError, IndexError, ValueError):
        # A translation whose placeholders differ from the English one (the catalog
        # tests refuse it) shows the English sentence rather than an error page.
        return rules.describe(problem, name_of=name_of)


def sentence(problem: rules.Problem, names: Mapping[int, str] | None = None) -> str:
    """One problem as a sentence (see ``sentences``)."""
    return sentences([problem], names or {})[0]

"""Problems as the host reads them.

The rules engine, the services and the forms report problems as codes with parameters
(``ledger.rules.Problem``), players as their keys. This is the one place where they
become sentences: each template translated into the active language (each is marked for
``makemessages`` where it is defined), each player shown by their current name, so a
rename shows at once.
"""

from collections.abc import Iterable, Mapping
from dataclasses import replace

from django.utils.translation import gettext

from ledger import rules
from ledger.errors import key_shown


def sentences(problems: Iterable[rules.Problem], names: Mapping[int, str]) -> list[str]:
    """Each problem as a sentence in the active language, players named from ``names``
    (player id -> current name). A key not in it — a night file's name, an id a forged
    form made up — is shown as the ledger shows it (``key_shown``)."""

    def name_of(key: object) -> str:
        # A bool is no one's key (True == 1); an unhashable value cannot be looked up.
        if isinstance(key, bool):
            return key_shown(key)
        try:
            name = names.get(key)  # type: ignore[call-overload]
        except TypeError:
            name = None
        return key_shown(key) if name is None else name

    return [
        rules.describe(replace(problem, template=gettext(problem.template)), name_of=name_of)
        for problem in problems
    ]


def sentence(problem: rules.Problem, names: Mapping[int, str] | None = None) -> str:
    """One problem as a sentence (see ``sentences``)."""
    return sentences([problem], names or {})[0]

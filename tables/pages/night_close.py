"""Closing a night: tonight's balances, and while chips are left in the pot, what each way
of handing it back would give whom (or why it cannot close the night)."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from ledger import rules
from ledger.selectors.night_end import CloseScreen, LeftoverChoice
from tables import presenters
from tables.night_links import links
from tables.problems import sentences
from tables.responses import Page

TEMPLATE = "nights/close.html"

POLICY_HELP = {
    rules.LEFTOVER_REFUND: gettext_lazy("Refund: everyone gets back their own share of the pot."),
    rules.LEFTOVER_SPLIT: pgettext_lazy(
        "hand played",
        "Split: the pot is shared equally among the players of the last hand; "
        "odd chips from the dealer's left.",
    ),
}


def night_close_page(screen: CloseScreen, *, policy: str = "") -> Page:
    """``policy``: the one the host chose, if a refused close posted one."""
    default = screen.house.leftover_pot
    return Page(
        TEMPLATE,
        {
            "night": screen.night,
            "standings": screen.standings,
            "pot": screen.standings.pot,
            "policy": policy or default,
            "default_policy": default,
            "policies": [
                (value, help_text, _effect(screen.choices[value], screen.names))
                for value, help_text in POLICY_HELP.items()
                if screen.choices
            ],
            "links": links(screen.night),
        },
    )


def _effect(choice: LeftoverChoice, names: dict[int, str]) -> str:
    """Who would get what back, or why this way cannot close the night."""
    if choice.problems:
        return " ".join(sentences(choice.problems, names))
    return presenters.join_names(
        [f"{player.name} {presenters.whole(chips)}" for player, chips in choice.back]
    )

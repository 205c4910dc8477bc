"""``{% seat_choices pid choice trick_counts %}``: one seated player's row of choices on the
hand screen — Fold, Stay (only when the hand holds a stayer without a count), and each
trick count — as radio buttons.

Written out here rather than in templates/nights/_seat.html because the screen renders it
for every player on every hand: as template markup it was most of the screen's rendering
(seven labels a player, each with its own variables), and the hand screen is what the
host waits for after every Record. The markup is the same the template wrote.
"""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import pgettext

register = template.Library()

CHOICE = (
    '<label class="choice {}"><input type="radio" name="play_{}" value="{}"{}>'
    "<span>{}</span></label>"
)
COUNT = (
    '<label class="choice count{}"><input type="radio" name="play_{}" value="{}"{}>'
    '<span aria-hidden="true">{}</span><span class="sr-only">{}</span></label>'
)


def _checked(choice: str, value: str) -> str:
    return " checked" if choice == value else ""


@register.simple_tag
def seat_choices(pid: str, choice: str, trick_counts) -> SafeString:
    """``trick_counts``: the screen's ``TrickCount`` list (value and spoken label)."""
    rows = [
        format_html(
            CHOICE, "fold", pid, "fold", _checked(choice, "fold"), pgettext("stay or fold", "Fold")
        )
    ]
    if choice == "stay":
        rows.append(
            format_html(CHOICE, "stay", pid, "stay", " checked", pgettext("stay or fold", "Stay"))
        )
    rows.append(
        format_html_join(
            "\n",
            COUNT,
            (
                (
                    " zero" if count.value == "0" else "",
                    pid,
                    count.value,
                    _checked(choice, count.value),
                    count.value,
                    count.label,
                )
                for count in trick_counts
            ),
        )
    )
    return SafeString("\n".join(rows))

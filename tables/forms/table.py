"""A table's name, its players' language and its house rules, as the create and edit
pages post them.

The form validates nothing itself: HouseRules.from_dict does, each problem
carrying the setting as its ``key``, and ``add_service_errors`` puts each under its field.
"""

import re
from collections.abc import Iterable

from django import forms
from django.conf import settings
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from ledger import names, rules
from ledger.services import tables as table_services
from tables.problems import sentence

TABLE_LANGUAGE_HELP = gettext_lazy(
    "What your players read without an account (the live link, the settle-up text). "
    "Each of them can still switch."
)

# The settings' keys are the night file's (machine words); their labels are translated.
RULE_LABELS = {
    "ante": gettext_lazy("Ante (chips)"),
    "tricks_per_hand": pgettext_lazy("hand of cards", "Cards per hand"),
    "max_players": pgettext_lazy("hand played", "Most players in a hand"),
    "min_tricks_to_win": gettext_lazy("Tricks needed to win"),
    "escalating_ante": gettext_lazy("Escalating ante"),
    "bourre_cap": gettext_lazy("Bourré cap (chips)"),
    "win_cap": gettext_lazy("Win cap (chips)"),
    "pot_cap": gettext_lazy("Pot cap (chips)"),
    "ante_exemptions": gettext_lazy("Ante exemptions"),
    "leftover_pot": gettext_lazy("Pot left at closing"),
    "chip_value": gettext_lazy("Chip value"),
    "currency": gettext_lazy("Currency"),
    "play_obligation": gettext_lazy("Beating on a trick"),
}
NO_CAP = gettext_lazy("No cap")
YES_NO_RULES = ("escalating_ante", "ante_exemptions")
CAP_RULES = ("bourre_cap", "win_cap", "pot_cap")
WHOLE_RULES = ("ante", "tricks_per_hand", "max_players", "min_tricks_to_win", *CAP_RULES)
# The problems with a table's name, shown under the name field.
_NAME_CODES = {
    code.code
    for code in (
        names.TABLE_NAME_REQUIRED,
        names.TABLE_NAME_TOO_LONG,
        names.NAME_HIDDEN_CHARACTER,
        table_services.TABLE_NAME_TAKEN,
    )
}
# At most 18 digits: int() refuses over 4,300 (a 500); longer stays text for the rules to name.
_WHOLE = re.compile(r"-?\d{1,18}")


def _number(attrs: dict | None = None) -> forms.NumberInput:
    return forms.NumberInput(attrs={"inputmode": "numeric", "min": 1, **(attrs or {})})


class TableForm(forms.Form):
    """A table's name and house rules, every field as typed (the service checks them)."""

    name = forms.CharField(
        label=gettext_lazy("Table name"),
        required=False,
        widget=forms.TextInput(attrs={"maxlength": names.TABLE_NAME_MAX, "autocomplete": "off"}),
    )
    language = forms.ChoiceField(
        label=gettext_lazy("Language for the players"),
        required=False,
        # Each language is named in its own words (settings.LANGUAGES), never translated.
        choices=[("", gettext_lazy("Mine (the host's)")), *settings.LANGUAGES],
        help_text=TABLE_LANGUAGE_HELP,
    )
    preset = forms.ChoiceField(
        label=gettext_lazy("Start from a preset"),
        required=False,
        # The presets' names are marked where they are defined (ledger.rules).
        choices=[(slug, gettext_lazy(preset.label)) for slug, preset in rules.PRESETS.items()],
        widget=forms.RadioSelect,
    )
    ante = forms.CharField(required=False, widget=_number())
    tricks_per_hand = forms.CharField(
        required=False,
        widget=forms.Select(
            choices=[
                ("5", gettext_lazy("5: classic Bourré")),
                ("7", gettext_lazy("7: seven-card Bourré")),
            ]
        ),
    )
    max_players = forms.CharField(
        required=False, widget=forms.Select(choices=[(str(n), str(n)) for n in range(2, 9)])
    )
    min_tricks_to_win = forms.CharField(
        required=False, widget=forms.Select(choices=[(str(n), str(n)) for n in range(1, 8)])
    )
    escalating_ante = forms.BooleanField(required=False)
    bourre_cap = forms.CharField(required=False, widget=_number({"placeholder": NO_CAP}))
    win_cap = forms.CharField(required=False, widget=_number({"placeholder": NO_CAP}))
    pot_cap = forms.CharField(required=False, widget=_number({"placeholder": NO_CAP}))
    ante_exemptions = forms.BooleanField(required=False)
    leftover_pot = forms.CharField(
        required=False,
        widget=forms.Select(
            choices=[
                (rules.LEFTOVER_REFUND, gettext_lazy("Refund it to who paid it in")),
                (
                    rules.LEFTOVER_SPLIT,
                    pgettext_lazy("hand played", "Split it among the last hand's players"),
                ),
            ]
        ),
    )
    chip_value = forms.CharField(
        required=False, widget=forms.TextInput(attrs={"inputmode": "decimal", "maxlength": 12})
    )
    currency = forms.CharField(
        required=False,
        widget=forms.TextInput(
            attrs={"maxlength": 3, "autocapitalize": "characters", "autocomplete": "off"}
        ),
    )

    play_obligation = forms.CharField(
        required=False,
        widget=forms.Select(
            choices=[
                (
                    rules.PLAY_BEAT_WINNER,
                    gettext_lazy("Beat the card winning the trick, if you can"),
                ),
                (
                    rules.PLAY_BEAT_LED_SUIT,
                    gettext_lazy("Beat the led suit's highest card, even after a trump"),
                ),
                (rules.PLAY_NO_BEAT, gettext_lazy("No obligation to beat: follow suit or trump")),
            ]
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for key, label in RULE_LABELS.items():
            self.fields[key].label = label
            # Marked where they are defined (ledger.rules), translated here.
            self.fields[key].help_text = gettext(rules.RULE_HELP[key])

    @staticmethod
    def initial_for(house: rules.HouseRules, **extra) -> dict:
        data = house.to_dict()
        for key in CAP_RULES:
            data[key] = "" if data[key] is None else data[key]
        return {**data, **extra}

    @classmethod
    def with_preset(
        cls, slug: str, *, name: str = "", ante: str = "", language: str = ""
    ) -> "TableForm":
        """An unbound form filled with a preset; its caps scale with the ante already typed."""
        preset = rules.PRESETS.get(slug) or rules.PRESETS["louisiana"]
        house = preset.rules
        if _WHOLE.fullmatch(ante.strip()) and int(ante) >= 1:
            house = preset.for_ante(int(ante))
        return cls(initial=cls.initial_for(house, name=name, preset=preset.slug, language=language))

    def rule_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        return [
            (title, [self[key] for key in keys])
            for title, keys in (
                (
                    gettext("The game"),
                    ("ante", "tricks_per_hand", "max_players", "min_tricks_to_win"),
                ),
                (
                    gettext("Variants and caps"),
                    ("escalating_ante", "ante_exemptions", *CAP_RULES, "leftover_pot"),
                ),
                (gettext("Money"), ("chip_value", "currency")),
                (gettext("Playing the cards"), ("play_obligation",)),
            )
        ]

    def house_rules(self) -> dict:
        """The rules as the night file spells them: whole numbers as ints where they are
        whole, so the rules engine can name anything else."""
        data = self.cleaned_data
        result: dict = {}
        for key in RULE_LABELS:
            value = data.get(key)
            if key in YES_NO_RULES:
                result[key] = bool(value)
                continue
            value = (value or "").strip()
            if key in CAP_RULES and not value:
                value = None
            elif key in WHOLE_RULES and _WHOLE.fullmatch(value):
                value = int(value)
            elif key == "currency":
                value = value.upper()
            result[key] = value
        return result

    def add_service_errors(self, problems: Iterable[rules.Problem]) -> None:
        """Each problem under its field: a house rule's by the setting it names (its
        ``key``), the name's under the name; anything else above the form."""
        for problem in problems:
            field = problem.params.get("key")
            if not isinstance(field, str) or field not in RULE_LABELS:
                field = "name" if problem.code in _NAME_CODES else None
            self.add_error(field, sentence(problem))

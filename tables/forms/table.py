"""A table's name, its players' language and its house rules, as the create and edit
pages post them.

The numbers are read as the host's language writes them and bounded here, each refusal
under its field (tables.forms.localized_numbers), and the currency is one of the list.
The rules' other checks are HouseRules.from_dict's, each problem carrying the setting as
its ``key``, and ``add_service_errors`` puts each under its field.
"""

from collections.abc import Iterable

from babel import numbers as babel_numbers
from django import forms
from django.conf import settings
from django.utils.translation import (
    get_language,
    gettext,
    gettext_lazy,
    ngettext,
    pgettext,
    pgettext_lazy,
)

from ledger import languages, names, rules
from ledger.errors import InvalidInput
from ledger.rules.house_rules import (
    DECK_SIZE,
    MAX_CHIPS_SETTING,
    MAX_SEATED,
    MIN_SEATED,
    TRICKS_CHOICES,
    is_currency_code,
)
from ledger.rules.money import decimal_places
from ledger.services import tables as table_services
from tables.forms.localized_numbers import LocalizedDecimalField, LocalizedWholeField
from tables.languages import babel_locale
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


def _chips(*, required: bool = True, placeholder: str = "") -> LocalizedWholeField:
    """An ante or a cap: a whole number of chips, 1 to MAX_CHIPS_SETTING."""
    attrs = {"placeholder": placeholder} if placeholder else {}
    return LocalizedWholeField(
        min_value=1,
        max_value=MAX_CHIPS_SETTING,
        required=required,
        widget=forms.TextInput(attrs=attrs),
    )


def currency_choices(current: str = "") -> list[tuple[str, str]]:
    """The currencies a table may be in, each named in the active language ("svensk
    krona (SEK)"), ``current`` among them even when it is not on the list (a night file's)."""
    locale = babel_locale()
    codes = [*rules.CURRENCIES]
    if is_currency_code(current) and current not in codes:
        codes.append(current)
    named = [(code, babel_numbers.get_currency_name(code, locale=locale)) for code in codes]
    return [
        (code, f"{name} ({code})") for code, name in sorted(named, key=lambda c: c[1].casefold())
    ]


def default_currency() -> str:
    """A new table's currency: the one of the host's language."""
    return languages.language_currency(get_language() or settings.LANGUAGE_CODE)


class CurrencyField(forms.ChoiceField):
    """One of the currencies offered; a code typed in lower case is read as the code."""

    def to_python(self, value) -> str:
        return super().to_python(value).strip().upper()


def too_many_cards(players: int, cards: int) -> str:
    return gettext(
        "%(players)s players with %(cards)s cards each need %(needed)s cards: a deck has 52."
    ) % {"players": players, "cards": cards, "needed": players * cards}


def too_few_tricks(tricks: int) -> str:
    return pgettext("hand played", "At most %(tricks)s: a hand has only %(tricks)s tricks.") % {
        "tricks": tricks
    }


def chip_value_too_precise(currency: str) -> str:
    places = rules.currency_places(currency)
    if not places:
        return gettext("Type a whole amount: %(currency)s has no smaller unit.") % {
            "currency": currency
        }
    return ngettext(
        "Type at most %(places)s decimal place: %(currency)s has no smaller unit.",
        "Type at most %(places)s decimal places: %(currency)s has no smaller unit.",
        places,
    ) % {"places": places, "currency": currency}


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
    debt_reminders = forms.BooleanField(
        label=gettext_lazy("Remind the players of what they owe"),
        required=False,
        initial=True,
        help_text=gettext_lazy(
            "Players with an account get a message three days after a night they still owe "
            "for, then once a week until it is marked paid."
        ),
    )
    preset = forms.ChoiceField(
        label=gettext_lazy("Start from a preset"),
        required=False,
        # The presets' names are marked where they are defined (ledger.rules).
        choices=[(slug, gettext_lazy(preset.label)) for slug, preset in rules.PRESETS.items()],
        widget=forms.RadioSelect,
    )
    ante = _chips()
    # The choices a host has: anything else is a forged form, refused as Django words it.
    tricks_per_hand = forms.TypedChoiceField(
        coerce=int,
        choices=[
            (5, gettext_lazy("5: classic Bourré")),
            (7, gettext_lazy("7: seven-card Bourré")),
        ],
    )
    max_players = forms.TypedChoiceField(
        coerce=int, choices=[(n, str(n)) for n in range(MIN_SEATED, MAX_SEATED + 1)]
    )
    min_tricks_to_win = forms.TypedChoiceField(
        coerce=int, choices=[(n, str(n)) for n in range(1, max(TRICKS_CHOICES) + 1)]
    )
    escalating_ante = forms.BooleanField(required=False)
    bourre_cap = _chips(required=False, placeholder=NO_CAP)
    win_cap = _chips(required=False, placeholder=NO_CAP)
    pot_cap = _chips(required=False, placeholder=NO_CAP)
    ante_exemptions = forms.BooleanField(required=False)
    leftover_pot = forms.ChoiceField(
        choices=[
            (rules.LEFTOVER_REFUND, gettext_lazy("Refund it to who paid it in")),
            (
                rules.LEFTOVER_SPLIT,
                pgettext_lazy("hand played", "Split it among the last hand's players"),
            ),
        ]
    )
    # More than nothing; at most a currency's most places (3), the currency's own in clean().
    chip_value = LocalizedDecimalField(
        min_value=0, min_exclusive=True, max_value=rules.MAX_CHIP_VALUE, places=3
    )
    currency = CurrencyField()

    play_obligation = forms.ChoiceField(
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
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for key, label in RULE_LABELS.items():
            self.fields[key].label = label
            # Marked where they are defined (ledger.rules), translated here.
            self.fields[key].help_text = gettext(rules.RULE_HELP[key])
        # A table already in a currency off the list (from a night file) keeps it.
        self.fields["currency"].choices = currency_choices(str(self.initial.get("currency", "")))

    @staticmethod
    def initial_for(house: rules.HouseRules, **extra) -> dict:
        data = house.to_dict()
        # The numbers themselves: the fields write them as the language does.
        data["chip_value"] = house.chip_value
        for key in CAP_RULES:
            data[key] = "" if data[key] is None else data[key]
        return {**data, **extra}

    @classmethod
    def with_preset(
        cls,
        slug: str,
        *,
        name: str = "",
        ante: str = "",
        language: str = "",
        currency: str = "",
        debt_reminders: bool = True,
    ) -> "TableForm":
        """An unbound form filled with a preset; its caps scale with the ante already typed,
        in the currency already chosen (else the host's language's), unless the preset has
        its own."""
        preset = rules.PRESETS.get(slug) or rules.PRESETS["louisiana"]
        typed = LocalizedWholeField(min_value=1, max_value=MAX_CHIPS_SETTING)
        try:
            whole_ante = typed.clean(ante)
        except forms.ValidationError:
            whole_ante = None
        currency = currency.strip().upper()
        if currency not in rules.CURRENCIES:
            currency = default_currency()
        house = preset.house_rules(currency=currency, ante=whole_ante)
        return cls(
            initial=cls.initial_for(
                house,
                name=name,
                preset=preset.slug,
                language=language,
                debt_reminders=debt_reminders,
            )
        )

    def clean_name(self) -> str:
        # Checked here too, so a bad name is said with the other settings' problems
        # at once; the service checks it again, and whether the host has one already.
        name = self.cleaned_data.get("name", "")
        try:
            names.name_clean(name, names.TABLE)
        except InvalidInput as error:
            raise forms.ValidationError([sentence(p) for p in error.problems]) from None
        return name

    def clean(self) -> dict:
        """What one setting's field cannot say alone, said in the host's words (the rules
        engine checks it again, in the night file's)."""
        data = super().clean()
        value, currency = data.get("chip_value"), data.get("currency")
        if (
            value is not None
            and currency
            and decimal_places(value) > rules.currency_places(currency)
        ):
            self.add_error("chip_value", chip_value_too_precise(currency))
        cards, players = data.get("tricks_per_hand"), data.get("max_players")
        if cards and players and cards * players > DECK_SIZE:
            self.add_error("max_players", too_many_cards(players, cards))
        least = data.get("min_tricks_to_win")
        if cards and least and least > cards:
            self.add_error("min_tricks_to_win", too_few_tricks(cards))
        return data

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
        """The rules as the night file spells them, as the fields read them: ints, a
        Decimal chip value, None for no cap."""
        data = self.cleaned_data
        return {
            key: bool(data.get(key)) if key in YES_NO_RULES else data.get(key)
            for key in RULE_LABELS
        }

    def add_service_errors(self, problems: Iterable[rules.Problem]) -> None:
        """Each problem under its field: a house rule's by the setting it names (its
        ``key``), the name's under the name; anything else above the form."""
        for problem in problems:
            field = problem.params.get("key")
            if not isinstance(field, str) or field not in RULE_LABELS:
                field = "name" if problem.code in _NAME_CODES else None
            self.add_error(field, sentence(problem))

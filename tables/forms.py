"""Forms collect the host's input; the services decide whether it is allowed.

The house-rules form validates nothing itself: HouseRules.from_dict does, each problem
carrying the setting as its ``key``, and ``add_service_errors`` puts each under its field.
"""

import re
from collections.abc import Iterable, Mapping, Sequence

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from ledger import names, rules
from ledger.models import Player, Seat
from ledger.services import tables as table_services
from tables.problems import sentence, sentences

SIGNUP_EMAIL_HELP = gettext_lazy("Only for resetting your password if you forget it.")
FIRST_DEALER_REQUIRED = gettext_lazy("Choose who deals first.")
SEAT_CHOSEN_TWICE = gettext_lazy(
    "%(first)s and %(second)s both have seat %(seat)s: give each player their own seat."
)
JOIN_PICK_ONE = gettext_lazy("Pick a player, or type the name of someone new.")
JOIN_NOT_BOTH = gettext_lazy("Pick a player or type a new name, not both.")
JOIN_SEAT_REQUIRED = gettext_lazy("Choose where they sit.")
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


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=gettext_lazy("Email"), help_text=SIGNUP_EMAIL_HELP)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


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


class PlayerNameForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        required=False,
        widget=forms.TextInput(attrs={"maxlength": names.PLAYER_NAME_MAX, "autocomplete": "off"}),
    )

    def add_service_errors(self, problems: Iterable[rules.Problem]) -> None:
        for message in sentences(problems, {}):
            self.add_error("name", message)


class NightStartForm(forms.Form):
    """Who plays, in which seat (blank = not playing), and who deals first."""

    first_dealer = forms.ChoiceField(label=gettext_lazy("First dealer"), required=False)

    def __init__(self, *args, players: Sequence[Player], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        seats = [("", gettext("Not playing"))] + [
            (str(n), gettext("Seat %(number)s") % {"number": n})
            for n in range(1, len(self.players) + 1)
        ]
        for player in self.players:
            self.fields[self.seat_key(player)] = forms.ChoiceField(
                label=player.name, required=False, choices=seats
            )
        self.fields["first_dealer"].choices = [("", gettext("Choose the first dealer"))] + [
            (str(p.pk), p.name) for p in self.players
        ]

    @staticmethod
    def seat_key(player: Player) -> str:
        return f"seat_{player.pk}"

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[self.seat_key(p)] for p in self.players]

    def seating(self) -> list[Player]:
        """The players given a seat, in seat order, as the page shows them (bound or not;
        a seat that is not a number is left out, as a clash keeps its first player)."""
        values = self.data if self.is_bound else self.initial
        seats: dict[int, Player] = {}
        for player in self.players:
            seat = str(values.get(self.seat_key(player)) or "")
            if seat.isascii() and seat.isdecimal() and len(seat) <= 3:
                seats.setdefault(int(seat), player)
        return [seats[n] for n in sorted(seats)]

    def unseated(self) -> list[Player]:
        """The players still to tap, in the page's order."""
        seated = set(self.seating())
        return [player for player in self.players if player not in seated]

    def first_dealer_id(self) -> str:
        values = self.data if self.is_bound else self.initial
        return str(values.get("first_dealer") or "")

    def seating_after(self, action: str, player_id: str) -> dict[str, str]:
        """The page's seats and first dealer after one tap: ``add`` seats a player next,
        ``remove`` takes one out (the seats after move up), ``clear`` empties them all."""
        order = self.seating()
        if action == "add":
            order += [p for p in self.players if str(p.pk) == player_id and p not in order]
        elif action == "remove":
            order = [p for p in order if str(p.pk) != player_id]
        elif action == "clear":
            order = []
        seated = {str(p.pk) for p in order}
        dealer = self.first_dealer_id()
        values = {self.seat_key(p): str(n) for n, p in enumerate(order, start=1)}
        values["first_dealer"] = dealer if dealer in seated else ""
        return values

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("first_dealer"):
            self.add_error("first_dealer", FIRST_DEALER_REQUIRED)
        taken: dict[int, Player] = {}
        for player in self.players:
            seat = data.get(self.seat_key(player))
            if not seat:
                continue
            seat = int(seat)
            if seat in taken:
                self.add_error(
                    self.seat_key(player),
                    SEAT_CHOSEN_TWICE
                    % {"first": taken[seat].name, "second": player.name, "seat": seat},
                )
            taken[seat] = player
        self.roster = [taken[seat] for seat in sorted(taken)]
        self.dealer = next((p for p in self.players if str(p.pk) == data.get("first_dealer")), None)
        return data


def seat_descriptions(seats: Sequence[Seat]) -> list[tuple[str, str]]:
    """Choices for where a newcomer sits: 1 to n+1, each named by its neighbours."""

    def name(seat: Seat) -> str:
        if seat.active:
            return seat.player.name
        return pgettext("leaving the night", "%(name)s (left)") % {"name": seat.player.name}

    if not seats:
        return [("1", gettext("Seat %(number)s") % {"number": 1})]
    choices = [("1", gettext("Seat 1: first, before %(next)s") % {"next": name(seats[0])})]
    for index in range(1, len(seats)):
        choices.append(
            (
                str(index + 1),
                gettext("Seat %(number)s: between %(before)s and %(after)s")
                % {
                    "number": index + 1,
                    "before": name(seats[index - 1]),
                    "after": name(seats[index]),
                },
            )
        )
    last = len(seats) + 1
    choices.append(
        (
            str(last),
            gettext("Seat %(number)s: last, after %(before)s")
            % {"number": last, "before": name(seats[-1])},
        )
    )
    return choices


class NightJoinForm(forms.Form):
    """A late arrival: someone from the table, or a new player, and where they sit."""

    player = forms.ChoiceField(label=gettext_lazy("Who joins"), required=False)
    new_name = forms.CharField(
        label=gettext_lazy("Or someone new to the table"),
        required=False,
        widget=forms.TextInput(attrs={"maxlength": names.PLAYER_NAME_MAX, "autocomplete": "off"}),
    )
    position = forms.ChoiceField(label=gettext_lazy("Where they sit"), required=False)

    def __init__(self, *args, candidates: Sequence[Player], seats: Sequence[Seat], **kwargs):
        super().__init__(*args, **kwargs)
        returning = {seat.player_id: seat for seat in seats if not seat.active}
        self.candidates = list(candidates)
        self.fields["player"].choices = [("", gettext("Choose a player"))] + [
            (
                str(p.pk),
                gettext("%(name)s (back in seat %(seat)s)")
                % {"name": p.name, "seat": returning[p.pk].position + 1}
                if p.pk in returning
                else p.name,
            )
            for p in self.candidates
        ]
        self.fields["position"].choices = seat_descriptions(seats)
        self.fields["position"].initial = str(len(seats) + 1)

    def clean(self) -> dict:
        data = super().clean()
        player_id, new_name = data.get("player"), data.get("new_name", "").strip()
        if player_id and new_name:
            raise forms.ValidationError(JOIN_NOT_BOTH)
        if not player_id and not new_name:
            raise forms.ValidationError(JOIN_PICK_ONE)
        if not data.get("position"):
            self.add_error("position", JOIN_SEAT_REQUIRED)
        self.player = next((p for p in self.candidates if str(p.pk) == player_id), None)
        return data

    def add_service_errors(
        self, problems: Iterable[rules.Problem], names: Mapping[int, str]
    ) -> None:
        for message in sentences(problems, names):
            self.add_error(None, message)

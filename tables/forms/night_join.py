"""A late arrival joins tonight's game: someone from the table or someone new, and where
they sit."""

from collections.abc import Iterable, Mapping, Sequence

from django import forms
from django.utils.translation import gettext, gettext_lazy, pgettext

from ledger import names, rules
from ledger.models import Player, Seat
from tables.problems import sentences

JOIN_PICK_ONE = gettext_lazy("Pick a player, or type the name of someone new.")
JOIN_NOT_BOTH = gettext_lazy("Pick a player or type a new name, not both.")
JOIN_SEAT_REQUIRED = gettext_lazy("Choose where they sit.")


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

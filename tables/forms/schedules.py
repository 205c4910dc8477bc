"""Scheduling a night (when, where, how it repeats) and answering one (Yes, No, Maybe)."""

import zoneinfo
from collections.abc import Iterable

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy, pgettext_lazy

from ledger import rules
from ledger.models import Repeat, RsvpChoice
from ledger.models.schedules import NOTE_MAX, PLACE_MAX
from ledger.services import schedules as schedule_services
from tables.problems import sentence

# Each refusal of the service under the field it is about.
_FIELDS = {
    schedule_services.TIME_ZONE_UNKNOWN.code: "time_zone",
    schedule_services.FIRST_NIGHT_PAST.code: "first_date",
    schedule_services.UNTIL_BEFORE_FIRST.code: "until",
    schedule_services.FIRST_DATE_TOO_FAR.code: "first_date",
    schedule_services.UNTIL_TOO_FAR.code: "until",
    schedule_services.PLACE_TOO_LONG.code: "place",
    schedule_services.NOTE_TOO_LONG.code: "note",
    schedule_services.REPEAT_UNKNOWN.code: "repeat",
}

# The zone a new table's host most likely plays in, by the language they use.
ZONE_OF_LANGUAGE = {
    "sv": "Europe/Stockholm",
    "it": "Europe/Rome",
    "pt-br": "America/Sao_Paulo",
    "es": "Europe/Madrid",
    "fr": "Europe/Paris",
}


def zone_choices() -> list[tuple[str, str]]:
    return [(zone, zone.replace("_", " ")) for zone in sorted(zoneinfo.available_timezones())]


def likely_zone(language: str, last: str | None) -> str:
    return last or ZONE_OF_LANGUAGE.get(language.lower(), settings.TIME_ZONE)


class ScheduleForm(forms.Form):
    first_date = forms.DateField(
        label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    time = forms.TimeField(
        label=gettext_lazy("Time"), widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
    )
    time_zone = forms.ChoiceField(label=gettext_lazy("Time zone"), choices=zone_choices)
    place = forms.CharField(label=gettext_lazy("Place"), max_length=PLACE_MAX, required=False)
    note = forms.CharField(
        label=gettext_lazy("Note"),
        max_length=NOTE_MAX,
        required=False,
        help_text=gettext_lazy("Bring snacks, the stakes, who hosts…"),
    )
    repeat = forms.ChoiceField(
        label=gettext_lazy("Repeats"), choices=Repeat.choices, initial=Repeat.ONCE
    )
    until = forms.DateField(
        label=gettext_lazy("Last night"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=gettext_lazy("Optional: a repeat goes on until you stop it."),
    )

    def add_service_errors(self, problems: Iterable[rules.Problem]) -> None:
        for problem in problems:
            self.add_error(_FIELDS.get(problem.code), sentence(problem, {}))


class AnswerForm(forms.Form):
    answer = forms.ChoiceField(
        label=pgettext_lazy("coming to a night", "Coming?"), choices=RsvpChoice.choices
    )

"""A player's name, as the table page adds one and the rename page changes it; the service
(``ledger.services.tables``) checks it."""

from collections.abc import Iterable

from django import forms
from django.utils.translation import gettext_lazy

from ledger import names, rules
from tables.problems import sentences


class PlayerNameForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        required=False,
        widget=forms.TextInput(attrs={"maxlength": names.PLAYER_NAME_MAX, "autocomplete": "off"}),
    )

    def add_service_errors(self, problems: Iterable[rules.Problem]) -> None:
        for message in sentences(problems, {}):
            self.add_error("name", message)

"""Deleting an account: for each table its host leaves, a co-host to take it or "Erase
it", and a box that says they mean it."""

from django import forms
from django.utils.translation import gettext, gettext_lazy

from ledger.selectors.erasures import TableToLeave

ERASE = ""
CONFIRM_LABEL = gettext_lazy("Yes, delete my account")
CONFIRM_REQUIRED = gettext_lazy("Tick the box to say you mean it: this cannot be undone.")


def table_field(table_id: int) -> str:
    return f"table_{table_id}"


class AccountDeleteForm(forms.Form):
    confirm = forms.BooleanField(label=CONFIRM_LABEL, error_messages={"required": CONFIRM_REQUIRED})

    def __init__(self, *args, tables: list[TableToLeave], **kwargs):
        super().__init__(*args, **kwargs)
        self.tables = tables
        for row in tables:
            choices = [
                (
                    str(heir.user_id),
                    gettext("Give it to %(account)s (%(player)s)")
                    % {"account": heir.name, "player": heir.player},
                )
                for heir in row.heirs
            ]
            self.fields[table_field(row.table.pk)] = forms.TypedChoiceField(
                label=row.table.name,
                choices=[*choices, (ERASE, gettext("Erase it"))],
                coerce=int,
                empty_value=None,
                required=False,
                initial=choices[0][0] if choices else ERASE,
            )

    def heirs(self) -> dict[int, int]:
        """Table id -> the account id that takes it; tables to erase are left out."""
        return {
            row.table.pk: heir
            for row in self.tables
            if (heir := self.cleaned_data.get(table_field(row.table.pk))) is not None
        }

    def table_fields(self):
        return [self[table_field(row.table.pk)] for row in self.tables]

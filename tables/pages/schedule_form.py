"""Schedule a night: when (in the table's time zone), where, a note, how it repeats."""

from ledger.models import Table
from tables.forms.schedules import ScheduleForm
from tables.responses import Page


def schedule_form_page(table: Table, form: ScheduleForm) -> Page:
    return Page("ahead/schedule_form.html", {"table": table, "form": form})

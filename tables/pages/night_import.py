"""Uploading a night file into a table: the form, and once refused, every problem found
(nothing was written)."""

from ledger.models import Table
from tables.forms.night_file import NightFileForm
from tables.responses import Page

TEMPLATE = "stats/night_import.html"


def night_import_page(table: Table, form: NightFileForm) -> Page:
    return Page(TEMPLATE, {"table": table, "form": form})

"""Creating a table or editing one: its name, its players' language, a preset to start
from, and every house rule. With htmx a preset fills in the rules alone (RULES)."""

from ledger.models import Table
from tables import house_rules_text
from tables.forms.table import TableForm
from tables.responses import Page

TEMPLATE = "tables/table_form.html"
RULES = "rules"


def table_form_page(form: TableForm, *, table: Table | None, part: str | None = None) -> Page:
    """``table``: None for a new table."""
    if part == RULES:
        return Page(TEMPLATE, {"form": form}, part)
    return Page(TEMPLATE, {"form": form, "table": table, "presets": house_rules_text.presets()})

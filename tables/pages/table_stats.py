"""A table's leaderboards, its nights' results and its records."""

from ledger.models import Table
from ledger.selectors.table_stats import table_stats
from tables.responses import Page

TEMPLATE = "stats/table_stats.html"


def table_stats_page(table: Table) -> Page:
    return Page(TEMPLATE, {"table": table, "stats": table_stats(table)})

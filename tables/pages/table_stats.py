"""A table's leaderboards, its nights' results and its records."""

from ledger.models import Table
from ledger.selectors.table_stats import table_stats
from tables.responses import Page

TEMPLATE = "stats/table_stats.html"


def table_stats_page(table: Table, *, page: int | str = 1) -> Page:
    """``page``: which page of the nights (as the query string gives it; a page past the
    end shows the last)."""
    stats = table_stats(table, page=page)
    return Page(TEMPLATE, {"table": table, "stats": stats, "pages": stats.page})

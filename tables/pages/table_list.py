"""The host's tables: each with its players counted, whether a night is on, the last one."""

from ledger.selectors.hosts import host_tables
from tables.responses import Page

TEMPLATE = "tables/table_list.html"


def table_list_page(user) -> Page:
    return Page(TEMPLATE, {"tables": host_tables(user)})

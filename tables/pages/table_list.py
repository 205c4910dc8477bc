"""The host's tables: each with its players counted, whether a night is on, the last one;
and the tables they co-host, with the nights being played there."""

from ledger.selectors.co_hosts import co_hosted_tables
from ledger.selectors.hosts import host_tables
from tables.responses import Page

TEMPLATE = "tables/table_list.html"


def table_list_page(user) -> Page:
    return Page(TEMPLATE, {"tables": host_tables(user), "co_hosted": co_hosted_tables(user)})

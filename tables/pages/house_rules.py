"""Tonight's house rules in plain sentences, for the host and, from the live link, for
the players."""

from ledger.models import Night
from tables import house_rules_text
from tables.night_links import links
from tables.responses import Page

HOST_TEMPLATE = "referee/rules.html"
PLAYERS_TEMPLATE = "referee/share_rules.html"


def house_rules_page(night: Night) -> Page:
    return Page(HOST_TEMPLATE, {**_sections(night), "links": links(night)})


def shared_house_rules_page(night: Night, token: str) -> Page:
    return Page(PLAYERS_TEMPLATE, {**_sections(night), "token": token})


def _sections(night: Night) -> dict:
    return {"night": night, "sections": house_rules_text.house_rules_sections(night.house_rules)}

"""The top bar is one line on a 360 px phone in all six languages ("Bourré-/kassabok",
"Logga/ut" wrapped it to two on every page): signed in, with a badge waiting, and signed
out; every link on one line of its own, the bar no taller than its own minimum."""

import pytest
from django.urls import reverse

from ledger.services.seat_claims import seat_claim_create
from tests.factories import UserFactory, night_with

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "it", "pt-br", "es", "fr", "sv")
WIDTH = 360
BAR_HEIGHT = 52  # .top's min-height: one line of links

_BAR = """() => {
  const bar = document.querySelector('header.top');
  const items = Array.from(bar.querySelectorAll('.brand, nav a, nav .link'));
  return {
    height: bar.getBoundingClientRect().height,
    right: Math.max(...items.map(i => i.getBoundingClientRect().right)),
    tops: items.map(i => Math.round(i.getBoundingClientRect().top)),
    // The link's own words (not its badge, which sits over its corner): lines they take.
    lines: items.map(i => {
      const words = Array.from(i.childNodes)
        .filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      const lines = words.map(n => {
        const range = document.createRange();
        range.selectNodeContents(n);
        return new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top))).size;
      });
      return [i.textContent.trim(), Math.max(0, ...lines)];
    }),
    widths: items.map(i => [i.textContent.trim(), Math.round(i.getBoundingClientRect().width)]),
  };
}"""


def _bar(phone_in, live_server, language: str, user, path: str) -> dict:
    page = phone_in(language, user, width=WIDTH).new_page()
    page.goto(live_server.url + path)
    return page.evaluate(_BAR)


def test_the_top_bar_is_one_line_at_360_px_in_every_language(live_server, phone_in):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    host = night.table.owner
    # A claim waiting: the badge on My tables.
    seat_claim_create(
        player=night.table.players.get(name="Dee"), user=UserFactory(), client="192.0.2.7"
    )
    wrong = []
    for language in LANGUAGES:
        for who, user, path in (
            ("signed in", host, reverse("table_list")),
            ("signed out", None, reverse("login")),
        ):
            bar = _bar(phone_in, live_server, language, user, path)
            where = f"{language}, {who}"
            if bar["height"] > BAR_HEIGHT:
                wrong.append(f"{where}: the bar is {bar['height']} px tall")
            if bar["right"] > WIDTH:
                wrong.append(f"{where}: the bar reaches {bar['right']} px: {bar['widths']}")
            if len(set(bar["tops"])) != 1:
                wrong.append(f"{where}: the links are not on one line: {bar['tops']}")
            wrapped = [text for text, lines in bar["lines"] if lines > 1]
            if wrapped:
                wrong.append(f"{where}: wrapped inside: {wrapped}")
    assert not wrong, "\n".join(wrong)

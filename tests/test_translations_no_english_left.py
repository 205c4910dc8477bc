"""No English sentence is left on any page in another language.

Every URL of the permissions walk, for the host and for a share-link visitor, is read in
each of the other languages, together with the states that bring out more strings: a
night with hands, a correction (its preview, the log after it), a closed night's
settle-up, forms refusing bad input, the lock-out page and the password-reset mail. The
English sentences and phrases of that language's catalog (its msgids, cut at their
placeholders) must not appear in the text a person reads, nor in the title, aria-label,
placeholder and alt attributes a screen reader or a tooltip reads out.

A phrase the language's own translations use too (a name kept as it is, such as a
preset's) is not English left over. An entry left untranslated, or fuzzy (not compiled),
falls back to English, and its phrases are found on the pages.
"""

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from html import unescape
from html.parser import HTMLParser
from io import BytesIO

import pytest
from babel.messages.pofile import read_po
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from ledger.models import Hand
from tests.catalogs import PERCENT, catalog_languages, po_path
from tests.factories import NightFactory
from tests.ledger.helpers import ids
from tests.tables.night_helpers import hand_post, url
from tests.tables.urlwalk import PUBLIC, World, build_world

# The words on a page are the templates' and the catalogs', whichever database answered
# the page: CI reads every page in every language once, on SQLite.
pytestmark = [pytest.mark.django_db, pytest.mark.database_independent]

# Hand 1 of worked example 1 as corrected: Bob took three tricks and Dee folded.
CORRECTED_HAND_1 = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}

# The attributes whose text is read out or shown: tooltips, screen readers, empty fields,
# images that do not load, and the words on a button drawn by an <input>.
READ_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}
BUTTON_INPUTS = {"submit", "button", "reset"}
NOT_READ = {"script", "style"}
# Elements that end a run of text: a sentence does not go on from one into the next.
# fmt: off
BLOCKS = {
    "address", "article", "aside", "blockquote", "body", "br", "button", "dd", "details",
    "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
    "h4", "h5", "h6", "head", "header", "hr", "html", "input", "label", "legend", "li", "main",
    "nav", "ol", "option", "output", "p", "pre", "section", "select", "summary", "table",
    "tbody", "td", "textarea", "tfoot", "th", "thead", "title", "tr", "ul",
}
# fmt: on
SEPARATOR = " ¶ "
# {name} or {name!r:>4}: the other style of placeholder (PERCENT has %(name)s and %s).
BRACES = re.compile(r"\{[^{}]*\}")
TAG = re.compile(r"<[^>]*>")
WORD = re.compile(r"[^\W\d_]+")
# What ends a phrase: a placeholder (replaced by NUL), or a token holding a digit or a
# symbol a sentence does not use (chip_value, true/false, hands[2].dealer, #1).
BREAKS = re.compile(r"\x00|\S*[\d_/=<>#@\[\]\\|*+{}]\S*")
# A phrase starts and ends with a letter: the punctuation and spaces around it go.
EDGES = re.compile(r"^[\W\d_]+|[\W\d_]+$")


# --- what a person reads on a page --------------------------------------------------


class _Reader(HTMLParser):
    """Reads a page as a browser lays it out: inline markup within a sentence joins
    it, a block or a control ends it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.attributes: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        self.attributes += [found[name] for name in READ_ATTRIBUTES if found.get(name)]
        if tag == "input" and found.get("type", "").lower() in BUTTON_INPUTS:
            self.attributes.append(found.get("value", ""))
        if tag in NOT_READ:
            self.skipping += 1
        if tag in BLOCKS:
            self.text.append(SEPARATOR)

    def handle_endtag(self, tag: str) -> None:
        if tag in NOT_READ and self.skipping:
            self.skipping -= 1
        if tag in BLOCKS:
            self.text.append(SEPARATOR)

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.text.append(data)


def collapse(text: str) -> str:
    return " ".join(text.split())


def visible_text(html: str) -> str:
    """What a person reads on the page, scripts and styles left out, then the
    attributes read out, each on its own."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return SEPARATOR.join([collapse("".join(reader.text)), *map(collapse, reader.attributes)])


# --- the English a catalog would leave behind ---------------------------------------


def english_phrases(text: str) -> list[str]:
    """The phrases of an English msgid: the runs of two or more words made of letters
    between its placeholders, markup, numbers and symbols (a night file's key such as
    chip_value is a name, not English)."""
    text = collapse(unescape(TAG.sub(" ", text)))
    text = BRACES.sub("\x00", PERCENT.sub("\x00", text))
    phrases = []
    for piece in BREAKS.split(text):
        piece = EDGES.sub("", piece)
        if len(WORD.findall(piece)) >= 2:
            phrases.append(piece)
    return phrases


def _forms(value) -> list[str]:
    return [text for text in (value if isinstance(value, tuple | list) else [value]) if text]


def catalog_english(po_text: str) -> dict[str, str]:
    """Each English phrase a page in this catalog's language must not show, with the
    msgid it comes from: every phrase of the msgids, but those the language's own
    translations use too (an entry translated as it is, a name, or a word the language
    borrowed: they are its words as well)."""
    catalog = read_po(BytesIO(po_text.encode()))
    messages = [message for message in catalog if message.id]
    translations = SEPARATOR.join(
        collapse(unescape(TAG.sub(" ", text)))
        for message in messages
        if not message.fuzzy  # not compiled: the page shows the English
        for text in _forms(message.string)
    ).casefold()
    phrases: dict[str, str] = {}
    for message in messages:
        for text in _forms(message.id):
            for phrase in english_phrases(text):
                phrase = phrase.casefold()
                if not _contains(translations, phrase):
                    phrases.setdefault(phrase, text)
    return phrases


def _contains(text: str, phrase: str) -> bool:
    """``phrase`` is in ``text`` as whole words (both already casefolded)."""
    return phrase in text and bool(re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text))


class EnglishFinder:
    """Finds the English phrases of one catalog in a text, whole words only."""

    def __init__(self, phrases: dict[str, str]) -> None:
        self.phrases = phrases

    def find(self, text: str) -> list[str]:
        text = text.casefold()
        return [phrase for phrase in self.phrases if _contains(text, phrase)]


# --- the pages --------------------------------------------------------------------


@dataclass
class Page:
    what: str
    text: str


def _html(response) -> bool:
    return response.get("Content-Type", "").startswith("text/html") and bool(response.content)


def _page(what: str, response) -> Page | None:
    """The page a walked URL answers with, if it is one (not a redirect, a file or a
    refused method)."""
    if response.status_code not in (200, 400) or not _html(response):
        return None
    return Page(what, visible_text(response.content.decode()))


def _state(what: str, response, status: int = 200, *, refused: bool = False) -> Page:
    """The page of a state set up on purpose: it must be the one meant."""
    assert (response.status_code, _html(response)) == (status, True), what
    html = response.content.decode()
    if refused:
        assert 'class="errorlist' in html, f"{what}: no problem is named"
    return Page(what, visible_text(html))


def walked_pages(world: World, language: str) -> Iterator[Page]:
    """Every page of the walk: the host's (all of them) and an anonymous visitor's (the
    public ones: sign-in, sign-up, the live link and its rules)."""
    host = Client(HTTP_ACCEPT_LANGUAGE=language)
    host.force_login(world.owner)
    visitor = Client(HTTP_ACCEPT_LANGUAGE=language)
    for route, path in world.walk():
        if route.name == "logout":
            continue
        clients = [("host", host)] + ([("visitor", visitor)] if route.name in PUBLIC else [])
        for who, client in clients:
            if page := _page(f"{who} {path}", client.get(path)):
                yield page


def _corrected_night(world: World, host: Client) -> Iterator[Page]:
    """A correction through the screens, in the page's language (the hands it replays
    get their reason written in the language the host corrects in): its form refusing a
    missing reason, its preview, the message after it, the log and the report."""
    night = NightFactory(names=list(ids(world.open_night)), table=world.table, hands=3)
    path = url("hand_correct", night, 1)
    data = {**hand_post(night, CORRECTED_HAND_1, number=1), "revision": "1"}
    yield _state("correction without a reason", host.post(path, data), 400, refused=True)
    data["reason"] = "Bob 3 · Dee 0"
    yield _state("correction preview", host.post(path, {**data, "action": "preview"}))
    done = host.post(path, {**data, "action": "confirm"})
    assert done.status_code == 302
    assert Hand.objects.filter(night=night, kind=Hand.CORRECT).exists()
    yield _state("hand screen after a correction", host.get(done["Location"]))
    yield _state("log of a corrected night", host.get(url("night_log", night)))
    yield _state("report of a corrected night", host.get(url("night_report", night)))


def _refused_forms(world: World, host: Client, visitor: Client) -> Iterator[Page]:
    """Forms given bad input: each names what is wrong, in the page's language."""
    night, table, player = world.open_night, world.table, world.player
    dee = ids(night)["Dee"]
    # Hand 4 of the open night, with stayers' tricks that do not add up.
    hand = hand_post(night, {"dealer": "Dee", "stayed": {"Ann": 2, "Bob": 1}}, number=4)
    night_file = SimpleUploadedFile(
        "night.json", json.dumps({"format": "bourre-night/1"}).encode(), "application/json"
    )
    judge = url("night_judge", night)
    posts = [
        ("hand refused", host, url("hand_record", night), hand, 400),
        ("hand check refused", host, url("hand_check", night), hand, 200),
        ("undo refused", host, url("hand_undo", night), {"number": "3"}, 400),
        ("close refused", host, url("night_close", night), {"policy": "keep it"}, 400),
        ("new table refused", host, reverse("table_create"), {"name": "", "action": "save"}, 400),
        (
            "player refused",
            host,
            reverse("player_add", args=[table.pk]),
            {"name": player.name},
            400,
        ),
        ("rename refused", host, reverse("player_rename", args=[player.pk]), {"name": ""}, 400),
        ("night start refused", host, reverse("night_start", args=[table.pk]), {}, 400),
        (
            "import refused",
            host,
            reverse("night_import", args=[table.pk]),
            {"file": night_file},
            400,
        ),
        ("password change refused", host, reverse("password_change"), {"old_password": "x"}, 200),
        ("sign-up refused", visitor, reverse("signup"), {"password1": "a", "password2": "b"}, 400),
        ("sign-in refused", visitor, reverse("login"), {"username": "x", "password": "x"}, 200),
    ]
    for what, client, path, data, status in posts:
        yield _state(what, client.post(path, data), status, refused=True)
    refused = host.get(judge, {"ask": "judge", "player": dee})
    yield _state("judge refused", refused, 400, refused=True)
    marks = host.get(
        judge, {"ask": "judge", "trump": "S", "trick": "7H", "played": "4H", "hand": ["9H", "4H"]}
    )
    yield _state("judge's verdict on the player, not named yet", marks)
    verdict = {"ask": "judge", "player": dee, "trump": "S", "trick": "7H", "played": "4H"}
    yield _state("judge's verdict", host.get(judge, {**verdict, "hand": ["9H", "4H", "KC"]}))


def state_pages(world: World, language: str, settings) -> Iterator[Page]:
    """The states that bring out more strings than the walk's pages show."""
    host = Client(HTTP_ACCEPT_LANGUAGE=language)
    host.force_login(world.owner)
    visitor = Client(HTTP_ACCEPT_LANGUAGE=language)
    after = url("night_detail", world.open_night) + "?after=3"
    yield _state("hand screen after hand 3", host.get(after))
    yield from _corrected_night(world, host)
    yield from _refused_forms(world, host, visitor)

    # The lock-out page, after too many failed sign-ins.
    settings.AXES_ENABLED = True
    wrong = {"username": world.owner.username, "password": "wrong"}
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = visitor.post(reverse("login"), wrong)
    settings.AXES_ENABLED = False
    yield _state("lock-out page", response, 429)

    # The password-reset mail, in the language it was asked for in.
    mail.outbox.clear()
    assert visitor.post(reverse("password_reset"), {"email": world.owner.email}).status_code == 302
    (message,) = mail.outbox
    bodies = [message.body] + [content for content, _type in getattr(message, "alternatives", [])]
    yield Page("password-reset mail", SEPARATOR.join([message.subject, *map(visible_text, bodies)]))


# --- the proof --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("msgid", "phrases"),
    [
        ("Nobody owes anybody anything.", ["Nobody owes anybody anything"]),
        (
            "Hand {number}: {name} is bourré: pays {amount} into the next pot.",
            ["is bourré: pays", "into the next pot"],
        ),
        ("%(player)s's seat", ["s seat"]),
        ("Undo hand %(number)s?", ["Undo hand"]),
        ('Read the <a href="%(url)s">house rules</a> first.', ["Read the house rules first"]),
        ("chip_value must be a number (got {value!r}).", ["must be a number (got"]),
        ("Seat %(seat)s", []),
        ("Bourré", []),
    ],
)
def test_the_phrases_of_a_msgid_are_its_words_between_placeholders(msgid, phrases):
    assert english_phrases(msgid) == phrases


UNFINISHED_CATALOG = """
msgid ""
msgstr ""
"Language: sv\\n"

msgid "Nobody owes anybody anything."
msgstr "Ingen är skyldig någon något."

msgid "%(player)s now plays at %(table)s."
msgstr ""

#, fuzzy
msgid "Undo hand %(number)s"
msgstr "Ångra giv %(number)s"

msgid "Louisiana standard"
msgstr "Louisiana standard"

msgid "Hand {number}: {name} is bourré: pays {amount} into the next pot."
msgstr "Giv {number}: {name} är bourré: lägger {amount} i nästa pott."

msgid "Close the <strong>night</strong>"
msgstr ""

msgid "The pot"
msgstr "Potten"

msgid "Skip the pot"
msgstr "Hoppa över"
"""


def test_an_untranslated_or_fuzzy_entry_is_catalog_english_and_a_name_is_not():
    phrases = catalog_english(UNFINISHED_CATALOG)

    assert sorted(phrases) == [
        "close the night",
        "into the next pot",
        "is bourré: pays",
        "nobody owes anybody anything",
        "now plays at",
        "skip the pot",
        "the pot",
        "undo hand",
    ]
    assert phrases["now plays at"] == "%(player)s now plays at %(table)s."


def test_english_is_found_in_the_text_and_the_attributes_a_person_reads():
    finder = EnglishFinder(catalog_english(UNFINISHED_CATALOG))
    page = visible_text(
        "<html><head><title>Ingen är skyldig någon något.</title>"
        "<style>p::after { content: 'into the next pot'; }</style></head><body>"
        "<p>Ann now plays at Torsdag.</p><p>Louisiana standard</p>"
        "<p>Close the <strong>night</strong></p>"
        '<a href="/x" title="Undo hand 3">↶</a><input type="submit" value="Skip the pot">'
        "<script>const s = 'into the next pot';</script>"
        "<p>Giv 2: Dee är bourré: lägger 8 i nästa pott.</p>"
        "<ul><li>The</li><li>pot 4</li></ul><p>Potten ska vara 4</p></body></html>"
    )

    assert sorted(finder.find(page)) == [
        "close the night",
        "now plays at",
        "skip the pot",
        "the pot",  # in "Skip the pot": a phrase of another entry, found as well
        "undo hand",
    ]


@pytest.mark.parametrize("locale", catalog_languages())
def test_no_page_in_another_language_shows_an_english_sentence(locale, settings):
    language = translation.to_language(locale)
    finder = EnglishFinder(catalog_english(po_path(locale).read_text(encoding="utf-8")))
    world = build_world()

    pages = [*walked_pages(world, language), *state_pages(world, language, settings)]
    found: dict[str, list[str]] = {}
    for page in pages:
        for phrase in finder.find(page.text):
            found.setdefault(phrase, []).append(page.what)

    assert len(pages) >= 60  # every page of the walk and every state, not a handful
    report = "\n".join(
        f"  {phrase!r} (from {finder.phrases[phrase]!r}): {len(seen)} pages, e.g. {seen[0]}"
        for phrase, seen in sorted(found.items())
    )
    assert not found, f"{len(pages)} pages in {language}; English left on them:\n{report}"

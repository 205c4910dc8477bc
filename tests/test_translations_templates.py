"""Every word a person can see in a template is marked for translation.

A static check, no rendering, so a branch no test happens to render is checked too. From
each template it takes away what is not shown as text: comments, template tags and
variables, HTML tags (but the attributes people see or hear: title, alt, aria-label,
placeholder, label, and the value of a button-like input) and what `{% translate %}` and
`{% blocktranslate %}` already mark. Any run of letters left over is a word nobody can
translate. A string literal with letters that a variable or an include would print (a
`default:"nobody"`, a `with unit="chips"`) counts too, unless wrapped in `_()`; the
arguments of the date and time filters are format codes, not words.

Symbols are not letters, so they never need marking: the suits (♠ ♥ ♦ ♣), "·", "—",
the breadcrumbs' arrow, "#", "%", "+". The app's name is a translatable string like any
other (context "the app's name", see docs/glossary.md), so nothing is exempt:
ALLOWED_WORDS is the place for a word that must stay as it is in every language, with the
reason beside it.

The same pass checks what the marked strings look like to a translator: no markup in a
msgid but the few inline elements a sentence cannot lose (bold, a link, a coloured span),
and the English word "hand" always with a context saying which hand it is (the cards held,
or one round of the night: two different words in French).
"""

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import get_template

TEMPLATES = Path(settings.BASE_DIR) / "templates"

# Words that stay the same in every language: none today.
ALLOWED_WORDS: frozenset[str] = frozenset()
# Attributes whose value is shown or read out to a person.
VISIBLE_ATTRIBUTES = {"title", "alt", "aria-label", "placeholder", "label"}
BUTTON_INPUTS = {"submit", "button", "reset"}
# Filters whose argument is a format code, not text: |local_date:"yMMMd", |time:"H:i".
FORMAT_FILTERS = {"local_date", "date", "time"}
# Inline markup a msgid may keep, because the sentence needs it in the middle.
MSGID_TAGS = {"b", "a", "span"}
# The contexts a msgid with the word "hand" may carry (docs/glossary.md).
HAND_CONTEXTS = {"hand played", "hand of cards", "give back"}

LETTERS = re.compile(r"[^\W\d_]+")
COMMENT_BLOCK = re.compile(r"{%\s*comment\b.*?%}.*?{%\s*endcomment\s*%}", re.S)
COMMENT = re.compile(r"{#.*?#}", re.S)
BLOCK_TRANSLATE = re.compile(
    r"{%\s*(?:blocktranslate|blocktrans)\b(?P<options>.*?)%}(?P<body>.*?)"
    r"{%\s*(?:endblocktranslate|endblocktrans)\s*%}",
    re.S,
)
TRANSLATE = re.compile(
    r"""{%\s*(?:translate|trans)\s+(?P<q>["'])(?P<text>.*?)(?P=q)(?P<options>[^%]*)%}""", re.S
)
VARIABLE = re.compile(r"{{(?P<inside>.*?)}}", re.S)
TAG = re.compile(r"{%(?P<inside>.*?)%}", re.S)
CONTEXT = re.compile(r"""\bcontext\s+(?P<q>["'])(?P<context>.*?)(?P=q)""")
FILTER_ARGUMENT = re.compile(r"""\|\s*(?P<filter>\w+)\s*:\s*(?P<q>["'])(?P<text>.*?)(?P=q)""")
ASSIGNED_LITERAL = re.compile(r"""\b\w+=(?P<q>["'])(?P<text>.*?)(?P=q)""")
MARKUP = re.compile(r"</?\s*(?P<tag>[a-zA-Z][\w-]*)[^>]*>")
HAND = re.compile(r"\bhands?\b", re.I)


@dataclass(frozen=True)
class Msgid:
    line: int
    text: str
    context: str | None


def _blank(match: re.Match) -> str:
    """What replaces a removed stretch: its line breaks (so line numbers still hold), or a
    space (so the words on either side stay apart)."""
    return "\n" * match.group().count("\n") or " "


def _line(source: str, offset: int) -> int:
    return source.count("\n", 0, offset) + 1


def _words(text: str) -> list[str]:
    return [word for word in LETTERS.findall(text) if word not in ALLOWED_WORDS]


def msgids(source: str) -> list[Msgid]:
    """The strings a template marks, each with the line it starts on and its context."""
    found = []
    for match in TRANSLATE.finditer(source):
        context = CONTEXT.search(match["options"])
        found.append(
            Msgid(_line(source, match.start()), match["text"], context and context["context"])
        )
    for match in BLOCK_TRANSLATE.finditer(source):
        context = CONTEXT.search(match["options"])
        found.append(
            Msgid(_line(source, match.start()), match["body"], context and context["context"])
        )
    return found


class _VisibleText(HTMLParser):
    """The text nodes and the visible attributes of what is left once the template syntax
    is gone, each with its line."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in {"script", "style"}:
            self._skipping += 1
        attributes = dict(attrs)
        for name, value in attrs:
            shown = name in VISIBLE_ATTRIBUTES or (
                name == "value" and tag == "input" and attributes.get("type") in BUTTON_INPUTS
            )
            if shown and value and _words(value):
                self.found.append((self.getpos()[0], f'{name}="{value}"'))

    def handle_endtag(self, tag):
        if tag in {"script", "style"} and self._skipping:
            self._skipping -= 1

    def handle_data(self, data):
        if not self._skipping and _words(data):
            # The line of the first word, not of the line break the text node starts with.
            leading = data[: len(data) - len(data.lstrip())]
            self.found.append((self.getpos()[0] + leading.count("\n"), data.strip()))


def unmarked_text(source: str) -> list[tuple[int, str]]:
    """Every piece of text with letters in ``source`` (a template) that is not marked
    for translation, as (line, text)."""
    found = []
    source = COMMENT_BLOCK.sub(_blank, source)
    source = COMMENT.sub(_blank, source)
    source = BLOCK_TRANSLATE.sub(_blank, source)
    for match in VARIABLE.finditer(source):
        for literal in FILTER_ARGUMENT.finditer(match["inside"]):
            if literal["filter"] not in FORMAT_FILTERS and _words(literal["text"]):
                found.append((_line(source, match.start()), match.group()))
    for match in TAG.finditer(source):
        name = match["inside"].split()[0] if match["inside"].split() else ""
        if name in {"include", "with"}:
            for literal in ASSIGNED_LITERAL.finditer(match["inside"]):
                if _words(literal["text"]):
                    found.append((_line(source, match.start()), match.group()))
    source = VARIABLE.sub(_blank, source)
    source = TAG.sub(_blank, source)
    parser = _VisibleText()
    parser.feed(source)
    parser.close()
    return sorted(found + parser.found)


def markup_in_msgids(source: str) -> list[tuple[int, str]]:
    """Every msgid holding an HTML element other than the inline ones a sentence may
    need (MSGID_TAGS)."""
    return [
        (msgid.line, msgid.text)
        for msgid in msgids(source)
        if any(tag["tag"].lower() not in MSGID_TAGS for tag in MARKUP.finditer(msgid.text))
    ]


def hands_without_context(source: str) -> list[tuple[int, str]]:
    """Every msgid with the word "hand" whose context does not say which hand."""
    return [
        (msgid.line, msgid.text)
        for msgid in msgids(source)
        if HAND.search(msgid.text) and msgid.context not in HAND_CONTEXTS
    ]


def template_files() -> list[Path]:
    return sorted(path for path in TEMPLATES.rglob("*") if path.is_file())


def _name(path: Path) -> str:
    return path.relative_to(TEMPLATES).as_posix()


@pytest.mark.parametrize("path", template_files(), ids=_name)
def test_every_word_a_template_shows_is_marked_for_translation(path):
    found = unmarked_text(path.read_text(encoding="utf-8"))
    assert not found, "\n".join(f"{_name(path)}:{line}: {text!r}" for line, text in found)


@pytest.mark.parametrize("path", template_files(), ids=_name)
def test_a_marked_string_holds_no_markup_but_inline_elements(path):
    found = markup_in_msgids(path.read_text(encoding="utf-8"))
    assert not found, "\n".join(f"{_name(path)}:{line}: {text!r}" for line, text in found)


@pytest.mark.parametrize("path", template_files(), ids=_name)
def test_every_marked_hand_says_which_hand_it_is(path):
    found = hands_without_context(path.read_text(encoding="utf-8"))
    assert not found, "\n".join(f"{_name(path)}:{line}: {text!r}" for line, text in found)


@pytest.mark.parametrize("path", template_files(), ids=_name)
def test_every_template_compiles(path):
    # A {% translate %} without {% load i18n %} fails here, even in a branch or a partial
    # no page test renders.
    get_template(_name(path))


@pytest.mark.parametrize(
    "source",
    [
        "<p>Hello</p>",
        "<h1>{{ name }}: stats</h1>",
        '<img src="x.png" alt="Logo">',
        '<nav aria-label="Account"></nav>',
        '<input placeholder="Your name">',
        '<input type="submit" value="Save">',
        "{% block title %}Sign in · {% translate 'Bourré ledger' %}{% endblock %}",
        '{{ winner|default:"nobody" }}',
        '{% include "stats/_signed.html" with value=chips unit="chips" %}',
        "{% load i18n %}<p>{% translate 'Hello' %} world</p>",
    ],
)
def test_the_check_finds_a_word_left_unmarked(source):
    assert unmarked_text(source)


@pytest.mark.parametrize(
    "source",
    [
        "{% load i18n %}<p>{% translate 'Hello' %}</p>",
        '<p>{% translate "Dealer" context "the player who deals" %}</p>',
        "<p>{% blocktranslate trimmed with name=player.name %}\n  Rename {{ name }}\n"
        "{% endblocktranslate %}</p>",
        "{% blocktranslate count counter=n %}{{ counter }} chip{% plural %}{{ counter }} chips"
        "{% endblocktranslate %}",
        '<nav aria-label="{% translate "Account" %}"></nav>',
        '<p>{{ night.started_at|local_date:"yMMMd" }} · {{ time|time:"H:i" }}</p>',
        '{{ winner|default:_("nobody") }}{{ url|default:"#" }}',
        '{% include "stats/_signed.html" with value=chips in_chips=True %}',
        '<a href="{% url \'home\' %}" class="button secondary">♠ ♥ ♦ ♣ · — \u203a # % +</a>',
        "{# a note #}{% comment %}Words for the next reader.{% endcomment %}",
        '<script src="x.js">var label = "words";</script>',
    ],
)
def test_the_check_passes_what_is_marked_or_not_words(source):
    assert unmarked_text(source) == []


def test_the_check_reports_the_line_of_a_word_left_unmarked():
    source = "{% comment %}\none\ntwo\n{% endcomment %}\n<p>\n  Hello\n</p>"
    assert unmarked_text(source) == [(6, "Hello")]


def test_markup_beyond_inline_elements_in_a_msgid_is_found():
    assert markup_in_msgids("{% blocktranslate %}<p>Hi</p>{% endblocktranslate %}")
    assert not markup_in_msgids(
        "{% blocktranslate %}<b>{{ a }}</b> pays <b>{{ b }}</b>{% endblocktranslate %}"
    )


def test_a_hand_without_its_context_is_found():
    assert hands_without_context("{% translate 'Hand log' %}")
    assert hands_without_context("{% translate 'Hand log' context 'log' %}")
    assert not hands_without_context("{% translate 'Hand log' context 'hand played' %}")
    assert not hands_without_context("{% translate 'Handle' %}")

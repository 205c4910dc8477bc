"""Every string a person can read that the web front's Python (tables/) writes is marked
for translation.

A static check of the source (its syntax tree), so a branch no test runs is checked too.
A string is *marked* when it is an argument of a gettext function (gettext, ngettext,
pgettext and their _lazy forms, gettext_noop for the problem templates). Anything else
that reads as words is reported where it is:

- in a place that shows text: a message (``messages.success(request, text)``), an error
  (``ValidationError``, ``Http404``, ``form.add_error``), a form's ``label``, ``help_text``,
  ``empty_label``, ``error_messages``, ``choices`` (each choice's label) or a widget's
  ``placeholder``/``title``/``aria-label``, a chart's ``title``, ``x_label``, ``x_labels``
  and its series' label (``Series(label, ...)``), an app's ``verbose_name``. There any
  letter is a word;
- in a module-level UPPER_CASE constant holding a sentence (a str with a space and a
  capital letter, or ending in a period, or a capitalised word), or a dict, list or tuple of
  them (the values, not the keys);
- anywhere else, a string or f-string written as prose: a word next to a space ("deals
  again", " (left)", "Ante {n} each"), or a word offered as one side of ``or`` / ``if``
  ("nobody"), where a sentence is being built.

A single word elsewhere (a label in a tuple of pairs, say) is not found: give it one of
the places above, or mark it anyway.

Text built from a literal with ``%``, ``+``, ``.format()`` or an f-string counts as that
literal. A name or a call is someone else's text: a constant is checked where it is
defined, a function's result in the function. Docstrings are not text, nor is markup (a
chart's SVG).

Machine strings stay English and are not text: the CSV headers, the night file's keys,
URL and template names, form field names, CSS classes. Most are single words in places
that show nothing, which no rule above looks at; ALLOWED lists, with the reason, those a
rule would take for words. Management commands (developer tools) are not scanned.

What is marked is checked too: every msgid with the word "hand" carries a context saying
which hand it is (as in the templates, docs/glossary.md), and placeholders are named,
``%(name)s`` in gettext calls, ``{name}`` in problem templates (gettext_noop, filled by
``ledger.rules.describe``), never positional.
"""

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings

from tests.catalogs import placeholders

TABLES = Path(settings.BASE_DIR) / "tables"
# Developer tools: their output is for whoever runs manage.py, in English.
NOT_SCANNED = ("management/",)

GETTEXT = {
    "gettext",
    "gettext_lazy",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
    "gettext_noop",
    "_",
}
WITH_CONTEXT = {"pgettext", "pgettext_lazy", "npgettext", "npgettext_lazy"}
# The contexts a msgid with the word "hand" may carry (docs/glossary.md).
HAND_CONTEXTS = {"hand played", "hand of cards", "give back"}
MESSAGE_LEVELS = {"debug", "info", "success", "warning", "error"}
TEXT_KEYWORDS = {"label", "help_text", "empty_label", "title", "x_label", "x_labels"}
# Class attributes Django shows (an app's name in the admin).
TEXT_NAMES = {"verbose_name", "verbose_name_plural"}
TEXT_ATTRIBUTES = {"placeholder", "title", "aria-label"}

# Machine strings a rule would take for words: (file under tables/, string) and why.
ALLOWED = {
    ("views/answers.py", "noindex, nofollow"): "the X-Robots-Tag header",
    # A calendar file's header and content type, for calendar apps.
    ("calendars.py", "-//Bourré ledger//Nights ahead//EN"): "an ICS product id (RFC 5545)",
    ("calendars.py", "text/calendar; charset=utf-8"): "a content type",
    # Time zones' names, as the tz database writes them.
    ("forms/schedules.py", "Europe/Stockholm"): "a time zone's name",
    ("forms/schedules.py", "Europe/Rome"): "a time zone's name",
    ("forms/schedules.py", "America/Sao_Paulo"): "a time zone's name",
    ("forms/schedules.py", "Europe/Madrid"): "a time zone's name",
    ("forms/schedules.py", "Europe/Paris"): "a time zone's name",
    # A probe's answers, read by a load balancer or an operator, and its query.
    ("views/health.py", "text/plain; charset=utf-8"): "a content type",
    ("views/health.py", "SELECT 1"): "SQL: the database answers",
    ("views/health.py", "not ready: the database does not answer"): "a probe's answer",
    ("views/health.py", "not ready: migrations are not applied (run manage.py migrate)"): (
        "a probe's answer"
    ),
    ("views/exports.py", "table"): "a download's file name when the table's name has none",
    ("views/exports.py", "pot"): "a CSV cell: the pot's ledger entries, a stable code",
    ("views/exports.py", "yes"): "a CSV cell: whether the night is closed, a stable code",
    ("views/exports.py", "no"): "a CSV cell: whether the night is closed, a stable code",
    ("csv_files.py", "text/csv; charset=utf-8"): "a content type",
    ("views/account_data.py", "account"): "a download's file name when the account's has none",
    ("views/account_data.py", "application/json; charset=utf-8"): "a content type",
    ("views/account_data.py", "night started"): "a CSV header, the same in every language",
    ("views/account_data.py", "pot"): "a CSV cell: the pot's ledger entries, a stable code",
    ("views/exports.py", "application/json; charset=utf-8"): "a content type",
    ("presenters.py", "pos"): "a CSS class (a positive amount)",
    ("presenters.py", "neg"): "a CSS class (a negative amount)",
    ("views/share.py", "noindex, nofollow"): "the X-Robots-Tag header",
    ("forms/table.py", "name"): "a form field's name",
    ("views/invites.py", "noindex, nofollow"): "the X-Robots-Tag header",
    ("views/claims.py", "noindex, nofollow"): "the X-Robots-Tag header",
    ("views/referee.py", "noindex, nofollow"): "the X-Robots-Tag header",
    ("responses.py", "refusal"): "an HTML id (the refusal on top of a page)",
    ("responses.py", "refusal-X"): "an HTML id (the refusal on top of a part)",
    ("seat_words.py", "choice count"): "a CSS class (a trick count's button)",
    ("seat_words.py", "choice count zero"): "a CSS class (the bourré count's button)",
    ("responses.py", "text/javascript; charset=utf-8"): "a content type",
    ("views/install.py", "self.BOURRE = X;\nX"): "the service worker's code",
    # Why a message was not sent, kept on its record and logged for whoever runs the app.
    ("notices/announce.py", "Could not queue %s for #%s"): "a log line for the operator",
    (
        "notices/delivery.py",
        "the account has no e-mail address",
    ): "a message's error, for the operator",
    ("notices/delivery.py", "X refuses mail: X"): "a message's error, for the operator",
    ("notices/delivery.py", "localhost"): "a host name in a Message-ID",
    ("notices/delivery.py", "X refused: X"): "a message's error, for the operator",
    ("notices/delivery.py", "Mail of message %s not sent: %s"): "a log line for the operator",
    ("notices/delivery.py", "mail server: X"): "a message's error, for the operator",
    (
        "notices/delivery.py",
        "no phone takes this app's notifications",
    ): "a message's error, for the operator",
    (
        "notices/delivery.py",
        "every phone's subscription is gone",
    ): "a message's error, for the operator",
}

LETTER = re.compile(r"[^\W\d_]")
# A word of two letters or more next to a space, an opening bracket or quote between.
WORD_BY_SPACE = re.compile(
    r"[^\W\d_]{2,}[)\]\u201d\u2019'.,:;!?]?\s|\s[(\[\u201c\u2018']?[^\W\d_]{2,}"
)
WORDS_ONLY = re.compile(r"\s*[^\W\d_]{2,}(?:[ '\u2019-]*[^\W\d_]+)*[.!?]?\s*")
MARKUP = re.compile(r"^\s*<|=\"|='")
HAND = re.compile(r"\bhands?\b", re.I)


@dataclass(frozen=True)
class Finding:
    line: int
    text: str
    why: str

    def __str__(self) -> str:
        return f"{self.line}: {self.text!r} ({self.why})"


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _literal_text(node: ast.expr) -> str | None:
    """A string literal's or an f-string's text, each {placeholder} as "X"; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) else "X" for part in node.values
        )
    return None


def _is_sentence(text: str) -> bool:
    """A constant's value that reads as a sentence or a label."""
    if not LETTER.search(text) or MARKUP.search(text):
        return False
    text = text.strip()
    return (
        text.endswith(".")
        or (" " in text and any(character.isupper() for character in text))
        or re.match(r"[A-Z][a-z]", text) is not None
    )


class _Scan(ast.NodeVisitor):
    def __init__(self, path: str, source: str) -> None:
        self.path = path
        self.findings: list[Finding] = []
        self.marked: set[int] = set()  # ids of nodes inside a gettext call
        self.reported: set[int] = set()
        self.docstrings: set[int] = set()
        self.tree = ast.parse(source)
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Call) and _name(node.func) in GETTEXT:
                self.marked.update(id(inner) for inner in ast.walk(node))
            if isinstance(node, ast.Expr) and _literal_text(node.value) is not None:
                self.docstrings.add(id(node.value))

    def run(self) -> list[Finding]:
        for statement in self.tree.body:
            self._constant(statement)
        self.visit(self.tree)
        return sorted(self.findings, key=lambda finding: finding.line)

    # --- reporting -------------------------------------------------------------------

    def _report(self, node: ast.expr, why: str) -> None:
        text = _literal_text(node)
        if id(node) in self.reported or text is None or (self.path, text) in ALLOWED:
            return
        self.reported.add(id(node))
        self.findings.append(Finding(node.lineno, text, why))

    def _unmarked(self, node: ast.expr | None, why: str) -> None:
        """Report every literal with letters that ``node``, shown as text, is built from."""
        if node is None or id(node) in self.marked:
            return
        text = _literal_text(node)
        if text is not None:
            if LETTER.search(text) and not MARKUP.search(text):
                self._report(node, why)
            if isinstance(node, ast.JoinedStr):
                for part in node.values:
                    if isinstance(part, ast.FormattedValue):
                        self._unmarked(part.value, why)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
            self._unmarked(node.left, why)
            self._unmarked(node.right, why)
        elif isinstance(node, ast.Dict):
            for value in node.values:
                self._unmarked(value, why)
        elif isinstance(node, ast.List | ast.Tuple | ast.Set):
            for element in node.elts:
                self._unmarked(element, why)
        elif isinstance(node, ast.Starred):
            self._unmarked(node.value, why)
        elif isinstance(node, ast.IfExp):
            self._unmarked(node.body, why)
            self._unmarked(node.orelse, why)
        elif isinstance(node, ast.BoolOp):
            for value in node.values:
                self._unmarked(value, why)
        elif isinstance(node, ast.Call) and _name(node.func) in {"format", "join"}:
            self._unmarked(node.func, why)
            for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
                self._unmarked(argument, why)
        elif isinstance(node, ast.Attribute):
            self._unmarked(node.value, why)

    def _choices(self, node: ast.expr) -> None:
        """Each choice's label (the second of each pair), however the list is built."""
        if isinstance(node, ast.List | ast.Tuple):
            for element in node.elts:
                if isinstance(element, ast.Tuple) and len(element.elts) == 2:
                    self._unmarked(element.elts[1], "a choice's label")
                else:
                    self._choices(element)
        elif isinstance(node, ast.ListComp | ast.GeneratorExp):
            self._choices(ast.List(elts=[node.elt]))
        elif isinstance(node, ast.BinOp):
            self._choices(node.left)
            self._choices(node.right)
        elif isinstance(node, ast.Starred):
            self._choices(node.value)

    # --- module-level constants --------------------------------------------------------

    def _constant(self, statement: ast.stmt) -> None:
        if isinstance(statement, ast.Assign):
            targets, value = statement.targets, statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets, value = [statement.target], statement.value
        else:
            return
        names = [target.id for target in targets if isinstance(target, ast.Name)]
        if not any(name.lstrip("_").isupper() for name in names):
            return
        for node in self._constant_strings(value):
            if _is_sentence(_literal_text(node) or ""):
                self._report(node, "a constant holding a sentence")

    def _constant_strings(self, node: ast.expr):
        if _literal_text(node) is not None:
            yield node
        elif isinstance(node, ast.Dict):
            for value in node.values:
                yield from self._constant_strings(value)
        elif isinstance(node, ast.List | ast.Tuple | ast.Set):
            for element in node.elts:
                yield from self._constant_strings(element)
        elif isinstance(node, ast.BinOp):
            yield from self._constant_strings(node.left)
            yield from self._constant_strings(node.right)

    # --- places that show text, and prose anywhere --------------------------------------

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        keywords = {keyword.arg: keyword.value for keyword in node.keywords}
        if (
            isinstance(node.func, ast.Attribute)
            and _name(node.func.value) == "messages"
            and name in MESSAGE_LEVELS | {"add_message"}
        ):
            position = 2 if name == "add_message" else 1
            message = node.args[position] if len(node.args) > position else None
            self._unmarked(keywords.get("message", message), "a message")
        elif name in {"ValidationError", "Http404"}:
            self._unmarked(node.args[0] if node.args else keywords.get("message"), "an error")
        elif name == "add_error":
            error = node.args[1] if len(node.args) > 1 else keywords.get("error")
            self._unmarked(error, "an error")
        elif name == "Series" and node.args:
            self._unmarked(node.args[0], "a chart's series")
        for keyword, value in keywords.items():
            if keyword in TEXT_KEYWORDS:
                self._unmarked(value, f"{keyword}=")
            elif keyword == "choices":
                self._choices(value)
            elif keyword == "error_messages":
                self._unmarked(value, "error_messages=")
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            name = _name(target)
            if isinstance(target, ast.Attribute) and name == "choices":
                self._choices(node.value)
            elif name in TEXT_KEYWORDS or name in TEXT_NAMES:
                self._unmarked(node.value, f"{name} =")
        self.generic_visit(node)

    def visit_Dict(self, node: ast.Dict) -> None:
        for key, value in zip(node.keys, node.values, strict=True):
            if isinstance(key, ast.Constant) and key.value in TEXT_ATTRIBUTES:
                self._unmarked(value, f"the {key.value} attribute")
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        for branch in (node.body, node.orelse):
            self._word_offered(branch)
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        for value in node.values[1:]:
            self._word_offered(value)
        self.generic_visit(node)

    def _word_offered(self, node: ast.expr) -> None:
        # Words only: a colour, a path or a template name is none.
        text = _literal_text(node)
        if text and id(node) not in self.marked and WORDS_ONLY.fullmatch(text):
            self._report(node, "words offered as an alternative")

    def visit_Constant(self, node: ast.Constant) -> None:
        self._prose(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self._prose(node)
        # Its literal parts are part of its text, already looked at; its values are code.
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                self.visit(part.value)

    def _prose(self, node: ast.expr) -> None:
        if id(node) in self.marked or id(node) in self.docstrings:
            return
        text = _literal_text(node)
        if text and not MARKUP.search(text) and WORD_BY_SPACE.search(text):
            self._report(node, "prose")


def unmarked(source: str, path: str = "example.py") -> list[Finding]:
    """Every string a person would read in ``source`` (Python) that is not marked."""
    return _Scan(path, source).run()


def _msgids(source: str):
    """Each gettext call: its function's name, its context (or None), its msgids."""
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and _name(node.func) in GETTEXT):
            continue
        texts = [
            argument.value
            for argument in node.args
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str)
        ]
        if not texts:
            continue
        name = _name(node.func)
        context = texts.pop(0) if name in WITH_CONTEXT and len(texts) > 1 else None
        yield node.lineno, name, context, texts


def hands_without_context(source: str) -> list[tuple[int, str]]:
    """Every msgid with the word "hand" whose context does not say which hand. Problem
    templates (gettext_noop) are translated without a context by tables.problems: their
    whole sentence says which hand."""
    return [
        (line, texts[0])
        for line, name, context, texts in _msgids(source)
        if name != "gettext_noop"
        and any(HAND.search(text) for text in texts)
        and context not in HAND_CONTEXTS
    ]


def unnamed_or_wrong_placeholders(source: str) -> list[tuple[int, str]]:
    """Every msgid with a positional placeholder (%s, {}), a {name} in a gettext call, or a
    %(name)s in a problem template."""
    found = []
    for line, name, _context, texts in _msgids(source):
        for text in texts:
            kinds = placeholders(text)
            wrong_style = "%" if name == "gettext_noop" else "{"
            if any(style == wrong_style or not field for style, field, _type in kinds):
                found.append((line, text))
    return found


def scanned_files() -> list[Path]:
    return sorted(
        path
        for path in TABLES.rglob("*.py")
        if not any(part in path.relative_to(TABLES).as_posix() for part in NOT_SCANNED)
    )


def _relative(path: Path) -> str:
    return path.relative_to(TABLES).as_posix()


def _listed(path: Path, found: list[tuple[int, str]]) -> str:
    return "\n".join(f"tables/{_relative(path)}:{line}: {text!r}" for line, text in found)


@pytest.mark.parametrize("path", scanned_files(), ids=_relative)
def test_every_string_a_person_reads_is_marked_for_translation(path):
    found = unmarked(path.read_text(encoding="utf-8"), _relative(path))
    assert not found, "\n".join(f"tables/{_relative(path)}:{finding}" for finding in found)


@pytest.mark.parametrize("path", scanned_files(), ids=_relative)
def test_every_marked_hand_says_which_hand_it_is(path):
    found = hands_without_context(path.read_text(encoding="utf-8"))
    assert not found, _listed(path, found)


@pytest.mark.parametrize("path", scanned_files(), ids=_relative)
def test_every_placeholder_is_named_in_the_style_of_its_kind(path):
    found = unnamed_or_wrong_placeholders(path.read_text(encoding="utf-8"))
    assert not found, _listed(path, found)


def test_every_allowed_string_is_still_in_its_file():
    """An entry left behind once its string is gone would allow the string anywhere later."""
    gone = [
        (path, text)
        for path, text in ALLOWED
        if not any(
            _literal_text(node) == text
            for node in ast.walk(ast.parse((TABLES / path).read_text(encoding="utf-8")))
            if isinstance(node, ast.expr)
        )
    ]
    assert gone == []


@pytest.mark.parametrize(
    "source",
    [
        'messages.success(request, "Saved.")',
        'messages.error(request, f"{player.name} left the game.")',
        'messages.add_message(request, messages.INFO, "Saved.")',
        'messages.info(request, message="Saved.")',
        'messages.success(request, "{name} is back.".format(name=name))',
        'messages.success(request, gettext("Saved") + " for now")',
        'name = forms.CharField(label="Name")',
        'email = forms.EmailField(help_text="Only for " + "resetting your password.")',
        'player = forms.ChoiceField(choices=[("", "Choose a player")])',
        'field.choices = [("", "Choose a player")] + [(str(p.pk), p.name) for p in players]',
        'choices = forms.Select(choices=[(str(n), f"Seat {n}") for n in range(3)])',
        'cap = forms.CharField(widget=forms.NumberInput(attrs={"placeholder": "No cap"}))',
        'file = forms.FileField(error_messages={"required": "Choose a file."})',
        'raise forms.ValidationError("Pick one.")',
        'raise ValidationError("The file is {size} KB.".format(size=size))',
        'raise Http404("No such link.")',
        'form.add_error(None, "Pick a player.")',
        'form.add_error("name", f"{name} is taken")',
        'SAVED = "Saved. The new rules apply from the next night."',
        'LABELS = {"ante": "Ante (chips)", "currency": "Currency"}',
        'HELP = ("Only for resetting " "your password")',
        'chart = charts.line_chart(title=title, x_label="Night", x_labels=[], series=[])',
        'chart = charts.line_chart(title=t, x_label=x, x_labels=["start", *dates], series=s)',
        'series = charts.Series("Pot", pots)',
        'class TablesConfig(AppConfig):\n    verbose_name = "Tables"',
        'def f(a, b):\n    return f"{a} stays alone and takes {b}."',
        'def f():\n    return "Nobody stays: the pot carries over."',
        'def f(seat):\n    return seat.name + ("" if seat.active else " (left)")',
        'def f(count):\n    return {1: "", 2: " twice"}.get(count, f" {count} times")',
        'def f(names, n):\n    return ", ".join(names) or "nobody"',
        'def f(x):\n    lines = [f"Ante {x} each"]\n    return lines',
    ],
)
def test_the_check_finds_a_string_left_unmarked(source):
    assert unmarked(source)


@pytest.mark.parametrize(
    "source",
    [
        '"""A module docstring, with words."""',
        'def f():\n    """A docstring, with words."""\n    return 1',
        'messages.success(request, gettext("Saved."))',
        "messages.success(request, SAVED)",
        'messages.success(request, HAND_UNDONE % {"number": 3})',
        "messages.error(request, sentence(problem))",
        'name = forms.CharField(label=gettext_lazy("Name"), required=False)',
        'field.choices = [("", gettext("Choose a player"))] + [(str(p.pk), p.name) for p in ps]',
        'widget = forms.NumberInput(attrs={"placeholder": NO_CAP, "inputmode": "numeric"})',
        "raise Http404(str(NO_SUCH_LINK))",
        'SAVED = gettext_lazy("Saved. The new rules apply from the next night.")',
        'LINES = {"beat": pgettext_lazy("hand played", "Play: beat the card.")}',
        'STAY = "stay"\nSESSION_KEY = "host_language"\nLOCALES = {"en": "en_US"}',
        'TEXT = \'font-family="system-ui, sans-serif" font-size="11"\'',
        'header = ["seq", "when", "by", "hand", "revision", "player", "kind", "amount"]',
        'url = reverse("night_detail", args=[night.pk]) + f"?after={hand.number}"',
        'key = f"password-reset:email:{address}"',
        'render(request, "tables/table_form.html#rules", {"form": form})',
        'svg = f\'<text x="{x}" y="{y}">{escape(label)}</text>\'',
        'line = f"{name} {chips}"',
        "def f(value, limit):\n    return value if len(value) <= limit else TOO_LONG",
        'problem = Code("dealer_missing", gettext_noop("Hand {hand}: choose the dealer."))',
    ],
)
def test_the_check_passes_what_is_marked_or_not_words(source):
    assert unmarked(source) == []


def test_the_check_reports_where_and_why():
    source = 'x = 1\n\n\ndef f(request):\n    messages.success(request, "Saved.")\n'
    assert [str(finding) for finding in unmarked(source)] == ["5: 'Saved.' (a message)"]


def test_an_allowed_machine_string_is_allowed_in_its_own_file_only():
    source = 'def f(amount):\n    return "pos" if amount > 0 else "neg" if amount < 0 else ""'
    assert unmarked(source, "presenters.py") == []
    assert [finding.text for finding in unmarked(source, "views/hands.py")] == ["pos", "neg"]


def test_a_hand_without_its_context_is_found():
    assert hands_without_context('x = gettext("Hand %(number)s was undone.")')
    assert hands_without_context('x = pgettext("log", "Hand log")')
    assert hands_without_context('x = ngettext("%(n)s hand", "%(n)s hands", n)')
    assert not hands_without_context('x = pgettext("hand played", "Hand log")')
    assert not hands_without_context(
        'x = npgettext("hand of cards", "%(n)s card in hand", "%(n)s cards in hand", n)'
    )
    assert not hands_without_context('x = gettext("Handle with care")')
    assert not hands_without_context('x = gettext_noop("Hand {hand}: choose the dealer.")')


def test_a_placeholder_in_the_wrong_style_or_unnamed_is_found():
    assert unnamed_or_wrong_placeholders('x = gettext("Hand {number} was undone.")')
    assert unnamed_or_wrong_placeholders('x = gettext("%s was undone.")')
    assert unnamed_or_wrong_placeholders('x = gettext_noop("Hand %(hand)s: choose.")')
    assert unnamed_or_wrong_placeholders('x = gettext_noop("Hand {}: choose.")')
    assert not unnamed_or_wrong_placeholders('x = gettext("%(name)s was undone; 50%% done.")')
    assert not unnamed_or_wrong_placeholders('x = gettext_noop("Hand {hand}: {value!r}.")')

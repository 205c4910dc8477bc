"""What makes a catalog incomplete or wrong, entry by entry, for the catalog tests.

Read with Babel (already a dependency): no gettext tools needed.
"""

import re
import string
from collections import Counter
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from django.conf import settings
from django.utils.translation import to_locale

LOCALE_DIR = Path(settings.BASE_DIR) / "locale"
# Each catalog's Plural-Forms: French and Brazilian Portuguese treat 0 as singular.
PLURAL_FORMS = {
    "it": "nplurals=2; plural=(n != 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "sv": "nplurals=2; plural=(n != 1);",
}
# %(name)s, %s, %d...; %% is a literal percent sign.
PERCENT = re.compile(
    r"%(?:\((?P<name>[^)]*)\))?[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?P<type>[a-zA-Z%])"
)


# The English inflections of bourré ("bourréd", "booray'd", "bourréing"...): the rule texts
# write them in quotation marks as a foreign word; the app writes the word itself in every
# language (docs/glossary.md, "bourré"): bourré, bourrés, never bourréd.
ENGLISH_BOURRE = re.compile(r"(?:bourr[eé]|booray)['\u2019]?(?:e?d|ing)s?\b", re.IGNORECASE)


def catalog_languages() -> list[str]:
    """The locale name of every catalog the settings promise: all languages but English."""
    return [to_locale(code) for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / "django.po"


def read(source: Path | str) -> tuple[Catalog, dict[str, str]]:
    """A catalog, and its header's fields as written (Babel's own header fills in
    defaults, such as a Plural-Forms, for fields the file lacks)."""
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    return read_po(BytesIO(text.encode())), _header_fields(text)


def _header_fields(text: str) -> dict[str, str]:
    """The fields of the header entry (the msgstr of the empty msgid at the top)."""
    lines = text.splitlines()
    start = next(
        (
            i
            for i, line in enumerate(lines[:-1])
            if line == 'msgid ""' and lines[i + 1].startswith("msgstr")
        ),
        None,
    )
    if start is None:
        return {}
    quoted = []
    for line in lines[start + 1 :]:
        line = line.removeprefix("msgstr ").strip()
        if not line.startswith('"'):
            break
        quoted.append(line[1:-1])
    fields = "".join(quoted).replace("\\n", "\n").split("\n")
    return {
        name.strip(): value.strip()
        for name, value in (field.split(":", 1) for field in fields if ":" in field)
    }


def placeholders(text: str) -> Counter:
    """The Python format placeholders in ``text``, both styles: %(name)s and {name}."""
    found: Counter = Counter()
    for match in PERCENT.finditer(text):
        if match["type"] != "%":
            found[("%", match["name"] or "", match["type"])] += 1
    try:
        fields = [field for _lit, field, _spec, _conv in string.Formatter().parse(text)]
    except ValueError:
        found[("{", "unbalanced braces", "")] += 1
    else:
        for field in fields:
            if field is not None:
                found[("{", field, "")] += 1
    return found


def _texts(value) -> list[str]:
    return list(value) if isinstance(value, tuple | list) else [value]


def problems(source: Path | str, locale: str) -> list[str]:
    """Everything wrong with a catalog: its header, then each entry that is untranslated,
    fuzzy, or whose placeholders differ from its msgid's."""
    catalog, header = read(source)
    found = []
    if header.get("Language") != locale:
        found.append(f"header: Language is {header.get('Language')!r}, not {locale!r}")
    if "Plural-Forms" not in header:
        found.append("header: no Plural-Forms")
    elif header["Plural-Forms"] != PLURAL_FORMS.get(locale, header["Plural-Forms"]):
        found.append(
            f"header: Plural-Forms is {header['Plural-Forms']!r}, not {PLURAL_FORMS[locale]!r}"
        )
    if catalog.fuzzy:
        found.append("header: the whole catalog is marked fuzzy (nothing would be compiled)")
    for message in catalog:
        if not message.id:
            continue
        found += [f"{_name(message)}: {problem}" for problem in _entry_problems(message)]
    return found


def _entry_problems(message: Message) -> list[str]:
    if message.fuzzy:
        return ["fuzzy"]
    strings = _texts(message.string)
    if not all(strings):
        return ["untranslated"]
    ids = _texts(message.id)
    # A plural's forms may each follow the singular or the plural msgid ("Un jeton" for
    # "One chip"), but never bring in or lose anything else.
    allowed = [placeholders(text) for text in ids]
    return [
        f"placeholders {sorted(placeholders(text))} differ from the msgid's {sorted(allowed[-1])}"
        for text in strings
        if placeholders(text) not in allowed
    ]


def _name(message: Message) -> str:
    text = _texts(message.id)[0]
    return f"[{message.context}] {text!r}" if message.context else repr(text)


def english_inflections(source: Path | str) -> list[str]:
    """Each entry whose translation writes bourré with an English inflection, and the form."""
    catalog, _header = read(source)
    return [
        f"{_name(message)}: {match[0]!r}"
        for message in catalog
        if message.id
        for text in _texts(message.string)
        for match in ENGLISH_BOURRE.finditer(text)
    ]

"""Players' and tables' names: the one form they are stored in, what they may not hold,
and when two names are the same name.

A name is what the players read on the settle-up ("Bob pays Ann"), so a name must not
hide characters that change how it or the text around it reads (a zero-width space, a
soft hyphen, a right-to-left override), and two names that look alike must count as one.
Every name a host can type goes through ``name_clean`` (player and table services) or,
for a night file, through ``name_normal``, ``name_hidden_character`` and ``name_key``.
"""

import unicodedata
from dataclasses import dataclass

from django.utils.translation import gettext

from ledger.errors import InvalidInput
from ledger.rules.errors import Code, gettext_noop

# A deleted account keeps its row (the marks and hands it wrote point at it) under a user
# name no one can sign up with: Django's user names hold only letters, digits and @.+-_.
FORMER_ACCOUNT_PREFIX = "~former-"

PLAYER_NAME_MAX = 40
TABLE_NAME_MAX = 80

PLAYER_NAME_REQUIRED = Code("player_name_required", gettext_noop("Give the player a name."))
PLAYER_NAME_TOO_LONG = Code(
    "player_name_too_long",
    gettext_noop("A player's name can be at most {limit} characters."),
    limit=PLAYER_NAME_MAX,
)
TABLE_NAME_REQUIRED = Code("table_name_required", gettext_noop("Give the table a name."))
TABLE_NAME_TOO_LONG = Code(
    "table_name_too_long",
    gettext_noop("A table's name can be at most {limit} characters."),
    limit=TABLE_NAME_MAX,
)
NAME_HIDDEN_CHARACTER = Code(
    "name_hidden_character",
    gettext_noop("A name cannot contain invisible or control characters (found {char})."),
)

# Control (Cc) and format (Cf) characters are invisible or change how text around them
# reads; unpaired surrogates (Cs) can reach us from a night file's JSON ("\ud800") and
# cannot be stored as UTF-8 at all.
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs"}

# Unicode's Default_Ignorable_Code_Point characters that are NOT format characters
# (DerivedCoreProperties.txt): a renderer shows nothing for them, so "Ann" followed by a
# Hangul filler or a variation selector looks like "Ann". They are not refused (a
# variation selector belongs in "❤️"), but two names differing only by them are one name.
_IGNORABLE_RANGES = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul choseong/jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180D),  # Mongolian free variation selectors
    (0x180F, 0x180F),
    (0x2065, 0x2065),
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),
    (0xE0000, 0xE0FFF),  # tags, variation selectors supplement, reserved
)


@dataclass(frozen=True)
class NameKind:
    """What is being named: how long its name may be and the problems that say so."""

    limit: int
    required: Code
    too_long: Code


PLAYER = NameKind(PLAYER_NAME_MAX, PLAYER_NAME_REQUIRED, PLAYER_NAME_TOO_LONG)
TABLE = NameKind(TABLE_NAME_MAX, TABLE_NAME_REQUIRED, TABLE_NAME_TOO_LONG)


def name_normal(raw: str) -> str:
    """The name as stored: Unicode NFC (an "é" typed as e + accent is the same "é"),
    trimmed, every run of whitespace one plain space. Checks nothing."""
    return " ".join(unicodedata.normalize("NFC", raw).split())


def _ignorable(char: str) -> bool:
    if unicodedata.category(char) in _REFUSED_CATEGORIES:
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in _IGNORABLE_RANGES)


def name_hidden_character(name: str) -> str | None:
    """The first character ``name`` may not hold, described for a person
    ("U+200B ZERO WIDTH SPACE"), or None."""
    for char in name:
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            label = unicodedata.name(char, "")
            return f"U+{ord(char):04X} {label}".rstrip()
    return None


def name_key(name: str) -> str:
    """What two names are compared by: equal keys are the same name. Case is ignored
    (casefold, so "STRAUSS" is "Strauß"), compatibility forms too (NFKC: "Ann" typed in
    full-width letters, U+FF21 and on, is "Ann"), and characters nobody can see are left out."""
    folded = unicodedata.normalize("NFKC", name_normal(name)).casefold()
    visible = "".join(c for c in folded if not _ignorable(c))
    return unicodedata.normalize("NFKC", " ".join(visible.split()))


def name_clean(raw: str, kind: NameKind = PLAYER) -> str:
    """``raw`` in its stored form, or InvalidInput saying what is wrong with it."""
    name = name_normal(raw or "")
    hidden = name_hidden_character(name)
    if hidden is not None:
        raise InvalidInput(NAME_HIDDEN_CHARACTER(char=hidden))
    if not name_key(name):  # nothing left, or only characters nobody can see
        raise InvalidInput(kind.required())
    if len(name) > kind.limit:
        raise InvalidInput(kind.too_long())
    return name


def account_name(user) -> str:
    """How a screen names an account: its user name, or "a former account" once deleted."""
    name = user.get_username()
    return gettext("a former account") if name.startswith(FORMER_ACCOUNT_PREFIX) else name

"""Free text that goes into a payment: a beneficiary's name, a message, a note.

Stored and sent in one form (the one player names use, ``ledger.names``): Unicode NFC,
trimmed, every run of whitespace one space, so a pasted line break cannot shift the lines
of an EPC payload or split a Swish field. Control and format characters are refused: they
are invisible, and a right-to-left override would make the payer's banking app show a name
other than the one checked.
"""

from __future__ import annotations

import unicodedata

from ledger.names import name_hidden_character, name_normal

from .errors import TEXT_EMPTY, TEXT_HIDDEN_CHARACTER, TEXT_NOT_PLAIN, TEXT_TOO_LONG, fail

# The characters the EMV QR specification calls "ans" (alphanumeric special): printable
# ASCII, space to tilde. A BR Code's name, city and description are written in them.
_PLAIN_FIRST, _PLAIN_LAST = 0x20, 0x7E


def text_clean(value: str, *, field: str, limit: int, required: bool = True) -> str:
    """``value`` in its one form, or PaymentDetailsError: empty (when ``required``), an
    invisible or control character, or longer than ``limit`` characters. ``""`` when it
    is empty and not required."""
    if not isinstance(value, str):
        raise TypeError(f"{field} must be a str (got {type(value).__name__})")
    text = name_normal(value)
    hidden = name_hidden_character(text)
    if hidden is not None:
        raise fail(TEXT_HIDDEN_CHARACTER(field=field, character=hidden))
    if not text:
        if required:
            raise fail(TEXT_EMPTY(field=field))
        return ""
    if len(text) > limit:
        raise fail(TEXT_TOO_LONG(field=field, limit=limit, length=len(text)))
    return text


def plain_text_clean(value: str, *, field: str, limit: int, required: bool = True) -> str:
    """``value`` cleaned, then written in printable ASCII: accents are dropped
    ("São Paulo" is "Sao Paulo", as Brazilian banks print it); any other character
    ("ß", "€", "日") is refused, since a BR Code field holds only these."""
    text = text_clean(value, field=field, limit=limit, required=required)
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    for char in plain:
        if not _PLAIN_FIRST <= ord(char) <= _PLAIN_LAST:
            raise fail(TEXT_NOT_PLAIN(field=field, character=char))
    if len(plain) > limit:  # NFKD can lengthen a ligature ("ﬁ" is "fi")
        raise fail(TEXT_TOO_LONG(field=field, limit=limit, length=len(plain)))
    return plain

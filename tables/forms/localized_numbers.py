"""Numbers as the host types them: in the active language's way ("0,50", "1 234,50",
"1.234,50" in Brazilian Portuguese), read with Babel's CLDR data, bounded, and shown back
in the same way.

Every number typed anywhere in the app goes through one of these fields, so a decimal
comma is read the same on every form, and a refusal is worded here, once, without the
field's name: the refusal's summary puts the field's label in front of it
(tables.responses.form_problems).
"""

import re
from decimal import Decimal

from babel import numbers as babel_numbers
from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy, ngettext

from ledger.rules.money import decimal_places
from tables.languages import babel_locale

# Longer than any number the bounds let through, grouped, with room: longer is not a
# number, and Babel is never handed a page of text.
TYPED_MAX = 32

# What a number may be typed with: digits, a sign, the separators of the six languages
# (a dot, a comma, spaces of every width). Babel would also read "NaN", "1E+9" or other
# scripts' digits, which no host means.
_TYPED = re.compile(r"[-+]?[0-9][0-9.,\s\u00a0\u2007\u2009\u202f]*")
# Every space a host's keyboard or a copied number may group digits with.
_SPACES = re.compile(r"[\s\u00a0\u2007\u2009\u202f]")
# A number in the machine's way ("0.50", "12.5"): read as such when the language's way
# does not read it, since a phone's decimal keypad may offer only a dot.
_PLAIN = re.compile(r"[-+]?[0-9]+(\.[0-9]+)?")

# The keypad a phone offers: digits, and a decimal separator where places are allowed.
INPUTMODES = {False: "numeric", True: "decimal"}

# The refusals, each worded without the field (the summary names it by its label).
NUMBER_INVALID = gettext_lazy("Type a number, such as %(example)s.")
WHOLE_INVALID = gettext_lazy("Type a whole number, such as %(example)s.")
TOO_SMALL = gettext_lazy("Type at least %(limit)s.")
NOT_MORE_THAN = gettext_lazy("Type more than %(limit)s.")
TOO_LARGE = gettext_lazy("Type at most %(limit)s.")
REQUIRED = gettext_lazy("Type a number.")


def too_precise(places: int) -> str:
    return ngettext(
        "Type at most %(places)s decimal place.", "Type at most %(places)s decimal places.", places
    ) % {"places": places}


def parse_number(text: str, locale: str | None = None) -> Decimal | None:
    """``text`` as a number written in ``locale``'s way (default: the active language's),
    or None when it is not one. Spaces of any width group digits in every language; a
    plain "12.50" is read as the machine writes it when the language reads it otherwise
    (in Portuguese "1.234" is still a thousand two hundred and thirty-four)."""
    text = text.strip()
    if not text or len(text) > TYPED_MAX or not _TYPED.fullmatch(text):
        return None
    locale = locale or babel_locale()
    grouped = _SPACES.sub(babel_numbers.get_group_symbol(locale), text)
    try:
        # Strict: "1,2,3" or "1.23.4" is a typo, not 123 or 1234.
        value = babel_numbers.parse_decimal(grouped, locale, strict=True)
    except babel_numbers.NumberFormatError:
        if not _PLAIN.fullmatch(text):
            return None
        value = Decimal(text)
    return value if value.is_finite() else None


def format_number(value: Decimal | int, locale: str | None = None) -> str:
    """``value`` in ``locale``'s way (default: the active language's), grouped, with every
    decimal place it has ("0.50" is "0,50", not "0,5")."""
    places = max(0, -value.as_tuple().exponent) if isinstance(value, Decimal) else 0
    pattern = "#,##0" + ("." + "0" * places if places else "")
    return babel_numbers.format_decimal(value, format=pattern, locale=locale or babel_locale())


class LocalizedDecimalField(forms.Field):
    """A number typed in the active language's way, from ``min_value`` (or more than it,
    ``min_exclusive``) to ``max_value``, with at most ``places`` decimal places: a Decimal
    (None when left empty and not required). A text input with a decimal keypad:
    ``type=number`` refuses a decimal comma in some browsers."""

    widget = forms.TextInput
    invalid_message = NUMBER_INVALID
    example = Decimal("0.25")

    def __init__(
        self,
        *,
        min_value: Decimal | int,
        max_value: Decimal | int,
        places: int,
        min_exclusive: bool = False,
        **kwargs,
    ) -> None:
        self.min_value, self.max_value, self.places = min_value, max_value, places
        self.min_exclusive = min_exclusive
        kwargs.setdefault("error_messages", {}).setdefault("required", REQUIRED)
        super().__init__(**kwargs)

    def widget_attrs(self, widget) -> dict:
        return {
            **super().widget_attrs(widget),
            "inputmode": INPUTMODES[bool(self.places)],
            "maxlength": TYPED_MAX,
            "autocomplete": "off",
        }

    def prepare_value(self, value):
        """The initial value as the language writes it; what was typed, as typed."""
        if isinstance(value, Decimal | int) and not isinstance(value, bool):
            return format_number(value)
        return value

    def to_python(self, value) -> Decimal | None:
        if isinstance(value, Decimal | int) and not isinstance(value, bool):
            return Decimal(value)
        text = str(value or "").strip()
        if not text:
            return None
        number = parse_number(text)
        if number is None:
            raise ValidationError(
                self.invalid_message % {"example": format_number(self.example)}, code="invalid"
            )
        return number

    def validate(self, value) -> None:
        super().validate(value)
        if value is None:
            return
        if self.min_exclusive and value <= self.min_value:
            raise ValidationError(
                NOT_MORE_THAN % {"limit": format_number(self.min_value)}, code="min_value"
            )
        if value < self.min_value:
            raise ValidationError(
                TOO_SMALL % {"limit": format_number(self.min_value)}, code="min_value"
            )
        if value > self.max_value:
            raise ValidationError(
                TOO_LARGE % {"limit": format_number(self.max_value)}, code="max_value"
            )
        if decimal_places(value) > self.places:
            raise ValidationError(too_precise(self.places), code="max_decimal_places")


class LocalizedWholeField(LocalizedDecimalField):
    """A whole number typed in the active language's way ("1 000", "1.000" in Italian),
    between ``min_value`` and ``max_value``: an int (None when empty, not required)."""

    invalid_message = WHOLE_INVALID
    example = Decimal(12)

    def __init__(self, *, min_value: int, max_value: int, **kwargs) -> None:
        super().__init__(min_value=min_value, max_value=max_value, places=0, **kwargs)

    def validate(self, value) -> None:
        if value is not None and decimal_places(value):
            raise ValidationError(
                WHOLE_INVALID % {"example": format_number(self.example)}, code="invalid"
            )
        super().validate(value)

    def clean(self, value) -> int | None:
        number = super().clean(value)
        return None if number is None else int(number)

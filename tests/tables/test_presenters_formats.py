"""Money, chips and dates as each language writes them (Babel's CLDR data), and English
as it was."""

import datetime
from decimal import Decimal

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from tables import presenters
from tables.languages import babel_locale

NBSP = "\u00a0"  # no-break space
NNBSP = "\u202f"  # narrow no-break space, French digit groups


@pytest.mark.parametrize(
    ("language", "locale"),
    [
        ("en", "en_US"),
        ("it", "it_IT"),
        ("pt-br", "pt_BR"),
        ("es", "es_ES"),
        ("fr", "fr_FR"),
        ("sv", "sv_SE"),
    ],
)
def test_each_language_writes_numbers_as_its_country_does(language, locale):
    assert babel_locale(language) == locale
    with translation.override(language):
        assert babel_locale() == locale


@pytest.mark.parametrize(
    ("language", "amount", "currency", "shown"),
    [
        # The four examples.
        ("sv", "1234.50", "SEK", f"1{NBSP}234,50{NBSP}kr"),
        ("pt-br", "1234.50", "BRL", f"R${NBSP}1.234,50"),
        ("fr", "1234.50", "EUR", f"1{NNBSP}234,50{NBSP}€"),
        ("en", "1234.50", "USD", "$1,234.50"),
        # The rest of the six, and signs.
        ("it", "1234.50", "EUR", f"1.234,50{NBSP}€"),
        ("es", "1234.50", "EUR", f"1.234,50{NBSP}€"),
        ("sv", "-16.00", "SEK", f"-16,00{NBSP}kr"),
        ("pt-br", "-3.00", "USD", f"-US${NBSP}3,00"),
        ("en", "-16.00", "USD", "-$16.00"),
        ("en", "1200", "JPY", "¥1,200"),
        # A symbol made of letters keeps apart from the digits (CLDR's currency spacing).
        ("en", "25.00", "SEK", f"SEK{NBSP}25.00"),
        ("pt-br", "25.00", "SEK", f"SEK{NBSP}25,00"),
        # Every digit is kept, whatever the currency's usual places.
        ("en", "1.505", "USD", "$1.505"),
        ("sv", "0.25", "EUR", f"0,25{NBSP}€"),
    ],
)
def test_money_is_written_as_the_language_writes_it(language, amount, currency, shown):
    with translation.override(language):
        assert presenters.money(Decimal(amount), currency) == shown


def test_money_in_english_is_as_before():
    with translation.override("en"):
        assert presenters.money(Decimal("3.00"), "USD") == "$3.00"
        assert presenters.money(Decimal("-1.50"), "EUR") == "-€1.50"
        assert presenters.money(Decimal("1200.00"), "GBP") == "£1,200.00"
        assert presenters.money_totals({"USD": Decimal("12.00"), "EUR": Decimal("-3.50")}) == (
            "$12.00 + -€3.50"
        )


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", ["+12", "-16", "0", "+1,234", "-12,345"]),
        ("sv", ["+12", "-16", "0", f"+1{NBSP}234", f"-12{NBSP}345"]),
        ("fr", ["+12", "-16", "0", f"+1{NNBSP}234", f"-12{NNBSP}345"]),
        ("pt-br", ["+12", "-16", "0", "+1.234", "-12.345"]),
        ("it", ["+12", "-16", "0", "+1.234", "-12.345"]),
    ],
)
def test_chips_keep_their_sign_and_group_as_the_language_does(language, shown):
    with translation.override(language):
        assert [presenters.chips(n) for n in (12, -16, 0, 1234, -12345)] == shown


def test_a_count_of_chips_is_grouped_without_a_sign():
    with translation.override("sv"):
        assert presenters.whole(1234567) == f"1{NBSP}234{NBSP}567"
    with translation.override("en"):
        assert presenters.whole(1234567) == "1,234,567"
        assert presenters.whole(-5) == "-5"


SATURDAY_NIGHT = datetime.datetime(2025, 4, 5, 20, 30)


@pytest.mark.parametrize(
    ("language", "skeleton", "shown"),
    [
        ("en", "full", "Saturday, April 5, 2025"),
        ("sv", "full", "lördag 5 april 2025"),
        ("pt-br", "full", "sábado, 5 de abril de 2025"),
        ("fr", "full", "samedi 5 avril 2025"),
        ("es", "full", "sábado, 5 de abril de 2025"),
        ("it", "full", "sabato 5 aprile 2025"),
        ("en", "yMMMEd", "Sat, Apr 5, 2025"),
        ("sv", "yMMMEd", "lör 5 apr. 2025"),
        ("pt-br", "MMMEd", "sáb., 5 de abr."),
        ("en", "yMMMd", "Apr 5, 2025"),
        ("fr", "yMMMd", "5 avr. 2025"),
        ("en", "Hm", "20:30"),
        ("sv", "Hm", "20:30"),
    ],
)
def test_dates_are_written_as_the_language_writes_them(language, skeleton, shown):
    with translation.override(language):
        assert presenters.local_date(SATURDAY_NIGHT, skeleton) == shown


def test_the_date_filter_shows_the_visitors_local_time_in_their_language(settings):
    settings.TIME_ZONE = "America/Chicago"
    # 01:30 UTC on Sunday is still Saturday evening in Louisiana.
    late = datetime.datetime(2025, 4, 6, 1, 30, tzinfo=datetime.UTC)
    template = Template('{{ when|local_date:"yMMMEd" }} {{ when|local_date:"Hm" }}')

    with timezone.override("America/Chicago"), translation.override("sv"):
        assert template.render(Context({"when": late})) == "lör 5 apr. 2025 20:30"
    with timezone.override("America/Chicago"), translation.override("en"):
        assert template.render(Context({"when": late})) == "Sat, Apr 5, 2025 20:30"
    assert Template("{{ when|local_date }}").render(Context({"when": None})) == ""

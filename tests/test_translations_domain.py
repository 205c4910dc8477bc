"""Every word the domain (``ledger``) gives a person to read is marked for translation.

Static checks on the source, so a problem no test happens to raise is checked too:
makemessages finds a string only as the literal argument of a translation function
(``gettext_noop`` in the pure engine, Django's ``gettext``, ``pgettext_lazy``... elsewhere),
so a problem's template, a house rule's help or a preset's name written any other way would
stay English on every screen. The models' names and choices, which the admin and some
screens show, must be lazy translations (worded when shown, not when the module loads).
"""

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest
from django.apps import apps
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import trans_real

import ledger
from ledger import rules
from ledger.rules import Code
from ledger.selectors.night_reports import LogRow

ROOT = Path(ledger.__file__).resolve().parent
# Migrations only copy the models' labels; nothing in them is shown from there.
SKIPPED = {"migrations"}
# Each translation function makemessages knows, and which of its arguments are messages.
MESSAGE_ARGUMENTS = {
    "gettext_noop": (0,),
    "gettext": (0,),
    "gettext_lazy": (0,),
    "ngettext": (0, 1),
    "ngettext_lazy": (0, 1),
    "pgettext": (0, 1),
    "pgettext_lazy": (0, 1),
}


def _sources() -> list[Path]:
    return [
        path
        for path in sorted(ROOT.rglob("*.py"))
        if not SKIPPED & set(path.relative_to(ROOT).parts)
    ]


def _name(func: ast.expr) -> str | None:
    """``Code`` for ``Code(...)`` and ``e.Code(...)``: the name being called."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _calls(source: Path | str) -> list[ast.Call]:
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    return [node for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Call)]


def _is_literal(node: ast.expr) -> bool:
    # Adjacent literals ("a " "b") are one constant already; an f-string is not one.
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _marked_literals() -> set[str]:
    """Every string makemessages would take from ``ledger``."""
    return {
        call.args[0].value
        for path in _sources()
        for call in _calls(path)
        if _name(call.func) == "gettext_noop" and call.args and _is_literal(call.args[0])
    }


def _ledger_modules() -> list[str]:
    return [
        info.name
        for info in pkgutil.walk_packages([str(ROOT)], prefix="ledger.")
        if not SKIPPED & set(info.name.split("."))
    ]


def _codes() -> list[tuple[str, Code]]:
    """(module, code) for every ``Code`` a ledger module holds, alone or in a dict."""
    found = []
    for name in _ledger_modules():
        for value in vars(importlib.import_module(name)).values():
            values = value.values() if isinstance(value, dict) else [value]
            found += [(name, code) for code in values if isinstance(code, Code)]
    return found


def _unmarked_codes(source: Path | str) -> list[int]:
    """Lines of ``source`` where a Code's template is not ``gettext_noop("literal")``."""
    return [
        call.lineno
        for call in _calls(source)
        if _name(call.func) == "Code"
        and not (
            len(call.args) >= 2
            and isinstance(call.args[1], ast.Call)
            and _name(call.args[1].func) == "gettext_noop"
            and len(call.args[1].args) == 1
            and _is_literal(call.args[1].args[0])
        )
    ]


def _not_literal_messages(source: Path | str) -> list[int]:
    """Lines of ``source`` calling a translation function with a message that is not a
    literal: looked up at run time, never extracted, so it stays English."""
    return [
        call.lineno
        for call in _calls(source)
        if _name(call.func) in MESSAGE_ARGUMENTS
        and not all(
            index < len(call.args) and _is_literal(call.args[index])
            for index in MESSAGE_ARGUMENTS[_name(call.func)]
        )
    ]


def test_the_checks_see_a_template_or_message_makemessages_would_miss():
    source = (
        'A = Code("a", gettext_noop("Marked {x}."))\n'
        'B = e.Code("b", gettext_noop("Marked " "in two parts."), key="b")\n'
        'C = Code("c", "Not marked.")\n'
        'D = e.Code("d", gettext_noop(f"An f-string {x}."))\n'
        'E = Code("e", gettext_noop(TEMPLATE))\n'
        'F = Code("f", gettext("Translated when the module loads."))\n'
        'g = pgettext("context", "Marked.")\n'
        "h = gettext(variable)\n"
        'i = ngettext("One", plural, n)\n'
        'j = pgettext_lazy(context, "Marked.")\n'
    )

    assert sorted(_unmarked_codes(source)) == [3, 4, 5, 6]
    assert sorted(_not_literal_messages(source)) == [4, 5, 8, 9, 10]


def test_every_code_is_written_with_its_template_marked_where_it_is_defined():
    unmarked = [
        f"{path.relative_to(ROOT.parent)}:{line}"
        for path in _sources()
        for line in _unmarked_codes(path)
    ]
    assert unmarked == []


def test_every_code_the_ledger_holds_has_a_template_makemessages_finds():
    codes = _codes()
    marked = _marked_literals()
    written = [call for path in _sources() for call in _calls(path) if _name(call.func) == "Code"]

    # Each Code(...) written is found here, once (a module importing another's is not twice).
    assert len({code.code for _module, code in codes}) == len(written) > 150
    assert [f"{module}: {code.code}" for module, code in codes if code.template not in marked] == []


def test_a_code_whose_parameter_holds_words_uses_that_parameter_in_its_template():
    worded = {code.code: code for _module, code in _codes() if code.words}

    assert set(worded) == {"hand_field_wrong_type", "document_not_object", "amount_too_large"}
    for code in worded.values():
        assert all("{" + name + "}" in code.template for name in code.words), code.code


def test_every_call_of_a_translation_function_in_the_ledger_gives_it_literal_messages():
    not_literal = [
        f"{path.relative_to(ROOT.parent)}:{line}"
        for path in _sources()
        for line in _not_literal_messages(path)
    ]
    assert not_literal == []


def test_each_house_rules_help_and_each_presets_name_and_description_is_marked():
    marked = _marked_literals()

    assert set(rules.RULE_HELP) == set(rules.RULE_FIELDS)
    assert [key for key, text in rules.RULE_HELP.items() if text not in marked] == []
    assert [
        preset.slug
        for preset in rules.PRESETS.values()
        if preset.label not in marked or preset.description not in marked
    ] == []


def _labels(model) -> list[tuple[str, object]]:
    meta = model._meta
    found = [("verbose_name", meta.verbose_name), ("verbose_name_plural", meta.verbose_name_plural)]
    for field in meta.get_fields():
        if field.auto_created or not field.concrete:
            continue
        found.append((field.name, field.verbose_name))
        found += [(f"{field.name}={value}", label) for value, label in field.flatchoices]
    return found


@pytest.mark.parametrize("model", list(apps.get_app_config("ledger").get_models()), ids=str)
def test_each_models_names_fields_and_choices_are_lazy_translations(model):
    assert [name for name, label in _labels(model) if not isinstance(label, Promise)] == []


def test_the_apps_name_in_the_admin_is_a_lazy_translation():
    assert isinstance(apps.get_app_config("ledger").verbose_name, Promise)


@pytest.fixture
def swedish(monkeypatch):
    """The Swedish catalog, given the entries a test needs: (context, msgid) -> text."""
    catalog = trans_real.translation("sv")._catalog._catalogs[0]

    def add(entries: dict) -> None:
        for (context, msgid), text in entries.items():
            key = f"{context}\x04{msgid}" if context else msgid
            monkeypatch.setitem(catalog, key, text)

    return add


def _row(**changes) -> LogRow:
    facts = {
        "number": 4,
        "dealer": "Ann",
        "misdeal": False,
        "corrected": False,
        "stayed": [("Bob", 3), ("Dee", 0)],
        "winner": "Bob",
        "takes": 8,
        "bourres": [("Dee", 8)],
        "reneges": [("Cy", 8)],
        "pot_after": 8,
    }
    return LogRow(**{**facts, **changes})


def test_the_hand_logs_words_are_in_the_language_of_the_page(swedish):
    swedish(
        {
            (None, "%(name)s bourré %(amount)s"): "%(name)s bourré %(amount)s",
            (
                "breaking a play obligation",
                "%(name)s renege %(amount)s",
            ): "%(name)s renonsering %(amount)s",
            ("stay or fold", "%(name)s alone"): "%(name)s ensam",
            ("stay or fold", "nobody stayed"): "ingen spelade",
            (None, "misdeal"): "felgiv",
        }
    )
    english = [_row().payments_text, _row(stayed=[("Bob", 5)]).stayed_text]

    with translation.override("sv"):
        assert _row().payments_text == "Dee bourré 8, Cy renonsering 8"
        assert _row(stayed=[("Bob", 5)]).stayed_text == "Bob ensam"
        assert _row(stayed=[]).stayed_text == "ingen spelade"
        assert _row(misdeal=True).stayed_text == "felgiv"
    assert english == ["Dee bourré 8, Cy renege 8", "Bob alone"]


def test_a_models_choice_is_shown_in_the_language_of_the_page(swedish):
    from ledger.models import Hand

    swedish({(None, "Replayed after a correction"): "Räknad om efter en rättelse"})
    hand = Hand(kind=Hand.REPLAY)

    with translation.override("sv"):
        assert hand.get_kind_display() == "Räknad om efter en rättelse"
    assert hand.get_kind_display() == "Replayed after a correction"

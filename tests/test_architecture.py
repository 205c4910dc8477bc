"""One way through the code: ``ledger`` is the domain and never imports ``tables``,
the web front; and every model lives in ``ledger``.

Read from the source with ``ast``, so an import inside a function or behind
``if TYPE_CHECKING`` counts as much as one at the top of a module.
"""

import ast
from pathlib import Path

from django.apps import apps

ROOT = Path(__file__).resolve().parent.parent
FRONT = "tables"


def _imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import statement in ``tree``; relative
    imports (``from . import x``) stay inside their package and are left out."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def _imports_of(module: str, source: str) -> list[int]:
    """Lines of ``source`` that import ``module`` or anything inside it."""
    return [
        line
        for line, name in _imported_modules(ast.parse(source))
        if name == module or name.startswith(f"{module}.")
    ]


def test_the_check_sees_imports_at_the_top_inside_functions_and_from_submodules():
    source = (
        "import tables\n"
        "from tables.models import Night\n"
        "def f():\n"
        "    import tables.presenters as p\n"
        "    from tables import presenters\n"
        "from ledger.services.tables import player_add\n"
        "from .tables import x\n"
        "import tablesaw\n"
    )
    assert _imports_of(FRONT, source) == [1, 2, 4, 5]


def test_ledger_imports_nothing_from_tables():
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "ledger").rglob("*.py"))
        for line in _imports_of(FRONT, path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_tables_has_no_models_and_no_migrations():
    tables = ROOT / "tables"
    assert not (tables / "models.py").exists()
    assert not (tables / "models").exists()
    assert not (tables / "migrations").exists()


def test_every_model_is_the_ledgers():
    assert list(apps.get_app_config("tables").get_models()) == []
    assert {model.__name__ for model in apps.get_app_config("ledger").get_models()} == {
        "Table",
        "Player",
        "Night",
        "Seat",
        "RosterChange",
        "Hand",
        "Entry",
        "ShareLink",
        "NightImport",
        "HostSettings",
        "PaymentMethod",
        "PaymentMethodWithdrawal",
        "PaymentMark",
        "PaymentMarkReversal",
        "DebtPool",
        "DebtPoolSource",
        "PooledTransfer",
    }


def test_no_module_is_named_after_a_mechanism():
    # Modules are named for what they hold: the id/name conversion that a "bridge" did
    # is gone (the engine takes player ids), and nothing took its name.
    mechanisms = {"bridge", "json_list", "services_share"}
    found = [
        str(path.relative_to(ROOT))
        for package in ("ledger", "tables")
        for path in (ROOT / package).rglob("*.py")
        if path.stem in mechanisms
    ]
    assert found == []

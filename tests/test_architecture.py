"""One way through the code: ``ledger`` is the domain and never imports ``tables``,
the web front; every model lives in ``ledger``; and the code uses Django's public API
only, so a Django upgrade breaks nothing it did not announce.

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


# --- Django's public API only ----------------------------------------------------------

# Every package of the project's own code (the tests may look inside Django).
OWN_CODE = ("ledger", "tables", "config", "bench")
# Underscored names Django documents as public: a model's options (Model._meta) and
# instance state (Model._state, "adding" and "db"); and namedtuple's own API, which
# underscores its methods so as not to clash with the fields.
PUBLIC_UNDERSCORED = {"_meta", "_state", "_replace", "_asdict", "_fields"}
# Django's internals: the SQL compiler and query classes (django.db.models.sql), the
# database backends (django.db.backends: the ENGINE setting names one, no code needs to
# import from one; its documented signals module is not needed either) and the template
# engine's own parser and nodes (django.template.base: django.template exports what
# custom tags are documented to use).
DJANGO_INTERNAL_MODULES = ("django.db.models.sql", "django.db.backends", "django.template.base")
# Importable names that Django's documentation never mentions, each once used here: the
# test runner's query capture, the conditional-response helper and ETag quoting of
# django.utils.cache, the lazy object of django.utils.functional, the JSON key transform
# that KT() documents, and the i18n tag library as a module (templates load it; its
# nodes are no API).
UNDOCUMENTED_NAMES = {
    ("django.templatetags", "i18n"),
    ("django.test.utils", "CaptureQueriesContext"),
    ("django.utils.cache", "get_conditional_response"),
    ("django.utils.cache", "quote_etag"),
    ("django.utils.http", "quote_etag"),
    ("django.utils.functional", "SimpleLazyObject"),
    ("django.db.models.fields.json", "KeyTextTransform"),
}
# Undocumented attributes of Django's objects, named so nothing else is: a connection's
# operations, settings and error wrapper, a query's compiled SQL and compiler, a field's
# column expression and converters.
UNDOCUMENTED_ATTRIBUTES = {
    "ops",
    "settings_dict",
    "wrap_database_errors",
    "sql_with_params",
    "get_compiler",
    "cached_col",
    "get_db_converters",
}


def _underscored(name: str) -> bool:
    """A single-underscore name, which Python marks as private (not a __dunder__)."""
    return name.startswith("_") and not name.startswith("__")


def _django_module_problem(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "django":
        return None
    if any(_underscored(part) for part in parts):
        return f"private module {module}"
    for internal in DJANGO_INTERNAL_MODULES:
        if module == internal or module.startswith(f"{internal}."):
            return f"Django-internal module {module}"
    return None


def _private_django_uses(source: str) -> list[tuple[int, str]]:
    """(line, what) of every use in ``source`` of what Django does not make public."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            on_self = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if _underscored(node.attr) and not on_self and node.attr not in PUBLIC_UNDERSCORED:
                found.append((node.lineno, f"private attribute {node.attr}"))
            elif node.attr in UNDOCUMENTED_ATTRIBUTES:
                found.append((node.lineno, f"undocumented attribute {node.attr}"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if problem := _django_module_problem(alias.name):
                    found.append((node.lineno, problem))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if problem := _django_module_problem(node.module):
                found.append((node.lineno, problem))
                continue
            if node.module.split(".")[0] != "django":
                continue
            for alias in node.names:
                submodule = _django_module_problem(f"{node.module}.{alias.name}")
                if _underscored(alias.name):
                    found.append((node.lineno, f"private name {alias.name}"))
                elif submodule:
                    found.append((node.lineno, submodule))
                elif (node.module, alias.name) in UNDOCUMENTED_NAMES:
                    found.append((node.lineno, f"undocumented name {alias.name}"))
    return sorted(found)


def test_the_check_sees_each_kind_of_private_django_api_and_lets_the_public_ones_by():
    source = (
        "from django.db.models.sql.query import Query\n"  # 1: internal module
        "import django.db.backends.utils\n"  # 2: internal module
        "from django.db.models import sql\n"  # 3: internal module, by name
        "from django.utils.text import _format_lazy\n"  # 4: private name
        "from django.utils import _os\n"  # 5: private module, by name
        "from django.test.utils import CaptureQueriesContext\n"  # 6: undocumented
        "column = field.cached_col\n"  # 7: undocumented attribute
        "quote = connection.ops.quote_name\n"  # 8: undocumented attribute
        "night._prefetched_objects_cache\n"  # 9: private attribute
        "self._cache, cls._registry, night._meta, night._state.adding\n"
        "point._replace(x=1), point._asdict(), point._fields\n"
        "from django.db.models import Q, FilteredRelation\n"
        "from django.db.models.fields.json import KT\n"
        "from .sql import x\n"
        "from ledger._private import y\n"
        "from django.templatetags.static import static\n"
        "from django.templatetags import i18n\n"  # 17: undocumented, as a module
        "connection.features.has_select_for_update, connection.vendor\n"
    )

    assert [line for line, _ in _private_django_uses(source)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 17]


def test_the_code_uses_no_private_django_api():
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for package in OWN_CODE
        for path in sorted((ROOT / package).rglob("*.py"))
        for line, what in _private_django_uses(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []

"""One way through the code: ``ledger`` is the domain and never imports ``tables``,
the web front; every model lives in ``ledger``; an append-only record has one
mechanism, ``ledger/models/append_only.py`` with the triggers of
``ledger/append_only_triggers.py``; in the web front a view imports no other view and
answers through ``tables/responses.py``; the code uses Django's public API only, so a
Django upgrade breaks nothing it did not announce; and every row lock is FOR NO KEY
UPDATE (the lock order of ``ledger/services/__init__.py``).

Read from the source with ``ast``, so an import inside a function or behind
``if TYPE_CHECKING`` counts as much as one at the top of a module.
"""

import ast
import re
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
        "DebtPair",
        "DebtBalance",
        "NightResult",
        "NightSummary",
        "NightTransfer",
        "PlayerYear",
        "PlayerYearTotal",
        "PasswordResetRequest",
        "PlayerLink",
        "PlayerUnlink",
        "PlayerInvite",
        "PlayerInviteWithdrawal",
        "PlayerInviteAttempt",
        "CoHostGrant",
        "CoHostRevocation",
        "SeatClaim",
        "SeatClaimAnswer",
        "PaymentSent",
        "PaymentSentConfirmation",
        "Notice",
        "NoticeOptOut",
        "PushSubscription",
        "MailRefusal",
        "Passkey",
        "SignInCode",
        "Erasure",
        "Schedule",
        "ScheduleSkip",
        "RsvpAnswer",
        "RsvpLink",
        "CalendarFeed",
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


# --- One append-only mechanism ---

APPEND_ONLY_BASE = Path("ledger/models/append_only.py")
TRIGGER_MODULE = Path("ledger/append_only_triggers.py")
# The database's other trigger: it keeps each seat's running balance, and refuses nothing.
TRIGGER_MODULES = (TRIGGER_MODULE, Path("ledger/seat_chips.py"))
QUERYSET_REFUSALS = {"update", "delete", "bulk_update"}
CREATE_TRIGGER = re.compile(r"\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?TRIGGER\b", re.I)
TRIGGER_SQL = re.compile(r"\bTRIGGER\b", re.I)


def _base_names(node: ast.ClassDef) -> list[str]:
    return [
        base.id if isinstance(base, ast.Name) else base.attr
        for base in node.bases
        if isinstance(base, ast.Name | ast.Attribute)
    ]


def _raises_permission_error(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = getattr(raised, "id", None) or getattr(raised, "attr", None)
            if name == "PermissionError":
                return True
    return False


def _strings(tree: ast.AST) -> list[ast.Constant]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def _append_only_mechanisms(
    source: str, *, is_base: bool = False, is_trigger_module: bool = False
) -> list[str]:
    """Each piece of a second append-only mechanism in ``source``, as "line: what": a
    queryset (or manager) that defines ``update``, ``delete`` or ``bulk_update``, a
    ``save`` or ``delete`` that raises PermissionError, SQL that creates a trigger."""
    tree = ast.parse(source)
    classes = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    # A queryset may subclass another of the same module's, defined anywhere in it.
    querysets: set[str] = set()
    while more := {
        cls.name
        for cls in classes
        if cls.name not in querysets
        and any(
            base.endswith(("QuerySet", "Manager")) or base in querysets for base in _base_names(cls)
        )
    }:
        querysets |= more
    found = []
    if not is_base:
        for cls in classes:
            for method in cls.body:
                if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                if cls.name in querysets and method.name in QUERYSET_REFUSALS:
                    found.append(f"{method.lineno}: {cls.name}.{method.name}")
                elif method.name in {"save", "delete"} and _raises_permission_error(method):
                    found.append(f"{method.lineno}: {cls.name}.{method.name} refuses")
    if not is_trigger_module:
        found += [
            f"{node.lineno}: CREATE TRIGGER"
            for node in _strings(tree)
            if CREATE_TRIGGER.search(node.value)
        ]
    return sorted(found, key=lambda where: int(where.split(":")[0]))


def _imports_trigger_module(source: str) -> bool:
    modules = {".".join(path.with_suffix("").parts) for path in TRIGGER_MODULES}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        else:
            continue
        if modules & set(names):
            return True
    return False


def test_the_append_only_check_sees_a_second_mechanism():
    source = (
        "from django.db import models\n"
        "class FrozenQuerySet(models.QuerySet):\n"
        "    def update(self, **kwargs):\n"
        "        return 0\n"
        "    def current(self):\n"
        "        return self\n"
        "class StrictQuerySet(FrozenQuerySet):\n"
        "    def bulk_update(self, objs, fields, batch_size=None):\n"
        "        raise PermissionError('no')\n"
        "class Record(models.Model):\n"
        "    def save(self, *args, **kwargs):\n"
        "        if not self._state.adding:\n"
        "            raise PermissionError\n"
        "    def delete(self, *args, **kwargs):\n"
        "        raise ValueError('not this way')\n"
        "class Draft:\n"
        "    def update(self, **kwargs):\n"
        "        pass\n"
        "SQL = 'create  trigger x before update on y begin select 1; end'\n"
        "f'DROP TRIGGER IF EXISTS {SQL}'\n"
    )

    assert _append_only_mechanisms(source) == [
        "3: FrozenQuerySet.update",
        "8: StrictQuerySet.bulk_update",
        "11: Record.save refuses",
        "19: CREATE TRIGGER",
    ]
    assert _append_only_mechanisms(source, is_base=True) == ["19: CREATE TRIGGER"]
    assert _append_only_mechanisms(source, is_trigger_module=True) == [
        "3: FrozenQuerySet.update",
        "8: StrictQuerySet.bulk_update",
        "11: Record.save refuses",
    ]
    assert _imports_trigger_module("from ledger import append_only_triggers\n")
    assert _imports_trigger_module("import ledger.append_only_triggers as t\n")
    assert not _imports_trigger_module("from ledger import append_only\n")
    assert _imports_trigger_module("from ledger import seat_chips\n")


def test_append_only_has_one_mechanism_and_the_triggers_their_modules():
    """Every append-only record refuses through ``AppendOnly`` and its queryset, and every
    trigger is created by a trigger module (the append-only one, or the seats' running
    balance); a migration that deals in triggers goes through one of them, naming no
    more than old triggers to drop."""
    offenders = []
    for path in sorted((ROOT / "ledger").rglob("*.py")):
        relative = path.relative_to(ROOT)
        source = path.read_text(encoding="utf-8")
        offenders += [
            f"{relative}:{where}"
            for where in _append_only_mechanisms(
                source,
                is_base=relative == APPEND_ONLY_BASE,
                is_trigger_module=relative in TRIGGER_MODULES,
            )
        ]
        if (
            "migrations" in relative.parts
            and any(TRIGGER_SQL.search(node.value) for node in _strings(ast.parse(source)))
            and not _imports_trigger_module(source)
        ):
            offenders.append(f"{relative}: trigger SQL without a trigger module")
    assert offenders == []


def test_the_services_and_selectors_say_what_each_of_their_modules_holds():
    unlisted = []
    for package in ("services", "selectors"):
        folder = ROOT / "ledger" / package
        listed = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
        unlisted += [
            f"ledger/{package}/{path.name}"
            for path in sorted(folder.glob("*.py"))
            if path.stem != "__init__" and f"\n- {path.stem}: " not in f"\n{listed}"
        ]
    assert unlisted == []


# --- the web front: a view reads the request and answers; a page builds a screen ----


def _imported_names(source: str, package: str = "") -> list[tuple[int, str]]:
    """(line, module) of every import, with ``from a import b`` counted as importing both
    ``a`` and ``a.b`` (b may be a module: ``from tables.views import hands``). A relative
    import is read from ``package``, the importing module's package (``from . import
    debts`` in tables/views/hands.py imports tables.views.debts)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def _package_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).parent.parts)


def _importers(package: str, module: str, *, but: str = "") -> list[str]:
    """Modules of ``package`` (a folder under ROOT) that import ``module`` or inside it;
    ``but``: a module allowed to (itself, say)."""
    offenders = []
    for path in sorted((ROOT / package).rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if name == but:
            continue
        for line, imported in _imported_names(path.read_text(encoding="utf-8"), _package_of(path)):
            if (imported == module or imported.startswith(f"{module}.")) and imported != name:
                offenders.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    return offenders


def test_the_web_checks_see_a_view_imported_as_a_name_or_relatively():
    source = (
        "from tables.views import debts\n"
        "from tables.views.debts import x\n"
        "import tables\n"
        "from . import share\n"
        "from .stats import y\n"
        "from ..pages import z\n"
    )
    names = [n for _, n in _imported_names(source, "tables.views") if n.startswith("tables.")]
    assert names == [
        "tables.views",
        "tables.views.debts",
        "tables.views.debts",
        "tables.views.debts.x",
        "tables.views",
        "tables.views.share",
        "tables.views.stats",
        "tables.views.stats.y",
        "tables.pages",
        "tables.pages.z",
    ]


def test_no_view_imports_another_view():
    offenders = []
    for path in sorted((ROOT / "tables" / "views").glob("*.py")):
        own = f"tables.views.{path.stem}"
        offenders += [
            f"{path.relative_to(ROOT)}:{line} imports {name}"
            for line, name in _imported_names(path.read_text(encoding="utf-8"), "tables.views")
            if name.startswith("tables.views")
            and not name.startswith(f"{own}.")
            and name != own
            and name != "tables.views.__init__"
        ]
    assert offenders == []


def test_only_the_urls_import_the_views():
    offenders = [
        o
        for o in _importers("tables", "tables.views")
        if not o.startswith(("tables/urls/", "tables/views/"))
    ]
    assert offenders == []


def test_a_page_imports_no_view_and_no_other_page():
    offenders = []
    for path in sorted((ROOT / "tables" / "pages").glob("*.py")):
        offenders += [
            f"{path.relative_to(ROOT)}:{line} imports {name}"
            for line, name in _imported_names(path.read_text(encoding="utf-8"), "tables.pages")
            if name.startswith("tables.views")
            or (name.startswith("tables.pages.") and name.split(".")[2] != path.stem)
        ]
    assert offenders == []


def test_every_view_answers_through_the_one_responder():
    """No view renders a template itself or hand-builds a "page or part" answer: they
    answer with tables.responses, so every form follows the same status rules."""
    offenders = []
    for path in sorted((ROOT / "tables" / "views").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        for line, name in _imported_names(source, "tables.views"):
            if name in {"django.shortcuts.render", "django.template.response.TemplateResponse"}:
                offenders.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "render":
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} calls render()")
    assert offenders == []


def test_the_settle_up_is_one_row_type_with_no_template_helpers():
    """The transfers each screen lists are tables.transfers rows: no template tag or
    filter looks up a transfer's status or pay buttons row by row."""
    tags = {path.stem for path in (ROOT / "tables" / "templatetags").glob("*.py")}
    assert not {"debts", "pay_buttons"} & tags
    templates = "".join(
        path.read_text(encoding="utf-8") for path in (ROOT / "templates").rglob("*.html")
    )
    for helper in ("transfer_debt", "pay_buttons_for", "can_mark", "marks_back", "public"):
        assert not re.search(rf"\b{helper}\b", templates), helper


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
# The same names reached as a module's attribute (all but i18n, a common word there).
UNDOCUMENTED_ATTRIBUTE_NAMES = {name for _, name in UNDOCUMENTED_NAMES} - {"i18n"}
UNDOCUMENTED_ATTRIBUTES = {
    "features",
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
            elif node.attr in UNDOCUMENTED_ATTRIBUTE_NAMES:
                # Reached through its module: ``cache.get_conditional_response(...)``.
                found.append((node.lineno, f"undocumented name {node.attr}"))
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
        "connection.features.has_select_for_update, connection.vendor\n"  # 18: features
        "from django.utils import cache\n"
        "cache.get_conditional_response(request, etag=tag)\n"  # 20: undocumented, by attribute
    )

    assert [line for line, _ in _private_django_uses(source)] == [
        *(1, 2, 3, 4, 5, 6, 7, 8, 9, 17, 18, 20)
    ]


def test_the_code_uses_no_private_django_api():
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for package in OWN_CODE
        for path in sorted((ROOT / package).rglob("*.py"))
        for line, what in _private_django_uses(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


# --- Row locks: FOR NO KEY UPDATE, never FOR UPDATE -------------------------------------

# A lock written in SQL: a SELECT ... FOR UPDATE or FOR SHARE, but not FOR NO KEY UPDATE or
# FOR KEY SHARE (nor prose about them).
STRONG_LOCK_SQL = re.compile(r"\bSELECT\b.*\bFOR\s+(?:UPDATE|SHARE)\b", re.I | re.S)


def _strong_row_locks(source: str) -> list[int]:
    """Lines that lock a row so that an insert referring to it waits: ``select_for_update``
    without ``no_key=True``, or SQL saying FOR UPDATE. A writer holding such a lock waits
    for, and is waited for by, every other writer's foreign keys to that row
    (ledger/services/__init__.py)."""
    tree = ast.parse(source)
    found = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "attr", getattr(node.func, "id", None)) == "select_for_update"
        and not any(
            k.arg == "no_key" and isinstance(k.value, ast.Constant) and k.value.value is True
            for k in node.keywords
        )
    ]
    found += [node.lineno for node in _strings(tree) if STRONG_LOCK_SQL.search(node.value)]
    return sorted(found)


def test_the_check_sees_a_row_lock_that_makes_foreign_keys_wait():
    source = (
        "Night.objects.select_for_update().get(pk=1)\n"  # 1
        "Table.objects.select_for_update(no_key=False)\n"  # 2
        "Table.objects.select_for_update(no_key=True)\n"
        'cursor.execute("SELECT id FROM ledger_night WHERE id = %s FOR UPDATE")\n'  # 4
        'cursor.execute("SELECT id FROM ledger_night FOR NO KEY UPDATE")\n'
        'sql = "SELECT 1 FROM auth_user FOR KEY SHARE"\n'
        'sql = "SELECT 1 FROM auth_user FOR SHARE"\n'  # 7
    )

    assert _strong_row_locks(source) == [1, 2, 4, 7]


def test_every_row_lock_lets_inserts_referring_to_the_row_by():
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for package in OWN_CODE
        for path in sorted((ROOT / package).rglob("*.py"))
        for line in _strong_row_locks(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


# --- The seats' running balance survives migrations ---

SEAT_CHIPS_FROM = "0015_seat_chips"
# Operations SQLite carries out without rebuilding the table.
NO_REBUILD = {"AddIndex", "RemoveIndex", "RenameIndex"}


def _rebuilds_seat_or_entry(source: str) -> list[str]:
    """Each operation of a migration's ``source`` that alters the Seat or the Entry table
    in a way SQLite rebuilds it for, as "line: Operation(model)"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if node.func.attr in NO_REBUILD:
            continue
        model = next((k.value for k in node.keywords if k.arg == "model_name"), None)
        if isinstance(model, ast.Constant) and str(model.value).lower() in {"seat", "entry"}:
            found.append(f"{node.lineno}: {node.func.attr}({model.value})")
    return found


def _imports_seat_chips(source: str) -> bool:
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module == "ledger"
            and any(alias.name == "seat_chips" for alias in node.names)
        ):
            return True
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [alias.name for alias in node.names] + [getattr(node, "module", "") or ""]
            if "ledger.seat_chips" in names:
                return True
    return False


def test_the_seat_chips_check_sees_a_migration_that_rebuilds_the_seats():
    source = (
        "from django.db import migrations, models\n"
        "class Migration(migrations.Migration):\n"
        "    operations = [\n"
        "        migrations.AddField(model_name='seat', name='x', field=models.IntegerField()),\n"
        "        migrations.AddIndex(model_name='entry', index=None),\n"
        "        migrations.AlterField(model_name='night', name='y', field=None),\n"
        "    ]\n"
    )

    assert _rebuilds_seat_or_entry(source) == ["4: AddField(seat)"]
    assert not _imports_seat_chips(source)
    assert _imports_seat_chips("from ledger import seat_chips\n")


def test_every_migration_that_rebuilds_the_seats_or_entries_puts_the_trigger_back():
    """See ``ledger.seat_chips``: after migration 0015, one that alters Seat or Entry (SQLite
    rebuilds the table) takes the seats' trigger off and puts it back."""
    offenders = []
    for path in sorted((ROOT / "ledger" / "migrations").glob("0*.py")):
        if path.stem <= SEAT_CHIPS_FROM:
            continue
        source = path.read_text(encoding="utf-8")
        if _rebuilds_seat_or_entry(source) and not _imports_seat_chips(source):
            offenders.append(path.name)
    assert offenders == []

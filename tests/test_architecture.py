"""One way through the code: ``ledger`` is the domain and never imports ``tables``,
the web front; every model lives in ``ledger``; and an append-only record has one
mechanism, ``ledger/models/append_only.py`` with the triggers of
``ledger/append_only_triggers.py``.

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
    module = ".".join(TRIGGER_MODULE.with_suffix("").parts)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        else:
            continue
        if module in names:
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


def test_append_only_has_one_mechanism_and_one_trigger_module():
    """Every append-only record refuses through ``AppendOnly`` and its queryset, and every
    trigger is created by the trigger module; a migration that deals in triggers goes
    through that module, naming no more than old triggers to drop."""
    offenders = []
    for path in sorted((ROOT / "ledger").rglob("*.py")):
        relative = path.relative_to(ROOT)
        source = path.read_text(encoding="utf-8")
        offenders += [
            f"{relative}:{where}"
            for where in _append_only_mechanisms(
                source,
                is_base=relative == APPEND_ONLY_BASE,
                is_trigger_module=relative == TRIGGER_MODULE,
            )
        ]
        if (
            "migrations" in relative.parts
            and any(TRIGGER_SQL.search(node.value) for node in _strings(ast.parse(source)))
            and not _imports_trigger_module(source)
        ):
            offenders.append(f"{relative}: trigger SQL without {TRIGGER_MODULE}")
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


def _imported_names(source: str) -> list[tuple[int, str]]:
    """(line, module) of every import, with ``from a import b`` counted as importing both
    ``a`` and ``a.b`` (b may be a module: ``from tables.views import hands``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def _importers(package: str, module: str, *, but: str = "") -> list[str]:
    """Modules of ``package`` (a folder under ROOT) that import ``module`` or inside it;
    ``but``: a module allowed to (itself, say)."""
    offenders = []
    for path in sorted((ROOT / package).rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if name == but:
            continue
        for line, imported in _imported_names(path.read_text(encoding="utf-8")):
            if (imported == module or imported.startswith(f"{module}.")) and imported != name:
                offenders.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    return offenders


def test_the_web_checks_see_a_view_imported_as_a_name():
    source = "from tables.views import debts\nfrom tables.views.debts import x\nimport tables\n"
    assert [n for _, n in _imported_names(source) if n.startswith("tables.views")] == [
        "tables.views",
        "tables.views.debts",
        "tables.views.debts",
        "tables.views.debts.x",
    ]


def test_no_view_imports_another_view():
    offenders = []
    for path in sorted((ROOT / "tables" / "views").glob("*.py")):
        own = f"tables.views.{path.stem}"
        offenders += [
            f"{path.relative_to(ROOT)}:{line} imports {name}"
            for line, name in _imported_names(path.read_text(encoding="utf-8"))
            if name.startswith("tables.views.") and not name.startswith(f"{own}.") and name != own
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
        own = f"tables.pages.{path.stem}"
        offenders += [
            f"{path.relative_to(ROOT)}:{line} imports {name}"
            for line, name in _imported_names(path.read_text(encoding="utf-8"))
            if name.startswith("tables.views")
            or (name.startswith("tables.pages.") and name.split(".")[2] != path.stem)
        ]
        assert own  # every module of the package is a screen's
    assert offenders == []


def test_every_view_answers_through_the_one_responder():
    """No view renders a template itself or hand-builds a "page or part" answer: they
    answer with tables.responses, so every form follows the same status rules."""
    offenders = []
    for path in sorted((ROOT / "tables" / "views").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        for line, name in _imported_names(source):
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

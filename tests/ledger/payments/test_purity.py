"""The payments package is pure Python: it imports nothing from Django, the web front or
the database models, so it runs (and is tested) without them.

Read from the source with ``ast``, so an import inside a function counts too.
"""

import ast
from pathlib import Path

import ledger.payments

PACKAGE = Path(ledger.payments.__file__).parent
FORBIDDEN = ("django", "tables", "ledger.models", "ledger.services", "ledger.selectors")


def imported_modules(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
    return found


def test_the_check_sees_imports_at_the_top_and_inside_functions(tmp_path):
    module = tmp_path / "module.py"
    module.write_text("import django\ndef f():\n    from tables.views import x\nfrom . import y\n")
    assert imported_modules(module) == ["django", "tables.views"]


def test_no_module_of_the_payments_package_imports_django_or_the_web_front():
    offenders = [
        f"{path.name}: {module}"
        for path in sorted(PACKAGE.glob("*.py"))
        for module in imported_modules(path)
        if any(module == name or module.startswith(f"{name}.") for name in FORBIDDEN)
    ]
    assert offenders == []

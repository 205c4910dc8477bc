"""Whether the message catalogs hold every string the code and templates mark for
translation, and nothing else.

Django's makemessages runs on a copy of the project, so the real catalogs are left as
they are, and its catalogs are compared with ours: a string it would add (marked but
never put in the catalogs) or drop (no longer marked anywhere) fails the check. With
``--update`` it runs on the real catalogs instead (``make messages``): new strings come
in untranslated, for a translator to fill in.

Needs GNU gettext (xgettext, msgmerge...): ``apt-get install gettext``. Running the app
and compiling the catalogs (Babel, at ``make install``) do not.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import to_locale

# What makemessages scans and how it writes: the app's code and templates (not the tests
# or the docs), file names without line numbers (a moved line is not a catalog change),
# strings no longer marked removed rather than kept as obsolete entries.
MAKEMESSAGES_ARGS = [
    "makemessages",
    "--all",
    "--domain=django",
    "--add-location=file",
    "--no-obsolete",
    "--ignore=tests",
    "--ignore=docs",
    "--ignore=static",
    "--ignore=staticfiles",
    "--ignore=artifacts",
    "--ignore=build",
]
GETTEXT_TOOLS = ("xgettext", "msguniq", "msgmerge", "msgattrib")
# Left out of the copy: hidden folders (.git, .venv), caches and build output.
NOT_COPIED = shutil.ignore_patterns(
    ".*", "__pycache__", "*.pyc", "*.mo", "*.egg-info", "staticfiles", "artifacts", "build"
)


def catalog_path(root: Path, language: str) -> Path:
    return root / "locale" / to_locale(language) / "LC_MESSAGES" / "django.po"


def catalog_languages() -> list[str]:
    """Every language but the one the code is written in has a catalog."""
    return [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def message_keys(path: Path) -> set[tuple]:
    """Each entry's identity: its context and its msgid (with the plural's, if any)."""
    with path.open("rb") as po:
        catalog = read_po(po)
    return {(message.context, message.id) for message in catalog if message.id}


def run_makemessages(root: Path) -> None:
    missing = [tool for tool in GETTEXT_TOOLS if shutil.which(tool) is None]
    if missing:
        raise CommandError(
            f"makemessages needs GNU gettext ({', '.join(missing)} not found): "
            "install it, e.g. `apt-get install gettext`."
        )
    done = subprocess.run(  # noqa: S603 - our own manage.py, fixed arguments
        [sys.executable, "manage.py", *MAKEMESSAGES_ARGS],
        cwd=root,
        env={**os.environ, "DJANGO_DEBUG": "true"},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise CommandError(f"makemessages failed:\n{done.stdout}{done.stderr}")


def _describe(key: tuple) -> str:
    context, msgid = key
    text = " / ".join(msgid) if isinstance(msgid, tuple) else msgid
    return f"[{context}] {text!r}" if context else repr(text)


class Command(BaseCommand):
    help = (
        "Fail if makemessages would add a string to the catalogs or drop one from them; "
        "with --update, bring the catalogs up to date instead."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--update",
            action="store_true",
            help="Run makemessages on the real catalogs (new strings come in untranslated).",
        )

    def handle(self, *args, update: bool = False, **options) -> None:
        root = Path(settings.BASE_DIR)
        absent = [code for code in catalog_languages() if not catalog_path(root, code).exists()]
        if absent:
            raise CommandError(
                "No catalog for "
                + ", ".join(
                    f"{code} ({catalog_path(root, code).relative_to(root)})" for code in absent
                )
            )
        if update:
            run_makemessages(root)
            self.stdout.write("Catalogs updated: translate the new entries, then `make install`.")
            return
        problems = []
        with tempfile.TemporaryDirectory() as temp:
            copy = Path(temp) / "project"
            shutil.copytree(root, copy, ignore=NOT_COPIED)
            run_makemessages(copy)
            for code in catalog_languages():
                ours = message_keys(catalog_path(root, code))
                extracted = message_keys(catalog_path(copy, code))
                locale = to_locale(code)
                problems += [
                    f"{locale}: marked in the code but not in the catalog: {_describe(key)}"
                    for key in sorted(extracted - ours, key=_describe)
                ]
                problems += [
                    f"{locale}: in the catalog but no longer marked in the code: {_describe(key)}"
                    for key in sorted(ours - extracted, key=_describe)
                ]
        if problems:
            raise CommandError(
                "The catalogs are not up to date with the code:\n"
                + "\n".join(problems)
                + "\nRun `make messages`, translate the new entries, and commit the catalogs."
            )
        self.stdout.write(f"The {len(catalog_languages())} catalogs hold every marked string.")

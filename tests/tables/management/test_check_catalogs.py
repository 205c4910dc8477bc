"""`manage.py check_catalogs` (run by .ci/run): fails when makemessages would add a string
to the catalogs or drop one, passes when they match. Run on a copy of the project, so
this checks the command, not whether today's catalogs are complete."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tables.management.commands.check_catalogs import GETTEXT_TOOLS, NOT_COPIED

pytestmark = [
    pytest.mark.skipif(
        any(shutil.which(tool) is None for tool in GETTEXT_TOOLS),
        reason="makemessages needs GNU gettext (.ci/run installs it)",
    ),
    pytest.mark.database_independent,
]
NEW_STRING = "A sentence nobody has translated yet"


@pytest.fixture
def project(tmp_path) -> Path:
    copy = tmp_path / "project"
    shutil.copytree(settings.BASE_DIR, copy, ignore=NOT_COPIED)
    return copy


def manage(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(  # noqa: S603 - the copy's own manage.py
        [sys.executable, "manage.py", *args],
        cwd=project,
        env={**os.environ, "DJANGO_DEBUG": "true"},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_catalogs_brought_up_to_date_pass_and_a_new_string_fails_until_they_hold_it(project):
    assert manage(project, "check_catalogs", "--update").returncode == 0
    passed = manage(project, "check_catalogs")
    assert passed.returncode == 0, passed.stderr
    sv = (project / "locale/sv/LC_MESSAGES/django.po").read_text()

    (project / "templates/_new.html").write_text(
        f'{{% load i18n %}}<p>{{% translate "{NEW_STRING}" %}}</p>'
    )
    failed = manage(project, "check_catalogs")

    assert failed.returncode != 0
    assert f"sv: marked in the code but not in the catalog: {NEW_STRING!r}" in failed.stderr
    assert f"pt_BR: marked in the code but not in the catalog: {NEW_STRING!r}" in failed.stderr
    # The check leaves the catalogs as they were.
    assert (project / "locale/sv/LC_MESSAGES/django.po").read_text() == sv
    assert manage(project, "check_catalogs", "--update").returncode == 0
    assert f'msgid "{NEW_STRING}"' in (project / "locale/sv/LC_MESSAGES/django.po").read_text()
    assert manage(project, "check_catalogs").returncode == 0
    # Strings in the tests are not the app's: never scanned.
    (project / "tests/test_marked.py").write_text(
        'from django.utils.translation import gettext\n\ngettext("Only in a test")\n'
    )
    assert manage(project, "check_catalogs").returncode == 0


def test_a_string_no_longer_marked_or_a_language_without_a_catalog_fails_the_check(project):
    assert manage(project, "check_catalogs", "--update").returncode == 0
    switcher = project / "templates/_language_switcher.html"
    switcher.write_text(switcher.read_text().replace('{% translate "Language" %}', "Language"))

    failed = manage(project, "check_catalogs")

    assert failed.returncode != 0
    assert "fr: in the catalog but no longer marked in the code: 'Language'" in failed.stderr

    shutil.rmtree(project / "locale/it")
    failed = manage(project, "check_catalogs")

    assert failed.returncode != 0
    assert "No catalog for it (locale/it/LC_MESSAGES/django.po)" in failed.stderr

"""The production configuration, checked in a child process as a deployment would run it."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environ.update({"DJANGO_TESTING": "false", **env})
    return subprocess.run(  # noqa: S603
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


PRODUCTION = {
    "DJANGO_SECRET_KEY": "a-long-random-production-secret-0123456789-abcdefghijklmnop",
    "DJANGO_ALLOWED_HOSTS": "bourre.example.com",
}


def test_check_deploy_is_clean_under_production_settings():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = _manage("check", DJANGO_ALLOWED_HOSTS="bourre.example.com")

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_production_uses_secure_cookies_hsts_and_compressed_static_files():
    code = (
        "from django.conf import settings as s;"
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.LANGUAGE_COOKIE_SECURE,"
        " s.SECURE_SSL_REDIRECT,"
        " s.SECURE_HSTS_SECONDS, s.STORAGES['staticfiles']['BACKEND'])"
    )
    result = _manage("shell", "--no-imports", "-c", code, **PRODUCTION)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "True",
        "True",
        "True",
        "True",
        "31536000",
        "whitenoise.storage.CompressedManifestStaticFilesStorage",
    ]


def test_a_misspelt_boolean_stops_the_server():
    result = _manage("check", DJANGO_DEBUG="yes please")

    assert result.returncode != 0
    assert "DJANGO_DEBUG must be true or false" in result.stderr


@pytest.mark.parametrize("variable", ["DJANGO_LEDGER_KEY", "DJANGO_LEDGER_KEY_PREVIOUS"])
def test_a_short_ledger_key_stops_the_server(variable):
    result = _manage("check", **{**PRODUCTION, variable: "password123"})

    assert result.returncode != 0
    assert f"{variable} must be a long random string: at least 32 characters" in result.stderr


def test_production_reads_the_ledger_key_and_the_previous_ones():
    code = "from django.conf import settings as s; print(s.LEDGER_KEY, *s.LEDGER_KEYS_PREVIOUS)"
    keys = ["k" * 40, "old-one-" + "o" * 32, "older-one-" + "p" * 32]

    result = _manage(
        "shell",
        "--no-imports",
        "-c",
        code,
        **PRODUCTION,
        DJANGO_LEDGER_KEY=keys[0],
        DJANGO_LEDGER_KEY_PREVIOUS=f"{keys[1]}, {keys[2]}",
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == keys


def test_sqlite_waits_for_the_write_lock_and_flushes_every_commit():
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("SQLite settings only")
    options = settings.DATABASES["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == 20
    assert "journal_mode=WAL" in options["init_command"]
    assert "synchronous=FULL" in options["init_command"]
    assert not settings.DATABASES["default"].get("ATOMIC_REQUESTS")


def test_templates_load_djangos_own_libraries_and_no_check_is_silenced():
    # {% load i18n %} is Django's: the app names no library of its own after one of
    # Django's, so Django has nothing to warn of (templates.W003) and nothing is silenced.
    djangos = {"i18n", "l10n", "static", "cache", "tz"}
    for engine in settings.TEMPLATES:
        assert not djangos & set(engine.get("OPTIONS", {}).get("libraries", {}))
    assert settings.SILENCED_SYSTEM_CHECKS == []
    out = io.StringIO()
    call_command("check", "--tag", "templates", "--fail-level", "WARNING", stdout=out)
    assert "no issues" in out.getvalue()

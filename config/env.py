"""Strict readers for settings that come from the environment.

A typo in a production variable must stop the server at start-up, not
silently fall back to a default, so every reader refuses values it does not
understand.
"""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str:
    value = os.environ.get(name)
    if value is None:
        if default is None:
            raise ImproperlyConfigured(f"Set the environment variable {name}.")
        return default
    return value


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}.")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.") from None


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return list(default or [])
    return [item.strip() for item in value.split(",") if item.strip()]


# What a key must at least be: a long random string, not a word.
SECRET_MIN_LENGTH = 32


def _long_enough(name: str, value: str) -> str:
    if len(value) < SECRET_MIN_LENGTH:
        raise ImproperlyConfigured(
            f"{name} must be a long random string: at least {SECRET_MIN_LENGTH} characters."
        )
    return value


def env_secret(name: str) -> str:
    """A secret key, or "" when the variable is not set."""
    value = os.environ.get(name, "").strip()
    return _long_enough(name, value) if value else ""


def env_secrets(name: str) -> list[str]:
    """Comma-separated secret keys; [] when the variable is not set."""
    return [_long_enough(name, value) for value in env_list(name)]

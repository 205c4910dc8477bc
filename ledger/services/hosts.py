"""Writes of a host's own settings."""

from ledger import languages
from ledger.errors import InvalidInput
from ledger.models import HostSettings


def host_language_set(*, user, language: str) -> HostSettings:
    """Save the language ``user`` chose, so it follows them to any phone they sign in on."""
    if not languages.is_language(language):
        raise InvalidInput(languages.unknown_language(language))
    host_settings, _created = HostSettings.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return host_settings

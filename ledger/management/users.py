"""What the ledger's commands share: finding the user a command names."""

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

OWNER_UNKNOWN = "There is no user called {username}."


def user_named(username: str):
    users = get_user_model().objects
    user = users.filter(**{users.model.USERNAME_FIELD: username}).first()
    if user is None:
        raise CommandError(OWNER_UNKNOWN.format(username=username))
    return user

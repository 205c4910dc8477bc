"""Writes for tables and their players. Nights and hands are in ledger.services."""

from collections.abc import Mapping

from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger import languages, names, rules
from ledger.errors import InvalidInput
from ledger.models import Player, Table
from ledger.rules.errors import Code, gettext_noop

# ``name`` is the name as typed (cleaned): the player who has it may spell it otherwise.
TABLE_NAME_TAKEN = Code("table_name_taken", gettext_noop("You already have a table called {name}."))
PLAYER_NAME_TAKEN = Code("player_name_taken", gettext_noop("{name} already plays at this table."))


def _taken(queryset, name: str) -> bool:
    """Whether a name in ``queryset`` is the same name as ``name`` (names.name_key: case,
    compatibility forms and invisible characters ignored). Compared in Python: SQLite's
    LOWER() folds only ASCII, so "Bourré" and "BOURRÉ" are compared here."""
    key = names.name_key(name)
    return any(names.name_key(other) == key for other in queryset.values_list("name", flat=True))


def _house_rules(data: Mapping) -> dict:
    try:
        return rules.HouseRules.from_dict(data).to_dict()
    except rules.RulesError as error:
        raise InvalidInput(error.problems) from None


def _language(language: str) -> str:
    """A table's language: one the app speaks, or "" for its host's."""
    if language and not languages.is_language(language):
        raise InvalidInput(languages.unknown_language(language))
    return language


def table_create(
    *,
    owner,
    name: str,
    house_rules: Mapping,
    language: str = "",
    sample: bool = False,
    debt_reminders: bool = True,
) -> Table:
    """``sample``: a sample table (ledger.services.samples), which its host may put away."""
    name = names.name_clean(name, names.TABLE)
    data = _house_rules(house_rules)
    language = _language(language)
    if _taken(Table.objects.filter(owner=owner, hidden_at=None), name):
        raise InvalidInput(TABLE_NAME_TAKEN(name=name))
    try:
        with transaction.atomic():
            return Table.objects.create(
                owner=owner,
                name=name,
                rules=data,
                language=language,
                sample=sample,
                debt_reminders=debt_reminders,
            )
    except IntegrityError:
        raise InvalidInput(TABLE_NAME_TAKEN(name=name)) from None


def table_update(
    *,
    table: Table,
    name: str,
    house_rules: Mapping,
    language: str | None = None,
    debt_reminders: bool | None = None,
) -> Table:
    """New rules apply to nights started afterwards; a night keeps its snapshot.
    ``language`` and ``debt_reminders`` None keep the table's."""
    name = names.name_clean(name, names.TABLE)
    data = _house_rules(house_rules)
    language = table.language if language is None else _language(language)
    if _taken(Table.objects.filter(owner=table.owner, hidden_at=None).exclude(pk=table.pk), name):
        raise InvalidInput(TABLE_NAME_TAKEN(name=name))
    table.name = name
    table.rules = data
    table.language = language
    if debt_reminders is not None:
        table.debt_reminders = debt_reminders
    table.save(update_fields=["name", "rules", "language", "debt_reminders", "updated_at"])
    return table


def _player_name(table: Table, name: str, exclude: int | None = None) -> str:
    name = names.name_clean(name, names.PLAYER)
    others = Player.objects.filter(table=table)
    if exclude is not None:
        others = others.exclude(pk=exclude)
    if _taken(others, name):
        raise InvalidInput(PLAYER_NAME_TAKEN(name=name))
    return name


def player_add(*, table: Table, name: str) -> Player:
    name = _player_name(table, name)
    try:
        with transaction.atomic():
            return Player.objects.create(table=table, name=name)
    except IntegrityError:
        raise InvalidInput(PLAYER_NAME_TAKEN(name=name)) from None


def player_rename(*, player: Player, name: str) -> Player:
    """History follows the player: hands and entries point at the player, not the name."""
    player.name = _player_name(player.table, name, exclude=player.pk)
    player.save(update_fields=["name"])
    return player


def player_retire(*, player: Player) -> Player:
    """A retired player keeps their history but is not offered for new nights."""
    if player.retired_at is None:
        player.retired_at = timezone.now()
        player.save(update_fields=["retired_at"])
    return player


def player_unretire(*, player: Player) -> Player:
    if player.retired_at is not None:
        player.retired_at = None
        player.save(update_fields=["retired_at"])
    return player

"""Backing up every night as night files, and restoring them through the services.

A backup is a directory: one night file (``bourre-night/1``, docs/night-file.md)
per night and a ``manifest.json`` naming, for each, its owner, its table, its dates and
the balances it ended on. A restore imports each night file again (``nightfile``: every
hand through the checks a recorded hand goes through), so a restored ledger is a fresh,
valid hash chain; each night's
balances and pot are then compared with the manifest, and the whole restore is one
transaction: it restores everything, or nothing.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from ledger import selectors
from ledger.errors import InvalidInput, ServiceError
from ledger.management.night_choice import NightChoice
from ledger.models import Night, Player, Table
from ledger.names import name_key
from ledger.nightfile import json_loads, night_export, night_import, night_parse
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.seats import names_of, night_roster
from ledger.services import tables as table_services
from ledger.services.samples import table_hide_sample
from ledger.verify import verify_night

FORMAT = "bourre-backup/1"
MANIFEST = "manifest.json"

BACKUP_EXISTS = Code(
    "backup_exists",
    gettext_noop("{directory} already holds a backup ({manifest}): choose an empty directory."),
    manifest=MANIFEST,
)
MANIFEST_MISSING = Code(
    "manifest_missing",
    gettext_noop("{directory} holds no {manifest}: is it a backup made by backup_nights?"),
    manifest=MANIFEST,
)
MANIFEST_UNREADABLE = Code("manifest_unreadable", gettext_noop("{path} cannot be read: {problem}"))
MANIFEST_FORMAT = Code(
    "manifest_format",
    gettext_noop('The manifest\'s format must be "{expected}" (got {found!r}).'),
    expected=FORMAT,
)
OWNERS_UNKNOWN = Code(
    "owners_unknown",
    gettext_noop(
        "No user called {names}: create them first, or restore everything to one user with --owner."
    ),
)
TABLE_EXISTS = Code(
    "table_exists",
    gettext_noop(
        "{owner} already has a table called {table}: restore into a fresh user or database, "
        "so no night is recorded twice."
    ),
)
# ``problem`` is why, already in words: the night file's problems, or verify_ledger's.
NIGHT_NOT_RESTORED = Code(
    "night_not_restored",
    gettext_noop("{file} (night {night} of {table}) was not restored: {problem}"),
)
BALANCES_DIFFER = Code(
    "balances_differ",
    gettext_noop(
        "{file} (night {night} of {table}): restored balances {found} differ from the "
        "backup's {expected}."
    ),
)
RESTORED_NIGHT_INVALID = Code(
    "restored_night_invalid",
    gettext_noop("{file}: the restored night does not verify: {problem}"),
)


class _Unseen:
    """No progress shown: what ``backup`` and ``restore`` report to when nobody watches
    (a command passes ledger.management.progress.Progress)."""

    def start(self, total: int) -> None:
        pass

    def advance(self, count: int = 1) -> None:
        pass


EVERY_NIGHT = NightChoice()


@dataclass(frozen=True)
class Restored:
    nights: list[Night]
    tables: list[Table]


def _username(user) -> str:
    return getattr(user, get_user_model().USERNAME_FIELD)


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def backup(
    directory: Path, *, owner=None, choice: NightChoice = EVERY_NIGHT, progress=None
) -> dict:
    """Write every night (of ``owner``, or of everyone; of the tables and days ``choice``
    names) and the manifest into ``directory``; ``progress`` is told of each night."""
    progress = progress or _Unseen()
    directory.mkdir(parents=True, exist_ok=True)
    if (directory / MANIFEST).exists():
        raise InvalidInput(BACKUP_EXISTS(directory=directory))
    tables = Table.objects.select_related("owner").order_by("pk")
    if owner is not None:
        tables = tables.filter(owner=owner)
    if choice.tables:
        tables = tables.filter(pk__in=choice.tables)
    nights = choice.nights(Night.objects.filter(table__in=tables))
    by_table: dict[int, list[int]] = {}
    for table_id, night_id in nights.order_by("started_at", "pk").values_list("table_id", "pk"):
        by_table.setdefault(table_id, []).append(night_id)
    progress.start(sum(len(ids) for ids in by_table.values()))
    manifest: dict = {"format": FORMAT, "created_at": _iso(timezone.now()), "tables": []}
    for table in tables:
        if choice.dated and table.pk not in by_table:
            continue  # none of its nights on those days: the backup holds only theirs
        entry = {
            "owner": _username(table.owner),
            "name": table.name,
            # What restore_nights --table names it by: its id where it was backed up.
            "table": table.pk,
            "rules": table.rules,
            "language": table.language,
            # A sample, and whether its host put it away: restored so, not as a real table.
            "sample": table.sample,
            "hidden_at": _iso(table.hidden_at),
            # Every player, with who is retired: players who never played are kept too.
            "players": [
                {"name": p.name, "retired": p.retired_at is not None}
                for p in Player.objects.filter(table=table).order_by("pk")
            ],
            "nights": [],
        }
        for night in Night.objects.filter(pk__in=by_table.get(table.pk, [])).order_by(
            "started_at", "pk"
        ):
            document = night_export(night)
            name = f"night-{night.pk}.json"
            (directory / name).write_text(
                json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
            entry["nights"].append(
                {
                    "file": name,
                    "night": night.pk,
                    "started_at": _iso(night.started_at),
                    "closed_at": _iso(night.closed_at),
                    "balances": document["results"]["balances"],
                    "pot": document["results"]["pot"],
                }
            )
            progress.advance()
        manifest["tables"].append(entry)
    # The manifest last: a backup interrupted half-way has none, and cannot be restored.
    (directory / MANIFEST).write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    return manifest


def read_manifest(directory: Path) -> dict:
    path = directory / MANIFEST
    if not path.exists():
        raise InvalidInput(MANIFEST_MISSING(directory=directory))
    try:
        # As a night file is read: a key given twice is refused, not read as its last value.
        manifest = json_loads(path.read_text(encoding="utf-8"))
    except InvalidInput as error:
        raise InvalidInput(MANIFEST_UNREADABLE(path=path, problem=" ".join(error.errors))) from None
    except (OSError, ValueError, RecursionError) as error:
        raise InvalidInput(MANIFEST_UNREADABLE(path=path, problem=error)) from None
    found = manifest.get("format") if isinstance(manifest, Mapping) else None
    if found != FORMAT:
        raise InvalidInput(MANIFEST_FORMAT(found=found))
    return manifest


def _owners(manifest: dict, owner) -> dict[str, object]:
    """Original username -> the user it is restored to."""
    names = sorted({table["owner"] for table in manifest["tables"]})
    if owner is not None:
        return dict.fromkeys(names, owner)
    users = get_user_model().objects
    found = {_username(u): u for u in users.filter(**{f"{users.model.USERNAME_FIELD}__in": names})}
    missing = [name for name in names if name not in found]
    if missing:
        raise InvalidInput(OWNERS_UNKNOWN(names=", ".join(missing)))
    return found


def _table_names(manifest: dict, owners: Mapping[str, object]) -> list[str]:
    """Each table's name once restored: two owners' tables of one name, restored to one
    user, keep apart as "Name (original owner)"."""
    targets = [(owners[t["owner"]].pk, name_key(t["name"])) for t in manifest["tables"]]
    # A sample put away holds no name (it is restored first, and put away again at once).
    in_sight = [
        target
        for t, target in zip(manifest["tables"], targets, strict=True)
        if not t.get("hidden_at")
    ]
    return [
        f"{t['name']} ({t['owner']})"
        if not t.get("hidden_at") and in_sight.count(target) > 1
        else t["name"]
        for t, target in zip(manifest["tables"], targets, strict=True)
    ]


def _read_night(directory: Path, file: str) -> object:
    path = directory / Path(file).name  # never outside the backup
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError) as error:
        raise InvalidInput(MANIFEST_UNREADABLE(path=path, problem=error)) from None
    try:
        # Read as an uploaded night file is: a key given twice, say, is refused.
        return night_parse(text)
    except InvalidInput as error:
        raise InvalidInput(MANIFEST_UNREADABLE(path=path, problem=" ".join(error.errors))) from None


def _check(night: Night, item: dict, table_name: str) -> None:
    names = names_of(night_roster(night))
    found = {names[p]: chips for p, chips in selectors.night_balances(night).items()}
    where = {"file": item["file"], "night": item["night"], "table": table_name}
    if found != item["balances"] or selectors.night_pot(night) != item["pot"]:
        raise InvalidInput(BALANCES_DIFFER(found=found, expected=item["balances"], **where))
    problems = verify_night(night)
    if problems:
        raise InvalidInput(RESTORED_NIGHT_INVALID(file=item["file"], problem=problems[0]))


def _restore_table(table: dict, name: str, user) -> Table:
    # Compared in Python: SQLite folds the case of ASCII letters only.
    tables = Table.objects.filter(owner=user, hidden_at=None)
    if any(name_key(t.name) == name_key(name) for t in tables):
        raise InvalidInput(TABLE_EXISTS(owner=_username(user), table=name))
    # A backup written before tables had a language or samples holds neither.
    restored = table_services.table_create(
        owner=user,
        name=name,
        house_rules=table["rules"],
        language=table.get("language", ""),
        sample=table.get("sample", False),
    )
    for player in table["players"]:
        table_services.player_add(table=restored, name=player["name"])
    return restored


def chosen(manifest: dict, choice: NightChoice) -> list[tuple[dict, list[dict]]]:
    """The manifest's tables ``choice`` names, each with its nights ``choice`` names (a
    manifest written before tables were named by id has none ``--table`` can name)."""
    picked = []
    for table in manifest["tables"]:
        if choice.tables and table.get("table") not in choice.tables:
            continue
        nights = [
            item
            for item in table["nights"]
            if choice.takes(table.get("table"), datetime.fromisoformat(item["started_at"]))
        ]
        if choice.dated and not nights:
            continue
        picked.append((table, nights))
    return picked


def restore(
    directory: Path, *, owner=None, choice: NightChoice = EVERY_NIGHT, progress=None
) -> Restored:
    """Restore every table and night (of the tables and days ``choice`` names) of the
    backup in ``directory``, whole or not at all: to ``owner``, or to the users the
    manifest names. ``progress`` is told of each night."""
    progress = progress or _Unseen()
    manifest = read_manifest(directory)
    # Samples put away first: each is put away again before a table in sight takes its name.
    picked = sorted(chosen(manifest, choice), key=lambda pick: not pick[0].get("hidden_at"))
    manifest = {**manifest, "tables": [table for table, _ in picked]}
    owners = _owners(manifest, owner)
    progress.start(sum(len(items) for _, items in picked))
    nights, tables = [], []
    with transaction.atomic():
        for (table, items), name in zip(picked, _table_names(manifest, owners), strict=True):
            user = owners[table["owner"]]
            restored = _restore_table(table, name, user)
            for item in items:
                document = _read_night(directory, item["file"])
                try:
                    # again: a backup holds a night twice only if its host imported it twice
                    # on purpose, and it is restored as it was.
                    # The dates are the night's, not the restore's: history stays in order,
                    # and what a closed night came to is written with them.
                    night = night_import(
                        document=document,
                        owner=user,
                        table_name=name,
                        again=True,
                        dated=(
                            datetime.fromisoformat(item["started_at"]),
                            item["closed_at"] and datetime.fromisoformat(item["closed_at"]),
                        ),
                    )
                except ServiceError as error:
                    raise InvalidInput(
                        NIGHT_NOT_RESTORED(
                            file=item["file"],
                            night=item["night"],
                            table=name,
                            problem=" ".join(error.errors),
                        )
                    ) from None
                _check(night, item, name)
                nights.append(night)
                progress.advance()
            # Retired last: a retired player cannot be seated, and their nights come first.
            for player in table["players"]:
                if player["retired"]:
                    table_services.player_retire(
                        player=Player.objects.get(table=restored, name=player["name"])
                    )
            if table.get("hidden_at"):
                table_hide_sample(table=restored, at=datetime.fromisoformat(table["hidden_at"]))
            tables.append(restored)
    return Restored(nights=nights, tables=tables)

"""The sample table: a finished night to look around in before the first real one, made
through the same services as any table (its night imported from a night file bundled with
the app, ledger/samples/sample_night.json), and put away by its host when done.

Put away, not deleted: the sample's night is in the chip ledger like any other, whose
entries are append-only (models and database triggers refuse to delete them), and the
audit (verify_ledger) checks every night there is. So a sample is hidden from its host's
screens instead (``Table.hidden_at``), and only a sample can be: a database constraint
holds it, so no real table's nights ever leave their host's sight.
"""

import json
from pathlib import Path

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from ledger import names
from ledger.errors import InvalidInput
from ledger.models import Table
from ledger.nightfile import night_import
from ledger.rules.errors import Code, gettext_noop
from ledger.services.tables import table_create

SAMPLE_NIGHT = Path(__file__).resolve().parent.parent / "samples" / "sample_night.json"

NOT_A_SAMPLE = Code(
    "not_a_sample",
    gettext_noop("Only a sample table can be put away: a real table's nights are kept."),
)


def sample_night_document() -> dict:
    """The bundled night file: five players, a closed night of thirteen hands."""
    return json.loads(SAMPLE_NIGHT.read_text(encoding="utf-8"))


def _free_name(host, name: str) -> str:
    """``name``, or "``name`` 2", "``name`` 3"... if the host has a table in sight called
    so (a sample put away leaves its name free)."""
    owned = Table.objects.filter(owner=host, hidden_at=None).values_list("name", flat=True)
    taken = {names.name_key(other) for other in owned}
    candidate, n = name, 1
    while names.name_key(candidate) in taken:
        n += 1
        candidate = f"{name} {n}"
    return candidate


def table_create_sample(*, host) -> Table:
    """A sample table for ``host``, named in the active language (the host's), with the
    bundled night played and closed: whole, or nothing written."""
    document = sample_night_document()
    with transaction.atomic():
        table = table_create(
            owner=host,
            name=_free_name(host, gettext("Sample table")),
            house_rules=document["rules"],
            sample=True,
        )
        # Imported again each time: every sample is the same file.
        night_import(document=document, owner=host, table_name=table.name, by=host, again=True)
    return table


def table_hide_sample(*, table: Table, at=None) -> Table:
    """Put the sample ``table`` away (``at``: when, now if not given; a restore gives the
    day it was): it leaves its host's screens and frees its name, its night stays in the
    ledger. A real table is refused."""
    if not table.sample:
        raise InvalidInput(NOT_A_SAMPLE())
    if table.hidden_at is None:
        table.hidden_at = at or timezone.now()
        table.save(update_fields=["hidden_at", "updated_at"])
    return table

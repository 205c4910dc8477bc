"""Every model of the app, one module per part of the domain.

- nights: tables and their players, nights with their seats, roster changes and hands,
  and share links;
- entries: the append-only chip ledger;
- imports: the record of each night file imported;
- hosts: what a host chose for themselves (their language).
"""

from ledger.models.entries import (
    ENTRY_IS_APPEND_ONLY,
    ENTRY_KINDS,
    GENESIS_HASH,
    Entry,
    EntryQuerySet,
)
from ledger.models.hosts import HostSettings
from ledger.models.imports import NIGHT_IMPORT_IS_APPEND_ONLY, NightImport, NightImportQuerySet
from ledger.models.nights import Hand, Night, Player, RosterChange, Seat, ShareLink, Table

__all__ = [
    "ENTRY_IS_APPEND_ONLY",
    "ENTRY_KINDS",
    "GENESIS_HASH",
    "NIGHT_IMPORT_IS_APPEND_ONLY",
    "Entry",
    "EntryQuerySet",
    "Hand",
    "HostSettings",
    "Night",
    "NightImport",
    "NightImportQuerySet",
    "Player",
    "RosterChange",
    "Seat",
    "ShareLink",
    "Table",
]

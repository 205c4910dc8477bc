"""The night file (`bourre-night/1`, docs/night-file.md): import and export.

An import records every hand through ``services.hand_record``, the code path the
phone uses, so a night file can never hold a night the app itself would refuse.
"""

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from ledger import bridge, rules, selectors, services
from ledger import errors as err
from ledger.errors import InvalidInput
from ledger.models import Entry, Night, Player, Table
from ledger.names import PLAYER_NAME_MAX, name_hidden_character, name_key, name_normal
from ledger.services import tables as table_services

FORMAT = "bourre-night/1"
FIELDS = ("format", "table", "rules", "players", "hands", "closed", "results")

FILE_NOT_JSON = "The file is not valid JSON: {problem} (line {line}, column {column})."
FILE_NUMBER_TOO_LONG = "The file has a number too long to read: is it really a night file?"
DOCUMENT_NOT_OBJECT = "A night file must be a JSON object (got {kind})."
FORMAT_INVALID = 'format must be "bourre-night/1" (got {value!r}).'
FIELD_UNKNOWN = "{key} is not a night file field."
TABLE_MISSING = "table is missing: name the table in the file or with --table."
TABLE_INVALID = "table must be a table's name (got {value!r})."
PLAYERS_INVALID = "players must be a list of names in seat order (got {value!r})."
PLAYER_NAME_INVALID = "players: each must be a non-empty name (got {value!r})."
PLAYER_NAME_TOO_LONG = "players: {name} is longer than {limit} characters."
PLAYER_NAME_HIDDEN_CHARACTER = (
    "players: {value!r} contains an invisible or control character ({char})."
)
TABLE_NAME_HIDDEN_CHARACTER = (
    "table: {value!r} contains an invisible or control character ({char})."
)
PLAYER_LISTED_TWICE = "players: {name} is listed twice."
HANDS_INVALID = "hands must be a list of hands (got {value!r})."
CLOSED_INVALID = "closed must be true or false (got {value!r})."


def night_parse(text: str) -> object:
    """The JSON of a night file, for night_import to judge; InvalidInput if it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidInput(
            FILE_NOT_JSON.format(problem=error.msg, line=error.lineno, column=error.colno)
        ) from None
    except ValueError:  # an integer of over 4,300 digits, which int() refuses
        raise InvalidInput(FILE_NUMBER_TOO_LONG) from None


def _kind(value: object) -> str:
    kinds = {list: "a list", str: "text", int: "a number", float: "a number", bool: "true/false"}
    return kinds.get(type(value), "null" if value is None else type(value).__name__)


def _check_players(value: object) -> list[str]:
    """Each name judged as the player services judge a typed one (ledger.names), so a
    file cannot seat "Ann" beside an "Ann" with a zero-width space or in full width."""
    if not isinstance(value, list):
        return [PLAYERS_INVALID.format(value=value)]
    problems: list[str] = []
    seen: set[str] = set()
    for name in value:
        clean = name_normal(name) if isinstance(name, str) else ""
        hidden = name_hidden_character(clean)
        if hidden is not None:
            problems.append(PLAYER_NAME_HIDDEN_CHARACTER.format(value=name, char=hidden))
        elif not name_key(clean):
            problems.append(PLAYER_NAME_INVALID.format(value=name))
        elif len(clean) > PLAYER_NAME_MAX:
            problems.append(PLAYER_NAME_TOO_LONG.format(name=name, limit=PLAYER_NAME_MAX))
        elif name_key(clean) in seen:
            problems.append(PLAYER_LISTED_TWICE.format(name=name))
        else:
            seen.add(name_key(clean))
    if len(value) < 2:
        problems.append(err.ROSTER_TOO_SMALL)
    return problems


def _not_on_roster(hand: rules.HandInput, number: int, roster: set[str]) -> list[str]:
    """Names the file uses in a hand but not in ``players``, in the engine's own words
    (they have no player id, so they cannot reach the engine through the services)."""
    e = rules.errors
    named = [  # a misdeal's other fields too: they are stored, so they need ids
        (e.DEALER_NOT_ON_ROSTER, [hand.dealer]),
        (e.SEATED_NOT_ON_ROSTER, dict.fromkeys(hand.seated or ())),
        (e.STAYER_NOT_ON_ROSTER, hand.stayed),
        (e.RENEGER_NOT_ON_ROSTER, dict.fromkeys(hand.reneged)),
    ]
    return [
        message.format(hand=number, player=name)
        for message, names in named
        for name in names
        if name not in roster
    ]


def _read(
    document: object, table_name: str | None
) -> tuple[str, rules.HouseRules, list[str], list[rules.HandInput], bool]:
    """The document's parts, or InvalidInput listing every problem with its shape."""
    if not isinstance(document, Mapping):
        raise InvalidInput(DOCUMENT_NOT_OBJECT.format(kind=_kind(document)))
    if document.get("format") != FORMAT:
        # Nothing else can be read with any confidence.
        raise InvalidInput(FORMAT_INVALID.format(value=document.get("format")))
    problems = [FIELD_UNKNOWN.format(key=key) for key in document if key not in FIELDS]

    table = table_name if table_name is not None else document.get("table")
    if table is None:
        problems.append(TABLE_MISSING)
    elif not isinstance(table, str) or not name_normal(table):
        problems.append(TABLE_INVALID.format(value=table))
    elif (hidden := name_hidden_character(name_normal(table))) is not None:
        problems.append(TABLE_NAME_HIDDEN_CHARACTER.format(value=table, char=hidden))

    house = None
    try:
        house = rules.HouseRules.from_dict(document.get("rules", {}))
    except rules.RulesError as error:
        problems.extend(error.errors)

    players = document.get("players")
    player_problems = _check_players(players)
    problems.extend(player_problems)
    roster = set() if player_problems else set(players)

    hands: list[rules.HandInput] = []
    raw_hands = document.get("hands")
    if not isinstance(raw_hands, list):
        problems.append(HANDS_INVALID.format(value=raw_hands))
        raw_hands = []
    for number, raw in enumerate(raw_hands, start=1):
        try:
            hand = rules.HandInput.from_dict(raw, number)
        except rules.RulesError as error:
            problems.extend(error.errors)
            continue
        if not player_problems:
            problems.extend(_not_on_roster(hand, number, roster))
        hands.append(hand)

    closed = document.get("closed", False)
    if not isinstance(closed, bool):
        problems.append(CLOSED_INVALID.format(value=closed))
    if problems:
        raise InvalidInput(problems)
    return name_normal(table), house, list(players), hands, closed


def _named(queryset, name: str):
    # Compared in Python: SQLite's LIKE and lower() fold ASCII letters only ("É" != "é").
    wanted = name_key(name)
    return next((row for row in queryset if name_key(row.name) == wanted), None)


def _table(owner, name: str, house: rules.HouseRules) -> Table:
    table = _named(Table.objects.filter(owner=owner), name)
    if table is None:
        table = table_services.table_create(owner=owner, name=name, house_rules=house.to_dict())
    return table


def _player(table: Table, name: str, players: list[Player]) -> Player:
    player = _named(players, name)
    return player or table_services.player_add(table=table, name=name)


def night_import(*, document: dict, owner, table_name: str | None = None, by=None) -> Night:
    """Record the night a night file describes, whole or not at all.

    The owner's table of that name is used (or made, with the file's rules), its
    players found by name or added; the night runs on the file's rules whatever
    the table's are now. Any problem raises InvalidInput and writes nothing.
    """
    by = by or owner
    name, house, names, hands, closed = _read(document, table_name)
    with transaction.atomic():
        table = _table(owner, name, house)
        known = list(Player.objects.filter(table=table))
        players = [_player(table, player, known) for player in names]
        to_id = {player: p.pk for player, p in zip(names, players, strict=True)}
        first_dealer = players[names.index(hands[0].dealer)] if hands else players[0]
        night = services.night_start(
            table=table,
            players=players,
            first_dealer=first_dealer,
            by=by,
            house_rules=house.to_dict(),
        )
        roster = [p.pk for p in players]
        for number, hand in enumerate(hands, start=1):
            services.hand_record(
                night=night,
                expected_number=number,
                hand=_hand_data(hand, to_id, roster),
                by=by,
            )
        if closed:
            services.night_close(night=night, by=by)
    night.refresh_from_db()
    return night


def _hand_data(
    hand: rules.HandInput, to_id: Mapping[str, int], roster: list[int]
) -> services.HandData:
    return services.HandData(
        dealer=to_id[hand.dealer],
        seated=roster if hand.seated is None else [to_id[n] for n in hand.seated],
        stayed={to_id[n]: tricks for n, tricks in hand.stayed.items()},
        reneged=[to_id[n] for n in hand.reneged],
        misdeal=hand.misdeal,
    )


# --- Export ---


def _in_seat_order(amounts: Mapping[str, Any], seat_of: Mapping[int, int], to_name) -> dict:
    """A map keyed by player id (as stored) -> keyed by name, in seat order."""
    ordered = sorted(amounts.items(), key=lambda item: seat_of.get(int(item[0]), len(seat_of)))
    return {to_name[int(player_id)]: value for player_id, value in ordered}


def _export_hand(data: Mapping, roster: list[int], seat_of, to_name) -> dict:
    hand: dict[str, Any] = {"dealer": to_name[data["dealer"]]}
    if data.get("misdeal"):
        hand["misdeal"] = True
        return hand
    seated = sorted(map(int, data["seated"]), key=lambda p: seat_of.get(p, len(seat_of)))
    if set(seated) != set(roster):
        hand["seated"] = [to_name[p] for p in seated]
    hand["stayed"] = _in_seat_order(data["stayed"], seat_of, to_name)
    if data.get("reneged"):
        hand["reneged"] = [to_name[int(p)] for p in data["reneged"]]
    return hand


def _export_result(result: Mapping, seat_of, to_name) -> dict:
    def names(key: str) -> dict:
        return _in_seat_order(result[key], seat_of, to_name)

    # Every player of the night, as in the file's players: a late arrival is on the roster
    # from the start once the file is imported, so this is what an import gives back.
    balances = {to_name[p]: result["balances"].get(str(p), 0) for p in seat_of}

    if result["misdeal"]:
        return {
            "number": result["number"],
            "dealer": to_name[result["dealer"]],
            "misdeal": True,
            "pot_after": result["pot_after"],
            "balances": balances,
        }
    return {
        "number": result["number"],
        "dealer": to_name[result["dealer"]],
        "ante": result["ante"],
        "ante_refunds": names("ante_refunds"),
        "pot_before": result["pot_before"],
        "winner": None if result["winner"] is None else to_name[result["winner"]],
        "bourre_payments": names("bourre_payments"),
        "renege_payments": names("renege_payments"),
        "penalty_refunds": names("penalty_refunds"),
        "pot_after": result["pot_after"],
        "balances": balances,
    }


def night_export(night: Night) -> dict:
    """The night as a night file: the input part and the results part, with the
    players' current names."""
    house = bridge.house_rules(night)
    if night.leftover_policy:
        # The host may close with the other policy than the rules': the file says the one
        # applied, or an import closes the night differently (other balances).
        house = dataclasses.replace(house, leftover_pot=night.leftover_policy)
    to_name = bridge.roster_names(night)
    roster = list(to_name)  # seat order
    seat_of = {player_id: index for index, player_id in enumerate(roster)}
    hands = list(selectors.live_hands(night))

    leftover = Entry.objects.filter(night=night, kind=Entry.LEFTOVER, player__isnull=False)
    leftover_chips: dict[str, int] = {}
    for player_id, amount in leftover.values_list("player_id", "amount"):
        leftover_chips[str(player_id)] = leftover_chips.get(str(player_id), 0) + amount
    pot = selectors.night_pot(night)
    balances = selectors.night_balances(night)
    settlement = []
    if pot == 0:
        settlement = [
            {"from": p.payer.name, "to": p.payee.name, "amount": str(p.money)}
            for p in selectors.night_settlement(night)
        ]
    return {
        "format": FORMAT,
        "table": night.table.name,
        "rules": house.to_dict(),
        "players": [to_name[p] for p in roster],
        "hands": [_export_hand(h.input, roster, seat_of, to_name) for h in hands],
        "closed": night.closed_at is not None,
        "results": {
            "hands": [_export_result(h.result, seat_of, to_name) for h in hands],
            "leftover": _in_seat_order(
                {p: n for p, n in leftover_chips.items() if n}, seat_of, to_name
            ),
            "pot": pot,
            "balances": {to_name[p]: balances[p] for p in roster},
            "settlement": settlement,
        },
    }

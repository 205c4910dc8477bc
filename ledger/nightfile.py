"""The night file (`bourre-night/1`, docs/night-file.md): import and export.

An import goes through the checks the phone's hands go through (``hand_services.hand_settle``,
the same engine and the same problems naming the hand), all of them before anything is
written: the whole night is settled in memory first. Only then does one short
transaction store it, the hands and their entries in bulk.

A file names its players, and so does everything here: the engine settles the file by
name (its new players have no ids yet). Names become player ids once, at the file's edge,
when the settled night is written; an export turns the stored ids back into names.
"""

import dataclasses
import hashlib
import json
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import Conflict, InvalidInput, ServiceError
from ledger.models import Entry, Hand, Night, NightImport, Player, Table
from ledger.names import PLAYER_NAME_MAX, name_hidden_character, name_key, name_normal
from ledger.rules.errors import Code, Problem, gettext_noop
from ledger.selectors.night_state import live_hand_changes
from ledger.selectors.seats import names_of, night_roster
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services import tables as table_services
from ledger.services.debt_balances import table_lock

FORMAT = "bourre-night/1"
FIELDS = ("format", "table", "rules", "players", "hands", "closed", "results")
# A night file is at most 5 levels deep (the document, results, its hands, a hand, its
# balances); anything much deeper is not one, and would only cost recursion to look at.
DEPTH_LIMIT = 10
# An upload's answer lists this many problems, then counts the rest.
PROBLEMS_SHOWN = 20
# A problem quoting the file (a name, a value) quotes this much of each at most.
QUOTE_LENGTH = 200

FILE_NOT_JSON = Code(
    "file_not_json",
    gettext_noop("The file is not valid JSON: {problem} (line {line}, column {column})."),
)
FILE_NUMBER_TOO_LONG = Code(
    "file_number_too_long",
    gettext_noop("The file has a number too long to read: is it really a night file?"),
)
FILE_TOO_DEEP = Code(
    "file_too_deep",
    gettext_noop(
        "The file nests lists and objects more than {limit} levels deep: it is not a night file."
    ),
    limit=DEPTH_LIMIT,
)
FILE_NOT_UNICODE = Code(
    "file_not_unicode",
    gettext_noop(
        "The file holds text that is not Unicode (a lone surrogate such as \\ud800): "
        "is it really a night file?"
    ),
)
# ``path`` is where the key is, as a JSON path ("hands[3].stayed", "rules.ante"); a path
# through a list (its positions counted from 0, as JSON paths count) has its own sentence,
# which says so: a host reading "hands[3]" would otherwise look at hand 3, not hand 4.
FILE_KEY_TWICE = Code(
    "file_key_twice",
    gettext_noop("The file gives {path} twice: each key may appear only once in an object."),
)
FILE_KEY_TWICE_IN_LIST = Code(
    "file_key_twice_in_list",
    gettext_noop(
        "The file gives {path} twice (lists counted from 0): each key may appear only once "
        "in an object."
    ),
)
# ``kind`` is words ("a list"), marked in ``_kind``.
DOCUMENT_NOT_OBJECT = Code(
    "document_not_object",
    gettext_noop("A night file must be a JSON object (got {kind})."),
    words=("kind",),
)
FORMAT_INVALID = Code(
    "format_invalid", gettext_noop('format must be "bourre-night/1" (got {value!r}).')
)
FIELD_UNKNOWN = Code("field_unknown", gettext_noop("{key} is not a night file field."))
TABLE_MISSING = Code(
    "table_missing", gettext_noop("table is missing: name the table in the file or with --table.")
)
TABLE_INVALID = Code("table_invalid", gettext_noop("table must be a table's name (got {value!r})."))
PLAYERS_INVALID = Code(
    "players_invalid",
    gettext_noop("players must be a list of names in seat order (got {value!r})."),
)
PLAYERS_TOO_MANY = Code(
    "players_too_many",
    gettext_noop("players: a night file can list at most {limit} players (got {count:,})."),
)
PLAYER_NAME_INVALID = Code(
    "player_name_invalid", gettext_noop("players: each must be a non-empty name (got {value!r}).")
)
PLAYER_NAME_TOO_LONG = Code(
    "file_player_name_too_long",
    gettext_noop("players: {name} is longer than {limit} characters."),
)
PLAYER_NAME_HIDDEN_CHARACTER = Code(
    "file_player_name_hidden_character",
    gettext_noop("players: {value!r} contains an invisible or control character ({char})."),
)
TABLE_NAME_HIDDEN_CHARACTER = Code(
    "file_table_name_hidden_character",
    gettext_noop("table: {value!r} contains an invisible or control character ({char})."),
)
PLAYER_LISTED_TWICE = Code("player_listed_twice", gettext_noop("players: {name} is listed twice."))
HANDS_INVALID = Code(
    "hands_invalid", gettext_noop("hands must be a list of hands (got {value!r}).")
)
HANDS_TOO_MANY = Code(
    "hands_too_many",
    gettext_noop("hands: a night file can hold at most {limit:,} hands (got {count:,})."),
)
CLOSED_INVALID = Code(
    "closed_invalid", gettext_noop("closed must be true or false (got {value!r}).")
)
MORE_PROBLEMS = Code(
    "more_problems", gettext_noop("… and {count:,} more (only the first {shown} are listed).")
)
ALREADY_IMPORTED = Code(
    "already_imported",
    gettext_noop(
        "This file was already imported on {date}, as night {night} of {table}: "
        "nothing was written."
    ),
)


class AlreadyImported(Conflict):
    """The owner already imported this very file; importing it again needs their say-so."""


class _KeysTwice(dict):
    """An object of the file that gives a key more than once: the dict ``json`` would have
    made (the last value of each key), with every pair as written."""

    __slots__ = ("pairs",)

    def __init__(self, pairs: list[tuple[str, object]]) -> None:
        super().__init__(pairs)
        self.pairs = pairs


def json_loads(text: str) -> object:
    """``json.loads`` for every file the app is given (night files, a backup's manifest):
    an object that gives a key twice is refused, InvalidInput naming each such key by its
    JSON path, where ``json`` would silently keep the last value (and the digest of a file
    already imported would not see the difference). JSON that is not valid raises as
    ``json.loads`` raises."""
    repeated: list[_KeysTwice] = []

    def pairs_hook(pairs: list[tuple[str, object]]) -> dict:
        read = dict(pairs)
        if len(read) == len(pairs):
            return read
        # Rare: only then is the document walked again, to say where each one is.
        repeated.append(_KeysTwice(pairs))
        return repeated[-1]

    document = json.loads(text, object_pairs_hook=pairs_hook)
    if repeated:
        raise InvalidInput([_quoted(problem) for problem in _keys_given_twice(document)])
    return document


_GIVEN_AGAIN = object()  # in the walk below: the key of this path is given a second time


def _keys_given_twice(document: object) -> list[Problem]:
    """A problem for each key an object gives twice, in the order the file has them."""
    problems: list[Problem] = []
    # Without recursion, as the other walks of a document; each path is (parent, step),
    # written out only for a key given twice, where the file gives it the second time.
    pending: list[tuple[object, tuple | None]] = [(document, None)]
    while pending:
        value, path = pending.pop()
        if value is _GIVEN_AGAIN:
            problems.append(_key_twice(path))
            continue
        if isinstance(value, _KeysTwice):
            children = []
            seen: dict[str, int] = {}
            for key, child in value.pairs:
                seen[key] = seen.get(key, 0) + 1
                if seen[key] == 2:
                    children.append((_GIVEN_AGAIN, (path, key)))
                children.append((child, (path, key)))
        elif isinstance(value, dict):
            children = [(child, (path, key)) for key, child in value.items()]
        elif isinstance(value, list):
            children = [(child, (path, index)) for index, child in enumerate(value)]
        else:
            continue
        pending.extend(reversed(children))  # popped in the file's order
    return problems


def _key_twice(path: tuple) -> Problem:
    steps: list[str | int] = []
    while path is not None:
        path, step = path
        steps.append(step)
    steps.reverse()
    written = "".join(_path_step(step, first=n == 0) for n, step in enumerate(steps))
    in_list = any(isinstance(step, int) for step in steps)
    return (FILE_KEY_TWICE_IN_LIST if in_list else FILE_KEY_TWICE)(path=written)


def _path_step(step: str | int, *, first: bool) -> str:
    if isinstance(step, int):
        return f"[{step}]"
    if step.isidentifier():
        return step if first else f".{step}"
    # A name with a space, say: quoted as JSON quotes it; escaped if it is not Unicode (a
    # lone surrogate, refused later anyway), which no page could show.
    try:
        step.encode("utf-8")
    except UnicodeEncodeError:
        return f"[{json.dumps(step)}]"
    return f"[{json.dumps(step, ensure_ascii=False)}]"


def night_parse(text: str) -> object:
    """The JSON of a night file, for night_import to judge; InvalidInput if it is not JSON,
    or gives a key twice in one object."""
    try:
        document = json_loads(text)
    except json.JSONDecodeError as error:
        raise InvalidInput(
            FILE_NOT_JSON(problem=error.msg, line=error.lineno, column=error.colno)
        ) from None
    except ValueError:  # an integer of over 4,300 digits, which int() refuses
        raise InvalidInput(FILE_NUMBER_TOO_LONG()) from None
    except RecursionError:  # "[[[[…" nested thousands deep
        raise InvalidInput(FILE_TOO_DEEP()) from None
    _refuse_if_not_a_document(document)
    return document


def _refuse_if_not_a_document(document: object) -> None:
    """Refuse a document nested deeper than a night file, or holding text that is not
    Unicode (JSON lets "\\ud800" through; no database, page or digest can take it)."""
    # Without recursion: the point is that a deep document cannot exhaust the stack.
    pending = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            _refuse_if_not_unicode(value)
            continue
        if not isinstance(value, Mapping | list):
            continue
        if depth > DEPTH_LIMIT:
            raise InvalidInput(FILE_TOO_DEEP())
        if isinstance(value, Mapping):
            pending.extend((key, depth) for key in value)
            pending.extend((child, depth + 1) for child in value.values())
        else:
            pending.extend((child, depth + 1) for child in value)


def _refuse_if_not_unicode(text: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(FILE_NOT_UNICODE()) from None


def night_digest(document: object) -> str:
    """The SHA-256 of the document's content: the same night file gives the same digest
    however it is indented or its keys ordered."""
    canonical = json.dumps(
        document, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


class Quoted:
    """A long value quoted from the file, cut to its two ends (QUOTE_LENGTH in all), and
    shown the same with or without quotes (``{value!r}``)."""

    __slots__ = ("quoted", "text")

    def __init__(self, value: object) -> None:
        self.text = _cut(str(value))
        self.quoted = _cut(repr(value))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.quoted

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)


def _cut(text: str) -> str:
    if len(text) <= QUOTE_LENGTH:
        return text
    # Both ends: a name's start, and its end, which a message's next words follow.
    head = (QUOTE_LENGTH - 3) // 2
    return f"{text[:head]} … {text[-(QUOTE_LENGTH - 3 - head) :]}"


def _quoted(problem: Problem) -> Problem:
    """``problem`` with every long parameter cut to its two ends."""

    def long(value: object) -> bool:
        return not isinstance(value, int | float) and len(repr(value)) > QUOTE_LENGTH

    if not any(long(value) for value in problem.params.values()):
        return problem
    params = {k: Quoted(v) if long(v) else v for k, v in problem.params.items()}
    return dataclasses.replace(problem, params=params)


def _shown(problems: list[Problem]) -> list[Problem]:
    """The first problems, long values quoted by their ends only, and a count of the rest:
    a file of a thousand bad hands gets an answer a person can read, not megabytes."""
    shown = [_quoted(problem) for problem in problems[:PROBLEMS_SHOWN]]
    if len(problems) > PROBLEMS_SHOWN:
        shown.append(MORE_PROBLEMS(count=len(problems) - PROBLEMS_SHOWN, shown=PROBLEMS_SHOWN))
    return shown


def _kind(value: object) -> str:
    # Words in DOCUMENT_NOT_OBJECT's sentence, translated with it.
    kinds = {
        list: gettext_noop("a list"),
        str: gettext_noop("text"),
        int: gettext_noop("a number"),
        float: gettext_noop("a number"),
        bool: gettext_noop("true/false"),
    }
    return kinds.get(type(value), "null" if value is None else type(value).__name__)


def _check_players(value: object) -> list[Problem]:
    """Each name judged as the player services judge a typed one (ledger.names), so a
    file cannot seat "Ann" beside an "Ann" with a zero-width space or in full width."""
    if not isinstance(value, list):
        return [PLAYERS_INVALID(value=value)]
    if len(value) > rules.MAX_ROSTER:
        return [PLAYERS_TOO_MANY(limit=rules.MAX_ROSTER, count=len(value))]
    problems: list[Problem] = []
    seen: set[str] = set()
    for name in value:
        clean = name_normal(name) if isinstance(name, str) else ""
        hidden = name_hidden_character(clean)
        if hidden is not None:
            problems.append(PLAYER_NAME_HIDDEN_CHARACTER(value=name, char=hidden))
        elif not name_key(clean):
            problems.append(PLAYER_NAME_INVALID(value=name))
        elif len(clean) > PLAYER_NAME_MAX:
            problems.append(PLAYER_NAME_TOO_LONG(name=name, limit=PLAYER_NAME_MAX))
        elif name_key(clean) in seen:
            problems.append(PLAYER_LISTED_TWICE(name=name))
        else:
            seen.add(name_key(clean))
    if len(value) < 2:
        problems.append(err.ROSTER_TOO_SMALL())
    return problems


def _not_on_roster(hand: rules.HandInput, number: int, roster: set[str]) -> list[Problem]:
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
        code(hand=number, player=name)
        for code, names in named
        for name in names
        if name not in roster
    ]


def _read(
    document: object, table_name: str | None
) -> tuple[str, rules.HouseRules, list[str], list[rules.HandInput], bool]:
    """The document's parts, or InvalidInput listing every problem with its shape."""
    if not isinstance(document, Mapping):
        raise InvalidInput(DOCUMENT_NOT_OBJECT(kind=_kind(document)))
    _refuse_if_not_a_document(document)
    if document.get("format") != FORMAT:
        # Nothing else can be read with any confidence.
        raise InvalidInput(FORMAT_INVALID(value=document.get("format")))
    problems = [FIELD_UNKNOWN(key=key) for key in document if key not in FIELDS]

    table = table_name if table_name is not None else document.get("table")
    if table is None:
        problems.append(TABLE_MISSING())
    elif not isinstance(table, str) or not name_normal(table):
        problems.append(TABLE_INVALID(value=table))
    elif (hidden := name_hidden_character(name_normal(table))) is not None:
        problems.append(TABLE_NAME_HIDDEN_CHARACTER(value=table, char=hidden))

    house = None
    try:
        house = rules.HouseRules.from_dict(document.get("rules", {}))
    except rules.RulesError as error:
        problems.extend(error.problems)

    players = document.get("players")
    player_problems = _check_players(players)
    problems.extend(player_problems)
    roster = set() if player_problems else set(players)

    hands: list[rules.HandInput] = []
    raw_hands = document.get("hands")
    if not isinstance(raw_hands, list):
        problems.append(HANDS_INVALID(value=raw_hands))
        raw_hands = []
    elif len(raw_hands) > rules.MAX_HANDS:
        problems.append(HANDS_TOO_MANY(limit=rules.MAX_HANDS, count=len(raw_hands)))
        raw_hands = []
    for number, raw in enumerate(raw_hands, start=1):
        try:
            hand = rules.HandInput.from_dict(raw, number)
        except rules.RulesError as error:
            problems.extend(error.problems)
            continue
        if not player_problems:
            problems.extend(_not_on_roster(hand, number, roster))
        hands.append(hand)

    closed = document.get("closed", False)
    if not isinstance(closed, bool):
        problems.append(CLOSED_INVALID(value=closed))
    if problems:
        raise InvalidInput(problems)
    return name_normal(table), house, list(players), hands, closed


def _by_name(rows) -> dict[str, Any]:
    # Compared in Python: SQLite's LIKE and lower() fold ASCII letters only ("É" != "é").
    # One pass, then one look-up per name: linear however many players the table has.
    return {name_key(row.name): row for row in rows}


@dataclasses.dataclass(frozen=True)
class _Night:
    """A night file read, checked and settled in memory: everything the write needs."""

    table: str
    house: rules.HouseRules
    names: list[str]  # as the file spells them, seat order
    engine_names: list[str]  # the names the engine settled them by (the table's, if known)
    hands: list[rules.HandInput]
    settled: list[tuple[rules.HandResult, rules.NightState]]
    closed: bool


def _settle_night(
    owner,
    name: str,
    house: rules.HouseRules,
    names: list[str],
    hands: list[rules.HandInput],
    closed: bool,
) -> _Night:
    """Settle every hand of a night file read by ``_read``, writing nothing; InvalidInput
    if the phone would refuse any of it."""
    # A sample put away is out of sight, and so out of reach of a file naming its name.
    table = _by_name(Table.objects.filter(owner=owner, hidden_at=None)).get(name_key(name))
    known = _by_name(Player.objects.filter(table=table)) if table else {}
    players = [known.get(name_key(player)) for player in names]
    retired = [p for p in players if p is not None and p.retired_at is not None]
    if retired:
        raise InvalidInput([err.PLAYER_RETIRED(player=p.name) for p in retired])
    engine_names = [
        player.name if player else name_normal(raw)
        for raw, player in zip(names, players, strict=True)
    ]

    # Settled by name (its players have no ids until it is written), through the checks
    # the phone's hands go through; each name as the table spells it, if it knows it.
    engine_name = dict(zip(names, engine_names, strict=True)).__getitem__
    state = rules.NightState.start(engine_names)
    settled = []
    for hand in hands:
        result, state = hand_services.hand_settle(
            house=house, state=state, hand=_renamed(hand, engine_name), roster=engine_names
        )
        settled.append((result, state))
    if closed:
        try:
            rules.close_night(house, state)
        except rules.RulesError as error:
            raise InvalidInput(error.problems) from None
    return _Night(name, house, names, engine_names, hands, settled, closed)


def _renamed(hand: rules.HandInput, name: Callable[[str], str]) -> rules.HandInput:
    return rules.HandInput(
        dealer=name(hand.dealer),
        seated=None if hand.seated is None else tuple(map(name, hand.seated)),
        stayed={name(player): tricks for player, tricks in hand.stayed.items()},
        reneged=tuple(map(name, hand.reneged)),
        misdeal=hand.misdeal,
    )


def _earlier_import(owner, digest: str) -> NightImport | None:
    return (
        NightImport.objects.filter(night__table__owner=owner, digest=digest)
        .select_related("night__table")
        .first()
    )


def _refuse_if_imported(owner, digest: str) -> None:
    earlier = _earlier_import(owner, digest)
    if earlier is not None:
        raise AlreadyImported(
            ALREADY_IMPORTED(
                date=f"{timezone.localtime(earlier.imported_at):%Y-%m-%d}",
                night=earlier.night_id,
                table=earlier.night.table.name,
            )
        )


def night_import(
    *,
    document: dict,
    owner,
    table_name: str | None = None,
    by=None,
    again: bool = False,
    dated: tuple[datetime, datetime | None] | None = None,
) -> Night:
    """Record the night a night file describes, whole or not at all.

    The owner's table of that name is used (or made, with the file's rules), its
    players found by name or added; the night runs on the file's rules whatever
    the table's are now. Any problem raises InvalidInput and writes nothing; a file
    the owner already imported raises AlreadyImported, unless ``again``. ``dated``: when
    the night started and closed (a backup's), else now.
    """
    try:
        return _import(document, owner, table_name, by or owner, again, dated)
    except ServiceError as error:
        raise type(error)(_shown(error.problems)) from None


def _import(document, owner, table_name, by, again, dated) -> Night:
    parts = _read(document, table_name)
    digest = night_digest(document)
    if not again:
        _refuse_if_imported(owner, digest)
    night_file = _settle_night(owner, *parts)
    with transaction.atomic():
        # One import at a time per owner, so two uploads of one file cannot both pass: the
        # first lock of the services' order (ledger/services/__init__.py). FOR NO KEY
        # UPDATE, so the host's other writes, whose inserts refer to this row (a mark's
        # "marked by", a hand's "recorded by"), do not wait for it while they hold the
        # table's or a night's row that this import's own inserts wait for.
        get_user_model().objects.select_for_update(no_key=True).filter(pk=owner.pk).first()
        if not again:
            _refuse_if_imported(owner, digest)
        night = _write(night_file, owner, by, dated or (None, None))
        NightImport.objects.create(
            night=night, digest=digest, imported_by=by, imported_at=timezone.now()
        )
    night.refresh_from_db()
    return night


def _write(night_file: _Night, owner, by, dated: tuple) -> Night:
    """Store a night already settled: a handful of queries and two bulk inserts."""
    table = _by_name(Table.objects.filter(owner=owner, hidden_at=None)).get(
        name_key(night_file.table)
    )
    if table is None:
        table = table_services.table_create(
            owner=owner, name=night_file.table, house_rules=night_file.house.to_dict()
        )
    if night_file.closed:
        # Closing it opens debts at the table: its lock before the night's (the order).
        table_lock(table.pk)
    known = _by_name(Player.objects.filter(table=table))
    players = [
        known.get(name_key(name)) or table_services.player_add(table=table, name=name)
        for name in night_file.names
    ]
    hands = night_file.hands
    night = night_services.night_start(
        table=table,
        players=players,
        first_dealer=players[night_file.names.index(hands[0].dealer)] if hands else players[0],
        by=by,
        house_rules=night_file.house.to_dict(),
        started_at=dated[0],
    )
    to_id = {name: p.pk for name, p in zip(night_file.names, players, strict=True)}
    roster = [p.pk for p in players]
    hand_services.hands_record_settled(
        night=night,
        hands=[
            hand_services.SettledHand(
                data=_hand_input(hand, to_id, roster),
                roster=roster,
                result=result,
                state_after=state,
            )
            for hand, (result, state) in zip(hands, night_file.settled, strict=True)
        ],
        player_ids={name: p.pk for name, p in zip(night_file.engine_names, players, strict=True)},
        by=by,
    )
    if night_file.closed:
        night_services.night_close(night=night, by=by, closed_at=dated[1])
    return night


def _hand_input(
    hand: rules.HandInput, to_id: Mapping[str, int], roster: list[int]
) -> rules.HandInput:
    return rules.HandInput(
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


def _export_result(result: Mapping, after: Mapping[int, int], seat_of, to_name) -> dict:
    """A hand's stored ``result`` as the file's results give it, with ``after``, the
    balances after it (player id -> chips, anyone missing at 0)."""

    def names(key: str) -> dict:
        return _in_seat_order(result[key], seat_of, to_name)

    # Every player of the night, as in the file's players: a late arrival is on the roster
    # from the start once the file is imported, so this is what an import gives back.
    balances = {to_name[p]: after.get(p, 0) for p in seat_of}

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


def _balances_after_each(night: Night, hands: list[Hand]):
    """The balances after each of ``hands`` (the night's live hands, in order), as their
    entries add up: a hand's stored result does not hold them."""
    changes = live_hand_changes(night)
    balances: dict[int, int] = {}
    for hand in hands:
        for player_id, chips in changes.get(hand.number, {}).items():
            balances[player_id] = balances.get(player_id, 0) + chips
        yield dict(balances)


def night_export(night: Night) -> dict:
    """The night as a night file: the input part and the results part, with the
    players' current names."""
    house = night.house_rules
    if night.leftover_policy:
        # The host may close with the other policy than the rules': the file says the one
        # applied, or an import closes the night differently (other balances).
        house = dataclasses.replace(house, leftover_pot=night.leftover_policy)
    to_name = names_of(night_roster(night))
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
            "hands": [
                _export_result(hand.result, after, seat_of, to_name)
                for hand, after in zip(hands, _balances_after_each(night, hands), strict=True)
            ],
            "leftover": _in_seat_order(
                {p: n for p, n in leftover_chips.items() if n}, seat_of, to_name
            ),
            "pot": pot,
            "balances": {to_name[p]: balances[p] for p in roster},
            "settlement": settlement,
        },
    }

"""Checking a night's ledger against itself: the proof behind ``manage.py verify_ledger``.

Every hand revision is settled again by the engine from its stored input, in the
order the revisions were written, and compared with what was stored: the result, the
state after it (which do not hold the balances after it: those are what the entries sum
to, and what each seat keeps), and the entries posted for it. A
correction leaves a later hand's revision live when the night's state before it is back
to the stored one, so the live revisions are then followed in hand order: one settled on
a revision since replaced must be what the engine gives on the live hand before it.
Replaced revisions must be reversed exactly; the balances and the pot summed from every
entry must be the replayed night's; and the hash chain must be whole, each hash the HMAC
of its row under the key it names (ledger.seals). Nothing is trusted but the inputs and
the key, so a row changed behind the app's back shows up at least once, even with
the chain recomputed, unless whoever changed it also held the key. Each seat's running
balance (``Seat.chips``) must be what its player's entries sum to. What a closed night
came to, written as it closed for the history screens (ledger.models.results), must be
what its entries give: each seat's chips and the settle-up. And what each pair of a
table still owes, kept as it changes (ledger.services.debt_balances), must be what every
night's transfers and every mark give when worked out again (``verify_open_debts``), and
each player's totals per year, kept as each night closes for the leaderboards, what the
closed nights' results sum to (``verify_year_totals``).
"""

import itertools
import json
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from django.db.models import CharField, Exists, OuterRef, TextField
from django.db.models.functions import Cast

from ledger import rules, seals
from ledger.errors import key_shown
from ledger.models import (
    GENESIS_HASH,
    DebtPair,
    DebtPool,
    DebtPoolSource,
    Entry,
    Hand,
    Night,
    NightResult,
    NightSummary,
    NightTransfer,
    PaymentMark,
    Player,
    PlayerYear,
    PooledTransfer,
    Seat,
    Table,
)
from ledger.models.entries import canonical_entries
from ledger.rules.money import quantum, to_units
from ledger.selectors.debts import (
    latest_balances,
    latest_pool_change,
    night_last_change,
    night_transfers,
    pool_last_change,
)
from ledger.selectors.seats import RosterPlayer, names_of
from ledger.selectors.table_stats import year_totals
from ledger.services.postings import postings

SEQ_GAP = "Night {night}: entry seq {seq} comes where seq {expected} should be."
HASH_DIFFERS = (
    "Night {night}: the entries at seq {seqs} were changed after they were written "
    "(the hash stored at seq {seq} differs)."
)
HASH_MISSING = "Night {night}: entry seq {seq} is the last of a post but holds no hash."
SEALED_WITH_OTHER_KEY = (
    "Night {night}: the entries at seq {seqs} are sealed with a different key (key id {key}), "
    "one this server does not hold, so they cannot be checked: a key rotated out without being "
    "listed in DJANGO_LEDGER_KEY_PREVIOUS, or rows rewritten by someone without the key."
)
NOT_SEALED = (
    "Night {night}: the entries at seq {seqs} carry no key id, so they cannot be checked: "
    "written before entries were sealed with a key, or rewritten by someone without it."
)
RULES_UNREADABLE = "Night {night}: its rules cannot be read: {problem}"
HAND_NUMBERS_GAP = "Night {night}: the live hands are numbered {numbers}, not 1 to {count}."
LIVE_REVISION_WRONG = (
    "Night {night}, hand {number}: the live revision is {found}, but it should be {expected}."
)
NO_HAND_BEFORE = "Night {night}, hand {number} (revision {revision}): no hand {before} before it."
REPLAY_FAILED = (
    "Night {night}, hand {number} (revision {revision}): its stored input no longer "
    "settles: {problem}"
)
RESULT_DIFFERS = (
    "Night {night}, hand {number} (revision {revision}): the stored result differs from "
    "the replay in {fields}."
)
LIVE_ON_REPLACED_DIFFERS = (
    "Night {night}, hand {number} (revision {revision}): it was settled on a revision of "
    "hand {before} since replaced, and on the live one it differs from the stored hand in "
    "{fields}."
)
STATE_DIFFERS = (
    "Night {night}, hand {number} (revision {revision}): the stored state after it differs "
    "from the replay in {fields}."
)
ENTRIES_DIFFER = (
    "Night {night}, hand {number} (revision {revision}): its entries are [{found}]; "
    "the replay moves [{expected}]."
)
HAND_NUMBER_WRONG = (
    "Night {night}: entry seq {seq} says hand {found} but belongs to hand {expected}."
)
LIVE_HAND_REVERSED = (
    "Night {night}, hand {number}: entry seq {seq} reverses the live revision {revision}."
)
NOT_REVERSED = (
    "Night {night}, hand {number} (revision {revision}): entry seq {seq} was replaced "
    "but never reversed."
)
REVERSAL_WRONG = (
    "Night {night}: entry seq {seq} does not exactly negate entry seq {target}, which it reverses."
)
REVERSES_OTHER_NIGHT = "Night {night}: entry seq {seq} reverses an entry of another night."
LEFTOVER_WHILE_OPEN = (
    "Night {night}: entry seq {seq} hands out a leftover pot, but the night is open."
)
LEFTOVER_DIFFERS = (
    "Night {night}: the closing entries are [{found}]; closing the replayed night "
    "gives [{expected}]."
)
ENTRY_PLAYER_NOT_ON_ROSTER = (
    "Night {night}: entry seq {seq} is for player #{player}, not on the roster."
)
BALANCE_DIFFERS = (
    "Night {night}: {player}'s balance from the entries is {found}; the replay gives {expected}."
)
POT_DIFFERS = "Night {night}: the pot from the entries is {found}; the replay gives {expected}."
SEAT_CHIPS_DIFFER = (
    "Night {night}: {player}'s seat holds a balance of {found}; the entries sum to {expected}."
)
RESULTS_MISSING = "Night {night}: it is closed, but what it came to was never written."
RESULTS_DIFFER = (
    "Night {night}: the results written as it closed give {player} {found}; the entries "
    "give {expected} (chips, and their money in the currency's smallest unit)."
)
TRANSFERS_DIFFER = (
    "Night {night}: the settle-up written as it closed is [{found}]; the entries give [{expected}]."
)

Posting = tuple[int | None, int, str]  # player id (None: the pot), amount, kind

# Nights read per query: a few hundred thousand entries are read in a few dozen
# queries, not several per night, and never all of them at once.
CHUNK = 200

# A time as the database writes it as text, and a JSON column as the text it holds: read
# so, a few hundred thousand entries' times are not each parsed into a datetime (their
# posts' few thousand are), nor a hand's stored result and state decoded when the
# replay's, encoded, is the same text.
_STAMP = Cast("created_at", CharField())
_RESULT_TEXT = Cast("result", TextField())
_STATE_TEXT = Cast("state_after", TextField())


class EntryRow(NamedTuple):
    """An entry as stored, as a plain row (read with ``values_list(named=True)``, these
    fields): reading hundreds of thousands of entries as model instances costs more than
    checking them. ``stamp`` is its ``created_at`` as the database writes it as text
    (``_STAMP``), which ``_times`` gives in ISO 8601."""

    pk: int
    night_id: int
    seq: int
    hand_id: int | None
    hand_number: int | None
    player_id: int | None
    amount: int
    kind: str
    reverses_id: int | None
    created_by_id: int
    key_id: str | None
    hash: str | None
    stamp: str  # last, as the query selects it: no reordering of hundreds of thousands of rows


class HandRow(NamedTuple):
    """A hand revision as stored, as a plain row like ``EntryRow``: its input and roster
    decoded, its result and state after it as the JSON text stored (``_differing``)."""

    pk: int
    night_id: int
    number: int
    revision: int
    live: bool
    kind: str
    input: object
    roster: object
    result_text: str | None
    state_text: str | None


@dataclass(frozen=True)
class NightChecked:
    """One night's verification: its problems ([] when it checks out) and what the
    report says of a clean one."""

    night: Night
    problems: list[str]
    live_hands: int
    entries: int
    last_hash: str | None  # the last entry's, the seal's source; None when no chip moved


def _seq_ranges(seqs: list[int]) -> str:
    """[1, 2, 3, 7] -> "1 to 3, 7": a rotated key can leave hundreds of rows unchecked."""
    runs = [
        [seq for _, seq in run]
        for _, run in itertools.groupby(enumerate(seqs), lambda pair: pair[1] - pair[0])
    ]
    return ", ".join(f"{run[0]} to {run[-1]}" if len(run) > 1 else f"{run[0]}" for run in runs)


def _chain(
    night: Night, entries: list[EntryRow], times: Mapping[str, str], sealers: Mapping
) -> list[str]:
    """The hash chain: every entry sealed again, in order, each on the hash of the one
    before it, and each stored hash (on the last entry of every post) compared with the
    chain's. A row changed, deleted, moved or put in changes the chain from there on, so
    the next stored hash differs; the checking then goes on from the stored hash, as the
    writer did, so each post that was touched is named once. ``times`` gives each
    entry's ``stamp`` in ISO 8601 (``_times``)."""
    problems = []
    unchecked: dict[str, list[int]] = defaultdict(list)  # key id not held -> seqs
    # The chain's hash before the row. None, unknown, only after a post of a key this
    # server does not hold whose last entry holds no hash, which is reported (HASH_MISSING):
    # the rows after it cannot be checked until the next stored hash.
    prev_hash: str | None = GENESIS_HASH
    expected = 1
    first = 1  # the first row since the last stored hash
    # The entries of one post share their night, time, author and key, and follow each
    # other: the key and the canonical text of those are looked up and written once per
    # post (``canonical_entries``), not per entry. A post is told by its time as a time,
    # not as the database's text of it.

    def post_of(e: EntryRow) -> tuple:
        return (e.night_id, times[e.stamp], e.created_by_id, e.key_id)

    for post, run in itertools.groupby(entries, key=post_of):
        seal = sealers.get(post[3])
        canonical = canonical_entries(*post) if seal is not None else None
        rows = list(run)
        last = rows[-1]
        for entry in rows:
            _, _, seq, hand_id, hand_number, player_id, amount, kind, reverses_id, *_ = entry
            if seq != expected:
                problems.append(SEQ_GAP.format(night=night.pk, seq=seq, expected=expected))
            stored = entry.hash
            if stored is None and entry is last:
                problems.append(HASH_MISSING.format(night=night.pk, seq=seq))
            chained = None
            if seal is None:
                unchecked[post[3]].append(seq)
            elif prev_hash is not None:
                chained = seal(
                    prev_hash,
                    canonical(seq, hand_id, hand_number, player_id, amount, kind, reverses_id),
                )
                if stored is not None and stored != chained:
                    seqs = f"{first} to {seq}" if first < seq else f"{seq}"
                    problems.append(HASH_DIFFERS.format(night=night.pk, seqs=seqs, seq=seq))
            if stored is not None:
                prev_hash, first = stored, seq + 1
            else:
                prev_hash = chained
            expected = seq + 1
    for key_id, seqs in unchecked.items():
        message = SEALED_WITH_OTHER_KEY if key_id else NOT_SEALED
        problems.append(message.format(night=night.pk, seqs=_seq_ranges(seqs), key=key_id))
    return problems


def _number(hand: HandRow) -> int:
    return hand.number


def _differing(stored_text: str | None, replayed: dict) -> str:
    """The fields in which a hand's stored result or state after it (``stored_text``, the
    JSON text stored) differs from the replay's (``replayed``, as the engine writes it),
    "" when none does. Neither holds the balances after the hand: they are what the
    night's entries sum to, checked as such (``_Check.totals``). A row written before they
    were left out holds them, and not what the hand changed of them (a result's
    "changes"): both are left out of its comparison, the entries standing for them."""
    # Nearly always the stored text is the replay's, encoded as it was written: one
    # comparison of text, nothing decoded. Else the stored JSON is read and compared field
    # by field, as a database that rewrites JSON (PostgreSQL's jsonb) always is.
    if stored_text is not None and stored_text == json.dumps(replayed):
        return ""
    try:
        stored = json.loads(stored_text) if stored_text is not None else None
    except ValueError:  # a row edited into text that is not JSON: it differs in everything
        stored = None
    if not isinstance(stored, dict):
        stored = {}
    if "balances" in stored:
        stored.pop("balances")
        replayed = {key: value for key, value in replayed.items() if key != "changes"}
    if stored == replayed:
        return ""
    keys = [k for k in replayed if stored.get(k) != replayed[k]]
    keys += [k for k in stored if k not in replayed]
    return ", ".join(keys)


class _Check:
    def __init__(self, night: Night, roster: list[RosterPlayer]) -> None:
        self.night = night
        self.problems: list[str] = []
        self.to_name = names_of(roster)  # player id -> name, seat order
        self.seat_chips = {player.id: player.chips for player in roster}  # Seat.chips
        self.expected: dict[int, list[Posting]] = {}  # hand row id -> its postings
        # Hand row id -> the replayed state it was settled on (None for a night's first
        # hand) and the one after it: what ``live_chain`` follows.
        self.settled_on: dict[int, rules.NightState | None] = {}
        self.after: dict[int, rules.NightState] = {}

    def say(self, message: str, **values) -> None:
        self.problems.append(message.format(night=self.night.pk, **values))

    def name(self, player_id: object) -> str:
        """A player by name; an edited row's id that is no one's, or anything else, as it is."""
        if player_id is None:
            return "pot"
        try:
            if not isinstance(player_id, bool) and player_id in self.to_name:
                return self.to_name[player_id]
        except TypeError:  # unhashable: a list where an id should be
            pass
        return key_shown(player_id)

    def words(self, error: rules.RulesError) -> str:
        """The engine's problems in English, each player by name."""
        return "; ".join(rules.describe(p, name_of=self.name) for p in error.problems)

    def show(self, postings: Iterable[Posting]) -> str:
        return ", ".join(f"{self.name(p)} {amount:+d} {kind}" for p, amount, kind in postings)

    def _roster(self, ids: Iterable) -> list[int]:
        """A stored roster's player ids, each one on the night's roster: a row edited to
        seat someone else fails here, as a finding."""
        roster = [int(i) for i in ids]
        unknown = [i for i in roster if i not in self.to_name]
        if unknown:
            raise KeyError(unknown[0])
        return roster

    def replay(self, house: rules.HouseRules, hands: list[HandRow]) -> rules.NightState | None:
        """Settle every revision in the order written, each on the replayed state of the
        revision of the hand before it that stood when it was written. Returns the
        state after the live hands (None if they could not all be replayed)."""
        latest: dict[int, tuple[HandRow, rules.NightState | None]] = {}
        for hand in hands:
            if hand.kind == Hand.UNDO:
                continue
            where = {"number": hand.number, "revision": hand.revision}
            state = None
            self.settled_on[hand.pk] = None
            if hand.number > 1:
                before = latest.get(hand.number - 1)
                if before is None:
                    self.say(NO_HAND_BEFORE, before=hand.number - 1, **where)
                    continue
                state = before[1]
                if state is None:  # its own failure is already reported
                    latest[hand.number] = (hand, None)
                    continue
                self.settled_on[hand.pk] = state
            try:
                roster = self._roster(hand.roster)
                state = rules.NightState.start(roster) if state is None else state
                state = state.with_roster(roster)
                # What Hand.hand_input() reads, from the row.
                hand_input = rules.input_from_json(hand.input, key=int)
                result, after = rules.settle_hand(house, state, hand_input)
                replayed_result = rules.result_to_json(result)
                replayed_state = rules.state_to_json(after)
                self.expected[hand.pk] = list(postings(result.movements))
            except (rules.RulesError, KeyError, TypeError, ValueError, AttributeError) as error:
                # A row edited into something unreadable is a finding, not a crash.
                problem = self.words(error) if isinstance(error, rules.RulesError) else repr(error)
                self.say(REPLAY_FAILED, problem=problem, **where)
                latest[hand.number] = (hand, None)
                continue
            fields = _differing(hand.result_text, replayed_result)
            if fields:
                self.say(RESULT_DIFFERS, fields=fields, **where)
            fields = _differing(hand.state_text, replayed_state)
            if fields:
                self.say(STATE_DIFFERS, fields=fields, **where)
            latest[hand.number] = (hand, after)
            self.after[hand.pk] = after
        self.live_revisions(hands)
        roster = list(self.to_name)
        live = max((h.number for h in hands if h.live), default=0)
        if not live:
            return rules.NightState.start(roster) if roster else None
        state = self.live_chain(house, hands)
        return None if state is None else state.with_roster(roster)

    def live_chain(self, house: rules.HouseRules, hands: list[HandRow]) -> rules.NightState | None:
        """The state after the live hands, each settled on the live one before it.

        A live revision written on the very state the live hand before it leaves (the
        same replayed object, or an equal one) was checked as it was replayed. One written
        on a revision replaced since (a correction stops where the night's state is back
        to the stored one) is settled again on the live one's, and must come out as
        stored, entries included. Returns None if a live hand could not be replayed."""
        state: rules.NightState | None = None
        for number, hand in enumerate(sorted((h for h in hands if h.live), key=_number), 1):
            if hand.number != number or hand.pk not in self.after:
                return None  # a gap, or a hand that did not replay: reported already
            settled_on = self.settled_on[hand.pk]
            if settled_on is state or settled_on == state:
                state = self.after[hand.pk]
                continue
            try:
                roster = self._roster(hand.roster)
                result, state = rules.settle_hand(
                    house, state.with_roster(roster), rules.input_from_json(hand.input, key=int)
                )
            except (rules.RulesError, KeyError, TypeError, ValueError, AttributeError) as error:
                problem = self.words(error) if isinstance(error, rules.RulesError) else repr(error)
                self.say(REPLAY_FAILED, problem=problem, number=hand.number, revision=hand.revision)
                return None
            self.expected[hand.pk] = list(postings(result.movements))
            fields = ", ".join(
                field
                for field, stored, replayed in (
                    ("result", hand.result_text, rules.result_to_json(result)),
                    ("state after", hand.state_text, rules.state_to_json(state)),
                )
                if _differing(stored, replayed)
            )
            if fields:
                self.say(
                    LIVE_ON_REPLACED_DIFFERS,
                    number=hand.number,
                    revision=hand.revision,
                    before=hand.number - 1,
                    fields=fields,
                )
        return state

    def live_revisions(self, hands: list[HandRow]) -> None:
        numbers = [h.number for h in sorted(hands, key=lambda h: h.number) if h.live]
        if numbers != list(range(1, len(numbers) + 1)):
            self.say(HAND_NUMBERS_GAP, numbers=numbers, count=len(numbers))
        last_row: dict[int, HandRow] = {}
        live: dict[int, list[HandRow]] = defaultdict(list)
        for hand in hands:
            last_row[hand.number] = hand
            if hand.live:
                live[hand.number].append(hand)
        for number, last in sorted(last_row.items()):
            should = None if last.kind == Hand.UNDO else last
            found = live[number]
            if [h.pk for h in found] != ([should.pk] if should else []):
                self.say(
                    LIVE_REVISION_WRONG,
                    number=number,
                    found=", ".join(str(h.revision) for h in found) or "none",
                    expected=should.revision if should else "none (it was undone)",
                )

    def entries(self, hands: list[HandRow], entries: list[EntryRow]) -> None:
        rows = {hand.pk: hand for hand in hands}
        by_pk = {entry.pk: entry for entry in entries}
        posted: dict[int, list[EntryRow]] = defaultdict(list)
        for entry in entries:
            if entry.player_id is not None and entry.player_id not in self.to_name:
                self.say(ENTRY_PLAYER_NOT_ON_ROSTER, seq=entry.seq, player=entry.player_id)
            hand = rows.get(entry.hand_id)
            if hand is not None and entry.hand_number != hand.number:
                self.say(
                    HAND_NUMBER_WRONG, seq=entry.seq, found=entry.hand_number, expected=hand.number
                )
            if entry.reverses_id is not None:
                self.reversal(entry, by_pk.get(entry.reverses_id), rows)
            elif hand is not None:
                posted[hand.pk].append(entry)
        reversed_pks = {entry.reverses_id for entry in entries if entry.reverses_id}
        for hand in hands:
            where = {"number": hand.number, "revision": hand.revision}
            own = posted.get(hand.pk, [])
            if hand.pk in self.expected:
                found = [(e.player_id, e.amount, e.kind) for e in own]
                if found != self.expected[hand.pk]:
                    self.say(
                        ENTRIES_DIFFER,
                        found=self.show(found),
                        expected=self.show(self.expected[hand.pk]),
                        **where,
                    )
            if not hand.live:
                for entry in own:
                    if entry.pk not in reversed_pks:
                        self.say(NOT_REVERSED, seq=entry.seq, **where)

    def reversal(
        self, entry: EntryRow, target: EntryRow | None, rows: Mapping[int, HandRow]
    ) -> None:
        if target is None:
            self.say(REVERSES_OTHER_NIGHT, seq=entry.seq)
            return
        hand = rows.get(target.hand_id)
        if hand is not None and hand.live:
            self.say(LIVE_HAND_REVERSED, number=hand.number, revision=hand.revision, seq=entry.seq)
        exact = (
            target.reverses_id is None
            and target.seq < entry.seq
            and (entry.hand_id, entry.player_id, entry.kind)
            == (target.hand_id, target.player_id, target.kind)
            and entry.amount == -target.amount
        )
        if not exact:
            self.say(REVERSAL_WRONG, seq=entry.seq, target=target.seq)

    def closing(self, house, state, entries: list[EntryRow]) -> rules.NightState:
        left = [e for e in entries if e.hand_id is None]
        if self.night.closed_at is None:
            for entry in left:
                self.say(LEFTOVER_WHILE_OPEN, seq=entry.seq)
            return state
        try:
            movements, state = rules.close_night(house, state, self.night.leftover_policy)
        except rules.RulesError as error:
            self.say(RULES_UNREADABLE, problem=str(error))
            return state
        found = [(e.player_id, e.amount, e.kind) for e in left]
        expected = list(postings(movements))
        if found != expected:
            self.say(LEFTOVER_DIFFERS, found=self.show(found), expected=self.show(expected))
        return state

    def seats(self, sums: Mapping[int | None, int]) -> None:
        """Each seat's running balance, kept by the database as entries are added, against
        its player's entries (``sums``, ``_entry_sums``): whatever the replay makes of the
        night, the hand screen shows these."""
        for player_id, name in self.to_name.items():
            if self.seat_chips[player_id] != sums.get(player_id, 0):
                self.say(
                    SEAT_CHIPS_DIFFER,
                    player=name,
                    found=self.seat_chips[player_id],
                    expected=sums.get(player_id, 0),
                )

    def totals(self, state: rules.NightState, sums: Mapping[int | None, int]) -> None:
        for player_id, name in self.to_name.items():
            expected = state.balances.get(player_id, 0)
            if sums.get(player_id, 0) != expected:
                self.say(
                    BALANCE_DIFFERS, player=name, found=sums.get(player_id, 0), expected=expected
                )
        if sums.get(None, 0) != state.pot:
            self.say(POT_DIFFERS, found=sums.get(None, 0), expected=state.pot)

    def results(
        self,
        house: rules.HouseRules,
        sums: Mapping[int | None, int],
        stored: Mapping[int, tuple[int, int]],
        summarised: bool,
        transfers: list[tuple],
    ) -> None:
        """A closed night's results (player id -> chips and money in the currency's
        smallest unit), whether its summary was written, and its settle-up (payer id,
        payee id, money, in order) against its entries (``sums``, ``_entry_sums``)."""
        if not stored or not summarised:
            self.say(RESULTS_MISSING)
            return
        for player_id, name in self.to_name.items():
            chips = sums.get(player_id, 0)
            expected = (chips, to_units(rules.to_money(chips, house), house.currency))
            if stored.get(player_id) != expected:
                found = stored.get(player_id)
                self.say(
                    RESULTS_DIFFER,
                    player=name,
                    found=f"{found[0]}, {found[1]}" if found else "nothing",
                    expected=f"{expected[0]}, {expected[1]}",
                )
        balances = {player_id: sums.get(player_id, 0) for player_id in self.to_name}
        try:
            settled = night_transfers(balances, house)
        except rules.RulesError:  # the entries do not add up: already said above
            return
        expected = [
            f"{self.name(payer)} pays {self.name(payee)} {money}" for payer, payee, money in settled
        ]
        found = [
            f"{self.name(payer)} pays {self.name(payee)} {money.quantize(quantum(house.currency))}"
            for payer, payee, money in transfers
        ]
        if found != expected:
            self.say(TRANSFERS_DIFFER, found="; ".join(found), expected="; ".join(expected))


def verify_night(night: Night) -> list[str]:
    """Every problem with ``night``'s ledger, each naming the night and the hand or
    entry; [] when the night checks out."""
    return next(verify_nights([night.pk])).problems


def verify_nights(night_ids: Iterable[int], *, chunk: int = CHUNK) -> Iterator[NightChecked]:
    """Each of the nights ``night_ids`` names that exists, checked as ``verify_night``
    checks it, in the order given: read CHUNK nights at a time, each kind of row of all
    of them in one query, what is stored, not a caller's stale copy."""
    sealers = seals.entry_sealers()
    houses: dict[str, rules.HouseRules | rules.RulesError] = {}
    ids = list(night_ids)
    for start in range(0, len(ids), chunk):
        part = ids[start : start + chunk]
        nights = Night.objects.in_bulk(part)
        rosters = _rosters(part)
        # Ordered by the night's id, not "night" (its default ordering: a join and a
        # sort of every row), so the index on (night, seq) reads the rows in order.
        entries: dict[int, list[EntryRow]] = defaultdict(list)
        for row in (
            Entry.objects.filter(night__in=part)
            .annotate(stamp=_STAMP)
            .order_by("night_id", "seq")
            .values_list(*EntryRow._fields, named=True)
        ):
            entries[row.night_id].append(row)
        times = _times(part, {row.stamp for rows in entries.values() for row in rows})
        hands: dict[int, list[HandRow]] = defaultdict(list)
        for hand in (
            Hand.objects.filter(night__in=part)
            .annotate(result_text=_RESULT_TEXT, state_text=_STATE_TEXT)
            .order_by("night_id", "pk")
            .values_list(*HandRow._fields, named=True)
        ):
            hands[hand.night_id].append(hand)
        results: dict[int, dict[int, tuple[int, int]]] = defaultdict(dict)
        for night_id, player_id, chips, units in (
            NightResult.objects.filter(night__in=part)
            .order_by()
            .values_list("night_id", "player_id", "chips", "money_units")
        ):
            results[night_id][player_id] = (chips, units)
        summarised = set(
            NightSummary.objects.filter(night__in=part)
            .order_by()
            .values_list("night_id", flat=True)
        )
        transfers: dict[int, list[tuple]] = defaultdict(list)
        for night_id, *transfer in (
            NightTransfer.objects.filter(night__in=part)
            .order_by("night_id", "position")
            .values_list("night_id", "payer_id", "payee_id", "money")
        ):
            transfers[night_id].append(tuple(transfer))
        for night_id in part:
            night = nights.get(night_id)
            if night is None:
                continue
            own = entries.pop(night_id, [])
            own_hands = hands.pop(night_id, [])
            yield NightChecked(
                night=night,
                problems=_verify(
                    night,
                    _house(night, houses),
                    rosters.get(night_id, []),
                    own,
                    times,
                    own_hands,
                    results.get(night_id, {}),
                    night_id in summarised,
                    transfers.get(night_id, []),
                    sealers,
                ),
                live_hands=sum(1 for hand in own_hands if hand.live),
                entries=len(own),
                last_hash=own[-1].hash if own else None,
            )


def _rosters(night_ids: list[int]) -> dict[int, list[RosterPlayer]]:
    """``ledger.selectors.seats.nights_rosters``, read as rows rather than seats and
    players: for a thousand nights that was a tenth of the checking."""
    rosters: dict[int, list[RosterPlayer]] = {}
    for night_id, player_id, name, position, active, chips in (
        Seat.objects.filter(night__in=night_ids)
        .order_by("night_id", "position")
        .values_list("night_id", "player_id", "player__name", "position", "active", "chips")
    ):
        rosters.setdefault(night_id, []).append(
            RosterPlayer(id=player_id, name=name, position=position, active=active, chips=chips)
        )
    return rosters


def _times(night_ids: list[int], stamps: set[str]) -> dict[str, str]:
    """Each of ``stamps`` (entries' ``created_at`` as the database writes it as text, of
    the nights ``night_ids``) -> that time in ISO 8601, as the hash chain seals it. The
    entries of one post share their time and its last one holds the hash, so those few
    rows give nearly every time; any other (a post whose hash is missing, a time edited)
    is read as well."""
    rows = Entry.objects.filter(night__in=night_ids).annotate(stamp=_STAMP).order_by()
    found = dict(rows.filter(hash__isnull=False).values_list("stamp", "created_at"))
    missing = stamps - found.keys()
    if missing:
        found |= dict(rows.filter(stamp__in=missing).values_list("stamp", "created_at"))
    return {stamp: created_at.isoformat() for stamp, created_at in found.items()}


def _house(night: Night, houses: dict) -> rules.HouseRules | rules.RulesError:
    """``night.house_rules``, or why they cannot be read; read once for all the nights
    played by the same rules (``houses``: the rules as JSON -> what they gave), as a
    table's nights nearly all are."""
    written = json.dumps(night.rules)  # the keys' order kept: it orders the problems
    house = houses.get(written)
    if house is None:
        try:
            house = night.house_rules
        except rules.RulesError as error:
            house = error
        houses[written] = house
    return house


def _entry_sums(entries: list[EntryRow]) -> dict[int | None, int]:
    """Player id (None: the pot) -> what the night's entries sum to for them."""
    sums: dict[int | None, int] = defaultdict(int)
    for entry in entries:
        sums[entry.player_id] += entry.amount
    return sums


def _verify(
    night, house, roster, entries, times, hands, results, summarised, transfers, sealers
) -> list[str]:
    check = _Check(night, roster)
    check.problems.extend(_chain(night, entries, times, sealers))
    sums = _entry_sums(entries)
    check.seats(sums)
    if isinstance(house, rules.RulesError):
        check.say(RULES_UNREADABLE, problem=str(house))
        return check.problems
    state = check.replay(house, hands)
    check.entries(hands, entries)
    if state is not None:  # else the replay's failure is reported and totals would only echo it
        state = check.closing(house, state, entries)
        check.totals(state, sums)
    if night.closed_at is not None:
        check.results(house, sums, results, summarised, transfers)
    return check.problems


# --- a table's open debts -------------------------------------------------------------

YEAR_TOTAL_DIFFERS = (
    "Table {table}: {player}'s totals of {year} in {currency} are kept as {kept} (nights, "
    "chips, money in the smallest unit), but the closed nights' results give {expected}."
)
OPEN_DEBT_DIFFERS = (
    "Table {table}: {payer} owes {payee} {kept} {currency} as the open debts are kept, "
    "but the nights' transfers and the marks give {expected}."
)


def open_debts_recomputed(table_id: int) -> dict[tuple[str, int, int], Decimal]:
    """What each pair of ``table_id`` owes, (currency, payer id, payee id) -> money, worked
    out again from every closed night's transfers and every "settle everything"'s, less
    their marks not taken back, leaving out the nights and "settle everything"s carried
    into a later one (ledger.selectors.debts: written down, or one came after their last
    change while something of them was open). Linear in the table's history: for
    ``verify_ledger``, never for a page."""
    paid: dict[tuple, Decimal] = defaultdict(Decimal)
    for night_id, pooled_id, payer, payee, amount in PaymentMark.objects.filter(
        table_id=table_id, reversal__isnull=True
    ).values_list("night_id", "pooled_id", "payer_id", "payee_id", "amount"):
        paid[("night", night_id, payer, payee) if night_id else ("pool", pooled_id)] += amount
    debts: dict[tuple[str, int], list[tuple[str, int, int, Decimal]]] = defaultdict(list)
    for night_id, payer, payee, money, currency in NightTransfer.objects.filter(
        table_id=table_id
    ).values_list("night_id", "payer_id", "payee_id", "money", "currency"):
        left = money - paid[("night", night_id, payer, payee)]
        debts["night", night_id].append((currency, payer, payee, left))
    for pk, pool_id, payer, payee, amount, currency in PooledTransfer.objects.filter(
        pool__table_id=table_id
    ).values_list("pk", "pool_id", "payer_id", "payee_id", "amount", "pool__currency"):
        debts["pool", pool_id].append((currency, payer, payee, amount - paid[("pool", pk)]))
    changed = {
        ("night", pk): (sourced, last)
        for pk, sourced, last in Night.objects.filter(table_id=table_id)
        .annotate(
            sourced=Exists(DebtPoolSource.objects.filter(night=OuterRef("pk"))),
            last=night_last_change(OuterRef("pk")),
        )
        .values_list("pk", "sourced", "last")
    } | {
        ("pool", pk): (sourced, last)
        for pk, sourced, last in DebtPool.objects.filter(table_id=table_id)
        .annotate(
            sourced=Exists(DebtPoolSource.objects.filter(earlier=OuterRef("pk"))),
            last=pool_last_change(OuterRef("pk")),
        )
        .values_list("pk", "sourced", "last")
    }
    currencies = {row[0] for rows in debts.values() for row in rows}
    latest = {
        currency: Table.objects.filter(pk=table_id)
        .annotate(pooled=latest_pool_change(table_id, currency))
        .values_list("pooled", flat=True)
        .get()
        for currency in currencies
    }
    owed: dict[tuple[str, int, int], Decimal] = defaultdict(Decimal)
    for key, rows in debts.items():
        if sum(left for *_, left in rows) <= 0:
            continue
        sourced, last = changed[key]
        if sourced or latest[rows[0][0]] > last:
            continue  # carried into a later "settle everything"
        for currency, payer, payee, left in rows:
            if left > 0:
                owed[currency, payer, payee] += left
    return dict(owed)


def open_debts_kept(table_id: int) -> dict[tuple[str, int, int], Decimal]:
    """What each pair of ``table_id`` owes as it is kept: each pair's latest balance."""
    return {
        (currency, payer, payee): left
        for currency, payer, payee, left in latest_balances(
            DebtPair.objects.filter(table_id=table_id)
        ).values_list("currency", "payer_id", "payee_id", "open")
        if left
    }


def verify_open_debts(table_id: int) -> list[str]:
    """Every pair of ``table_id`` whose kept open debt differs from the one worked out
    again from its nights and marks; [] when they agree."""
    kept = open_debts_kept(table_id)
    expected = open_debts_recomputed(table_id)
    names = dict(Player.objects.filter(table_id=table_id).values_list("pk", "name"))
    return [
        OPEN_DEBT_DIFFERS.format(
            table=table_id,
            payer=names.get(payer, payer),
            payee=names.get(payee, payee),
            kept=kept.get(key, Decimal(0)),
            currency=currency,
            expected=expected.get(key, Decimal(0)),
        )
        for key in sorted(kept.keys() | expected.keys())
        for currency, payer, payee in [key]
        if kept.get(key, 0) != expected.get(key, 0)
    ]


def verify_year_totals(table_id: int) -> list[str]:
    """Every player's year of ``table_id`` whose totals, kept as each night closed
    (ledger.models.results.PlayerYear), differ from the sums of the closed nights'
    results worked out again; [] when they agree."""
    kept = {
        (player, currency, year): (nights or 0, chips or 0, money or 0)
        for year, player, currency, chips, money, nights in year_totals(table_id)
    }
    expected: dict[tuple, tuple[int, int, int]] = {}
    for player, currency, started_at, chips, money in (
        NightResult.objects.filter(table_id=table_id, moved=True)
        .values_list("player_id", "currency", "started_at", "chips", "money_units")
        .order_by()
        .iterator()
    ):
        key = (player, currency, PlayerYear.year_of(started_at))
        nights, total, units = expected.get(key, (0, 0, 0))
        expected[key] = (nights + 1, total + chips, units + money)
    names = dict(Player.objects.filter(table_id=table_id).values_list("pk", "name"))
    return [
        YEAR_TOTAL_DIFFERS.format(
            table=table_id,
            player=names.get(player, player),
            year=year,
            currency=currency,
            kept=", ".join(map(str, kept.get(key, (0, 0, 0)))),
            expected=", ".join(map(str, expected.get(key, (0, 0, 0)))),
        )
        for key in sorted(kept.keys() | expected.keys())
        for player, currency, year in [key]
        if kept.get(key, (0, 0, 0)) != expected.get(key, (0, 0, 0))
    ]

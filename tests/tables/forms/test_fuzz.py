"""Whatever is typed, tapped or uploaded: never a server error, always a named problem,
and the ledger untouched when the input is refused.

Each form starts from a valid submission and Hypothesis spoils it: wrong types, huge
and negative numbers, ids of players who are not there, fields left out, unicode,
names of 10,000 characters, random JSON for the night file.
"""

import json
from collections import Counter

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models import Sum
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ledger import errors as err
from ledger import rules, selectors
from ledger.models import Entry, Hand, Player, Seat
from ledger.nightfile import night_export
from ledger.selectors.hand_screen import hand_screen
from ledger.services import nights as night_services
from ledger.verify import verify_night
from tables.forms.table import TableForm
from tests.factories import night_with
from tests.tables.night_helpers import hand_post, play, said
from tests.tables.urlwalk import fingerprint

pytestmark = pytest.mark.django_db

EXAMPLES = 40
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ERROR_MARKERS = ('class="errorlist', 'class="msg-error"')
MISSING = object()  # a field left out of the POST
TOO_LONG_FOR_INT = "9" * 5000  # int() reads at most 4,300 digits

# What a thumb, a paste or a hostile script might put in any field.
junk = st.one_of(
    st.text(max_size=12),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(
        [
            "",
            " ",
            "0",
            "-1",
            "1.5",
            "1e9",
            "NaN",
            "Infinity",
            "²",  # a digit to str.isdigit(), not to int()
            "١٢",  # Arabic-Indic digits
            "\x00",
            TOO_LONG_FOR_INT,
            "x" * 10_000,
            "É" * 41,
            "<script>alert(1)</script>",
            "true",
            "on",
            "stay",
            "fold",
            "confirm",
            "split",
            "[]",
            "{}",
        ]
    ),
    st.builds(lambda c, n: c * n, st.characters(), st.sampled_from([39, 40, 41, 81, 10_000])),
)


def spoil(base: dict, extra_keys: list[str]):
    """``base`` with some fields replaced by junk, some left out, some unknown added."""
    keys = sorted(base) + extra_keys
    return st.dictionaries(st.sampled_from(keys), st.one_of(junk, st.just(MISSING)), max_size=6)


def apply(base: dict, changes: dict) -> dict:
    data = {**base, **changes}
    return {k: v for k, v in data.items() if v is not MISSING}


def ledger_state() -> tuple:
    """Every chip: the entry count and each night's balance per player and pot."""
    sums = Entry.objects.values_list("night_id", "player_id").annotate(total=Sum("amount"))
    return Entry.objects.count(), sorted(sums, key=str)


class Judge:
    """Posts one submission and checks the answer; counts what happened."""

    def __init__(self, client: Client, *, quiet_ok=()) -> None:
        self.client = client
        self.quiet_ok = quiet_ok  # page markers of a valid answer that writes nothing
        self.outcomes: dict[str, Counter] = {}
        self.rows = None  # the database as the last answer left it

    def post(self, url: str, data: dict, form: str = "", **extra) -> None:
        outcomes = self.outcomes.setdefault(form, Counter())
        # Only the posts write, so the state after one is the state before the next.
        before_rows, before_ledger = self.rows or (fingerprint(), ledger_state())
        response = self.client.post(url, data, **extra)
        status = response.status_code
        assert status < 500, f"{status} for {data!r}"
        self.rows = after_rows, after_ledger = fingerprint(), ledger_state()
        if after_rows != before_rows:
            assert status == 302, f"wrote, then answered {status}"
            outcomes["accepted"] += 1
            return
        assert after_ledger == before_ledger
        page = response
        if status == 302:
            page = self.client.get(response["Location"])
        content = page.content.decode()
        if any(marker in content for marker in ERROR_MARKERS):
            outcomes["refused with a message"] += 1
        elif status == 200 and any(marker in content for marker in self.quiet_ok):
            outcomes["answered, nothing to write"] += 1
        elif status == 302 and 'class="msg-success"' in content:
            outcomes["accepted, nothing changed"] += 1  # renamed to the same name
        else:
            raise AssertionError(f"refused without saying why: {status} for {data!r}")

    def report(self, form: str = "") -> None:
        for name, outcomes in self.outcomes.items():
            print(f"\n{name or form}: {sum(outcomes.values())} examples {dict(outcomes)}")


@pytest.fixture
def owner(world):
    client = Client(raise_request_exception=False)
    client.force_login(world.owner)
    return client


def roster_ids(night) -> list[int]:
    return list(
        Seat.objects.filter(night=night).order_by("position").values_list("player_id", flat=True)
    )


def hand_fields(ids: list[int]) -> list[str]:
    return [f"{field}_{p}" for p in ids for field in ("seated", "play", "tricks", "renege")]


def valid_hand(night) -> dict:
    """The next hand, valid: everyone dealt in, the first two stay and split the tricks."""
    ids = roster_ids(night)
    nxt = hand_screen(night).next
    data = {"number": str(nxt.number), "dealer": str(nxt.dealer_id), "key": ""}
    for index, p in enumerate(ids):
        data[f"seated_{p}"] = "1"
        data[f"play_{p}"] = "stay" if index < 2 else "fold"
        data[f"tricks_{p}"] = str(3 - index) if index < 2 else ""
    return data


def test_the_hand_form_survives_anything(world, owner):
    night = world.open_night
    ids = roster_ids(night)
    # Players of another table, and of no table at all.
    strangers = [str(Player.objects.exclude(table=world.table).first().pk), "999999"]
    extra = ["misdeal", *hand_fields([int(strangers[1])])]
    judge = Judge(owner)
    url = reverse("hand_record", args=[night.pk])
    keys = sorted(valid_hand(night)) + extra

    @FUZZ
    @given(
        changes=st.dictionaries(
            st.sampled_from(keys),
            st.one_of(junk, st.sampled_from(strangers), st.just(MISSING)),
            max_size=6,
        )
    )
    # Each found a server error once; kept as regressions.
    @example(changes={"number": TOO_LONG_FOR_INT})
    @example(changes={f"tricks_{ids[0]}": TOO_LONG_FOR_INT, "dealer": "²"})
    @example(changes={"dealer": "--1", f"renege_{ids[1]}": TOO_LONG_FOR_INT})
    def record(changes):
        judge.post(url, apply(valid_hand(night), changes))

    record()
    judge.report("hand_record")
    assert len(ids) == 4


def test_the_correction_form_survives_anything(world, owner):
    night = world.open_night
    url = reverse("hand_correct", args=[night.pk, 1])
    judge = Judge(owner, quiet_ok=("What this correction does",))

    def valid() -> dict:
        hand = Hand.objects.get(night=night, number=1, live=True)
        data = {
            "revision": str(hand.revision),
            "reason": "typo",
            "action": "confirm",
            "dealer": str(hand.input["dealer"]),
        }
        for p in hand.input["seated"]:
            data[f"seated_{p}"] = "1"
        for p, tricks in hand.input["stayed"].items():
            data[f"play_{p}"] = "stay"
            data[f"tricks_{p}"] = "" if tricks is None else str(tricks)
        return data

    extra = ["misdeal", *hand_fields(roster_ids(night))]

    @FUZZ
    @given(changes=spoil(valid(), extra))
    @example(changes={"dealer": TOO_LONG_FOR_INT, "revision": TOO_LONG_FOR_INT})
    def correct(changes):
        judge.post(url, apply(valid(), changes))

    correct()
    judge.report("hand_correct")


def table_data(name: str) -> dict:
    data = TableForm.initial_for(rules.HouseRules(), name=name)
    data = {k: ("" if v is None else str(v)) for k, v in data.items()}
    for flag in ("escalating_ante", "ante_exemptions"):
        data[flag] = "on" if data[flag] == "True" else MISSING
    return {k: v for k, v in data.items() if v is not MISSING}


@pytest.mark.parametrize("view", ["table_create", "table_edit"])
def test_the_rules_form_survives_anything(world, owner, view):
    args = [] if view == "table_create" else [world.table.pk]
    url = reverse(view, args=args)
    judge = Judge(owner)
    counter = iter(range(10**6))

    @FUZZ
    @given(changes=spoil(table_data("x"), ["preset"]))
    @example(changes={"ante": TOO_LONG_FOR_INT, "pot_cap": TOO_LONG_FOR_INT})
    @example(changes={"ante": "3000000000"})  # more than one ledger row holds
    def submit(changes):
        judge.post(url, apply(table_data(f"Table {next(counter)}"), changes))

    submit()
    judge.report(view)


def test_the_roster_forms_survive_anything(world, owner):
    table, night = world.table, world.open_night
    players = list(table.players.filter(retired_at=None))
    start_base = {f"seat_{p.pk}": str(n) for n, p in enumerate(players, start=1)}
    start_base["first_dealer"] = str(players[0].pk)
    join_base = {"player": "", "new_name": "Newcomer", "position": "1"}
    names = iter(range(10**6))
    judge = Judge(owner)  # one for the four forms: it knows what the last one wrote

    @settings(FUZZ, max_examples=EXAMPLES * 4)  # four forms, EXAMPLES each on average
    @given(
        form=st.sampled_from(["night_start", "night_join", "player_add", "player_rename"]),
        start=spoil(start_base, ["seat_999999"]),
        join=spoil(join_base, []),
        name=st.one_of(junk, st.just(MISSING)),
    )
    @example(form="player_add", start={}, join={}, name="\x00")
    @example(form="player_rename", start={}, join={}, name="\x00")
    def submit(form, start, join, name):
        if form == "night_start":
            judge.post(reverse(form, args=[table.pk]), apply(start_base, start), form)
        elif form == "night_join":
            base = {**join_base, "new_name": f"Newcomer {next(names)}"}
            judge.post(reverse(form, args=[night.pk]), apply(base, join), form)
        else:
            data = apply({"name": f"Someone {next(names)}"}, {"name": name})
            target = (
                reverse("player_add", args=[table.pk])
                if form == "player_add"
                else reverse("player_rename", args=[world.player.pk])
            )
            judge.post(target, data, form)

    submit()
    judge.report()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)


def test_the_night_file_upload_survives_anything(world, owner):
    url = reverse("night_import", args=[world.table.pk])
    valid = night_export(world.closed_night)
    del valid["results"]
    judge = Judge(owner)

    def hand_junk():
        return st.one_of(json_values, junk, st.integers(min_value=-(10**20), max_value=10**20))

    documents = st.one_of(
        json_values.map(lambda v: json.dumps(v).encode()),
        st.binary(max_size=200),
        st.dictionaries(st.sampled_from([*valid, "extra"]), hand_junk(), max_size=3).map(
            lambda changes: json.dumps({**valid, **changes}).encode()
        ),
        st.tuples(
            st.integers(0, len(valid["hands"]) - 1),
            st.sampled_from(["dealer", "stayed", "seated", "reneged", "misdeal"]),
            hand_junk(),
        ).map(lambda c: json.dumps(_with_hand_field(valid, *c)).encode()),
    )

    @FUZZ
    @given(content=documents)
    @example(content=b'{"format": 1' + TOO_LONG_FOR_INT.encode() + b"}")
    @example(content=json.dumps({**NUL_NIGHT, "table": "x"}).encode())
    @example(content=json.dumps({**valid, "rules": {"ante": 3_000_000_000}}).encode())
    def upload(content):
        judge.post(url, {"file": SimpleUploadedFile("night.json", content)})

    upload()
    judge.report("night_import")


# PostgreSQL refuses NUL in text: a name carrying one must be refused by name first.
NUL_NIGHT = {
    "format": "bourre-night/1",
    "players": ["A\x00", "Bob"],
    "hands": [{"dealer": "A\x00", "stayed": {}}],
}


def _with_hand_field(document: dict, index: int, field: str, value) -> dict:
    hands = [dict(hand) for hand in document["hands"]]
    hands[index][field] = value
    return {**document, "hands": hands}


def test_chips_beyond_what_the_ledger_holds_are_refused_by_name_not_by_a_crash():
    """An escalating ante with no pot cap doubles after every hand nobody wins; after
    62 of them the pot would no longer fit a 64-bit ledger row."""
    night = night_with(house_rules=rules.HouseRules(escalating_ante=True))
    client = Client(raise_request_exception=False)
    client.force_login(night.table.owner)
    names = ["Ann", "Bob", "Cy", "Dee"]
    play(night, [{"dealer": names[n % 4], "stayed": {}} for n in range(60)])
    before = fingerprint()

    response = client.post(
        reverse("hand_record", args=[night.pk]),
        hand_post(night, {"dealer": "Ann", "stayed": {"Ann": 3, "Bob": 2}}, number=61),
    )

    assert response.status_code == 400
    assert said(err.CHIPS_OVERFLOW, number=61) in response.content.decode()
    assert fingerprint() == before
    # The night can still be closed: each gets back what they put in.
    night_services.night_close(night=night, by=night.table.owner)
    assert set(selectors.night_balances(night).values()) == {0}
    assert verify_night(night) == []

"""What each night screen costs in queries: the same on a night's first hand as on its
fortieth, because each screen asks its one selector, which reads the roster and the last
hand (or, once closed, the entries' totals) and never every hand or entry.

Each count is the page's whole request: the session, the user and the night (the access
check) come first, then the screen's selector; the hand screen reads the night with the
rest, in one query.
"""

from functools import partial

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ledger.selectors.debts import table_debts
from ledger.selectors.night_state import night_snapshot
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services.debts import payment_mark
from ledger.services.share_links import share_link_create
from tests.factories import NightFactory
from tests.ledger.debt_nights import closed_example
from tests.ledger.helpers import hand_data, ids
from tests.tables.night_helpers import example_1_hands, hand_post, url

pytestmark = pytest.mark.django_db

NIGHT_LENGTHS = [1, 7, 40]
# A hand any night of Ann, Bob, Cy and Dee can go on with: Bob takes the pot.
ONE_MORE = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}
# Session and user.
SIGNED_IN = 2
# ...and the night the access helper reads.
REQUEST = SIGNED_IN + 1
# A whole page's top bar: what waits for the account (its badge), in one query.
TOP_BAR = 1


def _night(hands: int):
    """A night of ``hands`` hands: worked example 1, then ONE_MORE as often as needed."""
    played = example_1_hands()[:hands] + [ONE_MORE] * max(hands - 7, 0)
    return NightFactory(hands=played)


def _queries(do) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = do()
    assert response.status_code in (200, 302), response.status_code
    return len(queries)


@pytest.fixture
def counted(client):
    """Night length -> queries of ``page(client, night, hands)``, which makes the request
    to count and returns it uncalled, the host signed in."""

    def count(page) -> dict[int, int]:
        counts = {}
        for hands in NIGHT_LENGTHS:
            night = _night(hands)
            client.force_login(night.table.owner)
            # The page's URL and data are made first: only the request is counted.
            counts[hands] = _queries(page(client, night, hands))
        return counts

    return count


# --- reads: an exact count ---------------------------------------------------------


PAGES = {
    # The night with the access check, its roster and its last hand by number: one query.
    "hand screen": (
        SIGNED_IN + TOP_BAR + 1,
        lambda c, n, h: partial(c.get, url("night_detail", n)),
    ),
    # The hand just recorded is the last one: nothing more to read.
    "hand screen after a hand": (
        SIGNED_IN + TOP_BAR + 1,
        lambda c, n, h: partial(c.get, url("night_detail", n) + f"?after={h}"),
    ),
    # The live check runs the referee on the screen's state: nothing more to read.
    "live check": (
        SIGNED_IN + 1,
        lambda c, n, h: partial(
            c.post,
            url("hand_check", n),
            hand_post(n, ONE_MORE, number=h + 1),
            headers={"HX-Request": "true"},
        ),
    ),
    "undo screen": (REQUEST + TOP_BAR + 2, lambda c, n, h: partial(c.get, url("hand_undo", n))),
    # The roster (with each seat's balance), and the hand's newest revision with the last
    # live hand in one query.
    "correct screen": (
        REQUEST + TOP_BAR + 2,
        lambda c, n, h: partial(c.get, url("hand_correct", n, 1)),
    ),
    # The roster (with each seat's balance) and the last hand: both ways of handing back
    # the pot are worked out by the engine from its stored state.
    "close screen": (REQUEST + TOP_BAR + 2, lambda c, n, h: partial(c.get, url("night_close", n))),
    # The roster, every revision with who made it, the roster changes, the seats played
    # from an account (who recorded a hand, by their seat's name).
    "hand log": (REQUEST + TOP_BAR + 4, lambda c, n, h: partial(c.get, url("night_log", n))),
    # The roster, the live hands' stored results, what each changed of the balances (the
    # entries of the live hands, summed by hand), the seal, the live link.
    "night report": (REQUEST + TOP_BAR + 5, lambda c, n, h: partial(c.get, url("night_report", n))),
}


@pytest.mark.parametrize("page", PAGES)
def test_each_night_screen_makes_the_same_few_queries_however_long_the_night(counted, page):
    expected, get = PAGES[page]

    counts = counted(get)

    assert counts == dict.fromkeys(NIGHT_LENGTHS, expected), counts


def test_the_hand_screen_describing_an_older_hand_reads_that_one_hand_more(counted):
    counts = counted(lambda c, n, h: partial(c.get, url("night_detail", n) + "?after=1"))

    # A night of one hand: hand 1 is the last one.
    assert counts == {
        1: SIGNED_IN + TOP_BAR + 1,
        7: SIGNED_IN + TOP_BAR + 2,
        40: SIGNED_IN + TOP_BAR + 2,
    }


def test_the_settle_up_sums_the_entries_once(client):
    counts = {}
    for hands in NIGHT_LENGTHS:
        night = _night(hands)
        night_services.night_close(night=night, by=night.table.owner)
        client.force_login(night.table.owner)
        counts[hands] = _queries(partial(client.get, url("night_settlement", night)))

    # The roster, the entries' totals (players and pot in one query), the seal, the
    # host's saved language (the text for the players is written in theirs); once someone
    # owes something (not after one hand), the night's payment marks, whether a "settle
    # everything" took its debts, and the payees' ways of getting paid, in one query; and
    # the payers' words "I sent it" waiting to be confirmed.
    assert counts == {
        1: REQUEST + TOP_BAR + 5,
        7: REQUEST + TOP_BAR + 8,
        40: REQUEST + TOP_BAR + 8,
    }


@pytest.mark.parametrize("closed", [False, True])
def test_the_live_link_makes_the_same_few_queries_however_long_the_night(client, closed):
    counts = {}
    for hands in NIGHT_LENGTHS:
        night = _night(hands)
        link = share_link_create(night=night, by=night.table.owner)
        if closed:
            night_services.night_close(night=night, by=night.table.owner)
        page = reverse("share_view", args=[link.token])
        counts[hands] = _queries(partial(client.get, page))

    # No session, user or night: what the validators are made of (with the seal and the
    # host's language), the token's night, the roster, the entries' totals for the
    # balances (once closed, what is paid of each transfer too), the live hands and what
    # each changed of the balances, the players one may still claim ("This is me"); on a
    # closed night where someone owes something (not after one hand), the marks and the
    # payees' ways of getting paid.
    owed = 2 if closed else 0
    assert counts == {1: 7, 7: 7 + owed, 40: 7 + owed}


LIVE_PARTS = {
    "standings": {"HX-Request": "true", "HX-Target": "standings"},
    "hands": {"HX-Request": "true", "HX-Target": "hands"},
}


@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "host"])
@pytest.mark.parametrize("part", LIVE_PARTS)
def test_an_unchanged_live_link_poll_costs_one_query_however_long_the_night(
    client, part, signed_in
):
    counts = {}
    for hands in NIGHT_LENGTHS:
        night = _night(hands)
        link = share_link_create(night=night, by=night.table.owner)
        if signed_in:
            client.force_login(night.table.owner)
        url, poll = reverse("share_view", args=[link.token]), LIVE_PARTS[part]
        etag = client.get(url, headers=poll)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url, headers={**poll, "If-None-Match": etag})
        assert response.status_code == 304
        counts[hands] = len(queries)

    # What the validators are made of, in one query; a host's session and user first.
    assert counts == dict.fromkeys(NIGHT_LENGTHS, 1 + 2 * signed_in)


@pytest.mark.parametrize("part", LIVE_PARTS)
def test_a_live_link_poll_after_a_change_reads_its_part_only(client, part):
    counts = {}
    for hands in NIGHT_LENGTHS:
        night = _night(hands)
        link = share_link_create(night=night, by=night.table.owner)
        counts[hands] = _queries(
            partial(client.get, reverse("share_view", args=[link.token]), headers=LIVE_PARTS[part])
        )

    # The validators, the token's night, the roster, and the entries' totals (the
    # standings) or the live hands and what each changed (the hand log).
    assert counts == dict.fromkeys(NIGHT_LENGTHS, 4 + (part == "hands"))


# --- writes: the view reads once, the service does the rest ------------------------

# Recording, once the screen is read: under the lock one query checks the night is as the
# screen read it (on PostgreSQL sent with the row lock, in one round trip; SQLite's BEGIN
# IMMEDIATE is the lock), then the hand and its entries are inserted (the database adds
# their chips to the seats' balances), in a transaction (its two statements are counted:
# SAVEPOINT and RELEASE here, BEGIN and COMMIT in production).
RECORD_WRITE = 5


def _service_queries(night, number: int) -> int:
    """What recording hand ``number`` costs the service alone, the night read before."""
    hand, host = hand_data(night, ONE_MORE), night.table.owner
    seen = night_snapshot(night)
    with CaptureQueriesContext(connection) as queries:
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand, by=host, seen=seen
        )
    return len(queries)


RECORD_FLOWS = {
    # The phone without JavaScript: the POST, answered with a redirect (counted alone).
    "redirect": {},
    # htmx: the POST answers with the next hand's screen, made from what it read.
    "htmx": {"HX-Request": "true"},
}


@pytest.mark.parametrize("flow", RECORD_FLOWS)
def test_recording_a_hand_reads_the_hand_screen_once_and_leaves_the_rest_to_the_service(
    client, flow
):
    views = {}
    for hands in NIGHT_LENGTHS:
        night = _night(hands)
        client.force_login(night.table.owner)
        data = hand_post(night, ONE_MORE, number=hands + 1, key=f"{hands:x}f")
        post = partial(client.post, url("hand_record", night), data, headers=RECORD_FLOWS[flow])
        views[hands] = _queries(post)
        assert night.hands.filter(live=True).count() == hands + 1
        service = _service_queries(night, hands + 2)

        # The night, its roster and its last hand, once, before the service; the answer
        # (the redirect, or the screen after the hand) reads nothing more.
        assert service == RECORD_WRITE
        assert views[hands] == SIGNED_IN + 1 + service, (hands, views[hands], service)

    assert views == dict.fromkeys(NIGHT_LENGTHS, SIGNED_IN + 1 + RECORD_WRITE)
    # The goal: no more than 8, on SQLite and PostgreSQL alike.
    assert views[NIGHT_LENGTHS[-1]] <= 8


def _table_owing(nights: int):
    """``nights`` closed nights of worked example 1, every other one with Ann and Bob
    swapped (so "settle everything" saves transfers), and a payment marked on the first."""
    first = closed_example()
    for number in range(1, nights):
        closed_example(first.table, cast={"Ann": "Bob", "Bob": "Ann"} if number % 2 else None)
    p = ids(first)
    payment_mark(night=first, payer_id=p["Bob"], payee_id=p["Ann"], amount=2, by=first.started_by)
    return first


def _debt_requests(client, first) -> dict:
    """Each table-wide debt request, made (its URL, the digest the page showed) when
    asked, so that only the request itself is counted."""
    table = first.table
    p = ids(first)
    htmx = {"HX-Request": "true", "HX-Target": "debts"}
    return {
        "table page": lambda: partial(client.get, reverse("table_detail", args=[table.pk])),
        "player page": lambda: partial(client.get, reverse("player_detail", args=[p["Ann"]])),
        "mark paid": lambda: partial(
            client.post,
            reverse("transfer_mark", args=[first.pk, p["Bob"], p["Cy"]]),
            {"back": "table", "amount": "1"},
            headers=htmx,
        ),
        "settle everything": lambda: partial(
            client.post,
            reverse("debts_settle", args=[table.pk]),
            {"currency": "USD", "digest": table_debts(table).of("USD").digest},
        ),
    }


def test_the_table_wide_debt_screens_make_the_same_queries_at_2_nights_as_at_10(client):
    """The table page, a player's page, "Mark paid" from the table (htmx) and "settle
    everything" read each pair's kept balance, not each night's transfers."""
    counts = {}
    for nights in (2, 10):
        first = _table_owing(nights)
        client.force_login(first.table.owner)
        requests = _debt_requests(client, first)
        counts[nights] = {name: _queries(make()) for name, make in requests.items()}

    assert counts[2] == counts[10]
    print("queries (2 nights, 10 nights):", counts)

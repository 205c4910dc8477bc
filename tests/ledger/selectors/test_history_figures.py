"""Every figure the history screens show is the one they showed when they read every
entry and hand again on each view: random histories (nights in two currencies, some still
open, corrected hands, misdeals, reneges, transfers paid in part or in full, a "settle
everything") read by today's selectors and by yesterday's (tests/ledger/selectors/before);
the open debts kept as they change against every night and mark worked out again.
"""

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import nightfile, rules
from ledger.errors import ServiceError
from ledger.models import Hand, Night, NightTransfer, Player, Table
from ledger.rules.money import quantum
from ledger.selectors import debts as debt_selectors
from ledger.selectors import players as player_selectors
from ledger.selectors import table_stats as stats_selectors
from ledger.services import corrections, debts
from ledger.services import nights as night_services
from ledger.verify import open_debts_recomputed, verify_open_debts, verify_year_totals
from tests.factories import UserFactory
from tests.ledger.selectors.before import players as players_before
from tests.ledger.selectors.before import table_stats as table_stats_before
from tests.ledger.stats_nights import clone_nights, play_nights

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
CURRENCIES = [("USD", "0.25"), ("SEK", "5"), ("EUR", "0.50")]


def _document(rnd: random.Random, *, closed: bool) -> dict:
    """A night file of a few random hands among four to six of NAMES."""
    players = rnd.sample(NAMES, rnd.randint(4, 6))
    hands = []
    for number in range(rnd.randint(0, 9)):
        dealer = players[number % len(players)]
        if rnd.random() < 0.08:
            hands.append({"dealer": dealer, "misdeal": True})
            continue
        stayers = rnd.sample(players, rnd.randint(0, 4))
        if len(stayers) < 2:
            hands.append({"dealer": dealer, "stayed": dict.fromkeys(stayers)})
            continue
        tricks = dict.fromkeys(stayers, 0)
        for _ in range(5):
            tricks[rnd.choice(stayers)] += 1
        hand = {"dealer": dealer, "stayed": tricks}
        if rnd.random() < 0.1:
            hand["reneged"] = [stayers[0]]
        hands.append(hand)
    currency, chip_value = rnd.choice(CURRENCIES)
    house = rules.PRESETS["limit"].rules.to_dict() | {
        "currency": currency,
        "chip_value": chip_value,
    }
    return {
        "format": "bourre-night/1",
        "table": "History",
        "rules": house,
        "players": players,
        "hands": hands,
        "closed": closed,
    }


def _correct_first_hand(night: Night, rnd: random.Random) -> None:
    """Correct hand 1 of an open night into a lone stayer's hand, if it has one."""
    first = Hand.objects.filter(night=night, number=1, live=True).first()
    if first is None:
        return
    data = first.hand_input()
    stayer = rnd.choice(list(data.seated))
    corrected = rules.HandInput(dealer=data.dealer, seated=data.seated, stayed={stayer: None})
    # A later hand the correction would leave impossible: not corrected.
    with contextlib.suppress(ServiceError):
        corrections.hand_correct(
            night=night, number=1, hand=corrected, reason="Wrong stayer", by=night.started_by
        )


def _history(seed: int) -> Table:
    rnd = random.Random(seed)
    host = UserFactory()
    for _ in range(rnd.randint(1, 7)):
        stays_open = rnd.random() < 0.4
        night = nightfile.night_import(
            document=_document(rnd, closed=False), owner=host, again=True
        )
        if rnd.random() < 0.4:
            _correct_first_hand(night, rnd)
        if not stays_open or rnd.random() < 0.5:
            night_services.night_close(night=night, by=host)
    table = Table.objects.get(owner=host)
    transfers = list(NightTransfer.objects.filter(table=table).order_by("pk"))
    for transfer in rnd.sample(transfers, len(transfers) // 2):
        part = rnd.choice([None, transfer.money / 2])
        debts.payment_mark(
            night=transfer.night,
            payer_id=transfer.payer_id,
            payee_id=transfer.payee_id,
            amount=(part and part.quantize(quantum(transfer.currency))) or None,
            by=host,
        )
    if rnd.random() < 0.3:
        currency = rnd.choice([c for c, _ in CURRENCIES])
        found = debt_selectors.table_debts(table).of(currency)
        if found is not None and found.reducible:
            debts.debts_pool(table=table, currency=currency, digest=found.digest, by=host)
    return table


def _board_rows(board):
    return [(r.player.pk, r.nights, r.net.chips, r.net.money) for r in board.rows]


def _night_row(row):
    return (
        row.night.id,
        row.players,
        row.winner and (row.winner[0].pk, row.winner[1]),
        row.loser and (row.loser[0].pk, row.loser[1]),
        row.biggest_pot,
    )


RECORD_FIELDS = {
    "biggest_pot": ("amount", "player__name", "night_id", "night__started_at", "hand_number"),
    "most_bourres": ("count", "night_id", "night__started_at", "hand_number"),
    "longest_carryover": ("streak", "night_id", "night__started_at", "number"),
}


def _record(records, name):
    found = getattr(records, name)
    return found and tuple(found[field] for field in RECORD_FIELDS[name])


def _all_pages(read):
    """Every page's rows of a paginated read, page 1 first."""
    first = read(1)
    rows = list(first[0])
    for number in range(2, first[1].paginator.num_pages + 1):
        rows += read(number)[0]
    return rows


def _player_night(n):
    return n and (n.night.id, n.chips, n.money, n.cumulative_chips)


def _assert_table_stats_agree(table: Table) -> None:
    before = table_stats_before.table_stats(table)
    now = stats_selectors.table_stats(table)
    assert [(b.slug, _board_rows(b)) for b in now.leaderboards] == [
        (b.slug, _board_rows(b)) for b in before.leaderboards
    ]
    pages = _all_pages(lambda p: ((s := stats_selectors.table_stats(table, page=p)).nights, s.page))
    assert [_night_row(r) for r in pages] == [_night_row(r) for r in before.nights]
    for name in RECORD_FIELDS:
        assert _record(now.records, name) == _record(before.records, name), name


def _assert_player_stats_agree(player: Player) -> None:
    before = players_before.player_stats(player)
    now = player_selectors.player_stats(player)
    for name in (
        "nights_played",
        "hands_dealt_in",
        "stays",
        "wins",
        "bourres",
        "reneges",
        "biggest_pot_won",
        "biggest_bourre_paid",
        "stay_rate",
        "win_rate",
        "bourre_rate",
    ):
        assert getattr(now, name) == getattr(before, name), name
    assert (now.net.chips, now.net.money) == (before.net.chips, before.net.money)
    assert (now.streak.direction, now.streak.nights) == (
        before.streak.direction,
        before.streak.nights,
    )
    for name in ("best_night", "worst_night"):
        shown, was = getattr(now, name), getattr(before, name)
        # The running total is no part of a best or worst night.
        assert (shown and _player_night(shown)[:3]) == (was and _player_night(was)[:3]), name
    pages = _all_pages(
        lambda p: ((s := player_selectors.player_stats(player, page=p)).nights, s.page)
    )
    assert [_player_night(n) for n in pages] == [_player_night(n) for n in reversed(before.nights)]
    closed = before.closed_nights[-player_selectors.CHART_NIGHTS :]
    assert [_player_night(n) for n in now.chart] == [_player_night(n) for n in closed]


def _assert_debts_agree(table: Table) -> None:
    """What each pair owes: the pairs' kept balances, against every night's transfers and
    every mark worked out again (yesterday's module counted a night carried into "settle
    everything" by a record naming it, which "settle everything" no longer writes)."""
    now = debt_selectors.table_debts(table)

    kept = {(c.currency, p.payer.pk, p.payee.pk): p.open for c in now.currencies for p in c.pairs}
    assert kept == open_debts_recomputed(table.pk)
    assert verify_open_debts(table.pk) == []
    assert verify_year_totals(table.pk) == []


@pytest.mark.django_db
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_history_screens_show_what_they_showed_before_the_nights_were_summed(seed):
    table = _history(seed)

    _assert_table_stats_agree(table)
    for player in Player.objects.filter(table=table):
        _assert_player_stats_agree(player)
    _assert_debts_agree(table)


@pytest.mark.django_db
def test_a_long_history_pages_and_charts_as_the_whole_did():
    """More nights than a page and a chart hold, so the running totals cross pages."""
    table = _history(3)
    (night,) = play_nights(table, 1)
    clone_nights(night, player_selectors.CHART_NIGHTS + player_selectors.NIGHTS_PER_PAGE)

    _assert_table_stats_agree(table)
    for player in Player.objects.filter(table=table):
        _assert_player_stats_agree(player)
    _assert_debts_agree(table)

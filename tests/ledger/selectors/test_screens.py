"""The screens' selectors read the standings from the last hand's stored state, or once
from the entries: whichever they read, it is what the ledger's entries add up to."""

import pytest

from ledger import rules, selectors
from ledger.models import Hand, Night
from ledger.selectors.hand_changes import correct_screen, undo_screen
from ledger.selectors.hand_screen import hand_screen, host_hand_screen
from ledger.selectors.night_end import close_screen, leftover_back, settle_up_screen
from ledger.selectors.night_reports import night_report
from ledger.selectors.night_state import night_next_state
from ledger.selectors.seats import night_roster
from ledger.services import corrections as correction_services
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from tests.factories import PlayerFactory, night_with
from tests.ledger.helpers import hand_data, ids
from tests.ledger.worked_examples import EXAMPLE_1
from tests.tables.night_helpers import example_1_hands, play

pytestmark = pytest.mark.django_db

NEW_HAND_2 = {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 1, "Ann": 1}}


def _ledger(night) -> tuple[dict[int, int], int]:
    return selectors.night_balances(night), selectors.night_pot(night)


def _shown(standings) -> tuple[dict[int, int], int]:
    return standings.balances, standings.pot


def test_the_hand_screen_shows_the_ledgers_balances_after_every_hand_of_worked_example_1():
    night = night_with()
    assert _shown(hand_screen(night).standings) == _ledger(night)

    for number, hand in enumerate(example_1_hands(), start=1):
        play(night, [hand], start=number)

        screen = hand_screen(night)
        assert _shown(screen.standings) == _ledger(night), number
        assert screen.next.pot == screen.standings.pot
    assert list(screen.standings.balances.values()) == EXAMPLE_1["hands"][-1][2]


def test_after_a_correction_and_an_undo_the_screens_still_show_the_ledger():
    night = night_with()
    play(night, example_1_hands())
    host = night.started_by
    correction_services.hand_correct(
        night=night, number=2, hand=hand_data(night, NEW_HAND_2), reason="Dee took one", by=host
    )
    correction_services.hand_undo_last(night=night, by=host)

    assert _shown(hand_screen(night).standings) == _ledger(night)
    assert _shown(correct_screen(night, 2).standings) == _ledger(night)
    assert _shown(close_screen(night).standings) == _ledger(night)
    assert _shown(night_report(night).standings) == _ledger(night)


def test_a_late_arrival_is_on_the_standings_at_zero_before_their_first_hand():
    night = night_with(["Ann", "Bob", "Cy"])
    play(night, [{"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}])
    dee = PlayerFactory(table=night.table, name="Dee")
    roster_services.night_seat_join(night=night, player=dee, position=2, by=night.started_by)

    screen = hand_screen(night)

    assert [row.player.name for row in screen.standings.rows] == ["Ann", "Dee", "Bob", "Cy"]
    assert _shown(screen.standings) == _ledger(night)
    assert screen.standings.balances[dee.pk] == 0


def test_the_next_hand_is_played_from_the_dealers_left_without_those_who_left():
    night = night_with()
    play(night, example_1_hands(1))  # Ann dealt: Bob deals hand 2
    cy = ids(night)["Cy"]
    roster_services.night_seat_leave(
        night=night, player=night.table.players.get(pk=cy), by=night.started_by
    )

    screen = hand_screen(night)

    assert screen.next.dealer_id == ids(night)["Bob"]
    assert [p.name for p in screen.in_turn] == ["Dee", "Ann", "Bob"]
    assert [p.name for p in screen.at_table] == ["Ann", "Bob", "Dee"]
    assert [p.name for p in screen.roster] == ["Ann", "Bob", "Cy", "Dee"]


def test_the_deal_passes_over_a_player_the_last_hand_left_sitting_out():
    night = night_with()
    # Ann dealt hand 1 with Bob sitting out: the seats are remembered, so Cy deals next.
    play(night, [{"dealer": "Ann", "seated": ["Ann", "Cy", "Dee"], "stayed": {"Cy": 5}}])

    screen = hand_screen(night)

    assert screen.next.dealer_id == ids(night)["Cy"]
    # Whoever joined since is dealt in, so the deal reaches them.
    eve = PlayerFactory(table=night.table, name="Eve")
    roster_services.night_seat_join(night=night, player=eve, position=2, by=night.started_by)
    assert hand_screen(night).next.dealer_id == eve.pk


def test_the_hand_to_describe_is_a_live_hand_of_the_night_or_none():
    night = night_with()
    play(night, example_1_hands(3))

    assert hand_screen(night, after=3).after.number == 3
    assert hand_screen(night, after=1).after.number == 1
    for number in (None, 0, 4, 10**17):
        assert hand_screen(night, after=number).after is None


def test_the_next_hand_matches_what_recording_it_would_charge():
    night = night_with(house_rules=rules.HouseRules(escalating_ante=True, ante_exemptions=True))
    play(night, example_1_hands(2))  # hand 2: Dee bourré, so Dee skips the next ante

    nxt = hand_screen(night).next

    assert (nxt.number, nxt.ante, nxt.exempt) == (3, 1, [ids(night)["Dee"]])


def test_the_close_screen_offers_what_closing_would_hand_back_by_each_policy():
    night = night_with()
    play(night, example_1_hands())

    choices = close_screen(night).choices

    state = night_next_state(night, night_roster(night))[1]
    for policy in rules.LEFTOVER_POLICIES:
        back = {player.id: chips for player, chips in choices[policy].back}
        assert back == leftover_back(night.house_rules, state, policy), policy
        assert choices[policy].problems == ()


def test_the_settle_up_is_worked_out_from_the_final_balances():
    night = night_with()
    play(night, example_1_hands())
    night = night_services.night_close(night=night, by=night.started_by)

    screen = settle_up_screen(night)

    assert _shown(screen.standings) == (selectors.night_balances(night), 0)
    assert [(p.payer.name, p.payee.name, p.chips) for p in screen.payments] == [
        ("Bob", "Ann", 12),
        ("Bob", "Cy", 4),
    ]
    assert screen.payments == night_report(night).settle_up == selectors.night_settlement(night)


def test_the_undo_screen_offers_the_last_live_hand():
    night = night_with()
    play(night, example_1_hands(2))
    correction_services.hand_undo_last(night=night, by=night.started_by)

    screen = undo_screen(night)

    assert screen.last.number == 1
    assert screen.roster == tuple(night_roster(night))


# --- the host's hand screen, read in one query ---------------------------------------


def _same_screen(one, other) -> None:
    assert one.roster == other.roster
    assert one.next == other.next
    assert one.in_turn == other.in_turn
    assert one.standings == other.standings
    assert one.state == other.state
    assert one.house == other.house
    for name in ("pk", "table_id", "rules", "first_dealer_id", "started_at", "closed_at"):
        assert getattr(one.night, name) == getattr(other.night, name), name
    assert one.night.table.name == other.night.table.name
    if other.last_hand is None:
        assert one.last_hand is None
        return
    for name in ("pk", "number", "revision", "kind", "input", "result", "roster", "created_at"):
        assert getattr(one.last_hand, name) == getattr(other.last_hand, name), name


def test_the_hosts_hand_screen_read_in_one_query_is_the_hand_screen(
    django_assert_num_queries,
):
    night = night_with()
    by = night.started_by
    with django_assert_num_queries(1):
        before_any = host_hand_screen(night.pk, night.table.owner)
    _same_screen(before_any, hand_screen(night))

    play(night, example_1_hands(4))
    correction_services.hand_correct(
        night=night, number=2, hand=hand_data(night, NEW_HAND_2), reason="r", by=by
    )
    dee = ids(night)["Dee"]
    roster_services.night_seat_leave(night=night, player=night.seats.get(player=dee).player, by=by)
    roster_services.night_seat_join(
        night=night, player=PlayerFactory(table=night.table, name="Eve"), position=2, by=by
    )
    screen = host_hand_screen(night.pk, night.table.owner, after=3)

    _same_screen(screen, hand_screen(night, after=3))
    assert screen.after.number == 3
    assert screen.night.started_at.tzinfo is not None
    assert [p.name for p in screen.roster] == ["Ann", "Eve", "Bob", "Cy", "Dee"]
    assert not screen.roster[-1].active


def test_the_hosts_hand_screen_loads_the_night_table_and_hand_as_the_orm_does_in_its_query(
    django_assert_num_queries,
):
    night = night_with()
    play(night, example_1_hands(3))
    expected_night = Night.objects.select_related("table").get(pk=night.pk)
    expected_hand = Hand.objects.get(night=night, live=True, number=3)
    # The table's and the hand's other columns are deferred: the screen reads none.
    table_read = ("pk", "owner_id", "name", "language")
    hand_read = ("pk", "night_id", "number", "revision", "live", "kind", "input", "dealer_id")
    hand_read += ("roster", "result", "state_after")

    with django_assert_num_queries(1):
        screen = host_hand_screen(night.pk, night.table.owner)
        for field in Night._meta.concrete_fields:
            assert getattr(screen.night, field.attname) == getattr(expected_night, field.attname), (
                field.name
            )
        for name in table_read:
            assert getattr(screen.night.table, name) == getattr(expected_night.table, name)
        for name in hand_read:
            assert getattr(screen.last_hand, name) == getattr(expected_hand, name), name

    assert type(screen.last_hand.state_after) is dict
    assert screen.night.started_at.tzinfo is not None


def test_another_hosts_night_reads_as_no_screen():
    night = night_with()
    other = night_with(["Zed", "Yan"])

    assert host_hand_screen(night.pk, other.table.owner) is None

"""docs/rules.md's three worked examples, hand by hand, to the chip, with any player keys."""

from dataclasses import dataclass, field, replace
from decimal import Decimal

import pytest

from ledger.rules import (
    ANTE,
    ANTE_REFUND,
    BOURRE,
    LEFTOVER,
    PENALTY_REFUND,
    RENEGE,
    WIN,
    HandInput,
    HouseRules,
    Movement,
    NightState,
    Transfer,
    close_night,
    replay,
    settle_hand,
    settle_up,
    to_money,
)


@dataclass
class Row:
    """One row of a worked example's table."""

    hand: HandInput
    ante: int
    pot_before: int
    winner: str | None
    winner_takes: int
    pot_after: int
    balances: dict[str, int]
    ante_payers: tuple[str, ...] | None = None  # None: every seated player
    ante_refunds: dict[str, int] = field(default_factory=dict)
    bourre: dict[str, int] = field(default_factory=dict)
    renege: dict[str, int] = field(default_factory=dict)
    penalty_refunds: dict[str, int] = field(default_factory=dict)
    misdeal: bool = False


def play(rules, roster, rows):
    """Settle each row's hand and check every number in the row; return the final state."""
    state = NightState.start(roster)
    for number, row in enumerate(rows, start=1):
        result, state = settle_hand(rules, state, row.hand)
        where = f"hand {number}"
        assert result.number == number, where
        assert result.dealer == row.hand.dealer, where
        assert result.misdeal == row.misdeal, where
        assert result.ante == row.ante, where
        if not row.misdeal:
            payers = row.ante_payers
            if payers is None:
                payers = tuple(p for p in roster if p in (row.hand.seated or roster))
            assert sorted(result.ante_payers) == sorted(payers), where
        assert result.ante_refunds == row.ante_refunds, where
        assert result.pot_before == row.pot_before, where
        assert result.winner == row.winner, where
        assert result.winner_takes == row.winner_takes, where
        assert result.bourre_payments == row.bourre, where
        assert result.renege_payments == row.renege, where
        assert result.penalty_refunds == row.penalty_refunds, where
        assert result.pot_after == row.pot_after, where
        assert result.balances == row.balances, where
        assert state.balances == row.balances, where
        assert state.pot == row.pot_after, where
        assert sum(state.shares.values()) == state.pot, where
        assert sum(state.balances.values()) + state.pot == 0, where
    return state


ROSTER_4 = ("Ann", "Bob", "Cy", "Dee")


def balances(ann, bob, cy, dee=None):
    values = {"Ann": ann, "Bob": bob, "Cy": cy}
    if dee is not None:
        values["Dee"] = dee
    return values


EXAMPLE_1_RULES = HouseRules()
EXAMPLE_1 = [
    Row(HandInput("Ann", stayed={"Bob": 2, "Cy": 2, "Dee": 1}), 1, 4, None, 0, 4,
        balances(-1, -1, -1, -1)),
    Row(HandInput("Bob", stayed={"Cy": 3, "Dee": 0, "Ann": 2}), 1, 8, "Cy", 8, 8,
        balances(-2, -2, 6, -10), bourre={"Dee": 8}),
    Row(HandInput("Cy", stayed={"Dee": 5, "Ann": 0, "Bob": 0}), 1, 12, "Dee", 12, 24,
        balances(-15, -15, 5, 1), bourre={"Ann": 12, "Bob": 12}),
    Row(HandInput("Dee", stayed={"Ann": None}), 1, 28, "Ann", 28, 0,
        balances(12, -16, 4, 0)),
    Row(HandInput("Ann", stayed={}), 1, 4, None, 0, 4, balances(11, -17, 3, -1)),
    Row(HandInput("Bob", misdeal=True), 0, 4, None, 0, 4, balances(11, -17, 3, -1),
        misdeal=True),
    Row(HandInput("Bob", stayed={"Ann": 2, "Bob": 2, "Cy": 1}, reneged=("Cy",)), 1, 8, None,
        0, 16, balances(10, -18, -6, -2), renege={"Cy": 8}),
]  # fmt: skip

EXAMPLE_2_RULES = HouseRules(
    ante=2, escalating_ante=True, pot_cap=20, bourre_cap=15, min_tricks_to_win=3
)
EXAMPLE_2 = [
    Row(HandInput("Ann", stayed={"Bob": 2, "Cy": 2, "Dee": 1}), 2, 8, None, 0, 8,
        balances(-2, -2, -2, -2)),
    Row(HandInput("Bob", stayed={"Cy": 2, "Dee": 1, "Ann": 2}), 4, 20, None, 0, 20,
        balances(-5, -5, -5, -5), ante_refunds={"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 1}),
    Row(HandInput("Cy", stayed={"Dee": 2, "Ann": 0, "Bob": 3}), 8, 20, "Bob", 20, 15,
        balances(-20, 15, -5, -5), ante_refunds={"Ann": 8, "Bob": 8, "Cy": 8, "Dee": 8},
        bourre={"Ann": 15}),
    Row(HandInput("Dee", stayed={"Ann": 2, "Bob": 0, "Cy": 0, "Dee": 3}), 2, 20, "Dee", 20,
        20, balances(-21, 4, -16, 13), ante_refunds={"Ann": 1, "Bob": 1, "Cy": 1},
        bourre={"Bob": 15, "Cy": 15}, penalty_refunds={"Bob": 5, "Cy": 5}),
]  # fmt: skip

EXAMPLE_3_RULES = HouseRules(ante=2, win_cap=10, bourre_cap=10, ante_exemptions=True)
EXAMPLE_3 = [
    Row(HandInput("Ann", stayed={"Bob": 2, "Cy": 2, "Ann": 1}), 2, 6, None, 0, 6,
        balances(-2, -2, -2)),
    Row(HandInput("Bob", stayed={"Cy": 4, "Ann": 1, "Bob": 0}), 2, 8, "Cy", 8, 8,
        balances(-4, -10, 6), ante_payers=("Ann",), bourre={"Bob": 8}),
    Row(HandInput("Cy", stayed={"Ann": 3, "Bob": 2}), 2, 12, "Ann", 10, 2,
        balances(4, -10, 4), ante_payers=("Ann", "Cy")),
    Row(HandInput("Ann", stayed={"Bob": 5, "Cy": 0}), 2, 8, "Bob", 8, 8,
        balances(2, -4, -6), bourre={"Cy": 8}),
]  # fmt: skip


def test_example_1_settles_every_hand_to_the_chip():
    play(EXAMPLE_1_RULES, ROSTER_4, EXAMPLE_1)


def test_example_1_closes_with_a_refund_of_every_share():
    state = play(EXAMPLE_1_RULES, ROSTER_4, EXAMPLE_1)
    assert state.shares == {"Ann": 2, "Bob": 2, "Cy": 10, "Dee": 2}
    movements, closed = close_night(EXAMPLE_1_RULES, state)
    assert movements == (
        Movement("Ann", 2, LEFTOVER),
        Movement("Bob", 2, LEFTOVER),
        Movement("Cy", 10, LEFTOVER),
        Movement("Dee", 2, LEFTOVER),
    )
    assert closed.pot == 0
    assert closed.balances == {"Ann": 12, "Bob": -16, "Cy": 4, "Dee": 0}


def test_example_1_settles_up_with_bob_paying_ann_and_cy():
    state = play(EXAMPLE_1_RULES, ROSTER_4, EXAMPLE_1)
    _, closed = close_night(EXAMPLE_1_RULES, state)
    assert settle_up(closed.balances) == [Transfer("Bob", "Ann", 12), Transfer("Bob", "Cy", 4)]
    quarter = HouseRules(chip_value=Decimal("0.25"))
    # docs/night-file.md's example settlement line: Bob pays Ann 3.00 at 0.25 a chip.
    assert to_money(12, quarter) == Decimal("3.00")
    assert str(to_money(4, quarter)) == "1.00"


def test_example_1_records_the_misdeal_and_the_same_dealer_deals_again():
    state = NightState.start(ROSTER_4)
    for row in EXAMPLE_1[:6]:
        _, state = settle_hand(EXAMPLE_1_RULES, state, row.hand)
    assert state.hands == 6
    assert state.next_dealer() == "Bob"


def test_example_2_settles_every_hand_to_the_chip():
    play(EXAMPLE_2_RULES, ROSTER_4, EXAMPLE_2)


def test_example_2_closes_with_a_refund_of_every_share():
    state = play(EXAMPLE_2_RULES, ROSTER_4, EXAMPLE_2)
    assert state.shares == {"Ann": 0, "Bob": 10, "Cy": 10, "Dee": 0}
    movements, closed = close_night(EXAMPLE_2_RULES, state)
    assert movements == (Movement("Bob", 10, LEFTOVER), Movement("Cy", 10, LEFTOVER))
    assert closed.pot == 0
    assert closed.balances == {"Ann": -21, "Bob": 14, "Cy": -6, "Dee": 13}


def test_example_2_hand_4_moves_chips_in_the_documented_order():
    state = NightState.start(ROSTER_4)
    for row in EXAMPLE_2[:3]:
        _, state = settle_hand(EXAMPLE_2_RULES, state, row.hand)
    result, _ = settle_hand(EXAMPLE_2_RULES, state, EXAMPLE_2[3].hand)
    # Dealer Dee: the order from the dealer's left is Ann, Bob, Cy, Dee.
    assert result.movements == (
        Movement("Ann", -2, ANTE),
        Movement("Bob", -2, ANTE),
        Movement("Cy", -2, ANTE),
        Movement("Dee", -2, ANTE),
        Movement("Ann", 1, ANTE_REFUND),
        Movement("Bob", 1, ANTE_REFUND),
        Movement("Cy", 1, ANTE_REFUND),
        Movement("Dee", 20, WIN),
        Movement("Bob", -15, BOURRE),
        Movement("Cy", -15, BOURRE),
        Movement("Bob", 5, PENALTY_REFUND),
        Movement("Cy", 5, PENALTY_REFUND),
    )


def test_example_3_settles_every_hand_to_the_chip():
    play(EXAMPLE_3_RULES, ("Ann", "Bob", "Cy"), EXAMPLE_3)


def test_example_3_reshares_what_the_win_cap_left_in_with_the_tie_from_the_dealers_left():
    state = NightState.start(("Ann", "Bob", "Cy"))
    for row in EXAMPLE_3[:3]:
        _, state = settle_hand(EXAMPLE_3_RULES, state, row.hand)
    # From Ann 2, Bob 8, Cy 2: Bob 1, and the last chip to Ann, first from dealer Cy's left.
    assert state.shares == {"Ann": 1, "Bob": 1, "Cy": 0}


def test_example_3_closes_with_cys_share():
    state = play(EXAMPLE_3_RULES, ("Ann", "Bob", "Cy"), EXAMPLE_3)
    movements, closed = close_night(EXAMPLE_3_RULES, state)
    assert movements == (Movement("Cy", 8, LEFTOVER),)
    assert closed.balances == {"Ann": 2, "Bob": -4, "Cy": 2}


def test_replaying_example_1_gives_the_recorded_balances():
    results, state = replay(EXAMPLE_1_RULES, ROSTER_4, [row.hand for row in EXAMPLE_1])
    assert [r.balances for r in results] == [row.balances for row in EXAMPLE_1]
    assert state.pot == 16


def test_example_hands_export_in_the_night_file_shape():
    results, _ = replay(EXAMPLE_1_RULES, ROSTER_4, [row.hand for row in EXAMPLE_1])
    assert results[1].to_dict() == {
        "number": 2,
        "dealer": "Bob",
        "ante": 1,
        "ante_refunds": {},
        "pot_before": 8,
        "winner": "Cy",
        "bourre_payments": {"Dee": 8},
        "renege_payments": {},
        "penalty_refunds": {},
        "pot_after": 8,
        "balances": {"Ann": -2, "Bob": -2, "Cy": 6, "Dee": -10},
    }
    assert results[5].to_dict() == {
        "number": 6,
        "dealer": "Bob",
        "misdeal": True,
        "pot_after": 4,
        "balances": {"Ann": 11, "Bob": -17, "Cy": 3, "Dee": -1},
    }
    assert results[6].renege_payments == {"Cy": 8}
    assert RENEGE in {m.kind for m in results[6].movements}


# --- Player keys: the engine treats a player as an opaque key (database ids, night file
# names), so the examples must come out the same whatever the keys are. ---


class Opaque:
    """A key that cannot be ordered: any tie broken by comparing keys would raise."""

    def __init__(self, label):
        self.label = label

    def __repr__(self):
        return f"Opaque({self.label})"


# Ids deliberately out of seat order (Ann has the largest), so a tie broken by the keys'
# order instead of the seats' would change a result.
ID_KEYS = {"Ann": 40, "Bob": 7, "Cy": 23, "Dee": 1}
KEY_KINDS = {
    "names": {name: name for name in ROSTER_4},
    "ids": ID_KEYS,
    "unorderable": {name: Opaque(name) for name in ROSTER_4},
}
EXAMPLES = {
    "example 1": (EXAMPLE_1_RULES, ROSTER_4, EXAMPLE_1),
    "example 2": (EXAMPLE_2_RULES, ROSTER_4, EXAMPLE_2),
    "example 3": (EXAMPLE_3_RULES, ("Ann", "Bob", "Cy"), EXAMPLE_3),
}


def keyed_hand(hand, key):
    return HandInput(
        dealer=key[hand.dealer],
        seated=None if hand.seated is None else tuple(key[p] for p in hand.seated),
        stayed={key[p]: tricks for p, tricks in hand.stayed.items()},
        reneged=tuple(key[p] for p in hand.reneged),
        misdeal=hand.misdeal,
    )


def named_result(result, name):
    """``result`` with every player key replaced by the player's name."""

    def amounts(values):
        return {name[p]: chips for p, chips in values.items()}

    return replace(
        result,
        dealer=name[result.dealer],
        ante_payers=tuple(name[p] for p in result.ante_payers),
        ante_refunds=amounts(result.ante_refunds),
        winner=None if result.winner is None else name[result.winner],
        bourre_payments=amounts(result.bourre_payments),
        renege_payments=amounts(result.renege_payments),
        penalty_refunds=amounts(result.penalty_refunds),
        movements=tuple(replace(m, player=name[m.player]) for m in result.movements),
        balances=amounts(result.balances),
        seated=tuple(name[p] for p in result.seated),
    )


def chips_by_name(rules, roster, rows, key):
    """Every result of the example played with ``key`` as the players' keys, then closed
    with both leftover policies and settled up, all told by name."""
    name = {k: n for n, k in key.items()}
    results, state = replay(
        rules, [key[p] for p in roster], [keyed_hand(r.hand, key) for r in rows]
    )
    closed = {}
    for policy in ("refund", "split"):
        movements, after = close_night(rules, state, policy)
        transfers = settle_up(after.balances)
        closed[policy] = (
            [replace(m, player=name[m.player]) for m in movements],
            [Transfer(name[t.payer], name[t.payee], t.chips) for t in transfers],
        )
    shares = {name[p]: chips for p, chips in state.shares.items()}
    return [named_result(r, name) for r in results], shares, state.pot, closed


@pytest.mark.parametrize("kind", ["ids", "unorderable"])
@pytest.mark.parametrize("example", list(EXAMPLES))
def test_the_worked_examples_give_the_same_chips_whatever_the_player_keys(example, kind):
    rules, roster, rows = EXAMPLES[example]
    by_names = chips_by_name(rules, roster, rows, KEY_KINDS["names"])
    assert chips_by_name(rules, roster, rows, KEY_KINDS[kind]) == by_names
    assert [r.balances for r in by_names[0]] == [row.balances for row in rows]


def test_the_win_cap_reshare_tie_goes_by_seat_even_when_ids_sort_the_other_way():
    # Example 3, hand 3: the last chip goes to Ann, first from dealer Cy's left, although
    # Ann has the largest id.
    rules, _, rows = EXAMPLES["example 3"]
    state = NightState.start([ID_KEYS[p] for p in ("Ann", "Bob", "Cy")])
    for row in rows[:3]:
        _, state = settle_hand(rules, state, keyed_hand(row.hand, ID_KEYS))
    assert state.shares == {40: 1, 7: 1, 23: 0}


def test_an_example_played_with_ids_settles_up_between_ids():
    rules, roster, rows = EXAMPLES["example 1"]
    _, state = replay(
        rules, [ID_KEYS[p] for p in roster], [keyed_hand(r.hand, ID_KEYS) for r in rows]
    )
    _, closed = close_night(rules, state)
    assert settle_up(closed.balances) == [Transfer(7, 40, 12), Transfer(7, 23, 4)]

"""Random nights, tapped as a new host would (issue 15's goal): three nights of 3 to 8
players, each under another preset, their hands made up at random but legal (sit-outs,
lone stayers, bourrés, reneges, misdeals, hands nobody stayed in), each entered by tapping
only what the phone's screen shows, every tap counted. After each hand the balances and
the pot the screen shows are the pure engine's for the same hands, to the chip.

The goal: the median hand at most 5 taps with Record, no hand at an 8-player table over 12.
The figures are printed (``pytest -s``) and kept in the test report's properties."""

import dataclasses
import random
import re
import statistics
from collections import Counter
from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from ledger import rules
from ledger.management.commands.bench_ledger import random_hand
from ledger.models import Hand
from tests.browser.taps import Taps
from tests.factories import night_with
from tests.ledger.helpers import ids

# It counts the host's taps, which no engine changes: CI runs it on SQLite. On PostgreSQL,
# in CI's runs with both suites side by side, a Record of its random nights has not
# reached the next hand within 30 s (not yet understood; see the note).
pytestmark = [
    pytest.mark.browser,
    pytest.mark.database_independent,
    pytest.mark.django_db(transaction=True),
]

# A seed whose three nights (7, 8 and 5 players; 30 hands, about the 29 the host
# played) hold every kind of hand the host taps differently for (HELD), each about as
# often as at a real table: the test checks they still do.
SEED = 48
HELD = {
    "bourré",
    "lone stayer",
    "misdeal",
    "nobody stayed",
    "renege",
    "seats changed",
}
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
MOST_MEDIAN = 5
MOST_AT_EIGHT = 12

# How often, before a hand, the seats change.
SITS_OUT = 0.10  # someone dealt in sits the next hand out
COMES_BACK = 0.5  # someone sitting out is dealt in again


@dataclass(frozen=True)
class Plan:
    """A made-up hand, by name: who is dealt in, who stayed with how many tricks (a lone
    stayer takes them all), who reneged; or a misdeal."""

    seated: tuple[str, ...]
    stayed: dict[str, int] = dataclasses.field(default_factory=dict)
    reneged: tuple[str, ...] = ()
    misdeal: bool = False


def _nights(rng: random.Random) -> list[tuple[str, int]]:
    """Three (preset, players) pairs: three presets, and one table of 8 (the issue's
    largest), which five tricks a hand allow and seven do not (8 x 7 > 52 cards)."""
    presets = rng.sample(list(rules.PRESETS), 3)
    sizes = [8, *rng.sample(range(3, 8), 2)]
    rng.shuffle(sizes)
    eight = sizes.index(8)
    if rules.PRESETS[presets[eight]].rules.tricks_per_hand * 8 > 52:
        other = next(i for i in range(3) if i != eight)
        presets[eight], presets[other] = presets[other], presets[eight]
    return list(zip(presets, sizes, strict=True))


def _seating(rng: random.Random, roster, seated, dealer: str) -> tuple[str, ...]:
    """Who is dealt in this hand: mostly as last hand; now and then someone sits out (never
    the one about to deal) or comes back."""
    seated = set(seated)
    out = [name for name in roster if name not in seated]
    if out and rng.random() < COMES_BACK:
        seated.add(rng.choice(out))
    elif len(seated) > 2 and rng.random() < SITS_OUT:
        seated.discard(rng.choice(sorted(seated - {dealer})))
    return tuple(name for name in roster if name in seated)


def _made_up_hand(rng: random.Random, house: rules.HouseRules, seated, dealer: str) -> Plan:
    """A legal hand among ``seated``, made up by the ledger bench's generator: each player
    stays at even odds, each trick goes to a stayer at random (one who gets none is bourré),
    now and then a renege or a misdeal. A lone stayer is tapped as taking every trick."""
    hand = random_hand(rng, dealer, list(seated), tricks=house.tricks_per_hand)
    if hand.get("misdeal"):
        return Plan(seated=seated, misdeal=True)
    stayed = hand["stayed"]
    if len(stayed) == 1:
        stayed = dict.fromkeys(stayed, house.tricks_per_hand)
    return Plan(seated=seated, stayed=stayed, reneged=tuple(hand["reneged"]))


def _kinds(plan: Plan, seated_before) -> set[str]:
    """What the hand held that the host taps for, for the figures and the coverage check."""
    kinds = set()
    if set(plan.seated) != set(seated_before):
        kinds.add("seats changed")
    if plan.misdeal:
        kinds.add("misdeal")
    elif not plan.stayed:
        kinds.add("nobody stayed")
    elif len(plan.stayed) == 1:
        kinds.add("lone stayer")
    if len(plan.stayed) > 1 and 0 in plan.stayed.values():
        kinds.add("bourré")
    if plan.reneged:
        kinds.add("renege")
    return kinds


def _tricks(count: int) -> str:
    return f"{count} trick" if count == 1 else f"{count} tricks"


class HandScreen:
    """The hand screen, read as the host sees it and tapped, each tap counted."""

    def __init__(self, page, night) -> None:
        self.page = page
        self.ids = ids(night)
        self.names = {pid: name for name, pid in self.ids.items()}

    def seat(self, name: str):
        return self.page.locator(f'.seat[data-player="{self.ids[name]}"]')

    def dealer(self) -> str:
        return self.names[int(self.page.locator("#dealer").input_value())]

    def sitting_out(self) -> set[str]:
        found = self.page.locator(".seat.sits-out").evaluate_all(
            "seats => seats.map(s => s.dataset.player)"
        )
        return {self.names[int(pid)] for pid in found}

    def _extras(self, taps: Taps):
        extras = self.page.locator("details.seat-extras")
        if extras.get_attribute("open") is None:
            taps.tap(extras.locator("summary"))
        return extras

    def enter(self, number: int, plan: Plan) -> int:
        """Tap ``plan`` in as hand ``number``; the taps it took. The dealer is the
        screen's: the host has no reason to touch it."""
        page, taps = self.page, Taps(self.page)
        out = self.sitting_out()
        for name in self.ids:
            if (name in plan.seated) == (name in out):
                self._extras(taps)
                taps.tap(page.get_by_role("checkbox", name=f"Dealt in: {name}", exact=True))
        if plan.misdeal:
            taps.tap(page.get_by_role("button", name="Misdeal", exact=True))
            taps.tap(page.get_by_role("button", name="Yes, record a misdeal"))
        else:
            for name, tricks in plan.stayed.items():
                radio = self.seat(name).get_by_role("radio", name=_tricks(tricks), exact=True)
                taps.check(radio)
            for name in plan.reneged:
                self._extras(taps)
                taps.tap(page.get_by_role("checkbox", name=f"Renege: {name}", exact=True))
            record = page.get_by_role("button", name=f"Record hand {number}", exact=True)
            if plan.stayed:
                expect(page.locator("#hand-check")).to_contain_text("Ready to record.")
                taps.tap(record)
            else:
                taps.tap(record)
                taps.tap(page.get_by_role("button", name="Yes, nobody stayed"))
        page.wait_for_url(re.compile(rf"\?after={number}$"))
        return taps.count

    def balances(self) -> tuple[dict[str, int], int]:
        """The balances tonight and the pot, as the screen shows them (folded or not)."""
        fold = self.page.locator("details.standings-fold")
        rows = fold.locator("table.standings tbody tr").evaluate_all(
            "rows => rows.map(r => [r.querySelector('th').firstChild.textContent.trim(),"
            " r.querySelector('td').textContent.trim()])"
        )
        pot = fold.locator(".pot-now").text_content()
        return {name: _chips(text) for name, text in rows}, _chips(pot)


def _chips(text: str) -> int:
    return int(text.replace(",", ""))


def _engine_hand(plan: Plan, dealer: str, to_id) -> rules.HandInput:
    lone = len(plan.stayed) == 1
    return rules.HandInput(
        dealer=to_id[dealer],
        seated=tuple(to_id[name] for name in plan.seated),
        stayed={to_id[name]: None if lone else t for name, t in plan.stayed.items()},
        reneged=tuple(to_id[name] for name in plan.reneged),
        misdeal=plan.misdeal,
    )


def _play_night(live_server, page, sign_in, phone, rng, slug: str, size: int):
    """One random night of ``size`` players under preset ``slug``: each hand's taps and
    what it held."""
    preset = rules.PRESETS[slug].rules
    house = dataclasses.replace(preset, max_players=max(preset.max_players, size))
    roster = NAMES[:size]
    night = night_with(roster, house_rules=house)
    sign_in(phone, night.table.owner)
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    screen = HandScreen(page, night)
    to_id = screen.ids
    played: list[rules.HandInput] = []
    state = rules.NightState.start([to_id[name] for name in roster])
    seated: tuple[str, ...] = roster
    hands = []
    for number in range(1, rng.randint(8, 10) + 1):
        # The screen's dealer is the engine's next one among the seats it remembers, so
        # never someone sitting out: the host leaves it be (and never sits the dealer out).
        dealer = screen.dealer()
        assert dealer == screen.names[state.next_dealer([to_id[name] for name in seated])]
        before, seated = seated, _seating(rng, roster, seated, dealer)
        plan = _made_up_hand(rng, house, seated, dealer)
        held = _kinds(plan, before)
        what = f"{slug} at {size}, hand {number}: {len(plan.stayed)} stayed, {sorted(held)}"
        hands.append((screen.enter(number, plan), held, what))

        played.append(_engine_hand(plan, dealer, to_id))
        _, state = rules.replay(house, state.roster, played)
        shown, pot = screen.balances()
        assert shown == {screen.names[pid]: chips for pid, chips in state.balances.items()}, (
            f"{slug}, hand {number}: {plan}"
        )
        assert pot == state.pot
    assert Hand.objects.filter(night=night, live=True).count() == len(played)
    return hands


def test_random_nights_take_a_median_of_five_taps_and_at_most_twelve_at_eight(
    live_server, phone, page, sign_in, record_property
):
    rng = random.Random(SEED)
    every, at_eight, kinds, nights, worst = [], [], Counter(), [], (0, "")
    for slug, size in _nights(rng):
        hands = _play_night(live_server, page, sign_in, phone, rng, slug, size)
        taps = [count for count, _, _ in hands]
        every += taps
        if size == 8:
            at_eight += taps
        for count, held, what in hands:
            kinds.update(held)
            worst = max(worst, (count, what))
        nights.append(f"{slug} at {size}: {len(hands)} hands")

    figures = {
        "hands": len(every),
        "median": statistics.median(every),
        "mean": round(statistics.mean(every), 2),
        "max": max(every),
        "max with 8 players": max(at_eight),
        "distribution": dict(sorted(Counter(every).items())),
        "nights": "; ".join(nights),
        "hands holding": dict(sorted(kinds.items())),
        "the most taps": f"{worst[0]} ({worst[1]})",
    }
    print(f"\nTaps per hand over {len(every)} random hands:")
    for key, value in figures.items():
        print(f"  {key}: {value}")
    for key, value in figures.items():
        record_property(f"taps {key}", value)
    assert set(kinds) >= HELD
    assert figures["median"] <= MOST_MEDIAN
    assert figures["max with 8 players"] <= MOST_AT_EIGHT

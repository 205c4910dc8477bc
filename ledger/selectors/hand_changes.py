"""The screens that change a recorded hand: undo the last one, correct any live one."""

from dataclasses import dataclass

from django.db.models import Q, Subquery

from ledger import rules
from ledger.models import Hand, Night
from ledger.selectors.last_hand import last_live_hand
from ledger.selectors.night_state import state_after
from ledger.selectors.seats import RosterPlayer, chips_of, ids_of, names_of, night_roster
from ledger.selectors.standings import Standings, state_standings


@dataclass(frozen=True)
class UndoScreen:
    night: Night
    roster: tuple[RosterPlayer, ...]  # seat order
    last: Hand | None  # the hand an undo would take back

    @property
    def names(self) -> dict[int, str]:
        return names_of(self.roster)


def undo_screen(night: Night) -> UndoScreen:
    """The last live hand and the roster's names: two queries."""
    return UndoScreen(night=night, roster=tuple(night_roster(night)), last=last_live_hand(night))


@dataclass(frozen=True)
class CorrectScreen:
    night: Night
    house: rules.HouseRules
    roster: tuple[RosterPlayer, ...]  # everyone tonight, seat order
    hand: Hand | None  # hand ``number``'s newest revision: live, or the undo that took it back
    standings: Standings  # tonight's balances now, before any correction

    @property
    def names(self) -> dict[int, str]:
        return names_of(self.roster)

    @property
    def players(self) -> list[RosterPlayer]:
        """Who was on the roster when the hand was played: the hand is corrected among
        them, each dealt in or not as the host says."""
        on_roster = set(self.hand.roster) if self.hand else set()
        return [RosterPlayer(p.id, p.name, p.position) for p in self.roster if p.id in on_roster]


def correct_screen(night: Night, number: int) -> CorrectScreen:
    """Hand ``number`` as it stands, the roster, and the balances a correction would change:
    two queries, whatever the night's length."""
    house = night.house_rules
    roster = tuple(night_roster(night))
    # One query for two rows (one if they are the same): the hand's newest revision, and
    # the night's last live hand, whose stored state holds tonight's pot.
    hands = Hand.objects.filter(night=night)
    newest = hands.filter(number=number).order_by("-revision").values("pk")[:1]
    last_live = hands.filter(live=True).order_by("-number").values("pk")[:1]
    rows = list(hands.filter(Q(pk=Subquery(newest)) | Q(pk=Subquery(last_live))))
    hand = next((row for row in rows if row.number == number), None)
    last = max((row for row in rows if row.live), key=lambda row: row.number, default=None)
    state = state_after(last, ids_of(roster), chips_of(roster))
    return CorrectScreen(
        night=night,
        house=house,
        roster=roster,
        hand=hand,
        standings=state_standings(roster, state, house),
    )


def undone_input(night: Night, number: int) -> dict | None:
    """What the host entered for hand ``number`` before it was undone, when its newest
    revision is an undo (the hand screen offers it again, to correct and record); else
    None. One query."""
    newest = list(
        Hand.objects.filter(night=night, number=number)
        .order_by("-revision")
        .values_list("kind", "input")[:2]
    )
    if len(newest) < 2 or newest[0][0] != Hand.UNDO:
        return None
    return newest[1][1]

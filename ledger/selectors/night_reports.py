"""A night's report, for its host and for the players' live link: the standings, the
settle-up once closed, the seal, and the night hand by hand from its live hands' stored
results. Three to five queries, whatever the night's length."""

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext, pgettext

from ledger import rules
from ledger.models import Hand, Night, ShareLink
from ledger.selectors.debts import TransferDebt, night_transfer_debts, transfers_paid
from ledger.selectors.night_state import live_hand_changes
from ledger.selectors.seal import NightSeal, night_seal
from ledger.selectors.seats import RosterPlayer, names_of, night_roster
from ledger.selectors.share_links import night_share_link
from ledger.selectors.standings import (
    Payment,
    Standings,
    ledger_standings,
    settle_up,
    standings_of,
)


@dataclass(frozen=True)
class LogRow:
    number: int
    dealer: str
    misdeal: bool
    corrected: bool
    stayed: list[tuple[str, int | None]]
    winner: str
    takes: int
    bourres: list[tuple[str, int]]
    reneges: list[tuple[str, int]]
    pot_after: int

    # The two texts below are the row's facts in words, in the active language (they are
    # read while a page renders): the wording belongs to the web layer, and may move there.

    @property
    def stayed_text(self) -> str:
        """Who stayed, each with the tricks they took ("Ann 3, Bob 2")."""
        if self.misdeal:
            return gettext("misdeal")
        if not self.stayed:
            return pgettext("stay or fold", "nobody stayed")
        if len(self.stayed) == 1:
            return pgettext("stay or fold", "%(name)s alone") % {"name": self.stayed[0][0]}
        return ", ".join(f"{name} {tricks}" for name, tricks in self.stayed)

    @property
    def payments_text(self) -> str:
        """What each bourré and renege paid ("Dee bourré 8, Cy renege 8")."""
        parts = [
            gettext("%(name)s bourré %(amount)s") % {"name": name, "amount": amount}
            for name, amount in self.bourres
        ]
        parts += [
            pgettext("breaking a play obligation", "%(name)s renege %(amount)s")
            % {"name": name, "amount": amount}
            for name, amount in self.reneges
        ]
        return ", ".join(parts)


@dataclass(frozen=True)
class NightHistory:
    roster: dict[int, str]  # player id -> name, in seat order
    log: list[LogRow]
    # Index 0 is the start of the night, index k the moment after hand k's row.
    balances: dict[int, list[int]] = field(default_factory=dict)
    pots: list[int] = field(default_factory=list)


def night_history(night: Night, roster: Sequence[RosterPlayer] | None = None) -> NightHistory:
    """Every live hand of the night as a log row, with the balances and the pot after
    each: one query for the hands, one for what each changed of the balances (its
    entries: a hand's stored result does not hold the balances after it), and one for
    ``roster`` if not given, in seat order."""
    roster = names_of(night_roster(night) if roster is None else roster)

    def name(player_id) -> str:
        return roster.get(int(player_id), f"#{player_id}")

    def from_dealers_left(amounts: dict, dealer: int) -> list[tuple[str, int | None]]:
        # JSON objects do not keep their order on PostgreSQL: the table's order is
        # the declaration order, starting at the dealer's left.
        order = rules.order_from_left(list(roster), dealer, amounts, key=int)
        return [(name(p), amounts[p]) for p in order]

    hands = (
        Hand.objects.filter(night=night, live=True)
        .order_by("number")
        .values_list("number", "kind", "input", "result")
    )
    changes = live_hand_changes(night)
    log, pots = [], [0]
    balances = {player_id: [0] for player_id in roster}
    for number, kind, data, result in hands:
        log.append(
            LogRow(
                number=number,
                dealer=name(result["dealer"]),
                misdeal=result["misdeal"],
                corrected=kind == Hand.CORRECT,
                stayed=from_dealers_left(data["stayed"], result["dealer"]),
                winner=name(result["winner"]) if result["winner"] is not None else "",
                takes=result["winner_takes"],
                bourres=from_dealers_left(result["bourre_payments"], result["dealer"]),
                reneges=from_dealers_left(result["renege_payments"], result["dealer"]),
                pot_after=result["pot_after"],
            )
        )
        pots.append(result["pot_after"])
        changed = changes.get(number, {})
        for player_id, series in balances.items():
            series.append(series[-1] + changed.get(player_id, 0))
    return NightHistory(roster=roster, log=log, balances=balances, pots=pots)


@dataclass(frozen=True)
class NightReport:
    night: Night
    house: rules.HouseRules
    history: NightHistory
    standings: Standings
    settle_up: list[Payment] | None  # once the night is closed
    seal: NightSeal | None
    share_link: ShareLink | None  # the host's live link, when asked for
    # The settle-up's transfers with what is paid of each, once the night is closed.
    transfers: tuple[TransferDebt, ...] = ()


def night_report(night: Night, *, with_share_link: bool = False) -> NightReport:
    """The night report: the roster, the live hands, the seal (and the live link when
    ``with_share_link``); a closed night's entries for its final balances.

    An open night's standings are the balances after its last hand, which the history has
    already summed; a closed night's come from its entries (the pot handed back at closing
    is only there). The settle-up is worked out from those standings, not read again.
    """
    house = night.house_rules
    roster = night_roster(night)
    history = night_history(night, roster)
    if night.is_closed:
        standings = ledger_standings(night, roster, house)
    else:
        balances = {player_id: series[-1] for player_id, series in history.balances.items()}
        standings = standings_of(roster, balances, history.pots[-1], house)
    # Closing empties the pot, so a closed night always settles.
    payments = settle_up(standings, house) if night.is_closed else None
    debts = night_transfer_debts(night, payments or [])
    return NightReport(
        night=night,
        house=house,
        history=history,
        standings=standings,
        settle_up=payments,
        seal=night_seal(night),
        share_link=night_share_link(night) if with_share_link else None,
        transfers=transfers_paid(debts, payments or ()),
    )

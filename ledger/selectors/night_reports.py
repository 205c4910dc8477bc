"""One night hand by hand, from its live hands' stored results: two queries."""

from dataclasses import dataclass, field

from ledger import rules
from ledger.models import Hand, Night
from ledger.selectors.night_state import night_roster


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

    @property
    def stayed_text(self) -> str:
        if self.misdeal:
            return "misdeal"
        if not self.stayed:
            return "nobody stayed"
        if len(self.stayed) == 1:
            return f"{self.stayed[0][0]} alone"
        return ", ".join(f"{name} {tricks}" for name, tricks in self.stayed)

    @property
    def payments_text(self) -> str:
        parts = [f"{name} bourré {amount}" for name, amount in self.bourres]
        parts += [f"{name} renege {amount}" for name, amount in self.reneges]
        return ", ".join(parts)


@dataclass(frozen=True)
class NightHistory:
    roster: dict[int, str]  # player id -> name, in seat order
    log: list[LogRow]
    # Index 0 is the start of the night, index k the moment after hand k's row.
    balances: dict[int, list[int]] = field(default_factory=dict)
    pots: list[int] = field(default_factory=list)


def night_history(night: Night) -> NightHistory:
    roster = night_roster(night)

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
        for player_id, series in balances.items():
            series.append(result["balances"].get(str(player_id), 0))
    return NightHistory(roster=roster, log=log, balances=balances, pots=pots)

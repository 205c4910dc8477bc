"""One night as a player who sat at it sees it from their account: what its live link
shows — the standings (once closed the settle-up, each transfer's status and its pay
buttons), the seal and the hand log — whether or not the host made a live link."""

from dataclasses import dataclass

from ledger.models import Night, Player
from ledger.selectors.live_link import LiveStandings, live_standings
from ledger.selectors.night_reports import NightHistory, night_history
from ledger.selectors.seal import NightSeal, night_seal


@dataclass(frozen=True)
class MyNightScreen:
    night: Night
    seat: Player  # the seat the account played it in
    shown: LiveStandings
    history: NightHistory
    seal: NightSeal | None


def my_night(night: Night, seat: Player) -> MyNightScreen:
    """The live link's own reads (``live_standings``, ``night_history``) and the seal:
    the same queries at hand 300 as at hand 1, but for the log, one query for them all."""
    shown = live_standings(night)
    return MyNightScreen(
        night=night,
        seat=seat,
        shown=shown,
        history=night_history(night, shown.roster),
        seal=night_seal(night),
    )

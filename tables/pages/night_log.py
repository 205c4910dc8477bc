"""The hand log. At first a compact line per hand, newest first, each a tap to correcting
it (the night still open) or to the hand in full; in full (``full``), every revision of
every hand, with who changed what, when and why. Newest first, both."""

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import pgettext

from ledger.models import Hand, Night
from ledger.names import account_name
from ledger.selectors.hand_log import hand_log
from tables import presenters
from tables.night_links import links
from tables.responses import Page

TEMPLATE = "nights/log.html"


@dataclass
class Revision:
    hand: Hand
    dealer: str = ""
    seated: str = ""
    stayers: str = ""
    reneges: str = ""
    winner: str = ""
    text: presenters.HandText | None = None
    payments: list[str] = field(default_factory=list)
    # Who recorded it: their seat's name at this table if they play one from their
    # account (a co-host), else the account's name.
    by: str = ""


@dataclass
class LoggedHand:
    number: int
    current: Revision | None  # the live revision; None once undone
    history: list[Revision]  # every other revision, oldest first
    correct_url: str | None

    @property
    def corrected(self) -> bool:
        """Whether a correction changed it (an undo is no correction: the line says Undone)."""
        revisions = [*self.history, *([self.current] if self.current else [])]
        return any(r.hand.kind == Hand.CORRECT for r in revisions)


def _revision(hand: Hand, names: dict[int, str], seat_names: dict[int, str]) -> Revision:
    by = seat_names.get(hand.created_by_id) or account_name(hand.created_by)
    if hand.kind == Hand.UNDO:
        return Revision(hand, by=by)

    def name(player_id) -> str:
        known = names.get(int(player_id))
        return presenters.player_shown(int(player_id)) if known is None else known

    data, result = hand.input, hand.result
    stayed = {int(p): t for p, t in data["stayed"].items()}
    order = presenters.in_turn(stayed, hand.roster, data["dealer"])
    lone = len(stayed) == 1
    return Revision(
        hand,
        dealer=name(data["dealer"]),
        seated=presenters.join_names([name(p) for p in data["seated"]]),
        stayers=", ".join(
            name(p) if lone or stayed[p] is None else f"{name(p)} {stayed[p]}" for p in order
        )
        or pgettext("stay or fold", "nobody"),
        reneges=presenters.join_names([name(p) for p in data.get("reneged", [])]),
        winner=name(result["winner"]) if result["winner"] is not None else "",
        text=presenters.hand_text(hand, names),
        payments=presenters.payments(result, names),
        by=by,
    )


def night_log_page(night: Night, *, full: bool = False) -> Page:
    log = hand_log(night)
    names = log.names
    logged = []
    for logged_hand in log.hands:
        revisions = [_revision(h, names, log.seat_names) for h in logged_hand.revisions]
        current = next((r for r in revisions if r.hand.live), None)
        correct = (
            reverse("hand_correct", args=[night.pk, logged_hand.number])
            if current and not night.is_closed
            else None
        )
        history = [r for r in revisions if r is not current]
        logged.append(LoggedHand(logged_hand.number, current, history, correct))
    context = {
        "night": night,
        "full": full,
        "hands": logged,  # the newest first, what a correction is usually about
        "changes": log.changes,
        "links": links(night),
        "full_url": reverse("night_log", args=[night.pk]) + "?full=1",
    }
    return Page(TEMPLATE, context)

"""Posting hands the way the hand screen does, from night-file style hands with names."""

from django.urls import reverse

from tests.ledger.helpers import ids
from tests.ledger.helpers import record_all as play  # noqa: F401 (set-up for view tests)


def hand_post(night, hand: dict, *, number: int, key: str = "") -> dict:
    """The hand form's POST data for a night-file style hand (names)."""
    by_name = ids(night)
    seated = hand.get("seated", list(by_name))
    stayed = hand.get("stayed", {})
    reneged = hand.get("reneged", [])
    data = {"number": str(number), "dealer": str(by_name[hand["dealer"]])}
    for name, player_id in by_name.items():
        if name in seated:
            data[f"seated_{player_id}"] = "1"
        data[f"play_{player_id}"] = "stay" if name in stayed else "fold"
        tricks = stayed.get(name)
        data[f"tricks_{player_id}"] = "" if tricks is None else str(tricks)
        if reneged.count(name):
            data[f"renege_{player_id}"] = str(reneged.count(name))
    if hand.get("misdeal"):
        data["misdeal"] = "1"
    if key:
        data["key"] = key
    return data


def url(name: str, night, *args) -> str:
    return reverse(name, args=[night.pk, *args])


def example_1_hands(upto: int = 7) -> list[dict]:
    from tests.ledger.worked_examples import EXAMPLE_1

    return [hand for hand, _, _ in EXAMPLE_1["hands"][:upto]]

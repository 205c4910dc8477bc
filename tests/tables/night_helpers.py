"""Posting hands the way the hand screen does, from night-file style hands with names."""

from django.urls import reverse

from tables.problems import sentence
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
    # The hand screen asks again before a misdeal or a hand nobody stayed in: these are
    # the second taps, saying yes.
    if hand.get("misdeal"):
        data["misdeal"] = "misdeal"
    elif not stayed:
        data["confirm"] = "nobody"
    if key:
        data["key"] = key
    return data


def url(name: str, night, *args) -> str:
    return reverse(name, args=[night.pk, *args])


def example_1_hands(upto: int = 7) -> list[dict]:
    from tests.ledger.worked_examples import EXAMPLE_1

    return [hand for hand, _, _ in EXAMPLE_1["hands"][:upto]]


def said(code, at=None, **params) -> str:
    """What the host's screens say (tables.problems) for the problem ``code(**params)``.
    A ``player`` given by name is the player of that name at ``at`` (a night's roster, or a
    table's players): problems carry player ids, and the screens show each by their name."""
    from ledger.models import Night

    if at is None:
        roster = {}
    elif isinstance(at, Night):
        roster = ids(at)
    else:
        roster = dict(at.players.values_list("name", "pk"))
    if params.get("player") in roster:
        params["player"] = roster[params["player"]]
    return sentence(code(**params), {player_id: name for name, player_id in roster.items()})

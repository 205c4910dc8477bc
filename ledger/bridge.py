"""Between the database (player ids) and the rules engine (player names).

The engine speaks names because its messages must name people. The database
stores ids so a rename never rewrites a recorded hand. Each call maps one way
with the night's current names, which are unique within a table.
"""

from collections.abc import Mapping
from typing import Any

from ledger import rules
from ledger.models import Hand, Night, Seat


def house_rules(night: Night) -> rules.HouseRules:
    return rules.HouseRules.from_dict(night.rules)


def roster_names(night: Night) -> dict[int, str]:
    """Player id -> name for the night's roster, in seat order."""
    seats = Seat.objects.filter(night=night).select_related("player").order_by("position")
    return {seat.player_id: seat.player.name for seat in seats}


def ids_by_name(to_name: Mapping[int, str]) -> dict[str, int]:
    """The other way round: name -> player id."""
    return {name: player_id for player_id, name in to_name.items()}


def postings(movements, to_id: Mapping[str, int]):
    """Each movement twice, as (player id or None for the pot, amount, kind): the
    player's side and then the pot's opposite one, so a night always sums to zero."""
    for movement in movements:
        if movement.amount:
            yield (to_id[movement.player], movement.amount, movement.kind)
            yield (None, -movement.amount, movement.kind)


def _ids(names, to_id: Mapping[str, int]) -> list[int]:
    return [to_id[name] for name in names]


def _id_map(amounts: Mapping[str, int], to_id: Mapping[str, int]) -> dict[str, int]:
    return {str(to_id[name]): amount for name, amount in amounts.items()}


def _names(ids, to_name: Mapping[int, str]) -> tuple[str, ...]:
    return tuple(to_name[int(i)] for i in ids)


def _name_map(amounts: Mapping[str, int], to_name: Mapping[int, str]) -> dict[str, int]:
    return {to_name[int(i)]: amount for i, amount in amounts.items()}


def _maybe(value, mapping):
    return None if value is None else mapping[value]


def state_to_json(state: rules.NightState, to_id: Mapping[str, int]) -> dict[str, Any]:
    return {
        "roster": _ids(state.roster, to_id),
        "balances": _id_map(state.balances, to_id),
        "pot": state.pot,
        "shares": _id_map(state.shares, to_id),
        "carry_streak": state.carry_streak,
        "exempt": sorted(_ids(state.exempt, to_id)),
        "hands": state.hands,
        "last_seated": _ids(state.last_seated, to_id),
        "last_dealer": _maybe(state.last_dealer, to_id),
        "previous_dealer": _maybe(state.previous_dealer, to_id),
        "previous_misdeal": state.previous_misdeal,
    }


def state_from_json(data: Mapping[str, Any], to_name: Mapping[int, str]) -> rules.NightState:
    return rules.NightState(
        roster=_names(data["roster"], to_name),
        balances=_name_map(data["balances"], to_name),
        pot=data["pot"],
        shares=_name_map(data["shares"], to_name),
        carry_streak=data["carry_streak"],
        exempt=frozenset(_names(data["exempt"], to_name)),
        hands=data["hands"],
        last_seated=_names(data["last_seated"], to_name),
        last_dealer=_maybe(data["last_dealer"], to_name),
        previous_dealer=_maybe(data["previous_dealer"], to_name),
        previous_misdeal=data["previous_misdeal"],
    )


def result_to_json(result: rules.HandResult, to_id: Mapping[str, int]) -> dict[str, Any]:
    return {
        "number": result.number,
        "dealer": to_id[result.dealer],
        "misdeal": result.misdeal,
        "ante": result.ante,
        "ante_payers": _ids(result.ante_payers, to_id),
        "ante_refunds": _id_map(result.ante_refunds, to_id),
        "pot_before": result.pot_before,
        "winner": _maybe(result.winner, to_id),
        "winner_takes": result.winner_takes,
        "bourre_payments": _id_map(result.bourre_payments, to_id),
        "renege_payments": _id_map(result.renege_payments, to_id),
        "penalty_refunds": _id_map(result.penalty_refunds, to_id),
        "pot_after": result.pot_after,
        "carryover": result.carryover,
        "balances": _id_map(result.balances, to_id),
        "seated": _ids(result.seated, to_id),
    }


def hand_input(data: Mapping[str, Any], to_name: Mapping[int, str]) -> rules.HandInput:
    """A stored hand input (ids) as the engine's HandInput (names).

    Ids that are not on the roster keep a visible stand-in name, so the engine
    reports them as "not on tonight's roster" instead of the bridge crashing.
    """

    def name(player_id) -> str:
        return to_name.get(int(player_id), f"player #{player_id}")

    return rules.HandInput(
        dealer=name(data["dealer"]),
        seated=tuple(name(i) for i in data["seated"]),
        stayed={name(i): tricks for i, tricks in data["stayed"].items()},
        reneged=tuple(name(i) for i in data.get("reneged", ())),
        misdeal=data.get("misdeal", False),
    )


def state_before(
    night: Night, number: int, to_name: Mapping[int, str], roster: list[int]
) -> rules.NightState:
    """The night's state just before hand ``number`` with ``roster`` (ids) seated around it.

    Read from the stored hand before it, so recording a hand costs the same on
    the night's first hand as on its hundredth.
    """
    previous = (
        Hand.objects.filter(night=night, live=True, number__lt=number)
        .order_by("-number")
        .only("state_after")
        .first()
    )
    return _state_after(previous, to_name, [to_name[player_id] for player_id in roster])


def next_state(night: Night, to_name: Mapping[int, str]) -> tuple[int, rules.NightState]:
    """The number of the night's next hand, and the state it starts from with the whole
    roster (``to_name``, in seat order) around it: one query, whatever the night's length."""
    last = (
        Hand.objects.filter(night=night, live=True)
        .order_by("-number")
        .only("number", "state_after")
        .first()
    )
    number = last.number + 1 if last else 1
    return number, _state_after(last, to_name, list(to_name.values()))


def _state_after(
    hand: Hand | None, to_name: Mapping[int, str], names: list[str]
) -> rules.NightState:
    if hand is None:
        return rules.NightState.start(names)
    return seat_roster(state_from_json(hand.state_after, to_name), names)


def seat_roster(state: rules.NightState, roster: list[str]) -> rules.NightState:
    """Bring the state's roster up to ``roster`` (seat order), seating late arrivals."""
    for index, name in enumerate(roster):
        if name not in state.roster:
            state = state.with_player(name, index)
    return state

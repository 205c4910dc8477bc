"""Nights built through the services, shared by the ledger's service and command tests."""

import random

from django.apps import apps
from django.db import connection

from ledger import append_only_triggers, rules
from ledger.services import corrections as correction_services
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from tests.factories import PlayerFactory, night_with
from tests.ledger.helpers import hand_data, record_all
from tests.ledger.worked_examples import EXAMPLES


def example_night(name="example_1", *, close=True):
    """A worked example of docs/rules.md, recorded hand by hand (and closed)."""
    example = EXAMPLES[name]
    night = night_with(example["roster"], house_rules=example["rules"])
    record_all(night, [hand for hand, _, _ in example["hands"]])
    if close:
        night_services.night_close(night=night, by=night.started_by)
        night.refresh_from_db()
    return night


def busy_night(*, close=True):
    """Corrections, an undo, a late arrival, a close: every kind of entry and revision."""
    night = night_with(["Ann", "Bob", "Cy"], house_rules=rules.HouseRules(win_cap=4))
    by = night.started_by
    record_all(
        night,
        [
            {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Ann": 1}},
            {"dealer": "Bob", "stayed": {"Cy": 3, "Ann": 2}},
        ],
    )
    roster_services.night_seat_join(
        night=night, player=PlayerFactory(table=night.table, name="Dee"), position=4, by=by
    )
    record_all(
        night,
        [
            {"dealer": "Cy", "stayed": {"Dee": 4, "Ann": 1, "Bob": 0}},
            {"dealer": "Dee", "stayed": {"Ann": 5, "Bob": 0}, "reneged": ["Bob"]},
        ],
        start=3,
    )
    correction_services.hand_undo_last(night=night, by=by)
    record_all(night, [{"dealer": "Dee", "stayed": {"Ann": 2, "Bob": 2, "Dee": 1}}], start=4)
    correction_services.hand_correct(
        night=night,
        number=2,
        hand=hand_data(night, {"dealer": "Bob", "seated": ["Ann", "Bob", "Cy"], "stayed": {}}),
        reason="nobody stayed",
        by=by,
    )
    if close:
        night_services.night_close(night=night, by=by)
        night.refresh_from_db()
    return night


def row_counts() -> dict[str, int]:
    """Rows of every model: equal before and after means nothing was written."""
    return {model._meta.label: model.objects.count() for model in apps.get_models()}


def tamper(*statements):
    """Raw SQL behind the app's back, with the append-only triggers lifted for it."""
    append_only_triggers.uninstall(connection)
    try:
        with connection.cursor() as cursor:
            for sql, params in statements:
                cursor.execute(sql, params)
    finally:
        append_only_triggers.install(connection)


LONG_NIGHT_PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def long_night_document(hands: int, *, seed: int = 7, closed: bool = True) -> dict:
    """A valid night file of ``hands`` random hands at six players (capped rules, so no
    pot outgrows anything): misdeals, lone stayers, carries, bourrés and reneges."""
    rnd = random.Random(seed)
    players = LONG_NIGHT_PLAYERS
    played = []
    for number in range(hands):
        dealer = players[number % len(players)]
        if rnd.random() < 0.03:
            played.append({"dealer": dealer, "misdeal": True})
            continue
        stayers = rnd.sample(players, rnd.randint(0, 4))
        if len(stayers) < 2:
            played.append({"dealer": dealer, "stayed": dict.fromkeys(stayers)})
            continue
        tricks = dict.fromkeys(stayers, 0)
        for _ in range(5):
            tricks[rnd.choice(stayers)] += 1
        hand = {"dealer": dealer, "stayed": tricks}
        if rnd.random() < 0.05:
            hand["reneged"] = [stayers[0]]
        played.append(hand)
    return {
        "format": "bourre-night/1",
        "table": "Long night",
        "rules": rules.PRESETS["limit"].rules.to_dict(),
        "players": players,
        "hands": played,
        "closed": closed,
    }

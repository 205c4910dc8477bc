"""Closed nights for the debts tests: worked example 1 (Bob pays Ann 12, Bob pays Cy 4),
played by whichever of the table's players ``cast`` names in each part."""

from ledger import rules
from ledger.services import nights as night_services
from tests.factories import NightFactory
from tests.ledger.helpers import record_all
from tests.ledger.worked_examples import EXAMPLE_1

ROLES = ("Ann", "Bob", "Cy", "Dee")


def _recast(hand: dict, cast: dict) -> dict:
    out = dict(hand)
    out["dealer"] = cast[hand["dealer"]]
    if "stayed" in hand:
        out["stayed"] = {cast[name]: tricks for name, tricks in hand["stayed"].items()}
    if "reneged" in hand:
        out["reneged"] = [cast[name] for name in hand["reneged"]]
    return out


def closed_example(table=None, *, cast=None, currency=None, chip_value=None):
    """Example 1 closed: the player cast as Ann gets +12, Bob -16, Cy +4, Dee 0.
    ``currency`` and ``chip_value`` give a new table other money (ignored with ``table``)."""
    cast = dict(zip(ROLES, ROLES, strict=True)) | (cast or {})
    names = [cast[role] for role in ROLES]
    if table is not None:
        night = NightFactory(names=names, table=table)
    else:
        house = rules.HouseRules()
        if currency or chip_value:
            data = house.to_dict() | {
                k: v
                for k, v in (("currency", currency), ("chip_value", chip_value))
                if v is not None
            }
            house = rules.HouseRules.from_dict(data)
        night = NightFactory(names=names, house_rules=house)
    record_all(night, [_recast(hand, cast) for hand, _, _ in EXAMPLE_1["hands"]])
    night_services.night_close(night=night, by=night.started_by)
    night.refresh_from_db()
    return night


def night_with_rules(table, currency: str, chip_value: str = "1") -> None:
    """Switch ``table``'s house rules to ``currency`` for the nights started after."""
    data = rules.HouseRules.from_dict(table.rules).to_dict()
    data |= {"currency": currency, "chip_value": chip_value}
    table.rules = rules.HouseRules.from_dict(data).to_dict()
    table.save(update_fields=["rules"])

"""Chips and the money they were worth, added up over nights with their own chip values."""

from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import Any

from ledger import rules
from ledger.models import Night
from ledger.rules.money import from_units


@dataclass(frozen=True)
class NightInfo:
    """What the stats need of a night: when, whether closed, and what a chip was worth."""

    id: int
    started_at: Any
    closed: bool
    # The night's rules snapshot, read as house rules only when first needed: most nights
    # a page lists (a chart's points, the best and worst nights) need only their date.
    snapshot: dict = field(compare=False, repr=False)

    @classmethod
    def from_night(cls, night: Night) -> "NightInfo":
        return cls(
            id=night.pk,
            started_at=night.started_at,
            closed=night.closed_at is not None,
            snapshot=night.rules,
        )

    @cached_property
    def house(self) -> rules.HouseRules:
        return rules.HouseRules.from_dict(self.snapshot)

    @property
    def currency(self) -> str:
        return self.house.currency

    def money(self, chips: int) -> Decimal:
        return rules.to_money(chips, self.house)


# What NightInfo reads of a night (``QuerySet.only``).
NIGHT_FIELDS = ("id", "started_at", "closed_at", "rules")


@dataclass
class Totals:
    """Net chips, and money per currency (a table rarely changes currency, but may)."""

    chips: int = 0
    money: dict[str, Decimal] = field(default_factory=dict)

    def add(self, night: NightInfo, chips: int) -> None:
        self.chips += chips
        self.money[night.currency] = self.money.get(night.currency, Decimal(0)) + night.money(chips)

    def add_sum(self, currency: str, chips: int, units: int) -> None:
        """Add nights already summed: their chips, and their money in ``currency``'s
        smallest unit."""
        self.chips += chips
        self.money[currency] = self.money.get(currency, Decimal(0)) + from_units(units, currency)

    @property
    def money_total(self) -> Decimal:
        return sum(self.money.values(), Decimal(0))

"""House rules: the per-table settings of docs/rules.md, their validation, presets and help."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from . import errors as e
from .errors import Problem, RulesError, gettext_noop
from .money import currency_places, decimal_places

LEFTOVER_REFUND = "refund"
LEFTOVER_SPLIT = "split"
LEFTOVER_POLICIES = (LEFTOVER_REFUND, LEFTOVER_SPLIT)

# How cards must be played (RULES.md, "Play obligations"); no effect on money.
PLAY_BEAT_WINNER = "beat_winner"
PLAY_BEAT_LED_SUIT = "beat_led_suit"
PLAY_NO_BEAT = "no_beat"
PLAY_OBLIGATIONS = (PLAY_BEAT_WINNER, PLAY_BEAT_LED_SUIT, PLAY_NO_BEAT)

DECK_SIZE = 52
MIN_SEATED = 2
MAX_SEATED = 8
# A home game's ante is a few chips; the bound keeps every sum far inside a 64-bit column.
MAX_CHIPS_SETTING = 1_000_000
# Money a chip is worth, in the table's currency: generous for a currency of small units
# (a chip of 1,000,000 dong is about 40 dollars), and small enough that any balance the
# ledger can hold (2**62 chips) times it stays inside a 28-digit Decimal, so no page that
# shows money can overflow.
MAX_CHIP_VALUE = Decimal(1_000_000)
# Up to 8 play in a hand, but people come and go over a night: five full tables' worth.
MAX_ROSTER = 40
# Hours of play at a hand a minute, many times over. A night file of more is not a night.
MAX_HANDS = 2_000
TRICKS_CHOICES = (5, 7)
CAPS = ("bourre_cap", "win_cap", "pot_cap")


def is_whole(value: object) -> bool:
    """An int and not a bool (``True`` is not one chip)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class HouseRules:
    """One table's rules: money, and how cards must be played. Construction does not
    validate: call ``errors()``/``validate()`` (``from_dict`` and ``settle_hand`` do)."""

    ante: int = 1
    tricks_per_hand: int = 5
    max_players: int = 7
    min_tricks_to_win: int = 1
    escalating_ante: bool = False
    bourre_cap: int | None = None
    win_cap: int | None = None
    pot_cap: int | None = None
    ante_exemptions: bool = False
    leftover_pot: str = LEFTOVER_REFUND
    chip_value: Decimal = field(default_factory=lambda: Decimal("1.00"))
    currency: str = "USD"
    # Last, so night files and snapshots written before it existed read as the default.
    play_obligation: str = PLAY_BEAT_WINNER

    def errors(self) -> list[Problem]:
        """Every problem with these settings, each carrying its setting as ``key``; [] when
        valid."""
        # The instance is frozen, so its problems never change: work them out once (settling
        # a hand asks every time). The cache is not a field: eq, hash and repr ignore it.
        cached = self.__dict__.get("_problems")
        if cached is None:
            cached = tuple(self._find_problems())
            object.__setattr__(self, "_problems", cached)
        return list(cached)

    def _find_problems(self) -> list[Problem]:
        problems: list[Problem] = []

        def whole(key: str) -> bool:
            value = getattr(self, key)
            if is_whole(value):
                return True
            problems.append(e.RULE_NOT_WHOLE_NUMBER(key=key, value=value))
            return False

        if whole("ante"):
            if self.ante < 1:
                problems.append(e.ANTE_TOO_SMALL(value=self.ante))
            elif self.ante > MAX_CHIPS_SETTING:
                problems.append(e.RULE_TOO_LARGE(key="ante", limit=MAX_CHIPS_SETTING))
        tricks_ok = whole("tricks_per_hand")
        if tricks_ok and self.tricks_per_hand not in TRICKS_CHOICES:
            problems.append(e.TRICKS_PER_HAND_INVALID(value=self.tricks_per_hand))
            tricks_ok = False
        if whole("max_players"):
            if not MIN_SEATED <= self.max_players <= MAX_SEATED:
                problems.append(e.MAX_PLAYERS_OUT_OF_RANGE(value=self.max_players))
            elif tricks_ok and self.max_players * self.tricks_per_hand > DECK_SIZE:
                problems.append(
                    e.MAX_PLAYERS_TOO_MANY_CARDS(
                        max_players=self.max_players,
                        tricks_per_hand=self.tricks_per_hand,
                        cards=self.max_players * self.tricks_per_hand,
                    )
                )
        if (
            whole("min_tricks_to_win")
            and tricks_ok
            and not 1 <= self.min_tricks_to_win <= self.tricks_per_hand
        ):
            problems.append(
                e.MIN_TRICKS_OUT_OF_RANGE(
                    tricks_per_hand=self.tricks_per_hand, value=self.min_tricks_to_win
                )
            )
        for key in ("escalating_ante", "ante_exemptions"):
            value = getattr(self, key)
            if not isinstance(value, bool):
                problems.append(e.RULE_NOT_YES_NO(key=key, value=value))
        for key in CAPS:
            value = getattr(self, key)
            if value is None:
                continue
            if not is_whole(value):
                problems.append(e.RULE_CAP_NOT_WHOLE_NUMBER(key=key, value=value))
            elif value < 1:
                problems.append(e.CAP_TOO_SMALL(key=key, value=value))
            elif value > MAX_CHIPS_SETTING:
                problems.append(e.RULE_TOO_LARGE(key=key, limit=MAX_CHIPS_SETTING))
        if self.leftover_pot not in LEFTOVER_POLICIES or not isinstance(self.leftover_pot, str):
            problems.append(e.LEFTOVER_POT_INVALID(value=self.leftover_pot))
        currency_ok = is_currency_code(self.currency)
        if not currency_ok:
            problems.append(e.CURRENCY_INVALID(value=self.currency))
        value = self.chip_value
        if not isinstance(value, Decimal) or not value.is_finite():
            problems.append(e.CHIP_VALUE_NOT_DECIMAL(value=value))
        elif value <= 0:
            problems.append(e.CHIP_VALUE_NOT_POSITIVE(value=value))
        elif value > MAX_CHIP_VALUE:
            # The value is not repeated: it may be a million digits long.
            problems.append(e.CHIP_VALUE_TOO_LARGE(limit=MAX_CHIP_VALUE))
        elif currency_ok and decimal_places(value) > currency_places(self.currency):
            problems.append(
                e.CHIP_VALUE_TOO_PRECISE(
                    value=value, currency=self.currency, places=currency_places(self.currency)
                )
            )
        obligation = self.play_obligation
        if not isinstance(obligation, str) or obligation not in PLAY_OBLIGATIONS:
            problems.append(e.PLAY_OBLIGATION_INVALID(value=obligation))
        return problems

    def validate(self) -> None:
        """Raise ``RulesError`` listing every problem, if there is any."""
        problems = self.errors()
        if problems:
            raise RulesError(problems)

    def to_dict(self) -> dict[str, Any]:
        """The night file's ``rules`` object (JSON-ready; chip_value as a string)."""
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["chip_value"] = str(self.chip_value)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HouseRules:
        """Read the night file's ``rules`` object: missing keys take the defaults.

        Rejects unknown keys and wrong types (a bool is not a whole number, "5" is not 5,
        a float chip_value is not exact) with messages naming the key; then validates.
        chip_value may be a string or an int (or a Decimal).
        """
        if not isinstance(data, Mapping):
            raise RulesError([e.RULES_NOT_MAPPING(value=data)])
        problems: list[Problem] = []
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in RULE_FIELDS:
                problems.append(e.RULE_UNKNOWN(key=key))
                continue
            if key == "chip_value":
                converted = _to_decimal(value)
                if converted is None:
                    problems.append(e.CHIP_VALUE_NOT_DECIMAL(value=value))
                    continue
                value = converted
            values[key] = value
        rules = cls(**values)
        problems.extend(rules.errors())
        if problems:
            raise RulesError(problems)
        if rules.chip_value.as_tuple().exponent > 0:
            # "1E+3" is a valid 1000: stored and shown as 1000, the way a host writes it.
            rules = dataclasses.replace(rules, chip_value=rules.chip_value.quantize(Decimal(1)))
        return rules


RULE_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(HouseRules))


def is_currency_code(value: object) -> bool:
    return (
        isinstance(value, str)
        and len(value) == 3
        and value.isascii()
        and value.isalpha()
        and value.isupper()
    )


def _to_decimal(value: object) -> Decimal | None:
    if isinstance(value, Decimal):
        return value
    if isinstance(value, bool) or not isinstance(value, str | int):
        return None
    try:
        return Decimal(value.strip() if isinstance(value, str) else value)
    except InvalidOperation:
        return None


# One line of help per setting, shown under its field: words to translate where shown.
RULE_HELP: dict[str, str] = {
    "ante": gettext_noop("Chips each seated player puts into the pot at the start of every hand."),
    "tricks_per_hand": gettext_noop(
        "5 for classic Bourré, 7 for seven-card Bourré (7 players at most)."
    ),
    "max_players": gettext_noop(
        "The most players dealt into one hand: 2 to 8, and at most 7 with 7 cards."
    ),
    "min_tricks_to_win": gettext_noop(
        "Tricks the leader needs to take the pot; otherwise the pot carries."
    ),
    "escalating_ante": gettext_noop(
        "Double the ante after each hand nobody wins; back to normal after a win."
    ),
    "bourre_cap": gettext_noop(
        "The most a bourré (or a renege) pays; empty means they match the whole pot."
    ),
    "win_cap": gettext_noop(
        "The most a winner takes out of the pot; the rest stays in for the next hand."
    ),
    "pot_cap": gettext_noop(
        "The most the pot may hold; chips over it go back to whoever just paid them."
    ),
    "ante_exemptions": gettext_noop(
        "Players bourré or tied for most tricks in a hand skip the next ante."
    ),
    "leftover_pot": gettext_noop(
        "At closing, refund a pot still in play to who paid it in, or split it "
        "equally among the last hand's players."
    ),
    "chip_value": gettext_noop(
        "Money one chip is worth, for the settle-up at the end of the night."
    ),
    "currency": gettext_noop("The currency of the chip value and of the settle-up."),
    "play_obligation": gettext_noop(
        "On a trick, whether a player must beat the winning card, the led suit's "
        "highest card, or need not beat at all."
    ),
}


@dataclass(frozen=True)
class Preset:
    """A named set of house rules a host can start from. Caps are for ``rules.ante``."""

    slug: str
    label: str
    description: str
    rules: HouseRules
    # A country's game is played in its money (its rules carry that currency); any other
    # preset is played in the host's.
    own_currency: bool = False

    def for_ante(self, ante: int) -> HouseRules:
        """This preset at another ante: the caps scale with it (20 antes stay 20 antes)."""
        base = self.rules.ante
        caps = {
            key: getattr(self.rules, key) * ante // base
            for key in CAPS
            if getattr(self.rules, key) is not None
        }
        return dataclasses.replace(self.rules, ante=ante, **caps)

    def house_rules(self, *, currency: str, ante: int | None = None) -> HouseRules:
        """This preset for a host who plays in ``currency``: at ``ante`` (its caps scaled)
        if given, in its own currency if it has one, else in ``currency``."""
        house = self.rules if ante is None else self.for_ante(ante)
        if self.own_currency:
            return house
        return dataclasses.replace(house, currency=currency)


_PRESET_LIST = (
    Preset(
        "louisiana",
        gettext_noop("Louisiana standard"),
        gettext_noop("Five cards, ante 1, a bourré matches the whole pot, no caps."),
        HouseRules(),
    ),
    Preset(
        "seven_card",
        gettext_noop("Seven-card"),
        gettext_noop("Seven cards and seven tricks a hand; at most 7 players."),
        HouseRules(tricks_per_hand=7),
    ),
    Preset(
        "three_trick",
        gettext_noop("Three-trick minimum"),
        gettext_noop("The leader needs at least 3 tricks to win; otherwise the pot carries."),
        HouseRules(min_tricks_to_win=3),
    ),
    Preset(
        "escalating",
        gettext_noop("Escalating ante"),
        gettext_noop("The ante doubles after each hand nobody wins, and resets after a win."),
        HouseRules(escalating_ante=True),
    ),
    Preset(
        "capped_pot",
        gettext_noop("Capped pot"),
        gettext_noop(
            "The pot never holds more than 20 antes; chips over that go back to who paid them."
        ),
        HouseRules(pot_cap=20),
    ),
    Preset(
        "swedish",
        gettext_noop("Swedish table"),
        gettext_noop(
            "Up to 8 players; a bourré pays at most 10 antes; beat the led suit's highest card."
        ),
        HouseRules(
            max_players=8, bourre_cap=10, play_obligation=PLAY_BEAT_LED_SUIT, currency="SEK"
        ),
        own_currency=True,
    ),
    Preset(
        "reno",
        gettext_noop("Reno"),
        gettext_noop("Casino style: fixed antes that never escalate."),
        HouseRules(escalating_ante=False),
    ),
    Preset(
        "limit",
        gettext_noop("Limit"),
        gettext_noop(
            "A bourré pays and a winner takes at most 20 antes; players bourré or tied for "
            "most tricks skip the next ante."
        ),
        HouseRules(bourre_cap=20, win_cap=20, ante_exemptions=True),
    ),
    Preset(
        "no_beat",
        gettext_noop("No obligation to beat"),
        gettext_noop(
            "Follow suit, or trump when out of it, without having to beat (a trump lead must "
            "still be over-trumped); money as standard."
        ),
        HouseRules(play_obligation=PLAY_NO_BEAT),
    ),
)
PRESETS: dict[str, Preset] = {preset.slug: preset for preset in _PRESET_LIST}

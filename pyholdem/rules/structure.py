"""A tournament's structure (spec/09-tournament.md): levels, breaks, stacks, chips, prices, payouts.

A ``Structure`` is the money and chip schedule a director posts before the start; the rule choices
stay in the ``RuleSet``. It is immutable, checked when made (``RuleViolation`` naming the value and
the section) and travels as TOML like a rule set (``to_toml`` / ``load_structure``).
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pyholdem.errors import RuleViolation, show_value
from pyholdem.values import is_int, toml_key, toml_value


def _positive(value: object, what: str, section: str, *, zero: bool = False) -> None:
    if not is_int(value) or value < (0 if zero else 1):
        least = "0 or more" if zero else "a positive integer"
        raise RuleViolation(f"{what} {show_value(value)} is not {least}", section)


@dataclass(frozen=True)
class Level:
    """One level (§9.3): blinds, ante, fixed-limit bets, duration and the break after it (§9.5).

    ``duration`` counts minutes or hands (``level_clock``); ``None`` is open-ended (only the last).
    ``bets`` is the fixed-limit small and big bet (``None``: the big blind and twice it).
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    duration: int | None = 60
    bets: tuple[int, int] | None = None
    break_after: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.bets, list):
            object.__setattr__(self, "bets", tuple(self.bets))
        _positive(self.big_blind, "big blind", "9.3")
        _positive(self.small_blind, "small blind", "9.3", zero=True)
        _positive(self.ante, "ante", "9.3", zero=True)
        if self.small_blind > self.big_blind:
            raise RuleViolation(
                f"small blind {self.small_blind} is above the big blind {self.big_blind}", "9.3"
            )
        if self.duration is not None:
            _positive(self.duration, "level duration", "9.3")
        if self.bets is not None:
            if not isinstance(self.bets, tuple) or len(self.bets) != 2:
                raise RuleViolation(f"fixed-limit bets {show_value(self.bets)} are not a pair", "9.3")
            for bet in self.bets:
                _positive(bet, "fixed-limit bet", "9.3")
        _positive(self.break_after, "break length", "9.5", zero=True)

    @property
    def amounts(self) -> tuple[int, ...]:
        """Every forced-bet and bet amount of the level (the blinds, the ante if any, the bets)."""
        bets = self.bets if self.bets is not None else (self.big_blind, 2 * self.big_blind)
        return tuple(a for a in (self.small_blind, self.big_blind, self.ante, *bets) if a)


@dataclass(frozen=True)
class Structure:
    """A tournament structure: levels, starting stack and chip set, prices and payouts (spec 09).

    ``rebuy_price`` / ``rebuy_chips`` default to the buy-in and the starting stack (§9.6);
    ``payout_percentages`` / ``payout_fixed``, when given, replace the rule set's (§9.12) through
    ``payout_rules``.
    """

    levels: tuple[Level, ...]
    starting_stack: int
    buy_in: int
    chips: tuple[int, ...] = (1,)
    rebuy_price: int | None = None
    rebuy_chips: int | None = None
    addon_price: int = 0
    addon_chips: int = 0
    payout_percentages: tuple[int, ...] | None = None
    payout_fixed: tuple[tuple[int, int], ...] | None = None
    name: str = ""

    def __post_init__(self) -> None:
        levels = tuple(Level(**lv) if isinstance(lv, Mapping) else lv for lv in self.levels)
        object.__setattr__(self, "levels", levels)
        for name in ("chips", "payout_percentages"):
            if isinstance(getattr(self, name), list):
                object.__setattr__(self, name, tuple(getattr(self, name)))
        if isinstance(self.payout_fixed, list | tuple):
            fixed = tuple(tuple(p) if isinstance(p, list) else p for p in self.payout_fixed)
            object.__setattr__(self, "payout_fixed", fixed)
        if not levels or not all(isinstance(lv, Level) for lv in levels):
            raise RuleViolation(f"a structure needs one or more levels, not {show_value(self.levels)}", "9.3")
        if any(lv.duration is None for lv in levels[:-1]):
            raise RuleViolation("only the last level may be open-ended (duration None)", "9.3")
        _positive(self.starting_stack, "starting stack", "9.2")
        _positive(self.buy_in, "buy-in", "9.1")
        if not isinstance(self.chips, tuple) or not self.chips:
            raise RuleViolation(f"chip set {show_value(self.chips)} is not a list of denominations", "9.18")
        for chip in self.chips:
            _positive(chip, "chip denomination", "9.18")
        if list(self.chips) != sorted(set(self.chips)):
            raise RuleViolation(f"chip set {show_value(self.chips)} is not increasing", "9.18")
        for what, value in (("rebuy price", self.rebuy_price), ("rebuy chips", self.rebuy_chips)):
            if value is not None:
                _positive(value, what, "9.6")
        _positive(self.addon_price, "add-on price", "9.7", zero=True)
        _positive(self.addon_chips, "add-on chips", "9.7", zero=True)
        if (self.addon_price == 0) != (self.addon_chips == 0):
            raise RuleViolation(
                f"an add-on of {self.addon_chips} chips for {self.addon_price} is not a price and chips",
                "9.7",
            )
        if self.payout_percentages is not None:
            pct = self.payout_percentages
            if (
                not (isinstance(pct, tuple) and pct and all(is_int(p) and p > 0 for p in pct))
                or sum(pct) != 100
            ):
                raise RuleViolation(f"payout percentages {show_value(pct)} do not sum to 100", "9.12")
        if self.payout_fixed is not None:
            for pair in self.payout_fixed:
                if not (
                    isinstance(pair, tuple) and len(pair) == 2 and all(is_int(x) and x > 0 for x in pair)
                ):
                    raise RuleViolation(
                        f"fixed payout {show_value(pair)} is not a (place, amount) pair", "9.12"
                    )
        if not isinstance(self.name, str):
            raise RuleViolation(f"structure name {show_value(self.name)} is not text", "9.3")

    @property
    def durations(self) -> tuple[int | None, ...]:
        """The level durations, for §9.3's ``level_at``."""
        return tuple(lv.duration for lv in self.levels)

    @property
    def breaks(self) -> dict[int, int]:
        """Level number → length of the break after it (§9.5), for levels followed by a break."""
        return {i: lv.break_after for i, lv in enumerate(self.levels, 1) if lv.break_after}

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based); past the last, the last (§9.3)."""
        if not is_int(number) or number < 1:
            raise RuleViolation(f"level {show_value(number)} is not a level number from 1", "9.3")
        return self.levels[min(number, len(self.levels)) - 1]

    def payout_changes(self) -> dict[str, Any]:
        """The RuleSet changes this structure's payouts make (§9.12): apply with ``rules.replace``."""
        changes: dict[str, Any] = {}
        if self.payout_percentages is not None:
            changes["payout_percentages"] = self.payout_percentages
        if self.payout_fixed is not None:
            changes["payout_fixed"] = self.payout_fixed
        return changes

    def replace(self, **changes: Any) -> Structure:
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (tuples become lists; ``None`` fields are left out)."""

        def plain(value: Any) -> Any:
            return [plain(v) for v in value] if isinstance(value, tuple) else value

        data: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "levels":
                value = [
                    {k: plain(v) for k, v in dataclasses.asdict(lv).items() if v is not None} for lv in value
                ]
            if value is not None:
                data[f.name] = plain(value)
        return data

    def to_toml(self) -> str:
        """The structure as TOML that ``load_structure`` reads back unchanged."""
        data = self.to_dict()
        levels = data.pop("levels")
        lines = [f"{toml_key(k)} = {toml_value(v)}" for k, v in data.items()]
        for lv in levels:
            lines.append("")
            lines.append("[[levels]]")
            lines.extend(f"{toml_key(k)} = {toml_value(v)}" for k, v in lv.items())
        return "\n".join(lines) + "\n"


_FIELDS = {f.name for f in dataclasses.fields(Structure)}
_LEVEL_FIELDS = {f.name for f in dataclasses.fields(Level)}


def load_structure(source: str | Mapping[str, Any]) -> Structure:
    """A structure from TOML text or a mapping; ``preset = "name"`` starts from a structure preset.

    Unknown keys, wrong values and malformed TOML raise ``RuleViolation`` naming the key (§9.3).
    """
    if isinstance(source, str):
        try:
            data: dict[str, Any] = tomllib.loads(source)
        except (ValueError, RecursionError) as exc:
            raise RuleViolation(f"structure TOML is malformed: {exc}", "9.3") from None
    elif isinstance(source, Mapping):
        data = dict(source)
    else:
        raise RuleViolation(f"a structure is read from TOML text or a mapping, not {source!r}", "9.3")
    base = structure_preset(data.pop("preset")).to_dict() if "preset" in data else {}
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise RuleViolation(f"unknown structure field {unknown[0]!r}", "9.3")
    base.update(data)
    levels = base.get("levels")
    if not isinstance(levels, list | tuple):
        raise RuleViolation(f"structure levels {show_value(levels)} are not a list of tables", "9.3")
    for lv in levels:
        if not isinstance(lv, Mapping):
            raise RuleViolation(f"structure level {show_value(lv)} is not a table", "9.3")
        bad = sorted(set(lv) - _LEVEL_FIELDS)
        if bad:
            raise RuleViolation(f"unknown level field {bad[0]!r}", "9.3")
    try:
        # a level without a duration is open-ended (the writer leaves None out)
        levels = [{"duration": None, **lv} for lv in levels]
        return Structure(**{**base, "levels": tuple(Level(**lv) for lv in levels)})
    except TypeError as exc:
        raise RuleViolation(f"structure is incomplete or malformed: {exc}", "9.3") from None


STRUCTURES: dict[str, Structure] = {
    s.name: s
    for s in (
        Structure(
            # seed 000 article: BB / SB / ante table, $1000 in chips, a rebuy or add-on of $1000 for
            # the buy-in, half-hour levels ("each half an hour or hour"), the $20 payout example.
            # The article names no chip set; its smallest amount is 5.
            levels=tuple(
                Level(sb, bb, ante, duration=30)
                for bb, sb, ante in (
                    (15, 10, 5),
                    (30, 15, 10),
                    (50, 25, 15),
                    (100, 50, 25),
                    (200, 100, 50),
                    (300, 150, 75),
                    (400, 200, 100),
                    (500, 250, 125),
                    (600, 300, 150),
                )
            ),
            starting_stack=1000,
            buy_in=20,
            chips=(5,),
            addon_price=20,
            addon_chips=1000,
            name="seed_000_home_nl",
        ),
        Structure(
            # seed 000, Bill: $100 for $1000 in chips of 100, 50, 25, 10 and 5, hourly limits.
            levels=tuple(
                Level(sb, bb, duration=60, bets=bets)
                for sb, bb, bets in (
                    (5, 10, (10, 15)),
                    (10, 20, (20, 30)),
                    (15, 30, (30, 60)),
                    (20, 40, (40, 80)),
                    (25, 50, (50, 150)),
                    (50, 100, (100, 200)),
                    (100, 200, (200, 400)),
                )
            ),
            starting_stack=1000,
            buy_in=100,
            chips=(5, 10, 25, 50, 100),
            name="seed_000_bill_limit",
        ),
        Structure(
            # seed 002: $30 for T75, a $20 add-on of T75, 45-minute levels, $15-$30 thereafter, a
            # break after every third level (its length is not given: 15 minutes assumed).
            levels=tuple(
                Level(sb, bb, duration=duration, break_after=15 if i in (3, 6) else 0)
                for i, (sb, bb, duration) in enumerate(
                    (
                        (1, 2, 45),
                        (2, 4, 45),
                        (3, 6, 45),
                        (4, 8, 45),
                        (6, 12, 45),
                        (8, 16, 45),
                        (10, 20, 45),
                        (15, 30, None),
                    ),
                    1,
                )
            ),
            starting_stack=75,
            buy_in=30,
            chips=(1,),
            addon_price=20,
            addon_chips=75,
            name="seed_002_sng_addon",
        ),
    )
}

DEFAULT_STRUCTURE = "seed_000_home_nl"
"""The structure used when none is given: the seed 000 article's, the only full no-limit schedule."""


def structure_preset(name: str) -> Structure:
    """The structure preset ``name``; an unknown name raises ``RuleViolation`` listing the known ones."""
    try:
        return STRUCTURES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(STRUCTURES))
        raise RuleViolation(f"unknown structure preset {name!r}; known presets: {known}", "9.3") from None

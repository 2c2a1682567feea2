"""The conformance cases: worked cases of the spec plus seeded random ones, expectations from the oracle.

The same generators feed the test suite (``tests/conformance``) and ``pyholdem vectors write``, so
every vector written is a case the suite checks. Expectations come from the executable spec (the
pure-Python oracle); the suite checks pyholdem's fast paths against them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pyholdem.conformance.vectors import Vector
from pyholdem.errors import PyHoldemError
from pyholdem.spec.showdown import resolve_pots

SEED = 20240601


def expectation(compute: Callable[[], Any]) -> dict[str, Any]:
    """``{"result": compute()}``, or ``{"error": {...}}`` when the oracle refuses."""
    try:
        return {"result": compute()}
    except PyHoldemError as exc:
        return {"error": {"kind": exc.kind, "section": exc.section}}


# --- pots ------------------------------------------------------------------------------------------


def settle(data: dict[str, Any]) -> dict[str, Any]:
    """The ``pots`` runner's answer from pyholdem's oracle (``resolve_pots``)."""
    s = resolve_pots(
        data["contributions"],
        data["folded"],
        data["values"],
        data["button"],
        dead=data.get("dead"),
        odd_chip_rule=data.get("odd_chip_rule"),
        chip_unit=data.get("chip_unit", 1),
    )
    return {
        "payouts": list(s.payouts),
        "pots": [
            {"amount": p.amount, "eligible": list(p.eligible), "winners": list(p.winners)} for p in s.pots
        ],
    }


def _pots_input(
    contributions: Sequence[int],
    folded: Sequence[bool],
    values: Sequence[int | None],
    button: int,
    *,
    dead: Sequence[int] | None = None,
    odd_chip_rule: str = "left_of_button",
    chip_unit: int = 1,
) -> dict[str, Any]:
    return {
        "contributions": list(contributions),
        "folded": list(folded),
        "values": [None if f else v for v, f in zip(values, folded, strict=True)],
        "button": button,
        "dead": list(dead) if dead is not None else [0] * len(contributions),
        "odd_chip_rule": odd_chip_rule,
        "chip_unit": chip_unit,
    }


WORKED_POTS: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    (
        "uncalled-bet-returned",
        "7.6",
        "the excess over the second-largest bet goes back",
        _pots_input([100, 300], [False, False], [5, 9], 0),
    ),
    (
        "uncalled-bet-returned-to-folder",
        "7.6",
        "a folded seat's uncalled excess is returned too",
        _pots_input([400, 100, 100], [True, False, False], [0, 5, 7], 2),
    ),
    (
        "three-way-side-pots",
        "7.7",
        "short all-in makes a main pot and a side pot",
        _pots_input([50, 200, 200], [False, False, False], [9, 5, 3], 2),
    ),
    (
        "short-stack-wins-main-only",
        "7.7",
        "the all-in player wins only the main pot",
        _pots_input([100, 300, 300, 50], [False, False, False, True], [9, 7, 8, 0], 0),
    ),
    (
        "equal-layers-merge",
        "7.7",
        "adjacent layers with the same eligible seats are one pot",
        _pots_input([100, 100, 40], [False, False, True], [3, 4, 0], 1),
    ),
    (
        "dead-money-joins-main-pot",
        "7.7",
        "dead money goes to the main pot",
        _pots_input([100, 100], [False, False], [3, 4], 0, dead=[25, 0]),
    ),
    (
        "best-hand-wins",
        "8.7",
        "the highest value wins the pot",
        _pots_input([200, 200, 200], [False, False, False], [10, 30, 20], 0),
    ),
    (
        "tie-splits-evenly",
        "8.8",
        "equal values split the pot",
        _pots_input([100, 100, 100], [False, False, True], [7, 7, 0], 2),
    ),
    (
        "odd-chip-left-of-button",
        "8.8",
        "the odd chip goes to the first winner left of the button",
        _pots_input([100, 100, 100], [False, False, False], [7, 7, 1], 0, dead=[1, 0, 0]),
    ),
    (
        "odd-chip-whole-to-first",
        "8.8",
        "whole-chip reading: the remainder goes to one winner",
        _pots_input(
            [100, 100, 100],
            [False, False, False],
            [7, 7, 7],
            2,
            dead=[2, 0, 0],
            odd_chip_rule="left_of_button_whole_chip",
        ),
    ),
    (
        "odd-chips-one-each",
        "8.8",
        "default reading: remainder chips one each, clockwise from the button",
        _pots_input([100, 100, 100], [False, False, False], [7, 7, 7], 2, dead=[2, 0, 0]),
    ),
    (
        "odd-units-three-way",
        "8.8",
        "remainders in units of the smallest chip, one unit per winner",
        _pots_input([125, 125, 125, 5], [False, False, False, True], [7, 7, 7, 0], 1, chip_unit=5),
    ),
    (
        "one-seat-left",
        "8.10",
        "everyone else folded: the last seat takes everything",
        _pots_input([10, 20, 60], [True, True, False], [0, 0, 1], 0),
    ),
    (
        "all-folded-refused",
        "7.7",
        "at least one seat must remain",
        _pots_input([10, 20], [True, True], [0, 0], 0),
    ),
    (
        "negative-contribution-refused",
        "7.7",
        "contributions are non-negative integers",
        _pots_input([-10, 20], [False, False], [1, 2], 0),
    ),
    ("one-seat-refused", "7.7", "a settlement needs 2 to 10 seats", _pots_input([10], [False], [1], 0)),
    (
        "button-out-of-range-refused",
        "7.7",
        "the button is a seat of the table",
        _pots_input([10, 10], [False, False], [1, 2], 2),
    ),
)


def pots_cases(random_count: int = 2000, seed: int = SEED) -> Iterator[Vector]:
    """Worked pot settlements of spec 07/08 and seeded random ones (valid and invalid)."""
    for case, section, description, data in WORKED_POTS:
        meta = {"section": section, "source": "worked case", "description": description}
        yield Vector("pots", case, data, expectation(lambda d=data: settle(d)), meta)
    rng = random.Random(seed)
    for i in range(random_count):
        data = random_pots_input(rng)
        meta = {"section": "8.10", "source": f"seeded random (seed {seed}, #{i})"}
        yield Vector("pots", f"random-{i:05d}", data, expectation(lambda d=data: settle(d)), meta)


def random_pots_input(rng: random.Random) -> dict[str, Any]:
    """A random settlement: ties, all-ins, folds, dead money, chip units; one in twenty is invalid."""
    n = rng.randint(2, 10)
    unit = rng.choice([1, 1, 1, 5, 25])
    levels = [rng.randint(0, 40) * unit for _ in range(rng.randint(1, 4))]
    contributions = [rng.choice(levels) for _ in range(n)]
    folded = [rng.random() < 0.3 for _ in range(n)]
    if all(folded):
        folded[rng.randrange(n)] = False
    values = [rng.randint(0, 12) for _ in range(n)]
    dead = [rng.choice([0, 0, 0, unit, 3 * unit]) for _ in range(n)]
    data = _pots_input(
        contributions,
        folded,
        values,
        rng.randrange(n),
        dead=dead,
        odd_chip_rule=rng.choice(["left_of_button", "left_of_button_whole_chip"]),
        chip_unit=unit,
    )
    if rng.random() < 0.05:
        broken = rng.choice(["contribution", "button", "unit", "folded", "length"])
        if broken == "contribution":
            data["contributions"][rng.randrange(n)] = -unit
        elif broken == "button":
            data["button"] = n
        elif broken == "unit":
            data["chip_unit"] = 0
        elif broken == "folded":
            data["folded"] = [True] * n
        else:
            data["values"] = data["values"][:-1]
    return data


GENERATORS: dict[str, Callable[[], Iterator[Vector]]] = {"pots": pots_cases}


def all_vectors(runners: Sequence[str] | None = None) -> Iterator[Vector]:
    """Every case of the chosen runners (default: every runner with a generator)."""
    for runner, generate in GENERATORS.items():
        if runners is None or runner in runners:
            yield from generate()

"""The conformance cases: worked cases of the spec plus seeded random ones, expectations from the oracle.

The same generators feed the test suite (``tests/conformance``) and ``pyholdem vectors write``, so
every vector written is a case the suite checks. Expectations come from the executable spec (the
pure-Python oracle); the suite checks pyholdem's fast paths against them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any

from pyholdem.conformance.vectors import Vector
from pyholdem.conformance.worked_cases import WorkedCase
from pyholdem.errors import InvalidCards, PyHoldemError
from pyholdem.spec.cards import format_cards, parse_cards, shuffled_deck
from pyholdem.spec.rankings import category, hand_class, hand_value
from pyholdem.spec.showdown import Settlement, resolve_pots

SEED = 20240601


def expectation(compute: Callable[[], Any]) -> dict[str, Any]:
    """``{"result": compute()}``, or ``{"error": {...}}`` when the oracle refuses."""
    try:
        return {"result": compute()}
    except PyHoldemError as exc:
        return {"error": {"kind": exc.kind, "section": exc.section}}


# --- pots ------------------------------------------------------------------------------------------


def settle(data: Mapping[str, Any], resolver: Callable[..., Settlement] = resolve_pots) -> dict[str, Any]:
    """The ``pots`` runner's answer from ``resolver`` (default: pyholdem's oracle, §8.10)."""
    s = resolver(
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


def _pots(
    case: str, section: str, description: str, data: dict[str, Any], worked: dict[str, Any] | None = None
) -> WorkedCase:
    return WorkedCase("pots", case, section, data, description, worked)


WORKED_POTS: tuple[WorkedCase, ...] = (
    _pots(
        "uncalled-bet-returned",
        "7.6",
        "the excess over the second-largest bet goes back",
        _pots_input([100, 300], [False, False], [5, 9], 0),
        worked={"result": {"payouts": [0, 400]}},
    ),
    _pots(
        "uncalled-bet-returned-to-folder",
        "7.6",
        "a folded seat's uncalled excess is returned too",
        _pots_input([400, 100, 100], [True, False, False], [0, 5, 7], 2),
    ),
    _pots(
        "three-way-side-pots",
        "7.7",
        "short all-in makes a main pot and a side pot",
        _pots_input([50, 200, 200], [False, False, False], [9, 5, 3], 2),
    ),
    _pots(
        "short-stack-wins-main-only",
        "7.7",
        "the all-in player wins only the main pot",
        _pots_input([100, 300, 300, 50], [False, False, False, True], [9, 7, 8, 0], 0),
    ),
    _pots(
        "equal-layers-merge",
        "7.7",
        "adjacent layers with the same eligible seats are one pot",
        _pots_input([100, 100, 40], [False, False, True], [3, 4, 0], 1),
    ),
    _pots(
        "dead-money-joins-main-pot",
        "7.7",
        "dead money goes to the main pot",
        _pots_input([100, 100], [False, False], [3, 4], 0, dead=[25, 0]),
    ),
    _pots(
        "best-hand-wins",
        "8.7",
        "the highest value wins the pot",
        _pots_input([200, 200, 200], [False, False, False], [10, 30, 20], 0),
    ),
    _pots(
        "tie-splits-evenly",
        "8.8",
        "equal values split the pot",
        _pots_input([100, 100, 100], [False, False, True], [7, 7, 0], 2),
    ),
    _pots(
        "odd-chip-left-of-button",
        "8.8",
        "the odd chip goes to the first winner left of the button",
        _pots_input([100, 100, 100], [False, False, False], [7, 7, 1], 0, dead=[1, 0, 0]),
        worked={"result": {"payouts": [150, 151, 0]}},
    ),
    _pots(
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
        worked={"result": {"payouts": [102, 100, 100]}},
    ),
    _pots(
        "odd-chips-one-each",
        "8.8",
        "default reading: remainder chips one each, clockwise from the button",
        _pots_input([100, 100, 100], [False, False, False], [7, 7, 7], 2, dead=[2, 0, 0]),
        worked={"result": {"payouts": [101, 101, 100]}},
    ),
    _pots(
        "odd-units-three-way",
        "8.8",
        "remainders in units of the smallest chip, one unit per winner",
        _pots_input([125, 125, 125, 5], [False, False, False, True], [7, 7, 7, 0], 1, chip_unit=5),
        worked={"result": {"payouts": [125, 125, 130, 0]}},
    ),
    _pots(
        "one-seat-left",
        "8.10",
        "everyone else folded: the last seat takes everything",
        _pots_input([10, 20, 60], [True, True, False], [0, 0, 1], 0),
    ),
    _pots(
        "all-folded-refused",
        "7.7",
        "at least one seat must remain",
        _pots_input([10, 20], [True, True], [0, 0], 0),
        worked={"error": {"kind": "RuleViolation", "section": "7.7"}},
    ),
    _pots(
        "negative-contribution-refused",
        "7.7",
        "contributions are non-negative integers",
        _pots_input([-10, 20], [False, False], [1, 2], 0),
        worked={"error": {"kind": "RuleViolation", "section": "7.7"}},
    ),
    _pots(
        "one-seat-refused",
        "7.7",
        "a settlement needs 2 to 10 seats",
        _pots_input([10], [False], [1], 0),
        worked={"error": {"kind": "RuleViolation", "section": "7.7"}},
    ),
    _pots(
        "button-out-of-range-refused",
        "7.7",
        "the button is a seat of the table",
        _pots_input([10, 10], [False, False], [1, 2], 2),
        worked={"error": {"kind": "RuleViolation", "section": "7.7"}},
    ),
)


def pots_cases(random_count: int = 2000, seed: int = SEED) -> Iterator[Vector]:
    """Worked pot settlements of spec 07/08 and seeded random ones (valid and invalid)."""
    for c in WORKED_POTS:
        meta = {"section": c.section, "source": "worked case", "description": c.description}
        yield Vector("pots", c.case, c.input, expectation(partial(settle, c.input)), meta)
    rng = random.Random(seed)
    for i in range(random_count):
        data = random_pots_input(rng)
        meta = {"section": "8.10", "source": f"seeded random (seed {seed}, #{i})"}
        yield Vector("pots", f"random-{i:05d}", data, expectation(partial(settle, data)), meta)


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


# --- evaluate and compare --------------------------------------------------------------------------


def evaluation(data: Mapping[str, Any]) -> dict[str, int]:
    """The ``evaluate`` runner's answer from the oracle (§2.4, §2.7)."""
    value = hand_value(data["cards"])
    return {"value": value, "class": hand_class(value), "category": int(category(value))}


def showdown_winners(data: Mapping[str, Any]) -> dict[str, list[int]]:
    """The ``compare`` runner's answer: the hands (board + hole cards) that tie for best (§2.5)."""
    board, hands = data["board"], data["hands"]
    if not isinstance(hands, list) or len(hands) < 2:
        raise InvalidCards(f"a comparison needs at least two hands, not {hands!r}", "2.5")
    parse_cards([*board, *(c for h in hands for c in h)])
    values = [hand_value([*board, *h]) for h in hands]
    best = max(values)
    return {"winners": [i for i, v in enumerate(values) if v == best]}


def _hand(case: str, section: str, text: str, worked: dict[str, Any] | None = None) -> WorkedCase:
    return WorkedCase("evaluate", case, section, {"cards": text.split()}, worked=worked)


def _class(number: int, category: int) -> dict[str, Any]:
    """A hand's class number and category as worked by hand (§2.7)."""
    return {"result": {"class": number, "category": category}}


def _refused(section: str, kind: str = "InvalidCards") -> dict[str, Any]:
    return {"error": {"kind": kind, "section": section}}


WORKED_HANDS: tuple[WorkedCase, ...] = (
    _hand("royal-flush", "2.1", "As Ks Qs Js Ts", _class(1, 8)),
    _hand("steel-wheel", "2.2", "5d 4d 3d 2d Ad", _class(10, 8)),
    _hand("four-of-a-kind", "2.1", "9c 9d 9h 9s Kd", _class(72, 7)),
    _hand("full-house", "2.1", "Qc Qd Qh 4s 4d"),
    _hand("flush", "2.1", "Ah Jh 8h 6h 2h"),
    _hand("broadway-straight", "2.2", "Ad Kc Qh Js Td", _class(1600, 4)),
    _hand("wheel", "2.2", "Ad 2c 3h 4s 5d", _class(1609, 4)),
    _hand("no-wraparound", "2.2", "Qd Kc Ah 2s 3d", _class(6229, 0)),
    _hand("three-of-a-kind", "2.1", "7c 7d 7h Ks 2d"),
    _hand("two-pair", "2.3", "Jc Jd 4h 4s Ad"),
    _hand("one-pair", "2.3", "Tc Td 9h 5s 2d"),
    _hand("high-card", "2.1", "Ac Qd 9h 5s 3d"),
    _hand("worst-hand", "2.7", "7c 5d 4h 3s 2d", _class(7462, 0)),
    _hand("seven-cards-best-five", "2.4", "As Ah Kd Kc Qs 2c 3d"),
    _hand("six-cards", "2.4", "2c 3c 4c 5c 6c Ac"),
    _hand("flush-over-straight-in-seven", "2.4", "9h 8h 7h 6c 5h 2h Kd"),
    _hand("three-pairs-in-seven", "2.6", "Ac Ad Kc Kd Qc Qd 2s"),
    _hand("four-cards-refused", "2.4", "As Ks Qs Js", _refused("2.4")),
    _hand("eight-cards-refused", "2.4", "As Ks Qs Js Ts 9s 8s 7s", _refused("2.4")),
    _hand("duplicate-refused", "1.1", "As As Qs Js Ts", _refused("1.1")),
    _hand("bad-text-refused", "1.8", "As Kx Qs Js Ts", _refused("1.8")),
)


def _showdown(
    case: str, section: str, board: str, hands: tuple[str, ...], worked: dict[str, Any] | None = None
) -> WorkedCase:
    data = {"board": board.split(), "hands": [h.split() for h in hands]}
    return WorkedCase("compare", case, section, data, worked=worked)


def _winners(*seats: int) -> dict[str, Any]:
    return {"result": {"winners": list(seats)}}


WORKED_SHOWDOWNS: tuple[WorkedCase, ...] = (
    _showdown("board-plays-split", "2.6", "As Ks Qs Js Ts", ("2c 3d", "4h 5h"), _winners(0, 1)),
    _showdown("kicker-decides", "2.3", "Ac 9d 7h 4s 2c", ("Ad Kc", "Ah Qc"), _winners(0)),
    _showdown("suits-do-not-break-ties", "2.5", "Kc Qd 8h 5s 3c", ("Ac 2d", "As 2h"), _winners(0, 1)),
    _showdown("higher-straight", "2.2", "5c 6d 7h 8s Kc", ("4d 3d", "9h Td"), _winners(1)),
    _showdown("three-way-tie", "2.5", "Ah Ad Kc Kd Qh", ("2c 3c", "2d 3d", "2h 3h"), _winners(0, 1, 2)),
    _showdown("counterfeited-two-pair", "2.6", "Kc Kd 9h 9s 4c", ("4d 2c", "Qh Jh"), _winners(1)),
    _showdown("duplicate-card-refused", "1.1", "As Ks Qs Js Ts", ("As 2c", "4h 5h"), _refused("1.1")),
    _showdown("one-hand-refused", "2.5", "As Ks Qs Js Ts", ("2c 3c",), _refused("2.5")),
)


def evaluate_cases(random_count: int = 3000, seed: int = SEED) -> Iterator[Vector]:
    """Worked hands of spec 02 and seeded random 5-, 6- and 7-card hands."""
    for c in WORKED_HANDS:
        meta = {"section": c.section, "source": "worked case"}
        yield Vector("evaluate", c.case, c.input, expectation(partial(evaluation, c.input)), meta)
    for i in range(random_count):
        deck = shuffled_deck(f"{seed}-evaluate-{i}")
        data = {"cards": format_cards(deck[: 5 + i % 3]).split()}
        meta = {"section": "2.4", "source": f"seeded random (shuffled_deck('{seed}-evaluate-{i}'))"}
        yield Vector("evaluate", f"random-{i:05d}", data, expectation(partial(evaluation, data)), meta)


def compare_cases(random_count: int = 1500, seed: int = SEED) -> Iterator[Vector]:
    """Worked showdowns of spec 02 and seeded random boards with 2 to 9 hands."""
    for c in WORKED_SHOWDOWNS:
        meta = {"section": c.section, "source": "worked case"}
        yield Vector("compare", c.case, c.input, expectation(partial(showdown_winners, c.input)), meta)
    for i in range(random_count):
        deck = format_cards(shuffled_deck(f"{seed}-compare-{i}")).split()
        n = 2 + i % 8
        data = {"board": deck[:5], "hands": [deck[5 + 2 * k : 7 + 2 * k] for k in range(n)]}
        meta = {"section": "2.5", "source": f"seeded random (shuffled_deck('{seed}-compare-{i}'))"}
        yield Vector("compare", f"random-{i:05d}", data, expectation(partial(showdown_winners, data)), meta)


def hand_cases(random_count: int = 1500, seed: int = SEED) -> Iterator[Vector]:
    """The ``hand`` runner's cases (``pyholdem.conformance.hand_cases``)."""
    from pyholdem.conformance.hand_cases import hand_cases as generate

    return generate(random_count, seed)


def tournament_cases(random_count: int = 240, seed: int = SEED) -> Iterator[Vector]:
    """The ``tournament`` runner's cases (``pyholdem.conformance.tournament_cases``)."""
    from pyholdem.conformance.tournament_cases import tournament_cases as generate

    return generate(random_count, seed)


def declaration_cases(random_count: int = 400, seed: int = SEED) -> Iterator[Vector]:
    """The ``declarations`` runner's cases (``pyholdem.conformance.declaration_cases``, spec 11)."""
    from pyholdem.conformance.declaration_cases import declaration_cases as generate

    return generate(random_count, seed)


def live_cases(random_count: int = 300, seed: int = SEED) -> Iterator[Vector]:
    """The ``live`` runner's cases (``pyholdem.conformance.live_cases``, spec 10)."""
    from pyholdem.conformance.live_cases import live_cases as generate

    return generate(random_count, seed)


def equity_cases(random_count: int | None = None) -> Iterator[Vector]:
    """The ``equity`` runner's cases (``pyholdem.conformance.equity_cases``, §13.7): every row of the
    preflop table, or ``random_count`` rows spread evenly over it."""
    from pyholdem.conformance.equity_cases import equity_cases as generate

    return generate(rows=random_count)


GENERATORS: dict[str, Callable[..., Iterator[Vector]]] = {
    "evaluate": evaluate_cases,
    "compare": compare_cases,
    "pots": pots_cases,
    "hand": hand_cases,
    "tournament": tournament_cases,
    "declarations": declaration_cases,
    "live": live_cases,
    "equity": equity_cases,
}


def all_worked_cases(runner: str | None = None) -> Iterator[WorkedCase]:
    """Every worked case of the chosen runner (default: all), in the order its vectors are written."""
    from pyholdem.conformance import declaration_cases, equity_cases, hand_cases, live_cases, tournament_cases

    tables: dict[str, Callable[[], Iterator[WorkedCase]]] = {
        "evaluate": lambda: iter(WORKED_HANDS),
        "compare": lambda: iter(WORKED_SHOWDOWNS),
        "pots": lambda: iter(WORKED_POTS),
        "declarations": lambda: iter(declaration_cases.WORKED),
        "tournament": lambda: iter(tournament_cases.WORKED),
        "hand": hand_cases.worked,
        "live": live_cases.worked,
        "equity": lambda: iter(equity_cases.WORKED),
    }
    for name, cases in tables.items():
        if runner is None or runner == name:
            yield from cases()


def spec_expectation(runner: str, data: dict[str, Any]) -> dict[str, Any]:
    """A case's expectation as its vector states it, from the spec engine (the pure oracle)."""
    from pyholdem.conformance import declaration_cases, equity_cases, hand_cases, live_cases, tournament_cases

    oracles: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
        "evaluate": lambda d: expectation(lambda: evaluation(d)),
        "compare": lambda d: expectation(lambda: showdown_winners(d)),
        "pots": lambda d: expectation(lambda: settle(d)),
        "hand": hand_cases.expect_of,
        "declarations": declaration_cases.expect_of,
        "tournament": tournament_cases.expect_of,
        "live": live_cases.expect_of,
        "equity": equity_cases.expect_of,
    }
    return oracles[runner](data)


def all_vectors(runners: Sequence[str] | None = None) -> Iterator[Vector]:
    """Every case of the chosen runners (default: every runner with a generator)."""
    for runner, generate in GENERATORS.items():
        if runners is None or runner in runners:
            yield from generate()

"""The ``tournament`` runner: spec 09's calculators as conformance cases (``vectors/formats/tournament.md``).

Each case names a ``function`` (payouts, table sizes, balancing, breaking, chip race, bust order,
hand-for-hand places, ICM …), the rule-set ``rules`` it runs under (the fields that differ from the
default) and its ``args`` in JSON. ``answer`` computes the result with the executable spec; it is
both the oracle that writes the vectors and pyholdem's answer through the self adapter (the
tournament rules have no C twin). Only deterministic readings are written: draws that depend on
pyholdem's random generator are not asked of other implementations.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from pyholdem.conformance.vectors import Vector
from pyholdem.conformance.worked_cases import WorkedCase
from pyholdem.errors import PyHoldemError, RuleViolation
from pyholdem.rules.ruleset import RuleSet, load_rules, preset
from pyholdem.spec.cards import cards, format_cards, shuffled_deck
from pyholdem.spec.tournament import (
    Place,
    balance_move,
    break_table,
    chip_race,
    finish_hand,
    hand_for_hand_places,
    icm_values,
    initial_table_sizes,
    payout_amounts,
    places_paid,
    prize_pool,
    propose_deal,
    shared_prizes,
)

SEED = 20261201


def _rules(data: Mapping[str, Any]) -> RuleSet:
    changes = data.get("rules") or {}
    if not isinstance(changes, Mapping):
        raise RuleViolation(f"rules {changes!r} is not an object of rule-set fields", "0.5")
    return load_rules(changes)


def _place(place: Place) -> int | list[int]:
    return place if isinstance(place, int) else list(place)


def _places(places: Mapping[Any, Place]) -> list[list[Any]]:
    return [[player, _place(place)] for player, place in places.items()]


def _tables(rows: Sequence[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    return {
        row["table"]: {
            "seats": {int(seat): player for seat, player in row["seats"].items()},
            "button": row.get("button"),
            "big_blind": row.get("big_blind"),
        }
        for row in rows
    }


def _fraction(value: Fraction | float) -> str:
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def _payouts(rules: RuleSet, a: Mapping[str, Any]) -> dict[str, Any]:
    amounts = payout_amounts(a["prize_pool"], rules, unit=a.get("unit", 1), entrants=a.get("entrants"))
    return {"amounts": list(amounts)}


def _prize_pool(rules: RuleSet, a: Mapping[str, Any]) -> dict[str, Any]:
    pool, fees = prize_pool(
        a["entries"],
        a["buy_in"],
        rules,
        rebuys=a.get("rebuys", 0),
        addons=a.get("addons", 0),
        addon_price=a.get("addon_price", 0),
    )
    return {"prize_pool": pool, "house_fees": fees}


def _balance(rules: RuleSet, a: Mapping[str, Any]) -> dict[str, Any]:
    known = cards(a["cards"]) if a.get("cards") is not None else None
    move = balance_move(_tables(a["tables"]), rules, cards=known)
    return {"move": list(move) if move is not None else None}


def _break(rules: RuleSet, a: Mapping[str, Any]) -> dict[str, Any]:
    tables = _tables(a["tables"])
    plan = break_table(tables, rules, order=a.get("order"))
    if plan is None:
        return {"broken": None, "receiving": {}}
    broken = next(n for n, t in tables.items() if next(iter(plan)) in t["seats"].values())
    receiving: dict[str, int] = {}
    for table, _seat in plan.values():
        receiving[str(table)] = receiving.get(str(table), 0) + 1
    return {"broken": broken, "receiving": dict(sorted(receiving.items(), key=lambda kv: int(kv[0])))}


def _chip_race(rules: RuleSet, a: Mapping[str, Any]) -> dict[str, Any]:
    stacks = {int(seat): stack for seat, stack in a["stacks"].items()}
    after = chip_race(stacks, a["removed"], a["new"], cards(a["cards"]), rules, button=a.get("button"))
    return {"stacks": {str(seat): stack for seat, stack in sorted(after.items())}}


def _bust_order(rules: RuleSet, a: Mapping[str, Any]) -> dict[str, Any]:
    start = dict(a["start_stacks"])
    end = dict(a["end_stacks"])
    places = finish_hand(start, end, rules, rebuying=a.get("rebuying", ()), remaining=a.get("remaining"))
    return {"places": _places(places)}


def _hand_for_hand(rules: RuleSet, a: Mapping[str, Any]) -> dict[str, Any]:
    busts = {table: players for table, players in a["busts"]}
    stacks = dict(a["start_stacks"]) if a.get("start_stacks") is not None else None
    return {"places": _places(hand_for_hand_places(busts, a["remaining"], rules, start_stacks=stacks))}


def _icm(rules: RuleSet, a: Mapping[str, Any]) -> dict[str, Any]:
    result = icm_values(a["stacks"], a["prizes"], method="exact")
    deal = propose_deal(dict(enumerate(a["stacks"])), a["prizes"], "icm", unit=a.get("unit", 1))
    return {
        "values": [_fraction(v) for v in result.values],
        "deal": [deal[i] for i in range(len(a["stacks"]))],
    }


def _shared(rules: RuleSet, a: Mapping[str, Any]) -> dict[str, Any]:
    amounts = shared_prizes(a["payouts"], a["players"], a["best_place"], unit=a.get("unit", 1))
    return {"amounts": [amounts[p] for p in a["players"]]}


FUNCTIONS: dict[str, tuple[str, Callable[[RuleSet, Mapping[str, Any]], dict[str, Any]]]] = {
    "prize_pool": ("9.1", _prize_pool),
    "payouts": ("9.12", _payouts),
    "places_paid": ("9.24", lambda rules, a: {"places": places_paid(a["entrants"], rules)}),
    "table_sizes": ("9.14", lambda rules, a: {"sizes": list(initial_table_sizes(a["entrants"], rules))}),
    "balance_move": ("9.15", _balance),
    "break_table": ("9.16", _break),
    "chip_race": ("9.18", _chip_race),
    "bust_order": ("9.9", _bust_order),
    "hand_for_hand_places": ("9.11", _hand_for_hand),
    "icm": ("9.19", _icm),
    "shared_prizes": ("9.21", _shared),
}


def answer(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ``tournament`` runner's result for one case, from the executable spec."""
    name = data.get("function")
    if name not in FUNCTIONS:
        raise RuleViolation(f"unknown tournament function {name!r}; known: {', '.join(FUNCTIONS)}", "9.1")
    return FUNCTIONS[name][1](_rules(data), data.get("args") or {})


def expect_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The vector's expectation from the executable spec: the result, or the refusal."""
    try:
        return {"result": answer(data)}
    except PyHoldemError as exc:
        return {"error": {"kind": exc.kind, "section": exc.section}}


def _worked(
    case: str,
    function: str,
    args: dict[str, Any],
    rules: RuleSet | None = None,
    note: str = "",
    worked: dict[str, Any] | None = None,
) -> WorkedCase:
    changes = {k: list(v) if isinstance(v, tuple) else v for k, v in (rules or RuleSet()).changes().items()}
    changes = {k: [list(p) for p in v] if k == "payout_fixed" else v for k, v in changes.items()}
    data = {"function": function, "rules": changes, "args": args}
    return WorkedCase("tournament", case, FUNCTIONS[function][0], data, note or case, worked)


def _vector(c: WorkedCase) -> Vector:
    meta = {"section": c.section, "description": c.description}
    return Vector("tournament", c.case, c.input, expect_of(c.input), meta)


def _case(
    case: str, function: str, args: dict[str, Any], rules: RuleSet | None = None, note: str = ""
) -> Vector:
    return _vector(_worked(case, function, args, rules, note))


def _table_rows(sizes: Sequence[int], rng: random.Random, max_seats: int = 10) -> list[dict[str, Any]]:
    rows = []
    for t, n in enumerate(sizes, 1):
        seats = sorted(rng.sample(range(1, max_seats + 1), n))
        row: dict[str, Any] = {"table": t, "seats": {str(s): f"T{t}S{s}" for s in seats}}
        row["button"] = rng.choice(seats)
        row["big_blind"] = rng.choice(seats)  # every table has dealt: no random seat is drawn
        rows.append(row)
    return rows


def _result(**fields: Any) -> dict[str, Any]:
    return {"result": fields}


def _refused(section: str) -> dict[str, Any]:
    return {"error": {"kind": "RuleViolation", "section": section}}


def _worked_table() -> tuple[WorkedCase, ...]:
    """The worked examples of spec 09 and the seeds, with the answers they work by hand."""
    sng, event = preset("seed_002_sng_addon"), preset("seed_001_event")
    t1 = {"table": 1, "seats": {str(s): f"A{s}" for s in range(1, 10)}, "button": 2, "big_blind": 4}
    t2 = {"table": 2, "seats": {str(s): f"B{s}" for s in (1, 2, 3, 5, 6, 8, 9)}, "button": 1, "big_blind": 3}
    rows = [
        {"table": t, "seats": {str(s): f"T{t}S{s}" for s in range(1, n + 1)}, "button": n, "big_blind": 2}
        for t, n in ((1, 9), (2, 5), (3, 2))
    ]
    race = {"stacks": {"1": 1025, "2": 2050, "3": 575, "4": 3050}, "removed": 25, "new": 100}
    two = {
        "start_stacks": [["Ann", 300], ["Bob", 1200], ["Cy", 1500]],
        "end_stacks": [["Ann", 0], ["Bob", 0], ["Cy", 3000]],
    }
    h4h = {"busts": [[1, ["Ann"]], [4, ["Bob", "Cy"]]], "remaining": 49}
    stacks = [["Ann", 2000], ["Bob", 1500], ["Cy", 900]]
    return (
        _worked(
            "payouts-seed-000-ten-at-20",
            "payouts",
            {"prize_pool": 200},
            note="10 x $20 at 60/25/15",
            worked=_result(amounts=[120, 50, 30]),
        ),
        _worked(
            "payouts-seed-002-360",
            "payouts",
            {"prize_pool": 360},
            sng,
            "$30 third, 70 % of the balance",
            _result(amounts=[231, 99, 30]),
        ),
        _worked("payouts-seed-002-287", "payouts", {"prize_pool": 287}, sng, "$179.90 rounded up for first"),
        _worked(
            "payouts-fixed-above-pool",
            "payouts",
            {"prize_pool": 20},
            sng,
            "fixed $30 above a $20 pool",
            _refused("9.12"),
        ),
        _worked(
            "payouts-unit-100",
            "payouts",
            {"prize_pool": 2300, "unit": 100},
            worked=_result(amounts=[1500, 500, 300]),
        ),
        _worked("payouts-not-a-unit", "payouts", {"prize_pool": 2350, "unit": 100}, worked=_refused("9.13")),
        _worked("payouts-137-seed-001", "payouts", {"prize_pool": 2740, "entrants": 137}, event),
        _worked(
            "prize-pool-seed-001-fee",
            "prize_pool",
            {"entries": 1, "buy_in": 200},
            event,
            worked=_result(prize_pool=200, house_fees=20),
        ),
        _worked(
            "places-paid-137-seed-001",
            "places_paid",
            {"entrants": 137},
            event,
            worked=_result(places=20),
        ),
        _worked("places-paid-20-seed-000", "places_paid", {"entrants": 20}, preset("seed_000_home_nl")),
        _worked(
            "table-sizes-14",
            "table_sizes",
            {"entrants": 14},
            note="14 players sit 7 and 7",
            worked=_result(sizes=[7, 7]),
        ),
        _worked("table-sizes-10-nine-seats", "table_sizes", {"entrants": 10}, RuleSet(max_seats=9)),
        _worked(
            "balance-tda-11a",
            "balance_move",
            {"tables": [t1, t2]},
            note="next big blind to the worst position",
            worked=_result(move=[1, "A5", 2, 4]),
        ),
        _worked(
            "balance-high-card",
            "balance_move",
            {"tables": [t1, t2], "cards": ["2c", "3d", "4h", "5s", "6c", "7d", "8h", "9s", "Ah"]},
            RuleSet(balance_mover="high_card_draw"),
        ),
        _worked(
            "break-9-5-2",
            "break_table",
            {"tables": rows},
            note="tables of 9, 5 and 2 end as 9 and 7",
            worked=_result(broken=3, receiving={"2": 2}),
        ),
        _worked(
            "chip-race-seed-001",
            "chip_race",
            {**race, "cards": ["2c", "Ah", "7d", "7s", "Kc", "3h", "9d", "5s"]},
            worked=_result(stacks={"1": 1000, "2": 2100, "3": 600, "4": 3000}),
        ),
        _worked(
            "chip-race-wrong-cards", "chip_race", {**race, "cards": ["Ks", "Qh"]}, worked=_refused("9.18")
        ),
        _worked(
            "chip-race-nobody-raced-out",
            "chip_race",
            {
                "stacks": {"1": 525, "2": 1025, "3": 25},
                "removed": 25,
                "new": 100,
                "cards": ["Qs", "4d", "Jh"],
            },
            worked=_result(stacks={"1": 600, "2": 1000, "3": 100}),
        ),
        _worked(
            "bust-order-two-on-one-hand",
            "bust_order",
            two,
            note="ordered by starting stack",
            worked=_result(places=[["Bob", 2], ["Ann", 3]]),
        ),
        _worked("bust-order-multi-table", "bust_order", {**two, "remaining": 40}),
        _worked("hand-for-hand-tda-rp-8a", "hand_for_hand_places", h4h),
        _worked(
            "hand-for-hand-seed-001",
            "hand_for_hand_places",
            {**h4h, "start_stacks": stacks},
            event,
        ),
        _worked(
            "icm-three-players",
            "icm",
            {"stacks": [50, 30, 20], "prizes": [50, 30, 20]},
            worked=_result(values=["1075/28", "131/4", "202/7"], deal=[38, 33, 29]),
        ),
        _worked(
            "shared-three-at-fourth",
            "shared_prizes",
            {"payouts": [1000, 600, 400, 300, 250], "players": ["Ann", "Bob", "Cy"], "best_place": 4},
        ),
    )


WORKED = _worked_table()


def worked_cases() -> Iterator[Vector]:
    """The worked examples of spec 09 and the seeds, as vectors."""
    return (_vector(c) for c in WORKED)


def random_cases(count: int, seed: int = SEED) -> Iterator[Vector]:
    """Seeded random cases of every function, expectations from the spec."""
    rng = random.Random(seed)
    for i in range(count):
        kind = i % 8
        name = f"random-{i:04d}"
        if kind == 0:
            places = rng.randint(1, 6)
            weights = sorted((rng.randint(1, 20) for _ in range(places)), reverse=True)
            pct = [max(1, w * 100 // sum(weights)) for w in weights]
            pct[0] += 100 - sum(pct)
            rules = RuleSet(
                payout_percentages=tuple(pct),
                payout_rounding=rng.choice(["floor_rest_to_first", "nearest_unit"]),
            )
            unit = rng.choice([1, 5, 100])
            yield _case(name, "payouts", {"prize_pool": rng.randint(0, 500) * unit, "unit": unit}, rules)
        elif kind == 1:
            rules = RuleSet(
                places_paid_rule=rng.choice(["seed_000_table", "field_percent"]),
                places_paid_percent=rng.randint(10, 20),
            )
            entrants = rng.randint(2, 400)
            yield _case(name, "payouts", {"prize_pool": entrants * 20, "entrants": entrants}, rules)
        elif kind == 2:
            yield _case(
                name, "table_sizes", {"entrants": rng.randint(1, 500)}, RuleSet(max_seats=rng.randint(2, 10))
            )
        elif kind == 3:
            sizes = [rng.randint(1, 10) for _ in range(rng.randint(2, 6))]
            mover = rng.choice(["next_big_blind", "high_card_draw"])
            args: dict[str, Any] = {"tables": _table_rows(sizes, rng)}
            if mover == "high_card_draw":
                args["cards"] = format_cards(shuffled_deck(rng.getrandbits(32))[:10]).split()
            yield _case(name, "balance_move", args, RuleSet(balance_mover=mover))
        elif kind == 4:
            sizes = [rng.randint(1, 9) for _ in range(rng.randint(2, 5))]
            yield _case(name, "break_table", {"tables": _table_rows(sizes, rng, 9)}, RuleSet(max_seats=9))
        elif kind == 5:
            seats = rng.randint(2, 9)
            stacks = {str(s): rng.randint(0, 40) * 100 + 25 * rng.randint(0, 3) for s in range(1, seats + 1)}
            odd = sum(v % 100 // 25 for v in stacks.values())
            deck = format_cards(shuffled_deck(rng.getrandbits(32))[: odd + rng.choice([0, 0, 0, 1])]).split()
            rules = RuleSet(chip_race_start=rng.choice(["seat_1", "dealer_left"]))
            button = rng.randint(1, seats)
            yield _case(
                name,
                "chip_race",
                {"stacks": stacks, "removed": 25, "new": 100, "cards": deck, "button": button},
                rules,
            )
        elif kind == 6:
            n = rng.randint(2, 9)
            chips = [rng.choice([100, 200, 300, 500]) for _ in range(n)]
            start = [[f"P{j}", c] for j, c in enumerate(chips)]
            end = [[p, 0 if rng.random() < 0.5 else s] for p, s in start]
            if all(s == 0 for _, s in end):
                end[0][1] = sum(chips)
            rules = RuleSet(multi_bust_equal=rng.choice(["share", "seat_order"]))
            yield _case(
                name,
                "bust_order",
                {"start_stacks": start, "end_stacks": end, "remaining": rng.randint(n, 60)},
                rules,
            )
        else:
            n = rng.randint(2, 6)
            prizes = sorted((rng.randint(0, 100) for _ in range(rng.randint(1, n))), reverse=True)
            yield _case(name, "icm", {"stacks": [rng.randint(1, 5000) for _ in range(n)], "prizes": prizes})


def tournament_cases(random_count: int = 240, seed: int = SEED) -> Iterator[Vector]:
    """Every ``tournament`` case: the worked examples, then ``random_count`` seeded ones."""
    yield from worked_cases()
    yield from random_cases(random_count, seed)

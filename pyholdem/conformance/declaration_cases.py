"""The ``declarations`` runner's cases (spec 11): a betting context, words and chips → the action.

Worked cases follow the examples of spec 11 and the seeds; seeded random cases draw contexts,
words and chips. Expectations come from the oracle (``pyholdem.spec.declarations.interpret``);
the schema is ``vectors/formats/declarations.md``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from pyholdem.conformance.vectors import Vector
from pyholdem.conformance.worked_cases import WorkedCase
from pyholdem.errors import PyHoldemError
from pyholdem.rules.ruleset import load_rules
from pyholdem.spec.declarations import WORDS, BetContext, interpret, returned_chips

SEED = 20240601
_CONTEXT_KEYS = (
    "current_bet",
    "player_bet",
    "stack",
    "min_raise",
    "opening_bet",
    "heads_up",
    "pot_max_to",
    "capped",
    "last_full_bet",
)


def read_declaration(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ``declarations`` runner's answer from the oracle (§11.1–§11.10)."""
    rules = load_rules(dict(data.get("rules") or {}))
    context = data["context"]
    if not isinstance(context, dict) or not set(context) <= set(_CONTEXT_KEYS):
        raise KeyError(f"context keys must be drawn from {', '.join(_CONTEXT_KEYS)}")
    ctx = BetContext(**context)
    said = data.get("said")
    chips = data.get("chips", [])
    reading = interpret(
        ctx,
        rules,
        said=tuple(said) if isinstance(said, list) else said,
        chips=chips,
        said_first=data.get("said_first", True),
        undercall_ruling=data.get("undercall_ruling", "call"),
    )
    pushed = sum(chips)
    return {
        "action": list(reading.action) if reading.action is not None else None,
        "allowed": sorted(reading.allowed),
        "section": reading.section,
        "forfeited": reading.forfeited,
        "returned": returned_chips(reading.action, pushed, ctx, reading.forfeited),
    }


def expect_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The vector's expectation from the oracle: the reading, or the refusal."""
    try:
        return {"result": read_declaration(data)}
    except PyHoldemError as exc:
        return {"error": {"kind": exc.kind, "section": exc.section}}


def _case(
    context: dict[str, Any],
    said: list[Any] | None = None,
    chips: tuple[int, ...] = (),
    *,
    rules: dict[str, Any] | None = None,
    said_first: bool = True,
    ruling: str = "call",
) -> dict[str, Any]:
    return {
        "rules": rules or {},
        "context": context,
        "said": said,
        "chips": list(chips),
        "said_first": said_first,
        "undercall_ruling": ruling,
    }


def _ctx(current: int, player: int, stack: int, min_raise: int, **more: Any) -> dict[str, Any]:
    return {"current_bet": current, "player_bet": player, "stack": stack, "min_raise": min_raise, **more}


def _worked(
    case: str, section: str, source: str, data: dict[str, Any], worked: dict[str, Any] | None = None
) -> WorkedCase:
    return WorkedCase("declarations", case, section, data, worked=worked, source=source)


def _binds(kind: str, amount: int, **more: Any) -> dict[str, Any]:
    """The action a declaration binds to as the source works it out, and any more fields stated."""
    return {"result": {"action": [kind, amount], **more}}


def _refused(kind: str) -> dict[str, Any]:
    return {"error": {"kind": kind, "section": "11.1"}}


FL = {"betting_structure": "fixed_limit"}
WORKED: tuple[WorkedCase, ...] = (
    _worked(
        "raise-eight-thousand",
        "11.1",
        "TDA 43B",
        _case(_ctx(2000, 0, 50000, 2000), ["raise", 8000]),
        worked=_binds("raise", 8000),
    ),
    _worked(
        "tap-is-a-check",
        "11.1",
        "seed 002 rule 4",
        _case(_ctx(0, 0, 5000, 100), ["tap", None]),
        worked=_binds("check", 0),
    ),
    _worked(
        "words-first-bind",
        "11.1",
        "TDA 40",
        _case(_ctx(400, 0, 9000, 400), ["raise", None], (1000,)),
        worked=_binds("raise", 1000),
    ),
    _worked(
        "chips-first-bind",
        "11.1",
        "TDA 40",
        _case(_ctx(400, 0, 9000, 400), ["raise", None], (1000,), said_first=False),
        worked=_binds("call", 400, returned=600),
    ),
    _worked(
        "bill-chips-alone-refused",
        "11.1",
        "seed 000, Bill",
        _case(_ctx(10, 0, 500, 10), None, (10, 10), rules={"preset": "seed_000_bill_limit"}),
        worked=_refused("RuleViolation"),
    ),
    _worked(
        "capped-raise-is-a-call",
        "11.1",
        "§5.4",
        _case(_ctx(50, 10, 500, 10, capped=True), ["raise", None], rules=FL),
        worked=_binds("call", 50),
    ),
    _worked(
        "complete-short-all-in",
        "11.1",
        "§7.4",
        _case(_ctx(14, 0, 500, 10, last_full_bet=10), ["complete", None], rules=FL),
    ),
    _worked(
        "oversized-chip-call",
        "11.2",
        "seed 002 rule 8",
        _case(_ctx(10, 0, 500, 10), None, (25,)),
        worked=_binds("call", 10, section="11.2", returned=15, forfeited=0, allowed=[]),
    ),
    _worked(
        "oversized-chip-raise",
        "11.2",
        "seed 002 rule 8",
        _case(_ctx(10, 0, 500, 10), ["raise", None], (25,)),
        worked=_binds("raise", 25),
    ),
    _worked(
        "tda-45-1a-call",
        "11.3",
        "TDA 45 addendum",
        _case(_ctx(1100, 0, 20000, 600), None, (500, 1000)),
        worked=_binds("call", 1100, section="11.3"),
    ),
    _worked(
        "tda-45-1b-raise",
        "11.3",
        "TDA 45 addendum",
        _case(_ctx(1100, 0, 20000, 600), None, (1000, 100, 100, 100, 100, 100)),
        worked=_binds("raise", 1700),
    ),
    _worked(
        "tda-61-raise",
        "11.3",
        "TDA 61",
        _case(_ctx(325, 0, 10000, 325), None, (500, 25)),
        worked=_binds("raise", 650),
    ),
    _worked(
        "limit-half-bet-raise",
        "11.3",
        "seed 002 appendix",
        _case(_ctx(10, 0, 500, 10), None, (5, 5, 5), rules=FL),
        worked=_binds("raise", 20),
    ),
    _worked(
        "limit-under-half-call",
        "11.3",
        "seed 002 appendix",
        _case(_ctx(10, 0, 500, 10), None, (10, 1, 1, 1, 1), rules=FL),
        worked=_binds("call", 10),
    ),
    _worked(
        "undercall-opening-bet",
        "11.5",
        "TDA 51 addendum 1",
        _case(_ctx(8000, 0, 50000, 8000, opening_bet=8000), None, (2000,), ruling="fold"),
        worked=_binds("call", 8000),
    ),
    _worked(
        "undercall-ruled-fold",
        "11.5",
        "TDA 51 addendum 2",
        _case(_ctx(8000, 0, 50000, 6000, opening_bet=2000), None, (2000,), ruling="fold"),
        worked=_binds("fold", 0, forfeited=2000, returned=0),
    ),
    _worked(
        "undercall-heads-up",
        "11.5",
        "TDA 51 addendum 4",
        _case(_ctx(8000, 0, 50000, 6000, opening_bet=2000, heads_up=True), None, (2000,), ruling="fold"),
        worked=_binds("call", 8000),
    ),
    _worked(
        "fourteen-hundred-is-a-call",
        "11.6",
        "TDA 43A",
        _case(_ctx(1000, 0, 9000, 1000), [None, 1400]),
        worked=_binds("call", 1000),
    ),
    _worked("raise-below-minimum", "11.6", "§11.9", _case(_ctx(1000, 0, 9000, 1000), ["raise", 500])),
    _worked(
        "call-facing-no-bet",
        "11.10",
        "TDA 55",
        _case(_ctx(0, 0, 5000, 400), ["call", None]),
        worked=_binds("check", 0),
    ),
    _worked(
        "check-facing-a-bet",
        "11.10",
        "TDA 55",
        _case(_ctx(400, 0, 5000, 400), ["check", None]),
        worked={"result": {"action": None, "allowed": ["call", "fold"]}},
    ),
    _worked("pot-in-no-limit", "11.10", "TDA 54D", _case(_ctx(0, 0, 5000, 400), ["pot", None])),
    _worked(
        "unknown-word-refused",
        "11.1",
        "§11.1",
        _case(_ctx(0, 0, 5000, 400), ["shove", None]),
        worked=_refused("IllegalAction"),
    ),
    _worked(
        "chips-above-stack-refused",
        "11.1",
        "§11.1",
        _case(_ctx(0, 0, 100, 400), None, (500,)),
        worked=_refused("IllegalAction"),
    ),
)

_STRUCTURES: tuple[dict[str, Any], ...] = (
    {},
    FL,
    {"betting_structure": "pot_limit"},
    {"preset": "seed_000_bill_limit"},
    {"chip_unit": 25},
)


def _random_case(rng: random.Random) -> dict[str, Any]:
    current = rng.choice((0, rng.randint(1, 2000)))
    context = _ctx(current, rng.randint(0, current), rng.randint(1, 5000), rng.randint(1, 800))
    if rng.random() < 0.5:
        context["opening_bet"] = rng.randint(1, 2000)
    if rng.random() < 0.3:
        context["heads_up"] = True
    if rng.random() < 0.2:
        context["capped"] = True
    if rng.random() < 0.3:
        context["last_full_bet"] = rng.randint(0, current)
    rules = rng.choice(_STRUCTURES)
    if rules.get("betting_structure") == "pot_limit":
        context["pot_max_to"] = current + rng.randint(0, 6000)
    word = rng.choice((None, *WORDS))
    amount = rng.choice((None, rng.randint(1, 9000)))
    said = None if word is None and amount is None else [word, amount]
    chips = tuple(rng.choice((1, 5, 25, 100, 500, 1000)) for _ in range(rng.randint(0, 4)))
    return _case(
        context,
        said,
        chips,
        rules=rules,
        said_first=rng.random() < 0.5,
        ruling=rng.choice(("call", "fold")),
    )


def declaration_cases(random_count: int = 400, seed: int = SEED) -> Iterator[Vector]:
    """Worked declarations of spec 11 and seeded random ones."""
    for c in WORKED:
        meta = {"section": c.section, "source": c.source}
        yield Vector("declarations", c.case, c.input, expect_of(c.input), meta)
    for i in range(random_count):
        rng = random.Random(f"{seed}-declarations-{i}")
        data = _random_case(rng)
        meta = {"section": "11.1", "source": f"seeded random (random.Random('{seed}-declarations-{i}'))"}
        yield Vector("declarations", f"random-{i:05d}", data, expect_of(data), meta)

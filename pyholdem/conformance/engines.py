"""The engines and evaluators ``pyholdem conformance report`` checks: how to start each one's
adapter, the version checked (the ``conformance`` extra pins it), the runners it answers and, for a
hand engine, what it can play (``Profile``): the differential hands are drawn inside it, under a
rule set that mirrors the engine's own choices, so that nothing it cannot express is ever failed.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyholdem.errors import PyHoldemError

ADAPTERS = "pyholdem.conformance.adapters"
EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples" / "adapters"


class UnknownEngine(PyHoldemError, ValueError):
    """An engine name that the registry does not know."""


@dataclass(frozen=True)
class Profile:
    """What a hand engine can play: the differential hands are drawn within these bounds.

    ``rules`` is the vector's rule-set object (a preset and field changes) that mirrors the engine;
    ``blinds`` and ``stack`` fix what the engine fixes (``None``: any); ``equal_stacks`` when it
    gives every player one starting stack; ``short_stacks`` when a stack may be shorter than the
    big blind; ``limit_players`` the most players it deals fixed-limit; ``raises`` is ``"any"`` or
    ``"all_in"`` (an engine whose only free-sized raise is all-in: the others are its own
    abstractions of the pot); ``straddles`` only with ``rules`` that allow them (§3.16).
    """

    rules: dict[str, Any]
    structures: tuple[str, ...] = ("no_limit",)
    players: tuple[int, int] = (2, 9)
    blinds: tuple[tuple[int, int], ...] = ((1, 2), (5, 10), (50, 100))
    stack: int | None = None
    equal_stacks: bool = False
    antes: bool = False
    straddles: bool = False
    raises: str = "any"
    short_stacks: bool = True
    limit_players: int = 10


@dataclass(frozen=True)
class Engine:
    """One implementation: its adapter program and what it can express."""

    name: str
    title: str
    distribution: str
    module: str
    kind: str
    runners: tuple[str, ...]
    expresses: str
    adapter: str = ""
    script: Path | None = None
    profile: Profile | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
    samples: dict[str, int] = field(default_factory=dict)
    """Runners whose vectors the report runs only a spread of: ``{"equity": 24}`` runs 24 of the
    preflop table's rows, first and last included (the whole table takes hours through an engine)."""

    def command(self) -> list[str]:
        if self.script is not None:
            return [sys.executable, str(self.script)]
        return [sys.executable, "-m", f"{ADAPTERS}.{self.adapter}"]

    def installed(self) -> bool:
        return importlib.util.find_spec(self.module) is not None

    def unchecked(self) -> str:
        """Why the engine cannot be checked here (its package is missing), or ``""``."""
        if not self.installed():
            return f"{self.distribution} is not installed (pip install 'pyholdem[conformance]')"
        return ""

    def pinned(self) -> str:
        """The version the ``conformance`` extra pins (``pyproject.toml``)."""
        return PINS[self.name]


PINS = {
    "treys": "0.1.8",
    "deuces": "0.2.1",
    "eval7": "0.1.11",
    "phevaluator": "0.6.0",
    "holdem-hand-evaluator": "0.4.1",
    "poker-equity": "0.1.1",
    "pokerkit": "0.7.7",
    "open-spiel": "2.0.2",
    "rlcard": "1.2.0",
    "texasholdem": "0.11.0",
    "pypokerengine": "1.0.1",
    "clubs": "0.1.4",
}

EVALUATION = ("evaluate", "compare")
EQUITY_SAMPLE = 24

# texasholdem's call after a short blind is what was posted (its Pot.chips_to_call); a pot's odd
# chips all go to the first winner left of the button (its settle, "WSOP Rule 73"); all-in raises
# that add up to its last raise become it (its _previous_all_in_sum, "WSOP 2021 Rule 96")
TEXASHOLDEM: dict[str, Any] = {
    "preset": "tda_2024_cash",
    "changes": {
        "short_blind_call_amount": "posted_amount",
        "odd_chip_rule": "left_of_button_whole_chip",
        "min_raise_rule": "cumulative_short_allins",
    },
}
# RLCard's limit cap counts raises, not bets: the big blind is not one of its four (allowed_raise_num)
RLCARD: dict[str, Any] = {"preset": "tda_2024_cash", "changes": {"fl_cap_counts_blinds": False}}
PYPOKERENGINE: dict[str, Any] = {"preset": "tda_2024_cash", "changes": {}}
# clubs counts raises, not bets: the big blind is not one of the four (its street_raises)
CLUBS: dict[str, Any] = {"preset": "tda_2024_cash", "changes": {"fl_cap_counts_blinds": False}}
# ACPC reopens the betting on any raise and never lifts the limit cap heads-up
OPEN_SPIEL: dict[str, Any] = {
    "preset": "tda_2024_cash",
    "changes": {"reopen_rule_big_bet": "any_raise", "fl_cap_lifted_heads_up": "never"},
}


def _evaluator(name: str, title: str, module: str, adapter: str, expresses: str) -> Engine:
    return Engine(name, title, name, module, "evaluator", EVALUATION, expresses, adapter=adapter)


ENGINES: dict[str, Engine] = {
    e.name: e
    for e in (
        _evaluator("treys", "treys", "treys", "treys_adapter", "five to seven cards; its own class numbers"),
        _evaluator(
            "deuces", "deuces", "deuces", "deuces_adapter", "five to seven cards; its own class numbers"
        ),
        _evaluator(
            "eval7", "eval7", "eval7", "eval7_adapter", "five to seven cards; a strength and a category name"
        ),
        _evaluator(
            "phevaluator",
            "phevaluator (PokerHandEvaluator)",
            "phevaluator",
            "phevaluator_adapter",
            "five to seven cards; its own class numbers",
        ),
        _evaluator(
            "holdem-hand-evaluator",
            "holdem-hand-evaluator",
            "holdem_hand_evaluator",
            "holdem_hand_evaluator_adapter",
            "five to seven cards; a strength",
        ),
        Engine(
            "poker-equity",
            "poker-equity",
            "poker-equity",
            "poker_equity",
            "evaluator",
            (*EVALUATION, "equity"),
            "five to seven cards (its `high` kernel); showdowns through its exact equity enumeration, "
            "and the preflop table (§13.7) through the same enumeration, one deal of each suit pattern "
            f"(the report runs {EQUITY_SAMPLE} of its 14,365 rows, spread evenly, and its two refusals)",
            adapter="poker_equity_adapter",
            samples={"equity": EQUITY_SAMPLE},
        ),
        Engine(
            "pokerkit",
            "pokerkit",
            "pokerkit",
            "pokerkit",
            "hand engine",
            ("evaluate", "compare", "hand"),
            "no-limit, pot-limit and fixed-limit hold'em from PHH fields: any stacks, blinds, antes and "
            "straddles; its own rule choices whatever the vector's rule set",
            script=EXAMPLES / "pokerkit_adapter.py",
            profile=Profile(
                {"preset": "pokerkit_0_7"},
                structures=("no_limit", "pot_limit", "fixed_limit"),
                antes=True,
                straddles=True,
            ),
        ),
        Engine(
            "open-spiel",
            "OpenSpiel universal_poker",
            "open-spiel",
            "pyspiel",
            "hand engine",
            ("hand",),
            "no-limit and limit hold'em as ACPC games with a small and a big blind, stacks that cover "
            "them (deep stacks in limit, where ACPC has none) and at most four limit players (more "
            "exit the process); no antes, straddles, pot limit or table set-ups. It offers no fold when "
            "checking is free: the adapter reports that fold as allowed (§6.1), and a history that makes "
            "it is not expressible",
            adapter="open_spiel_adapter",
            profile=Profile(
                OPEN_SPIEL, structures=("no_limit", "fixed_limit"), short_stacks=False, limit_players=4
            ),
        ),
        Engine(
            "texasholdem",
            "texasholdem",
            "texasholdem",
            "texasholdem",
            "hand engine",
            ("hand",),
            "no-limit hold'em with a small and a big blind, any stacks; no antes, no straddles, no pot "
            "or fixed limit, no table set-ups",
            adapter="texasholdem_adapter",
            profile=Profile(TEXASHOLDEM),
        ),
        Engine(
            "rlcard",
            "RLCard (limit and no-limit hold'em)",
            "rlcard",
            "rlcard",
            "hand engine",
            ("hand",),
            "no-limit hold'em with a small and a big blind and stacks that cover them, raising only half "
            "the pot, the pot or all-in (its smallest raise is left unstated: `min_to` is not compared); "
            "limit hold'em without stacks (deep stacks only), a big bet twice the small one; no antes, "
            "straddles, pot limit or table set-ups",
            adapter="rlcard_adapter",
            profile=Profile(
                RLCARD, structures=("no_limit", "fixed_limit"), short_stacks=False, raises="all_in"
            ),
        ),
        Engine(
            "pypokerengine",
            "PyPokerEngine",
            "PyPokerEngine",
            "pypokerengine",
            "hand engine",
            ("hand",),
            "no-limit hold'em with a big blind of twice the small one, one ante for every player and "
            "stacks that cover them; no straddles, pot or fixed limit, or table set-ups",
            adapter="pypokerengine_adapter",
            profile=Profile(
                PYPOKERENGINE, blinds=((1, 2), (5, 10), (50, 100)), short_stacks=False, antes=True
            ),
        ),
        Engine(
            "clubs",
            "clubs",
            "clubs",
            "clubs",
            "hand engine",
            ("hand",),
            "no-limit, pot-limit and fixed-limit hold'em (at most four raises a street) with a small "
            "and a big blind, antes and stacks that cover them; no straddles or table set-ups. It offers "
            "no fold when checking is free (reported as allowed, §6.1; such a fold is not expressible), "
            "and it gives all-in players turns the adapter passes",
            adapter="clubs_adapter",
            profile=Profile(
                CLUBS,
                structures=("no_limit", "pot_limit", "fixed_limit"),
                short_stacks=False,
                antes=True,
            ),
        ),
    )
}


def engine(name: str) -> Engine:
    try:
        return ENGINES[name]
    except KeyError:
        raise UnknownEngine(
            f"engine {name!r} is not one of {', '.join(sorted(ENGINES))} (docs/conformance)", "0.1"
        ) from None

"""Whole hands settle identically with the C resolver and with the spec (section 8.10).

The spec engine settles with the spec's ``resolve_pots`` only (the oracle never calls C); these
tests put the C resolver in its place and check that every hand comes out the same.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import RuleSet
from pyholdem.engine import hand as hand_module
from pyholdem.native.settlement import resolve_pots as c_resolve_pots
from pyholdem.spec import showdown
from pyholdem.spec.showdown import resolve_pots as spec_resolve_pots
from tests.test_hand_properties import hand_setups, play


def test_8_10_spec_hand_settles_with_the_spec_resolver(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return spec_resolve_pots(*args, **kwargs)

    monkeypatch.setattr(showdown, "resolve_pots", spy)
    h = hand_module.Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=3, engine="spec")
    while not h.is_over:
        h.call() if h.legal_actions().call is not None else h.check()
    assert len(calls) == 1 and h.result is not None


@settings(max_examples=40)
@given(hand_setups(), st.integers())
def test_8_10_c_and_spec_resolvers_give_the_same_hand(setup: dict, rng_seed: int) -> None:
    setup = {**setup, "engine": "spec"}
    with_spec = play(setup, random.Random(rng_seed))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(showdown, "resolve_pots", c_resolve_pots)
        with_c = play(setup, random.Random(rng_seed))
    assert with_c.result == with_spec.result
    assert with_c.events == with_spec.events


def test_8_10_totals_beyond_int64_settle_on_the_spec() -> None:
    big = 2**63
    settlement = spec_resolve_pots([big, big], [False, False], [3, 3], 0, dead=[1, 0])
    assert settlement.payouts == (big, big + 1)
    h = hand_module.Hand(RuleSet(), [big, big], button=0, blinds=(1, 2), seed=1, engine="auto")
    h.all_in()
    h.call()
    assert h.is_over and sum(h.result.stacks) == 2 * big

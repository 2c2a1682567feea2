"""The legal actions a spec-engine hand offers (kept between actions) against §6.1's ``legal_actions``
recomputed from the state, over random hands with short all-ins, caps and chip units."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import Hand, RuleSet
from pyholdem.spec.betting import legal_actions
from tests.test_hand_properties import hand_setups, make, random_action

NL_VARIANTS = st.fixed_dictionaries(
    {
        "betting_structure": st.sampled_from(["no_limit", "no_limit", "pot_limit", "fixed_limit"]),
        "nl_raise_cap": st.sampled_from([None, None, 1, 2]),
        "nl_min_bet": st.sampled_from(["big_blind", "min_chip"]),
    }
)


def _with_variants(setup: dict, variants: dict) -> dict:
    return {**setup, "rules": setup["rules"].replace(**variants), "engine": "spec"}


@settings(max_examples=80)
@given(hand_setups(), NL_VARIANTS, st.integers())
def test_6_1_offered_legal_actions_equal_the_spec(setup: dict, variants: dict, rng_seed: int) -> None:
    setup = _with_variants(setup, variants)
    h, ref = make(setup), make({**setup, "engine": "auto"})
    rng, ref_rng = random.Random(rng_seed), random.Random(rng_seed)
    for _ in range(400):
        assert h.to_act == ref.to_act
        if h.is_over:
            break
        assert h.legal_actions() == ref.legal_actions() == legal_actions(h.state, h.rules)
        random_action(h, rng)
        random_action(ref, ref_rng)
    assert h.is_over and ref.is_over
    assert h.events == ref.events and h.result == ref.result and h.state == ref.state


def test_7_2_legal_actions_after_short_all_ins() -> None:
    """Many short stacks: seats often face short all-ins that do not reopen the betting (§7.2)."""
    rng = random.Random(7)
    not_reopened = 0
    for rules in (
        RuleSet(),
        RuleSet(reopen_rule_big_bet="full_raise_single"),
        RuleSet(nl_min_bet="min_chip"),
    ):
        for seed in range(150):
            stacks = [rng.choice([30, 120, 170, 260, 400, 2000]) for _ in range(rng.randint(2, 9))]
            h = Hand(rules, stacks, button=seed % len(stacks), blinds=(25, 50), seed=seed, engine="spec")
            while not h.is_over:
                legal = legal_actions(h.state, h.rules)
                assert h.legal_actions() == legal
                seat = legal.seat
                not_reopened += h.state.acted[seat] and legal.min_raise_to is None and legal.call is not None
                if legal.min_raise_to is not None and rng.random() < 0.4:
                    h.all_in() if rng.random() < 0.5 else h.act(
                        "bet" if legal.is_bet else "raise", legal.min_raise_to
                    )
                elif legal.call is not None and rng.random() < 0.8:
                    h.call()
                elif legal.check:
                    h.check()
                else:
                    h.fold()
    assert not_reopened > 20


def test_5_12_offered_bounds_are_accepted_with_a_chip_unit_and_odd_stacks() -> None:
    """Odd all-ins must not make legal_actions offer an amount §5.12 then refuses (§5.1)."""
    rng = random.Random(11)
    for structure in ("no_limit", "pot_limit"):
        rules = RuleSet(chip_unit=25, betting_structure=structure)
        for seed in range(60):
            stacks = [rng.choice([137, 190, 260, 333, 2000]) for _ in range(rng.randint(2, 7))]
            h = Hand(rules, stacks, button=seed % len(stacks), blinds=(25, 50), seed=seed, engine="spec")
            while not h.is_over:
                legal = legal_actions(h.state, h.rules)
                assert h.legal_actions() == legal
                kind = "bet" if legal.is_bet else "raise"
                if legal.min_raise_to is not None:
                    for amount in (legal.min_raise_to, legal.max_raise_to):
                        h.copy().act(kind, amount)
                    if rng.random() < 0.5:
                        h.act(kind, legal.min_raise_to)
                        continue
                h.check() if legal.check else h.call()

"""The generated cases: pyholdem's fast paths equal to the oracle on every vector, the set-up vectors."""

from __future__ import annotations

import pytest

from pyholdem.conformance.answers import ANSWERS
from pyholdem.conformance.cases import GENERATORS
from pyholdem.conformance.runner import judge
from pyholdem.errors import PyHoldemError

# the whole preflop table would take the fast path half an hour: test_equity_vectors.py samples it
SAMPLED = {"equity": 12}


@pytest.mark.parametrize("runner", sorted(GENERATORS))
def test_fast_paths_agree_with_every_vector(runner: str) -> None:
    answer = ANSWERS[runner]
    failures = []
    for v in GENERATORS[runner](**({"random_count": SAMPLED[runner]} if runner in SAMPLED else {})):
        try:
            reply = {"result": answer(dict(v.input))}
        except PyHoldemError as exc:
            reply = {"error": {"kind": exc.kind, "section": exc.section}}
        outcome = judge(v, reply)
        expected_error = (
            {k: v.expect["error"][k] for k in ("kind", "section")} if "error" in v.expect else None
        )
        if outcome.status != "passed" or (expected_error and reply["error"] != expected_error):
            failures.append((v.id, outcome.reason, reply))
    assert not failures, failures[:5]


def test_3_20_set_up_vectors_give_a_setup_object_and_replay_on_the_tables_seats() -> None:
    from pyholdem.conformance.hand_cases import SETUP_CASES, SETUP_SEEDS, hand_cases, play_vector, setup_hand

    found = {v.case: v for v in hand_cases(random_count=0) if v.case.startswith("setup-")}
    assert len(found) == len(SETUP_CASES) * SETUP_SEEDS + 1
    for case, _, _, fields in SETUP_CASES:
        for k in range(SETUP_SEEDS):
            vector = found[f"{case}-{k}"]
            setup = vector.input["setup"]
            assert set(setup) >= {"seat_count", "seats", "button", "blinds", "posts"}
            hand = setup_hand(fields, k)
            seats = [s - 1 for s in setup["seats"]]
            assert vector.expect["result"]["finishing_stacks"] == [hand.result.stacks[s] for s in seats]
            assert play_vector(dict(vector.input), engine="native") == vector.expect["result"]
    example = found["setup-3-20-example-0"].input["setup"]
    assert example["button"] == 2 and example["seats"] == [3, 4, 6, 1]
    assert example["posts"][1] == {"player": "p3", "kind": "small_blind", "amount": 50, "dead": True}
    assert example["sitting_out"] == [{"seat": 5, "stack": 800}]
    first = found["setup-3-20-example-0"].expect["result"]["legal"][0]
    assert (first["actor"], first["call"], first["min_to"]) == ("p2", 100, 200)  # seat 3, as in §3.20


def test_12_12_a_malformed_setup_object_is_refused() -> None:
    from pyholdem.conformance.hand_cases import hand_cases, play_vector

    vector = next(v for v in hand_cases(random_count=0) if v.case == "setup-dead-button-0")
    for bad in ({"seats": [1]}, {"posts": "p1 big_blind 10"}, {"extra": 1}, {"sitting_out": [{"seat": 3}]}):
        data = dict(vector.input)
        data["setup"] = {**data["setup"], **bad}
        with pytest.raises(PyHoldemError) as info:
            play_vector(data)
        assert info.value.section in ("12.12", "12.4"), (bad, info.value)

"""``simulate``: hands in bulk on the C engine are the hands ``Hand`` plays, hand by hand.

Each hand ``i`` of ``simulate(..., seed=s)`` is compared with ``Hand`` dealt from ``hand_seed(s, i)`` and
played by the policy's pure Python twin ``policy.player(s, i)`` (``pyholdem.engine.policies``): the
actions played, each seat's net, the showdown flag and the chips in the pots. The set-ups cover every
preset, the three betting structures, a chip unit, antes, a straddle, short stacks and a dead button;
the spec engine (the oracle) plays a subset too. Then the fast deck, thread-count invariance, recorded
hands, and the refusals of bad arguments (and of bad input to the C entry points, which must not crash).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import (
    PRESETS,
    AlwaysCall,
    ForcedPost,
    Hand,
    HandSetup,
    NativeError,
    RandomPolicy,
    RuleSet,
    RuleViolation,
    SimulationError,
    StreetPolicy,
    preset,
    simulate,
)
from pyholdem.engine.policies import SplitMix64, fast_cards, fast_deal, hand_seed, play, stream
from pyholdem.engine.setup import setup_from_arguments
from pyholdem.history.phh import HandHistory
from pyholdem.history.sessions import simulated_history
from pyholdem.native.lib import ffi, lib
from pyholdem.native.shuffle import CARDS
from pyholdem.spec.cards import shuffled_deck as spec_shuffled_deck

STREETS = StreetPolicy((0.2, 0.5, 0.3), (0.1, 0.6, 0.3), (0.3, 0.4, 0.3), (0.25, 0.25, 0.5))
POLICIES = [RandomPolicy(), STREETS, AlwaysCall()]


def _setups() -> dict[str, HandSetup]:
    found = {}
    for name in PRESETS:
        found[name] = setup_from_arguments(
            preset(name), [300, 2000, 45, 1000, 800], button=1, blinds=(10, 20), antes=2
        )
    found["pot_limit"] = setup_from_arguments(
        RuleSet(betting_structure="pot_limit"), [500, 3000, 90, 1500], button=3, blinds=(10, 20)
    )
    found["fixed_limit_chip_unit"] = setup_from_arguments(
        RuleSet(betting_structure="fixed_limit", chip_unit=5), [400, 55, 1000], button=0, blinds=(5, 10)
    )
    found["chip_unit_25"] = setup_from_arguments(
        RuleSet(chip_unit=25), [1000, 1010, 5000, 730], button=2, blinds=(25, 50)
    )
    found["straddle"] = setup_from_arguments(
        preset("seed_003_general"), [2000] * 6, button=0, blinds=(10, 20), straddles=(40,)
    )
    found["heads_up"] = setup_from_arguments(RuleSet(), [700, 1300], button=0, blinds=(50, 100))
    found["dead_button"] = HandSetup(
        RuleSet(),
        (1000, 0, 1000, 1000),
        button=1,
        blinds=(5, 10),
        seats=("in", "empty", "in", "in"),
        posts=(
            ForcedPost(2, "big_blind", 10),
            ForcedPost(3, "small_blind", 5, live=False),
            ForcedPost(3, "extra_blind", 10),
        ),
    )
    return found


SETUPS = _setups()


def python_loop(
    setup: HandSetup,
    n: int,
    policy: Any,
    seed: int,
    *,
    first: int = 0,
    engine: str = "auto",
    deck: str = "standard",
) -> list[tuple[int, tuple[int, ...], bool, int]]:
    """Hands first .. first + n - 1 played through ``Hand`` by the Python twin of ``policy``."""
    rows = []
    for i in range(first, first + n):
        if deck == "standard":
            hand = Hand(_with(setup, seed=hand_seed(seed, i)), engine=engine)
        else:
            holes, _, board = fast_deal(seed, i, setup.in_hand)
            cards = tuple(None if h is None else (CARDS[h[0]], CARDS[h[1]]) for h in holes)
            board_cards = tuple(CARDS[c] for c in board)
            hand = Hand(
                _with(setup, seed=hand_seed(seed, i), hole_cards=cards, board=board_cards), engine=engine
            )
        actions = play(hand, policy.player(seed, i))
        result = hand.result
        assert result is not None
        rows.append((actions, result.net, result.showdown, sum(p.amount for p in result.pots)))
    return rows


def _with(setup: HandSetup, **changes: object) -> HandSetup:
    import dataclasses

    return dataclasses.replace(setup, **changes)  # type: ignore[arg-type]


def rows_of(
    result: Any, first: int = 0, n: int | None = None
) -> list[tuple[int, tuple[int, ...], bool, int]]:
    end = len(result.actions) if n is None else first + n
    return [
        (int(result.actions[i]), tuple(result.net[i].tolist()), bool(result.showdown[i]), int(result.pots[i]))
        for i in range(first, end)
    ]


# ------------------------------------------------------------------ the same hands as Hand


@pytest.mark.parametrize("name", sorted(SETUPS))
@pytest.mark.parametrize("policy", POLICIES, ids=["random", "streets", "call"])
def test_simulate_plays_the_hands_hand_plays(name: str, policy: Any) -> None:
    setup, seed = SETUPS[name], 1000 + len(name)
    result = simulate(setup, 120, policy=policy, seed=seed)
    assert rows_of(result) == python_loop(setup, 120, policy, seed)


def test_simulate_six_max_thousands_of_hands() -> None:
    result = simulate(RuleSet(), 2000, [10_000] * 6, button=0, blinds=(50, 100), seed=2026)
    setup = setup_from_arguments(RuleSet(), [10_000] * 6, button=0, blinds=(50, 100))
    assert rows_of(result) == python_loop(setup, 2000, RandomPolicy(), 2026)
    assert result.net.dtype == np.int64 and result.net.shape == (2000, 6)
    assert (
        result.showdown.dtype == bool and result.actions.dtype == np.int32 and result.pots.dtype == np.int64
    )
    assert (result.net.sum(axis=1) == 0).all()
    assert result.showdown.mean() > 0.5  # the benchmark's policy reaches most showdowns


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1, 2**32, 2**40 + 7, 2**64 - 1])
def test_simulate_seeds_of_every_key_length(seed: int) -> None:
    """The C key of ``hand_seed(seed, i)`` has 1, 2 or 3 words; each is Python's."""
    setup = SETUPS["tda_2024"]
    result = simulate(setup, 30, seed=seed)
    assert rows_of(result) == python_loop(setup, 30, RandomPolicy(), seed)


@pytest.mark.parametrize(
    "name", ["tda_2024", "pot_limit", "fixed_limit_chip_unit", "straddle", "dead_button"]
)
def test_simulate_agrees_with_the_spec_engine(name: str) -> None:
    setup, seed = SETUPS[name], 77
    result = simulate(setup, 25, policy=STREETS if name == "pot_limit" else RandomPolicy(), seed=seed)
    policy = STREETS if name == "pot_limit" else RandomPolicy()
    assert rows_of(result) == python_loop(setup, 25, policy, seed, engine="spec")


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    first=st.integers(0, 2**32 - 8),
    stacks=st.lists(st.integers(1, 3000), min_size=2, max_size=10),
    button=st.integers(0, 9),
    probabilities=st.lists(st.integers(0, 4), min_size=3, max_size=3).filter(any),
)
def test_simulate_any_table_and_street_policy(
    seed: int, first: int, stacks: list[int], button: int, probabilities: list[int]
) -> None:
    """Hypothesis: any stacks (all-ins everywhere), any hand indices (up to 2**32 - 1), street policies."""
    total = sum(probabilities)
    p = tuple(x / total for x in probabilities)
    policy = StreetPolicy(p, p[::-1], p, (p[1], p[0], p[2]))  # type: ignore[arg-type]
    setup = setup_from_arguments(RuleSet(), stacks, button=button % len(stacks), blinds=(5, 10))
    result = simulate(setup, 4, policy=policy, seed=seed, first=first, record=[first + 3])
    assert rows_of(result) == python_loop(setup, 4, policy, seed, first=first)
    assert result.records[first + 3].result.net == tuple(result.net[3].tolist())  # type: ignore[union-attr]


# ------------------------------------------------------------------ the generators and the fast deck


def test_simulate_is_registered_as_the_twin_of_the_policy_loop() -> None:
    from pyholdem.native import TWINS

    c_name, wrapper = TWINS["pyholdem.engine.policies:play"]
    assert hasattr(lib, c_name) and wrapper == "pyholdem.engine.bulk:simulate"


def test_splitmix64_twin_matches_c() -> None:
    for seed, index in [(0, 0), (1, 2), (2**64 - 1, 2**32 - 1), (123456789, 42)]:
        assert lib.ph_policy_stream(seed, index) == stream(seed, index)
        cards = ffi.new("uint8_t[52]")
        lib.ph_fast_cards(seed, index, 52, cards)
        assert list(cards) == list(fast_cards(seed, index, 52))
        assert sorted(cards) == list(range(52))
    rng = SplitMix64(0)
    assert rng.next() == 0xE220A8397B1DCDAF  # the published first output of splitmix64 from state 0
    draws = [SplitMix64(7).below(3) for _ in range(1)] + [rng.below(6) for _ in range(600)]
    assert set(draws) <= set(range(6)) and len(set(draws)) == 6
    assert all(0.0 <= rng.random() < 1.0 for _ in range(100))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 3).flatmap(
        lambda w: st.tuples(st.just(w), st.lists(st.integers(0, 2**32 - 1), min_size=w, max_size=w * 16))
    )
)
def test_1_4_shuffled_decks_side_by_side_are_the_spec_decks(case: tuple[int, list[int]]) -> None:
    """``ph_shuffled_decks`` (the standard deck of ``simulate``, 16 keys at a time) against §1.4's shuffle."""
    words, flat = case
    lanes = len(flat) // words
    flat = flat[: lanes * words]
    decks = ffi.new("uint8_t[]", 52 * lanes)
    assert lib.ph_shuffled_decks(ffi.new("uint32_t[]", flat), words, lanes, decks) == lib.PH_OK
    one = ffi.new("uint8_t[52]")
    for lane in range(lanes):
        key = flat[lane * words : (lane + 1) * words]
        assert (
            lib.ph_shuffled_deck(b"".join(w.to_bytes(4, "little") for w in key), 4 * words, one) == lib.PH_OK
        )
        assert list(decks[52 * lane : 52 * lane + 52]) == list(one)
        if key[-1] or words == 1:  # the key Python's random.Random(number) seeds with: no zero top word
            number = sum(w << (32 * k) for k, w in enumerate(key))
            assert tuple(CARDS[c] for c in one) == spec_shuffled_deck(number)


def test_1_4_shuffled_decks_past_the_eagerly_twisted_words() -> None:
    """The lanes' first 96 words are twisted for all lanes at once; about one deck in 300 draws more
    outputs than that and goes on word by word: 4,096 keys (9 such decks) against ``ph_shuffled_deck``."""
    one, decks = ffi.new("uint8_t[52]"), ffi.new("uint8_t[]", 52 * lib.PH_SHUFFLE_LANES)
    for first in range(0, 4096, lib.PH_SHUFFLE_LANES):
        keys = [(first + lane) * 2654435761 % 2**32 for lane in range(lib.PH_SHUFFLE_LANES)]
        assert lib.ph_shuffled_decks(ffi.new("uint32_t[]", keys), 1, len(keys), decks) == lib.PH_OK
        for lane, key in enumerate(keys):
            assert lib.ph_shuffled_deck(key.to_bytes(4, "little"), 4, one) == lib.PH_OK
            assert list(decks[52 * lane : 52 * lane + 52]) == list(one)


def test_shuffled_decks_refuses_bad_arguments() -> None:
    keys, decks = ffi.new("uint32_t[]", 48), ffi.new("uint8_t[]", 52 * 16)
    bad = lib.PH_ERR_ARGUMENT
    assert lib.ph_shuffled_decks(keys, 3, lib.PH_SHUFFLE_LANES, decks) == lib.PH_OK
    for words, lanes in [(0, 1), (4, 1), (1, 0), (1, 17), (1, -1)]:
        assert lib.ph_shuffled_decks(keys, words, lanes, decks) == bad
    assert (
        lib.ph_shuffled_decks(ffi.NULL, 1, 1, decks) == bad
        and lib.ph_shuffled_decks(keys, 1, 1, ffi.NULL) == bad
    )


@pytest.mark.parametrize("name", ["tda_2024", "fixed_limit_chip_unit", "dead_button", "heads_up"])
def test_simulate_fast_deck_is_the_hand_of_its_cards(name: str) -> None:
    setup = SETUPS[name]
    result = simulate(setup, 150, seed=5, deck="fast")
    assert rows_of(result) == python_loop(setup, 150, RandomPolicy(), 5, deck="fast")
    again = simulate(setup, 150, seed=5, deck="fast", threads=3)
    assert np.array_equal(result.net, again.net) and np.array_equal(result.pots, again.pots)
    standard = simulate(setup, 150, seed=5)
    assert not np.array_equal(result.net, standard.net)  # another deck: other cards win


def test_simulate_fast_deck_deals_distinct_cards_uniformly() -> None:
    counts = np.zeros(52, dtype=np.int64)
    for i in range(400):
        holes, burns, board = fast_deal(9, i, (True,) * 6)
        dealt = [c for h in holes if h is not None for c in h] + [*burns, *board]
        assert len(set(dealt)) == 20
        counts[dealt[0]] += 1
    assert counts.min() >= 1  # 400 first cards cover the deck


# ------------------------------------------------------------------ threads


@pytest.mark.parametrize("deck", ["standard", "fast"])
def test_simulate_is_the_same_for_any_thread_count(deck: str) -> None:
    setup = SETUPS["seed_003_general"]
    one = simulate(setup, 1001, seed=31, deck=deck)
    for threads in (2, 3, 7, 64):
        many = simulate(setup, 1001, seed=31, deck=deck, threads=threads)
        for name in ("net", "showdown", "actions", "pots"):
            assert np.array_equal(getattr(one, name), getattr(many, name)), (threads, name)


# ------------------------------------------------------------------ recorded hands


def test_simulate_records_chosen_hands_as_hands_and_histories() -> None:
    setup = SETUPS["tda_2024"]
    result = simulate(setup, 50, seed=3, record=[0, 17, 49], policy=STREETS)
    assert sorted(result.records) == [0, 17, 49]
    for i, hand in result.records.items():
        twin = Hand(_with(setup, seed=hand_seed(3, i)))
        play(twin, STREETS.player(3, i))
        assert hand.is_over and hand.events == twin.events and hand.result == twin.result
        assert hand.result is not None and hand.result.net == tuple(result.net[i].tolist())
    history = simulated_history(result, 17)
    assert isinstance(history, HandHistory)
    assert history.starting_stacks is not None
    with pytest.raises(SimulationError, match=r"record: hand 3 was not recorded"):
        simulated_history(result, 3)


def test_simulate_records_fast_deck_hands() -> None:
    setup = SETUPS["heads_up"]
    result = simulate(setup, 20, seed=8, deck="fast", record=[4])
    hand = result.records[4]
    holes, _, board = fast_deal(8, 4, setup.in_hand)
    assert hand.deal.holes == tuple((CARDS[a], CARDS[b]) for a, b in holes)  # type: ignore[misc]
    assert hand.deal.board == tuple(CARDS[c] for c in board)


def test_simulate_without_a_seed_draws_one_and_returns_it() -> None:
    result = simulate(SETUPS["heads_up"], 10)
    assert 0 <= result.seed < 2**64
    assert np.array_equal(simulate(SETUPS["heads_up"], 10, seed=result.seed).net, result.net)
    assert simulate(SETUPS["heads_up"], 0, seed=1).net.shape == (0, 2)


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"n_hands": -1}, r"n_hands -1 is not a number of hands"),
        ({"n_hands": 2.5}, r"n_hands 2.5 is not"),
        ({"n_hands": True}, r"n_hands True is not"),
        ({"n_hands": 2**32 + 1}, r"n_hands 4294967297 is not a number of hands in 0..4294967296"),
        ({"threads": 0}, r"threads 0 is not a number of threads in 1..64"),
        ({"threads": 65}, r"threads 65 is not a number of threads in 1..64"),
        ({"threads": "2"}, r"threads '2' is not"),
        ({"seed": -1}, r"seed -1 is not an int in 0..2\*\*64 - 1"),
        ({"seed": 2**64}, r"seed 18446744073709551616 is not"),
        ({"seed": "x"}, r"seed 'x' is not"),
        ({"deck": "quick"}, r"deck 'quick' is not one of 'standard', 'fast'"),
        ({"policy": "random"}, r"policy 'random' is not one of RandomPolicy, StreetPolicy, AlwaysCall"),
        ({"record": [10]}, r"record: 10 is not a hand index in 0..9"),
        ({"first": -1}, r"first -1 is not a hand index with first \+ n_hands \(10\) <= 4294967296"),
        ({"first": 2**32 - 9}, r"first 4294967287 is not a hand index"),
        ({"record": [-1]}, r"record: -1 is not a hand index"),
        ({"record": "0"}, r"record '0' is not a list of hand indices"),
    ],
)
def test_simulate_refuses_bad_arguments(arguments: dict[str, Any], message: str) -> None:
    call = {"n_hands": 10, "seed": 1, **arguments}
    with pytest.raises(SimulationError, match=message) as raised:
        simulate(SETUPS["heads_up"], **call)
    assert raised.value.section is None


@pytest.mark.parametrize(
    ("street", "message"),
    [
        ((0.5, 0.6, 0.1), r"policy StreetPolicy.flop \(0.5, 0.6, 0.1\) sums to 1.2, not 1"),
        ((-0.1, 0.6, 0.5), r"has a negative or infinite probability"),
        ((math.nan, 0.5, 0.5), r"has a negative or infinite probability"),
        ((0.5, 0.5), r"is not three probabilities"),
        (("a", 0.5, 0.5), r"is not three probabilities"),
    ],
)
def test_street_policy_refuses_bad_probabilities(street: Any, message: str) -> None:
    with pytest.raises(SimulationError, match=message):
        StreetPolicy((0, 1, 0), street, (0, 1, 0), (0, 1, 0))


def test_simulate_refuses_set_ups_it_cannot_play() -> None:
    with pytest.raises(SimulationError, match=r"setup: simulate deals every hand from its seed"):
        simulate(_with(SETUPS["heads_up"], seed=3), 5, seed=1)
    with pytest.raises(SimulationError, match=r"setup: simulate deals every hand"):
        simulate(RuleSet(), 5, [100, 100], button=0, blinds=(1, 2), board="AsKsQs", seed=1)
    with pytest.raises(SimulationError, match=r"takes no stacks or set-up keywords"):
        simulate(SETUPS["heads_up"], 5, [100, 100], seed=1)
    with pytest.raises(NativeError, match=r"a sleeper is posted \(§3.17\)"):
        simulate(RuleSet(sleeper_allowed=True), 5, [1000] * 4, button=0, blinds=(5, 10), sleeper=3, seed=1)
    with pytest.raises(NativeError, match=r"an amount is 1152921504606846976 chips or more"):
        simulate(RuleSet(), 5, [2**61, 100], button=0, blinds=(1, 2), seed=1)
    with pytest.raises(RuleViolation, match=r"button 7 is not a seat in 0..1 \(§3.1\)"):
        simulate(RuleSet(), 5, [100, 100], button=7, blinds=(1, 2), seed=1)
    with pytest.raises(RuleViolation, match=r"§3.16"):  # a straddle the player cannot post
        simulate(
            RuleSet(straddle_allowed=True), 5, [100, 100, 100, 30], button=0, blinds=(5, 10), straddles=(40,)
        )


def test_c_entry_points_refuse_bad_input_without_crashing() -> None:
    from pyholdem.native.hand import native_rules, pack_setup

    setup = SETUPS["heads_up"]
    rules, csetup = native_rules(setup.rules), pack_setup(setup, ffi.NULL, 0, ffi.NULL)
    policy = ffi.new("ph_policy *", {"kind": lib.PH_POLICY_RANDOM})
    h, log = ffi.new("ph_hand *"), ffi.new("ph_event[]", 512)
    out = {
        "net": ffi.new("int64_t[]", 20),
        "showdown": ffi.new("uint8_t[]", 10),
        "actions": ffi.new("int32_t[]", 10),
        "pots": ffi.new("int64_t[]", 10),
    }
    done = [0]

    def call(**changes: Any) -> int:
        a = {"rules": rules, "setup": csetup, "policy": policy, "seed": 1, "deck": 0, "first": 0, "count": 10}
        a.update({"hand": h, "log": log, "log_capacity": 512, **out})
        a.update({"log_capacity" if k == "capacity" else k: v for k, v in changes.items()})
        run = ffi.new("ph_simulation *", a)
        status = int(lib.ph_simulate(run))
        done[0] = run.done
        return status

    assert call() == lib.PH_OK and done[0] == 10
    assert lib.ph_simulate(ffi.NULL) == lib.PH_ERR_ARGUMENT
    bad = lib.PH_ERR_ARGUMENT
    assert call(rules=ffi.NULL) == bad and call(setup=ffi.NULL) == bad and call(policy=ffi.NULL) == bad
    assert call(deck=2) == bad and call(first=-1) == bad and call(count=-1) == bad
    assert call(first=2**32 - 5) == bad and call(capacity=511) == bad
    for kind, fold, passive in [(3, 0, 0), (-1, 0, 0), (1, 0.7, 0.5), (1, math.nan, 1.0), (1, 0.0, 1.5)]:
        wrong = ffi.new(
            "ph_policy *", {"kind": kind, "fold_below": [fold] * 4, "passive_below": [passive] * 4}
        )
        assert call(policy=wrong) == bad
    known = ffi.new("ph_setup *", csetup[0])
    cards = ffi.new("uint8_t[]", 12)
    known.cards = cards
    assert call(setup=known) == bad
    known.cards = ffi.NULL
    known.seats = 11
    assert call(setup=known) == bad
    rng, played = ffi.new("uint64_t *"), ffi.new("int64_t *")
    assert lib.ph_policy_play(ffi.new("ph_hand *"), policy, rng, log, 512, played) == bad
    assert lib.ph_policy_play(h, policy, rng, log, 512, played) == lib.PH_OK  # a hand that is over: nothing
    assert lib.ph_policy_play(h, policy, ffi.NULL, log, 512, played) == bad
    raiser = ffi.new(
        "ph_policy *", {"kind": lib.PH_POLICY_STREETS, "fold_below": [0] * 4, "passive_below": [0] * 4}
    )
    for low, high in [(2**62, 1), (100, 50), (2**63 - 1, 2**63 - 1)]:
        broken = ffi.new("ph_hand *", h[0])  # a hand no engine made: bounds out of order or out of range
        broken.over, broken.to_act, broken.street, broken.legal_min, broken.legal_max = 0, 0, 0, low, high
        assert lib.ph_policy_play(broken, raiser, rng, log, 512, played) in (lib.PH_ERR_REFUSED, bad)

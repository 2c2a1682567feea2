"""Equity in C (ph_equity) against the spec's enumeration (§2.9) and hand-computed cases."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyholdem
from pyholdem import InvalidCards, RuleViolation
from pyholdem.spec import rankings
from pyholdem.spec.rankings import SHARE_UNIT


def c_equity(
    holes: bytes,
    players: int,
    board: bytes,
    board_count: int,
    dead: object,
    dead_count: int,
    trials: int,
    seed: int,
) -> tuple[int, Any]:
    """``ph_equity`` on one query struct: the status and the struct (its counts)."""
    from pyholdem.native import ffi, lib

    cards = [c if not isinstance(c, bytes) else ffi.from_buffer("uint8_t[]", c) for c in (holes, board, dead)]
    query = ffi.new("ph_equity_query *", {"players": players, "board_count": board_count})
    query.dead_count, query.trials, query.seed = dead_count, trials, seed
    query.holes, query.board, query.dead = cards
    return int(lib.ph_equity(query)), query


def test_2_9_decided_river_dominated_hand() -> None:
    result = pyholdem.equity(["As Kd", "Ah Qc"], board="4c 9d Th 6s 8c")
    assert (result.boards, result.wins, result.ties, result.shares) == (1, (1, 0), (0, 0), (SHARE_UNIT, 0))
    assert result.equity == (1.0, 0.0)


def test_2_9_board_plays_for_everyone() -> None:
    result = pyholdem.equity(["2c 7d", "3h 3s", "4h 4s"], board="Qs Tc Jd Ks Ah")
    assert result.ties == (1, 1, 1) and result.shares == (840, 840, 840)


def test_2_9_hand_counted_turn() -> None:
    # Ac Kc v 2d 2h on Qc Jc 3s 4d: 9 clubs, 3 tens, 3 aces, 3 kings win for AK; 26 rivers for 22.
    result = pyholdem.equity(["Ac Kc", "2d 2h"], board="Qc Jc 3s 4d")
    assert (result.boards, result.wins, result.ties) == (44, (18, 26), (0, 0))
    assert pyholdem.equity(["Ac Kc", "2d 2h"], board="Qc Jc 3s 4d", dead="9c 8c").wins == (16, 26)


def test_2_9_preflop_heads_up_is_every_board() -> None:
    result = pyholdem.equity(["As Ks", "Qd Qh"])
    assert result.boards == 1_712_304
    assert sum(result.shares) == SHARE_UNIT * result.boards
    assert [w + t for w, t in zip(result.wins, result.ties, strict=True)] != [0, 0]
    assert 0.46 < result.equity[0] < 0.47
    mirrored = pyholdem.equity(["Qd Qh", "As Ks"])
    assert mirrored.wins == result.wins[::-1] and mirrored.ties == result.ties[::-1]


CARDS = st.lists(st.integers(0, 51), min_size=11, max_size=11, unique=True)


@settings(max_examples=40)
@given(CARDS, st.integers(2, 3), st.sampled_from([4, 5]))
def test_2_9_c_matches_the_spec(cards: list[int], players: int, board_size: int) -> None:
    holes = [cards[2 * p : 2 * p + 2] for p in range(players)]
    board = cards[6 : 6 + board_size]
    dead = cards[10:11] if board_size == 4 else []
    assert pyholdem.equity(holes, board=board, dead=dead) == rankings.equity(holes, board=board, dead=dead)


def test_2_9_monte_carlo_is_repeatable_and_close() -> None:
    first = pyholdem.equity(["As Ks", "Qd Qh"], trials=200_000, seed=7)
    assert first == pyholdem.equity(["As Ks", "Qd Qh"], trials=200_000, seed=7)
    assert first.boards == 200_000 and sum(first.shares) == SHARE_UNIT * 200_000
    exact = pyholdem.equity(["As Ks", "Qd Qh"])
    assert abs(first.equity[0] - exact.equity[0]) < 0.006
    assert first != pyholdem.equity(["As Ks", "Qd Qh"], trials=200_000, seed=8)


def test_2_9_monte_carlo_on_a_river_is_exact() -> None:
    result = pyholdem.equity(["As Kd", "Ah Qc"], board="4c 9d Th 6s 8c", trials=50, seed=1)
    assert result.wins == (50, 0)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"hands": ["As Kd"]}, InvalidCards, "equity needs 2 to 10 hands, not 1"),
        ({"hands": ["As Kd"] * 11}, InvalidCards, "equity needs 2 to 10 hands, not 11"),
        ({"hands": ["As Kd", "As Qd"]}, InvalidCards, "card As appears twice"),
        ({"hands": ["As Kd", "Qd"]}, InvalidCards, "hand 1 has 1 cards, not 2"),
        ({"hands": ["As Kd", "Qd Qh"], "board": "2c 3c"}, InvalidCards, "0, 3, 4 or 5 cards, not 2"),
        ({"hands": ["As Kd", "Qd Qh"], "trials": 0}, RuleViolation, "trials must be a positive int"),
        ({"hands": ["As Kd", "Qd Qh"], "trials": 1.5}, RuleViolation, "trials must be a positive int"),
        ({"hands": ["As Kd", "Qd Qh"], "trials": 5, "seed": -1}, RuleViolation, "seed must be an int"),
        ({"hands": ["As Kd", "Qd Qh"], "trials": 5, "seed": "x"}, RuleViolation, "seed must be an int"),
    ],
)
def test_2_9_bad_equity_requests(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        pyholdem.equity(**kwargs)  # type: ignore[arg-type]


def test_2_9_c_refuses_what_python_would() -> None:
    from pyholdem.native import ffi, lib

    holes = bytes([51, 47, 43, 39])
    assert c_equity(holes, 1, b"", 0, b"", 0, 0, 0)[0] == lib.PH_ERR_CARD_COUNT
    assert c_equity(holes, 2, b"\x01\x02", 2, b"", 0, 0, 0)[0] == lib.PH_ERR_CARD_COUNT
    assert c_equity(bytes([51, 51, 43, 39]), 2, b"", 0, b"", 0, 0, 0)[0] == lib.PH_ERR_DUPLICATE_CARD
    assert c_equity(bytes([52, 50, 43, 39]), 2, b"", 0, b"", 0, 0, 0)[0] == lib.PH_ERR_CARD_RANGE
    dead = bytes(c for c in range(52) if c not in (51, 47, 43, 39))
    assert c_equity(holes, 2, b"", 0, dead[:45], 45, 0, 0)[0] == lib.PH_ERR_CARD_COUNT
    assert c_equity(holes, 2, b"", 0, ffi.NULL, 3, 0, 0)[0] == lib.PH_ERR_ARGUMENT
    assert lib.ph_equity(ffi.NULL) == lib.PH_ERR_ARGUMENT


# Counts the single-call ph_equity gave before runs were split into steps (recorded at ff69aa4).
RECORDED_RUNS = [
    (["AsKs", "QdQh"], "", "", 1, 0, (0, 1), (0, 0), (0, 2520)),
    (["AsKs", "QdQh"], "", "", 1000, 1, (455, 542), (3, 3), (1150380, 1369620)),
    (
        ["AsKs", "QdQh", "7c2d"],
        "Ts9s2h",
        "",
        5000,
        12345,
        (2660, 1786, 554),
        (0, 0, 0),
        (6703200, 4500720, 1396080),
    ),
    (
        ["AhAd", "KcKd", "2s3s", "9h9c"],
        "",
        "8c",
        70000,
        2**64 - 1,
        (35450, 11868, 12131, 10347),
        (204, 204, 204, 204),
        (89462520, 30035880, 30698640, 26202960),
    ),
    (["AhAd", "KcKd"], "2c3c4c5c", "", 300001, 42, (0, 286470), (13531, 13531), (17049060, 738953460)),
    (
        ["AhAd", "KcKd", "QsJs", "Th9h", "8d8s", "7c6c", "5h5d", "4s3s", "2c2d", "JcTc"],
        "",
        "",
        600000,
        7,
        (112490, 78881, 64004, 74231, 54052, 40676, 49915, 32738, 39046, 42962),
        (111, 111, 4956, 6160, 111, 111, 111, 111, 111, 11005),
        (
            283502772,
            198808092,
            167422752,
            194711832,
            136239012,
            102531492,
            125813772,
            82527732,
            98423892,
            122018652,
        ),
    ),
]


@pytest.mark.parametrize("step", [None, 1, 7, 4096])
@pytest.mark.parametrize(
    ("hands", "board", "dead", "trials", "seed", "wins", "ties", "shares"), RECORDED_RUNS
)
def test_2_9_monte_carlo_in_steps_counts_as_one_run(
    monkeypatch: pytest.MonkeyPatch,
    step: int | None,
    hands: list[str],
    board: str,
    dead: str,
    trials: int,
    seed: int,
    wins: tuple[int, ...],
    ties: tuple[int, ...],
    shares: tuple[int, ...],
) -> None:
    from pyholdem.native import evaluator

    if step is not None:
        monkeypatch.setattr(evaluator, "TRIALS_PER_STEP", step)
    result = pyholdem.equity(hands, board=board, dead=dead, trials=trials, seed=seed)
    assert (result.boards, result.wins, result.ties, result.shares) == (trials, wins, ties, shares)


@settings(max_examples=30)
@given(
    st.lists(st.integers(0, 51), min_size=12, max_size=12, unique=True),
    st.integers(2, 4),
    st.sampled_from([0, 3, 4]),
    st.lists(st.integers(0, 300), max_size=5),
)
def test_2_9_c_steps_equal_one_ph_equity_call(
    cards: list[int], players: int, board_size: int, steps: list[int]
) -> None:
    from pyholdem.native import ffi, lib

    holes, board = bytes(cards[: 2 * players]), bytes(cards[8 : 8 + board_size])
    trials, seed = sum(steps), cards[0] * 7919 + len(steps)
    run = ffi.new("ph_equity_run *")
    assert lib.ph_equity_start(run, holes, players, board, board_size, b"", 0, seed) == lib.PH_OK
    for step in steps:
        assert lib.ph_equity_sample(run, step) == lib.PH_OK
    if trials == 0:
        assert run.boards == 0 and list(run.shares[0:players]) == [0] * players
        return
    status, single = c_equity(holes, players, board, board_size, b"", 0, trials, seed)
    assert status == lib.PH_OK
    assert run.boards == single.boards == trials
    for counts, alone in zip(
        (run.wins, run.ties, run.shares), (single.wins, single.ties, single.shares), strict=True
    ):
        assert list(counts[0:players]) == list(alone[0:players])


def test_2_9_trials_bounded_by_what_the_share_counters_hold() -> None:
    from pyholdem.native import ffi, lib

    assert rankings.MAX_TRIALS == (2**64 - 1) // SHARE_UNIT
    assert SHARE_UNIT * rankings.MAX_TRIALS < 2**64 <= SHARE_UNIT * (rankings.MAX_TRIALS + 1)
    with pytest.raises(
        RuleViolation, match=r"trials must be a positive int up to 7_320_136_537_186_330 .*§2\.9"
    ):
        pyholdem.equity(["As Kd", "Qd Qh"], trials=rankings.MAX_TRIALS + 1, seed=1)
    with pytest.raises(RuleViolation, match=r"not 18446744073709551615"):
        pyholdem.equity(["As Kd", "Qd Qh"], trials=2**64 - 1, seed=1)
    # The C core refuses a step that would take the run past MAX_TRIALS, and changes nothing.
    run = ffi.new("ph_equity_run *")
    assert lib.ph_equity_start(run, bytes([51, 47, 43, 39]), 2, b"", 0, b"", 0, 3) == lib.PH_OK
    run.boards = rankings.MAX_TRIALS - 2
    assert lib.ph_equity_sample(run, 3) == lib.PH_ERR_ARGUMENT
    assert run.boards == rankings.MAX_TRIALS - 2 and list(run.shares[0:2]) == [0, 0]
    assert lib.ph_equity_sample(run, 2) == lib.PH_OK and run.boards == rankings.MAX_TRIALS
    assert lib.ph_equity_sample(run, 1) == lib.PH_ERR_ARGUMENT
    run.boards = 2**64 - 1  # a corrupted run: refused, not wrapped round
    assert lib.ph_equity_sample(run, 1) == lib.PH_ERR_ARGUMENT
    run.boards, run.deck[0] = 0, 52
    assert lib.ph_equity_sample(run, 1) == lib.PH_ERR_ARGUMENT
    assert lib.ph_equity_sample(ffi.NULL, 1) == lib.PH_ERR_ARGUMENT
    assert (
        c_equity(bytes([51, 47, 43, 39]), 2, b"", 0, b"", 0, rankings.MAX_TRIALS + 1, 0)[0]
        == lib.PH_ERR_ARGUMENT
    )


def test_2_9_numpy_integers_as_trials_and_seed() -> None:
    np = pytest.importorskip("numpy")
    expected = pyholdem.equity(["As Ks", "Qd Qh"], trials=1000, seed=1)
    assert pyholdem.equity(["As Ks", "Qd Qh"], trials=np.int64(1000), seed=np.uint64(1)) == expected
    for bad in (True, np.bool_(True), 2.0, "5", None.__class__):
        with pytest.raises(RuleViolation, match="trials must be"):
            pyholdem.equity(["As Ks", "Qd Qh"], trials=bad, seed=1)  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match="seed must be"):
        pyholdem.equity(["As Ks", "Qd Qh"], trials=5, seed=np.float64(1.0))  # type: ignore[arg-type]


INTERRUPTED_RUN = """
import sys
import pyholdem
print("running", flush=True)
try:
    pyholdem.equity(["As Ks", "Qd Qh"], trials=pyholdem.spec.rankings.MAX_TRIALS, seed=1)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


def test_2_9_a_long_monte_carlo_run_stops_on_ctrl_c() -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_RUN], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "running\n"
        time.sleep(0.5)  # let the run get into the C loop
        os.kill(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=120)  # a generous bound only so that a failure cannot hang
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 3, err
    assert out == "interrupted\n"

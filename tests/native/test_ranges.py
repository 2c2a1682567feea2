"""Range equity in C (csrc/ranges.c) against the spec's enumeration (§13.5), §2.9's equity, and itself
across thread counts (§13.6)."""

from __future__ import annotations

from itertools import product
from math import prod, sqrt

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import pyholdem
from pyholdem import InvalidCards, RuleViolation
from pyholdem.errors import InvalidRange
from pyholdem.native import TWINS
from pyholdem.native.lib import ffi, lib
from pyholdem.native.ranges import range_equity
from pyholdem.spec import ranges as spec
from pyholdem.spec.cards import Card, format_cards

SMALL_RANGES = ["QQ+", "AKs", "AK:0.5", "T9s", "22-44", "KQo:0.25, KQs", "AhKh, 7c7d", "JJ:0.75, ATs+"]


def test_13_5_range_equity_twin_is_registered() -> None:
    assert TWINS["pyholdem.spec.ranges:range_equity"] == (
        "ph_range_exact",
        "pyholdem.native.ranges:range_equity",
    )
    assert hasattr(lib, "ph_range_exact") and hasattr(lib, "ph_range_sample")
    assert pyholdem.range_equity is range_equity


def _close(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(abs(x - y) <= 1e-12 for x, y in zip(a, b, strict=True))


@st.composite
def small_queries(draw: st.DrawFn) -> tuple[list[str], str, str]:
    """2 or 3 players (a hand or a small range) on a river or turn board, with a dead card or not."""
    cards_ = draw(st.permutations(range(52)))
    n = draw(st.integers(2, 3))
    board_count = draw(st.sampled_from([5, 5, 4]))
    board = format_cards([Card(c) for c in cards_[:board_count]])
    dead = format_cards([Card(cards_[board_count])]) if draw(st.booleans()) else ""
    players = []
    for p in range(n):
        if draw(st.booleans()):
            players.append(format_cards([Card(cards_[6 + 2 * p]), Card(cards_[7 + 2 * p])], sep=""))
        else:
            players.append(draw(st.sampled_from(SMALL_RANGES)))
    if board_count == 4 and n == 3:
        players[2] = format_cards([Card(cards_[10]), Card(cards_[11])], sep="")
    return players, board, dead


@given(small_queries())
@settings(max_examples=25)
def test_13_5_c_exact_equals_the_spec(query: tuple[list[str], str, str]) -> None:
    players, board, dead = query
    try:
        lives, shown, _ = spec.range_equity_inputs(players, board, dead)
    except InvalidRange:
        lives, shown = ((),), ()
    # the spec values every five-card subset in Python: keep each case under a second
    assume(prod(len(live) for live in lives) * (44 if len(shown) == 4 else 1) * len(players) <= 1500)
    try:
        want = spec.range_equity(players, board, dead)
    except InvalidRange as exc:
        with pytest.raises(InvalidRange) as info:
            range_equity(players, board, dead, exact=True)
        assert str(info.value) == str(exc)
        return
    got = range_equity(players, board, dead, exact=True)
    assert (got.exact, got.deals, got.boards) == (True, want.deals, want.boards)
    assert _close(got.equity, want.equity) and _close(got.win, want.win) and _close(got.tie, want.tie)
    for threads in (2, 3):
        assert range_equity(players, board, dead, exact=True, threads=threads) == got


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["As Kd", "Ah Qc"], "4c 9d Th 6s 8c", ""),
        (["Ac Kc", "2d 2h"], "Qc Jc 3s 4d", "9c"),
        (["As Ks", "Qd Qh"], "", ""),
        (["7h 7d", "As Kc", "Jc Tc"], "2h 8c 9c", ""),
    ],
)
def test_13_5_hand_against_hand_equals_2_9_equity(hands: list[str], board: str, dead: str) -> None:
    mine = range_equity(hands, board, dead)
    theirs = pyholdem.equity(hands, board, dead)
    assert mine.exact and (mine.deals, mine.boards) == (1, theirs.boards)
    assert mine.win == theirs.win and mine.tie == theirs.tie
    assert _close(mine.equity, theirs.equity)


MC_CASES = [
    (["AsKs", "QQ+, AKs"], "Qs 7d 2c", ""),
    (["AsKs", "QQ+, AKs"], "Qs 7d 2c 5h", ""),
    (["JJ:0.5, AKs", "T9s, 22-55:0.25"], "Ts 9d 2c", "Ah"),
    (["AK", "QQ", "7h6h"], "Qs 7d 2c", ""),
    (["KK", "AA:0.2, QQ"], "2c 7d 9h", ""),
]


@pytest.mark.parametrize(("players", "board", "dead"), MC_CASES)
def test_13_6_monte_carlo_is_within_sampling_error_of_exact(
    players: list[str], board: str, dead: str
) -> None:
    trials = 100_000
    exact = range_equity(players, board, dead, exact=True)
    sample = range_equity(players, board, dead, trials=trials, seed=20261201)
    assert not sample.exact and sample.deals == trials
    tolerance = 5 * 0.5 / sqrt(trials)  # five standard errors at worst (§13.6)
    for a, b in zip(sample.equity, exact.equity, strict=True):
        assert abs(a - b) < tolerance
    for a, b in zip(sample.win, exact.win, strict=True):
        assert abs(a - b) < tolerance
    assert abs(sum(sample.equity) - 1) < 1e-12


@pytest.mark.parametrize(("players", "board", "dead"), MC_CASES)
def test_13_6_monte_carlo_is_the_same_for_any_thread_count(players: list[str], board: str, dead: str) -> None:
    trials = 3 * spec.CHUNK_TRIALS + 77
    one = range_equity(players, board, dead, trials=trials, seed=5)
    for threads in (2, 3, 4):
        assert range_equity(players, board, dead, trials=trials, seed=5, threads=threads) == one
    assert range_equity(players, board, dead, trials=trials, seed=6) != one


def test_13_6_exact_chunks_cover_every_deal_once() -> None:
    for counts, completions in [([1, 1], 1_712_304), ([4, 30], 990), ([100, 100, 3], 45_000), ([6, 2], 1)]:
        plan = list(spec.exact_chunks(counts, completions))
        covered = [
            deal
            for start, stop in plan
            for deal in product(*(range(a, b) for a, b in zip(start, stop, strict=True)))
        ]
        assert sorted(covered) == list(product(*(range(c) for c in counts)))
        bound = max(prod(b - a for a, b in zip(s, t, strict=True)) for s, t in plan) * completions
        assert bound <= max(spec.CHUNK_BOARDS, completions)
    assert len(list(spec.exact_chunks([1, 1], 1_712_304))) == 1


def test_13_6_exact_is_the_same_for_any_thread_count() -> None:
    query = (["AK:0.5, QQ", "JJ+, T9s:0.3"], "Qs 7d 2c", "")
    one = range_equity(*query, exact=True)
    assert one.exact
    assert range_equity(*query, exact=True, threads=2) == one == range_equity(*query, exact=True, threads=5)


def test_13_6_exact_when_feasible_else_monte_carlo() -> None:
    assert range_equity(["AsKs", "QQ+"], "Qs 7d 2c").exact
    assert not range_equity(["AK", "22+"], seed=1, trials=1000).exact
    result = range_equity(["AK", "QQ+, AKs, KQo"], seed=1)
    assert not result.exact and result.deals == spec.DEFAULT_TRIALS
    assert not range_equity(["AsKs", "QQ+"], "Qs 7d 2c", exact=False, seed=1).exact


def test_13_6_weights_shape_the_draw() -> None:
    # Against AA at weight 1 and KK at 0.001, a queen-high hero's equity is nearly its equity against AA.
    mixed = range_equity(["QhJh", "AA, KK:0.001"], "2c 7d 9s", trials=50_000, seed=3)
    only_aces = range_equity(["QhJh", "AA"], "2c 7d 9s", exact=True)
    assert abs(mixed.equity[0] - only_aces.equity[0]) < 0.02


def test_13_6_refusals() -> None:
    with pytest.raises(RuleViolation, match="give no trials"):
        range_equity(["AA", "KK"], exact=True, trials=10)
    with pytest.raises(RuleViolation, match="trials must be"):
        range_equity(["AA", "KK"], trials=0)
    with pytest.raises(RuleViolation, match="seed must be"):
        range_equity(["AA", "KK"], trials=5, seed=-1)
    with pytest.raises(RuleViolation, match="threads must be"):
        range_equity(["AA", "KK"], threads=0)
    with pytest.raises(RuleViolation, match="exact must be"):
        range_equity(["AA", "KK"], exact="yes")  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match="seldom fit together") as info:
        range_equity(["AA", "AA", "AA"], trials=10, seed=1)
    assert info.value.section == "13.6"
    with pytest.raises(InvalidRange, match="no deal gives every player"):
        range_equity(["AA", "AA", "AA"], board="2c 3d 4h 5s 9c")  # exact: feasible on the river
    with pytest.raises(InvalidRange, match="no deal gives every player"):
        range_equity(["AsKs", "AsKs", "QQ"], trials=10, seed=1)
    with pytest.raises(InvalidRange, match="'AKx' is not a hand"):
        range_equity(["AKx", "QQ"])
    with pytest.raises(InvalidCards):
        range_equity(["AK", "QQ"], board="2c 2c 3d")


def _query(players: int = 2, board: bytes = b"", dead: int = 0) -> tuple[object, list[object]]:
    combos = ffi.new("uint8_t[]", [51, 47, 43, 39] + [0] * 8)
    weights = ffi.new("uint16_t[]", [1000, 1000] + [1000] * 4)
    q = ffi.new("ph_range_query *")
    q.players = players
    q.board_count = len(board)
    for i, c in enumerate(board):
        q.board[i] = c
    for p in range(players + 1):
        q.first[p] = p
    q.dead = dead
    q.combos = combos
    q.weights = weights
    return q, [combos, weights]


def _chunk(lo: list[int], hi: list[int]) -> object:
    chunk = ffi.new("ph_range_chunk *")
    for p, (a, b) in enumerate(zip(lo, hi, strict=True)):
        chunk.lo[p], chunk.hi[p] = a, b
    return chunk


def _draw(seed: int, trials: int, max_attempts: int) -> object:
    draw = ffi.new("ph_range_draw *")
    draw.seed, draw.chunk, draw.trials, draw.max_attempts = seed, 0, trials, max_attempts
    return draw


def _run_c(q: object) -> tuple[int, int]:
    exact = lib.ph_range_exact(q, _chunk([0, 0], [1, 1]))
    sample = lib.ph_range_sample(q, _draw(1, 10, 10_000))
    return exact, sample


def test_13_5_c_refuses_bad_queries_at_its_boundary() -> None:
    q, keep = _query(board=bytes([0, 4, 8, 12, 16]))
    assert _run_c(q) == (lib.PH_OK, lib.PH_OK)
    q.players = 1
    assert _run_c(q) == (lib.PH_ERR_CARD_COUNT,) * 2
    q.players = 11
    assert _run_c(q) == (lib.PH_ERR_CARD_COUNT,) * 2
    q.players, q.board_count = 2, 2
    assert _run_c(q) == (lib.PH_ERR_CARD_COUNT,) * 2
    q.board_count, q.board[0] = 5, 52
    assert _run_c(q) == (lib.PH_ERR_CARD_RANGE,) * 2
    q.board[0], q.board[1] = 4, 4
    assert _run_c(q) == (lib.PH_ERR_DUPLICATE_CARD,) * 2
    q.board[0], q.board[1] = 0, 4
    keep[0][1] = 51
    assert _run_c(q) == (lib.PH_ERR_DUPLICATE_CARD,) * 2
    keep[0][1] = 200
    assert _run_c(q) == (lib.PH_ERR_CARD_RANGE,) * 2
    keep[0][1] = 47
    keep[1][0] = 0
    assert _run_c(q) == (lib.PH_ERR_ARGUMENT,) * 2
    keep[1][0] = 1001
    assert _run_c(q) == (lib.PH_ERR_ARGUMENT,) * 2
    keep[1][0] = 1000
    q.first[2] = 1
    assert _run_c(q) == (lib.PH_ERR_ARGUMENT,) * 2
    q.first[2] = 2
    q.dead = 1 << 52
    assert _run_c(q) == (lib.PH_ERR_ARGUMENT,) * 2
    q.dead = 1 << 51
    assert _run_c(q) == (lib.PH_ERR_DUPLICATE_CARD,) * 2
    q.dead = 0
    q.combos = ffi.NULL
    assert _run_c(q) == (lib.PH_ERR_ARGUMENT,) * 2
    assert lib.ph_range_exact(ffi.NULL, ffi.NULL) == lib.PH_ERR_ARGUMENT
    assert lib.ph_range_sample(ffi.NULL, ffi.NULL) == lib.PH_ERR_ARGUMENT
    q.combos = keep[0]
    assert lib.ph_range_exact(q, ffi.NULL) == lib.PH_ERR_ARGUMENT
    assert lib.ph_range_sample(q, ffi.NULL) == lib.PH_ERR_ARGUMENT


def test_13_6_c_chunk_bounds_are_checked() -> None:
    q, _keep = _query(board=bytes([0, 4, 8, 12, 16]))
    for start, stop in [([-1, 0], [1, 1]), ([1, 0], [0, 1]), ([0, 0], [2, 1]), ([0, 0], [1, 2])]:
        assert lib.ph_range_exact(q, _chunk(start, stop)) == lib.PH_ERR_ARGUMENT
    bad_memo = _chunk([0, 0], [1, 1])
    bad_memo.memo_words = -1
    assert lib.ph_range_exact(q, bad_memo) == lib.PH_ERR_ARGUMENT
    empty = _chunk([0, 0], [0, 1])
    assert lib.ph_range_exact(q, empty) == lib.PH_OK
    assert empty.deals == 0


def test_13_6_c_refuses_when_attempts_run_out_and_adds_nothing() -> None:
    q, keep = _query(board=bytes([0, 4, 8, 12, 16]))
    keep[0][2], keep[0][3] = 51, 43  # player 1's only combo shares the As with player 0's
    draw = _draw(1, 10, 50)
    assert lib.ph_range_sample(q, draw) == lib.PH_ERR_REFUSED
    assert list(draw.wins[0:2]) == [0, 0] and draw.attempts == 0


JUNK_PLAYER = st.one_of(
    st.text(max_size=12),
    st.none(),
    st.integers(-3, 60),
    st.lists(st.one_of(st.integers(-2, 60), st.text(max_size=3)), max_size=3),
    st.sampled_from(["AK", "QQ+", "AsKs", "As Kd", "72o:0.5", "AKs:0", ""]),
)


@given(
    st.one_of(st.lists(JUNK_PLAYER, max_size=4), st.none(), st.text(max_size=5), st.integers()),
    st.one_of(st.sampled_from(["", "2c 3d 4h", "2c 3d 4h 5s", "2c", "Zz"]), st.integers()),
    st.sampled_from([None, 100, 0, -1, 2.5]),
)
@settings(max_examples=150)
def test_13_5_bad_input_only_raises_typed_errors(players: object, board: object, trials: object) -> None:
    try:
        result = range_equity(players, board, trials=trials, seed=1)  # type: ignore[arg-type]
    except pyholdem.PyHoldemError as exc:
        assert exc.section is not None
        return
    assert abs(sum(result.equity) - 1) < 1e-9


@given(
    st.integers(0, 12),
    st.lists(st.integers(0, 60), min_size=24, max_size=24),
    st.lists(st.integers(0, 1100), min_size=12, max_size=12),
    st.lists(st.integers(-1, 14), min_size=11, max_size=11),
    st.sampled_from([1, 2, 3, 4, 5, 5, 6]),  # no preflop board: exact runs stay short
    st.lists(st.integers(0, 60), min_size=5, max_size=5),
    st.integers(0, (1 << 53) - 1),
)
@settings(max_examples=150)
def test_13_6_c_never_crashes_on_any_query(
    players: int,
    ids: list[int],
    weights: list[int],
    first: list[int],
    board_count: int,
    board: list[int],
    dead: int,
) -> None:
    """Any query whose counts stay inside its buffers (12 combos) is refused or answered, never a crash."""
    combos_buf = ffi.new("uint8_t[]", ids)
    weights_buf = ffi.new("uint16_t[]", weights)
    q = ffi.new("ph_range_query *")
    q.players, q.board_count, q.dead = players, board_count, dead
    for i, c in enumerate(board):
        q.board[i] = c
    for i, f in enumerate(first):
        q.first[i] = f
    q.combos, q.weights = combos_buf, weights_buf
    if players <= 10 and any(f > 12 for f in first[: players + 1]):
        return  # counts beyond the buffers: the caller's promise broken, not a case C can check
    start, stop = [0] * 10, [max(0, first[p + 1] - first[p]) if p < 10 else 0 for p in range(10)]
    status = lib.ph_range_exact(q, _chunk(start, stop))
    draw = _draw(3, 200, 200_000)
    sampled = lib.ph_range_sample(q, draw)
    assert status in (
        lib.PH_OK,
        lib.PH_ERR_CARD_RANGE,
        lib.PH_ERR_DUPLICATE_CARD,
        lib.PH_ERR_CARD_COUNT,
        lib.PH_ERR_ARGUMENT,
    )
    assert sampled in (status, lib.PH_ERR_REFUSED) or (status == lib.PH_ERR_ARGUMENT)
    if status == lib.PH_OK and sampled == lib.PH_OK:
        assert sum(draw.shares[0:players]) == 2520 * 200


INTERRUPTED_RUN = """
import sys
import pyholdem
from pyholdem.spec.rankings import MAX_TRIALS
print("running", flush=True)
try:
    if sys.argv[1] == "exact":
        pyholdem.range_equity(["22+, AK", "QQ+, AK, KQ", "JJ+, T9s"], exact=True, threads=2)
    else:
        pyholdem.range_equity(["AsKs", "QQ+"], trials=MAX_TRIALS, seed=1, threads=int(sys.argv[1]))
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@pytest.mark.parametrize("how", ["1", "2", "exact"])
def test_13_6_a_long_run_stops_on_ctrl_c(how: str) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_RUN, how],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "running\n"
        time.sleep(0.5)  # let the run get into its chunks
        os.kill(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=120)  # a generous bound only so that a failure cannot hang
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 3, err
    assert out == "interrupted\n"


# ---- §13.5 exact counts: rank multisets with the flush correction, suit-isomorphic deals counted once ----


def _one_deal_query(holes: list[int], board: list[int], dead: list[int]) -> tuple[object, list[object]]:
    players = len(holes) // 2
    combos = ffi.new("uint8_t[]", holes)
    weights = ffi.new("uint16_t[]", [1000] * players)
    q = ffi.new("ph_range_query *")
    q.players, q.board_count = players, len(board)
    for i, c in enumerate(board):
        q.board[i] = c
    for p in range(players + 1):
        q.first[p] = p
    q.dead = sum(1 << c for c in dead)
    q.combos, q.weights = combos, weights
    return q, [combos, weights]


@given(
    st.permutations(range(52)),
    st.integers(2, 4),
    st.sampled_from([0, 3, 3, 4, 4, 5]),
    st.integers(0, 3),
    st.booleans(),
)
@settings(max_examples=30, deadline=None)
def test_13_5_c_deal_counts_equal_2_9_enumeration(
    cards: list[int], players: int, board_count: int, dead_count: int, memo: bool
) -> None:
    """One deal's exact counts (§13.5) are §2.9's board-by-board enumeration (ph_equity), integer for
    integer, on every street: the rank-multiset count with its flush correction misses no board."""
    holes = cards[: 2 * players]
    board = cards[2 * players : 2 * players + board_count]
    dead = cards[2 * players + board_count : 2 * players + board_count + dead_count]
    q, _keep = _one_deal_query(holes, board, dead)
    chunk = _chunk([0] * players, [1] * players)
    scratch = ffi.new("uint64_t[]", 64)
    if memo:
        chunk.memo, chunk.memo_words = scratch, 64
    assert lib.ph_range_exact(q, chunk) == lib.PH_OK
    cards = [ffi.from_buffer("uint8_t[]", bytes(c)) for c in (holes, board, dead)]
    query = ffi.new("ph_equity_query *", {"players": players, "board_count": board_count})
    query.dead_count, query.holes, query.board, query.dead = dead_count, *cards
    assert lib.ph_equity(query) == lib.PH_OK
    wins, ties, shares, boards = query.wins, query.ties, query.shares, [query.boards]
    assert (chunk.deals, chunk.boards, chunk.weight) == (1, boards[0], float(boards[0]))
    assert list(chunk.win)[:players] == [float(w) for w in wins[0:players]]
    assert list(chunk.tie)[:players] == [float(t) for t in ties[0:players]]
    assert list(chunk.share)[:players] == [s / 2520 for s in shares[0:players]]


def _whole_run(q: object, counts: list[int], memo: object | None, words: int) -> tuple[object, ...]:
    chunk = _chunk([0] * len(counts), counts)
    if memo is not None:
        chunk.memo, chunk.memo_words = memo, words
    assert lib.ph_range_exact(q, chunk) == lib.PH_OK
    n = len(counts)
    return (*chunk.win[0:n], *chunk.tie[0:n], *chunk.share[0:n], chunk.weight, chunk.deals, chunk.boards)


def _range_query(ranges: list[str], board: str) -> tuple[object, list[int], list[object]]:
    lives, shown, _ = spec.range_equity_inputs(ranges, board, "")
    flat = [int(c) for live in lives for combo, _ in live for c in combo]
    combos = ffi.new("uint8_t[]", flat)
    weights = ffi.new("uint16_t[]", [int(w * 1000) for live in lives for _, w in live])
    q = ffi.new("ph_range_query *")
    q.players, q.board_count = len(lives), len(shown)
    for i, c in enumerate(shown):
        q.board[i] = int(c)
    for p in range(len(lives)):
        q.first[p + 1] = q.first[p] + len(lives[p])
    q.combos, q.weights = combos, weights
    return q, [len(live) for live in lives], [combos, weights]


@pytest.mark.parametrize(
    ("ranges", "board", "other_board"),
    [
        (["QQ+, AKs", "JJ, AQs:0.5", "T9s"], "2c 7c 9c", "2d 7d 9d"),
        (["AKs, AKo:0.25", "QQ+"], "Ks Kh 8d 8c", "Ks Kd 8h 8c"),
        (["AKs", "QQ", "JTs"], "Ah Kh 5h 6h 2h", "Ah Kh 5h 6c 2s"),
    ],
)
def test_13_5_c_memo_of_isomorphic_deals_changes_nothing(
    ranges: list[str], board: str, other_board: str
) -> None:
    """The counts of a deal are reused for the deals a suit permutation fixing the board maps it onto:
    the run equals the run without a memo, bit for bit; a memo left by another query is cleared."""
    q, counts, _keep = _range_query(ranges, board)
    plain = _whole_run(q, counts, None, 0)
    words = 2 + 4096 * (2 + 3 * len(counts))
    memo = ffi.new("uint64_t[]", words)
    assert _whole_run(q, counts, memo, words) == plain
    stride = 2 + 3 * len(counts)
    kept = sum(1 for e in range(4096) if memo[2 + e * stride] != 0)
    assert 0 < kept < plain[-2]  # fewer deals counted than dealt: isomorphic ones were looked up
    assert _whole_run(q, counts, memo, words) == plain  # a warm memo
    small = ffi.new("uint64_t[]", 2 + 2 * (2 + 3 * len(counts)))  # room for two deals: the rest counted
    assert _whole_run(q, counts, small, len(small)) == plain
    other, other_counts, _other_keep = _range_query(ranges, other_board)
    assert _whole_run(other, other_counts, memo, words) == _whole_run(other, other_counts, None, 0)
    assert _whole_run(q, counts, memo, words) == plain


@pytest.mark.parametrize(
    ("hands", "board"), [(["AsKs", "QdQh"], "Qs 7s 2c"), (["Ah5h", "KcKd", "9h8h"], "Th 7h 2c")]
)
def test_13_5_c_flop_counts_equal_the_spec(hands: list[str], board: str) -> None:
    """Two cards to come (the flush correction's widest case short of preflop): the spec's own
    enumeration of every five-card subset gives the same deals, boards and equities."""
    want = spec.range_equity(hands, board)
    got = range_equity(hands, board, exact=True)
    assert (got.deals, got.boards) == (want.deals, want.boards)
    assert _close(got.equity, want.equity) and _close(got.win, want.win) and _close(got.tie, want.tie)

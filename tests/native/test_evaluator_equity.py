"""Equity in C (ph_equity) against the spec's enumeration (§2.9) and hand-computed cases."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyholdem
from pyholdem import InvalidCards, RuleViolation
from pyholdem.spec import rankings
from pyholdem.spec.rankings import SHARE_UNIT


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
    from pyholdem._bindings import ffi, lib

    out = [ffi.new("uint64_t[10]") for _ in range(3)]
    boards = ffi.new("uint64_t *")
    holes = bytes([51, 47, 43, 39])
    assert lib.ph_equity(holes, 1, b"", 0, b"", 0, 0, 0, *out, boards) == lib.PH_ERR_CARD_COUNT
    assert lib.ph_equity(holes, 2, b"\x01\x02", 2, b"", 0, 0, 0, *out, boards) == lib.PH_ERR_CARD_COUNT
    assert lib.ph_equity(bytes([51, 51, 43, 39]), 2, b"", 0, b"", 0, 0, 0, *out, boards) == (
        lib.PH_ERR_DUPLICATE_CARD
    )
    assert (
        lib.ph_equity(bytes([52, 50, 43, 39]), 2, b"", 0, b"", 0, 0, 0, *out, boards) == lib.PH_ERR_CARD_RANGE
    )
    dead = bytes(c for c in range(52) if c not in (51, 47, 43, 39))
    assert lib.ph_equity(holes, 2, b"", 0, dead[:45], 45, 0, 0, *out, boards) == lib.PH_ERR_CARD_COUNT
    assert lib.ph_equity(holes, 2, b"", 0, ffi.NULL, 3, 0, 0, *out, boards) == lib.PH_ERR_ARGUMENT

"""Spec 04: dealing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import Hand, InvalidCards, RuleSet, parse_cards, shuffled_deck
from pyholdem.spec.dealing import deal_cards, exposed_all_in_hands, hole_card_order, run_out_needed


@given(st.integers(2, 10), st.data())
def test_4_2_one_card_at_a_time_from_left_of_button(n: int, data: st.DataObject) -> None:
    button = data.draw(st.integers(0, n - 1))
    order = hole_card_order(n, button)
    assert len(order) == 2 * n and order[0] == (button + 1) % n
    assert order[n - 1] == button == order[-1] and order[:n] == order[n:]


def test_4_2_hand_deals_in_that_order_from_the_seeded_deck() -> None:
    h = Hand(RuleSet(), [100] * 3, button=1, blinds=(1, 2), seed=11)
    deck = shuffled_deck(11)
    assert h.hole_cards(2) == (deck[0], deck[3])
    assert h.hole_cards(0) == (deck[1], deck[4])
    assert h.hole_cards(1) == (deck[2], deck[5])


def test_4_3_one_burn_per_street() -> None:
    deck = shuffled_deck(5)
    d = deal_cards(deck, 4, 0)
    assert d.burns == (deck[8], deck[12], deck[14])
    assert d.board == (deck[9], deck[10], deck[11], deck[13], deck[15])
    assert len({*d.burns, *d.board, *(c for h in d.holes for c in h)}) == 16


def test_4_3_fixed_cards_take_their_place_and_leave_the_deck() -> None:
    deck = shuffled_deck(5)
    holes = [parse_cards("AsAh"), (None, None), parse_cards("2c7d")]
    board = parse_cards("KdQd")
    d = deal_cards(deck, 3, 0, holes, board)
    rest = [c for c in deck if c not in {*board, *holes[0], *holes[2]}]
    assert d.holes == tuple(tuple(h) for h in holes)
    assert d.board[:2] == board and d.burns[0] == rest[0] and d.board[2] == rest[1]
    with pytest.raises(InvalidCards, match="given twice"):
        deal_cards(deck, 3, 0, holes, parse_cards("AsKd"))
    with pytest.raises(InvalidCards):
        Hand(RuleSet(), [100] * 2, button=0, blinds=(1, 2), hole_cards=["AsAh"])
    with pytest.raises(InvalidCards):
        Hand(RuleSet(), [100] * 2, button=0, blinds=(1, 2), hole_cards=["AsAhKd", "2c2d"])
    with pytest.raises(InvalidCards):
        Hand(RuleSet(), [100] * 2, button=0, blinds=(1, 2), board="2c 3c 4c 5c 6c 7c")


def test_4_4_no_rabbit_hunting_after_a_fold() -> None:
    h = Hand(RuleSet(), [100] * 2, button=0, blinds=(1, 2), seed=1)
    h.fold()
    assert h.result is not None and h.result.board == () and h.board == ()
    assert not [e for e in h.events if e.kind == "board"]


def test_4_5_all_in_run_out_deals_the_board_without_betting() -> None:
    h = Hand(RuleSet(), [50, 1000, 1000], button=0, blinds=(5, 10), seed=2)
    h.all_in()
    assert not run_out_needed(h.state)
    h.call()
    h.fold()
    assert h.is_over and len(h.result.board) == 5
    assert [e.kind for e in h.events].count("board") == 3


def test_4_6_all_in_hands_exposed_before_the_run_out_only_in_tournaments() -> None:
    h = Hand(RuleSet(), [50, 1000], button=0, blinds=(5, 10), seed=2)
    h.all_in()
    h.call()
    kinds = [e.kind for e in h.events]
    assert kinds.index("show") < kinds.index("board")
    cash = RuleSet(all_in_face_up=False)
    h = Hand(cash, [50, 1000], button=0, blinds=(5, 10), seed=2)
    h.all_in()
    assert exposed_all_in_hands(h.state, cash) == ()
    h.call()
    kinds = [e.kind for e in h.events]
    assert "show" not in kinds[: kinds.index("board")]

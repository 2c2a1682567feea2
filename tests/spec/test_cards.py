"""Spec 01: cards and deck."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import Card, InvalidCards, RuleSet, RuleViolation, parse_cards
from pyholdem.spec.cards import (
    RANKS,
    SUITS,
    cut_deck,
    draw_order_key,
    format_cards,
    high_card_draw,
    rank_value,
    shuffled_deck,
    standard_deck,
)

CARD_IDS = st.integers(0, 51)


def test_1_1_deck_has_52_distinct_cards() -> None:
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert Counter(c.rank for c in deck) == {r: 4 for r in range(13)}
    assert Counter(c.suit for c in deck) == {s: 13 for s in range(4)}


@pytest.mark.parametrize("text", ["As As", "AsKdas", ["As", 51], [Card("2c"), 0]])
def test_1_1_duplicates_are_refused(text: object) -> None:
    with pytest.raises(InvalidCards) as info:
        parse_cards(text)  # type: ignore[arg-type]
    assert info.value.section == "1.1" and "appears twice" in str(info.value)


def test_1_2_rank_order() -> None:
    assert [rank_value(r) for r in RANKS] == list(range(13))
    assert rank_value("a", ace_low=True) == -1 and rank_value("K", ace_low=True) == 11
    for bad in ["1", "", "AK", 13, -1, True, None]:
        with pytest.raises(InvalidCards):
            rank_value(bad)  # type: ignore[arg-type]


def test_1_3_suit_order_spades_hearts_diamonds_clubs() -> None:
    keys = [draw_order_key(f"A{s}") for s in "shdc"]
    assert keys == sorted(keys, reverse=True)
    assert draw_order_key("2s") < draw_order_key("3c")
    reverse = RuleSet(draw_suit_order="cdhs")
    assert draw_order_key("Ac", reverse) > draw_order_key("As", reverse)


def test_1_4_same_seed_same_order_and_every_card_once() -> None:
    for seed in [0, 1, "hand-17", b"x"]:
        deck = shuffled_deck(seed)
        assert deck == shuffled_deck(seed)
        assert sorted(deck) == list(standard_deck())


def test_1_4_shuffle_is_uniform_enough() -> None:
    top = Counter(shuffled_deck(seed)[0] for seed in range(5200))
    assert len(top) == 52
    assert max(top.values()) < 200 and min(top.values()) > 40


@pytest.mark.parametrize("seed", [1.5, True, [1], object()])
def test_1_4_bad_seed(seed: object) -> None:
    with pytest.raises(RuleViolation, match="seed"):
        shuffled_deck(seed)  # type: ignore[arg-type]


@given(st.integers(1, 51), st.integers(0, 100))
def test_1_5_cut_keeps_every_card(position: int, seed: int) -> None:
    deck = shuffled_deck(seed)
    cut = cut_deck(deck, position)
    assert sorted(cut) == sorted(deck)
    assert cut[:1] == deck[position : position + 1]


@pytest.mark.parametrize("position", [0, 52, -1, "3"])
def test_1_5_bad_cut(position: object) -> None:
    with pytest.raises(RuleViolation):
        cut_deck(standard_deck(), position)  # type: ignore[arg-type]


@given(st.lists(st.integers(0, 9), min_size=2, max_size=10, unique=True), st.integers())
def test_1_6_high_card_wins_the_draw(seats: list[int], seed: int) -> None:
    winner, drawn = high_card_draw(seats, seed=seed)
    assert set(drawn) == set(seats) and len(set(drawn.values())) == len(seats)
    best = drawn[winner]
    assert all(draw_order_key(best) >= draw_order_key(c) for c in drawn.values())
    assert high_card_draw(seats, seed=seed) == (winner, drawn)


def test_1_6_draw_needs_two_distinct_seats() -> None:
    for seats in ([], [3], [1, 1]):
        with pytest.raises(RuleViolation, match=r"§1\.6"):
            high_card_draw(seats)


@given(CARD_IDS)
def test_1_7_id_is_rank_times_four_plus_suit(card_id: int) -> None:
    card = Card(card_id)
    assert card == card_id and card.rank * 4 + card.suit == card_id
    assert Card(str(card)) is card and Card(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert str(card) == RANKS[card_id // 4] + SUITS[card_id % 4]


@pytest.mark.parametrize("value", [52, -1, 1.0, None, True, b"As"])
def test_1_7_bad_ids(value: object) -> None:
    with pytest.raises(InvalidCards) as info:
        Card(value)  # type: ignore[arg-type]
    assert info.value.section == "1.7"


@given(st.lists(CARD_IDS, unique=True, max_size=52), st.sampled_from([" ", "", ","]))
def test_1_8_text_round_trip(ids: list[int], sep: str) -> None:
    parsed = parse_cards([Card(i) for i in ids])
    assert parse_cards(format_cards(parsed, sep)) == parsed


@pytest.mark.parametrize("text", ["Ax", "1s", "10h", "A", "AsK", "Zz", "As ?? Kd", "??"])
def test_1_8_malformed_text_names_the_value(text: str) -> None:
    with pytest.raises(InvalidCards) as info:
        parse_cards(text)
    assert info.value.section == "1.8"
    assert any(tok in str(info.value) for tok in text.split())


def test_1_8_unknown_cards_only_where_allowed() -> None:
    assert parse_cards("????Ah", allow_unknown=True) == (None, None, Card("Ah"))
    assert parse_cards(["Ah", None], allow_unknown=True) == (Card("Ah"), None)
    with pytest.raises(InvalidCards):
        parse_cards(42)  # type: ignore[arg-type]

"""Spec 02: hand rankings (the oracle the C evaluator is checked against)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations
from math import comb, prod

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import Card, InvalidCards
from pyholdem.spec.cards import standard_deck
from pyholdem.spec.rankings import (
    ALL_KEYS,
    ALL_VALUES,
    HAND_CLASSES,
    SHARE_UNIT,
    Category,
    best_five,
    category,
    compare_hands,
    describe,
    equity,
    five_card_key,
    hand_class,
    hand_value,
    key_of_value,
    straight_high,
    value_of_class,
)

DECK = standard_deck()


def hands(size: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)


SUIT_PERMUTATIONS = list(permutations(range(4)))

FIVE_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3744,
    Category.FLUSH: 5108,
    Category.STRAIGHT: 10200,
    Category.THREE_OF_A_KIND: 54912,
    Category.TWO_PAIR: 123552,
    Category.ONE_PAIR: 1098240,
    Category.HIGH_CARD: 1302540,
}


def test_2_1_category_order() -> None:
    assert [int(c) for c in Category] == list(range(9))
    assert max(Category) == Category.STRAIGHT_FLUSH and min(Category) == Category.HIGH_CARD
    ladder = [
        "As Ks Qs Js Ts",
        "9c 9d 9h 9s 2c",
        "3c 3d 3h 2s 2c",
        "Kh 9h 7h 4h 2h",
        "6c 5d 4h 3s 2c",
        "Ac Ad Ah Ks Qc",
        "Ac Ad Kh Ks Qc",
        "Ac Ad Kh Qs Jc",
        "Ac Kd Qh Js 9c",
        "7c 5d 4h 3s 2c",
    ]
    values = [hand_value(h) for h in ladder]
    assert values == sorted(values, reverse=True)
    assert [category(v) for v in values[:9]] == sorted(Category, reverse=True)


def test_2_1_every_five_card_hand_counted_by_category() -> None:
    """The spec's categories over all C(52,5) hands, counted by rank multiset times suit choices."""
    counts: Counter[Category] = Counter()
    for multiset in _rank_multisets():
        distinct = len(set(multiset)) == 5
        if distinct:
            suited = [DECK[r * 4] for r in multiset]
            counts[category(hand_value(suited))] += 4
            mixed = [DECK[r * 4 + (i == 0)] for i, r in enumerate(multiset)]
            counts[category(hand_value(mixed))] += 4**5 - 4
        else:
            seen: Counter[int] = Counter()
            cards_ = []
            for r in multiset:
                cards_.append(DECK[r * 4 + seen[r]])
                seen[r] += 1
            ways = prod(comb(4, n) for n in Counter(multiset).values())
            counts[category(hand_value(cards_))] += ways
    assert counts == FIVE_CARD_COUNTS
    assert sum(counts.values()) == comb(52, 5)


def _rank_multisets() -> list[tuple[int, ...]]:
    from itertools import combinations_with_replacement

    return [m for m in combinations_with_replacement(range(13), 5) if max(Counter(m).values()) <= 4]


def test_2_2_straights_wheel_and_no_wrap() -> None:
    assert straight_high(range(8, 13)) == 12
    assert straight_high([12, 0, 1, 2, 3]) == 3
    assert straight_high([12, 0, 1, 2, 3, 4]) == 4
    for wrap in ([10, 11, 12, 0, 1], [11, 12, 0, 1, 2], [9, 10, 11, 12, 0]):
        assert straight_high(wrap) is None
    assert describe(hand_value("Ac 2d 3h 4s 5c")) == "Straight, Five high"
    assert category(hand_value("Qc Kd Ah 2s 3c")) == Category.HIGH_CARD
    straights = sorted(
        hand_value([DECK[(t - i) % 13 * 4 + (i == 0)] for i in range(5)]) for t in range(3, 13)
    )
    assert len(set(straights)) == 10 and all(category(v) == Category.STRAIGHT for v in straights)


@given(st.sets(st.integers(0, 12)))
def test_2_2_straight_high_is_the_top_of_a_run(ranks: set[int]) -> None:
    runs = [t for t in range(3, 13) if {(t - i) % 13 for i in range(5)} <= ranks]
    assert straight_high(ranks) == (max(runs) if runs else None)


def test_2_3_kickers_decide_within_a_category() -> None:
    assert five_card_key("Ac 3h 4d 6s 7s") > five_card_key("Ks Qs Jc 9c 8d")
    assert five_card_key("Ac Jh 9s 8d 6h") > five_card_key("Ah Jc 9d 8c 2s")
    assert five_card_key("Kh Ks 5d 5c Qs") > five_card_key("Kd Kc 5h 5s Js")
    assert five_card_key("Kh Ks 5d 5c 2s") > five_card_key("Kd Kc 4h 4s As")
    assert five_card_key("9c 9d 9h 9s 3c") > five_card_key("9c 9d 9h 9s 2c")
    assert five_card_key("3c 3d 3h As Ac") < five_card_key("4c 4d 4h 2s 2c")
    assert five_card_key("Ah Kh Qh Jh 9h") > five_card_key("Ah Kh Qh Jh 8h")
    assert five_card_key("7c 7d Ah 9s 4c") > five_card_key("7h 7s Ac 9d 3c")
    with pytest.raises(InvalidCards, match=r"needs 5 cards, not 6 \(§2\.3\)"):
        five_card_key("As Ks Qs Js Ts 9s")


@given(hands(5), st.sampled_from(SUIT_PERMUTATIONS))
def test_2_3_key_ignores_suits_except_for_flushes(five: list[Card], perm: tuple[int, ...]) -> None:
    renamed = [Card(c.rank * 4 + perm[c.suit]) for c in five]
    assert five_card_key(five) == five_card_key(renamed)
    key = five_card_key(five)
    assert sorted(key[1:]) == sorted(set(c.rank for c in five)) or key[0] in (
        Category.STRAIGHT,
        Category.STRAIGHT_FLUSH,
    )


def test_2_4_seed_000_kicker_and_board_examples() -> None:
    board = "4c 9d Th 6s 8c"
    assert hand_value("As Kd " + board) > hand_value("Ah Qc " + board)
    assert best_five("As Kd " + board)[:2] == (Card("As"), Card("Kd"))
    five_hearts = "Qh Jh Th 4h 2h"
    assert hand_value("Ac 3h " + five_hearts) > hand_value("Qs Qd " + five_hearts)
    assert hand_value("Qs Qd " + five_hearts) == hand_value(five_hearts)


@given(hands(7))
def test_2_4_best_of_seven_is_the_best_of_every_subset(seven: list[Card]) -> None:
    value = hand_value(seven)
    fives = [hand_value(f) for f in combinations(seven, 5)]
    assert value == max(fives)
    assert value == max(hand_value(s) for s in combinations(seven, 6))
    assert value == hand_value(reversed(seven)) == hand_value(" ".join(map(str, seven)))


def test_2_4_a_short_hand_of_bad_text_is_refused_for_its_text() -> None:
    with pytest.raises(InvalidCards) as info:
        hand_value("As Kx")
    assert info.value.section == "1.8"


def test_2_5_board_plays_and_suits_never_break_ties() -> None:
    board = "Qs Tc Jd Ks Ah"
    assert compare_hands("2c 7d " + board, "3h 3s " + board) == 0
    assert compare_hands("Ah Kh Qh Jh 9h", "Ac Kc Qc Jc 9c") == 0
    assert compare_hands("9c 8d 7h 6s 5c", "9s 8s 7d 6c 5h") == 0
    assert compare_hands("As Kd 4c 9d Th 6s 8c", "Ah Qc 4c 9d Th 6s 8c") == 1
    assert compare_hands("Ah Qc 4c 9d Th 6s 8c", "As Kd 4c 9d Th 6s 8c") == -1


@given(hands(7), st.sampled_from(SUIT_PERMUTATIONS))
def test_2_5_renaming_suits_never_changes_a_value(seven: list[Card], perm: tuple[int, ...]) -> None:
    assert hand_value(seven) == hand_value([Card(c.rank * 4 + perm[c.suit]) for c in seven])


def test_2_6_three_pairs_and_long_straights() -> None:
    assert describe(hand_value("Ks Kd 9h 9c 4s 4d 2c")) == "Two Pair, Kings and Nines, Four kicker"
    assert describe(hand_value("Ks Kd 9h 9c 4s 4d Ac")) == "Two Pair, Kings and Nines, Ace kicker"
    assert describe(hand_value("9c 8d 7h 6s 5c 4d 3h")) == "Straight, Nine high"
    assert describe(hand_value("9h 8h 7h 6h 5h 4h 3h")) == "Straight Flush, Nine high"
    assert describe(hand_value("Ah 9h 7h 6h 5h 3h 2c")) == "Flush, Ace-Nine-Seven-Six-Five"
    assert describe(hand_value("Kc Kd Kh 5s 5c 5d 2c")) == "Full House, Kings full of Fives"
    assert compare_hands("Td 9h 2h Jc Qs Kd 3c", "Td 9h 2h Jc Qs Kd 4s") == 0
    assert compare_hands("Ts 9c 2h Jc Qc Ks Ad", "Tc 2c 2h Jc Qc Ks Ad") == 0


@given(st.integers(5, 7).flatmap(hands))
def test_2_6_best_five_is_five_of_the_cards_with_the_hand_value(hand: list[Card]) -> None:
    five = best_five(hand)
    assert len(five) == 5 and set(five) <= set(hand)
    assert hand_value(five) == hand_value(hand)


def test_2_7_class_numbers_follow_the_interop_convention() -> None:
    boundaries = {
        "As Ks Qs Js Ts": 1,
        "5d 4d 3d 2d Ad": 10,
        "Ac Ad Ah As Kc": 11,
        "2c 2d 2h 2s 3c": 166,
        "Ac Ad Ah Ks Kc": 167,
        "2c 2d 2h 3s 3c": 322,
        "Ah Kh Qh Jh 9h": 323,
        "7h 5h 4h 3h 2h": 1599,
        "Ah Kh Qh Jh Tc": 1600,
        "5h 4h 3h 2h Ac": 1609,
        "Ac Ad Ah Ks Qc": 1610,
        "2c 2d 2h 4s 3c": 2467,
        "Ac Ad Kh Ks Qc": 2468,
        "3c 3d 2h 2s 4c": 3325,
        "Ac Ad Kh Qs Jc": 3326,
        "2c 2d 5h 4s 3c": 6185,
        "Ac Kd Qh Js 9c": 6186,
        "7c 5d 4h 3s 2c": 7462,
    }
    for hand, number in boundaries.items():
        assert hand_class(hand_value(hand)) == number, hand


def test_2_7_values_and_classes_are_bijective_and_ordered() -> None:
    assert len(ALL_VALUES) == len(ALL_KEYS) == HAND_CLASSES == 7462
    assert [hand_class(v) for v in ALL_VALUES] == list(range(HAND_CLASSES, 0, -1))
    assert all(value_of_class(hand_class(v)) == v for v in ALL_VALUES)
    assert [key_of_value(v) for v in ALL_VALUES] == list(ALL_KEYS)
    assert all(v >> 12 == key_of_value(v)[0] for v in ALL_VALUES)
    per_category = Counter(v >> 12 for v in ALL_VALUES)
    assert all(v & 0xFFF < per_category[v >> 12] for v in ALL_VALUES)


@pytest.mark.parametrize("bad", [-1, 9 << 12, 4096 + 2860, 1.5, True, "1", None])
def test_2_7_non_values_are_refused(bad: object) -> None:
    with pytest.raises(InvalidCards, match=r"§2\.7"):
        hand_class(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, 7463, -3, True, 2.0])
def test_2_7_non_class_numbers_are_refused(bad: object) -> None:
    with pytest.raises(InvalidCards, match=r"§2\.7"):
        value_of_class(bad)  # type: ignore[arg-type]


def test_2_8_descriptions_are_unique_and_read_well() -> None:
    texts = [describe(v) for v in ALL_VALUES]
    assert len(set(texts)) == HAND_CLASSES
    assert describe(hand_value("As Ks Qs Js Ts")) == "Royal Flush"
    assert describe(hand_value("9s 8s 7s 6s 5s")) == "Straight Flush, Nine high"
    assert describe(hand_value("Ac Ad Ah As Kc")) == "Four of a Kind, Aces, King kicker"
    assert describe(hand_value("6c 6d 6h 2s 2c")) == "Full House, Sixes full of Deuces"
    assert describe(hand_value("Ah Qh 9h 6h 3h")) == "Flush, Ace-Queen-Nine-Six-Three"
    assert describe(hand_value("7c 7d 7h As Qc")) == "Three of a Kind, Sevens, Ace-Queen kickers"
    assert describe(hand_value("Kh Ks 5d 5c Qs")) == "Two Pair, Kings and Fives, Queen kicker"
    assert describe(hand_value("Ac Kd 9h 7s 4c")) == "High Card, Ace-King-Nine-Seven-Four"


def test_2_9_a_decided_river_and_a_board_that_plays() -> None:
    result = equity(["As Kd", "Ah Qc"], board="4c 9d Th 6s 8c")
    assert (result.boards, result.wins, result.ties, result.shares) == (1, (1, 0), (0, 0), (SHARE_UNIT, 0))
    three_way = equity(["2c 7d", "3h 3s", "4h 4s"], board="Qs Tc Jd Ks Ah")
    assert three_way.ties == (1, 1, 1) and three_way.shares == (840, 840, 840)


def test_2_9_dominated_hand_on_the_turn() -> None:
    result = equity(["Ac Kc", "2d 2h"], board="Qc Jc 3s 4d")
    assert result.boards == 44 and result.wins == (18, 26) and result.ties == (0, 0)
    dead = equity(["Ac Kc", "2d 2h"], board="Qc Jc 3s 4d", dead="9c 8c")
    assert dead.boards == 42 and dead.wins == (16, 26)


@given(hands(9))
def test_2_9_shares_add_up_to_the_pot_on_every_river(cards_: list[Card]) -> None:
    holes = [cards_[0:2], cards_[2:4]]
    result = equity(holes, board=cards_[4:9])
    assert sum(result.shares) == SHARE_UNIT * result.boards
    values = [hand_value(h + cards_[4:9]) for h in holes]
    expected = (values[0] > values[1]) - (values[0] < values[1])
    assert (result.wins[0] - result.wins[1]) == expected


@pytest.mark.parametrize(
    ("hands_", "board", "dead", "message"),
    [
        (["As Kd"], "", "", "equity needs 2 to 10 hands, not 1"),
        (["As Kd", "Qh"], "", "", "hand 1 has 1 cards, not 2"),
        (["As Kd", "Qh Jh"], "2c 3c", "", "a board has 0, 3, 4 or 5 cards, not 2"),
        (["As Kd", "As Jh"], "", "", "card As appears twice"),
        (["As Kd", "Qh Jh"], "2c 3c 4c", "4c", "card 4c appears twice"),
        ("As Kd Qh Jh", "", "", "equity takes a list of hands"),
    ],
)
def test_2_9_bad_equity_input(hands_: object, board: str, dead: str, message: str) -> None:
    with pytest.raises(InvalidCards, match=message):
        equity(hands_, board=board, dead=dead)  # type: ignore[arg-type]

"""Spec 12: hand histories in the PHH format — reading, checking and writing."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import Card, HistoryError
from pyholdem.history import HandHistory, dumps, dumps_many, loads, read_file, read_text
from pyholdem.spec.histories import (
    Action,
    check_fields,
    chip_scale,
    compare_results,
    forced_bets,
    format_action,
    format_amount,
    parse_action,
    parse_phh_cards,
    parse_toml,
    split_hands,
    to_units,
    variant_structure,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "histories" / "public"
WSOP = EXAMPLES / "wsop-2019-42-3-00-01-07.phh"
HANDHQ = EXAMPLES / "handhq-abs-2009-07-100nlh-sample.phhs"

HEADS_UP = """\
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 AcKs', 'd dh p2 7h7d', 'p2 cbr 6', 'p1 cc', 'd db 7c2hTd', 'p1 cc', 'p2 cc']
"""


def table(**changes: object) -> dict[str, object]:
    base: dict[str, object] = {
        "variant": "NT",
        "antes": [0, 0, 0],
        "blinds_or_straddles": [1, 2, 0],
        "min_bet": 2,
        "starting_stacks": [100, 100, 100],
        "actions": [],
    }
    base.update(changes)
    return {k: v for k, v in base.items() if v is not None}


def test_12_1_phhs_hands_are_read_independently() -> None:
    text = f"[2]\n{HEADS_UP}\n[1]\nvariant = 'NT'\nantes = [0,\n[3]\n{HEADS_UP}"
    results = read_text(text, file="x.phhs")
    assert [type(r).__name__ for r in results] == ["HandHistory", "HistoryError", "HandHistory"]
    bad = results[1]
    assert isinstance(bad, HistoryError)
    assert (bad.file, bad.hand, bad.section) == ("x.phhs", 1, "12.1")
    assert "malformed TOML" in str(bad) and str(bad).startswith("file x.phhs, hand 1: ")
    assert [r.index for r in results if isinstance(r, HandHistory)] == [2, 3]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x = 1\n[1]\n", "text before its first hand table"),
        ("# only a comment\n", "holds no hand table"),
    ],
)
def test_12_1_phhs_structure_errors(text: str, message: str) -> None:
    with pytest.raises(HistoryError) as info:
        split_hands(text, many=True)
    assert message in str(info.value) and info.value.section == "12.1"


def test_12_1_bad_tables_fail_alone() -> None:
    chunks = split_hands("# c\n[1]\na = 1\n[0]\n[01]\n[1]\nb = 2\n[2]\n", many=True)
    assert [i for i, _ in chunks] == [1, 2, 3, 1, 2]
    assert chunks[0][1] == "a = 1\n" and chunks[4][1] == "\n"
    errors = [str(c) for _, c in chunks[1:4]]
    assert errors == [
        "table [0] is not a hand number 1, 2, … (§12.1)",
        "table [01] is not a hand number 1, 2, … (§12.1)",
        "hand [1] appears twice (§12.1)",
    ]


def test_12_1_numbers_are_exact_decimals() -> None:
    assert parse_toml("a = [0.1, 2, 1e2]") == {"a": [Decimal("0.1"), 2, Decimal("1e2")]}
    assert split_hands("anything", many=False) == [(1, "anything")]


def test_12_1_public_samples_read() -> None:
    (wsop,) = read_file(WSOP)
    assert isinstance(wsop, HandHistory) and wsop.players == 8 and wsop.scale == 1
    assert wsop.ante_trimming_status is True and wsop.antes[1] == 500000
    hands = read_file(HANDHQ)
    assert len(hands) == 40 and all(isinstance(h, HandHistory) for h in hands)
    assert [h.index for h in hands] == list(range(1, 41))


def test_12_2_variant_codes() -> None:
    assert {c: variant_structure(c) for c in ("NT", "FT", "PT")} == {
        "NT": "no_limit",
        "FT": "fixed_limit",
        "PT": "pot_limit",
    }
    for bad in ("PO", "F7S", "nt", "", None, 3):
        with pytest.raises(HistoryError) as info:
            variant_structure(bad)
        assert info.value.section == "12.2"


def test_12_3_amounts_convert_exactly() -> None:
    assert chip_scale([1, 2, Decimal("3.00")]) == 1
    assert chip_scale([Decimal("0.5"), "2.25"]) == 100
    assert to_units(Decimal("200.30"), 100) == 20030
    assert to_units("0.07", 100) == 7
    assert format_amount(20030, 100) == "200.30" and format_amount(7, 100) == "0.07"
    assert format_amount(5, 1) == "5" and format_amount(-250, 100) == "-2.50"
    with pytest.raises(HistoryError, match="not a whole number"):
        to_units(Decimal("0.005"), 100)


@pytest.mark.parametrize(
    "value", [Decimal("-0.5"), Decimal("inf"), Decimal("nan"), "abc", True, None, [1], Decimal("1e-9")]
)
def test_12_3_bad_amounts_are_refused(value: object) -> None:
    with pytest.raises(HistoryError) as info:
        chip_scale([value])
    assert info.value.section == "12.3"


@given(st.integers(0, 10**12), st.integers(0, 6))
def test_12_3_format_and_read_back(units: int, decimals: int) -> None:
    scale = 10**decimals
    assert to_units(format_amount(units, scale), scale) == units


def test_12_4_fields_are_checked() -> None:
    assert check_fields(table()) == 3
    assert check_fields(table(_my_field=[1, 2], players=["a", "b", "c"], seats=[1, 5, 9])) == 3
    assert check_fields(table(variant="FT", min_bet=None, small_bet=2, big_bet=4)) == 3


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"actions": None}, "required field actions is missing"),
        ({"min_bet": None}, "required field min_bet is missing"),
        ({"small_bet": 2}, "field small_bet is not used by variant NT"),
        ({"bring_in": 1}, "field bring_in is not used"),
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"antes": [0, 0]}, "field antes = [0, 0] is not an array of 3 values"),
        ({"starting_stacks": [100]}, "not an array of 2 to 10 amounts"),
        ({"starting_stacks": [100, 0, 100]}, "starting_stacks[1] = 0 is not positive"),
        ({"starting_stacks": [100, "x", 100]}, "starting_stacks[1] = 'x' is not a number"),
        ({"min_bet": 0}, "min_bet = 0 is not positive"),
        ({"winnings": [1, 2]}, "field winnings = [1, 2] is not an array of 3"),
        ({"players": ["a", 1, "c"]}, "field players"),
        ({"seats": [1, 1, 2]}, "seats = [1, 1, 2] are not 3 distinct"),
        ({"ante_trimming_status": "yes"}, "ante_trimming_status = 'yes' is not a boolean"),
        ({"actions": ["p1 f", 3]}, "is not an array of strings"),
        ({"day": Decimal("1.5")}, "field day"),
    ],
)
def test_12_4_bad_fields_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(HistoryError) as info:
        check_fields(table(**changes))
    assert message in str(info.value)
    assert info.value.section in ("12.2", "12.3", "12.4")


def test_12_5_forced_bets_reverse_heads_up() -> None:
    assert forced_bets([0, 0, 0, 0], [1, 2, 4, 0]) == ((0, 0, 0, 0), (1, 2, 4, 0))
    assert forced_bets([1, 1], [1, 2]) == ((1, 1), (2, 1))
    assert forced_bets([0, 5], [2, 5]) == ((5, 0), (5, 2))
    with pytest.raises(HistoryError, match="one entry per player"):
        forced_bets([0, 0], [1, 2, 0])


def test_12_6_action_grammar() -> None:
    assert parse_action("d dh p2 ????", 3, 1) == Action("deal_hole", 1, (None, None))
    assert parse_action("  d  db 7c2hTd ", 3, 1).cards == (Card("7c"), Card("2h"), Card("Td"))
    assert parse_action("p1 f", 3, 1) == Action("fold", 0)
    assert parse_action("p3 cc # calls", 3, 1) == Action("check_call", 2, commentary="calls")
    assert parse_action("p2 cbr 3.5", 3, 10) == Action("bet_raise_to", 1, amount=35)
    assert parse_action("p1 sm", 3, 1) == Action("show_muck", 0)
    assert parse_action("p1 sm -", 3, 1) == Action("show_muck", 0, shows_dealt=True)
    assert parse_action("p1 sm AcKs", 3, 1).cards == (Card("Ac"), Card("Ks"))
    assert parse_action("", 3, 1) == Action("noop")
    assert parse_action("# burn card exposed", 3, 1) == Action("noop", commentary="burn card exposed")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p0 f", "actor 'p0'"),
        ("p4 f", "actor 'p4' is not one of p1..p3"),
        ("x f", "actor 'x'"),
        ("p1 fold", "is not one of f, cc, cbr X"),
        ("p1 f now", "is not one of f, cc, cbr X"),
        ("p1 cbr", "is not one of f, cc, cbr X"),
        ("p1 cbr -5", "'cbr' amount '-5' is not a non-negative number"),
        ("p1 cbr 1e3", "'cbr' amount '1e3'"),
        ("p1 pb", "belongs to stud or draw"),
        ("p1 sd AcKs", "belongs to stud or draw"),
        ("d dh p1", "is not 'd dh pN cards'"),
        ("d db", "is not 'd dh pN cards'"),
        ("d xx AcKs", "is not 'd dh pN cards'"),
        ("p1 sm AcKs Qd", "is not one of f, cc, cbr X"),
    ],
)
def test_12_6_bad_actions_are_refused(text: str, message: str) -> None:
    with pytest.raises(HistoryError) as info:
        parse_action(text, 3, 1)
    assert message in str(info.value) and info.value.section == "12.6"


def test_12_7_card_notation() -> None:
    assert parse_phh_cards("AcKs") == (Card("Ac"), Card("Ks"))
    assert parse_phh_cards("??Ad") == (None, Card("Ad"))
    for bad in ("A?Ks", "AcK", "AcAc", "1c2d", "", "Ac Kd"):
        with pytest.raises(HistoryError) as info:
            parse_phh_cards(bad)
        assert info.value.section == "12.7", bad
    with pytest.raises(HistoryError, match="board cards must be known"):
        parse_action("d db ??2c3c", 2, 1)


def test_12_8_finishing_stacks_are_exact() -> None:
    assert compare_results([10, 20], [0, 10], finishing_stacks=[10, 20]).ok
    verdict = compare_results([10, 20], [0, 10], finishing_stacks=[11, 19])
    assert not verdict.ok and verdict.compared == "finishing_stacks"
    assert "p1 10 != 11" in verdict.message and "p2 20 != 19" in verdict.message
    both = compare_results([10, 20], [0, 10], finishing_stacks=[10, 20], winnings=[0, 0])
    assert both.ok and both.compared == "finishing_stacks"
    assert compare_results([10, 20], [0, 10]).compared == "none"


def test_12_8_winnings_allow_for_rake() -> None:
    assert compare_results([0, 0], [200, 0], winnings=[200, 0]).ok
    assert compare_results([0, 0], [200, 0], winnings=[180, 0]).ok
    assert not compare_results([0, 0], [200, 0], winnings=[179, 0]).ok
    assert not compare_results([0, 0], [200, 0], winnings=[201, 0]).ok
    assert not compare_results([0, 0], [200, 0], winnings=[100, 100]).ok
    split = compare_results([0, 0, 0], [101, 100, 0], winnings=[96, 95, 0])
    assert split.ok and "rake 10" in split.message
    walk = compare_results([0, 0, 0], [0, 10, 0], [0, 5, 0], winnings=[0, 15, 0])
    assert walk.ok
    assert not compare_results([0, 0, 0], [0, 10, 0], [0, 5, 0], winnings=[0, 16, 0]).ok
    assert not compare_results([0, 0, 0], [0, 10, 0], [0, 0, 0], winnings=[5, 5, 0]).ok


def test_12_9_writing_round_trips_the_public_samples() -> None:
    hands = [h for h in read_file(HANDHQ) + read_file(WSOP) if isinstance(h, HandHistory)]
    for hand in hands:
        (back,) = loads(dumps(hand))
        assert back == hand
    again = read_text(dumps_many(hands), file="all.phhs")
    assert again == hands


def test_12_9_action_notation_round_trips() -> None:
    for text in ("d dh p1 ??Kd", "d db 7c", "p2 f", "p1 cc # x # y", "p3 cbr 0.05", "p1 sm -", "# note"):
        action = parse_action(text, 3, 100)
        assert parse_action(format_action(action, 100), 3, 100) == action


def test_12_9_written_amounts_keep_their_decimals() -> None:
    (hand,) = loads(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.25, 0.5]\nmin_bet = 0.5\n"
        "starting_stacks = [10, 12.75]\nactions = ['p2 cbr 1.50']\nwinnings = [0.75, 0]\n"
    )
    assert hand.scale == 100 and hand.starting_stacks == (1000, 1275)
    text = dumps(hand)
    assert "blinds_or_straddles = [0.25, 0.50]" in text and "'p2 cbr 1.50'" in text.replace('"', "'")
    assert "winnings = [0.75, 0.00]" in text


def test_12_10_hand_setup_from_forced_bets() -> None:
    from pyholdem.spec.histories import hand_setup

    ring = hand_setup("PT", [1, 1, 1, 1, 1], [1, 2, 4, 8, 0], [50] * 5, min_bet=2)
    assert (ring.structure, ring.button, ring.blinds, ring.straddles) == ("pot_limit", 4, (1, 2), (4, 8))
    heads_up = hand_setup("NT", [0, 2], [1, 2], [30, 40], min_bet=2)
    assert heads_up.antes == (2, 0) and heads_up.blinds == (1, 2) and heads_up.button == 1
    limit = hand_setup("FT", [0, 0, 0], [1, 2, 0], [9, 9, 9], small_bet=2, big_bet=4)
    assert limit.bet_sizes == (2, 4) and limit.structure == "fixed_limit"
    for blinds, message in (
        ([1, 2, 0, 4], "without a gap"),
        ([0, 0, 0, 0], "has no blind"),
        ([0, 2, 0, 0], "a big blind but no small blind before it"),
        ([2, 0, 4, 0], "straddles but no big blind"),
        ([4, 2, 0, 0], "the small blind 4 is larger than the big blind 2"),
    ):
        with pytest.raises(HistoryError) as info:
            hand_setup("NT", [0] * 4, blinds, [9] * 4, min_bet=2)
        assert message in str(info.value) and info.value.section == "12.10"


def test_12_11_action_mapping() -> None:
    from pyholdem.spec.histories import hand_action

    assert hand_action(parse_action("p1 cc", 2, 1), 0, True, True) == ("check", None)
    assert hand_action(parse_action("p1 cc", 2, 1), 0, False, False) == ("call", None)
    assert hand_action(parse_action("p1 cbr 9", 2, 1), 0, False, False) == ("raise", 9)
    assert hand_action(parse_action("p2 f", 2, 1), 1, True, True) == ("fold", None)
    with pytest.raises(HistoryError, match="the hand is over"):
        hand_action(parse_action("p2 f", 2, 1), None, False, False)
    with pytest.raises(HistoryError, match="not a betting action"):
        hand_action(parse_action("d db 2c3c4c", 2, 1), 0, False, False)


@given(
    st.lists(
        st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=6), min_size=2, max_size=2
    )
)
def test_12_9_player_names_with_control_characters_read_back(names: list[str]) -> None:
    from pyholdem import Hand, preset
    from pyholdem.history.phh import dumps, loads
    from pyholdem.history.record import history_from_hand

    hand = Hand(preset("tda_2024"), [100, 100], button=0, blinds=(1, 2), seed=1)
    hand.fold()
    history = history_from_hand(hand, names=names)
    assert loads(dumps(history)) == [history]

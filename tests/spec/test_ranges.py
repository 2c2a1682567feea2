"""Spec 13: range notation, combos, weights, card removal and the exact equity of ranges."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import InvalidCards, RuleViolation
from pyholdem.errors import InvalidRange
from pyholdem.spec import rankings
from pyholdem.spec.cards import RANKS, Card, cards
from pyholdem.spec.ranges import (
    EXACT_LIMIT,
    HandRange,
    as_range,
    check_trials,
    exact_is_feasible,
    live_combos,
    parse_range,
    range_equity,
    token_combos,
    weigh,
)

ALL_COMBOS = [(Card(a), Card(b)) for b, a in combinations(range(52), 2)]


def _class(hi: int, lo: int, suffix: str = "") -> str:
    return RANKS[hi] + RANKS[lo] + suffix


# ---- tokens a player writes, drawn at random ----

rank = st.integers(0, 12)
weight_text = st.sampled_from(["", ":1", ":0.5", ":.25", ":0.125", ":0.001", ":0.999", ":1.000"])


@st.composite
def tokens(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["pair", "class", "plus_pair", "plus", "run_pair", "run", "combo"]))
    if kind == "pair":
        body = _class(r := draw(rank), r)
    elif kind == "plus_pair":
        body = _class(r := draw(rank), r) + "+"
    elif kind == "run_pair":
        a, b = draw(rank), draw(rank)
        body = f"{_class(a, a)}-{_class(b, b)}"
    elif kind == "combo":
        a, b = draw(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True))
        body = f"{Card(a)}{Card(b)}"
    else:
        hi = draw(st.integers(1, 12))
        lo = draw(st.integers(0, hi - 1))
        suffix = draw(st.sampled_from(["", "s", "o"]))
        if kind == "class":
            body = _class(hi, lo, suffix) if draw(st.booleans()) else RANKS[lo] + RANKS[hi] + suffix
        elif kind == "plus":
            body = _class(hi, lo, suffix) + "+"
        else:
            other = draw(st.integers(0, hi - 1))
            body = f"{_class(hi, lo, suffix)}-{_class(hi, other, suffix)}"
    return body + draw(weight_text)


def _expected_count(body: str) -> int:
    """Combos of a token counted from its shape alone (§13.2), not from the parser."""
    per = {"": 16, "s": 4, "o": 12}
    if len(body) == 4 and body[1] in "cdhs":
        return 1
    if body.endswith("+"):
        a, b, suffix = RANKS.index(body[0]), RANKS.index(body[1]), body[2:-1]
        return 6 * (13 - a) if a == b else per[suffix] * (max(a, b) - min(a, b))
    if "-" in body:
        left, right = body.split("-")
        a, b = RANKS.index(left[1]), RANKS.index(right[1])
        if left[0] == left[1]:
            return 6 * (abs(RANKS.index(left[0]) - RANKS.index(right[0])) + 1)
        return per[left[2:]] * (abs(a - b) + 1)
    return 6 if body[0] == body[1] else per[body[2:]]


def test_13_1_the_issue_example_parses() -> None:
    r = parse_range("TT+, AKs, KQo, A5s-A2s, 22-66")
    assert len(r) == 5 * 6 + 4 + 12 + 4 * 4 + 5 * 6
    assert parse_range(" TT+ AKs,KQo ,, ") == parse_range("TT+, AKs, KQo")
    assert parse_range("") == HandRange(())
    assert parse_range("ak") == parse_range("AK") == parse_range("KA")
    assert parse_range("asks") == parse_range("AsKs") == parse_range("KsAs")


@given(st.lists(tokens(), max_size=8), st.sampled_from([", ", " ", ",", " ,  "]))
@settings(max_examples=150)
def test_13_1_round_trip_of_generated_ranges(toks: list[str], sep: str) -> None:
    r = parse_range(sep.join(toks))
    again = parse_range(str(r))
    assert again == r
    assert str(again) == str(r)


@given(st.dictionaries(st.sampled_from(ALL_COMBOS), st.integers(1, 1000), max_size=60))
@settings(max_examples=100)
def test_13_1_round_trip_of_any_weighted_combos(chosen: dict[tuple[Card, Card], int]) -> None:
    r = HandRange.from_weights({c: Fraction(w, 1000) for c, w in chosen.items()})
    assert parse_range(str(r)) == r


@given(tokens())
def test_13_2_token_counts_match_their_shape(token: str) -> None:
    body = token.partition(":")[0]
    found = token_combos(body)
    assert len(found) == len(set(found)) == _expected_count(body)
    for hi, lo in found:
        assert hi > lo


def test_13_2_counts_of_the_issue() -> None:
    assert len(token_combos("22+")) == 78
    assert len(token_combos("AKs")) == 4
    assert len(token_combos("AKo")) == 12
    assert len(token_combos("AK")) == 16
    assert len(token_combos("ATs+")) == 16 and len(token_combos("KTo+")) == 36
    assert len(token_combos("66-22")) == len(token_combos("22-66")) == 30
    every = [_class(hi, lo, s) for hi in range(13) for lo in range(hi) for s in "so"]
    every += [_class(r, r) for r in range(13)]
    assert len(every) == 169
    assert len(parse_range(", ".join(every))) == 1326 == len({c for t in every for c in token_combos(t)})


JUNK = st.text(alphabet="AKQJT98765432akqsxo+-:.0123456789cdh!", min_size=1, max_size=7)


@given(st.lists(tokens(), max_size=3), JUNK, st.lists(tokens(), max_size=3))
@settings(max_examples=200)
def test_13_1_every_parse_error_is_typed_and_names_its_token(
    before: list[str], junk: str, after: list[str]
) -> None:
    try:
        parse_range(junk)
    except InvalidRange as exc:
        alone = exc
    else:
        return  # the junk was a valid token after all
    assert repr(junk) in str(alone) and str(alone).endswith("(§13.1)")
    with pytest.raises(InvalidRange) as info:
        parse_range(", ".join([*before, junk, *after]))
    assert repr(junk) in str(info.value)
    assert isinstance(info.value, InvalidCards)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AKx", "'AKx' is not a hand: 'x' is not s (suited) or o (offsuit)"),
        ("AXs", "'AXs' is not a hand: 'X' is not a rank"),
        ("TTs", "'TTs' is not a hand: a pair is neither suited nor offsuit"),
        ("AsAs", "'AsAs' is not a hand: card As appears twice"),
        ("A5s-K2s", "both ends must have the same high rank (A and K)"),
        ("A5s-A2o", "both ends must be suited alike"),
        ("22-A5s", "a dash joins two pairs or two non-pairs"),
        ("AKs:2", "'AKs:2' has weight '2'"),
        ("AKs:0.1234", "at most three places"),
        ("AKs:x", "'AKs:x' has weight 'x'"),
        ("AKQ", "'Q' is not s (suited) or o (offsuit)"),
        ("AKQJ", "a hand class is two ranks"),
        ("10s", "write a ten as 'T'"),
        ("QQ:0.5+", "has weight '0.5+'"),
    ],
)
def test_13_1_parse_errors_say_why(text: str, why: str) -> None:
    with pytest.raises(InvalidRange) as info:
        parse_range(f"TT+, {text}, AKs")
    assert why in str(info.value) and info.value.section == "13.1"


def test_13_1_non_text_is_refused() -> None:
    with pytest.raises(InvalidRange, match="is text like"):
        parse_range(42)  # type: ignore[arg-type]


def test_13_1_a_hand_is_a_one_combo_range() -> None:
    assert as_range("As Kd") == as_range(["Kd", "As"]) == parse_range("AsKd")
    with pytest.raises(InvalidRange, match="'As' is not a hand"):
        as_range("As Kd Qh")


def test_13_3_last_mention_wins_and_zero_removes() -> None:
    r = parse_range("AKs, AsKs:0.5")
    assert r.weight((Card("As"), Card("Ks"))) == Fraction(1, 2) and len(r) == 4
    assert parse_range("AsKs:0.5, AKs").weight((Card("As"), Card("Ks"))) == 1
    assert len(parse_range("AK, AsKs:0")) == 15
    assert len(parse_range("AKs:0")) == 0
    assert weigh([(token_combos("QQ"), Fraction(1)), (token_combos("QQ+"), Fraction(1, 4))]) == {
        c: Fraction(1, 4) for c in token_combos("QQ+")
    }


def test_13_3_weights_outside_thousandths_are_refused() -> None:
    combo = (Card("As"), Card("Ks"))
    with pytest.raises(InvalidRange):
        HandRange(((combo, Fraction(1, 3)),))
    with pytest.raises(InvalidRange):
        HandRange(((combo, Fraction(0)),))


def test_13_4_dead_and_board_cards_remove_combos() -> None:
    r = parse_range("AA, AKs:0.5")
    live = live_combos(r, cards("As 7c"))
    assert len(live) == 3 + 3
    assert all(Card("As") not in c for c, _ in live)
    assert {w for _, w in live} == {Fraction(1), Fraction(1, 2)}


def test_13_5_hand_against_hand_is_2_9_equity() -> None:
    for hands, board in [(["As Kd", "Ah Qc"], "4c 9d Th 6s 8c"), (["Ac Kc", "2d 2h"], "Qc Jc 3s 4d")]:
        mine = range_equity(hands, board)
        theirs = rankings.equity(hands, board)
        assert mine.win == theirs.win and mine.tie == theirs.tie
        assert mine.equity == pytest.approx(theirs.equity, abs=1e-15)
        assert (mine.deals, mine.boards) == (1, theirs.boards)


def test_13_5_is_the_weighted_average_over_deals() -> None:
    board = "Qs 7d 2c 5h 9c"
    whole = range_equity(["AsKs", "QhQd:0.5, KK"], board)
    # The deals: QhQd at weight 1/2 and the three KK combos without the Ks (the hero holds it).
    valid = [(Fraction(1, 2), rankings.equity(["AsKs", "QhQd"], board))]
    valid += [
        (Fraction(1), rankings.equity(["AsKs", [a, b]], board))
        for a, b in token_combos("KK")
        if Card("Ks") not in (a, b)
    ]
    share = sum(w * Fraction(e.shares[0], 2520) for w, e in valid) / sum(w for w, _ in valid)
    assert whole.equity[0] == float(share)
    assert whole.deals == len(valid) == 4


def test_13_5_refusals() -> None:
    with pytest.raises(InvalidRange, match="no deal gives every player"):
        range_equity(["AA", "AsAh"], board="2c 7d 9h Jc Ks", dead="Ad")
    with pytest.raises(InvalidRange, match="2 to 10 players"):
        range_equity(["AA"])
    with pytest.raises(InvalidRange, match="2 to 10 players"):
        range_equity(["22+"] * 11)
    with pytest.raises(InvalidRange, match="a board has 0, 3, 4 or 5 cards"):
        range_equity(["AA", "KK"], board="2c 3c")
    with pytest.raises(InvalidRange, match="list of ranges"):
        range_equity("AA, KK")
    with pytest.raises(InvalidCards, match="appears twice"):
        range_equity(["AA", "KK"], board="2c 3c 4c", dead="2c")


def test_13_6_feasibility_bound() -> None:
    assert exact_is_feasible([1, 1], 0, 0)  # 1,712,304 boards
    assert exact_is_feasible([1, 50], 0, 0) == (EXACT_LIMIT >= 50 * 1_712_304)
    assert not exact_is_feasible([1326, 1326], 0, 0)
    assert exact_is_feasible([1326, 1326], 5, 5)


def test_13_6_trials_and_seed_are_checked() -> None:
    assert check_trials(10, None) == (10, None)
    assert check_trials(10, 2**64 - 1) == (10, 2**64 - 1)
    for bad in (0, -1, 1.5, "10", True):
        with pytest.raises(RuleViolation, match="trials must be"):
            check_trials(bad, None)
    for bad_seed in (-1, 2**64, 1.0):
        with pytest.raises(RuleViolation, match="seed must be"):
            check_trials(5, bad_seed)

"""Amounts are exact or refused, whatever the other fields hold (§12.3): every amount field, random
amounts with mixed decimal places, up to 100 digits before the point and 8 after."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem.errors import HistoryError
from pyholdem.history.phh import dumps, loads

PER_PLAYER = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings")


@st.composite
def amount_texts(draw: st.DrawFn, max_digits: int = 40) -> str:
    whole = str(draw(st.integers(0, 10 ** draw(st.integers(1, max_digits)) - 1)))
    decimals = draw(st.integers(0, 8))
    if not decimals:
        return whole
    return f"{whole}.{draw(st.integers(0, 10**decimals - 1)):0{decimals}d}"


def exact_scale(texts: list[str]) -> int:
    places = 0
    for text in texts:
        _, _, fraction = text.partition(".")
        places = max(places, len(fraction.rstrip("0")))
    return 10**places


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 4), st.data())
def test_12_3_every_amount_field_reads_exactly_and_round_trips(n: int, data: st.DataObject) -> None:
    positive = amount_texts().filter(lambda t: Fraction(t) > 0)
    fields = {
        name: data.draw(
            st.lists(positive if name == "starting_stacks" else amount_texts(), min_size=n, max_size=n)
        )
        for name in PER_PLAYER
    }
    min_bet = data.draw(amount_texts(8).filter(lambda t: Fraction(t) > 0))
    bets = data.draw(st.lists(amount_texts(), min_size=0, max_size=3))
    lines = ['variant = "NT"'] + [f"{name} = [{', '.join(v)}]" for name, v in fields.items()]
    lines.append(f"min_bet = {min_bet}")
    lines.append("actions = [" + ", ".join(f'"p1 cbr {b}"' for b in bets) + "]")
    (hand,) = loads("\n".join(lines) + "\n")
    scale = exact_scale([t for v in fields.values() for t in v] + [min_bet, *bets])
    assert hand.scale == scale
    for name, texts in fields.items():
        got = getattr(hand, name)
        assert got == tuple(Fraction(t) * scale for t in texts), name
    assert hand.min_bet == Fraction(min_bet) * scale
    assert [a.amount for a in hand.actions] == [Fraction(b) * scale for b in bets]
    (again,) = loads(dumps(hand))
    assert (again.scale, again.starting_stacks, again.antes, again.winnings) == (
        hand.scale,
        hand.starting_stacks,
        hand.antes,
        hand.winnings,
    )
    assert [a.amount for a in again.actions] == [a.amount for a in hand.actions]


@pytest.mark.parametrize(
    "text",
    ["1" * 101, "0.000000001", "-1", "inf", "nan"],
)
def test_12_3_an_amount_that_cannot_be_exact_is_refused(text: str) -> None:
    body = 'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [0.5, 1]\nmin_bet = 1\n'
    with pytest.raises(HistoryError, match=r"§12\.3"):
        loads(body + f"starting_stacks = [{text}, 200]\nactions = []\n")


def test_12_3_a_31_digit_stack_beside_half_chip_blinds_reads_exactly() -> None:
    """The blinds' one decimal place scales every amount by 10; the 31-digit stack must stay exact
    (a decimal context of 28 digits would cut it)."""
    big = "1234567890123456789012345678901"
    body = 'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [0.5, 1]\nmin_bet = 1\n'
    (hand,) = loads(body + f"starting_stacks = [{big}, 200.25]\nactions = []\n")
    assert hand.scale == 100
    assert hand.starting_stacks == (int(big) * 100, 20025)
    (again,) = loads(dumps(hand))
    assert (again.scale, again.starting_stacks) == (hand.scale, hand.starting_stacks)

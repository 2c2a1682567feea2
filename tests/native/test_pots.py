"""The C pot resolver against the spec (sections 7.6, 7.7, 8.7, 8.8, 8.10): same result or same refusal."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pyholdem
from pyholdem import RuleViolation
from pyholdem.native import TWINS, ffi, lib
from pyholdem.native.settlement import resolve_pots
from pyholdem.rules.ruleset import FIELDS
from pyholdem.spec import showdown

SEATS = st.integers(2, 10)
ODD_CHIP_RULES = [None, *FIELDS["odd_chip_rule"].metadata["choices"]]


@st.composite
def hands(draw: st.DrawFn, seats: st.SearchStrategy[int] = SEATS) -> dict[str, Any]:
    """A valid settlement input with many equal contributions (all-ins at a few levels) and tied values."""
    n = draw(seats)
    unit = draw(st.sampled_from([1, 1, 1, 2, 5, 25, 100]))
    levels = draw(st.lists(st.integers(0, 40), min_size=1, max_size=4))
    odd = draw(st.integers(0, 3))
    contributions = [
        draw(st.sampled_from(levels)) * unit + draw(st.sampled_from([0, 0, 0, odd])) for _ in range(n)
    ]
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda f: not all(f)))
    pool = draw(st.lists(st.integers(0, 2**31 - 1), min_size=1, max_size=3))
    values = [None if f and draw(st.booleans()) else draw(st.sampled_from(pool)) for f in folded]
    dead = draw(st.none() | st.lists(st.sampled_from([0, 0, 1, unit, 3 * unit]), min_size=n, max_size=n))
    all_in = draw(st.none() | st.lists(st.booleans(), min_size=n, max_size=n))
    return {
        "all_in": all_in,
        "contributions": contributions,
        "folded": folded,
        "values": values,
        "button": draw(st.integers(0, n - 1)),
        "dead": dead,
        "odd_chip_rule": draw(st.sampled_from(ODD_CHIP_RULES)),
        "chip_unit": draw(st.sampled_from([unit, 1, 3])),
    }


def call(function: Any, args: dict[str, Any]) -> Any:
    positional = [args["contributions"], args["folded"], args["values"], args["button"]]
    keywords = {k: args[k] for k in ("dead", "all_in", "odd_chip_rule", "chip_unit") if k in args}
    try:
        return function(*positional, **keywords)
    except pyholdem.PyHoldemError as exc:
        return type(exc), exc.section, str(exc)


def test_8_10_resolver_is_registered_as_twin() -> None:
    assert TWINS["pyholdem.spec.showdown:resolve_pots"] == (
        "ph_resolve_pots",
        "pyholdem.native.pots:resolve_pots",
    )
    assert pyholdem.resolve_pots is resolve_pots


@given(hands())
def test_8_10_c_settlement_equals_spec(args: dict[str, Any]) -> None:
    expected = call(showdown.resolve_pots, args)
    assert call(resolve_pots, args) == expected
    assert sum(expected.payouts) == sum(args["contributions"]) + sum(args["dead"] or [])


@given(hands(st.integers(3, 10)), st.data())
def test_8_8_three_and_four_way_splits_with_odd_chips(args: dict[str, Any], data: st.DataObject) -> None:
    n = len(args["contributions"])
    k = data.draw(st.integers(3, min(4, n)))
    tied = data.draw(st.lists(st.integers(0, n - 1), min_size=k, max_size=k, unique=True))
    level = max(args["contributions"]) + data.draw(st.integers(1, 8))
    for s in range(n):  # only the tied seats hold the best value (the others may be eligible too)
        if args["values"][s] is not None:
            args["values"][s] = min(args["values"][s], 2**31 - 2)
    for s in tied:
        args["contributions"][s] = level
        args["folded"][s] = False
        args["values"][s] = 2**31 - 1
    settlement = call(resolve_pots, args)
    assert settlement == call(showdown.resolve_pots, args)
    assert set(settlement.pots[-1].winners) == set(tied)


BREAKS = [
    ("contributions", lambda a: a["contributions"].__setitem__(0, -1)),
    ("contributions", lambda a: a["contributions"].__setitem__(-1, 2.5)),
    ("dead", lambda a: a.__setitem__("dead", [0] * (len(a["folded"]) - 1) + [-3])),
    ("dead", lambda a: a.__setitem__("dead", [1])),
    ("values", lambda a: (a["folded"].__setitem__(0, False), a["values"].__setitem__(0, -1))),
    ("values", lambda a: (a["folded"].__setitem__(1, False), a["values"].__setitem__(1, 2**31))),
    ("values", lambda a: (a["folded"].__setitem__(0, False), a["values"].__setitem__(0, None))),
    ("folded", lambda a: a["folded"].__setitem__(0, "yes")),
    ("all_in", lambda a: a.__setitem__("all_in", [None] * len(a["folded"]))),
    ("all_in", lambda a: a.__setitem__("all_in", [False])),
    ("folded", lambda a: a.__setitem__("folded", [True] * len(a["folded"]))),
    ("folded", lambda a: a["folded"].append(False)),
    ("button", lambda a: a.__setitem__("button", len(a["folded"]))),
    ("button", lambda a: a.__setitem__("button", -1)),
    ("chip_unit", lambda a: a.__setitem__("chip_unit", 0)),
    ("odd_chip_rule", lambda a: a.__setitem__("odd_chip_rule", "right_of_button")),
    ("seats", lambda a: [a[k].extend([0] * (11 - len(a[k]))) for k in ("contributions", "folded", "values")]),
    ("seats", lambda a: [a.__setitem__(k, a[k][:1]) for k in ("contributions", "folded", "values", "dead")]),
]


@pytest.mark.parametrize(("field", "breaker"), BREAKS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(BREAKS)])
@given(args=hands())
def test_7_7_invalid_input_refused_like_spec(field: str, breaker: Any, args: dict[str, Any]) -> None:
    if args["dead"] is None:
        args["dead"] = [0] * len(args["contributions"])
    breaker(args)
    expected = call(showdown.resolve_pots, args)
    assert expected[:2] == (RuleViolation, "7.7"), field
    assert call(resolve_pots, args) == expected
    with pytest.raises(RuleViolation, match=field.rstrip("s") if field != "seats" else "seats"):
        resolve_pots(
            args["contributions"], args["folded"], args["values"], args["button"],
            dead=args["dead"], all_in=args["all_in"], odd_chip_rule=args["odd_chip_rule"],
            chip_unit=args["chip_unit"],
        )  # fmt: skip


def test_7_7_totals_beyond_int64_are_refused_not_wrapped() -> None:
    with pytest.raises(RuleViolation, match="limit"):
        resolve_pots([2**63, 5], [False, False], [1, 2], 0)
    with pytest.raises(RuleViolation, match="limit"):
        resolve_pots([2**62, 2**62], [False, False], [1, 2], 0)
    with pytest.raises(RuleViolation, match="limit"):
        resolve_pots([2**62, 2**62 - 1], [False, False], [1, 2], 0, dead=[2**62, 0])


def _c_call(n: int, contributions: list[int], folded: list[int], values: list[int], **kw: Any) -> Any:
    dead = kw.get("dead")
    held = (
        ffi.new("int64_t[]", contributions),
        ffi.new("uint8_t[]", folded),
        ffi.new("int32_t[]", values),
        ffi.new("int64_t[]", dead) if dead else ffi.NULL,
        ffi.new("int64_t[]", max(n, lib.PH_MAX_SEATS)),
        ffi.new("ph_pot[]", lib.PH_MAX_POTS),
    )
    query = ffi.new("ph_pot_query *")
    query.n_seats, query.button = n, kw.get("button", 0)
    query.odd_chip_rule, query.chip_unit = kw.get("odd_chip_rule", 0), kw.get("chip_unit", 1)
    query.contributions, query.folded, query.values, query.dead, query.payouts, query.pots = held
    status = lib.ph_resolve_pots(query)
    return status, query.fault.field, query.fault.seat


@pytest.mark.parametrize(
    ("arguments", "field", "seat"),
    [
        ((2, [5, -5], [0, 0], [1, 1]), "CONTRIBUTION", 1),
        ((3, [5, 5, 5], [0, 0, 0], [1, -2, 1]), "VALUE", 1),
        ((3, [5, 5, 5], [0, 1, 0], [1, -2, 1]), "NONE", -1),
        ((2, [5, 5], [1, 1], [1, 1]), "FOLDED", -1),
        ((1, [5], [0], [1]), "SEATS", -1),
        ((11, [5] * 11, [0] * 11, [1] * 11), "SEATS", -1),
        ((0, [5], [0], [1]), "SEATS", -1),
        ((2, [2**62, 2**62], [0, 0], [1, 1]), "TOTAL", 1),
    ],
)
def test_7_7_c_checks_every_count_and_amount(arguments: tuple[Any, ...], field: str, seat: int) -> None:
    status, got_field, got_seat = _c_call(*arguments)
    assert (got_field, got_seat) == (getattr(lib, f"PH_FIELD_{field}"), seat)
    assert status == (lib.PH_OK if field == "NONE" else lib.PH_ERR_ARGUMENT)


@pytest.mark.parametrize(
    ("kw", "field"),
    [
        ({"dead": [0, -1]}, "DEAD"),
        ({"button": 2}, "BUTTON"),
        ({"button": -1}, "BUTTON"),
        ({"chip_unit": 0}, "CHIP_UNIT"),
        ({"odd_chip_rule": 2}, "ODD_CHIP_RULE"),
        ({"odd_chip_rule": -1}, "ODD_CHIP_RULE"),
    ],
)
def test_7_7_c_checks_button_unit_rule_and_dead(kw: dict[str, Any], field: str) -> None:
    status, got_field, _ = _c_call(2, [5, 7], [0, 0], [1, 2], **kw)
    assert status == lib.PH_ERR_ARGUMENT and got_field == getattr(lib, f"PH_FIELD_{field}")


def test_7_7_c_refuses_null_buffers() -> None:
    assert lib.ph_resolve_pots(ffi.NULL) == lib.PH_ERR_ARGUMENT
    assert lib.ph_resolve_pots_batch(ffi.NULL) == lib.PH_ERR_ARGUMENT
    assert lib.ph_resolve_showdowns_batch(ffi.NULL) == lib.PH_ERR_ARGUMENT
    query = ffi.new("ph_pot_query *", {"n_seats": 2, "chip_unit": 1})
    assert lib.ph_resolve_pots(query) == lib.PH_ERR_ARGUMENT and query.fault.field == lib.PH_FIELD_COUNT
    for n_hands in (1, -1):
        rows = ffi.new("ph_pot_rows *", {"n_hands": n_hands, "n_seats": 2, "chip_unit": 1})
        assert (
            lib.ph_resolve_pots_batch(rows) == lib.PH_ERR_ARGUMENT and rows.fault.field == lib.PH_FIELD_COUNT
        )
    rows = ffi.new("ph_pot_rows *", {"n_hands": 1, "n_seats": 2, "chip_unit": 1})
    assert (
        lib.ph_resolve_showdowns_batch(rows) == lib.PH_ERR_ARGUMENT and rows.fault.field == lib.PH_FIELD_COUNT
    )
    rows = ffi.new("ph_pot_rows *", {"n_hands": 0, "n_seats": 2, "chip_unit": 1})
    assert lib.ph_resolve_pots_batch(rows) == lib.PH_OK


def test_7_7_c_showdowns_need_the_cards() -> None:
    """A showdown batch with every array but the cards is refused (``PH_FIELD_COUNT``), not read."""
    c, f, v, b = (np.zeros((1, 2), np.int64), np.zeros((1, 2), np.uint8), np.zeros((1, 2), np.int32),
                  np.zeros(1, np.int64))  # fmt: skip
    payouts = np.zeros((1, 2), np.int64)
    held = [ffi.from_buffer(x) for x in (c, f, v, b, payouts)]
    rows = ffi.new("ph_pot_rows *", {"n_hands": 1, "n_seats": 2, "chip_unit": 1})
    rows.contributions, rows.folded = ffi.cast("int64_t *", held[0]), ffi.cast("uint8_t *", held[1])
    rows.values, rows.buttons = ffi.cast("int32_t *", held[2]), ffi.cast("int64_t *", held[3])
    rows.payouts = ffi.cast("int64_t *", held[4])
    assert (
        lib.ph_resolve_showdowns_batch(rows) == lib.PH_ERR_ARGUMENT and rows.fault.field == lib.PH_FIELD_COUNT
    )
    c[0] = [5, 5]
    assert lib.ph_resolve_pots_batch(rows) == lib.PH_OK and payouts.tolist() == [[5, 5]]


def test_7_6_uncalled_bet_and_side_pots_example() -> None:
    settlement = resolve_pots([100, 50, 300, 20], [False, True, False, False], [5, None, 5, 9], 0)
    assert settlement.payouts == (95, 0, 295, 80)
    assert [(p.amount, p.eligible, p.winners) for p in settlement.pots] == [
        (80, (0, 2, 3), (3,)),
        (190, (0, 2), (0, 2)),
    ]
    assert settlement == showdown.resolve_pots(
        [100, 50, 300, 20], [False, True, False, False], [5, None, 5, 9], 0
    )

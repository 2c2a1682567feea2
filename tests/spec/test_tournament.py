"""Spec 09: the tournament's pure rules (money, clock, places, payouts, tables, colour-up, deals)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import RuleSet, RuleViolation, cards, preset
from pyholdem.rules.structure import STRUCTURES, Level, Structure, load_structure, structure_preset
from pyholdem.spec.tournament import (
    accept_entry,
    addon_allowed,
    apply_deal,
    balance_move,
    balance_moves,
    balancing_due,
    break_table,
    check_addon,
    check_rebuy,
    chip_race,
    clock_after_round,
    colour_up_cards,
    colour_ups,
    dealt_in_on_arrival,
    final_table,
    finish_hand,
    hand_for_hand_in_force,
    hand_for_hand_places,
    icm_values,
    initial_table_sizes,
    level_at,
    new_level_applies,
    payout_amounts,
    payout_shares,
    places_paid,
    prize_pool,
    propose_deal,
    race_cards,
    rank_busts,
    rebuy_allowed,
    round_payouts,
    schedule_at,
    shared_prizes,
    starting_stacks,
    tournament_clock,
    tournament_winner,
)

FAST = settings(max_examples=40, deadline=None)
SNG = preset("seed_002_sng_addon")
HOME = preset("seed_000_home_nl")


def test_9_1_seed_000_ten_at_twenty_and_seed_002_add_ons() -> None:
    assert prize_pool(10, 20, RuleSet()) == (200, 0)
    assert prize_pool(8, 30, SNG, addons=6, addon_price=20) == (360, 0)
    with pytest.raises(RuleViolation, match=r"§9\.1"):
        prize_pool(-1, 20, RuleSet())


def test_9_2_starting_stack_multiple_of_the_chip_unit() -> None:
    assert starting_stacks(["A", "B"], 1000, RuleSet(chip_unit=25)) == {"A": 1000, "B": 1000}
    with pytest.raises(RuleViolation, match="chip unit 25"):
        starting_stacks(["A"], 1010, RuleSet(chip_unit=25))
    with pytest.raises(RuleViolation, match="registered twice"):
        starting_stacks(["A", "A"], 1000, RuleSet())


def test_9_3_level_at_minutes_and_hands() -> None:
    durations = STRUCTURES["seed_002_sng_addon"].durations
    assert [level_at(durations, m, RuleSet()) for m in (0, 44, 45, Fraction(2699, 60), 10_000)] == [
        1,
        1,
        2,
        1,
        8,
    ]
    # past a timed last level the levels after it follow, each as long as the last (§9.3)
    assert [level_at((30, 30), h, RuleSet(level_clock="hands")) for h in (59, 60, 89, 90, 100)] == [
        2,
        3,
        3,
        4,
        4,
    ]
    assert level_at((30, None), 100, RuleSet(level_clock="hands")) == 2
    with pytest.raises(RuleViolation, match="whole number"):
        level_at((30, None), Fraction(1, 2), RuleSet(level_clock="hands"))
    with pytest.raises(RuleViolation, match=r"§9\.3"):
        level_at((30, None, 30), 5, RuleSet())


def test_9_4_seed_002_cut_but_no_card_dealt_is_at_once() -> None:
    markers = {"shuffle_started": 100, "cut": 130, "first_card_dealt": None}
    assert new_level_applies(markers, 135, SNG) is True
    assert new_level_applies(markers, 135, preset("seed_001_event")) is False
    with pytest.raises(RuleViolation, match="unknown hand marker"):
        new_level_applies({"riffle": 1}, 0, RuleSet())


def test_9_5_breaks_stop_the_playing_clock() -> None:
    sng = structure_preset("seed_002_sng_addon")
    assert tournament_clock(134, sng.durations, sng.breaks) == (134, False)
    assert schedule_at(135, sng) == (3, 135, True)
    assert schedule_at(149, sng) == (3, 135, True)
    assert schedule_at(150, sng) == (4, 135, False)


def test_9_6_rebuy_checks_name_the_condition() -> None:
    assert rebuy_allowed(0, 3, 0, 0, HOME)
    with pytest.raises(RuleViolation, match="no rebuys"):
        check_rebuy(0, 1, 0, 0, RuleSet())
    with pytest.raises(RuleViolation, match="empty stack"):
        check_rebuy(10, 1, 0, 0, HOME)
    with pytest.raises(RuleViolation, match="between hands"):
        check_rebuy(0, 1, 0, 0, HOME, between_hands=False)
    assert rebuy_allowed(0, 1, 0, 0, HOME.replace(rebuy_between_hands_only=False), between_hands=False)


def test_9_7_seed_002_all_in_declared_add_on_then_loses_is_refused() -> None:
    with pytest.raises(RuleViolation, match="declaration during a hand"):
        check_addon(40, 60, 0, 0, SNG, between_hands=False)
    with pytest.raises(RuleViolation, match="one chip"):
        check_addon(0, 60, 0, 0, SNG)
    assert addon_allowed(40, 0, 0, 0, SNG)
    assert not addon_allowed(40, 10, 0, 0, HOME, level=4)
    assert not addon_allowed(40, 10, 0, 1, HOME)


def test_9_8_no_entry_after_the_start_by_default() -> None:
    assert accept_entry(False, RuleSet()) and not accept_entry(True, RuleSet())
    assert not accept_entry(False, RuleSet(), registration_open=False)


def test_9_9_places_count_in_the_whole_tournament() -> None:
    start = {"A": 500, "B": 800, "C": 3000}
    end = {"A": 0, "B": 0, "C": 4300}
    assert finish_hand(start, end, RuleSet(), remaining=57) == {"B": 58, "A": 59}
    with pytest.raises(RuleViolation, match="fewer than"):
        finish_hand(start, end, RuleSet(), remaining=0)


def test_9_10_two_busts_on_one_hand_ordered_by_starting_stack() -> None:
    assert rank_busts({"Ann": 500, "Bob": 1200}, 4, RuleSet()) == {"Bob": 5, "Ann": 6}
    assert rank_busts({"A": 9, "B": 9}, 1, RuleSet()) == {"A": (2, 3), "B": (2, 3)}


def test_9_11_hand_for_hand_readings_and_clock() -> None:
    busts = {1: ["A"], 2: ["B", "C"], 3: ["D"]}
    stacks = {"A": 100, "B": 300, "C": 200, "D": 50}
    assert set(hand_for_hand_places(busts, 10, RuleSet()).values()) == {(11, 14)}
    places = hand_for_hand_places(busts, 10, SNG, start_stacks=stacks)
    assert places == {"A": (11, 13), "B": (11, 13), "D": (11, 13), "C": 14}
    assert clock_after_round(10, RuleSet(hand_for_hand_minutes=3)) == 13
    with pytest.raises(RuleViolation, match="starting stack"):
        hand_for_hand_places(busts, 10, SNG)


def test_9_12_seed_002_fixed_third_prize_and_a_field_too_small() -> None:
    shares, fixed = payout_shares(360, SNG)
    assert fixed == {3} and sum(shares) == 360
    with pytest.raises(RuleViolation, match="cannot fill"):
        payout_amounts(60, SNG, entrants=2)


def test_9_13_rounding_stays_on_the_unit_and_first_never_negative() -> None:
    rules = RuleSet(payout_rounding="nearest_unit", payout_percentages=(25, 25, 25, 25))
    assert payout_amounts(2, rules) == (1, 1, 0, 0)
    with pytest.raises(RuleViolation, match="multiple of the rounding unit"):
        payout_amounts(2350, RuleSet(), unit=100)


PERCENTAGES = st.lists(st.integers(1, 40), min_size=1, max_size=8).map(
    lambda xs: tuple(sorted(xs, reverse=True))
)


@FAST
@given(
    pool_units=st.integers(0, 5000),
    unit=st.sampled_from([1, 5, 25, 100]),
    weights=PERCENTAGES,
    rounding=st.sampled_from(["floor_rest_to_first", "nearest_unit"]),
)
def test_9_13_prizes_sum_to_the_pool_non_negative_non_increasing(
    pool_units: int, unit: int, weights: tuple[int, ...], rounding: str
) -> None:
    pool = pool_units * unit
    total = sum(weights)
    shares = tuple(Fraction(pool * w, total) for w in weights)
    amounts = round_payouts(pool, shares, RuleSet(payout_rounding=rounding), unit=unit)
    assert sum(amounts) == pool
    assert all(a >= 0 and a % unit == 0 for a in amounts)
    assert list(amounts) == sorted(amounts, reverse=True)
    assert all(abs(a - s) < unit * len(shares) for a, s in zip(amounts, shares, strict=True))


def test_9_14_fourteen_players_sit_seven_and_seven() -> None:
    assert initial_table_sizes(14, HOME) == (7, 7)
    assert initial_table_sizes(10, HOME) == (10,)
    assert initial_table_sizes(137, RuleSet(max_seats=9)) == (9,) * 9 + (8,) * 7
    with pytest.raises(RuleViolation, match="at least 2"):
        initial_table_sizes(1, RuleSet())


def _tables(sizes: list[int], max_seats: int = 10) -> dict[int, dict[str, object]]:
    return {
        t: {
            "seats": {s: f"T{t}S{s}" for s in range(1, n + 1)},
            "button": n if n else None,
            "big_blind": 2 if n >= 2 else None,
        }
        for t, n in enumerate(sizes, 1)
    }


def test_9_15_tda_11a_next_big_blind_to_the_worst_position() -> None:
    tables = _tables([9, 6])
    assert balance_move(tables, RuleSet()) == (1, "T1S3", 2, 7)
    assert not balancing_due(tables, preset("seed_000_bill_limit"), level_changed=False)
    assert balancing_due(_tables([9, 1]), preset("seed_000_bill_limit"), level_changed=False)


@FAST
@given(
    sizes=st.lists(st.integers(1, 10), min_size=2, max_size=9),
    mover=st.sampled_from(["next_big_blind", "high_card_draw", "random_draw"]),
    destination=st.sampled_from(["worst_position", "any_seat_before_bb", "random"]),
    seed=st.integers(0, 2**32),
)
def test_9_15_balancing_ends_within_tolerance(
    sizes: list[int], mover: str, destination: str, seed: int
) -> None:
    rules = RuleSet(balance_mover=mover, balance_destination=destination)
    tables = _tables(sizes)
    moves = balance_moves(tables, rules, seed=seed)
    counts = Counter({t: n for t, n in enumerate(sizes, 1)})
    seats = {t: set(tb["seats"]) for t, tb in tables.items()}
    where = {p: t for t, tb in tables.items() for p in tb["seats"].values()}
    for source, player, target, seat in moves:
        assert where[player] == source and source != target
        where[player] = target
        assert seat not in seats[target] and 1 <= seat <= 10
        seats[target].add(seat)
        counts[source] -= 1
        counts[target] += 1
    tolerance = 1 if len(sizes) <= 6 else 2
    assert max(counts.values()) - min(counts.values()) <= tolerance
    assert sum(counts.values()) == sum(sizes)


def test_9_16_no_table_breaks_early_and_the_order_names_every_table() -> None:
    assert break_table(_tables([9, 9, 3]), RuleSet()) is None
    with pytest.raises(RuleViolation, match="breaking order"):
        break_table(_tables([5, 5, 2]), RuleSet(), order=[1, 2])


def test_9_17_seed_000_bill_final_table_next_level() -> None:
    seats, level = final_table(_tables([5, 5]), 6, preset("seed_000_bill_limit"), seed=2)
    assert level == 7 and sorted(seats.values()) == list(range(1, 11))
    assert final_table(_tables([5, 4]), 6, RuleSet())[1] == 6


def test_9_18_seed_001_chip_race_drawn_from_a_seed_and_colour_ups() -> None:
    stacks = {1: 1025, 2: 2050, 3: 575, 4: 3050}
    assert chip_race(stacks, 25, 100, None, RuleSet(), seed=5) == chip_race(
        stacks, 25, 100, None, RuleSet(), seed=5
    )
    with pytest.raises(RuleViolation, match="cards were dealt"):
        chip_race(stacks, 25, 100, cards("2c Ah"), RuleSet())
    assert colour_ups(structure_preset("seed_000_bill_limit")) == ((5, 5, 25), (6, 25, 50), (7, 50, 100))


@FAST
@given(
    odd=st.lists(st.integers(0, 3), min_size=2, max_size=9),
    base=st.lists(st.integers(0, 30), min_size=9, max_size=9),
    seed=st.integers(0, 10**6),
    no_elim=st.booleans(),
)
def test_9_18_chip_race_conserves_chips_but_the_odd_ones(
    odd: list[int], base: list[int], seed: int, no_elim: bool
) -> None:
    stacks = {s: base[s - 1] * 100 + 25 * n for s, n in enumerate(odd, 1)}
    rules = RuleSet(chip_race_no_elimination=no_elim)
    after = chip_race(stacks, 25, 100, None, rules, seed=seed)
    value = sum(s % 100 for s in stacks.values())
    raced = value // 100 + (1 if 2 * (value % 100) >= 100 else 0)
    gained = [s for s in stacks if after[s] - (stacks[s] - stacks[s] % 100) == 100]
    only_odd = [s for s in stacks if 0 < stacks[s] < 100]
    assert raced <= len(gained) <= raced + (len(only_odd) if no_elim else 0)
    winners = gained
    assert sum(after.values()) == sum(stacks.values()) - value + 100 * len(winners)
    assert all(v % 100 == 0 for v in after.values())
    if no_elim:
        assert all(after[s] > 0 for s in stacks if stacks[s] > 0)


def test_9_18_race_cards_deal_one_card_an_odd_chip_in_dealing_order() -> None:
    stacks = {1: 1025, 2: 2050, 3: 575, 4: 3000, 5: 140}
    odd, chips = race_cards({k: v - v % 25 for k, v in stacks.items()}, 25, 100, RuleSet())
    assert list(odd.items()) == [(1, 1), (2, 2), (3, 3), (5, 1)] and chips == 2  # 175 odd: 1 chip + 75
    assert colour_up_cards(stacks, 25, 100, RuleSet()) == (odd, chips)
    left = RuleSet(chip_race_start="dealer_left")
    assert list(colour_up_cards(stacks, 25, 100, left, button=2)[0]) == [3, 5, 1, 2]
    with pytest.raises(RuleViolation, match="needs the button seat"):
        colour_up_cards(stacks, 25, 100, left)
    with pytest.raises(RuleViolation, match="not a multiple of 25"):
        race_cards(stacks, 25, 100, RuleSet())
    # the race is dealt as planned: as many cards as the plan says, as many chips won
    dealt = cards("As Kh 2c 3d 4h 5s 6c")
    after = chip_race({k: v - v % 25 for k, v in stacks.items()}, 25, 100, dealt, RuleSet())
    assert sum(after.values()) == sum(v - v % 100 for v in stacks.values()) + 100 * chips
    with pytest.raises(RuleViolation, match="6 cards were dealt for 7"):
        chip_race({k: v - v % 25 for k, v in stacks.items()}, 25, 100, dealt[:6], RuleSet())


def test_9_19_icm_hand_computed_three_players_and_deals() -> None:
    result = icm_values((50, 30, 20), (50, 30, 20))
    assert result.exact
    sampled = icm_values((50, 30, 20), (50, 30, 20), method="sample", trials=4000, seed=1)
    assert not sampled.exact and sum(sampled.values) == 100
    assert all(
        abs(float(a - b)) <= sampled.error_bound for a, b in zip(sampled.values, result.values, strict=True)
    )
    deal = propose_deal({"A": 50, "B": 30, "C": 20}, (50, 30, 20), "icm")
    assert apply_deal(("A", "B", "C"), deal, 100, {"A", "B", "C"}) == deal
    with pytest.raises(RuleViolation, match="has not agreed"):
        apply_deal(("A", "B", "C"), deal, 100, {"A", "C"})
    with pytest.raises(RuleViolation, match="more prizes"):
        icm_values((5, 5), (3, 2, 1))


@FAST
@given(stacks=st.lists(st.integers(1, 10_000), min_size=2, max_size=7), prizes=PERCENTAGES)
def test_9_19_icm_sums_to_the_pool_and_is_monotone_in_stack(
    stacks: list[int], prizes: tuple[int, ...]
) -> None:
    prizes = prizes[: len(stacks)]
    values = icm_values(stacks, prizes).values
    paid = sum(prizes[: len(stacks)])
    assert sum(values) == paid
    for i in range(len(stacks)):
        for j in range(len(stacks)):
            if stacks[i] > stacks[j]:
                assert values[i] >= values[j]
    deal = propose_deal(dict(enumerate(stacks)), prizes, "icm")
    assert sum(deal.values()) == paid and min(deal.values()) >= 0


def test_9_20_winner_holds_every_chip() -> None:
    assert tournament_winner({"A": 0, "B": 10}) == "B"
    assert tournament_winner({"A": 5, "B": 10}) is None


def test_9_21_tied_places_share() -> None:
    assert shared_prizes((1000, 600, 400), ("A", "B", "C"), 3) == {"A": 134, "B": 133, "C": 133}


def test_9_22_not_dealt_in_between_button_and_small_blind() -> None:
    assert not dealt_in_on_arrival(4, 3, 5, RuleSet())
    assert dealt_in_on_arrival(5, 3, 5, RuleSet())


def test_9_23_hand_for_hand_on_the_bubble() -> None:
    assert hand_for_hand_in_force(52, 50, 6, RuleSet())
    assert not hand_for_hand_in_force(50, 50, 6, RuleSet())


def test_9_24_what_do_i_pay_137_players() -> None:
    assert places_paid(137, HOME) == 35
    amounts = payout_amounts(2740, preset("seed_001_event"), entrants=137)
    assert len(amounts) == 20 and sum(amounts) == 2740
    assert list(amounts) == sorted(amounts, reverse=True)
    assert payout_amounts(200, HOME, entrants=10) == (120, 50, 30)


def test_9_3_structures_round_trip_through_toml() -> None:
    for structure in STRUCTURES.values():
        assert load_structure(structure.to_toml()) == structure
    assert load_structure('preset = "seed_002_sng_addon"\nbuy_in = 40').buy_in == 40
    with pytest.raises(RuleViolation, match="unknown structure field"):
        load_structure("buyin = 3")
    with pytest.raises(RuleViolation, match="open-ended"):
        Structure(levels=(Level(1, 2, duration=None), Level(2, 4)), starting_stack=10, buy_in=1)
    with pytest.raises(RuleViolation, match="unknown structure preset"):
        structure_preset("nope")


@FAST
@given(
    start=st.lists(st.integers(1, 5), min_size=2, max_size=9),
    busted=st.lists(st.booleans(), min_size=9, max_size=9),
    elsewhere=st.integers(0, 50),
    equal=st.sampled_from(["share", "seat_order"]),
)
def test_9_10_busts_take_the_block_below_the_survivors(
    start: list[int], busted: list[bool], elsewhere: int, equal: str
) -> None:
    players = [f"P{i}" for i in range(len(start))]
    end = {p: 0 if busted[i] else start[i] for i, p in enumerate(players)}
    if all(v == 0 for v in end.values()):
        end[players[0]] = 1
    starting = dict(zip(players, start, strict=True))
    survivors = sum(1 for v in end.values() if v)
    places = finish_hand(starting, end, RuleSet(multi_bust_equal=equal), remaining=survivors + elsewhere)
    covered: list[int] = []
    for place in places.values():
        best, worst = (place, place) if isinstance(place, int) else place
        assert sum(1 for q in places.values() if q == place) == worst - best + 1  # a block, fully shared
        if best not in covered:
            covered.extend(range(best, worst + 1))
        if equal == "seat_order":
            assert isinstance(place, int)
    first = survivors + elsewhere + 1
    assert sorted(covered) == list(range(first, first + len(places)))
    for a in places:
        for b in places:
            if starting[a] > starting[b]:
                pa, pb = places[a], places[b]
                assert (pa if isinstance(pa, int) else pa[1]) < (pb if isinstance(pb, int) else pb[0])


def test_9_12_payout_fixed_is_validated_and_travels_as_toml() -> None:
    from pyholdem import RuleSetError, load_rules

    assert load_rules(SNG.to_toml()).payout_fixed == ((3, 30),)
    with pytest.raises(RuleSetError, match="payout_fixed"):
        RuleSet(payout_fixed=((3, 30), (3, 10)))
    assert RuleSet(payout_fixed=[[2, 5]]).payout_fixed == ((2, 5),)


def test_9_21_shared_block_must_be_whole_units() -> None:
    assert shared_prizes((500, 300), ("A", "B"), 1, unit=100) == {"A": 400, "B": 400}
    with pytest.raises(RuleViolation, match="rounding unit"):
        shared_prizes((550, 300), ("A", "B", "C"), 1, unit=100)


def test_9_3_seed_000_structure_first_level_makes_the_65_pot_ten_handed() -> None:
    from pyholdem import Hand

    structure = structure_preset("seed_000_home_nl")
    first = structure.level(1)
    sizes = initial_table_sizes(10, HOME)
    assert sizes == (10,)
    hand = Hand(
        HOME,
        [structure.starting_stack] * sizes[0],
        button=0,
        blinds=(first.small_blind, first.big_blind),
        antes=first.ante,
        engine="spec",
    )
    assert hand.pot_total() == 65
    assert level_at(structure.durations, 90, HOME) == 4 and not rebuy_allowed(0, 4, 0, 0, HOME)

"""Spec 10's rulings as pure functions (pyholdem.spec.irregularities), one test per section."""

from __future__ import annotations

from collections import Counter

import pytest

from pyholdem import Card, RuleSet, RuleViolation, cards, preset
from pyholdem.spec.irregularities import (
    BoxedCard,
    ExposedCard,
    Misdeal,
    PrematureCard,
    boxed_card,
    burn_error,
    button_error,
    deck_fault,
    exposed_hole_cards,
    flop_too_many,
    joker_found,
    level_correction,
    live_event,
    misdeal_allowed,
    player_exposure,
    premature_card,
    premature_flop,
    redeal_seed,
    straddle_announcement,
    substantial_action,
    tossed_cards,
    wrong_card_count,
    wrong_level,
)

LIVE = RuleSet(live_play_layer=True)
BILL = preset("seed_000_bill_limit")
SEED_002 = preset("seed_002_sng_addon")


def test_10_1_events_need_the_layer_and_name_their_section() -> None:
    with pytest.raises(RuleViolation, match="live_play_layer"):
        live_event(BoxedCard(), RuleSet())
    assert live_event(BoxedCard(), LIVE) == "10.6"
    assert live_event(ExposedCard(0, Card("As")), LIVE) == "10.4"
    assert live_event(PrematureCard(), LIVE, street="turn") == "10.10"
    with pytest.raises(RuleViolation, match="dealer or the player"):
        live_event(ExposedCard(0, Card("As"), by="rail"), LIVE)


def test_10_2_substantial_action_bill_counts_two_actions_after_the_blinds() -> None:
    assert not substantial_action(["check", "fold"], RuleSet())
    assert substantial_action(["check", "fold"], BILL)
    assert substantial_action(["raise", "fold"], RuleSet())
    with pytest.raises(RuleViolation, match="not an action in turn"):
        substantial_action(["blind"], RuleSet())


def test_10_3_misdeal_before_and_after_two_players_acted_seed_000_bill() -> None:
    assert misdeal_allowed("out_of_sequence", ["fold"], BILL)
    assert not misdeal_allowed("out_of_sequence", ["fold", "fold"], BILL)
    assert redeal_seed(7, 1) != redeal_seed(b"7", 1)
    assert redeal_seed("x", 3) == redeal_seed("x", 3)
    with pytest.raises(RuleViolation, match="re-deal count"):
        redeal_seed(7, 0)


def test_10_4_exposed_card_becomes_the_flop_burn_and_the_52_cards_stay_apart() -> None:
    stub = cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d")
    r = exposed_hole_cards(stub, (1, 2, 3), (5,), RuleSet())
    assert isinstance(r, dict)
    placed = [c for h in r["hole"].values() for c in h] + [r["flop_burn"], *r["stub"]]
    assert Counter(placed) == Counter(stub)
    # seed 002 replaces any single exposed card, the first two included
    assert exposed_hole_cards(stub, (1, 2, 3), (2,), SEED_002) != "misdeal"
    assert exposed_hole_cards(stub, (1, 2, 3), (2,), RuleSet()) == "misdeal"
    with pytest.raises(RuleViolation, match="not distinct positions"):
        exposed_hole_cards(stub, (1, 2, 3), (7,), RuleSet())


def test_10_5_wrong_card_count_seed_002_forfeits_after_two_actions() -> None:
    assert wrong_card_count(3, ["fold"], SEED_002) == "misdeal"
    assert wrong_card_count(3, ["fold", "fold"], SEED_002) == "dead"
    with pytest.raises(RuleViolation, match="not a wrong number"):
        wrong_card_count(2, [], RuleSet())


def test_10_6_boxed_card_and_joker_seed_002_scrap_of_paper() -> None:
    r = boxed_card(cards("Kd 4s 9h"), SEED_002)
    assert r["scrap"] == cards("Kd") and r["card"] == Card("4s")
    assert boxed_card(cards("Kd 4s 9h"), BILL)["stub"] == cards("9h Kd")
    assert joker_found([], SEED_002) == "misdeal"
    assert joker_found(["call", "call"], SEED_002, in_hand=True, reported=True) == "replace"
    with pytest.raises(RuleViolation, match="needs a card below"):
        boxed_card(cards("Kd"), RuleSet())


def test_10_7_missing_burn_seed_002_card_stands_and_bill_reshuffles() -> None:
    flop, stub = cards("Ah Kd 7c"), cards("2s 9h 3d 4d")
    assert burn_error("missing", "flop", (), flop, stub, SEED_002)["dealt"] == flop
    r = burn_error("missing", "flop", (), flop, stub, BILL, seed=1)
    assert Counter(r["burned"] + r["dealt"] + r["stub"]) == Counter(flop + stub)
    with pytest.raises(RuleViolation, match="not 'missing' or 'extra'"):
        burn_error("wrong", "flop", (), flop, stub, RuleSet())


def test_10_8_flop_too_many_seed_002_keeps_the_burn() -> None:
    r = flop_too_many(cards("5h"), cards("Ah Kd 7c 2s"), cards("9h 3d"), SEED_002, seed=3)
    assert r["burned"] == cards("5h") and r["next_burn"] is None
    assert Counter(r["dealt"] + r["stub"]) == Counter(cards("Ah Kd 7c 2s 9h 3d"))


def test_10_9_premature_flop_is_reshuffled_into_the_stub() -> None:
    r = premature_flop(cards("5h"), cards("Ah Kd 7c"), cards("9h 3d"), seed=1)
    assert r["burned"] == cards("5h") and sorted(r["stub"]) == sorted(cards("Ah Kd 7c 9h 3d"))


def test_10_10_premature_turn_seed_002_appendix_step_by_step() -> None:
    r = premature_card("turn", cards("6d"), Card("Qs"), cards("3d 8c 2h"), SEED_002)
    assert r["set_aside"] == cards("Qs") and r["plan"] == {"turn": (True, False), "river": (False, True)}
    r = premature_card("river", cards("6d"), Card("Qs"), cards("3d 8c"), SEED_002)
    assert r["plan"] == {"river": (False, True)}
    with pytest.raises(RuleViolation, match="turn or river"):
        premature_card("flop", (), Card("Qs"), (), RuleSet())


def test_10_11_missing_card_bill_and_fouled_deck() -> None:
    assert deck_fault("missing", [], BILL) == "misdeal"
    assert deck_fault("missing", ["call", "fold"], BILL) == "play_on"
    assert deck_fault("duplicate", [], BILL) == "void"
    with pytest.raises(RuleViolation, match="deck fault"):
        deck_fault("torn", [], RuleSet())


def test_10_12_player_exposure_bill_dead_seed_002_show_all() -> None:
    assert player_exposure(True, True, BILL) == "dead"
    assert player_exposure(False, True, BILL) == "live"
    assert player_exposure(True, True, SEED_002) == "show_all"
    assert player_exposure(True, False, SEED_002) == "live"


def test_10_13_button_misplaced_put_right_misdeal_or_stands() -> None:
    assert button_error([], RuleSet(), cards_dealt=False) == "put_right"
    assert button_error(["fold", "fold"], BILL) == "stands"


def test_10_14_wrong_level_folds_stand() -> None:
    assert wrong_level(["fold", "fold"], RuleSet()) == "correct"
    assert level_correction([(1, "fold"), (2, "check")]) == {"folds_stand": (1,), "act_again": (2,)}


def test_10_15_tossed_cards_are_a_fold() -> None:
    assert tossed_cards(True) == "fold"


def test_10_16_late_straddle_does_not_count_seed_003() -> None:
    assert straddle_announcement(False, preset("seed_003_general")) == "does_not_count"


def test_10_3_misdeal_event_value_is_frozen() -> None:
    with pytest.raises(AttributeError):
        Misdeal("boxed_cards").cause = "x"  # type: ignore[misc]

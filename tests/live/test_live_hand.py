"""The live hand (pyholdem.engine.live): dealing as steps and irregularities as events (spec 10)."""

from __future__ import annotations

import dataclasses

import pytest

from pyholdem import Card, IllegalAction, RuleSet, RuleViolation, preset, standard_deck
from pyholdem.engine.live import LiveHand, replay_live
from pyholdem.engine.setup import setup_from_arguments
from pyholdem.spec.cards import cut_deck, shuffled_deck
from pyholdem.spec.irregularities import (
    BoxedCard,
    BurnError,
    ButtonMisplaced,
    DeckFault,
    ExposedCard,
    FlopTooMany,
    Joker,
    Misdeal,
    PrematureCard,
    RetrieveCards,
    StraddleAnnounced,
    TossedCards,
    WrongCardCount,
    WrongLevel,
    redeal_seed,
)

LIVE = RuleSet(live_play_layer=True)


def live(name: str | None = None, **changes: object) -> RuleSet:
    base = preset(name) if name else RuleSet()
    return base.replace(live_play_layer=True, **changes)


def hand(rules: RuleSet = LIVE, n: int = 4, seed: object = 11, **kw: object) -> LiveHand:
    return LiveHand(setup_from_arguments(rules, [1000] * n, button=0, blinds=(5, 10), seed=seed), **kw)


def total(h: LiveHand) -> int:
    return sum(h.stacks) + h.pot_total()


def test_10_1_dealing_as_steps_from_the_seat_left_of_the_button() -> None:
    h = hand(deal=False)
    assert h.phase == "cut" and h.places()["stub"] == shuffled_deck(11)
    h.cut_deck(10)
    deck = cut_deck(shuffled_deck(11), 10)
    seats = []
    for _ in range(8):
        h.check_cards()
        card = h.deal_hole()
        seats.append(next(s for s in range(4) if card in h.hole_cards(s)))
    assert seats == [1, 2, 3, 0, 1, 2, 3, 0]
    assert h.hole_cards(1) == (deck[0], deck[4]) and h.phase == "betting" and h.to_act == 3
    for kind in ("call", "call", "call", "check"):
        h.act(kind)
    assert h.board == deck[9:12] and h.places()["burns"] == (deck[8],)
    with pytest.raises(RuleViolation, match="live_play_layer"):
        hand(RuleSet()).apply(BoxedCard())


def test_10_1_acting_before_the_deal_is_complete_is_refused() -> None:
    h = hand(deal=False)
    with pytest.raises(IllegalAction, match="deal is not complete"):
        h.act("call")


def test_10_2_substantial_action_ends_the_misdeal_window() -> None:
    h = hand()
    h.act("call")
    h.act("raise", 30)
    assert h.apply(Misdeal("out_of_sequence")).outcome == "stands"
    assert h.redeals == 0


def test_10_3_misdeal_re_deals_exactly_same_button_same_blinds_fresh_shuffle() -> None:
    h = hand()
    h.act("fold")
    before = h.hole_cards(1)
    ruling = h.apply(Misdeal("first_card_wrong_seat"))
    assert (ruling.section, ruling.outcome) == ("10.3", "misdeal")
    assert ruling.changes["seed"] == redeal_seed(11, 1)
    deck = cut_deck(shuffled_deck(redeal_seed(11, 1)), 26)
    assert h.hole_cards(1) == (deck[0], deck[4]) != before
    assert h.stacks == (1000, 995, 990, 1000) and h.to_act == 3 and h.setup.button == 0
    h.check_cards()


def test_10_4_dealer_exposed_card_becomes_the_flop_burn() -> None:
    h = hand(deal=False)
    h.cut_deck(None)
    deck = shuffled_deck(11)
    for _ in range(5):
        h.deal_hole()
    ruling = h.apply(ExposedCard(2, deck[1]))  # seat 2's first card, the second dealt
    assert ruling.outcome == "misdeal"  # the second card dealt: TDA misdeals
    h = hand(deal=False)
    h.cut_deck(None)
    for _ in range(5):
        h.deal_hole()
    ruling = h.apply(ExposedCard(1, deck[4]))  # the fifth card, seat 1's second
    assert ruling.outcome == "replace" and h.places()["reserved"] == (deck[4],)
    h.deal_all()
    assert h.hole_cards(1) == (deck[0], deck[8])
    for kind in ("call", "call", "call", "check"):
        h.act(kind)
    assert h.places()["burns"] == (deck[4],) and h.board == deck[9:12]


def test_10_4_seed_002_replaces_the_first_card_and_misdeals_on_two() -> None:
    rules = live("seed_002_sng_addon")
    h = hand(rules, deal=False)
    h.cut_deck(None)
    deck = shuffled_deck(11)
    h.deal_hole()
    assert h.apply(ExposedCard(1, deck[0])).outcome == "replace"
    h.deal_hole()
    assert h.apply(ExposedCard(2, deck[1])).outcome == "misdeal" and h.redeals == 1
    with pytest.raises(RuleViolation, match="during the deal"):
        h.apply(ExposedCard(1, h.hole_cards(1)[0]))


def test_10_5_wrong_number_of_hole_cards_button_completed_or_misdeal() -> None:
    h = hand(deal=False)
    h.cut_deck(None)
    for seat in (1, 2, 3, 1, 1, 2, 3, 0):  # seat 1 gets three cards, the button one
        h.deal_hole(seat)
    assert h.phase == "betting"
    ruling = h.apply(WrongCardCount(0, 1))
    assert ruling.outcome == "complete" and len(h.hole_cards(0)) == 2
    assert h.apply(WrongCardCount(1, 3)).outcome == "misdeal"
    with pytest.raises(RuleViolation, match="holds 2 hole cards"):
        h.apply(WrongCardCount(1, 3))


def test_10_6_boxed_card_scrap_of_paper_bottom_of_deck_and_two_boxed_misdeal() -> None:
    h = hand(deal=False)
    h.cut_deck(None)
    deck = shuffled_deck(11)
    ruling = h.apply(BoxedCard())
    assert ruling.changes == {"boxed": deck[0], "to": "scrap"} and h.deal_hole() == deck[1]
    bill = hand(live("seed_000_bill_limit"), deal=False)
    bill.cut_deck(None)
    bill.apply(BoxedCard())
    assert bill.places()["stub"][-1] == deck[0]
    assert h.apply(BoxedCard()).outcome == "misdeal"


def test_10_6_joker_misdeal_before_sa_dead_hand_when_not_reported() -> None:
    h = hand()
    assert h.apply(Joker()).outcome == "misdeal"
    h.act("call")
    h.act("call")
    assert h.apply(Joker()).outcome == "replace"
    seat = h.to_act
    h.act("call")
    ruling = h.apply(Joker(seat, reported=False))
    assert ruling.outcome == "dead" and h.hole_cards(seat) == ()
    h.check_cards()


def _to_flop(h: LiveHand) -> None:
    for kind in ("call", "call", "call", "check"):
        h.act(kind)


def test_10_7_missing_burn_seed_002_card_stands_seed_000_reshuffles() -> None:
    h = hand(live("seed_002_sng_addon"))
    _to_flop(h)
    burn, flop = h.places()["burns"], h.board
    assert h.apply(BurnError("missing")).changes["dealt"] == (*burn, *flop[:2])
    assert h.places()["burns"] == ()
    bill = hand(live("seed_000_bill_limit"))
    _to_flop(bill)
    ruling = bill.apply(BurnError("missing"))
    assert len(ruling.changes["burned"]) == 1 and len(bill.board) == 3
    bill.check_cards()


def test_10_8_flop_with_four_cards_default_sets_one_aside_for_the_turn() -> None:
    h = hand()
    _to_flop(h)
    ruling = h.apply(FlopTooMany(4))
    assert len(h.board) == 3 and len(h.places()["reserved"]) == 1
    reserved = h.places()["reserved"][0]
    for _ in range(4):
        h.act("check")
    assert h.places()["burns"][-1] == reserved and ruling.section == "10.8"
    with pytest.raises(RuleViolation, match="before any action"):
        h.apply(FlopTooMany(4))  # a second flop: refused


def test_10_9_premature_flop_keeps_its_burn_and_deals_no_other() -> None:
    h = hand()
    h.act("call")
    ruling = h.apply(PrematureCard())
    assert ruling.section == "10.9" and len(h.places()["burns"]) == 1
    for kind in ("call", "call", "check"):
        h.act(kind)
    assert len(h.places()["burns"]) == 1 and len(h.board) == 3


def test_10_10_premature_turn_seed_002_appendix_step_by_step() -> None:
    h = hand(live("seed_002_sng_addon"))
    _to_flop(h)
    h.act("check")
    h.apply(PrematureCard())
    aside = h.places()["set_aside"]
    stub = h.places()["stub"]
    assert len(aside) == 1 and len(h.places()["burns"]) == 2
    for _ in range(3):
        h.act("check")
    assert h.board[3] == stub[1] and len(h.places()["burns"]) == 3  # burned again, next card dealt
    before = set(h.places()["stub"]) | set(aside)
    burns, muck = set(h.places()["burns"]), set(h.places()["muck"])
    for _ in range(4):
        h.act("check")
    assert h.board[4] in before and h.board[4] not in burns | muck and len(h.places()["burns"]) == 3
    for _ in range(4):
        h.act("check")
    assert h.is_over and h.result.board == h.board


def test_10_11_missing_card_and_fouled_deck() -> None:
    h = hand()
    stub_card = h.places()["stub"][5]
    assert h.apply(DeckFault("missing", stub_card)).outcome == "misdeal"
    h.act("call")
    h.act("call")
    card = h.places()["stub"][3]
    assert h.apply(DeckFault("missing", card)).outcome == "play_on" and card in h.places()["scrap"]
    assert h.apply(DeckFault("duplicate", card)).outcome == "void"
    assert h.stacks == (1000, 995, 990, 1000)
    with pytest.raises(RuleViolation, match="not in the stub"):
        h.apply(DeckFault("missing", h.hole_cards(1)[0]))


def test_10_12_player_exposure_bill_dead_hand_seed_002_show_all() -> None:
    bill = hand(live("seed_000_bill_limit"))
    card = bill.hole_cards(2)[0]
    assert bill.apply(ExposedCard(2, card, by="player", deliberate=True)).outcome == "dead"
    assert card in bill.places()["muck"]
    sng = hand(live("seed_002_sng_addon"))
    card = sng.hole_cards(2)[0]
    assert sng.apply(ExposedCard(2, card, by="player")).outcome == "show_all"
    with pytest.raises(RuleViolation, match="is not a card of seat 3"):
        sng.apply(ExposedCard(3, card, by="player"))  # an exposed card nobody there holds


def test_10_13_button_misplaced_put_right_before_the_deal_misdeal_after() -> None:
    right = setup_from_arguments(LIVE, [1000] * 4, button=1, blinds=(5, 10), seed=11)
    h = hand(deal=False)
    assert h.apply(ButtonMisplaced(right)).outcome == "put_right"
    h.deal_all()
    assert h.to_act == 0 and h.stacks == (1000, 1000, 995, 990)
    h = hand()
    assert h.apply(ButtonMisplaced(right)).outcome == "misdeal" and h.to_act == 0
    h.act("call")
    h.act("raise", 30)
    assert h.apply(ButtonMisplaced(right)).outcome == "stands"


def test_10_14_wrong_level_corrected_before_sa_folds_stand() -> None:
    h = hand()
    h.act("fold")
    new = setup_from_arguments(LIVE, [1000] * 4, button=0, blinds=(10, 20), seed=11)
    cards = [h.hole_cards(s) for s in range(4)]
    ruling = h.apply(WrongLevel(new))
    assert ruling.outcome == "correct" and ruling.changes["folds_stand"] == (3,)
    assert h.stacks == (1000, 990, 980, 1000) and h.to_act == 0
    assert [h.hole_cards(s) for s in range(3)] == cards[:3]
    h.act("call")
    h.act("call")
    assert h.apply(WrongLevel(new)).outcome == "stands"


def test_10_15_tossed_cards_are_dead_and_cannot_be_taken_back() -> None:
    h = hand()
    seat = h.to_act
    ruling = h.apply(TossedCards(seat))
    assert ruling.outcome == "fold" and h.hole_cards(seat) == ()
    with pytest.raises(RuleViolation, match="they are dead"):
        h.apply(RetrieveCards(seat))


def test_10_16_straddle_announced_after_the_cut_does_not_count() -> None:
    rules = live("seed_003_general")
    h = hand(rules, deal=False)
    assert h.apply(StraddleAnnounced(3, 20)).outcome == "counts"
    h.deal_all()
    assert h.stacks == (1000, 995, 990, 980)
    h = hand(rules, deal=False)
    h.cut_deck()
    assert h.apply(StraddleAnnounced(3, 20)).outcome == "does_not_count"
    h.deal_all()
    assert h.stacks == (1000, 995, 990, 1000)


def test_10_1_a_refused_event_changes_nothing() -> None:
    h = hand()
    _to_flop(h)
    before = (h.places(), h.stacks, h.to_act, list(h.steps))
    with pytest.raises(RuleViolation):
        h.apply(WrongCardCount(1, 3))
    with pytest.raises(RuleViolation):
        h.apply(ExposedCard(1, Card("2c") if Card("2c") not in h.hole_cards(1) else Card("3c"), by="player"))
    assert (h.places(), h.stacks, h.to_act, list(h.steps)) == before


def test_10_1_a_recorded_live_hand_replays_to_the_same_state() -> None:
    h = hand(live("seed_002_sng_addon"), seed="replay")
    h.act("call")
    h.apply(PrematureCard())
    h.apply(Misdeal("out_of_sequence"))
    h.act("call")
    h.act("call")
    h.apply(BoxedCard())
    h.act("call")
    h.act("check")
    h.apply(BurnError("extra"))
    while not h.is_over:
        h.act("check")
    again = replay_live(h.history)
    assert again.places() == h.places() and again.result == h.result and again.rulings == h.rulings
    assert sorted(c for cards in h.places().values() for c in cards) == sorted(standard_deck())


def test_10_1_a_hand_without_a_seed_draws_one_and_replays() -> None:
    h = LiveHand(setup_from_arguments(LIVE, [100, 100], button=0, blinds=(1, 2)))
    assert h.seed is not None
    h.act("fold")
    assert replay_live(h.history).result == h.result
    assert dataclasses.replace(h.setup, seed=None).seed is None


def test_10_1_a_live_history_as_json_replays_to_the_same_state() -> None:
    import json

    from pyholdem.history.live import history_from_data, history_to_data

    h = hand(live("seed_000_bill_limit"), seed="json")
    right = setup_from_arguments(h.rules, [1000] * 4, button=1, blinds=(5, 10), seed="json")
    h.apply(ButtonMisplaced(right))
    h.act("call")
    h.apply(ExposedCard(3, h.hole_cards(3)[1], by="player", deliberate=False))
    h.act("call")
    h.act("call")
    h.act("check")
    h.apply(FlopTooMany(5))
    while not h.is_over:
        h.act("check")
    text = json.dumps(history_to_data(h.history))
    again = replay_live(history_from_data(json.loads(text)))
    assert again.places() == h.places() and again.result == h.result and again.rulings == h.rulings


def test_10_1_a_live_hand_is_written_as_phh_with_its_live_record() -> None:
    from pyholdem.history.live import live_from_history, live_history
    from pyholdem.history.phh import dumps, loads

    h = hand(live("seed_002_sng_addon"), seed="phh")
    _to_flop(h)
    h.apply(BurnError("missing"))
    while not h.is_over:
        h.act("check")
    text = dumps(live_history(h))
    assert "_live = " in text
    (read,) = loads(text)
    boards = [a.cards for a in read.actions if a.kind == "deal_board"]
    assert tuple(c for cards in boards for c in cards) == h.board
    again = live_from_history(read)
    assert again.places() == h.places() and again.result == h.result
    from pyholdem.history.replay import replay

    assert replay(read, h.rules).ok  # the betting as played replays as plain PHH too


def test_10_1_every_event_kind_has_a_section_and_a_handler() -> None:
    from pyholdem.engine.live import EVENT_HANDLERS
    from pyholdem.spec.irregularities import EVENT_TYPES

    assert set(EVENT_TYPES.values()) <= set(EVENT_HANDLERS)
    assert all(cls.section.startswith(("10.", "11.")) for cls in EVENT_TYPES.values())

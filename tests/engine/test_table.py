"""The table (§3.3–3.8 across hands, §3.18–3.22, §4.1): worked cases and refusals."""

from __future__ import annotations

import pytest

from pyholdem import Hand, RuleSet, RuleViolation, Table, preset
from pyholdem.history.sessions import table_histories
from pyholdem.spec.table import Positions


def finish(hand: Hand) -> None:
    while not hand.is_over:
        hand.act("check" if hand.legal_actions().check else "fold")


def blinds_of(hand: Hand) -> list[tuple[str, int | None, int | None]]:
    return [(e.kind, e.seat, e.amount) for e in hand.events if e.kind in ("blind", "dead_blind")]


def table(rules: RuleSet, seats: int, occupied: range | tuple[int, ...], stack: int = 1000) -> Table:
    t = Table(rules, seats, blinds=(50, 100), button=0, seed=7)
    for seat in occupied:
        t.sit(seat, stack)
    return t


def test_3_5_dead_button_seed_003_cases_across_hands() -> None:
    t = table(RuleSet(), 6, range(5))
    finish(t.next_hand())
    t.leave(1)  # the small blind leaves: the dealer position stays on his empty seat
    hand = t.next_hand()
    assert t.positions == Positions(1, 2, 3)
    assert hand.button == 1 and t.seats[1].state == "empty"
    assert blinds_of(hand) == [("blind", 2, 50), ("blind", 3, 100)]
    finish(hand)
    t.leave(3)  # the big blind leaves: no small blind that hand
    hand = t.next_hand()
    assert t.positions == Positions(2, 3, 4, small_blind_dead=True)
    assert blinds_of(hand) == [("blind", 4, 100)]


def test_3_6_frozen_button_after_a_blind_busts_at_the_table() -> None:
    t = table(preset("seed_002_sng_addon"), 5, range(5))
    finish(t.next_hand())
    t.leave(2)  # the big blind is gone (as if busted): the button stays, the small blind posts again
    t.next_hand()
    assert t.positions == Positions(0, 1, 3)


def test_3_8_heads_up_transition_nobody_posts_the_big_blind_twice() -> None:
    for rule in ("dead", "moving", "frozen_on_blind_bust"):
        t = table(RuleSet(button_rule=rule), 3, range(3))
        finish(t.next_hand())
        assert t.positions == Positions(0, 1, 2)
        t.leave(0)
        t.next_hand()
        assert t.positions.big_blind != 2, rule
        assert t.positions.button == t.positions.small_blind


def test_3_18_new_player_options_and_several_big_blinds() -> None:
    t = table(preset("tda_2024_cash"), 7, range(4))
    finish(t.next_hand())  # button 0, blinds 1 and 2
    t.sit(4, 1000, post="post_bb_now")
    t.sit(5, 1000, post="wait_bb")
    t.sit(6, 1000, post="post_bb_now")
    hand = t.next_hand()
    assert t.positions == Positions(1, 2, 3)
    assert blinds_of(hand) == [("blind", 2, 50), ("blind", 3, 100), ("blind", 4, 100), ("blind", 6, 100)]
    assert hand.state.current_bet == 100 and hand.legal_actions().min_raise_to == 200
    assert t.seats[5].state == "waiting" and not hand.hole_cards(5)
    finish(hand)
    hand = t.next_hand()
    assert t.positions == Positions(2, 3, 4)
    finish(hand)
    hand = t.next_hand()  # the big blind reaches seat 5: he posts it as his own
    assert t.positions == Positions(3, 4, 5) and t.seats[5].state == "playing"


def test_3_18_new_player_between_the_blinds_and_the_button_waits() -> None:
    t = table(preset("tda_2024_cash"), 6, (0, 2, 3, 5))
    finish(t.next_hand())  # button 0, blinds 2 and 3
    t.sit(1, 1000, post="post_bb_now")  # between the button (2) and... the next button is 2, blinds 3, 5
    hand = t.next_hand()
    assert t.positions == Positions(2, 3, 5)
    assert hand.hole_cards(1) and ("blind", 1, 100) in blinds_of(hand)
    finish(hand)
    t.sit(4, 1000, post="post_bb_now")  # next: button 3, small blind 5: seat 4 is between them
    hand = t.next_hand()
    assert t.positions == Positions(3, 5, 0)
    assert not hand.hole_cards(4) and t.seats[4].state == "waiting"
    finish(hand)
    hand = t.next_hand()  # the button passed him: he posts now
    assert hand.hole_cards(4) and ("blind", 4, 100) in blinds_of(hand)


def test_3_18_missed_blinds_wait_for_the_big_blind_settles_the_debt() -> None:
    t = table(preset("tda_2024_cash"), 5, range(5))
    finish(t.next_hand())
    t.away(4)
    for _ in range(3):
        finish(t.next_hand())
    assert t.seats[4].owes == ("small_blind", "big_blind")
    t.back(4, post="wait_bb")
    while t.seats[4].state == "waiting":
        hand = t.next_hand()
        finish(hand)
    assert t.positions.big_blind == 4 and ("dead_blind", 4, 50) not in blinds_of(hand)
    assert [(e.what, e.blind) for e in t.ledger if e.seat == 4][-2:] == [
        ("waived", "small_blind"),
        ("collected", "big_blind"),
    ]


def test_3_18_leaving_forfeits_missed_blinds() -> None:
    t = table(preset("tda_2024_cash"), 4, range(4))
    finish(t.next_hand())
    t.away(3)
    finish(t.next_hand())
    assert t.seats[3].owes == ("big_blind",)
    assert t.leave(3) == 1000
    assert (t.ledger[-1].what, t.ledger[-1].blind) == ("forfeited", "big_blind")


def test_3_18_refusals_name_the_section_and_change_nothing() -> None:
    t = table(preset("tda_2024_cash"), 4, range(3))
    hand = t.next_hand()
    before = (t.seats, list(t.ledger), t.chips_in)
    with pytest.raises(RuleViolation, match=r"seat 0 is taken.*§3\.18"):
        t.sit(0, 1000)
    with pytest.raises(RuleViolation, match=r"§3\.21"):
        t.sit(3, 0)
    with pytest.raises(RuleViolation, match=r"§3\.21"):
        t.sit(3, 10.5)  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match=r"not over.*§3\.18"):
        t.next_hand()
    with pytest.raises(RuleViolation, match=r"in hand 1.*§3\.18"):
        t.leave(1)
    with pytest.raises(RuleViolation, match=r"§3\.18"):
        t.sit(3, 1000, post="sneak_in")
    with pytest.raises(RuleViolation, match=r"§3\.1\)"):
        t.away(9)
    assert (t.seats, list(t.ledger), t.chips_in) == before
    finish(hand)
    t.next_hand()


def test_3_18_a_busted_cash_player_stays_seated_until_he_adds_chips() -> None:
    t = Table(preset("tda_2024_cash"), 3, blinds=(50, 100), button=0, seed=7)
    t.sit(0, 1000)
    t.sit(1, 100)
    t.sit(2, 1000)
    hand = t.next_hand()  # seat 1 posts the small blind; seat 2 the big blind
    while not hand.is_over:
        hand.act("call" if hand.to_act != 0 else "raise", None if hand.to_act != 0 else 1000)
    views = t.seats
    busted = [v for v in views if v.stack == 0]
    assert busted and all(v.state == "away" for v in busted)
    assert t.chips_on_table() == t.chips_in - t.chips_out


def test_3_19_absent_player_under_each_reading() -> None:
    for cutoff, back_in_time, folded in (
        ("end_of_initial_deal", True, True),
        ("own_second_card", True, True),
        ("not_dealt_blinds_forced", False, True),
        ("own_turn_plus_timeout", True, False),
        ("own_turn_plus_timeout", False, True),
    ):
        t = table(RuleSet(absent_cutoff=cutoff), 4, range(4))
        t.away(3)
        hand = t.next_hand()
        assert hand.hole_cards(3) and hand.to_act == 3
        if back_in_time:
            t.back(3)
        assert t.fold_absent() is folded, cutoff
        assert hand.state.folded[3] is folded


def test_3_19_absent_big_blind_sets_the_call_and_wins_if_all_fold() -> None:
    t = table(RuleSet(), 4, range(4))
    finish(t.next_hand())  # next: button 1, blinds 2 and 3
    t.away(3)
    hand = t.next_hand()
    assert hand.legal_actions().call == 100
    while not hand.is_over:
        assert not t.fold_absent()
        hand.fold()
    assert hand.result.net[3] == 50


def test_3_19_absent_player_sits_out_when_blinds_are_not_forced() -> None:
    t = table(RuleSet(absent_blinds_dead=False), 4, range(4))
    t.away(3)
    hand = t.next_hand()
    assert not hand.hole_cards(3)


def test_3_19_tournament_busted_players_leave() -> None:
    t = Table(RuleSet(), 3, blinds=(50, 100), button=0, seed=7)
    t.sit(0, 1000)
    t.sit(1, 100)
    t.sit(2, 1000)
    hand = t.next_hand()
    while not hand.is_over:
        hand.act("call" if hand.to_act != 0 else "raise", None if hand.to_act != 0 else 1000)
    assert t.eliminated and all(v.state == "empty" for v in t.seats if v.name in t.eliminated)


def test_3_21_buy_in_limits_of_a_cash_table() -> None:
    t = Table(preset("seed_004_online"), 6, blinds=(1, 2))
    with pytest.raises(RuleViolation, match=r"above the maximum of 100 big blinds \(200\) \(§3\.21\)"):
        t.sit(0, 201)
    t.sit(0, 200)
    tournament = Table(preset("seed_001_event"), 6, blinds=(50, 100))
    tournament.sit(0, 1000)  # a tournament seat takes the chips it is given
    cash = Table(preset("seed_001_event").replace(mode="cash", button_rule="moving"), 6, blinds=(50, 100))
    with pytest.raises(RuleViolation, match=r"below the minimum"):
        cash.sit(0, 9999)


def test_3_22_chips_are_added_between_hands_only() -> None:
    t = table(preset("seed_004_online"), 3, range(3), stack=150)
    t.set_stakes((1, 2))
    hand = t.next_hand()
    with pytest.raises(RuleViolation, match=r"§3\.22"):
        t.add_chips(0, 10)
    finish(hand)
    t.add_chips(0, 10)
    with pytest.raises(RuleViolation, match=r"maximum buy-in.*§3\.22"):
        t.add_chips(0, 100)
    with pytest.raises(RuleViolation, match=r"§3\.22"):
        t.add_chips(0, -1)


def test_4_1_a_level_signalled_during_a_hand_applies_to_the_next() -> None:
    t = table(RuleSet(), 3, range(3))
    hand = t.next_hand()
    t.set_stakes((100, 200), antes=25)
    assert hand.state.big_blind == 100
    finish(hand)
    hand = t.next_hand()
    assert hand.state.big_blind == 200 and any(e.kind == "ante" for e in hand.events)
    t.set_stakes((200, 400))
    assert t.blinds == (200, 400) and t.hand.state.big_blind == 200
    finish(hand)
    assert t.next_hand().state.big_blind == 400


def test_3_18_histories_carry_the_table_fields() -> None:
    t = table(RuleSet(), 3, range(3))
    finish(t.next_hand())
    (history,) = table_histories(t)
    assert history.hand == 1 and history.seat_count == 3 and history.seats == (2, 3, 1)
    assert history.player_names == ("player2", "player3", "player1")


def test_3_18_a_player_moved_to_a_tournament_table_waits_only_between_the_blinds_and_the_button() -> None:
    t = table(RuleSet(), 7, (0, 2, 3, 5))
    finish(t.next_hand())  # button 0, blinds 2 and 3; next: button 2, blinds 3 and 5
    t.sit(1, 1000)  # behind the next button: dealt in at once, posting nothing
    t.sit(4, 1000)  # between the small blind (3) and the big blind (5): the big blind reaches him
    t.sit(6, 1000)  # between the big blind and the button: dealt in at once
    hand = t.next_hand()
    assert t.positions == Positions(2, 3, 4)
    assert all(hand.hole_cards(s) for s in (1, 4, 6))
    assert blinds_of(hand) == [("blind", 3, 50), ("blind", 4, 100)]
    finish(hand)
    t.leave(6)
    t.sit(6, 1000)  # next: button 3, small blind 4, big blind 5: seat 6 is past the big blind
    hand = t.next_hand()
    assert t.positions == Positions(3, 4, 5) and hand.hole_cards(6)


def test_3_18_a_new_tournament_player_on_the_dead_button_seat_waits() -> None:
    t = table(RuleSet(), 6, range(5))
    finish(t.next_hand())  # button 0, blinds 1 and 2
    t.leave(1)
    t.sit(1, 1000)  # the next button falls on seat 1 (the previous small blind): he waits
    hand = t.next_hand()
    assert t.positions == Positions(1, 2, 3) and not hand.hole_cards(1)
    assert t.seats[1].state == "waiting"


def test_3_3_the_first_button_of_a_table() -> None:
    t = Table(RuleSet(initial_button="seat_1"), 6, blinds=(50, 100), seed=1)
    for seat in (2, 4, 5):
        t.sit(seat, 1000)
    t.next_hand()
    assert t.positions == Positions(2, 4, 5)
    drawn = Table(RuleSet(), 6, blinds=(50, 100), seed=1)
    for seat in (2, 4, 5):
        drawn.sit(seat, 1000)
    drawn.next_hand()
    assert drawn.positions.button in (2, 4, 5)


def test_3_18_the_ways_back_in_of_each_seat() -> None:
    t = table(preset("seed_004_online"), 5, range(4))
    assert t.options(0) == ("wait_bb", "post_bb_now")
    finish(t.next_hand())
    assert t.options(0) == ()
    t.away(3)
    finish(t.next_hand())
    assert t.seats[3].owes == ("big_blind",) and t.options(3) == ("post_both_sb_dead", "wait_bb")
    with pytest.raises(RuleViolation, match=r"seat 4 is empty \(§3\.18\)"):
        t.options(4)


def test_3_21_the_seats_without_chips_are_the_busted_cash_players() -> None:
    t = Table(preset("tda_2024_cash"), 4, blinds=(5, 10), button=0, seed=3)
    for seat in (0, 1, 3):
        t.sit(seat, 1000 if seat else 100, post="post_bb_now")
    while not t.without_chips:
        hand = t.next_hand()
        while not hand.is_over:
            top = hand.legal_actions().max_raise_to
            if top is None:
                hand.act("call")
            else:
                hand.act("raise", top)
    assert t.without_chips == tuple(v.seat for v in t.seats if v.state != "empty" and v.stack == 0)
    assert all(t.seats[s].state == "away" for s in t.without_chips)

"""The Tournament state machine (spec 09): worked examples of the spec and the seeds, by section."""

from __future__ import annotations

import pytest

from pyholdem import RuleSet, RuleViolation, Tournament, preset, random_policy
from pyholdem.engine.tournament import Event
from pyholdem.history.sessions import tournament_histories
from pyholdem.rules.structure import Level, Structure, structure_preset

HOME = structure_preset("seed_000_home_nl")
SNG = structure_preset("seed_002_sng_addon")


def passive(hand: object) -> tuple[str, int | None]:
    return ("check", None) if hand.legal_actions().check else ("fold", None)  # type: ignore[attr-defined]


def finish_round(t: Tournament, seed: int | None = 0) -> None:
    policy = random_policy(seed) if seed is not None else passive
    for number, hand in t.in_progress.items():
        while not hand.is_over:
            if not t.tables[number].fold_absent():
                hand.act(*policy(hand))


def shove(hand: object) -> tuple[str, int | None]:
    legal = hand.legal_actions()  # type: ignore[attr-defined]
    if legal.max_raise_to is not None:
        return ("bet" if legal.is_bet else "raise"), legal.max_raise_to
    return ("check", None) if legal.check else ("call", None)


def kinds(t: Tournament, kind: str) -> list[Event]:
    return [e for e in t.events if e.kind == kind]


def test_9_12_ten_players_at_20_pay_120_50_30() -> None:
    t = Tournament(RuleSet(), HOME, 10, seed=1)
    assert t.prize_pool == 200 and t.payouts() == (120, 50, 30)
    result = t.play(random_policy(1))
    assert [prize for _, prize in result.values()][:3] == [120, 50, 30]
    assert sum(prize for _, prize in result.values()) == 200


def test_9_14_fourteen_players_sit_at_two_tables_of_seven() -> None:
    t = Tournament(RuleSet(), HOME, 14, seed=2)
    counts = [sum(v.state != "empty" for v in table.seats) for table in t.tables.values()]
    assert counts == [7, 7]
    # §9.14: at a table of n players the seats used are 0..n-1 (1 to n)
    for table in t.tables.values():
        assert [v.seat for v in table.seats if v.state != "empty"] == list(range(7))


def test_9_12_seed_002_pays_231_99_30_of_360() -> None:
    t = Tournament(preset("seed_002_sng_addon"), SNG, 12, seed=3)
    assert t.prize_pool == 360 and t.payouts() == (231, 99, 30)
    result = t.play(random_policy(3))
    assert [prize for _, prize in result.values()][:3] == [231, 99, 30]


def test_9_10_two_busts_on_one_hand_are_ordered_by_starting_stack() -> None:
    found = 0
    for seed in range(12):
        t = Tournament(preset("seed_002_sng_addon"), SNG, 9, seed=seed)
        t.play(shove)
        by_round: dict[tuple[int, object], list[Event]] = {}
        for e in kinds(t, "elimination"):
            by_round.setdefault((e.round, e.data["table"]), []).append(e)
        for busts in by_round.values():
            if len(busts) < 2:
                continue
            found += 1
            for a in busts:
                for b in busts:
                    pa, pb = a.data["place"], b.data["place"]
                    if a.data["start"] > b.data["start"]:
                        assert (pa if isinstance(pa, int) else pa[0]) < (pb if isinstance(pb, int) else pb[0])
    assert found


def test_9_10_equal_stacks_busted_on_one_hand_share_the_places() -> None:
    t = Tournament(RuleSet(), HOME, 10, seed=0)
    hands = t.next_hands()
    while not hands[0].is_over:
        hands[0].act(*shove(hands[0]))
    t.next_hands()
    busts = kinds(t, "elimination")
    assert busts, "everybody all-in on the first hand busts someone"
    if len(busts) > 1:  # equal starting stacks: one shared block of places (§9.10, "share")
        assert len({e.data["place"] for e in busts}) == 1
        best, worst = busts[0].data["place"]
        assert (best, worst) == (10 - len(busts) + 1, 10)


def test_9_7_seed_002_add_on_declared_all_in_then_lost_is_refused() -> None:
    rules = preset("seed_002_sng_addon")
    for seed in range(20):
        t = Tournament(rules, SNG, 9, seed=seed)
        hand = t.next_hands()[0]
        all_in = None
        while not hand.is_over:
            seat = hand.to_act
            hand.act(*shove(hand))
            if all_in is None and seat is not None and hand.state.stacks[seat] == 0:
                all_in = t.tables[1].seats[seat].name
                before = t.as_dict()
                with pytest.raises(RuleViolation, match=r"between hands.*\(§9\.7\)"):
                    t.add_on(all_in)
                assert t.as_dict() == before
        if all_in is not None and t.stack(all_in) == 0:
            with pytest.raises(RuleViolation, match=r"at least one chip.*\(§9\.7\)"):
                t.add_on(all_in)
            t.next_hands()
            place = next(s.place for s in t.standings if s.name == all_in)
            assert place is not None
            return
    pytest.fail("no seed busts an all-in player on the first hand")


def test_9_7_an_add_on_between_hands_adds_chips_and_money() -> None:
    t = Tournament(preset("seed_002_sng_addon"), SNG, 9, seed=4)
    t.next_hands()
    finish_round(t)
    name = next(s.name for s in t.standings if s.chips > 0)
    chips, pool = t.stack(name), t.prize_pool
    t.add_on(name)
    assert t.stack(name) == chips + 75 and t.prize_pool == pool + 20
    assert t.chips_in_play() == t.chips_expected
    with pytest.raises(RuleViolation, match=r"1 add-ons made.*\(§9\.7\)"):
        t.add_on(name)


def test_9_6_a_busted_player_rebuys_and_keeps_his_seat() -> None:
    rules = preset("seed_000_home_nl").replace(rebuy_or_addon_exclusive=False)
    for seed in range(20):
        t = Tournament(rules, HOME, 10, seed=seed)
        t.next_hands()
        finish_round(t, seed)
        busted = [s.name for s in t.standings if s.chips == 0 and s.place is None]
        if not busted:
            continue
        name = busted[0]
        seat, pool = next(s.seat for s in t.standings if s.name == name), t.prize_pool
        t.rebuy(name)
        assert t.stack(name) == 1000 and t.prize_pool == pool + 20
        t.next_hands()
        standing = next(s for s in t.standings if s.name == name)
        assert standing.place is None and standing.seat == seat and standing.rebuys == 1
        with pytest.raises(RuleViolation, match=r"1 rebuys made.*\(§9\.6\)"):
            t.rebuy(name)
        return
    pytest.fail("no seed busts a player on the first hand")


def test_9_6_a_rebuy_with_chips_is_refused_and_changes_nothing() -> None:
    t = Tournament(preset("seed_000_home_nl"), HOME, 10, seed=5)
    before = t.as_dict()
    with pytest.raises(RuleViolation, match=r"empty stack.*\(§9\.6\)"):
        t.rebuy("p1")
    assert t.as_dict() == before


def test_9_8_late_entry_is_refused_unless_the_rules_allow_it() -> None:
    t = Tournament(RuleSet(), HOME, 10, seed=6)
    t.next_hands()
    finish_round(t)
    with pytest.raises(RuleViolation, match=r"late entry.*\(§9\.8\)"):
        t.enter("late")
    t = Tournament(RuleSet(late_entry=True), HOME, 12, seed=6)
    t.next_hands()
    finish_round(t)
    t.enter("late")
    assert t.prize_pool == 13 * 20 and t.chips_expected == 13 * 1000
    assert t.chips_in_play() == t.chips_expected
    t.play(random_policy(6))
    assert "late" in t.result()


def test_9_3_levels_change_on_the_tournament_clock() -> None:
    structure = Structure(
        levels=(Level(5, 10, duration=10), Level(10, 20, duration=10), Level(20, 40, duration=None)),
        starting_stack=100000,
        buy_in=10,
    )
    t = Tournament(RuleSet(), structure, 10, seed=7, seconds_per_hand=60)
    for _ in range(11):
        (hand,) = t.next_hands()
        finish_round(t, None)
    # round k is dealt at (k - 1) minutes: round 11 is the first hand of level 2
    level = kinds(t, "level")[1]
    assert (level.round, level.seconds, level.data["level"]) == (10, 600, 2)
    assert hand.state.big_blind == 20 and t.level == 2
    t.advance(600)
    assert t.level == 3 and t.tables[1].blinds == (20, 40)


def test_9_5_a_break_stops_the_deal_and_the_clock() -> None:
    structure = Structure(
        levels=(Level(5, 10, duration=1, break_after=10), Level(10, 20, duration=None)),
        starting_stack=100000,
        buy_in=10,
    )
    t = Tournament(RuleSet(), structure, 10, seed=8, seconds_per_hand=60)
    t.next_hands()
    finish_round(t, None)
    t.next_hands()
    (brk,) = kinds(t, "break")
    assert brk.data == {"after_level": 1, "minutes": 10} and t.seconds == 11 * 60 and t.level == 2


def test_9_4_a_level_signalled_during_a_hand_starts_with_the_next() -> None:
    structure = Structure(
        levels=(Level(5, 10, duration=1), Level(10, 20, duration=None)), starting_stack=10000, buy_in=10
    )
    t = Tournament(RuleSet(), structure, 10, seed=9, seconds_per_hand=1)
    (hand,) = t.next_hands()
    t.advance(60)
    assert t.level == 2 and hand.state.big_blind == 10
    finish_round(t, None)
    (hand,) = t.next_hands()
    assert hand.state.big_blind == 20


def test_9_16_tables_break_in_order_and_the_final_table_is_redrawn() -> None:
    t = Tournament(RuleSet(), HOME, 30, seed=10)
    t.play(random_policy(10))
    broken = [e.data["table"] for e in kinds(t, "table_break")]
    assert broken == sorted(broken, reverse=True)
    (final,) = kinds(t, "final_table")
    assert final.data["table"] == 1 and sorted(final.data["seats"].values()) == list(
        range(len(final.data["seats"]))
    )


def test_9_17_seed_000_bill_bumps_the_level_at_the_final_table() -> None:
    rules = preset("seed_000_bill_limit")
    t = Tournament(rules, structure_preset("seed_000_bill_limit"), 20, seed=11)
    t.play(random_policy(11))
    (final,) = kinds(t, "final_table")
    levels = [e for e in kinds(t, "level") if e.round == final.round]
    assert levels and levels[-1].data["level"] == final.data["level"]


def test_9_18_colour_ups_remove_only_the_odd_chips_accounted_for() -> None:
    rules = preset("seed_000_bill_limit")
    t = Tournament(rules, structure_preset("seed_000_bill_limit"), 12, seed=12, seconds_per_hand=600)
    t.play(random_policy(12), on_round=lambda t: _conserved(t))
    ups = kinds(t, "colour_up")
    assert ups and sum(e.data["chips_removed"] for e in ups) == t.chips_removed
    for e in ups:
        assert all(stack % e.data["new"] == 0 for stack in e.data["after"].values())


def _conserved(t: Tournament) -> None:
    assert t.chips_in_play() == t.chips_expected


def test_9_19_a_deal_needs_every_remaining_player() -> None:
    t = Tournament(RuleSet(), HOME, 10, seed=13)
    while len(t.remaining) > 4:
        t.next_hands()
        finish_round(t, 13)
    t.next_hands()
    finish_round(t, 13)
    players = t.remaining
    before = t.as_dict()
    with pytest.raises(RuleViolation, match=r"has not agreed.*\(§9\.19\)"):
        t.deal("icm", agree=players[1:])
    assert t.as_dict() == before
    amounts = t.deal("chip_chop", agree=players)
    assert t.is_over and sum(amounts.values()) == sum(
        prize for name, (_, prize) in t.result().items() if name in players
    )
    assert sum(prize for _, prize in t.result().values()) == t.prize_pool


def test_9_20_the_tournament_ends_with_one_player() -> None:
    t = Tournament(RuleSet(), HOME, 10, seed=14)
    result = t.play(random_policy(14))
    assert t.is_over and t.next_hands() == [] and next(iter(result.values()))[0] == 1
    with pytest.raises(RuleViolation, match=r"over.*\(§9\.20\)"):
        t.advance(1)


def test_9_9_a_round_is_closed_only_when_every_hand_is_over() -> None:
    t = Tournament(RuleSet(), HOME, 20, seed=15)
    t.next_hands()
    with pytest.raises(RuleViolation, match=r"not over"):
        t.next_hands()
    assert len(t.hands()) == 2


def test_9_12_too_few_entrants_for_the_places_paid_is_refused() -> None:
    with pytest.raises(RuleViolation, match=r"§9\.12"):
        Tournament(RuleSet(), HOME, 2)


def test_9_23_hand_for_hand_on_the_bubble_across_tables() -> None:
    rules = RuleSet(places_paid_rule="field_percent", places_paid_percent=50)
    for seed in range(6):
        t = Tournament(rules, HOME, 24, seed=seed)
        t.play(random_policy(seed))
        switches = kinds(t, "hand_for_hand")
        if switches:
            assert switches[0].data["on"] and switches[0].data["remaining"] <= 12 + len(t.tables) + 2
            return
    pytest.fail("no bubble played hand for hand")


def test_12_13_tournament_histories_carry_event_table_hand_and_level() -> None:
    from pyholdem.history.phh import dumps, loads
    from pyholdem.history.replay import replay

    t = Tournament(RuleSet(), HOME, 20, seed=16)
    t.play(random_policy(16))
    histories = tournament_histories(t)
    assert len(histories) == sum(len(run.table.hands) for run in t._all_runs)
    first = histories[0]
    assert first.table == 1 and first.hand == 1
    assert first.extra["event"] == "seed_000_home_nl" and first.extra["level"] == 1
    for history in histories[::7]:
        assert replay(history, t.rules).ok
    out = [name for h in histories for name, _ in h.extra.get("_eliminations", ())]
    assert sorted(out) == sorted(e.data["player"] for e in kinds(t, "elimination")) and len(out) == 19
    (last,) = [h for h in histories if "_prizes" in h.extra]
    assert last.extra["_prizes"] == {n: p for n, (_, p) in t.result().items() if p}
    assert loads(dumps(last))[0].extra == last.extra


def test_9_20_result_json_round_trips() -> None:
    import json

    t = Tournament(RuleSet(), HOME, 10, seed=17)
    t.play(random_policy(17))
    data = json.loads(t.result_json())
    assert data["prize_pool"] == 200 and len(data["result"]) == 10
    assert sum(row["prize"] for row in data["result"]) == 200


def test_9_19_a_deal_pays_the_places_already_out_by_the_table() -> None:
    rules = RuleSet(places_paid_rule="field_percent", places_paid_percent=50)
    t = Tournament(rules, HOME, 30, seed=18)
    while len(t.remaining) > 6:
        t.next_hands()
        finish_round(t, 18)
    players = [p for p in t.remaining if t.stack(p) > 0]
    amounts = t.deal("icm", agree=players)
    result = t.result()
    pays = t.payouts()
    assert len(pays) == 15 and sum(amounts.values()) == sum(pays[: len(players)])
    for name, (place, prize) in result.items():
        if name not in players and isinstance(place, int) and place <= 15:
            assert prize == pays[place - 1]
    assert sum(prize for _, prize in result.values()) == t.prize_pool


def test_3_19_an_absent_tournament_player_is_dealt_in_and_his_hand_killed() -> None:
    t = Tournament(preset("seed_002_sng_addon"), SNG, 9, seed=19)
    t.away("p1")
    (hand,) = t.next_hands()
    table = t.tables[1]
    seat = next(v.seat for v in table.seats if v.name == "p1")
    assert hand.hole_cards(seat)  # dealt in absent
    folded = False
    while not hand.is_over:
        if hand.to_act == seat:
            assert table.fold_absent()
            folded = True
        else:
            hand.act(*passive(hand))
    assert folded
    t.back("p1")
    assert [e.kind for e in t.events][-2:] == ["away", "back"]

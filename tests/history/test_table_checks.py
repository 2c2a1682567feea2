"""The session invariants of ``pyholdem table play`` and ``make run`` (§3.5, §3.18, §3.22, §12.13):
kept by played sessions, and each one caught when a session is tampered with."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pyholdem import RuleSet, preset
from pyholdem.cli import main
from pyholdem.engine.table import random_session
from pyholdem.history.table_checks import session_problems, session_summary
from pyholdem.rules.ruleset import PRESETS


@pytest.mark.parametrize(
    "rules", [RuleSet(), preset("tda_2024_cash"), RuleSet(button_rule="frozen_on_blind_bust")]
)
def test_3_18_played_sessions_keep_every_invariant(rules: RuleSet) -> None:
    table = random_session(rules, 7, 120, seed=11)
    assert session_problems(table) == []
    summary = session_summary(table)
    assert summary.hands == 120
    dealt = sum(bool(h.hole_cards(s)) for h in table.hands for s in range(7))
    assert sum(p.hands for p in summary.players) == dealt
    assert sum(p.posts["big_blind"] for p in summary.players) == 120


def test_3_22_a_chip_out_of_nowhere_is_caught() -> None:
    table = random_session(RuleSet(), 6, 40, seed=3)
    table.chips_in += 1
    assert any("§3.22" in p for p in session_problems(table, replay=False))


def test_3_18_a_missed_blind_settled_twice_is_caught() -> None:
    table = random_session(preset("tda_2024_cash"), 8, 200, seed=4)
    settled = next(e for e in table.ledger if e.what != "missed")
    table.ledger.append(replace(settled, hand=table.hand_number))
    assert any("but not owed (§3.18)" in p for p in session_problems(table, replay=False))


def test_3_5_a_big_blind_posted_twice_is_caught() -> None:
    table = random_session(RuleSet(), 6, 60, seed=5)
    table.hands[10] = table.hands[9]
    table._records[10] = table._records[9]
    problems = session_problems(table, replay=False)
    assert any("twice in a row (§3.5)" in p for p in problems)


def test_cli_table_play_prints_the_session_as_json(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    phh = tmp_path / "session.phhs"
    status = main(
        ["table", "play", "--seats", "5", "--hands", "60", "--seed", "2", "--json", "--phh", str(phh)]
    )
    report = json.loads(capsys.readouterr().out)
    assert status == 0, report["problems"]
    assert report["hands"] == 60 and report["button_rule"] == "moving" and report["problems"] == []
    assert phh.read_text().count("[") >= 60
    assert main(["replay", str(phh), "--rules", "tda_2024_cash", "--quiet"]) == 0


def test_cli_table_play_refuses_a_bad_seat_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["table", "play", "--seats", "11"])
    assert "'11' is not a whole number in 2..10" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize(("index", "name"), list(enumerate(sorted(PRESETS))))
def test_3_18_five_thousand_hand_sessions_keep_every_invariant(index: int, name: str) -> None:
    """Every preset (so every button rule) at 2 to 10 seats over 5,000 hands; ``make run`` also
    replays its sessions from their PHH and plays them again on the spec engine."""
    table = random_session(preset(name), 2 + index % 9, 5_000, seed=index)
    assert table.hand_number == 5_000
    assert session_problems(table, replay=False) == []


def test_12_13_a_table_whose_stacks_are_set_between_hands_replays_as_one_session() -> None:
    from pyholdem import Table

    table = Table(RuleSet(), 4, blinds=(5, 10), button=0, seed="set-stack")
    for seat in range(4):
        table.sit(seat, 1000)
    for number in range(8):
        hand = table.next_hand()
        while not hand.is_over:
            hand.act("check" if hand.legal_actions().check else "call")
        if number == 3:
            for view in table.seats:
                table.set_stack(view.seat, max(1, view.stack - view.stack % 25))  # a colour-up's loss
            table.set_stack(0, table.seats[0].stack + 50)
    assert any(table.chips_removed(n) for n in range(1, 9))
    assert session_problems(table) == []


@pytest.mark.parametrize("button_rule", ["moving", "dead"])
@pytest.mark.parametrize("seats", [3, 6, 9])
def test_3_5_the_table_plans_what_its_own_checks_accept(button_rule: str, seats: int) -> None:
    """Seed 004's online game in fixed limit, players coming and going: the sessions the table
    plans pass its own checks (nobody posts the big blind twice in a row or is skipped by it,
    §3.5; missed blinds settled once, §3.18) and replay from their PHH."""
    rules = preset("seed_004_online").replace(betting_structure="fixed_limit", button_rule=button_rule)
    table = random_session(rules, seats, 150, seed=seats)
    assert len({table.players(k) for k in range(1, 151)}) > 10  # the players came and went
    assert any(e.what == "missed" for e in table.ledger)
    assert session_problems(table) == []

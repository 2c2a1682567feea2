"""§12.14 Open Hand History: OHH hands read as PHH table hands, played hands written as OHH."""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem.errors import HistoryError
from pyholdem.history import read_file
from pyholdem.history.files import read_history
from pyholdem.history.ohh import dumps_ohh, from_ohh, loads_ohh, to_ohh
from pyholdem.history.record import history_from_hand, seeded_hand
from pyholdem.history.replay import replay
from pyholdem.rules.ruleset import RuleSet

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "histories"

# A three-handed cash hand written for this test in OHH's layout: amounts in cents, a player
# sitting out, a raise whose amount is the chips it adds, a side pot and a shown showdown.
HAND = {
    "ohh": {
        "spec_version": "1.4.6",
        "site_name": "Home game",
        "game_number": "77-1",
        "table_name": "Kitchen",
        "game_type": "Holdem",
        "bet_limit": {"bet_type": "NL", "bet_cap": 0},
        "table_size": 6,
        "currency": "USD",
        "dealer_seat": 2,
        "small_blind_amount": Decimal("0.05"),
        "big_blind_amount": Decimal("0.10"),
        "ante_amount": 0,
        "players": [
            {"id": 10, "seat": 2, "name": "Ann", "starting_stack": Decimal("5.00")},
            {"id": 11, "seat": 4, "name": "Bob", "starting_stack": Decimal("2.00")},
            {"id": 12, "seat": 6, "name": "Cy", "starting_stack": Decimal("8.00")},
            {"id": 13, "seat": 5, "name": "Dee", "starting_stack": 3, "is_sitting_out": True},
        ],
        "rounds": [
            {
                "id": 0,
                "street": "Preflop",
                "actions": [
                    {"action_number": 1, "player_id": 11, "action": "Post SB", "amount": Decimal("0.05")},
                    {"action_number": 2, "player_id": 12, "action": "Post BB", "amount": Decimal("0.10")},
                    {"action_number": 3, "player_id": 10, "action": "Dealt Cards", "cards": ["As", "Ah"]},
                    {"action_number": 4, "player_id": 11, "action": "Dealt Cards", "cards": ["Kd", "Kc"]},
                    {"action_number": 5, "player_id": 12, "action": "Dealt Cards", "cards": ["7s", "2d"]},
                    {"action_number": 6, "player_id": 10, "action": "Raise", "amount": Decimal("0.30")},
                    {
                        "action_number": 7,
                        "player_id": 11,
                        "action": "Raise",
                        "amount": Decimal("1.95"),
                        "is_allin": True,
                    },
                    {"action_number": 8, "player_id": 12, "action": "Fold"},
                    {"action_number": 9, "player_id": 10, "action": "Call", "amount": Decimal("1.70")},
                ],
            },
            {"id": 1, "street": "Flop", "cards": ["2c", "8h", "9d"], "actions": []},
            {"id": 2, "street": "Turn", "cards": ["Jc"], "actions": []},
            {"id": 3, "street": "River", "cards": ["3s"], "actions": []},
            {
                "id": 4,
                "street": "Showdown",
                "actions": [
                    {"action_number": 10, "player_id": 11, "action": "Shows Cards", "cards": ["Kd", "Kc"]},
                    {"action_number": 11, "player_id": 10, "action": "Shows Cards", "cards": ["As", "Ah"]},
                ],
            },
        ],
        "pots": [
            {
                "number": 0,
                "amount": Decimal("4.10"),
                "player_wins": [{"player_id": 10, "win_amount": Decimal("4.10")}],
            }
        ],
    }
}


def test_12_14_an_ohh_hand_replays_as_a_table_hand() -> None:
    history = from_ohh(HAND)
    assert history.button == 2 and history.seat_count == 6 and history.seats == (4, 6, 2)
    assert history.player_names == ("Bob", "Cy", "Ann") and history.sitting_out == ((5, 300),)
    assert history.scale == 100 and history.starting_stacks == (200, 800, 500)
    raises = [a.amount for a in history.actions if a.kind == "bet_raise_to"]
    assert raises == [30, 200]  # Ann raises to 0.30; Bob's 1.95 on his 0.05 blind goes to 2.00
    result = replay(history)
    assert result.ok, result
    assert result.finishing_stacks == (0, 790, 710)


def test_12_14_ohh_text_round_trips_through_phh() -> None:
    text = dumps_ohh([HAND, HAND])
    assert "\n\n{" in text  # one blank line between hands
    first, second = loads_ohh(text)
    assert not isinstance(first, HistoryError) and first == second == from_ohh(HAND)
    again = to_ohh(first)["ohh"]
    assert again["dealer_seat"] == 2 and again["table_name"] == "Kitchen" and again["currency"] == "USD"
    assert again["site_name"] == "Home game" and again["game_number"] == "77-1"
    back = from_ohh(json.loads(dumps_ohh([{"ohh": again}]), parse_float=Decimal))
    assert back.starting_stacks == first.starting_stacks
    assert replay(back).finishing_stacks == replay(first).finishing_stacks
    # the all-in hands were tabled before the board (§4.6): written where they were shown
    assert [r["street"] for r in again["rounds"]] == ["Preflop", "Flop", "Turn", "River"]
    assert again["rounds"][0]["actions"][-1]["action"] == "Shows Cards"
    assert from_ohh(to_ohh(back)).actions == back.actions


def _bundled() -> list[object]:
    hands = []
    for path in sorted(EXAMPLES.rglob("*.phh*")):
        hands += [h for h in read_file(path) if not isinstance(h, HistoryError)]
    return hands


def test_12_14_every_bundled_history_survives_phh_to_ohh_to_phh() -> None:
    checked = 0
    for history in _bundled():
        before = replay(history)
        if not before.ok:
            continue
        (back,) = loads_ohh(dumps_ohh([to_ohh(history)]))
        assert not isinstance(back, HistoryError), (history.file, history.index, back)
        after = replay(back)
        assert after.ok, (history.file, history.index, after)
        if before.finishing_stacks is not None:
            assert after.finishing_stacks == before.finishing_stacks, (history.file, history.index)
        checked += 1
    assert checked >= 100


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: h.update(game_type="Omaha"), "is not Texas hold'em"),
        (lambda h: h["bet_limit"].update(bet_type="XL"), "is not one of NL, PL, FL"),
        (lambda h: h.update(dealer_seat=9), "dealer_seat = 9 is not a seat in 1..6"),
        (lambda h: h["rounds"][0]["actions"].append({"player_id": 10, "action": "Sits Down"}), "Sits Down"),
        (lambda h: h["rounds"][0]["actions"].append({"player_id": 99, "action": "Fold"}), "player_id 99"),
        (lambda h: h["rounds"][1].update(street="Fourth"), "street 'Fourth'"),
        (lambda h: h["players"][0].pop("starting_stack"), "no 'starting_stack' field"),
        (lambda h: h.pop("rounds"), "no 'rounds' field"),
        (lambda h: h["players"][1].update(id=10), "id 10 appears twice"),
    ],
)
def test_12_14_a_bad_ohh_hand_is_refused_by_name(change: object, message: str) -> None:
    broken = copy.deepcopy(HAND)
    change(broken["ohh"])  # type: ignore[operator]
    with pytest.raises(HistoryError, match=r"12\.14") as info:
        from_ohh(broken)
    assert message in str(info.value)


def test_12_14_text_that_is_not_ohh_is_reported_not_raised() -> None:
    good = dumps_ohh([HAND])
    found = loads_ohh(good + "\n{not json")
    assert not isinstance(found[0], HistoryError)
    assert isinstance(found[1], HistoryError) and "hand 2 is not JSON" in str(found[1])
    with pytest.raises(HistoryError, match=r"12\.14"):
        loads_ohh(b"{}")  # type: ignore[arg-type]


def test_12_14_convert_and_replay_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pyholdem.cli import main

    ohh = tmp_path / "seeds.ohh"
    assert main(["convert", str(EXAMPLES / "seeds"), "--out", str(ohh)]) == 0
    assert main(["replay", str(ohh)]) == 0
    assert "2 hands: 2 ok, 0 failed" in capsys.readouterr().out
    phhs = tmp_path / "back.phhs"
    assert main(["convert", str(ohh), "--out", str(phhs)]) == 0
    assert [h.starting_stacks for h in read_file(phhs)] == [h.starting_stacks for h in read_history(ohh)]
    capsys.readouterr()
    assert main(["convert", str(ohh), "--out", str(tmp_path / "missing" / "x.ohh")]) == 2
    assert main(["convert", str(ohh), "--out", str(tmp_path / "x.txt")]) == 2
    assert main(["convert", str(tmp_path / "none.ohh"), "--out", str(tmp_path / "y.ohh")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("pyholdem convert: HistoryError") for line in err)
    assert not (tmp_path / "y.ohh").exists()


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    structure=st.sampled_from(["no_limit", "pot_limit", "fixed_limit"]),
    straddles=st.booleans(),
)
def test_12_14_random_hands_survive_ohh(seed: int, structure: str, straddles: bool) -> None:
    rules = RuleSet(betting_structure=structure, straddle_allowed=straddles and structure == "no_limit")
    hand = seeded_hand(seed, rules)
    history = history_from_hand(hand, seated=True)
    (back,) = loads_ohh(dumps_ohh([to_ohh(history, rules)]))
    assert not isinstance(back, HistoryError), back
    again = replay(back, rules)
    assert again.ok, again
    assert again.finishing_stacks is None or again.finishing_stacks == replay(history, rules).finishing_stacks

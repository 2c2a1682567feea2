"""Replay-verify (§12.8, §12.10, §12.11) and Hand → PHH writing (§12.9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import RuleSet
from pyholdem.cli import main
from pyholdem.history import HandHistory, dumps, loads, read_text
from pyholdem.history.record import history_from_hand, seeded_hand
from pyholdem.history.replay import replay, replay_histories, replay_paths

PUBLIC = Path(__file__).resolve().parents[2] / "examples" / "histories" / "public"

SETUP = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
"""


def one(actions: list[str], setup: str = SETUP, **fields: object) -> dict[str, object]:
    extra = "".join(f"{k} = {json.dumps(v)}\n" for k, v in fields.items())
    text = setup + f"actions = {json.dumps(actions)}\n" + extra
    (result,) = replay_histories(read_text(text, file="t.phh"))
    return result.as_dict()


DEAL = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 2c7d"]


def test_12_11_public_samples_replay() -> None:
    strict = list(replay_paths([PUBLIC]))
    assert len(strict) == 41
    failed = [r for r in strict if not r.ok]
    assert [(r.index, r.error["section"], r.error["action"]) for r in failed] == [(1, "12.11", 13)]
    assert "p1 acts but it is p8's turn" in failed[0].error["message"]
    repaired = list(replay_paths([PUBLIC], repair=True))
    assert all(r.ok for r in repaired)
    wsop = next(r for r in repaired if r.file.endswith(".phh"))
    assert "implied: p8 fold before action 13" in wsop.note
    unverifiable = [r for r in repaired if "not verifiable" in r.note]
    assert unverifiable and all(r.finishing_stacks is None for r in unverifiable)


def test_12_11_a_full_hand_agrees_with_its_finishing_stacks() -> None:
    actions = [
        *DEAL,
        "p3 f",
        "p1 cbr 10",
        "p2 cc",
        "d db 2h3h4s",
        "p1 cbr 20",
        "p2 cc",
        "d db 9c",
        "p1 cc",
        "p2 cc",
        "d db Tc",
        "p1 cc",
        "p2 cc",
        "p1 sm AcAd",
        "p2 sm",
    ]
    result = one(actions, finishing_stacks=[130, 70, 100])
    assert result["ok"] and result["error"] is None and result["finishing_stacks"] == [130, 70, 100]
    wrong = one(actions, finishing_stacks=[100, 100, 100])
    assert (
        not wrong["ok"] and wrong["error"]["kind"] == "ResultMismatch" and wrong["error"]["section"] == "12.8"
    )


@pytest.mark.parametrize(
    ("actions", "kind", "section", "index"),
    [
        ([*DEAL, "p1 f"], "HistoryError", "12.11", 3),
        ([*DEAL, "p3 cbr 3"], "IllegalAction", "5.6", 3),
        ([*DEAL, "p3 cbr 101"], "IllegalAction", "5.12", 3),
        ([*DEAL, "p3 f", "p1 cc", "p2 cc", "p1 cc"], "HistoryError", "12.11", 6),
        ([*DEAL, "p3 f", "p1 f", "p2 f"], "HistoryError", "12.11", 5),
        ([*DEAL, "d db 2h3h4s"], "HistoryError", "12.11", 3),
        ([*DEAL, "p3 f", "p1 cc", "p2 cc", "d db 2h3h"], "HistoryError", "12.11", 6),
        (["d dh p2 KcKd", "d dh p1 AcAd", "d dh p3 2c7d"], "HistoryError", "12.11", 0),
        ([*DEAL, "p3 f", "d dh p1 5c5d"], "HistoryError", "12.11", 4),
        (["d dh p1 AcAd", "d dh p2 AcKd", "d dh p3 2c7d"], "HistoryError", "1.1", None),
        ([*DEAL, "p3 f", "p1 cc", "p2 cc", "d db AcKs2s"], "HistoryError", "1.1", None),
        ([*DEAL, "p3 xx"], "HistoryError", "12.6", 3),
        ([*DEAL, "p3 f", "p1 sm 5c5d"], "HistoryError", "12.11", 4),
    ],
)
def test_12_11_bad_actions_are_reported_per_hand(
    actions: list[str], kind: str, section: str, index: int | None
) -> None:
    result = one(actions)
    assert not result["ok"]
    assert (result["error"]["kind"], result["error"]["section"], result["error"]["action"]) == (
        kind,
        section,
        index,
    )
    assert result["file"] == "t.phh" and result["index"] == 1


def test_12_10_set_up_errors_are_reported() -> None:
    bad_straddle = SETUP.replace("[1, 2, 0]", "[1, 2, 4]")
    result = one(DEAL, bad_straddle)
    assert result["error"]["kind"] == "RuleViolation" and result["error"]["section"] == "3.16"
    button_straddle = SETUP.replace(
        "[0, 0, 0]\nblinds_or_straddles = [1, 2, 0]", "[0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 4]"
    )
    button_straddle = button_straddle.replace("[100, 100, 100]", "[100, 100, 100, 100]")
    assert one([], button_straddle)["error"]["section"] == "12.10"
    assert one(DEAL, SETUP.replace("min_bet = 2", "min_bet = 3"))["error"]["section"] == "12.10"


def test_12_11_straddles_replay_under_a_rule_set_that_allows_them() -> None:
    setup = SETUP.replace("[0, 0, 0]", "[0, 0, 0, 0]").replace("[1, 2, 0]", "[1, 2, 4, 0]")
    setup = setup.replace("[100, 100, 100]", "[100, 100, 100, 100]")
    text = (
        setup
        + "actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 2c7d', 'd dh p4 3c8d', "
        + "'p4 f', 'p1 f', 'p2 f']\n"
    )
    (hand,) = loads(text)
    assert replay(hand).error["section"] == "3.16"
    allowed = replay(hand, RuleSet(straddle_allowed=True))
    assert allowed.ok and allowed.finishing_stacks == (99, 98, 103, 100)


@pytest.mark.parametrize("structure", ["no_limit", "pot_limit", "fixed_limit"])
def test_12_9_played_hands_round_trip(structure: str) -> None:
    rules = RuleSet(betting_structure=structure, straddle_allowed=True)
    for seed in range(60):
        hand = seeded_hand(seed, rules)
        history = history_from_hand(hand)
        (back,) = loads(dumps(history))
        assert back == history
        result = replay(back, rules)
        assert result.ok, (seed, result)
        assert result.finishing_stacks == history.finishing_stacks


def test_12_9_heads_up_is_written_reverse_assigned() -> None:
    rules = RuleSet()
    hand = next(h for s in range(200) if (h := seeded_hand(s, rules, players=(2, 2))).state.antes == [0, 0])
    history = history_from_hand(hand)
    assert history.blinds_or_straddles == (hand.state.blind_amounts[0], hand.state.blind_amounts[1])
    assert history.actions[0].player == 0 and replay(history).ok


@given(
    st.lists(
        st.sampled_from(
            [
                "p1 f",
                "p2 f",
                "p3 f",
                "p1 cc",
                "p2 cc",
                "p3 cc",
                "p1 cbr 6",
                "p2 cbr 20",
                "p3 cbr 100",
                "p1 cbr 99",
                "d db 2h3h4s",
                "d db 9c",
                "d db Tc",
                "p1 sm",
                "p2 sm AcAd",
                "# note",
                "",
            ]
        ),
        max_size=14,
    ),
    st.booleans(),
)
def test_12_11_random_action_lists_never_crash(actions: list[str], repair: bool) -> None:
    (result,) = replay_histories(
        read_text(SETUP + f"actions = {json.dumps(DEAL + actions)}\n"), repair=repair
    )
    data = result.as_dict()
    assert isinstance(data["ok"], bool)
    if not data["ok"]:
        assert data["error"]["section"] and data["error"]["kind"]


def test_12_8_replay_command_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.phh"
    good.write_text(
        SETUP + f"actions = {json.dumps([*DEAL, 'p3 f', 'p1 f'])}\nfinishing_stacks = [99, 101, 100]\n"
    )
    bad = tmp_path / "bad.phhs"
    bad.write_text(f"[1]\n{SETUP}actions = ['p9 f']\n[2]\nvariant = 'NT\n[3]\n{SETUP}actions = []\n")
    assert main(["replay", str(good), "--json"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["ok"] and line["finishing_stacks"] == [99, 101, 100]
    assert set(line) >= {"file", "index", "ok", "finishing_stacks", "expected", "error"}
    assert main(["replay", str(tmp_path), "--json"]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [(x["index"], x["ok"]) for x in lines] == [(1, False), (2, False), (3, True), (1, True)]
    assert lines[0]["error"]["section"] == "12.6" and lines[1]["error"]["section"] == "12.1"
    assert main(["replay", str(bad)]) == 1
    text = capsys.readouterr().out
    assert "FAIL" in text and "3 hands: 1 ok, 2 failed" in text


def test_12_1_histories_are_hand_histories() -> None:
    (hand,) = loads(SETUP + "actions = []\n")
    assert isinstance(hand, HandHistory) and hand.players == 3


def test_12_9_read_replay_write_read_gives_the_same_hand() -> None:
    from pyholdem.history.record import SELFPLAY
    from pyholdem.history.replay import play_history

    examples = PUBLIC.parent
    for name, (rules, _) in SELFPLAY.items():
        for history in read_text((examples / "selfplay" / name).read_text(), file=name):
            assert isinstance(history, HandHistory)
            hand, _, _ = play_history(history, rules)
            (again,) = loads(dumps(history_from_hand(hand, extra={"hand": history.hand, **history.extra})))
            assert again == history
    for path in sorted((examples / "seeds").glob("*.phh")):
        (history,) = read_text(path.read_text(), file=path.name)
        hand, _, _ = play_history(history, RuleSet())
        written = history_from_hand(hand)
        assert (written.starting_stacks, written.finishing_stacks) == (
            history.starting_stacks,
            history.finishing_stacks,
        )
        assert [a for a in written.actions if a.kind != "show_muck"] == [
            a.__class__(a.kind, a.player, a.cards, a.amount)
            for a in history.actions
            if a.kind not in ("show_muck", "noop")
        ]

"""The bundled adapters of other engines (a short smoke each; skipped when the engine is absent),
the differential hands, the rule readings that explain a deviation, and the report pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyholdem.cli import main
from pyholdem.conformance.cases import compare_cases, evaluate_cases
from pyholdem.conformance.differential import differential_hand, differential_vectors
from pyholdem.conformance.engines import ENGINES, Profile, UnknownEngine, engine
from pyholdem.conformance.hand_cases import play_vector
from pyholdem.conformance.readings import describe, reading_of
from pyholdem.conformance.report import index, page, summarise
from pyholdem.conformance.runner import Outcome, run_adapter
from pyholdem.conformance.self_adapter import __name__ as SELF_MODULE
from pyholdem.conformance.vectors import Vector

SMOKE = [*list(evaluate_cases(random_count=4))[:12], *list(compare_cases(random_count=4))[:8]]
EVALUATORS = [e for e in ENGINES.values() if e.kind == "evaluator"]


@pytest.mark.parametrize("name", [e.name for e in EVALUATORS])
def test_evaluator_adapter_smoke(name: str) -> None:
    e = engine(name)
    if e.unchecked():
        pytest.skip(e.unchecked())
    report = run_adapter(e.command(), SMOKE, timeout=60)
    assert report.adapter.startswith(e.name.split("-")[0]) or e.pinned() in report.adapter
    assert [o.status for o in report.outcomes] == ["passed"] * len(SMOKE), report.format()


def test_pokerkit_adapter_smoke_on_differential_hands() -> None:
    e = engine("pokerkit")
    if not e.installed():
        pytest.skip("pokerkit is not installed (the conformance extra)")
    assert e.profile is not None
    vectors = list(differential_vectors(e.profile, 6, 7))
    report = run_adapter(e.command(), vectors, timeout=60)
    assert [o.status for o in report.outcomes] == ["passed"] * 6, report.format()


def test_differential_hands_stay_inside_the_profile_and_are_seeded() -> None:
    profile = Profile(
        {"preset": "tda_2024_cash"}, players=(3, 4), blinds=((5, 10),), stack=500, raises="all_in"
    )
    for seed in range(20):
        hand = differential_hand(profile, seed)
        assert 3 <= len(hand.setup.stacks) <= 4 and set(hand.setup.stacks) == {500}
    a = [v.input for v in differential_vectors(profile, 5, 3)]
    assert a == [v.input for v in differential_vectors(profile, 5, 3)]
    for v in differential_vectors(profile, 30, 11):
        assert v.meta["family"] == "differential" and "result" in v.expect
        raises = [a for a in v.input["actions"] if " cbr " in a]
        legal = v.expect["result"]["legal"]
        moves = [a for a in v.input["actions"] if a.split()[1] in ("f", "cc", "cbr")]
        for action, before in zip(moves, legal, strict=True):
            if action in raises:
                assert int(action.split()[2]) == before["max_to"]


def test_a_deviation_explained_by_one_rule_field_is_named() -> None:
    """An engine answering as pyholdem does under odd_chip_rule = whole chip (§8.8) is a reading."""
    vectors = [v for v in differential_vectors(Profile({"preset": "tda_2024"}), 300, 1)]
    changed = {"preset": "tda_2024", "changes": {"odd_chip_rule": "left_of_button_whole_chip"}}
    for v in vectors:
        other = play_vector({**v.input, "rules": changed})
        if other != v.expect["result"]:
            break
    else:
        pytest.fail("no hand of the sample splits an odd chip")
    outcome = Outcome(v, "failed", other, "result.finishing_stacks[0]: expected …")
    mirror = engine("pokerkit").profile
    assert mirror is not None
    from pyholdem.conformance.hand_cases import rules_of

    reading = reading_of(outcome, rules_of({"rules": mirror.rules}))
    assert reading == (("odd_chip_rule", "left_of_button_whole_chip"),)
    assert describe(reading) == "odd_chip_rule = 'left_of_button_whole_chip' (§8.8)"
    assert (
        reading_of(
            Outcome(v, "failed", {"legal": [], "finishing_stacks": [0]}, "x"),
            rules_of({"rules": mirror.rules}),
        )
        is None
    )


def test_report_page_and_index_count_every_outcome(tmp_path: Path) -> None:
    e = engine("treys")
    vectors = SMOKE[:6]
    report = run_adapter(["python", "-m", SELF_MODULE], vectors, timeout=60)
    report.outcomes[0] = Outcome(
        vectors[0], "failed", {"class": 2, "category": 8}, "result.class: expected 1, got 2"
    )
    report.outcomes[1] = Outcome(vectors[1], "skipped", None, "cannot state it")
    summary = summarise(e, report, hands=0, seed=1)
    assert summary["totals"] == {"passed": 4, "failed": 1, "not expressible": 1}
    assert summary["deviations"][0]["classification"] == "unclassified"
    text = page(summary)
    assert "4 passed, 1 failed, 1 not expressible" in text and "`result.class`" in text
    assert "cannot state it" in text
    assert "| [treys](treys.md) |" in index([summary])


def test_report_command_writes_pages_and_refuses_unknown_engines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["vectors", "write", str(tmp_path / "v"), "--runner", "compare"]) == 0
    e = engine("treys")
    argv = [
        "conformance",
        "report",
        "--engine",
        "treys",
        "--vectors",
        str(tmp_path / "v"),
        "--out",
        str(tmp_path / "o"),
    ]
    assert main(argv) == 0
    made = (tmp_path / "o" / "treys.md").read_text()
    assert ("Not checked" in made) != e.installed()
    assert "treys" in (tmp_path / "o" / "README.md").read_text()
    other = tmp_path / "o" / "eval7.md"  # a page an earlier run left is listed, never rewritten
    other.write_text("left as it was\n")
    (tmp_path / "o" / "eval7.json").write_text(
        json.dumps(json.loads((tmp_path / "o" / "treys.json").read_text()) | {"engine": "eval7"})
    )
    assert main(argv) == 0
    assert other.read_text() == "left as it was\n" and "eval7" in (tmp_path / "o" / "README.md").read_text()
    capsys.readouterr()
    assert main(["conformance", "report", "--engine", "nope", "--out", str(tmp_path / "o")]) != 0
    err = capsys.readouterr().err
    assert "nope" in err and "Traceback" not in err
    with pytest.raises(UnknownEngine):
        engine("nope")


def test_13_7_poker_equity_answers_equity_vectors() -> None:
    from pyholdem.conformance.equity_cases import equity_cases

    e = engine("poker-equity")
    assert "equity" in e.runners and e.samples == {"equity": 24}
    if not e.installed():
        pytest.skip("poker-equity is not installed (the conformance extra)")
    vectors = list(equity_cases(rows=2))
    report = run_adapter(e.command(), vectors, timeout=60)
    assert [o.status for o in report.outcomes] == ["passed"] * len(vectors), report.format()


def test_a_sampled_runner_keeps_a_spread_and_every_refusal() -> None:
    from pyholdem.conformance.equity_cases import equity_cases
    from pyholdem.conformance.report import sampled

    vectors = [*SMOKE[:3], *equity_cases()]
    kept = sampled(vectors, "equity", 5)
    rows = [v for v in kept if v.runner == "equity" and "result" in v.expect]
    assert [v.case for v in rows][::4] == ["aa-aa", "22-22"] and len(rows) == 5
    assert kept[:3] == SMOKE[:3]
    assert sum(1 for v in kept if v.runner == "equity" and "error" in v.expect) == 2


def test_a_summary_read_back_from_its_json_lists_its_sections_in_order() -> None:
    """JSON sorts the keys as text ("12.11" before "3.1"); the page orders them as sections."""
    from pyholdem.conformance.report import _counts_table

    row = {"passed": 1, "failed": 0, "not expressible": 0}
    read_back = json.loads(json.dumps({"3.1": row, "12.11": row, "3.10": row, "3.2": row}, sort_keys=True))
    assert [line.split(" | ")[0] for line in _counts_table("section", read_back)[2:]] == [
        "| 3.1",
        "| 3.2",
        "| 3.10",
        "| 12.11",
    ]


@pytest.mark.parametrize("name", [e.name for e in EVALUATORS])
def test_a_showdown_without_a_board_is_judged_or_refused_never_a_crash(name: str) -> None:
    e = engine(name)
    if e.unchecked():
        pytest.skip(e.unchecked())
    royal, full_house = ["As", "Ks", "Qs", "Js", "Ts", "2c", "3c"], ["Ah", "Ad", "Ac", "Kd", "Kh", "4c", "5c"]
    seven = Vector("compare", "no-board-7", {"hands": [royal, full_house]}, {"result": {"winners": [0]}}, {})
    two = [["2c", "3d"], ["4h", "5h"], ["6h", "7h"], ["8h", "9h"]]
    short = Vector("compare", "no-board-2", {"hands": two}, {"result": {"winners": [0]}}, {})
    report = run_adapter(e.command(), [seven, short], timeout=60)
    judged, refused = report.outcomes
    if name == "poker-equity":  # it takes hole cards and a board only
        assert "takes two-card hands on a five-card board" in str(judged.actual), report.format()
    else:
        assert judged.status == "passed", report.format()
    assert refused.status == "failed" and "card" in str(refused.actual["message"]), report.format()

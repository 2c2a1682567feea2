"""The hand-engine adapters (OpenSpiel, RLCard, texasholdem, PyPokerEngine, clubs): a short smoke of
each on its own differential hands (skipped, saying why, when the engine is not installed), the
reproducers of the engine defects, bounds an engine cannot state, and refusals grouped by reason."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pyholdem.conformance.adapters._hands import NotExpressible, table_of
from pyholdem.conformance.adapters._serve import serve
from pyholdem.conformance.deviations import DEVIATIONS, ENGINE_DEFECT, classify
from pyholdem.conformance.differential import differential_vectors
from pyholdem.conformance.engines import ENGINES, engine
from pyholdem.conformance.report import _normalised, _signature, not_installed, write
from pyholdem.conformance.runner import Outcome, judge, run_adapter
from pyholdem.conformance.vectors import Vector

HAND_ENGINES = [e.name for e in ENGINES.values() if e.profile is not None and e.name != "pokerkit"]


@pytest.mark.parametrize("name", HAND_ENGINES)
def test_hand_engine_adapter_smoke(name: str) -> None:
    """Eight differential hands: every one passes, is not expressible, or fails as a classified
    deviation; the adapter never breaks the protocol."""
    e = engine(name)
    if e.unchecked():
        pytest.skip(e.unchecked())
    assert e.profile is not None
    vectors = list(differential_vectors(e.profile, 8, 20240601))
    report = run_adapter(e.command(), vectors, timeout=120)
    assert report.adapter.split()[-1] == e.pinned(), report.adapter
    assert len(report.outcomes) == len(vectors)
    for o in report.outcomes:
        assert "the adapter" not in o.reason, report.format()
        if o.status == "failed":
            signature, section = _signature(o, e)
            assert classify(e.name, signature[1], section, o) is not None, report.format()
    assert any(o.status != "skipped" for o in report.outcomes), report.format()


@pytest.mark.parametrize(
    "deviation", [d for d in DEVIATIONS if d.reproducer], ids=lambda d: f"{d.engine}-{d.sections}"
)
def test_every_reproducer_runs_in_its_engine(deviation: Any) -> None:
    e = engine(deviation.engine)
    if e.unchecked():
        pytest.skip(e.unchecked())
    done = subprocess.run(
        [sys.executable, "-c", deviation.reproducer], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_every_engine_defect_has_a_reproducer() -> None:
    for d in DEVIATIONS:
        if d.kind == ENGINE_DEFECT:
            assert d.reproducer, d


def _hand_vector(legal: list[dict[str, Any]]) -> Vector:
    return Vector("hand", "unstated", {"actions": []}, {"result": {"legal": legal, "finishing_stacks": [1]}})


LEGAL = {"actor": "p1", "fold": True, "check": False, "call": 2, "min_to": 4, "max_to": 100}


def test_an_unstated_bound_is_left_out_of_the_comparison_and_nothing_else() -> None:
    vector = _hand_vector([LEGAL])
    stated = {"legal": [{**LEGAL, "min_to": None}], "finishing_stacks": [1], "unstated": ["min_to"]}
    assert judge(vector, {"result": stated}).status == "passed"
    assert judge(vector, {"result": {**stated, "unstated": []}}).status == "failed"
    wrong_call = {**stated, "legal": [{**LEGAL, "min_to": None, "call": 3}]}
    assert judge(vector, {"result": wrong_call}).reason.startswith("result.legal[0].call")
    not_a_bound = {**stated, "legal": [{**LEGAL, "call": 3}], "unstated": ["call"]}
    assert judge(vector, {"result": not_a_bound}).status == "failed"
    assert judge(vector, {"result": {**stated, "unstated": "min_to"}}).status == "failed"


def test_refusals_are_grouped_by_the_engines_reason_without_numbers() -> None:
    assert _normalised("p1 cbr 40: it is p3's turn") == "it is pN's turn"
    assert _normalised("cbr 2: not among universal_poker's legal actions [1, 4, 5]") == (
        "not among universal_poker's legal actions"
    )
    vector = _hand_vector([LEGAL])
    outcome = judge(vector, {"error": {"kind": None, "message": "p2 cc: nobody is to act"}})
    signature, _ = _signature(outcome, engine("treys"))
    assert signature == ("answer", "expected a result, got an error (nobody is to act)")


def test_a_table_set_up_or_an_ante_is_not_expressible_for_a_two_blind_engine() -> None:
    data = {
        "variant": "NT",
        "antes": [1, 1, 1],
        "blinds_or_straddles": [1, 2, 0],
        "min_bet": 2,
        "starting_stacks": [100, 100, 100],
        "actions": ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 2c7d", "p3 f"],
    }
    with pytest.raises(NotExpressible, match="antes"):
        table_of(data).standard_blinds()
    with pytest.raises(NotExpressible, match="set-up"):
        table_of({**data, "setup": {}})
    heads_up = table_of(
        {
            **data,
            "antes": [0, 0],
            "blinds_or_straddles": [1, 2],
            "starting_stacks": [5, 9],
            "actions": ["d dh p1 AcAd", "d dh p2 KcKd", "p2 f"],
        }
    )
    assert heads_up.posts == [2, 1] and heads_up.big_blind_player == 0


def test_outcome_of_a_skip_is_counted_apart() -> None:
    vector = _hand_vector([LEGAL])
    assert judge(vector, {"skip": "a straddle"}) == Outcome(vector, "skipped", None, "a straddle")


def test_a_report_of_one_engine_keeps_the_others_in_the_index(tmp_path: Path) -> None:
    write(tmp_path, [not_installed(engine("deuces"))])
    write(tmp_path, [not_installed(engine("treys"))])
    text = (tmp_path / "README.md").read_text()
    assert text.index("[treys](treys.md)") < text.index("[deuces](deuces.md)")
    assert "[pokerkit]" not in text


def test_an_answer_that_is_not_json_is_an_error_reply_and_the_adapter_goes_on() -> None:
    out = io.StringIO()
    lines = '{"id": 3, "runner": "hand", "input": {}}\n{"type": "bye"}\n'
    assert serve("x", {"hand": lambda data: {"stacks": {1}}}, io.StringIO(lines), out) == 0
    reply = json.loads(out.getvalue())
    assert reply["id"] == 3 and "not JSON" in reply["error"]["message"]


def _case(name: str) -> Vector:
    from pyholdem.conformance.hand_cases import hand_cases

    return next(v for v in hand_cases(random_count=0) if v.case == name)


def test_one_signature_with_two_causes_is_split_by_the_failure_itself() -> None:
    """A short big blind all-in: texasholdem's stacks are pyholdem's under its call reading (§7.5);
    other stacks under the same signature are its closed-pot defect, each group classified apart."""
    from pyholdem.conformance.report import _groups

    vector = _case("short-big-blind-posts-all-in")
    read, other = (
        Outcome(
            vector,
            "failed",
            {"finishing_stacks": s, "legal": []},
            f"result.finishing_stacks[0]: expected 114, got {s[0]}",
        )
        for s in ([109, 0, 95], [110, 0, 94])
    )
    what, section = "result.finishing_stacks[]", vector.section or ""
    first, second = (
        classify("texasholdem", what, section, read),
        classify("texasholdem", what, section, other),
    )
    assert first is not None and first.ruleset == "short_blind_call_amount = 'posted_amount' (§7.5)"
    assert second is not None and second.kind == ENGINE_DEFECT and second.reproducer
    groups = _groups(engine("texasholdem"), [read, other])
    assert sorted(g.deviation.kind for g in groups if g.deviation) == sorted([first.kind, ENGINE_DEFECT])


def test_6_1_a_fold_when_checking_is_free_is_not_expressible_on_open_spiel() -> None:
    e = engine("open-spiel")
    if e.unchecked():
        pytest.skip(e.unchecked())
    from pyholdem.conformance.adapters.open_spiel_adapter import hand

    with pytest.raises(NotExpressible, match="checking is free"):
        hand(dict(_case("round-completes-when-all-called").input))


def test_texasholdem_names_the_street_of_a_refused_move() -> None:
    e = engine("texasholdem")
    if e.unchecked():
        pytest.skip(e.unchecked())
    from pyholdem.conformance.adapters._serve import Refused
    from pyholdem.conformance.adapters.texasholdem_adapter import hand

    data = dict(_case("short-big-blind-posts-all-in").input)
    data["actions"] = [*data["actions"][:5], "d db 2h3h4s", "p1 cbr 10"]
    with pytest.raises(Refused, match="available moves on the flop"):
        hand(data)


def test_5_6_texasholdem_sizes_raises_by_short_all_ins_that_add_up() -> None:
    """Two short all-ins that add up to the last raise: texasholdem's next minimum raise is their sum,
    and pyholdem replaying the hand under ``min_raise_rule = 'cumulative_short_allins'`` answers
    exactly as texasholdem does, so the failure is that reading (§5.6)."""
    e = engine("texasholdem")
    if e.unchecked():
        pytest.skip(e.unchecked())
    from pyholdem.conformance.adapters.texasholdem_adapter import hand

    vector = _case("short-all-ins-add-up")
    outcome = judge(vector, {"result": hand(dict(vector.input))})
    assert outcome.status == "failed" and "min_to: expected 290, got 300" in outcome.reason
    signature, section = _signature(outcome, e)
    assert (signature, section) == (("reading", "min_raise_rule = 'cumulative_short_allins' (§5.6)"), "5.6")

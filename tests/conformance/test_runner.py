"""The conformance machinery: vector files, the adapter protocol, judging and reports."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from pyholdem.cli import main
from pyholdem.conformance.cases import WORKED_POTS, all_vectors, pots_cases
from pyholdem.conformance.runner import AdapterError, judge, run_adapter
from pyholdem.conformance.self_adapter import serve
from pyholdem.conformance.vectors import Vector, VectorError, load_vectors, write_vectors

SELF = [sys.executable, "-m", "pyholdem.conformance.self_adapter"]


def small_set() -> list[Vector]:
    return list(pots_cases(random_count=30))


def test_vectors_write_and_load_back(tmp_path: Path) -> None:
    vectors = small_set()
    assert write_vectors(tmp_path, vectors) == {"pots": len(vectors)}
    (tmp_path / "pots" / "stale.json").write_text("{}")
    write_vectors(tmp_path, vectors)
    assert not (tmp_path / "pots" / "stale.json").exists()
    loaded = load_vectors(tmp_path)
    assert [v.id for v in loaded] == sorted(v.id for v in vectors)
    by_id = {v.id: v for v in vectors}
    for v in loaded:
        assert (v.input, v.expect, v.meta) == (by_id[v.id].input, by_id[v.id].expect, by_id[v.id].meta)


def test_vector_layout_is_checked(tmp_path: Path) -> None:
    with pytest.raises(VectorError, match="unknown runner"):
        Vector("poker", "x", {}, {"result": 1})
    with pytest.raises(VectorError, match="exactly 'result' or 'error'"):
        Vector("pots", "x", {}, {"result": 1, "error": {}})
    with pytest.raises(VectorError, match="names its 'kind' and 'section'"):
        Vector("pots", "x", {}, {"error": {"kind": "RuleViolation"}})
    (tmp_path / "pots").mkdir()
    (tmp_path / "pots" / "bad.json").write_text("[1]")
    with pytest.raises(VectorError, match="keys meta, input, expect"):
        load_vectors(tmp_path, ["pots"])
    with pytest.raises(VectorError, match="not a directory"):
        load_vectors(tmp_path / "missing")


def test_every_case_has_a_section_and_unique_name() -> None:
    vectors = list(all_vectors())
    assert len({v.id for v in vectors}) == len(vectors) > 1000
    assert all(v.section for v in vectors)
    assert {c.section for c in WORKED_POTS} >= {"7.6", "7.7", "8.7", "8.8", "8.10"}


def test_judge_rules() -> None:
    ok = Vector("pots", "a", {}, {"result": {"payouts": [1, 2]}}, {"section": "8.10"})
    assert judge(ok, {"result": {"payouts": [1, 2]}}).status == "passed"
    bad = judge(ok, {"result": {"payouts": [2, 1]}})
    assert bad.status == "failed" and bad.reason.startswith("result.payouts[0]: expected 1, got 2")
    assert judge(ok, {"skip": "no"}).status == "skipped"
    assert judge(ok, {"error": {"kind": None}}).status == "failed"
    assert judge(ok, [1]).status == "failed"
    err = Vector("pots", "b", {}, {"error": {"kind": "RuleViolation", "section": "7.7"}})
    assert judge(err, {"error": {"kind": None}}).status == "passed"
    assert judge(err, {"error": {"kind": "IllegalAction"}}).status == "failed"
    assert judge(err, {"result": 3}).status == "failed"
    ev = Vector("evaluate", "c", {}, {"result": {"value": 9, "class": 1, "category": 8}})
    assert judge(ev, {"result": {"class": 1, "category": 8}}).status == "passed"
    assert judge(ev, {"result": {"value": 9, "category": 8}}).status == "failed"


def test_self_adapter_passes_its_own_vectors() -> None:
    vectors = small_set()
    report = run_adapter(SELF, vectors, timeout=60)
    assert report.ok, report.format()
    assert report.counts() == {"pots": {"passed": len(vectors), "failed": 0, "skipped": 0}}


def test_a_wrong_implementation_is_reported_with_the_section(tmp_path: Path) -> None:
    liar = tmp_path / "liar.py"
    liar.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'hello', 'name': 'liar', 'runners': ['pots']}), flush=True)\n"
        "    elif m['type'] == 'bye':\n"
        "        break\n"
        "    else:\n"
        "        print(json.dumps({'id': m['id'], 'result': {'payouts': [], 'pots': []}}), flush=True)\n"
    )
    vectors = small_set()[:3]
    report = run_adapter([sys.executable, str(liar)], vectors, timeout=60)
    assert report.adapter == "liar" and len(report.failures) == 3
    text = report.format()
    assert "FAIL pots/uncalled-bet-returned (§7.6)" in text and "expected" in text


def test_a_crashing_adapter_fails_each_vector_it_breaks_on(tmp_path: Path) -> None:
    crash = tmp_path / "crash.py"
    crash.write_text(
        "import json, sys\n"
        "print(json.dumps({'type': 'hello', 'name': 'crash'}), flush=True)\n"
        "sys.stdin.readline(); sys.stdin.readline()\n"
        "print('not json', flush=True)\n"
    )
    report = run_adapter([sys.executable, str(crash)], small_set()[:4], timeout=60)
    assert [o.status for o in report.outcomes] == ["failed"] * 4
    assert "not JSON" in report.outcomes[0].reason
    with pytest.raises(AdapterError, match="cannot start"):
        run_adapter(["/nonexistent/adapter"], [], timeout=5)


def test_self_adapter_protocol_in_memory() -> None:
    one_seat = {"contributions": [1], "folded": [False], "values": [1], "button": 0}
    lines = [
        {"type": "hello", "protocol": 1},
        {"type": "case", "id": "pots/x", "runner": "pots", "input": one_seat},
        {"type": "case", "id": "nope/y", "runner": "nope", "input": {}},
        {"type": "bye"},
    ]
    out = io.StringIO()
    serve(io.StringIO("".join(json.dumps(m) + "\n" for m in lines) + "garbage\n"), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert replies[0]["type"] == "hello" and "pots" in replies[0]["runners"]
    assert replies[1]["error"]["kind"] == "RuleViolation" and replies[1]["id"] == "pots/x"
    assert "skip" in replies[2] and len(replies) == 3


def test_cli_vectors_and_conformance(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vectors", "write", str(tmp_path), "--runner", "pots"]) == 0
    assert "pots:" in capsys.readouterr().out
    assert main(["conformance", "run", "--vectors", str(tmp_path), "--json", "--limit", "1"]) == 0
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert last["counts"]["pots"]["failed"] == 0 and last["counts"]["pots"]["passed"] > 1000


def _adapter(tmp_path: Path, reply: str) -> list[str]:
    """An adapter that says hello, then answers every case with the Python expression ``reply``."""
    script = tmp_path / "adapter.py"
    script.write_text(
        "import sys\n"
        "sys.stdin.readline()\n"
        'sys.stdout.buffer.write(b\'{"type": "hello", "name": "odd\\\\u00e9"}\\n\'); sys.stdout.flush()\n'
        "for line in sys.stdin:\n"
        f"    sys.stdout.buffer.write({reply}); sys.stdout.flush()\n"
    )
    return [sys.executable, str(script)]


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        ("b'\\xff\\xfe garbage\\n'", "not JSON"),
        ("b'[' * 100000 + b']' * 100000 + b'\\n'", "nested too deeply"),
    ],
    ids=["invalid-utf8", "deep-json"],
)
def test_an_adapter_writing_undecodable_lines_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], reply: str, reason: str
) -> None:
    report = run_adapter(_adapter(tmp_path, reply), small_set()[:3], timeout=10)
    assert [o.status for o in report.outcomes] == ["failed"] * 3
    assert reason in report.outcomes[0].reason
    assert "Traceback" not in capsys.readouterr().err


def test_a_deeply_nested_vector_file_is_a_vector_error(tmp_path: Path) -> None:
    (tmp_path / "pots").mkdir()
    (tmp_path / "pots" / "deep.json").write_text("[" * 100000 + "]" * 100000)
    with pytest.raises(VectorError, match=r"deep\.json"):
        load_vectors(tmp_path)


@pytest.mark.parametrize(
    "argv",
    [
        ["--adapter", "python 'unclosed"],
        ["--timeout", "-1"],
        ["--timeout", "nan"],
    ],
)
def test_bad_conformance_arguments_are_reported_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    write_vectors(tmp_path, small_set()[:2])
    try:
        code = main(["conformance", "run", "--vectors", str(tmp_path), *argv])
    except SystemExit as exit_:
        code = exit_.code
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and ("AdapterError" in err or "--timeout" in err)


def test_writing_vectors_where_no_directory_can_be_made_is_a_vector_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(VectorError, match="cannot write the vectors"):
        write_vectors(blocker, small_set()[:1])


def test_self_adapter_answers_undecodable_lines_and_goes_on() -> None:
    import subprocess

    lines = [
        b'{"type": "hello", "protocol": 1}\n',
        b"[" * 100000 + b"]" * 100000 + b"\n",
        b"\xff\xfe\n",
        b'{"type": "case", "id": "pots/x", "runner": "pots", "input": {}}\n',
        b'{"type": "bye"}\n',
    ]
    done = subprocess.run(SELF, input=b"".join(lines), capture_output=True, timeout=60, check=False)
    replies = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert [r.get("id") for r in replies] == [None, None, None, "pots/x"]
    assert replies[1]["error"]["message"] == replies[2]["error"]["message"] == "a message is a JSON object"

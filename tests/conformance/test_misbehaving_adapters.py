"""Real adapter programs that crash, hang or break the protocol on one vector: that vector gets a
verdict naming what happened, the others are still judged (``vectors/formats/adapter.md``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pyholdem.conformance.cases import pots_cases
from pyholdem.conformance.runner import AdapterError, run_adapter
from pyholdem.conformance.vectors import Vector

VECTORS: list[Vector] = list(pots_cases(random_count=0))[:4]
BAD = VECTORS[1].id


def adapter(tmp_path: Path, misdeed: str, hello: str = "{'type': 'hello', 'name': 'flaky'}") -> list[str]:
    """pyholdem's own answers, except on the vector ``BAD``, where the program runs ``misdeed``."""
    script = tmp_path / "flaky.py"
    script.write_text(
        "import json, sys, time\n"
        "from pyholdem.conformance.answers import ANSWERS\n"
        "from pyholdem.conformance.self_adapter import reply\n"
        f"print(json.dumps({hello}), flush=True) if json.loads(sys.stdin.readline()) else None\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m.get('type') == 'bye':\n"
        "        break\n"
        f"    if m['id'] == {BAD!r}:\n"
        f"        {misdeed}\n"
        "    print(json.dumps(reply(m, ANSWERS)), flush=True)\n"
    )
    return [sys.executable, str(script)]


@pytest.mark.parametrize(
    ("misdeed", "reason"),
    [
        ("raise SystemExit(7)", "the adapter exited (status 7)"),
        ("import os; os.abort()", "the adapter exited (status -6)"),
        ("time.sleep(3600)", "did not answer within 2 s"),
        ("print('Traceback (most recent call last):', flush=True); continue", "not JSON"),
        ("print(json.dumps({'id': 'pots/other', 'result': {}}), flush=True); continue", "is not"),
        ("print(json.dumps([1, 2]), flush=True); continue", "reply is not a JSON object"),
        ("print(json.dumps({'id': m['id']}), flush=True); continue", "neither 'result'"),
    ],
    ids=["exits", "aborts", "hangs", "prints-text", "wrong-id", "not-an-object", "empty-reply"],
)
def test_a_misbehaving_adapter_fails_only_that_vector(tmp_path: Path, misdeed: str, reason: str) -> None:
    report = run_adapter(adapter(tmp_path, misdeed), VECTORS, timeout=2)
    assert [o.vector.id for o in report.outcomes] == [v.id for v in VECTORS]
    statuses = {o.vector.id: o.status for o in report.outcomes}
    assert statuses == {v.id: "failed" if v.id == BAD else "passed" for v in VECTORS}
    bad = next(o for o in report.outcomes if o.vector.id == BAD)
    assert reason in bad.reason
    assert f"FAIL {BAD}" in report.format()


def test_an_adapter_whose_hello_is_wrong_fails_every_vector_with_the_reason(tmp_path: Path) -> None:
    report = run_adapter(adapter(tmp_path, "pass", hello="{'hello': 'there'}"), VECTORS, timeout=2)
    assert [o.status for o in report.outcomes] == ["failed"] * len(VECTORS)
    assert all("hello failed" in o.reason for o in report.outcomes)


def test_an_adapter_that_never_says_hello_is_bounded_by_the_time_limit(tmp_path: Path) -> None:
    command = adapter(tmp_path, "pass", hello="time.sleep(3600)")
    report = run_adapter(command, VECTORS, timeout=1, start_timeout=2)
    assert [o.status for o in report.outcomes] == ["failed"] * len(VECTORS)
    assert all("did not answer within 2 s" in o.reason for o in report.outcomes)


def test_an_adapter_that_dies_at_each_start_fails_the_rest_with_the_restart_reason(tmp_path: Path) -> None:
    once = tmp_path / "once"
    script = tmp_path / "once.py"
    script.write_text(
        "import json, os, sys\n"
        f"if os.path.exists({str(once)!r}):\n"
        "    raise SystemExit(1)\n"
        f"open({str(once)!r}, 'w').close()\n"
        "sys.stdin.readline()\n"
        "print(json.dumps({'type': 'hello', 'name': 'once'}), flush=True)\n"
        "sys.stdin.readline()\n"
        "raise SystemExit(2)\n"
    )
    report = run_adapter([sys.executable, str(script)], VECTORS, timeout=2)
    reasons = [o.reason for o in report.outcomes]
    assert "exited (status 2)" in reasons[0]
    assert all("hello failed" in r and "exited (status 1)" in r for r in reasons[1:])


def test_a_command_that_cannot_start_is_an_adapter_error() -> None:
    with pytest.raises(AdapterError, match="cannot start"):
        run_adapter(["/nonexistent/adapter"], VECTORS, timeout=1)

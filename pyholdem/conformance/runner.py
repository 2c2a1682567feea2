"""Drive another implementation over JSON lines (``vectors/formats/adapter.md``) and report per vector.

The adapter is a process: pyholdem writes one JSON object per line to its stdin and reads one per
line from its stdout. A crash, a hang (no answer within the per-case time limit), a malformed or
out-of-order reply fails the vector it concerns with the reason, and the runner goes on: a broken
process is killed and a fresh one started for the next vector.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pyholdem.conformance.vectors import RUNNERS, Vector
from pyholdem.errors import PyHoldemError

PROTOCOL = 1


class AdapterError(PyHoldemError, RuntimeError):
    """The adapter process could not be started or broke the protocol."""


@dataclass(frozen=True)
class Outcome:
    """What happened to one vector: ``passed``, ``failed`` or ``skipped`` (the adapter declined)."""

    vector: Vector
    status: str
    actual: Any = None
    reason: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.vector.id,
            "status": self.status,
            "section": self.vector.section,
            "expected": self.vector.expect,
            "actual": self.actual,
            "reason": self.reason,
        }


@dataclass
class Report:
    adapter: str
    outcomes: list[Outcome] = field(default_factory=list)

    def counts(self) -> dict[str, dict[str, int]]:
        table: dict[str, dict[str, int]] = {}
        for o in self.outcomes:
            row = table.setdefault(o.vector.runner, {"passed": 0, "failed": 0, "skipped": 0})
            row[o.status] += 1
        return {r: table[r] for r in RUNNERS if r in table}

    @property
    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "failed"]

    @property
    def ok(self) -> bool:
        return not self.failures

    def format(self, *, limit: int | None = 50) -> str:
        lines = [f"adapter: {self.adapter}"]
        for runner, row in self.counts().items():
            counts = "  ".join(f"{k} {row[k]:>6}" for k in ("passed", "failed", "skipped"))
            lines.append(f"  {runner:<9} {counts}")
        shown = self.failures if limit is None else self.failures[:limit]
        for o in shown:
            lines.append(f"FAIL {o.vector.id} (§{o.vector.section or '?'}): {o.reason}")
            lines.append(f"     expected {json.dumps(o.vector.expect, sort_keys=True)}")
            lines.append(f"     actual   {json.dumps(o.actual, sort_keys=True)}")
        if len(shown) < len(self.failures):
            lines.append(f"… and {len(self.failures) - len(shown)} more failures (use --json for all)")
        total = len(self.outcomes)
        passed = sum(o.status == "passed" for o in self.outcomes)
        lines.append(f"total: {passed}/{total} passed, {len(self.failures)} failed")
        return "\n".join(lines)


def judge(vector: Vector, reply: Any) -> Outcome:
    """Compare one adapter reply with the vector's expectation (rules in ``adapter.md``)."""
    if not isinstance(reply, dict):
        return Outcome(vector, "failed", reply, "reply is not a JSON object")
    if "skip" in reply:
        return Outcome(vector, "skipped", None, str(reply["skip"]))
    expect = vector.expect
    if "error" in expect:
        error = reply.get("error")
        if not isinstance(error, dict):
            return Outcome(vector, "failed", reply.get("result"), "expected an error, got a result")
        kind = error.get("kind")
        if kind is not None and kind != expect["error"]["kind"]:
            return Outcome(vector, "failed", error, f"error kind {kind!r} != {expect['error']['kind']!r}")
        return Outcome(vector, "passed", error)
    if "error" in reply:
        return Outcome(vector, "failed", reply["error"], "expected a result, got an error")
    if "result" not in reply:
        return Outcome(vector, "failed", reply, "reply has neither 'result', 'error' nor 'skip'")
    actual = reply["result"]
    expected = expect["result"]
    if vector.runner == "hand" and isinstance(actual, dict) and "unstated" in actual:
        expected, actual = _stated(expected, actual)
    difference = _difference(expected, actual, vector.runner)
    if difference:
        return Outcome(vector, "failed", actual, difference)
    return Outcome(vector, "passed", actual)


UNSTATABLE = ("min_to", "max_to")


def _stated(expected: Any, actual: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """A ``hand`` answer may name bounds its engine has no way to state (``unstated``: ``min_to`` or
    ``max_to``, ``vectors/formats/hand.md``): both sides are compared without them."""
    dropped = (
        [k for k in actual["unstated"] if k in UNSTATABLE] if isinstance(actual["unstated"], list) else []
    )
    actual = {k: v for k, v in actual.items() if k != "unstated"}
    if not dropped or not isinstance(expected, dict):
        return expected, actual

    def strip(result: dict[str, Any]) -> dict[str, Any]:
        legal = result.get("legal")
        if not isinstance(legal, list):
            return result
        return {
            **result,
            "legal": [
                {k: v for k, v in s.items() if k not in dropped} if isinstance(s, dict) else s for s in legal
            ],
        }

    return strip(expected), strip(actual)


def _difference(expected: Any, actual: Any, runner: str, path: str = "result") -> str:
    if runner == "evaluate" and isinstance(expected, dict) and isinstance(actual, dict):
        missing = [k for k in ("class", "category") if k not in actual]
        if missing:
            return f"result lacks {', '.join(missing)}"
        keys = [k for k in expected if k in actual]
        expected = {k: expected[k] for k in keys}
        actual = {k: actual[k] for k in keys}
    if expected == actual:
        return ""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            if expected.get(key, "<missing>") != actual.get(key, "<missing>"):
                return _difference(
                    expected.get(key, "<missing>"), actual.get(key, "<missing>"), "", f"{path}.{key}"
                )
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            if e != a:
                return _difference(e, a, "", f"{path}[{i}]")
    return (
        f"{path}: expected {json.dumps(expected, sort_keys=True)}, got {json.dumps(actual, sort_keys=True)}"
    )


class Adapter:
    """A running adapter process (context manager)."""

    def __init__(self, command: str | Sequence[str], *, timeout: float = 30.0) -> None:
        try:
            argv = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as exc:
            raise AdapterError(f"the adapter command {command!r} cannot be split into words: {exc}") from None
        if not argv:
            raise AdapterError("the adapter command is empty")
        self.timeout = timeout
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise AdapterError(f"cannot start adapter {argv[0]!r}: {exc}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.name = " ".join(argv)
        self.runners: tuple[str, ...] = RUNNERS

    def _pump(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(message) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise AdapterError("the adapter closed its input") from None

    def receive(self) -> Any:
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise AdapterError(f"the adapter did not answer within {self.timeout:g} s") from None
        if line is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=min(self.timeout, 5.0))
            raise AdapterError(f"the adapter exited (status {self.process.poll()})")
        try:
            return json.loads(line)
        except json.JSONDecodeError:
            raise AdapterError(f"the adapter wrote a line that is not JSON: {line[:200]!r}") from None
        except RecursionError:
            raise AdapterError(f"the adapter wrote JSON nested too deeply: {line[:200]!r}") from None

    def hello(self) -> None:
        self.send({"type": "hello", "protocol": PROTOCOL})
        reply = self.receive()
        if not isinstance(reply, dict) or reply.get("type") != "hello":
            raise AdapterError(f"the adapter's first line is not a hello: {reply!r}")
        self.name = str(reply.get("name", self.name))
        runners = reply.get("runners", list(RUNNERS))
        self.runners = tuple(r for r in RUNNERS if isinstance(runners, list) and r in runners)

    def kill(self) -> None:
        """End a process that broke the protocol at once (it may be hung: no ``bye``)."""
        with contextlib.suppress(OSError):
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()

    def close(self) -> None:
        with contextlib.suppress(AdapterError):
            self.send({"type": "bye"})
        with contextlib.suppress(OSError):
            assert self.process.stdin is not None
            self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def __enter__(self) -> Adapter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _started(
    command: str | Sequence[str], timeout: float, start_timeout: float
) -> tuple[Adapter | None, str]:
    """A running adapter that said hello within ``start_timeout``, or ``None`` and why not."""
    adapter = Adapter(command, timeout=start_timeout)
    try:
        adapter.hello()
    except AdapterError as exc:
        adapter.kill()
        return None, f"the adapter's hello failed: {exc}"
    adapter.timeout = timeout
    return adapter, ""


def _play(adapter: Adapter, v: Vector) -> Outcome:
    adapter.send({"type": "case", "id": v.id, "runner": v.runner, "input": v.input})
    reply = adapter.receive()
    if isinstance(reply, dict) and reply.get("id") != v.id:
        return Outcome(v, "failed", reply, f"reply id {reply.get('id')!r} is not {v.id!r}")
    return judge(v, reply)


def run_adapter(
    command: str | Sequence[str],
    vectors: Iterable[Vector],
    *,
    timeout: float = 30.0,
    progress: Callable[[int], None] | None = None,
    start_timeout: float | None = None,
) -> Report:
    """Play every vector through the adapter ``command`` and judge each reply.

    ``timeout`` bounds each case; ``start_timeout`` (default: ``timeout``, at least 30 s) each
    start up to the hello, so that a slow start on a loaded machine is not taken for a hang. A
    vector on which the adapter crashes, hangs or breaks the protocol fails with the reason; the
    process is killed and a new one serves the next vector. A
    command that cannot be started at all raises ``AdapterError``; one that starts but whose hello
    or restart fails fails every vector left, each with that reason.
    """
    vectors = list(vectors)
    start_timeout = max(timeout, 30.0) if start_timeout is None else start_timeout
    adapter, broken = _started(command, timeout, start_timeout)
    report = Report(
        adapter.name if adapter else " ".join(shlex.split(command) if isinstance(command, str) else command)
    )
    runners = adapter.runners if adapter else RUNNERS
    try:
        for i, v in enumerate(vectors):
            if adapter is None and not broken:
                try:
                    adapter, broken = _started(command, timeout, start_timeout)
                except AdapterError as exc:
                    broken = f"the adapter could not be restarted: {exc}"
            if adapter is None:
                outcome = Outcome(v, "failed", None, broken)
            elif v.runner not in runners:
                outcome = Outcome(v, "skipped", None, f"adapter does not run {v.runner!r}")
            else:
                try:
                    outcome = _play(adapter, v)
                except AdapterError as exc:
                    outcome = Outcome(v, "failed", None, f"{exc}; the adapter was restarted")
                    adapter.kill()
                    adapter = None
            report.outcomes.append(outcome)
            if progress:
                progress(i + 1)
    finally:
        if adapter is not None:
            adapter.close()
    return report

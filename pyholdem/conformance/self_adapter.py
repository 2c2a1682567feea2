"""pyholdem as a conformance adapter: ``python -m pyholdem.conformance.self_adapter``.

Speaks the protocol of ``vectors/formats/adapter.md`` on stdin/stdout and answers with pyholdem's
public (fast) entry points, so that ``pyholdem conformance run`` checks them against the vectors
the executable spec wrote.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO, cast

from pyholdem import __version__
from pyholdem.conformance.answers import ANSWERS
from pyholdem.errors import PyHoldemError

Answers = dict[str, Callable[[dict[str, Any]], Any]]


def reply(message: Any, answers: Answers) -> dict[str, Any] | None:
    """The answer to one protocol message (``None`` for ``bye``)."""
    if not isinstance(message, dict):
        return {"error": {"kind": None, "message": "a message is a JSON object"}}
    if message.get("type") == "hello":
        return {"type": "hello", "name": f"pyholdem {__version__}", "runners": sorted(answers)}
    if message.get("type") == "bye":
        return None
    case_id, runner = message.get("id"), message.get("runner")
    if runner not in answers:
        return {"id": case_id, "skip": f"no answer for runner {runner!r}"}
    try:
        return {"id": case_id, "result": answers[runner](message.get("input") or {})}
    except PyHoldemError as exc:
        return {"id": case_id, "error": {"kind": exc.kind, "section": exc.section, "message": exc.detail}}
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        return {"id": case_id, "error": {"kind": None, "message": f"{type(exc).__name__}: {exc}"}}


def serve(stdin: TextIO, stdout: TextIO, answers: Answers = ANSWERS) -> int:
    for line in stdin:
        try:
            message = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            message = None
        answer = reply(message, answers)
        if answer is None:
            return 0
        stdout.write(json.dumps(answer) + "\n")
        stdout.flush()
    return 0


if __name__ == "__main__":
    cast(io.TextIOWrapper, sys.stdin).reconfigure(errors="replace")  # the interpreter's stdin
    raise SystemExit(serve(sys.stdin, sys.stdout))

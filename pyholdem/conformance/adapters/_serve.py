"""The JSON-lines loop every bundled adapter runs (``vectors/formats/adapter.md``).

Standard library only: an adapter answers with its engine alone and never with pyholdem, so the
runner compares two implementations. ``Refused`` is the engine refusing an input (an ``error``
reply); ``NotExpressible`` is an input the engine has no way to state (a ``skip`` reply, counted
apart from passes and failures).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from importlib import metadata
from typing import Any, TextIO

Answers = dict[str, Callable[[dict[str, Any]], Any]]


class Refused(Exception):
    """The engine refused the input."""


class NotExpressible(Exception):
    """The engine cannot state this input (a rule setting, a forced bet or a size it lacks)."""


class MissingEngine(SystemExit):
    """The engine's package is not installed: the adapter exits with one line naming the extra."""

    def __init__(self, distribution: str, error: ImportError) -> None:
        sys.stderr.write(
            f"this adapter needs {distribution!r} ({error}); install it with "
            f"pip install 'pyholdem[conformance]'\n"
        )
        super().__init__(3)


def require(module: str, distribution: str) -> Any:
    """Import the engine's ``module`` or exit with ``MissingEngine``."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingEngine(distribution, exc) from None


def version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "unknown"


def answer(message: dict[str, Any], answers: Answers) -> dict[str, Any]:
    case_id, runner = message.get("id"), message.get("runner")
    if runner not in answers:
        return {"id": case_id, "skip": f"no {runner!r} runner"}
    try:
        return {"id": case_id, "result": answers[runner](message.get("input") or {})}
    except NotExpressible as exc:
        return {"id": case_id, "skip": str(exc)}
    except Refused as exc:
        return {"id": case_id, "error": {"kind": None, "message": str(exc)}}
    except Exception as exc:
        return {"id": case_id, "error": {"kind": None, "message": f"{type(exc).__name__}: {exc}"}}


def serve(name: str, answers: Answers, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Answer ``hello``, every ``case`` and ``bye`` on ``stdin``/``stdout``; the engine's own prints
    are sent to stderr so that stdout carries the protocol alone."""
    out = stdout
    sys.stdout = sys.stderr
    try:
        for line in stdin:
            try:
                message = json.loads(line)
            except (json.JSONDecodeError, RecursionError):
                message = None
            if not isinstance(message, dict):
                reply: dict[str, Any] = {"error": {"kind": None, "message": "a message is a JSON object"}}
            elif message.get("type") == "hello":
                reply = {"type": "hello", "name": name, "runners": sorted(answers)}
            elif message.get("type") == "bye":
                return 0
            else:
                reply = answer(message, answers)
            try:
                text = json.dumps(reply)
            except (TypeError, ValueError) as exc:
                case_id = message.get("id") if isinstance(message, dict) else None
                text = json.dumps({"id": case_id, "error": {"kind": None, "message": f"not JSON: {exc}"}})
            out.write(text + "\n")
            out.flush()
    finally:
        sys.stdout = out
    return 0

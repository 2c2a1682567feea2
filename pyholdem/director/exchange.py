"""The event log as JSON lines, and back (the format: ``EVENT_LOG.md``).

``export_events(event, out)`` writes a header line (format, schema version, set-up, creation
time) and one line per committed event. ``import_events(source, path)`` reads such a file,
replays every event against the set-up (a file that does not replay is refused whole), and writes
a new event file with a new secret; the target must not exist, and nothing is left behind when
the import fails.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

from pyholdem.director.event import DirectorEvent, setup_from_json, setup_to_json
from pyholdem.director.log import SCHEMA_VERSION, EventLog, encode_args
from pyholdem.engine.live_tournament import apply, new_state
from pyholdem.errors import EventLogError, PyHoldemError

__all__ = ["JSONL_FORMAT", "export_events", "import_events"]

JSONL_FORMAT = "pyholdem-director-events"


def export_events(event: DirectorEvent, out: str | os.PathLike[str]) -> int:
    """Write ``event``'s log to ``out`` as JSON lines; returns the number of events."""
    event.refresh()
    header = {
        "format": JSONL_FORMAT,
        "schema_version": SCHEMA_VERSION,
        "setup": json.loads(setup_to_json(event.setup)),
        "created_at": event.created_at,
    }
    lines = [json.dumps(header, sort_keys=True, ensure_ascii=False)]
    history = event.history()
    for e in history:
        row = {"seq": e["seq"], "at": e["at"], "kind": e["kind"], "args": e["args"]}
        lines.append(json.dumps(row, sort_keys=True, ensure_ascii=False, allow_nan=False))
    try:
        Path(out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as exc:
        raise EventLogError(f"cannot write {str(out)!r}: {exc.strerror}", "9.25") from None
    return len(history)


def _read(source: str | os.PathLike[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    name = repr(str(source))
    try:
        text = Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EventLogError(f"cannot read {name}: {exc}", "9.25") from None
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            raise EventLogError(f"line {number} of {name} is not JSON", "9.25") from None
        if not isinstance(row, dict):
            raise EventLogError(f"line {number} of {name} is not a JSON object", "9.25")
        rows.append(row)
    if not rows or rows[0].get("format") != JSONL_FORMAT:
        raise EventLogError(
            f"{name} is not an export of a pyholdem event (no {JSONL_FORMAT!r} header)", "9.25"
        )
    header = rows[0]
    version = header.get("schema_version")
    if version != SCHEMA_VERSION:
        raise EventLogError(
            f"{name} has schema version {version!r}; this pyholdem reads {SCHEMA_VERSION}", "9.25"
        )
    events = rows[1:]
    for i, row in enumerate(events, 1):
        if (
            row.get("seq") != i
            or not isinstance(row.get("kind"), str)
            or not isinstance(row.get("args"), dict)
            or isinstance(row.get("at"), bool)
            or not isinstance(row.get("at"), int | float)
        ):
            raise EventLogError(
                f"event line {i} of {name} is not event {i} with its at, kind and args", "9.25"
            )
    return header, events


def import_events(source: str | os.PathLike[str], path: str | os.PathLike[str]) -> int:
    """Make the event file ``path`` from the JSON lines ``source``; returns the number of events."""
    header, events = _read(source)
    setup_text = json.dumps(header.get("setup"), sort_keys=True)
    setup = setup_from_json(setup_text)
    state = new_state(setup)
    for row in events:
        try:
            state, _ = apply(state, row["kind"], row["args"], float(row["at"]))
        except PyHoldemError as exc:
            raise EventLogError(
                f"event {row['seq']} ({row['kind']}) of {str(source)!r} does not replay: {exc}", "9.25"
            ) from None
        if state.at != float(row["at"]):
            raise EventLogError(
                f"event {row['seq']} of {str(source)!r} is stamped before the event it follows", "9.25"
            )
    created = header.get("created_at")
    meta = {
        "secret": secrets.token_urlsafe(18),
        "setup": setup_to_json(setup),
        "created_at": repr(float(created)) if isinstance(created, int | float) else repr(0.0),
    }
    log = EventLog.create(path, meta)
    try:
        with log.writing() as conn:
            for row in events:
                log.append(
                    conn, row["seq"], float(row["at"]), row["kind"], json.loads(encode_args(row["args"]))
                )
    except BaseException:
        log.close()
        Path(path).unlink(missing_ok=True)
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        raise
    log.close()
    return len(events)

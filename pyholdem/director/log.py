"""The event log of a live tournament: one SQLite file, append-only (format: ``EVENT_LOG.md``).

Every director event is one row of ``events`` (``seq`` from 1, the wall time ``at`` it was
applied, its ``kind`` and its arguments as JSON), written in its own transaction before it takes
effect; ``meta`` holds the format name, the schema version, the event's secret and its set-up.
The file is opened in WAL mode with full synchronisation, so a process killed at any moment
leaves every committed event and none half-written. A writer takes SQLite's write lock
(``BEGIN IMMEDIATE``) before it reads the events it has not seen, so two processes appending to
one file are serialised, never interleaved. A file that is not an event log (not SQLite, another
SQLite database, a newer schema, a damaged file) raises ``EventLogError`` and is never written.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyholdem.errors import EventLogError

__all__ = ["FORMAT", "SCHEMA_VERSION", "EventLog", "LoggedEvent"]

FORMAT = "pyholdem-director-event-log"
SCHEMA_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 30.0

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE events (
    seq INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    kind TEXT NOT NULL,
    args TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class LoggedEvent:
    """One committed event: its number, wall time, kind and arguments."""

    seq: int
    at: float
    kind: str
    args: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "at": self.at, "kind": self.kind, "args": self.args}


def encode_args(args: Any) -> str:
    """The arguments as canonical JSON (refused when they are not plain JSON values)."""
    try:
        return json.dumps(args, sort_keys=True, separators=(",", ":"), allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise EventLogError(f"event arguments {args!r} are not JSON values: {exc}", "9.25") from None


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    return conn


class EventLog:
    """An event log file, open for reading and appending."""

    def __init__(self, path: Path, conn: sqlite3.Connection, meta: dict[str, str]) -> None:
        self.path = path
        self._conn = conn
        self.meta = meta

    @classmethod
    def create(cls, path: str | os.PathLike[str], meta: dict[str, str]) -> EventLog:
        """A new log at ``path`` with ``meta``; an existing file is refused, never overwritten."""
        path = Path(path)
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            raise EventLogError(
                f"{str(path)!r} already exists; an event file is never overwritten", "9.25"
            ) from None
        except OSError as exc:
            raise EventLogError(f"cannot create {str(path)!r}: {exc.strerror}", "9.25") from None
        os.close(fd)
        try:
            conn = _connect(path)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("BEGIN IMMEDIATE")
            for statement in _SCHEMA.strip().split(";"):
                if statement.strip():
                    conn.execute(statement)
            rows = {"format": FORMAT, "schema_version": str(SCHEMA_VERSION), **meta}
            conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", sorted(rows.items()))
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise EventLogError(f"cannot create the event log {str(path)!r}: {exc}", "9.25") from None
        return cls(path, conn, rows)

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> EventLog:
        """The log at ``path``; a missing, foreign, newer or damaged file raises ``EventLogError``."""
        path = Path(path)
        name = repr(str(path))
        try:
            with open(path, "rb") as f:
                head = f.read(len(SQLITE_MAGIC))
        except FileNotFoundError:
            raise EventLogError(f"event file {name} does not exist", "9.25") from None
        except OSError as exc:
            raise EventLogError(f"cannot read event file {name}: {exc.strerror}", "9.25") from None
        if head != SQLITE_MAGIC:
            raise EventLogError(f"{name} is not an event log (not a SQLite file)", "9.25")
        try:
            conn = _connect(path)
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"meta", "events"} <= tables:
                conn.close()
                raise EventLogError(f"{name} is a SQLite file but not a pyholdem event log", "9.25")
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("format") != FORMAT:
                conn.close()
                raise EventLogError(
                    f"{name} is not a pyholdem event log (format {meta.get('format')!r})", "9.25"
                )
            version = meta.get("schema_version", "")
            if version != str(SCHEMA_VERSION):
                conn.close()
                raise EventLogError(
                    f"{name} has schema version {version!r}; this pyholdem reads version {SCHEMA_VERSION}",
                    "9.25",
                )
            conn.execute("PRAGMA synchronous = FULL")
            check = conn.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                conn.close()
                raise EventLogError(f"{name} is damaged: {check[0] if check else 'no answer'}", "9.25")
        except sqlite3.Error as exc:
            raise EventLogError(f"{name} is damaged or not an event log: {exc}", "9.25") from None
        return cls(path, conn, meta)

    def events(self, after: int = 0) -> list[LoggedEvent]:
        """The committed events with ``seq`` above ``after``, in order."""
        try:
            rows = self._conn.execute(
                "SELECT seq, at, kind, args FROM events WHERE seq > ? ORDER BY seq", (after,)
            ).fetchall()
        except sqlite3.Error as exc:
            raise EventLogError(f"cannot read {str(self.path)!r}: {exc}", "9.25") from None
        out = []
        for seq, at, kind, args in rows:
            try:
                decoded = json.loads(args)
            except ValueError:
                raise EventLogError(
                    f"event {seq} of {str(self.path)!r} has malformed arguments", "9.25"
                ) from None
            if not isinstance(decoded, dict):
                raise EventLogError(f"event {seq} of {str(self.path)!r} has malformed arguments", "9.25")
            out.append(LoggedEvent(seq, at, kind, decoded))
        return out

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """A write transaction holding SQLite's write lock: read what others committed, validate,
        then ``append``; an exception rolls it back (nothing written)."""
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise EventLogError(f"cannot lock {str(self.path)!r} for writing: {exc}", "9.25") from None
        try:
            yield self._conn
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        else:
            try:
                self._conn.execute("COMMIT")
            except sqlite3.Error as exc:
                raise EventLogError(f"cannot commit to {str(self.path)!r}: {exc}", "9.25") from None

    def append(self, conn: sqlite3.Connection, seq: int, at: float, kind: str, args: dict[str, Any]) -> None:
        """Write event ``seq`` inside ``writing()``."""
        try:
            conn.execute(
                "INSERT INTO events (seq, at, kind, args) VALUES (?, ?, ?, ?)",
                (seq, at, kind, encode_args(args)),
            )
        except sqlite3.Error as exc:
            raise EventLogError(f"cannot append event {seq} to {str(self.path)!r}: {exc}", "9.25") from None

    def close(self) -> None:
        self._conn.close()

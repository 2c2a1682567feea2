"""The event log (§9.25): kill -9 at any moment loses nothing committed; two writers are
serialised; foreign and damaged files are refused and never written; JSON lines round-trip."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pyholdem.director.event import DirectorEvent
from pyholdem.director.exchange import export_events, import_events
from pyholdem.engine.live_tournament import LiveSetup, replay, status
from pyholdem.errors import EventLogError
from pyholdem.rules.ruleset import preset
from pyholdem.rules.structure import structure_preset
from tests.director.conftest import FakeClock

ROOT = Path(__file__).resolve().parents[2]


def make(path: Path, clock: FakeClock | None = None) -> DirectorEvent:
    ev = DirectorEvent.create(
        path,
        rules=preset("seed_000_home_nl"),
        structure=structure_preset("seed_000_home_nl"),
        entrants=8,
        seed=1,
        clock=clock or FakeClock(),
    )
    ev.apply("seat_draw")
    ev.apply("start")
    return ev


def writer(path: Path, count: int, tag: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.director.writer", str(path), str(count), str(tag)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )


def replayed(path: Path) -> dict[str, object]:
    """The state replayed from the committed rows alone (not through the façade)."""
    with DirectorEvent.open(path) as ev:
        events = [(e["kind"], e["args"], e["at"]) for e in ev.history()]
        setup: LiveSetup = ev.setup
        at = ev.state.at
        assert status(ev.state, at) == status(replay(setup, events), at)
        return status(ev.state, at)


@pytest.mark.parametrize("seed", range(4))
def test_9_25_kill_9_at_a_random_moment_loses_nothing_committed(tmp_path: Path, seed: int) -> None:
    path = tmp_path / "crash.db"
    make(path).close()
    proc = writer(path, 100_000, 1)
    assert proc.stdout is not None
    seen = 0
    stop_after = random.Random(seed).randint(1, 40)
    for line in proc.stdout:
        seen = int(line)
        if seen >= 2 + stop_after:
            break
    time.sleep(random.Random(seed).random() * 0.05)  # a random point in the next writes
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    after = replayed(path)
    assert after["seq"] >= seen  # every event reported committed is there, and whole
    with DirectorEvent.open(path) as ev:
        assert [e["seq"] for e in ev.history()] == list(range(1, ev.state.seq + 1))
        ev.apply("chip_count", name="p1", chips=5)  # and the file takes more events


def test_9_25_two_writers_are_serialised_never_interleaved(tmp_path: Path) -> None:
    path = tmp_path / "two.db"
    make(path).close()
    procs = [writer(path, 40, tag) for tag in (1, 2)]
    outs = [p.communicate(timeout=120)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    seqs = [list(map(int, out.split())) for out in outs]
    assert sorted(seqs[0] + seqs[1]) == list(range(3, 83))  # each seq taken by exactly one writer
    with DirectorEvent.open(path) as ev:
        history = ev.history()[2:]
        for tag, mine in zip((1, 2), seqs, strict=True):
            rows = [e for e in history if e["args"]["chips"] // 1000 == tag]
            assert [e["seq"] for e in rows] == mine
            assert [e["args"]["chips"] % 1000 for e in rows] == list(range(1, 41))  # in order


def test_9_25_foreign_and_damaged_files_are_refused_and_never_written(tmp_path: Path) -> None:
    foreign = tmp_path / "other.db"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    before = foreign.read_bytes()
    with pytest.raises(EventLogError, match="not a pyholdem event log"):
        DirectorEvent.open(foreign)
    assert foreign.read_bytes() == before
    good = tmp_path / "good.db"
    make(good).close()
    data = bytearray(good.read_bytes())
    damaged = tmp_path / "damaged.db"
    data[100:4096] = bytes(range(256)) * 15 + bytes(range(156))
    damaged.write_bytes(bytes(data))
    with pytest.raises(EventLogError):
        DirectorEvent.open(damaged)
    assert damaged.read_bytes() == bytes(data)
    with pytest.raises(EventLogError, match="does not exist"):
        DirectorEvent.open(tmp_path / "missing.db")
    newer = tmp_path / "newer.db"
    make(newer).close()
    conn = sqlite3.connect(newer)
    conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()
    with pytest.raises(EventLogError, match="schema version '99'"):
        DirectorEvent.open(newer)


def test_9_25_json_lines_round_trip(tmp_path: Path) -> None:
    clock = FakeClock()
    ev = make(tmp_path / "a.db", clock)
    for name in ("p1", "p2", "p3"):
        clock.advance(300)
        ev.apply("bust", names=[name], stacks={name: 400})
    ev.apply("undo")
    ev.apply("pause")
    count = export_events(ev, tmp_path / "a.jsonl")
    assert count == 7
    assert import_events(tmp_path / "a.jsonl", tmp_path / "b.db") == 7
    with DirectorEvent.open(tmp_path / "b.db", clock=clock) as copy:
        assert copy.status() == ev.status()
        assert copy.secret != ev.secret
        export_events(copy, tmp_path / "b.jsonl")
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    with pytest.raises(EventLogError, match="never overwritten"):
        import_events(tmp_path / "a.jsonl", tmp_path / "b.db")
    lines = (tmp_path / "a.jsonl").read_text().splitlines()
    (tmp_path / "bad.jsonl").write_text("\n".join([*lines[:4], lines[4].replace('"p2"', '"zz"'), *lines[5:]]))
    with pytest.raises(EventLogError, match="does not replay"):
        import_events(tmp_path / "bad.jsonl", tmp_path / "c.db")
    assert not (tmp_path / "c.db").exists()
    ev.close()

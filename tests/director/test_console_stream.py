"""``pyholdem director serve`` in a subprocess on a free loopback port: server-sent events carry every
applied event to every display in order, and a short load (50 displays, 10 actions a second) loses
and reorders nothing (the minute-long run is ``benchmarks/bench_director_console.py``)."""

from __future__ import annotations

import asyncio
import itertools
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx2 as httpx

from pyholdem.director.event import DirectorEvent
from tests.director.console_support import CYCLE, check_load, load, new_event, serving


def start(base: str, headers: dict[str, str]) -> None:
    for kind in ("seat_draw", "start"):
        response = httpx.post(f"{base}/api/action", json={"kind": kind}, headers=headers)
        assert response.status_code == 200, response.text


def test_serve_prints_the_addresses_and_binds_loopback(tmp_path: Path) -> None:
    path = tmp_path / "event.db"
    secret = new_event(path)
    with serving(path) as served:
        assert served.secret == secret
        assert served.base.startswith("http://127.0.0.1:")
        assert any(line.endswith(f"/director#token={secret}") for line in served.output)
        page = httpx.get(f"{served.base}/")
        assert page.status_code == 200 and 'id="clock"' in page.text


def test_serve_refuses_a_missing_or_foreign_file_in_one_line(tmp_path: Path) -> None:
    foreign = tmp_path / "notes.db"
    foreign.write_text("not an event\n")
    for path in (tmp_path / "missing.db", foreign):
        done = subprocess.run(
            [sys.executable, "-m", "pyholdem", "director", "serve", str(path), "--port", "0"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode != 0 and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and str(path.name) in done.stderr
    assert foreign.read_text() == "not an event\n"


def test_a_short_load_loses_and_reorders_nothing(tmp_path: Path) -> None:
    path = tmp_path / "event.db"
    new_event(path)
    with serving(path, tick=0.5) as served:
        start(served.base, served.headers())
        result = asyncio.run(load(served, displays=50, rate=10, seconds=3))
        check_load(result)
        assert result.refused == 3 and len(result.applied) == 27
        assert httpx.get(f"{served.base}/api/status").json()["seq"] == result.last["seq"]
    ev = DirectorEvent.open(path)
    try:
        assert [e["seq"] for e in ev.history()][-len(result.applied) :] == result.applied
    finally:
        ev.close()


def test_events_written_by_another_process_reach_the_displays(tmp_path: Path) -> None:
    path = tmp_path / "event.db"
    new_event(path)
    with serving(path, tick=0.2) as served:
        start(served.base, served.headers())
        ev = DirectorEvent.open(path)
        try:
            ev.apply("pause")
        finally:
            ev.close()
        status = httpx.get(f"{served.base}/api/status").json()
        assert status["seq"] == 3 and status["clock"]["running"] is False


def test_9_25_a_server_killed_mid_write_restarts_with_every_answered_action(tmp_path: Path) -> None:
    """``kill -9`` of ``serve`` while director actions stream in: every action it answered is in the
    log, whole and in order, and a new ``serve`` of the file shows the state their replay gives."""
    path = tmp_path / "event.db"
    new_event(path)
    answered: list[tuple[int, str, dict[str, object]]] = []
    with serving(path, tick=0.2) as served:
        start(served.base, served.headers())
        stop = threading.Event()

        def post() -> None:
            with httpx.Client(timeout=10) as client:
                for i in itertools.count():
                    if stop.is_set():
                        return
                    kind, args = CYCLE[i % len(CYCLE)]
                    try:
                        response = client.post(
                            f"{served.base}/api/action",
                            json={"kind": kind, "args": args},
                            headers=served.headers(),
                        )
                    except httpx.TransportError:
                        return  # the server is gone
                    if response.status_code == 200:
                        answered.append((response.json()["seq"], kind, args))

        poster = threading.Thread(target=post)
        poster.start()
        while len(answered) < 25:
            time.sleep(0.01)
        served.process.kill()  # SIGKILL: no shutdown, whatever was being written is cut off
        served.process.wait()
        stop.set()
        poster.join(30)
        assert not poster.is_alive()
    assert len(answered) >= 25
    with serving(path) as again:
        status = httpx.get(f"{again.base}/api/status").json()
        events = httpx.get(f"{again.base}/api/history", headers=again.headers()).json()["events"]
    logged = {e["seq"]: (e["kind"], e["args"]) for e in events}
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert all(logged[seq] == (kind, args) for seq, kind, args in answered)
    assert status["seq"] == len(events) >= answered[-1][0]
    ev = DirectorEvent.open(path)
    try:
        replayed = ev.status()
    finally:
        ev.close()
    assert {k: v for k, v in replayed.items() if k != "clock"} == {
        k: v for k, v in status.items() if k != "clock"
    }

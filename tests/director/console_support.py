"""Shared by the web console's tests and benchmark: a real event file, `pyholdem director serve` in a
subprocess on a free loopback port, and a server-sent-events reader."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx

from pyholdem.director.event import DirectorEvent
from pyholdem.rules.ruleset import preset
from pyholdem.rules.structure import structure_preset

STRUCTURE = "seed_000_home_nl"


def new_event(path: Path, players: int = 30, *, name: str = "Friday night", seed: int = 7) -> str:
    """A new event of ``players`` registered players p1..pN; returns its secret."""
    event = DirectorEvent.create(
        path,
        rules=preset("tda_2024"),
        structure=structure_preset(STRUCTURE),
        players=[f"p{i}" for i in range(1, players + 1)],
        seed=seed,
        name=name,
    )
    try:
        return str(event.secret)
    finally:
        event.close()


@dataclass
class Served:
    """A running ``pyholdem director serve``: its base address and the event's secret."""

    process: subprocess.Popen[str]
    base: str
    secret: str
    output: list[str] = field(default_factory=list)

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.secret}"}


@contextmanager
def serving(path: Path, *, tick: float = 1.0, timeout: float = 60.0) -> Iterator[Served]:
    """``pyholdem director serve PATH --port 0`` in a subprocess until the block ends."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "pyholdem", "director", "serve", str(path), "--port", "0"]
    process = subprocess.Popen(
        [*command, "--tick", str(tick)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        lines: list[str] = []
        base = secret = None
        deadline = time.monotonic() + timeout
        assert process.stdout is not None
        while (base is None or secret is None) and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
            if line.startswith("room display:"):
                base = line.split()[-1].rstrip("/")
            if line.startswith("secret:"):
                secret = line.split()[-1]
        assert base is not None and secret is not None, f"serve did not start:\n{chr(10).join(lines)}"
        _wait_until_up(base, deadline)
        yield Served(process, base, secret, lines)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_up(base: str, deadline: float) -> None:
    while True:
        try:
            if httpx.get(f"{base}/api/status", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.05)


@dataclass
class Message:
    event: str
    id: int | None
    data: dict[str, Any]


def parse_sse(lines: list[str]) -> Message | None:
    """One server-sent event from its lines (comments ignored); ``None`` for a comment only."""
    event, ident, data = "message", None, []
    for line in lines:
        if line.startswith(":"):
            continue
        key, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if key == "event":
            event = value
        elif key == "id":
            ident = int(value)
        elif key == "data":
            data.append(value)
    if not data:
        return None
    return Message(event, ident, json.loads("\n".join(data)))


async def read_events(
    client: httpx.AsyncClient, base: str, messages: list[Message], stop: asyncio.Event
) -> None:
    """Stream ``/api/events`` into ``messages`` until ``stop`` is set (then until the next message)."""
    async with client.stream("GET", f"{base}/api/events", timeout=None) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        block: list[str] = []
        async for line in response.aiter_lines():
            if line:
                block.append(line)
                continue
            message = parse_sse(block)
            block = []
            if message is not None:
                messages.append(message)
            if stop.is_set():
                return


# A cycle of director actions that can repeat for ever on a running event, each one applied (the clock
# moved forward and back, paused and resumed, a player away and back, chip counts), with a refused one
# (an unknown player's bust) among them that must write nothing.
CYCLE: list[tuple[str, dict[str, Any]]] = [
    ("adjust_clock", {"seconds": 30}),
    ("pause", {}),
    ("resume", {}),
    ("away", {"name": "p1"}),
    ("back", {"name": "p1"}),
    ("chip_count", {"name": "p2", "chips": 1500}),
    ("adjust_clock", {"seconds": -30}),
    ("bust", {"names": ["nobody"]}),
    ("chip_count", {"name": "p3", "chips": 800}),
    ("hand_finished", {"table": 1}),
]


@dataclass
class LoadResult:
    """What a load run saw: the sequence numbers the server gave the applied actions, in order, the
    last applied answer, each display's messages, and the refusals."""

    applied: list[int]
    last: dict[str, Any]
    displays: list[list[Message]]
    refused: int
    seconds: float


async def load(served: Served, *, displays: int, rate: float, seconds: float) -> LoadResult:
    """``displays`` streams of ``/api/events`` while director actions are posted at ``rate`` a
    second for ``seconds``, one after the other; every display is read until it has seen the last."""
    limits = httpx.Limits(max_connections=displays + 10, max_keepalive_connections=displays + 10)
    async with httpx.AsyncClient(limits=limits, timeout=30) as client:
        inbox: list[list[Message]] = [[] for _ in range(displays)]
        stop = asyncio.Event()
        readers = [asyncio.create_task(read_events(client, served.base, box, stop)) for box in inbox]
        while any(not box for box in inbox):  # every display has its first status: it is subscribed
            await asyncio.sleep(0.02)
        applied: list[int] = []
        last: dict[str, Any] = {}
        refused = 0
        loop = asyncio.get_running_loop()
        began = loop.time()
        count = max(1, round(rate * seconds))
        for i in range(count):
            await asyncio.sleep(max(0.0, began + i / rate - loop.time()))
            kind, args = CYCLE[i % len(CYCLE)]
            response = await client.post(
                f"{served.base}/api/action", json={"kind": kind, "args": args}, headers=served.headers()
            )
            if response.status_code == 200:
                last = response.json()
                applied.append(last["seq"])
            else:
                assert response.status_code == 409, response.text
                refused += 1
        elapsed = loop.time() - began
        final = last["seq"]
        while any(not any(m.event == "applied" and m.id == final for m in box) for box in inbox):
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.wait_for(asyncio.gather(*readers), 30)
        return LoadResult(applied, last, inbox, refused, elapsed)


def check_load(result: LoadResult) -> None:
    """No display lost or reordered an event, and every one ends in the same state as the server."""
    assert result.applied == list(range(result.applied[0], result.applied[0] + len(result.applied)))
    for box in result.displays:
        seen = [m.id for m in box if m.event == "applied"]
        assert seen == result.applied
        seqs = [m.data["seq"] for m in box]
        assert seqs == sorted(seqs)  # statuses and events never go back in time
        final = next(m for m in reversed(box) if m.event == "applied")
        assert final.data == result.last

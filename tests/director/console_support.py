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

import httpx
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

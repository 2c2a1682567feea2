"""The web console under load for a minute: 50 room displays streaming server-sent events from
``pyholdem director serve`` on loopback while 10 director actions a second are posted. Every display
must see every applied event once, in order, and end in the server's state; the benchmark reports
the run (events, refusals, messages delivered a second). The few-second version runs in the suite
(tests/director/test_console_stream.py). ``PYHOLDEM_BENCH_CONSOLE_SECONDS`` sets the length."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import httpx2 as httpx

from tests.director.console_support import check_load, load, new_event, serving

SECONDS = float(os.environ.get("PYHOLDEM_BENCH_CONSOLE_SECONDS", "60"))


def test_console_50_displays_10_actions_a_second(benchmark: Any, tmp_path: Path) -> None:
    path = tmp_path / "event.db"
    new_event(path)
    with serving(path, tick=1.0) as served:
        for kind in ("seat_draw", "start"):
            assert httpx.post(
                f"{served.base}/api/action", json={"kind": kind}, headers=served.headers()
            ).is_success

        def run() -> Any:
            return asyncio.run(load(served, displays=50, rate=10, seconds=SECONDS))

        result = benchmark.pedantic(run, rounds=1, iterations=1)
    check_load(result)
    delivered = sum(len(box) for box in result.displays)
    benchmark.extra_info.update(
        {
            "applied": len(result.applied),
            "refused": result.refused,
            "displays": len(result.displays),
            "messages_per_second": round(delivered / result.seconds),
            "actions_per_second": round((len(result.applied) + result.refused) / result.seconds, 2),
        }
    )
    assert len(result.applied) + result.refused == round(10 * SECONDS)

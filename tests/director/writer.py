"""A process appending events to an event file as fast as it can (crash and locking tests).

``python -m tests.director.writer EVENT.db N TAG``: N chip counts of player p1..p4 (chips
``TAG * 1000 + 1`` on, the count of the event modulo 999 added: each writer's events can be told
apart, and no count exceeds the chips in play, §9.19), printing each committed seq."""

from __future__ import annotations

import sys

from pyholdem.director.event import DirectorEvent


def main(path: str, count: int, tag: int) -> None:
    with DirectorEvent.open(path) as ev:
        for i in range(count):
            answers = ev.apply("chip_count", name=f"p{1 + i % 4}", chips=tag * 1000 + i % 999 + 1)
            print(answers["seq"], flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))

"""A process appending events to an event file as fast as it can (crash and locking tests).

``python -m tests.director.writer EVENT.db N TAG``: N chip counts of player p1..p4 (chips from
1, tagged so that each writer's events can be told apart), printing each committed seq."""

from __future__ import annotations

import sys

from pyholdem.director.event import DirectorEvent


def main(path: str, count: int, tag: int) -> None:
    with DirectorEvent.open(path) as ev:
        for i in range(count):
            answers = ev.apply("chip_count", name=f"p{1 + i % 4}", chips=tag * 100_000 + i + 1)
            print(answers["seq"], flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))

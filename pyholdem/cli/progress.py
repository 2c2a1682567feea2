"""Progress of long commands on stderr, drawn by tqdm (shown on a terminal only)."""

from __future__ import annotations

import sys
from typing import TextIO

from tqdm import tqdm


class Progress:
    """``with Progress("hands", total) as bar: bar.update(done)`` — ``done`` is the count so far.

    ``update(done, total=...)`` may grow the total when the work grows on the way (re-entries in a
    tournament); the bar never shows more done than its total. ``write(line)`` prints a line above the
    bar. Without a terminal on ``stream`` (default stderr) nothing is drawn unless ``force``.
    """

    def __init__(self, label: str, total: int, stream: TextIO | None = None, *, force: bool = False) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._bar = tqdm(
            total=max(total, 0),
            desc=label,
            file=self.stream,
            disable=not (self.tty or force),
            dynamic_ncols=True,
            leave=True,
            mininterval=0.1,
            unit="",
        )

    def update(self, done: int, total: int | None = None) -> None:
        bar = self._bar
        if total is not None and total != bar.total:
            bar.total = total
        if bar.total is not None and done > bar.total:
            bar.total = done
        if done != bar.n:
            bar.update(done - bar.n)

    def write(self, line: str, file: TextIO | None = None) -> None:
        """``line`` printed above the bar (to ``file``, default stdout), the bar redrawn below it."""
        self._bar.write(line, file=file if file is not None else sys.stdout)

    def close(self) -> None:
        self._bar.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

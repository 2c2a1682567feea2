"""Progress of long commands on stderr, drawn by tqdm on a terminal; one closing line in a log."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from tqdm import tqdm


class Progress:
    """``with Progress("hands", total) as bar: bar.update(done)`` — ``done`` is the count so far.

    ``total=None`` counts without a bar. ``update(done, total=...)`` may grow the total when the work
    grows on the way (re-entries in a tournament); the bar never shows more done than its total.
    ``write(line)`` prints a line above the bar. Without a terminal on ``stream`` (default stderr)
    nothing is drawn unless ``force``: one line at the end says what was done (``vectors: 30/30 in
    1.2 s``), for logs.
    """

    def __init__(
        self, label: str, total: int | None, stream: TextIO | None = None, *, force: bool = False
    ) -> None:
        self.label = label
        self.total = None if total is None else max(total, 0)
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._start = time.perf_counter()
        self._bar = tqdm(
            total=self.total,
            desc=label,
            file=self.stream,
            disable=not (self.tty or force),
            dynamic_ncols=True,
            mininterval=0.1,
        )

    def update(self, done: int, total: int | None = None) -> None:
        if total is not None:
            self.total = total
        if self.total is not None and done > self.total:
            self.total = done
        if self.total != self._bar.total:
            self._bar.total = self.total
            self._bar.refresh()
        if done != self.done:
            self._bar.update(done - self.done)
            self.done = done

    def write(self, line: str, file: TextIO | None = None) -> None:
        """``line`` printed above the bar (to ``file``, default stdout), the bar redrawn below it."""
        self._bar.write(line, file=file if file is not None else sys.stdout)

    def close(self, finished: bool = True) -> None:
        """Stop drawing; in a log, say what was done (unless the work did not finish)."""
        if self._bar.disable and finished:
            total = "" if self.total is None else f"/{self.total}"
            elapsed = time.perf_counter() - self._start
            self.stream.write(f"{self.label}: {self.done}{total} in {elapsed:.1f} s\n")
            self.stream.flush()
        self._bar.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        self.close(finished=kind is None)

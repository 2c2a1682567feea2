"""A plain progress bar on stderr for long work (``make run``, conformance runs)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """``with Progress("hands", total) as bar: bar.update(done)``; redraws at most ten times a second.

    On a terminal the bar is redrawn in place; otherwise a line is printed at each quarter.
    """

    def __init__(self, label: str, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.label, self.total, self.width = label, max(total, 1), width
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = time.perf_counter()
        self._drawn = 0.0
        self._quarter = 0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if self.tty:
            if now - self._drawn >= 0.1 or done >= self.total:
                self._drawn = now
                self.stream.write("\r" + self._line(done))
                self.stream.flush()
        else:
            quarter = 4 * done // self.total
            if quarter > self._quarter:
                self._quarter = quarter
                self.stream.write(self._line(done) + "\n")
                self.stream.flush()

    def _line(self, done: int) -> str:
        filled = self.width * done // self.total
        bar = "#" * filled + "-" * (self.width - filled)
        return f"{self.label:<10} [{bar}] {done}/{self.total} {time.perf_counter() - self.start:5.1f}s"

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()

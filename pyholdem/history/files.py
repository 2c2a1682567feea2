"""History files of either format by their suffix: PHH (§12.1) and Open Hand History (§12.14)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pyholdem.errors import HistoryError
from pyholdem.history.ohh import loads_ohh
from pyholdem.history.phh import ReadResult, read_file

__all__ = ["read_history"]


def read_history(path: str | Path) -> list[ReadResult]:
    """Every hand of the ``.phh``, ``.phhs`` or ``.ohh`` file at ``path``, each a ``HandHistory`` or
    the ``HistoryError`` it raised; one bad hand never stops the others."""
    path = Path(path)
    if path.suffix.lower() != ".ohh":
        return read_file(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [HistoryError(f"cannot read the file: {exc}", "12.1", file=str(path))]
    found: list[ReadResult] = []
    for i, hand in enumerate(loads_ohh(text), start=1):
        if isinstance(hand, HistoryError):
            found.append(hand.located(file=str(path), hand=i))
        else:
            found.append(replace(hand, file=str(path), index=i))
    return found

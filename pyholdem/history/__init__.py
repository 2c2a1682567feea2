"""Hand histories: PHH files read and written (``phh``) and replayed through the spec engine (``replay``)."""

from __future__ import annotations

from pyholdem.history.phh import (
    HandHistory,
    ReadResult,
    dumps,
    dumps_many,
    hand_from_table,
    iter_files,
    loads,
    read_file,
    read_text,
)
from pyholdem.spec.histories import Action

__all__ = [
    "Action",
    "HandHistory",
    "ReadResult",
    "dumps",
    "dumps_many",
    "hand_from_table",
    "iter_files",
    "loads",
    "read_file",
    "read_text",
]

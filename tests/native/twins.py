"""The Python object a ``TWINS`` entry names as its C wrapper (``"module:name"``)."""

from __future__ import annotations

import importlib


def wrapper_of(path: str) -> object:
    """The object at ``path``, ``"package.module:name"``."""
    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)

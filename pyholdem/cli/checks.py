"""Checks a command makes before any work: output paths it will write, optional extras it will use.

A long computation must not end in a traceback because ``--out`` names a missing folder or
matplotlib is not installed; these checks refuse first, with one line naming the option.
"""

from __future__ import annotations

import os
from importlib.util import find_spec
from pathlib import Path

from pyholdem.errors import PyHoldemError


class CommandError(PyHoldemError):
    """A command-line option that cannot be honoured (an unwritable path, a missing extra)."""


def writable_file(path: Path | str, option: str, suffixes: tuple[str, ...] = ()) -> Path:
    """``path`` if a file may be written there: its folder exists and is writable, it is not a folder,
    and its name ends with one of ``suffixes`` (when given)."""
    path = Path(path)
    if suffixes and path.suffix.lower() not in suffixes:
        raise CommandError(f"{option} {str(path)!r}: the name must end with {' or '.join(suffixes)}")
    if path.is_dir():
        raise CommandError(f"{option} {str(path)!r} is a folder, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise CommandError(f"{option} {str(path)!r}: the folder {str(folder)!r} does not exist")
    if (path.exists() and not os.access(path, os.W_OK)) or not os.access(folder, os.W_OK):
        raise CommandError(f"{option} {str(path)!r}: not writable")
    return path


def writable_folder(path: Path | str, option: str) -> Path:
    """``path`` if files may be written into it: an existing writable folder, or one its parent can hold."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise CommandError(f"{option} {str(path)!r} is a file, not a folder")
    existing = path if path.is_dir() else path.parent
    if not existing.is_dir():
        raise CommandError(f"{option} {str(path)!r}: the folder {str(existing)!r} does not exist")
    if not os.access(existing, os.W_OK):
        raise CommandError(f"{option} {str(path)!r}: not writable")
    return path


def require_extra(module: str, extra: str, option: str) -> None:
    """Refuse ``option`` unless ``module`` can be imported (it comes with ``pyholdem[extra]``)."""
    try:
        found = find_spec(module) is not None
    except (ImportError, ValueError):  # a module set to None in sys.modules, or a broken parent
        found = False
    if not found:
        raise CommandError(f"{option} needs {module}: pip install 'pyholdem[{extra}]'")

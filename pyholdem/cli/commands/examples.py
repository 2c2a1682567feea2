"""``pyholdem examples [--copy DIR]``: where the bundled hand histories and adapters are, or a copy.

They travel with the package (``pyholdem.resources.EXAMPLES_DIR``), so an installed pyholdem can
replay them: ``pyholdem replay "$(pyholdem examples --path)/histories"``.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from pyholdem.errors import PyHoldemError
from pyholdem.resources import EXAMPLES_DIR


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("examples", help="list the bundled hand histories and adapters, or copy them")
    p.add_argument("--path", action="store_true", help="print only the directory that holds them")
    p.add_argument("--copy", type=Path, metavar="DIR", help="copy them into DIR (created; must not exist)")
    p.set_defaults(func=run)


def bundled_files() -> list[Path]:
    """Every bundled example file, relative to ``EXAMPLES_DIR``, sorted."""
    return sorted(p.relative_to(EXAMPLES_DIR) for p in EXAMPLES_DIR.rglob("*") if p.is_file())


def run(args: argparse.Namespace) -> int:
    if args.path:
        print(EXAMPLES_DIR.resolve())
        return 0
    if args.copy is not None:
        if args.copy.exists():
            raise PyHoldemError(f"--copy {str(args.copy)!r}: it exists already; name a new directory")
        try:
            shutil.copytree(EXAMPLES_DIR, args.copy, ignore=shutil.ignore_patterns("__pycache__"))
        except OSError as exc:
            raise PyHoldemError(f"--copy {str(args.copy)!r}: {exc.strerror or exc}") from None
        print(f"{len(bundled_files())} files copied to {args.copy}")
        return 0
    print(f"bundled examples in {EXAMPLES_DIR.resolve()}:")
    for path in bundled_files():
        print(f"  {path}")
    print('replay them with: pyholdem replay "$(pyholdem examples --path)/histories"')
    return 0

"""``pyholdem convert IN... --out FILE``: hand histories between PHH and Open Hand History (§12.14)."""

from __future__ import annotations

import argparse
from pathlib import Path

from pyholdem.errors import HistoryError
from pyholdem.history.files import read_history
from pyholdem.history.ohh import dumps_ohh, to_ohh
from pyholdem.history.phh import HandHistory, dumps, dumps_many, iter_files

FORMATS = {".ohh": "ohh", ".phh": "phh", ".phhs": "phh"}


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "convert", help="convert hand histories between PHH (.phh, .phhs) and Open Hand History (.ohh)"
    )
    p.add_argument("paths", nargs="+", help="history files or folders (.phh, .phhs, .ohh)")
    p.add_argument("--out", required=True, metavar="FILE", help="the file to write: .ohh, .phhs or .phh")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.suffix.lower() not in FORMATS:
        raise HistoryError(f"--out {str(out)!r} must end in .ohh, .phhs or .phh", "12.14")
    if not out.parent.is_dir():
        raise HistoryError(f"--out {str(out)!r}: the folder {str(out.parent)!r} does not exist", "12.14")
    hands: list[HandHistory] = []
    for path in iter_files(args.paths):
        if not path.exists():
            raise HistoryError(f"{str(path)!r} does not exist", "12.1")
        for found in read_history(path):
            if isinstance(found, HistoryError):
                raise found
            hands.append(found)
    if not hands:
        raise HistoryError(f"no hand histories in {', '.join(args.paths)}", "12.1")
    if FORMATS[out.suffix.lower()] == "ohh":
        text = dumps_ohh([to_ohh(h) for h in hands])
    elif out.suffix.lower() == ".phh":
        if len(hands) != 1:
            raise HistoryError(f"{len(hands)} hands need a .phhs file, not {str(out)!r}", "12.1")
        text = dumps(hands[0])
    else:
        text = dumps_many(hands)
    out.write_text(text, encoding="utf-8")
    print(f"{len(hands)} hands written to {out}")
    return 0

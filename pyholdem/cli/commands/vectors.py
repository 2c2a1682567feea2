"""``pyholdem vectors write DIR``: write the conformance vectors (``make vectors``)."""

from __future__ import annotations

import argparse

from pyholdem.conformance.cases import GENERATORS, all_vectors
from pyholdem.conformance.vectors import write_vectors


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("vectors", help="write the conformance vectors for other implementations")
    p.add_argument("action", choices=["write"], help="'write' the vectors")
    p.add_argument("directory", help="where to write <runner>/<case>.json")
    p.add_argument("--runner", action="append", choices=sorted(GENERATORS), help="only these runners")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    counts = write_vectors(args.directory, all_vectors(args.runner))
    for runner, count in counts.items():
        print(f"{runner}: {count} vectors in {args.directory}/{runner}/")
    return 0

"""``pyholdem vectors write DIR``: write the conformance vectors (``make vectors``)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator

from pyholdem.cli.checks import writable_folder
from pyholdem.cli.progress import Progress
from pyholdem.conformance.cases import GENERATORS, all_vectors
from pyholdem.conformance.vectors import Vector, write_vectors


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("vectors", help="write the conformance vectors for other implementations")
    p.add_argument("action", choices=["write"], help="'write' the vectors")
    p.add_argument("directory", help="where to write <runner>/<case>.json")
    p.add_argument("--runner", action="append", choices=sorted(GENERATORS), help="only these runners")
    p.set_defaults(func=run)


def counted(vectors: Iterable[Vector], bar: Progress) -> Iterator[Vector]:
    """``vectors``, each counted on ``bar`` as it is written."""
    for done, vector in enumerate(vectors, 1):
        yield vector
        bar.update(done)


def run(args: argparse.Namespace) -> int:
    writable_folder(args.directory, "DIRECTORY")
    with Progress("vectors", None) as bar:
        counts = write_vectors(args.directory, counted(all_vectors(args.runner), bar))
    for runner, count in counts.items():
        print(f"{runner}: {count} vectors in {args.directory}/{runner}/")
    return 0

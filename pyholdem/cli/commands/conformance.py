"""``pyholdem conformance run --adapter CMD``: check another implementation against the vectors;
``pyholdem conformance report --engine NAME``: check a registered engine (vectors and differential
hands) and write its page and JSON (``docs/conformance/``)."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from pyholdem.cli.checks import CommandError
from pyholdem.cli.executor import check_executor
from pyholdem.cli.progress import Progress
from pyholdem.conformance.runner import Report, run_adapter
from pyholdem.conformance.vectors import RUNNERS, Vector, load_vectors

SELF_ADAPTER = f"{sys.executable} -m pyholdem.conformance.self_adapter"


def seconds(text: str) -> float:
    """An argparse type: a finite number of seconds > 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds > 0")
    return value


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("conformance", help="run the conformance vectors through an adapter")
    p.add_argument("action", choices=["run", "report"], help="run: one adapter; report: registered engines")
    p.add_argument(
        "--adapter",
        default=SELF_ADAPTER,
        help="the adapter command (JSON lines, vectors/formats/adapter.md); default: pyholdem itself",
    )
    p.add_argument("--vectors", default="vectors", type=Path, help="the vectors directory (default: vectors)")
    p.add_argument("--runner", action="append", choices=RUNNERS, help="only these runners")
    p.add_argument("--timeout", type=seconds, default=30.0, help="seconds to wait for each answer")
    p.add_argument("--json", action="store_true", help="one JSON object per vector, then the summary")
    p.add_argument("--limit", type=int, default=50, help="failures to show in the text report")
    _add_campaign_arguments(p)
    _add_report_arguments(p)
    p.set_defaults(func=run)


def _add_report_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--engine", action="append", metavar="NAME", help="report: an engine of docs/conformance, or 'all'"
    )
    p.add_argument("--out", type=Path, default=Path("docs/conformance"), help="report: the pages' directory")
    p.add_argument(
        "--hands", type=int, default=200, metavar="N", help="report: differential hands per engine"
    )
    p.add_argument("--seed", type=int, default=20240601, metavar="S", help="report: the differential seed")


# the vectors in chunks, one adapter process per chunk, run by an executor
def _add_campaign_arguments(p: argparse.ArgumentParser) -> None:
    from pyholdem.cli.executor import add_executor_argument

    add_executor_argument(p)
    p.add_argument("--chunk", type=int, default=200, metavar="N", help="vectors per chunk (with --executor)")


def _run_chunked(args: argparse.Namespace, vectors: list[Vector]) -> Report:
    from pyholdem.campaign import open_executor
    from pyholdem.campaign.jobs import run_adapter as run_in_chunks

    with open_executor(args.executor) as executor:
        return run_in_chunks(
            args.adapter, vectors, timeout=args.timeout, executor=executor, chunk_vectors=args.chunk
        )


def report_engines(args: argparse.Namespace) -> int:
    """Check each named engine and write its page, its JSON and the index of every page in ``--out``."""
    from pyholdem.campaign import open_executor
    from pyholdem.campaign.jobs import run_adapter as run_in_chunks
    from pyholdem.conformance.engines import ENGINES, engine
    from pyholdem.conformance.report import check_engine, not_installed, write
    from pyholdem.errors import RuleViolation

    names = args.engine or ["all"]
    chosen = list(ENGINES.values()) if "all" in names else [engine(n) for n in names]
    if args.hands < 0:
        raise RuleViolation(f"--hands {args.hands} is below 0", "0.1")
    summaries = []
    with open_executor(args.executor) as executor:
        for e in chosen:
            if e.unchecked():
                summaries.append(not_installed(e))
                print(f"{e.name}: {e.unchecked()}", file=sys.stderr)
                continue

            def run_chunks(command: Sequence[str], vectors: list[Vector], timeout: float) -> Report:
                return run_in_chunks(
                    command, vectors, timeout=timeout, executor=executor, chunk_vectors=args.chunk
                )

            summary = check_engine(
                e, args.vectors, run_chunks, hands=args.hands, seed=args.seed, timeout=args.timeout
            )
            t = summary["totals"]
            print(
                f"{e.name}: {t['passed']} passed, {t['failed']} failed, {t['not expressible']} inexpressible"
            )
            summaries.append(summary)
    write(args.out, summaries)  # the index also lists the engines an earlier run left in out
    return 0


def run(args: argparse.Namespace) -> int:
    if args.action == "report":
        return report_engines(args)
    vectors = load_vectors(args.vectors, args.runner)
    if not vectors:
        runners = f" for the runners {', '.join(args.runner)}" if args.runner else ""
        where = f"{str(args.vectors)!r}{runners}"
        raise CommandError(f"no vectors in {where}: write them with 'pyholdem vectors write DIR'")
    check_executor(args.executor)
    if args.executor != "serial":
        report = _run_chunked(args, list(vectors))
    else:
        with Progress("vectors", len(vectors)) as bar:
            report = run_adapter(args.adapter, vectors, timeout=args.timeout, progress=bar.update)
    if args.json:
        for outcome in report.outcomes:
            print(json.dumps(outcome.as_dict(), sort_keys=True))
        print(json.dumps({"adapter": report.adapter, "counts": report.counts()}, sort_keys=True))
    else:
        print(report.format(limit=args.limit))
    return 0 if report.ok else 1

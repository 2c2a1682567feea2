"""``pyholdem run``: the main job on the bundled data (``make run``)."""

from __future__ import annotations

import argparse

from pyholdem.commands.rules import describe_presets
from pyholdem.coverage import coverage_rows, format_table


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("run", help="the main job: spec coverage, presets, bundled data")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    print("== Spec coverage ==")
    print(format_table(coverage_rows()))
    print()
    print("== Rule-set presets ==")
    print(describe_presets())
    return 0

"""``pyholdem spec N.M`` and ``pyholdem spec coverage [--json]``."""

from __future__ import annotations

import argparse
import json

from pyholdem.traceability.coverage import coverage_rows, format_table
from pyholdem.traceability.specdoc import section


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("spec", help="print a spec section, or the coverage of the spec")
    p.add_argument("what", help="a section number like 5.6, or 'coverage'")
    p.add_argument("--json", action="store_true", help="coverage as a JSON list")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.what == "coverage":
        rows = coverage_rows()
        if args.json:
            print(json.dumps([r.as_dict() for r in rows], indent=1))
        else:
            print(format_table(rows))
        return 0
    s = section(args.what)
    print(f"{s.document}:{s.line}")
    print(s.text, end="")
    return 0

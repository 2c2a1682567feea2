"""``pyholdem spec N.M [--json]`` (the section, where it is implemented, its C twin, where the engines
apply it, its tests) and ``pyholdem spec coverage [--json]``."""

from __future__ import annotations

import argparse
import json

from pyholdem.cli.section_links import format_links, section_links
from pyholdem.traceability.coverage import coverage_rows, format_table
from pyholdem.traceability.specdoc import section


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("spec", help="print a spec section, or the coverage of the spec")
    p.add_argument("what", help="a section number like 5.6, or 'coverage'")
    p.add_argument("--json", action="store_true", help="coverage as a JSON list, a section as a JSON object")
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
    links = section_links(s.id)
    if args.json:
        print(json.dumps({"document": f"{s.document}:{s.line}", "text": s.text, **links.as_dict()}, indent=1))
        return 0
    print(f"{s.document}:{s.line}")
    print(s.text, end="")
    print(format_links(links))
    return 0

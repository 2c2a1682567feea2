"""``pyholdem rules [PRESET] [--toml]``: list the presets, or print one."""

from __future__ import annotations

import argparse
import json

from pyholdem.rules.ruleset import PRESETS, preset


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("rules", help="list the rule-set presets, or print one")
    p.add_argument("preset", nargs="?", help="a preset name (see 'pyholdem rules')")
    p.add_argument("--toml", action="store_true", help="print the whole rule set as TOML")
    p.add_argument("--json", action="store_true", help="print the whole rule set as JSON")
    p.set_defaults(func=run)


def describe_presets() -> str:
    lines = []
    for p in PRESETS.values():
        lines.append(f"{p.name}: {p.description}")
        for field, value in p.changes.items():
            lines.append(f"    {field} = {value!r}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if not args.preset:
        print(describe_presets())
        return 0
    rules = preset(args.preset)
    if args.toml:
        print(f"# preset {args.preset}\n{rules.to_toml()}", end="")
    elif args.json:
        print(json.dumps(rules.to_dict(), indent=1))
    else:
        p = PRESETS[args.preset]
        print(f"{p.name}: {p.description}")
        print("sources: " + "; ".join(p.sources))
        changes = rules.changes()
        width = max(len(f) for f in rules.to_dict())
        for field, value in rules.to_dict().items():
            mark = "*" if field in changes else " "
            print(f"{mark} {field:<{width}} = {value!r}")
        print("(* = differs from tda_2024)")
    return 0

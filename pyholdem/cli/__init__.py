"""The ``pyholdem`` command. Each subcommand lives in ``pyholdem.cli.commands.<name>``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

from pyholdem import __version__
from pyholdem.errors import PyHoldemError

COMMANDS = (
    "spec",
    "rules",
    "run",
    "vectors",
    "conformance",
    "replay",
    "table",
    "tournament",
    "icm",
    "equity",
    "simulate",
    "director",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pyholdem", description="The executable reference model of Texas Hold'em."
    )
    parser.add_argument("--version", action="version", version=f"pyholdem {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        import_module(f"pyholdem.cli.commands.{name}").add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except PyHoldemError as exc:
        print(f"pyholdem {args.command}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The ``pyholdem`` command. Each subcommand lives in ``pyholdem.cli.commands.<name>``.

Every failure ends the command with one line on stderr and a non-zero exit: 2 for a refused input
(a ``PyHoldemError``) or a file that cannot be read or written, 130 on Ctrl-C. Output cut short by
its reader (``pyholdem replay … | head``) is dropped quietly and the command still ends with its own
exit status (1 when hands failed).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import TextIO

from pyholdem import __version__
from pyholdem.errors import PyHoldemError

COMMANDS = (
    "spec",
    "rules",
    "run",
    "vectors",
    "conformance",
    "replay",
    "convert",
    "table",
    "tournament",
    "icm",
    "equity",
    "range",
    "simulate",
    "director",
    "examples",
)

INTERRUPTED = 130


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command; given the arguments of a command, of that command alone (its
    module is the only one imported: a command starts without loading the others)."""
    parser = argparse.ArgumentParser(
        prog="pyholdem", description="The executable reference model of Texas Hold'em."
    )
    parser.add_argument("--version", action="version", version=f"pyholdem {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    first = next(iter(argv), None) if argv is not None else None
    for name in (first,) if first in COMMANDS else COMMANDS:
        import_module(f"pyholdem.cli.commands.{name}").add_parser(subparsers)
    return parser


class _PipeSafe:
    """``sys.stdout`` that, once its reader has gone (a broken pipe), drops what is written after."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.broken = False

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                return self.stream.write(text)
            except BrokenPipeError:
                self._drop()
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self._drop()

    def _drop(self) -> None:
        self.broken = True
        # the interpreter flushes stdout at exit: point it at nothing so that flush cannot fail
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, self.stream.fileno())
        except (OSError, ValueError):
            pass
        finally:
            os.close(devnull)

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


def _fail(command: str, message: str) -> None:
    print(f"pyholdem {command}: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser(sys.argv[1:] if argv is None else argv).parse_args(argv)
    stdout, safe = sys.stdout, _PipeSafe(sys.stdout)
    sys.stdout = safe  # a TextIO in all but name: write, flush, the rest delegated
    try:
        return int(args.func(args) or 0)
    except PyHoldemError as exc:
        _fail(args.command, f"{type(exc).__name__}: {exc}")
        return 2
    except KeyboardInterrupt:
        _fail(args.command, "interrupted")
        return INTERRUPTED
    except BrokenPipeError:
        safe._drop()
        return 1
    except OSError as exc:
        where = f" {exc.filename!r}" if exc.filename else ""
        _fail(args.command, f"{type(exc).__name__}:{where} {exc.strerror or exc}")
        return 2
    finally:
        if sys.stdout is safe:
            sys.stdout = stdout


if __name__ == "__main__":
    raise SystemExit(main())

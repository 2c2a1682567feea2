"""``pyholdem director serve EVENT.db [--host 127.0.0.1] [--port 8765]``: the web console (room display
and director's page) over one event file; registered by the ``director`` command."""

from __future__ import annotations

import argparse
import ipaddress
import sys
from pathlib import Path

from pyholdem.errors import PyHoldemError


def add_subcommand(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "serve", help="serve the room display and the director's page (needs pyholdem[director])"
    )
    p.add_argument("event", type=Path, metavar="EVENT.db", help="the event file")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: loopback only)")
    p.add_argument("--port", type=int, default=8765, help="the port (0: any free one; default 8765)")
    p.add_argument(
        "--tick", type=float, default=1.0, help="seconds between clock pushes to the displays (default 1)"
    )
    p.set_defaults(func=run)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise PyHoldemError(f"port {args.port} is not in 0..65535")
    if not 0.05 <= args.tick <= 60:
        raise PyHoldemError(f"tick {args.tick} is not 0.05 to 60 seconds")
    try:
        from pyholdem.director.server import serve
    except ImportError as exc:
        missing = f"the web console needs the director extra ({exc.name} is missing)"
        raise PyHoldemError(f"{missing}: pip install 'pyholdem[director]'") from None
    if not _loopback(args.host):
        print(
            f"serving on {args.host}: other machines can open the display; actions still need the secret",
            file=sys.stderr,
        )
    serve(args.event, host=args.host, port=args.port, tick=args.tick, announce=lambda s: print(s, flush=True))
    return 0

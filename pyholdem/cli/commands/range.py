"""``pyholdem range show "QQ+, AKs, …" [--plot FILE]``: a range (§13.1) as the 13 × 13 grid of starting
hands (§13.2), as text or as a picture."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("range", help="show a range as the 13 x 13 grid of starting hands (§13.2)")
    sub = p.add_subparsers(dest="range_command", required=True, metavar="SUBCOMMAND")
    show = sub.add_parser("show", help="the grid of a range, as text or (--plot) as a picture")
    show.add_argument("range", metavar="RANGE", help='range notation, e.g. "QQ+, AKs, A5s-A2s, KQo:0.5"')
    show.add_argument(
        "--plot", type=Path, metavar="FILE", help="draw the grid: .png or .svg (pyholdem[plot])"
    )
    show.set_defaults(func=run_show)


def run_show(args: argparse.Namespace) -> int:
    from pyholdem.cli.checks import require_extra, writable_file
    from pyholdem.cli.plots import PLOT_SUFFIXES, grid_text, plot_range
    from pyholdem.spec.ranges import parse_range

    if args.plot is not None:
        writable_file(args.plot, "--plot", PLOT_SUFFIXES)
        require_extra("matplotlib", "plot", "--plot")
    hand_range = parse_range(args.range)
    if args.plot is None:
        print(grid_text(hand_range))
        return 0
    plot_range(hand_range, args.plot)
    print(f"wrote {args.plot}")
    return 0

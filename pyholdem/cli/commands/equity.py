"""``pyholdem equity RANGE RANGE... [--board CARDS] [--dead CARDS]``: equity of hands and ranges (spec 13)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from pyholdem.spec.cards import Card, cards, format_cards
from pyholdem.spec.ranges import HandRange


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "equity",
        help='equity of 2 to 10 hands or ranges ("AsKs" "QQ+,AKs"), exact or Monte Carlo (§13.5, §13.6)',
    )
    p.add_argument(
        "players", nargs="+", metavar="RANGE", help='a hand (AsKs) or a range ("TT+, AKs, A5s-A2s")'
    )
    p.add_argument("--board", default="", metavar="CARDS", help="0, 3, 4 or 5 board cards (Qs7d2c)")
    p.add_argument("--dead", default="", metavar="CARDS", help="cards out of play")
    p.add_argument("--trials", type=int, metavar="N", help="Monte Carlo trials (default: exact if feasible)")
    p.add_argument("--seed", type=int, metavar="S", help="Monte Carlo seed (default: random, printed)")
    p.add_argument("--exact", action="store_true", help="count every deal and board, however many")
    p.add_argument(
        "--threads", type=int, default=1, metavar="N", help="threads to split the work (default 1)"
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument(
        "--plot",
        type=Path,
        metavar="FILE",
        help="draw the equity street by street up to the --board given: .png or .svg (pyholdem[plot])",
    )
    _add_table_arguments(p)
    p.set_defaults(func=run)


# ``pyholdem equity table --out FILE.csv [--hands AA,KK,...] [--executor ...]`` (§13.7)
def _add_table_arguments(p: argparse.ArgumentParser) -> None:
    from pyholdem.cli.executor import add_executor_argument

    p.usage = "%(prog)s RANGE RANGE... [options]  |  %(prog)s table --out FILE.csv [--hands H,H,...]"
    p.add_argument("--out", metavar="FILE.csv", help="equity table: the CSV file to write (§13.7)")
    p.add_argument(
        "--hands", metavar="H,H,...", help="equity table: only these starting hands (default all 169)"
    )
    add_executor_argument(p)


def run_table(args: argparse.Namespace) -> int:
    """The preflop equity table (§13.7) of ``--hands`` (default all 169), written to ``--out``."""
    import time

    from pyholdem.campaign import open_executor
    from pyholdem.campaign.preflop import preflop_table
    from pyholdem.cli.checks import writable_file
    from pyholdem.cli.executor import check_executor
    from pyholdem.cli.progress import Progress
    from pyholdem.errors import InvalidRange

    if len(args.players) != 1 or not args.out:
        raise InvalidRange("equity table takes no ranges and needs --out FILE.csv", "13.7")
    writable_file(args.out, "--out")
    check_executor(args.executor)
    hands = None if args.hands is None else [h.strip() for h in args.hands.split(",") if h.strip()]
    start = time.perf_counter()
    with open_executor(args.executor) as executor, Progress("matchups", 0) as bar:
        table = preflop_table(hands, executor=executor, progress=lambda done, total: bar.update(done, total))
    seconds = time.perf_counter() - start
    rows = table.write_csv(args.out)
    summary = {"out": str(args.out), "hands": len(table.hands), "rows": rows, "seconds": seconds}
    if args.json:
        print(json.dumps({**summary, "executor": args.executor}))
    else:
        print(
            f"{rows:,} matchups of {len(table.hands)} hands in {seconds:.1f} s ({args.executor}): {args.out}"
        )
    return 0


def run(args: argparse.Namespace) -> int:
    if args.players[0] == "table":  # the preflop equity table (§13.7)
        return run_table(args)
    from pyholdem.cli.checks import require_extra, writable_file
    from pyholdem.cli.plots import PLOT_SUFFIXES
    from pyholdem.native.ranges import range_equity
    from pyholdem.spec.ranges import as_range, live_combos

    if args.plot is not None:
        writable_file(args.plot, "--plot", PLOT_SUFFIXES)
        require_extra("matplotlib", "plot", "--plot")
    ranges = [as_range(text) for text in args.players]
    board, dead = cards(args.board), cards(args.dead)
    seed = args.seed
    if seed is None and not args.exact:
        seed = int.from_bytes(os.urandom(8), "little")
    if args.plot is not None:
        plot_streets(args, ranges, board, dead, seed)
    result = range_equity(
        ranges,
        board,
        dead,
        trials=args.trials,
        seed=seed,
        exact=True if args.exact else None,
        threads=args.threads,
    )
    combos = [len(live_combos(r, (*board, *dead))) for r in ranges]
    method = (
        {"method": "exact", "deals": result.deals, "boards": result.boards}
        if result.exact
        else {"method": "monte_carlo", "trials": result.deals, "seed": seed}
    )
    if args.json:
        players = [
            {"range": str(r), "combos": n, "equity": e, "win": w, "tie": t}
            for r, n, e, w, t in zip(ranges, combos, result.equity, result.win, result.tie, strict=True)
        ]
        print(
            json.dumps(
                {"board": format_cards(board), "dead": format_cards(dead), **method, "players": players}
            )
        )
        return 0
    width = max(5, *(len(str(r)) for r in ranges))
    print(f"{'range':<{width}}  combos   equity      win      tie")
    for r, n, e, w, t in zip(ranges, combos, result.equity, result.win, result.tie, strict=True):
        print(f"{r!s:<{width}}  {n:>6}  {e:>6.2%}  {w:>7.2%}  {t:>7.2%}")
    where = f"board {format_cards(board) or '(none)'}" + (f", dead {format_cards(dead)}" if dead else "")
    if result.exact:
        deals = f"{result.deals:,} deal" + ("" if result.deals == 1 else "s")
        print(f"{where}: exact over {deals}, {result.boards:,} boards")
    else:
        print(f"{where}: Monte Carlo over {result.deals:,} trials, seed {seed}")
    return 0


STREETS = (("preflop", 0), ("flop", 3), ("turn", 4), ("river", 5))


def plot_streets(
    args: argparse.Namespace,
    ranges: list[HandRange],
    board: Sequence[Card],
    dead: Sequence[Card],
    seed: int | None,
) -> None:
    """``--plot``: each player's equity (§13.5) on every street up to the board given, drawn to a file."""
    from pyholdem.cli.plots import plot_equity_streets
    from pyholdem.native.ranges import range_equity

    streets = []
    for label, shown in STREETS:
        if shown > len(board):
            break
        result = range_equity(
            ranges,
            board[:shown],
            dead,
            trials=args.trials,
            seed=seed,
            exact=True if args.exact else None,
            threads=args.threads,
        )
        streets.append((f"{label}\n{format_cards(board[:shown])}" if shown else label, list(result.equity)))
    names = [str(r) if len(str(r)) <= 40 else str(r)[:39] + "…" for r in ranges]
    plot_equity_streets(streets, names, args.plot, title="equity by street")
    print(f"wrote {args.plot}", file=sys.stderr)

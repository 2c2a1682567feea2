"""``pyholdem equity RANGE RANGE... [--board CARDS] [--dead CARDS]``: equity of hands and ranges (spec 13)."""

from __future__ import annotations

import argparse
import json
import os

from pyholdem.spec.cards import cards, format_cards


def add_parser(subparsers: argparse._SubParsersAction) -> None:
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
    from pyholdem.errors import InvalidRange

    if len(args.players) != 1 or not args.out:
        raise InvalidRange("equity table takes no ranges and needs --out FILE.csv", "13.7")
    hands = None if args.hands is None else [h.strip() for h in args.hands.split(",") if h.strip()]
    start = time.perf_counter()
    with open_executor(args.executor) as executor:
        table = preflop_table(hands, executor=executor)
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
    from pyholdem.native.ranges import range_equity
    from pyholdem.spec.ranges import as_range, live_combos

    ranges = [as_range(text) for text in args.players]
    board, dead = cards(args.board), cards(args.dead)
    seed = args.seed
    if seed is None and not args.exact:
        seed = int.from_bytes(os.urandom(8), "little")
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

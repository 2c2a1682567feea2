"""``pyholdem simulate --hands N --seats 6 --seed S [--executor ...] [--json]``: hands in bulk.

The hands are those of ``pyholdem.engine.bulk`` (hand ``i`` from ``(seed, i)``), cut into chunks run
by the executor (``pyholdem.campaign``): the totals are the same for every executor. Prints hands per
second, the showdown share, the mean pot and each seat's net result.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from pyholdem.cli.executor import add_executor_argument, check_executor
from pyholdem.cli.progress import Progress

POLICIES = ("random", "call")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("simulate", help="play many hands in bulk on the C engine and sum them up")
    p.add_argument("--hands", type=int, default=100_000, metavar="N", help="hands to play (default 100000)")
    p.add_argument("--seats", type=int, default=6, metavar="N", help="players (2-10, default 6)")
    p.add_argument("--stack", type=int, default=10_000, metavar="CHIPS", help="every stack (default 10000)")
    p.add_argument("--blinds", default="50,100", metavar="SB,BB", help="the blinds (default 50,100)")
    p.add_argument(
        "--rules",
        default="tda_2024",
        metavar="PRESET_OR_TOML",
        help="a rule-set preset or a RuleSet TOML file (default tda_2024)",
    )
    p.add_argument("--policy", choices=POLICIES, default="random", help="every player's policy")
    p.add_argument("--deck", choices=("standard", "fast"), default="standard", help="the deal (§1.4)")
    p.add_argument("--seed", type=int, metavar="S", help="the run's seed (default: random, printed)")
    p.add_argument("--chunk", type=int, default=50_000, metavar="N", help="hands per chunk (default 50000)")
    add_executor_argument(p)
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from pyholdem.campaign import open_executor
    from pyholdem.campaign.jobs import simulate_summary
    from pyholdem.cli.commands.replay import rules_from
    from pyholdem.engine.policies import AlwaysCall, RandomPolicy
    from pyholdem.errors import SimulationError

    try:
        small, big = (int(part) for part in args.blinds.split(","))
    except ValueError:
        raise SimulationError(f"--blinds {args.blinds!r} is not SB,BB (two ints)") from None
    seed = int.from_bytes(os.urandom(8), "little") if args.seed is None else args.seed
    policy = RandomPolicy() if args.policy == "random" else AlwaysCall()
    rules = rules_from(args.rules)
    check_executor(args.executor)
    with open_executor(args.executor) as executor, Progress("hands", args.hands) as bar:
        start = time.perf_counter()
        summary = simulate_summary(
            rules,
            args.hands,
            [args.stack] * args.seats,
            policy=policy,
            seed=seed,
            deck=args.deck,
            executor=executor,
            chunk_hands=args.chunk,
            progress=bar.update,
            button=0,
            blinds=(small, big),
        )
        seconds = time.perf_counter() - start
    rate = summary.hands / seconds if seconds > 0 else 0.0
    if args.json:
        print(
            json.dumps(
                {**summary.as_dict(), "executor": args.executor, "seconds": seconds, "hands_per_s": rate}
            )
        )
        return 0
    print(f"{summary.hands:,} hands, {args.seats} seats, seed {summary.seed}, executor {args.executor}")
    print(f"{seconds:.2f} s, {rate:,.0f} hands/s (starting the workers included)")
    print(f"showdown share {summary.showdown_share:.2%}, mean pot {summary.mean_pot:,.1f} chips")
    for seat, net in enumerate(summary.net):
        mean = net / summary.hands if summary.hands else 0.0
        print(f"seat {seat}: net {net:+,} chips ({mean:+.2f} per hand)")
    return 0

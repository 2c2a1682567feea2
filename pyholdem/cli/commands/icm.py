"""``pyholdem icm STACK... --prizes P...``: ICM values and the deal they make (§9.19).

Fields whose exact values the spec gives as fractions (at most ``ICM_FRACTION_STATES`` sets of players
placed) are valued by the spec; larger ones, and every sampled run, by the C twin (``pyholdem.native.icm``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb

from pyholdem.native import icm as native_icm
from pyholdem.spec import tournament as spec
from pyholdem.spec.tournament import ICM_FRACTION_STATES, ICMResult, icm_field, propose_deal


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("icm", help="ICM (Malmuth-Harville) values of stacks and prizes")
    p.add_argument("stacks", nargs="+", type=int, metavar="STACK", help="the remaining players' chips")
    p.add_argument("--prizes", nargs="+", type=int, required=True, metavar="P", help="prizes still to pay")
    p.add_argument("--method", choices=("auto", "exact", "sample"), default="auto")
    p.add_argument("--trials", type=int, default=20_000, help="finishing orders drawn when sampling")
    p.add_argument("--seed", type=int, default=1, help="the sampler's seed")
    p.add_argument("--unit", type=int, default=1, help="the rounding unit of the deal")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def _exact_text(value: Fraction | float) -> str:
    return f"{value.numerator}/{value.denominator}" if isinstance(value, Fraction) else repr(value)


def choose_icm(stacks: Sequence[int], prizes: Sequence[int], method: str) -> Callable[..., ICMResult]:
    """The spec's ``icm_values`` where it answers in fractions, else its C twin (same contract)."""
    _, paid, exact = icm_field(stacks, prizes, method)
    states = sum(comb(len(stacks), i) for i in range(paid))
    return spec.icm_values if exact and states <= ICM_FRACTION_STATES else native_icm.icm_values


def run(args: argparse.Namespace) -> int:
    values = choose_icm(args.stacks, args.prizes, args.method)
    result = values(args.stacks, args.prizes, method=args.method, trials=args.trials, seed=args.seed)
    deal = propose_deal(
        dict(enumerate(args.stacks, 1)),
        args.prizes,
        "icm",
        unit=args.unit,
        seed=args.seed,
        icm=choose_icm(args.stacks, args.prizes, "auto"),
    )
    rows = [
        {
            "player": i,
            "stack": stack,
            "value": float(value),
            "exact_value": _exact_text(value),
            "deal": deal[i],
        }
        for i, (stack, value) in enumerate(zip(args.stacks, result.values, strict=True), 1)
    ]
    if args.json:
        summary = {"exact": result.exact, "error_bound": result.error_bound, "trials": result.trials}
        print(json.dumps({**summary, "players": rows}, indent=1))
        return 0
    how = (
        "exact"
        if result.exact
        else f"sampled, {result.trials} trials, each within {result.error_bound:.4f} (99 %)"
    )
    print(f"ICM of {len(rows)} stacks over prizes {' '.join(map(str, args.prizes))} ({how})")
    print(f"{'player':>6}  {'stack':>10}  {'value':>12}  {'deal':>8}")
    for row in rows:
        print(f"{row['player']:>6}  {row['stack']:>10}  {row['value']:>12.4f}  {row['deal']:>8}")
    return 0

"""``pyholdem table play``: a seeded session at one table with random players (§3.4–3.8, §3.18–3.22).

Random arrivals (each entry option of the rules), departures, absences, returns, busts and rebuys,
random legal actions; then a summary (hands, who posted what, final stacks), the invariants the
session kept (``pyholdem.history.table_checks``) and, with ``--phh``, the session as one ``.phhs``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pyholdem.cli.checks import writable_file
from pyholdem.cli.commands.replay import rules_from
from pyholdem.cli.progress import Progress
from pyholdem.rules.ruleset import RuleSet

BUTTON_RULES = ("dead", "moving", "frozen_on_blind_bust")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("table", help="many hands at one table: play a random session")
    sub = p.add_subparsers(dest="table_command", required=True, metavar="SUBCOMMAND")
    play = sub.add_parser("play", help="play a seeded random session and check its invariants")
    play.add_argument("--seats", type=_int_in(2, 10), default=9, help="seats at the table (2-10, default 9)")
    play.add_argument("--hands", type=_int_in(1, 10**7), default=1000, help="hands to play (default 1000)")
    play.add_argument(
        "--rules",
        default="tda_2024_cash",
        metavar="PRESET_OR_TOML",
        help="a rule-set preset or a RuleSet TOML file (default tda_2024_cash)",
    )
    play.add_argument("--button-rule", choices=BUTTON_RULES, help="override the rules' button_rule")
    play.add_argument("--blinds", type=_blinds, default=(5, 10), metavar="SB,BB", help="default 5,10")
    play.add_argument("--seed", type=int, default=1, help="the session's seed (default 1)")
    play.add_argument(
        "--engine",
        choices=("auto", "native", "spec"),
        default="auto",
        help="each hand's engine (default auto: the C engine)",
    )
    play.add_argument("--phh", type=Path, metavar="FILE", help="write the session as one .phhs file")
    play.add_argument("--no-replay", action="store_true", help="skip replaying every hand from its PHH")
    play.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    play.set_defaults(func=run_play)


def _int_in(low: int, high: int) -> argparse._ActionType:
    def parse(text: str) -> int:
        if not text.strip().lstrip("-").isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number in {low}..{high}")
        return int(text)

    return parse


def _blinds(text: str) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() and int(p) > 0 for p in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not two positive whole numbers SB,BB")
    return int(parts[0]), int(parts[1])


def session_rules(name: str, button_rule: str | None) -> RuleSet:
    """The preset (or TOML file) ``name``, with ``button_rule`` overridden when given."""
    rules = rules_from(name)
    return rules if button_rule is None else rules.replace(button_rule=button_rule)


def play_session(
    rules: RuleSet,
    seats: int,
    hands: int,
    seed: int,
    *,
    blinds: tuple[int, int] = (5, 10),
    engine: str = "auto",
    label: str = "hands",
) -> object:
    """The seeded random session, with a progress bar on stderr."""
    from pyholdem.engine.table import random_session

    with Progress(label, hands) as bar:
        return random_session(rules, seats, hands, seed, engine=engine, blinds=blinds, progress=bar.update)


def run_play(args: argparse.Namespace) -> int:
    from pyholdem.engine.table import Table
    from pyholdem.history.phh import dumps_many
    from pyholdem.history.sessions import table_histories
    from pyholdem.history.table_checks import session_problems, session_summary

    rules = session_rules(args.rules, args.button_rule)
    if args.phh is not None:
        writable_file(args.phh, "--phh")
    table = play_session(rules, args.seats, args.hands, args.seed, blinds=args.blinds, engine=args.engine)
    assert isinstance(table, Table)
    summary = session_summary(table)
    replayed = not args.no_replay
    problems = session_problems(table, replay=replayed)
    if args.phh is not None:
        args.phh.write_text(dumps_many(table_histories(table)))
    if args.json:
        print(json.dumps({**summary.as_dict(), "problems": problems, "phh": str(args.phh or "") or None}))
    else:
        print_summary(summary, problems, args.phh, replayed)
    return 1 if problems else 0


def print_summary(summary: object, problems: list[str], phh: Path | None, replayed: bool) -> None:
    from pyholdem.history.table_checks import SessionSummary

    assert isinstance(summary, SessionSummary)
    print(
        f"{summary.hands} hands, button rule {summary.button_rule}; chips bought in {summary.chips_in}, "
        f"taken out {summary.chips_out}, on the table {summary.chips_on_table}"
    )
    kinds = sorted({k for p in summary.players for k in p.posts})
    header = f"{'player':<10} {'hands':>6} " + " ".join(f"{k:>{max(len(k), 5)}}" for k in kinds)
    print(header + f" {'net':>8} {'stack':>8}")
    for p in summary.players:
        posts = " ".join(f"{p.posts.get(k, 0):>{max(len(k), 5)}}" for k in kinds)
        stack = "left" if p.stack is None else str(p.stack)
        print(f"{p.name:<10} {p.hands:>6} {posts} {p.net:>8} {stack:>8}")
    if phh is not None:
        print(f"session written to {phh}")
    if problems:
        print(f"{len(problems)} broken invariants:", file=sys.stderr)
        for problem in problems[:20]:
            print(f"  {problem}", file=sys.stderr)
    else:
        kept = "chips conserved, big blinds in turn, missed blinds settled once"
        print(f"invariants kept: {kept}" + (", every hand replays from its PHH" if replayed else ""))

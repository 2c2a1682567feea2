"""``pyholdem director``: run a live tournament from the command line (spec 09, §9.25).

Every subcommand works on the event file alone (each call a new process): it opens the file,
replays its log, applies one event (appended to the log before it takes effect), prints what
changed and what to do next (the moves), and exits. Bad input prints one line on stderr and
exits with status 2. The subcommands are added by ``add_parser``; the web console registers its
``serve`` subcommand in ``SUBCOMMAND_MODULES`` (a module with ``add_subcommand(sub)``).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any, NoReturn

from pyholdem.cli.commands.tournament import load_rules_argument, load_structure_argument
from pyholdem.director.event import DirectorEvent
from pyholdem.director.exchange import export_events, import_events
from pyholdem.director.report import format_history, format_race_plan, format_status, next_steps
from pyholdem.errors import EventLogError, RuleViolation

# modules adding more ``director`` subcommands (``add_subcommand(sub)``): the web console's ``serve``
SUBCOMMAND_MODULES: tuple[str, ...] = ("pyholdem.cli.commands.director_serve",)


def _one_line_error(parser: argparse.ArgumentParser) -> None:
    def error(message: str) -> NoReturn:
        print(f"{parser.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)

    parser.error = error  # type: ignore[method-assign]  # this parser's own error(): one line, no usage


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("director", help="run a live tournament: seats, clock, busts, moves, payouts")
    _one_line_error(p)
    sub = p.add_subparsers(dest="director_command", required=True, metavar="SUBCOMMAND")

    def command(name: str, func: Callable[[argparse.Namespace], int], text: str) -> argparse.ArgumentParser:
        c = sub.add_parser(name, help=text, description=text)
        _one_line_error(c)
        c.add_argument("event", type=Path, metavar="EVENT.db", help="the event file")
        c.set_defaults(func=_guarded(func))
        return c

    new = command("new", run_new, "create an event file (never overwrites a file)")
    new.add_argument("--structure", required=True, help="a structure preset or TOML file")
    new.add_argument("--rules", required=True, help="a rule-set preset or TOML file")
    field = new.add_mutually_exclusive_group()
    field.add_argument("--entrants", type=int, help="the number of entrants (named p1, p2, ...)")
    field.add_argument("--players", type=Path, help="a file of player names, one a line")
    new.add_argument("--seats", type=int, default=10, help="seats per table (default 10)")
    new.add_argument("--seed", type=int, default=None, help="the seed of the draws (default: random)")
    new.add_argument("--name", default="", help="the event's name")
    new.add_argument("--warning", type=float, default=60.0, help="seconds of warning before a level ends")
    reg = command("register", run_event("register"), "register a player before the seat draw")
    reg.add_argument("name")
    command("seat", run_event("seat_draw"), "draw the seats (§9.14)")
    command("start", run_event("start"), "start the clock (§9.5)")
    bust = command("bust", run_bust, "players out on a hand (§9.9, §9.10)")
    bust.add_argument("names", nargs="+", metavar="NAME")
    bust.add_argument("--hand", help="a label of the hand")
    bust.add_argument(
        "--stacks",
        nargs="+",
        help="the stacks they started the hand with: one number per NAME, or NAME=CHIPS",
    )
    for name, kind, text in (
        ("rebuy", "rebuy", "a busted player buys again (§9.6)"),
        ("add-on", "add_on", "an add-on (§9.7)"),
        ("late-entry", "late_entry", "a late entry (§9.8)"),
        ("away", "away", "a player is away (§3.19)"),
        ("back", "back", "a player is back (§3.19)"),
    ):
        c = command(name, run_event(kind), text)
        c.add_argument("name")
    count = command("chip-count", run_chip_count, "a player's chips (for the average and deals)")
    count.add_argument("name")
    count.add_argument("chips", type=int)
    moved = command("moved", run_moved, "a move is done (§9.15)")
    moved.add_argument("move_id", metavar="ID")
    done = command("hand-finished", run_hand_finished, "a table's hand is over (hand-for-hand, balancing)")
    done.add_argument("table", type=int)
    done.add_argument("--button", type=int, help="the button's seat in that hand")
    done.add_argument("--big-blind", type=int, help="the big blind's seat in that hand")
    colour = command("colour-up", run_colour_up, "the colour-up due was held (§9.18)")
    race = colour.add_mutually_exclusive_group()
    race.add_argument(
        "--stacks",
        nargs="+",
        metavar="NAME=CHIPS",
        help="every player's chips before it: the chip race is run here (a seeded deck)",
    )
    race.add_argument(
        "--after", nargs="+", metavar="NAME=CHIPS", help="every player's chips after a race with real cards"
    )
    cards = command("race-cards", run_race_cards, "the cards to deal for the colour-up's chip race (§9.18)")
    cards.add_argument(
        "--stacks",
        nargs="+",
        required=True,
        metavar="NAME=CHIPS",
        help="every player's chips before the race",
    )
    deal = command("deal", run_deal, "a deal of the unpaid prizes (§9.19)")
    deal.add_argument("kind", choices=("chip_chop", "icm", "custom"))
    deal.add_argument("--agree", nargs="+", required=True, metavar="NAME", help="every player still in")
    deal.add_argument("--stacks", nargs="+", metavar="NAME=CHIPS", help="the players' chips now")
    deal.add_argument("--amounts", nargs="+", metavar="NAME=AMOUNT", help="a custom deal's amounts")
    status = command("status", run_status, "the clock, tables, moves, places and payouts")
    status.add_argument("--json", action="store_true", help="the status as JSON")
    clock = command("clock", run_clock, "show, pause, resume or adjust the clock")
    clock.add_argument("action", nargs="?", choices=("pause", "resume", "adjust"))
    clock.add_argument("seconds", nargs="?", type=float, help="seconds to move the clock (adjust)")
    command("undo", run_event("undo"), "take back the last event not yet taken back (§9.25)")
    replay = command("replay", run_replay, "print the whole event's history")
    replay.add_argument("--json", action="store_true", help="as JSON")
    export = command("export", run_export, "write the event log as JSON lines")
    export.add_argument("out", type=Path, metavar="OUT.jsonl")
    imp = sub.add_parser("import", help="make an event file from JSON lines")
    _one_line_error(imp)
    imp.add_argument("source", type=Path, metavar="IN.jsonl")
    imp.add_argument("event", type=Path, metavar="EVENT.db")
    imp.set_defaults(func=_guarded(run_import))
    for module in SUBCOMMAND_MODULES:
        import_module(module).add_subcommand(sub)


# ---------------------------------------------------------------------------- helpers
def _guarded(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``func``, with a failure of the file system or of SQLite reported as an ``EventLogError``."""

    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except (OSError, sqlite3.Error) as exc:
            raise EventLogError(f"{getattr(args, 'event', '')}: {exc}", "9.25") from None

    return run


def _open(path: Path) -> DirectorEvent:
    return DirectorEvent.open(path)


def _report(ev: DirectorEvent, answers: dict[str, Any]) -> int:
    print(answers["summary"])
    for move in answers["moves"]:
        print(f"  {move['id']}: {move['text']}")
    steps = next_steps(answers["status"], ev.path)
    if steps:
        print("next:")
        for step in steps:
            print(f"  {step}")
    return 0


def _apply(path: Path, event: str, /, **args: Any) -> int:
    given = {k: v for k, v in args.items() if v is not None}
    with _open(path) as ev:
        return _report(ev, ev.apply(event, **given))


def run_event(kind: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        extra = {"name": args.name} if hasattr(args, "name") else {}
        return _apply(args.event, kind, **extra)

    return run


def _pairs(items: list[str] | None, what: str, section: str) -> dict[str, int] | None:
    if items is None:
        return None
    out: dict[str, int] = {}
    for item in items:
        name, sep, value = item.rpartition("=")
        if not sep or not name or not value.strip().lstrip("-").isdigit():
            raise RuleViolation(f"{what} {item!r} is not NAME=NUMBER", section)
        out[name] = int(value)
    return out


def run_new(args: argparse.Namespace) -> int:
    rules = load_rules_argument(args.rules)
    structure = load_structure_argument(args.structure, args.rules)
    players = None
    if args.players is not None:
        try:
            text = args.players.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RuleViolation(f"cannot read the players file {str(args.players)!r}: {exc}", "9.2") from None
        players = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    seed = args.seed
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    with DirectorEvent.create(
        args.event,
        rules=rules,
        structure=structure,
        players=players,
        entrants=args.entrants,
        seats_per_table=args.seats,
        seed=seed,
        name=args.name,
        warning_s=args.warning,
    ) as ev:
        status = ev.status()
        print(
            f"created {ev.path}: {status['entrants']} entrants, structure {structure.name or 'custom'}, "
            f"seed {seed}; the director's secret: {ev.secret}"
        )
        for step in next_steps(status, ev.path):
            print(f"next: {step}")
    return 0


def run_bust(args: argparse.Namespace) -> int:
    stacks: dict[str, int] | None = None
    if args.stacks is not None:
        if all("=" in s for s in args.stacks):
            stacks = _pairs(args.stacks, "stack", "9.10")
        elif len(args.stacks) == len(args.names) and all(s.isdigit() for s in args.stacks):
            stacks = dict(zip(args.names, map(int, args.stacks), strict=True))
        else:
            raise RuleViolation(
                f"stacks {' '.join(args.stacks)} are not one number per player or NAME=CHIPS", "9.10"
            )
    return _apply(args.event, "bust", names=list(args.names), hand_id=args.hand, stacks=stacks)


def run_chip_count(args: argparse.Namespace) -> int:
    return _apply(args.event, "chip_count", name=args.name, chips=args.chips)


def run_moved(args: argparse.Namespace) -> int:
    return _apply(args.event, "moved", move_id=args.move_id)


def run_hand_finished(args: argparse.Namespace) -> int:
    return _apply(args.event, "hand_finished", table=args.table, button=args.button, big_blind=args.big_blind)


def run_colour_up(args: argparse.Namespace) -> int:
    stacks = _pairs(args.stacks, "stack", "9.18")
    after = _pairs(args.after, "chips after the race", "9.18")
    return _apply(args.event, "colour_up", stacks=stacks, after=after)


def run_race_cards(args: argparse.Namespace) -> int:
    with _open(args.event) as ev:
        print(format_race_plan(ev.race_plan(_pairs(args.stacks, "stack", "9.18"))))
    return 0


def run_deal(args: argparse.Namespace) -> int:
    extra: dict[str, Any] = {}
    stacks = _pairs(args.stacks, "stack", "9.19")
    amounts = _pairs(args.amounts, "amount", "9.19")
    if stacks is not None:
        extra["stacks"] = stacks
    if amounts is not None:
        extra["amounts"] = amounts
    return _apply(args.event, "deal", kind=args.kind, agree=list(args.agree), **extra)


def run_status(args: argparse.Namespace) -> int:
    with _open(args.event) as ev:
        status = ev.status()
        if args.json:
            print(json.dumps(status, indent=1, ensure_ascii=False))
            return 0
        print(format_status(status))
        steps = next_steps(status, ev.path)
        if steps:
            print("next:")
            for step in steps:
                print(f"  {step}")
    return 0


def run_clock(args: argparse.Namespace) -> int:
    if args.action is None:
        if args.seconds is not None:
            raise RuleViolation("seconds go with 'adjust': clock EVENT.db adjust SECONDS", "9.5")
        with _open(args.event) as ev:
            print(format_status(ev.status()).splitlines()[0])
        return 0
    if args.action == "adjust":
        if args.seconds is None:
            raise RuleViolation("clock adjust needs the seconds to move the clock by", "9.5")
        return _apply(args.event, "adjust_clock", seconds=args.seconds)
    if args.seconds is not None:
        raise RuleViolation(f"clock {args.action} takes no seconds", "9.5")
    return _apply(args.event, args.action)


def run_replay(args: argparse.Namespace) -> int:
    with _open(args.event) as ev:
        history = ev.history()
        if args.json:
            print(json.dumps(history, indent=1, ensure_ascii=False))
        else:
            print(format_history(history))
    return 0


def run_export(args: argparse.Namespace) -> int:
    with _open(args.event) as ev:
        count = export_events(ev, args.out)
    print(f"exported {count} events to {args.out}")
    return 0


def run_import(args: argparse.Namespace) -> int:
    count = import_events(args.source, args.event)
    print(f"imported {count} events into {args.event}")
    with _open(args.event) as ev:
        print(f"the director's secret: {ev.secret}")
    return 0

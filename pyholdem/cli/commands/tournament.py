"""``pyholdem tournament payouts``, ``tournament structure`` and ``tournament play`` (spec 09).

Subcommands of ``tournament`` are added here, one function each; ``payouts`` answers a director's
"what do I pay 137 players?" (§9.1, §9.12, §9.13, §9.24) from a rule-set preset or file and a
structure preset or file; ``structure`` prints a structure preset (levels, breaks, colour-ups).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypedDict

from pyholdem.errors import RuleViolation
from pyholdem.rules.ruleset import PRESETS, RuleSet, load_rules, preset
from pyholdem.rules.structure import (
    DEFAULT_STRUCTURE,
    STRUCTURES,
    Structure,
    load_structure,
    structure_preset,
)
from pyholdem.spec.tournament import (
    colour_ups,
    counts_hands,
    payout_shares,
    prize_pool,
    round_payouts,
)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("tournament", help="tournament calculators (payouts)")
    sub = p.add_subparsers(dest="tournament_command", required=True, metavar="SUBCOMMAND")
    pay = sub.add_parser("payouts", help="the payout table for a number of entrants")
    pay.add_argument("--entrants", type=int, required=True, help="number of entries")
    money = pay.add_mutually_exclusive_group()
    money.add_argument("--pool", type=int, help="the prize pool (default: entrants x buy-in)")
    money.add_argument("--buy-in", type=int, help="the buy-in (default: the structure's)")
    pay.add_argument("--rules", default="tda_2024", help="a rule-set preset or a rule-set TOML file")
    pay.add_argument(
        "--structure",
        help="a structure preset or TOML file (default: the preset named like --rules, else "
        f"{DEFAULT_STRUCTURE})",
    )
    pay.add_argument("--unit", type=int, default=1, help="the rounding unit of the payouts (§9.13)")
    pay.add_argument("--json", action="store_true", help="print the table as JSON")
    pay.set_defaults(func=run_payouts)
    struct = sub.add_parser("structure", help="list the structure presets, or print one")
    struct.add_argument("name", nargs="?", help="a structure preset or TOML file")
    struct.add_argument("--toml", action="store_true", help="print the structure as TOML")
    struct.add_argument("--json", action="store_true", help="print the structure as JSON")
    struct.set_defaults(func=run_structure)
    add_play_parser(sub)
    add_simulate_parser(sub)


def load_rules_argument(text: str) -> RuleSet:
    """A preset name, or the path of a rule-set TOML file."""
    if text in PRESETS or not Path(text).exists():
        return preset(text)
    return load_rules(Path(text).read_text(encoding="utf-8"))


def load_structure_argument(text: str | None, rules_name: str) -> Structure:
    """A structure preset name or TOML file; by default the preset named like the rules, if any."""
    if text is None:
        return structure_preset(rules_name if rules_name in STRUCTURES else DEFAULT_STRUCTURE)
    if text in STRUCTURES or not Path(text).exists():
        return structure_preset(text)
    return load_structure(Path(text).read_text(encoding="utf-8"))


class PayoutRow(TypedDict):
    """A paid place of ``PayoutTable``: ``fixed`` when its amount was fixed by the rules."""

    place: int
    amount: int
    fixed: bool


class PayoutTable(TypedDict):
    """``payout_table``'s answer (JSON-ready)."""

    entrants: int
    prize_pool: int
    house_fees: int
    places_paid: int
    payouts: list[PayoutRow]


def payout_table(
    entrants: int,
    rules: RuleSet,
    structure: Structure,
    *,
    pool: int | None = None,
    buy_in: int | None = None,
    unit: int = 1,
) -> PayoutTable:
    """The payout table as plain data: pool, fees and each place's amount (JSON-ready)."""
    rules = rules.replace(**structure.payout_changes())
    if pool is None:
        pool, fees = prize_pool(entrants, buy_in if buy_in is not None else structure.buy_in, rules)
    else:
        if pool < 0:
            raise RuleViolation(f"prize pool {pool} is negative", "9.1")
        fees = 0
    shares, fixed = payout_shares(pool, rules, entrants=entrants)
    amounts = round_payouts(pool, shares, rules, unit=unit, fixed=fixed)
    return {
        "entrants": entrants,
        "prize_pool": pool,
        "house_fees": fees,
        "places_paid": len(amounts),
        "payouts": [
            {"place": place, "amount": amount, "fixed": place in fixed}
            for place, amount in enumerate(amounts, 1)
        ],
    }


def run_payouts(args: argparse.Namespace) -> int:
    rules = load_rules_argument(args.rules)
    structure = load_structure_argument(args.structure, args.rules)
    table = payout_table(args.entrants, rules, structure, pool=args.pool, buy_in=args.buy_in, unit=args.unit)
    if args.json:
        print(json.dumps(table, indent=1))
        return 0
    pool = table["prize_pool"]
    print(
        f"{table['entrants']} entrants, prize pool {pool} (house fees {table['house_fees']}), "
        f"{table['places_paid']} places paid"
    )
    print(f"{'place':>5}  {'amount':>10}  {'of pool':>8}")
    for row in table["payouts"]:
        share = f"{100 * row['amount'] / pool:.2f}%" if pool else "-"
        mark = "  (fixed)" if row["fixed"] else ""
        print(f"{row['place']:>5}  {row['amount']:>10}  {share:>8}{mark}")
    return 0


def run_structure(args: argparse.Namespace) -> int:
    if not args.name:
        for name, s in STRUCTURES.items():
            print(f"{name}: {len(s.levels)} levels, stack {s.starting_stack}, buy-in {s.buy_in}")
        return 0
    structure = load_structure_argument(args.name, args.name)
    if args.toml:
        print(structure.to_toml(), end="")
        return 0
    if args.json:
        print(json.dumps(structure.to_dict(), indent=1))
        return 0
    name, chips = structure.name or args.name, list(structure.chips)
    print(f"{name}: stack {structure.starting_stack}, buy-in {structure.buy_in}, chips {chips}")
    print("  (durations in minutes, or in hands under level_clock = 'hands')")
    ups = {level: (d, new) for level, d, new in colour_ups(structure)}
    for number, lv in enumerate(structure.levels, 1):
        ante = f" ante {lv.ante}" if lv.ante else ""
        bets = f" bets {lv.bets[0]}/{lv.bets[1]}" if lv.bets else ""
        length = "open-ended" if lv.duration is None else f"{lv.duration}"
        extra = f"; colour-up {ups[number][0]} -> {ups[number][1]} before it" if number in ups else ""
        pause = f"; then a {lv.break_after}-minute break" if lv.break_after else ""
        print(f"  level {number}: {lv.small_blind}/{lv.big_blind}{ante}{bets}, {length}{extra}{pause}")
    return 0


# ---------------------------------------------------------------------------- tournament play
def add_play_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``tournament play``: a whole tournament with random players (the ``Tournament`` engine)."""
    play = sub.add_parser("play", help="play a whole tournament with random players")
    play.add_argument("--entrants", type=int, default=100, help="number of entrants")
    play.add_argument("--rules", default="tda_2024", help="a rule-set preset or a rule-set TOML file")
    play.add_argument(
        "--structure",
        help="a structure preset or TOML file (default: the preset named like --rules, else "
        f"{DEFAULT_STRUCTURE})",
    )
    play.add_argument("--seed", type=int, default=1, help="the seed of the draw, the decks and the players")
    play.add_argument(
        "--seats", type=int, default=None, help="seats per table (default: the rules' max_seats)"
    )
    play.add_argument("--engine", default="auto", choices=("auto", "spec", "native"), help="the hand engine")
    play.add_argument("--phh", type=Path, help="write every hand as PHH into this directory")
    play.add_argument("--json", action="store_true", help="print the result as JSON")
    play.set_defaults(func=run_play)


def run_play(args: argparse.Namespace) -> int:
    import sys

    from pyholdem.cli.checks import writable_folder
    from pyholdem.cli.progress import Progress
    from pyholdem.engine.tournament import Tournament, random_policy
    from pyholdem.history.phh import HandHistory, dumps_many
    from pyholdem.history.sessions import tournament_histories

    rules = load_rules_argument(args.rules)
    structure = load_structure_argument(args.structure, args.rules)
    if args.phh is not None:
        writable_folder(args.phh, "--phh")
    t = Tournament(
        rules, structure, args.entrants, seats_per_table=args.seats, seed=args.seed, engine=args.engine
    )
    out = sys.stderr if args.json else sys.stdout
    chart = seat_chart(t)
    floor = FloorLog(t.entries, t.chips_expected, chart)
    print("seat draw (§9.14):", file=out)
    for row in chart:
        seats = ", ".join(f"seat {s['seat']} {s['name']}" for s in row["seats"])
        print(f"  table {row['table']}: {seats}", file=out)
    shown = 0

    def report(t: Tournament) -> None:
        nonlocal shown
        for e in t.events[shown:]:
            line = floor.line(e.kind, e.round, e.seconds, e.data)
            if line:
                bar.write(line, file=out)
        shown = len(t.events)
        # re-entries add players to knock out: the total grows with the entries
        bar.update(t.entries - len(t.remaining), total=t.entries - 1)

    with Progress("players out", args.entrants - 1) as bar:
        t.play(random_policy(args.seed), on_round=report)
        report(t)
    if args.phh is not None:
        args.phh.mkdir(parents=True, exist_ok=True)
        histories = tournament_histories(t)
        by_table: dict[object, list[HandHistory]] = {}
        for h in histories:
            by_table.setdefault(h.table, []).append(h)
        for table, table_hands in by_table.items():
            (args.phh / f"table-{table}.phhs").write_text(dumps_many(table_hands), encoding="utf-8")
        print(f"wrote {len(histories)} hands to {args.phh}", file=out)
    if args.json:
        data = t.as_dict()
        data["starting_tables"] = chart
        data["moves"] = floor.moves
        data["counts"] = floor.counts
        print(json.dumps(data, indent=1))
        return 0
    hands = t.hands_dealt
    print(
        f"\n{t.entries} entries, {t.rounds} rounds, {hands} hands, level {t.level}, "
        f"{clock_time(t.seconds)} on the clock; prize pool {t.prize_pool}"
    )
    print(f"{'place':>9}  {'player':<10} {'prize':>8}")
    for name, (place, prize) in t.result().items():
        if prize or place == 1 or (isinstance(place, int) and place <= 10):
            shown_place = place if isinstance(place, int) else f"{place[0]}-{place[1]}"
            print(f"{shown_place!s:>9}  {name:<10} {prize:>8}")
    return 0


def seat_chart(t: Any) -> list[dict[str, Any]]:
    """The tables as drawn (§9.14), seats 1-based: ``[{"table", "seats": [{"seat", "name"}]}]``."""
    return [
        {
            "table": number,
            "seats": [{"seat": v.seat + 1, "name": v.name} for v in table.seats if v.name is not None],
        }
        for number, table in sorted(t.tables.items())
    ]


def clock_time(seconds: int) -> str:
    """Tournament clock seconds as ``H:MM:SS``."""
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


class FloorLog:
    """What a floor person reads of a tournament's events, one line each, stamped with the clock:
    every move (from table and seat to table and seat, 1-based, with its section), the players
    left and the average stack after each elimination and at each level, levels, breaks,
    colour-ups, table breaks, hand-for-hand and the final table. ``moves`` and ``counts`` keep
    the same as data (``--json``)."""

    def __init__(self, entries: int, chips: int, chart: list[dict[str, Any]]) -> None:
        self.where: dict[str, tuple[int, int]] = {
            s["name"]: (row["table"], s["seat"]) for row in chart for s in row["seats"]
        }
        self.left = entries
        self.chips = chips
        self.big_blind = 0
        self.moves: list[dict[str, Any]] = []
        self.counts: list[dict[str, Any]] = []

    def _count(self, kind: str, round_: int, seconds: int) -> str:
        average = self.chips // self.left if self.left else 0
        in_bb = f" ({average / self.big_blind:.1f} BB)" if self.big_blind else ""
        self.counts.append(
            {
                "kind": kind,
                "round": round_,
                "seconds": seconds,
                "players_left": self.left,
                "average_stack": average,
            }
        )
        return f"{self.left} left, average stack {average}{in_bb}"

    def _move(
        self,
        name: str,
        origin: tuple[int, int] | None,
        target: tuple[int, int],
        reason: str,
        section: str,
        round_: int,
        seconds: int,
    ) -> str:
        where = "new seat" if origin is None else f"table {origin[0]} seat {origin[1]}"
        text = f"{name}: {where} → table {target[0]} seat {target[1]}"
        self.moves.append(
            {
                "name": name,
                "from": None if origin is None else {"table": origin[0], "seat": origin[1]},
                "to": {"table": target[0], "seat": target[1]},
                "reason": reason,
                "section": section,
                "round": round_,
                "seconds": seconds,
                "text": text,
            }
        )
        self.where[name] = target
        return f"{text} ({reason.replace('_', ' ')}, {section})"

    def line(self, kind: str, round_: int, seconds: int, data: Mapping[str, Any]) -> str | None:
        text = self._text(kind, round_, seconds, data)
        return None if text is None else f"[{clock_time(seconds)} round {round_:>4}] {text}"

    def _text(self, kind: str, round_: int, seconds: int, data: Mapping[str, Any]) -> str | None:
        if kind == "move":
            reason = data["reason"]
            section = "§9.16" if reason == "table_break" else "§9.15"
            origin = (data["from_table"], data["from_seat"] + 1)
            return self._move(
                data["player"],
                origin,
                (data["to_table"], data["to_seat"] + 1),
                reason,
                section,
                round_,
                seconds,
            )
        if kind in ("final_table", "redraw"):
            seats = data["seats"]
            targets = {
                name: (data["table"], where + 1) if kind == "final_table" else (where[0], where[1] + 1)
                for name, where in seats.items()
            }
            section = "§9.17" if kind == "final_table" else "§9.15"
            lines = [_event_line(kind, data) or kind]
            for name, target in sorted(targets.items(), key=lambda item: item[1]):
                seated = self.where.get(name)
                if seated != target:
                    lines.append("  " + self._move(name, seated, target, kind, section, round_, seconds))
            return "\n".join(lines)
        if kind == "elimination":
            self.left -= 1
            self.where.pop(data["player"], None)
            place = data["place"]
            shown = place if isinstance(place, int) else f"{place[0]}-{place[1]}"
            how = " in the chip race" if data.get("reason") == "chip_race" else ""
            return f"{data['player']} out{how} in place {shown}: {self._count(kind, round_, seconds)}"
        if kind == "entry":
            self.left += 1
            self.where[data["player"]] = (data["table"], data["seat"] + 1)
            return f"{data['player']} enters late: table {data['table']} seat {data['seat'] + 1}"
        if kind in ("rebuy", "add_on"):
            self.chips += data["chips"]
            return None
        if kind == "colour_up":
            self.chips -= data["chips_removed"]
        if kind == "level":
            self.big_blind = data["blinds"][-1]
            return f"{_event_line(kind, data)}: {self._count(kind, round_, seconds)}"
        return _event_line(kind, data)


def _event_line(kind: str, data: Mapping[str, Any]) -> str | None:
    """The events ``tournament play`` prints: levels, breaks, colour-ups, table breaks, the final table."""
    if kind == "level":
        blinds = data["blinds"]
        ante = f" ante {data['ante']}" if data["ante"] else ""
        return f"level {data['level']}: blinds {blinds[0]}/{blinds[1]}{ante}"
    if kind == "break":
        return f"break of {data['minutes']} minutes after level {data['after_level']}"
    if kind == "colour_up":
        removed = data["chips_removed"]
        change = f"{removed} chips removed" if removed >= 0 else f"{-removed} chips added by the chip race"
        return f"table {data['table']}: colour-up {data['removed']} -> {data['new']} ({change})"
    if kind == "table_break":
        return f"table {data['table']} breaks; its {data['players']} players are reseated"
    if kind == "final_table":
        return f"final table at table {data['table']}: {len(data['seats'])} players"
    if kind == "redraw":  # §9.15, balance_method "redraw"
        seats = data["seats"]
        tables = sorted({table for table, _ in seats.values()})
        return f"tables {', '.join(map(str, tables))} broken and redrawn: {len(seats)} players"
    if kind == "hand_for_hand":
        return f"hand-for-hand {'on' if data['on'] else 'off'} with {data['remaining']} players"
    if kind == "end":
        return f"winner: {data['winner']}"
    return None


# ---------------------------------------------------------------------------- tournament simulate
def add_simulate_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``tournament simulate``: many whole tournaments of random players (the structure simulator)."""
    from pyholdem.cli.executor import add_executor_argument

    sim = sub.add_parser("simulate", help="play many tournaments and report how a structure plays out")
    sim.add_argument("--entrants", type=int, default=200, help="number of entrants")
    sim.add_argument("--runs", type=int, default=1000, help="number of tournaments")
    sim.add_argument("--rules", default="tda_2024", help="a rule-set preset or a rule-set TOML file")
    sim.add_argument(
        "--structure",
        help="a structure preset or TOML file (default: the preset named like --rules, else "
        f"{DEFAULT_STRUCTURE})",
    )
    sim.add_argument("--seed", type=int, default=0, help="the seed the runs' seeds are spawned from")
    sim.add_argument("--seats", type=int, default=None, help="seats per table (default: max_seats)")
    sim.add_argument("--seconds-per-hand", type=int, default=120, help="clock seconds per hand round (§9.5)")
    sim.add_argument("--engine", default="auto", choices=("auto", "spec", "native"), help="the hand engine")
    sim.add_argument("--chunk", type=int, default=4, help="tournaments per chunk sent to a worker")
    add_executor_argument(sim)
    sim.add_argument("--json", action="store_true", help="print the report as one JSON object")
    sim.add_argument(
        "--plot",
        type=Path,
        metavar="FILE",
        help="draw players left and average stack (median, 10-90 %% bands), bubble and final table: "
        ".png or .svg (needs pyholdem[plot])",
    )
    sim.set_defaults(func=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    import sys

    from pyholdem.campaign.executors import open_executor
    from pyholdem.campaign.tournaments import simulate_tournaments, summarise
    from pyholdem.cli.checks import require_extra, writable_file
    from pyholdem.cli.executor import check_executor
    from pyholdem.cli.plots import PLOT_SUFFIXES, level_starts, plot_tournaments
    from pyholdem.cli.progress import Progress

    rules = load_rules_argument(args.rules)
    structure = load_structure_argument(args.structure, args.rules)
    if args.plot is not None:
        writable_file(args.plot, "--plot", PLOT_SUFFIXES)
        require_extra("matplotlib", "plot", "--plot")
    check_executor(args.executor)
    with Progress("tournaments", args.runs) as bar, open_executor(args.executor) as executor:
        runs = simulate_tournaments(
            rules,
            structure,
            args.entrants,
            args.runs,
            seed=args.seed,
            executor=executor,
            seats_per_table=args.seats,
            seconds_per_hand=args.seconds_per_hand,
            engine=args.engine,
            chunk=args.chunk,
            on_chunk=bar.update,
        )
    report = summarise(runs)
    report.update(
        entrants=args.entrants, seed=args.seed, structure=structure.name or args.structure, rules=args.rules
    )
    if args.plot is not None:
        name = structure.name or args.structure or args.rules
        levels = structure.levels
        hours = (
            level_starts([lv.duration for lv in levels], [lv.break_after for lv in levels])
            if not counts_hands(rules)
            else []
        )
        plot_tournaments(
            runs,
            args.plot,
            level_hours=hours,
            title=f"{name}: {args.runs} tournaments of {args.entrants} entrants",
        )
        print(f"wrote {args.plot}", file=sys.stderr)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    for line in _simulate_lines(report):
        print(line)
    return 0


def _clock(seconds: float) -> str:
    minutes = round(seconds / 60)
    return f"{minutes // 60}h{minutes % 60:02d}"


def _simulate_lines(report: dict[str, Any]) -> list[str]:
    """The report of ``tournament simulate`` as text."""

    def spread(s: dict[str, Any], clock: bool = False) -> str:
        keys = ("mean", "median", "p10", "p90", "min", "max")
        if clock:
            return "  ".join(f"{k} {_clock(s[k])}" for k in keys)
        return "  ".join(f"{k} {s[k]:.1f}" if isinstance(s[k], float) else f"{k} {s[k]}" for k in keys)

    lines = [
        f"{report['runs']} tournaments of {report['entrants']} entrants, structure {report['structure']}, "
        f"seed {report['seed']}",
        f"duration (clock)  {spread(report['seconds'], clock=True)}",
        f"duration (hands)  {spread(report['hands'])}",
    ]
    moments = (("bubble_level", "bubble"), ("final_table_level", "final table"), ("end_level", "end"))
    for key, label in moments:
        levels = report[key]
        if levels["spread"] is None:
            lines.append(f"level at the {label}: never reached")
            continue
        counts = ", ".join(f"{lv}: {n}" for lv, n in levels["counts"].items())
        lines.append(f"level at the {label} ({levels['runs']} runs): {spread(levels['spread'])}  [{counts}]")
    if report["table_breaks"]:
        lines.append("table breaks (clock time, by order):")
        for row in report["table_breaks"]:
            s = row["seconds"]
            lines.append(
                f"  break {row['order']:>3} ({row['runs']} runs): median {_clock(s['median'])}  "
                f"p10 {_clock(s['p10'])}  p90 {_clock(s['p90'])}"
            )
    lines.append("average stack in big blinds at the start of each level:")
    for row in report["average_stack_bb"]:
        lines.append(f"  level {row['level']:>3} ({row['runs']} runs): {row['mean']:.1f}")
    return lines

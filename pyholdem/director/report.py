"""A live event's status and history as text for the floor (the command line prints these)."""

from __future__ import annotations

import time
from typing import Any

__all__ = ["format_history", "format_race_plan", "format_status", "minutes", "next_steps"]


def minutes(seconds: float | None) -> str:
    """``mm:ss`` (``h:mm:ss`` from an hour), ``-`` for no end."""
    if seconds is None:
        return "-"
    whole = max(0, int(seconds + 0.5))
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def _stakes(data: dict[str, Any]) -> str:
    ante = f" ante {data['ante']}" if data.get("ante") else ""
    return f"{data['small_blind']}/{data['big_blind']}{ante}"


def _place(place: int | list[int]) -> str:
    return str(place) if isinstance(place, int) else f"{place[0]}-{place[1]}"


def format_status(status: dict[str, Any]) -> str:
    """The status as the floor reads it: clock, field, money, tables, moves, places."""
    clock = status["clock"]
    lines = []
    title = status["name"] or "event"
    state = "paused" if clock.get("paused") else ("running" if clock["running"] else "stopped")
    if status["over"]:
        state = "over"
    where = "break after level" if clock["on_break"] else "level"
    lines.append(
        f"{title}: {where} {clock['level']} {_stakes(clock)}, {minutes(clock['remaining_s'])} left ({state})"
        + (" - WARNING: the level ends soon" if clock["warning"] else "")
    )
    if clock["next"] is not None:
        nxt = clock["next"]
        to_break = clock["to_break_s"]
        lines.append(
            f"next: {'break, then ' if nxt['is_break'] else ''}{_stakes(nxt)}"
            + (f"; break in {minutes(to_break)}" if to_break is not None and not clock["on_break"] else "")
        )
    lines.append(
        f"players {status['players_left']}/{status['entrants']}, average {status['average_stack']} "
        f"({status['average_bb']} BB), chips in play {status['chips_in_play']}"
    )
    pays = " ".join(f"{i}:{p}" for i, p in enumerate(status["payouts"], 1))
    lines.append(f"prize pool {status['prize_pool']}; pays {pays or '-'}")
    if status["hand_for_hand"]:
        waiting = ", ".join(map(str, status.get("hand_for_hand_waiting", [])))
        lines.append(f"HAND FOR HAND (§9.11, §9.23): waiting for tables {waiting}")
    if status["final_table"]:
        lines.append("final table (§9.17)")
    for table in status["tables"]:
        seated = [
            f"{s['seat']} {s['name']}{' (away)' if s['away'] else ''}" for s in table["seats"] if s["name"]
        ]
        button = f" [button {table['button']}]" if table.get("button") else ""
        lines.append(f"table {table['table']}{button}: " + ", ".join(seated))
    pending = [m for m in status["moves"] if not m["done"]]
    if pending:
        lines.append("moves to make:")
        lines.extend(f"  {m['id']}: {m['text']}" for m in pending)
    level_wait = status.get("level_balance_waiting")
    if level_wait:
        tables = ", ".join(map(str, level_wait))
        lines.append(f"level change (§9.15): the tables are balanced once tables {tables} report their hand")
    elif level_wait is not None:
        lines.append(
            "level change (§9.15): every table has reported; the tables are balanced with the next event"
        )
    elif status.get("balance_at_level_change"):
        lines.append("the tables are out of balance: balanced at the next level change (§9.15)")
    if status["colour_up"]:
        lines.append(f"colour-up due (§9.18): {status['colour_up']['text']}")
    for race in status.get("races", []):
        removed = race["chips_removed"]
        change = f"{removed} chips removed" if removed >= 0 else f"{-removed} chips added"
        lines.append(
            f"chip race at level {race['level']} (§9.18): the {race['remove']}s off, "
            f"{race['new']} the smallest chip; {change}"
        )
    if status["places"]:
        lines.append(
            "places: "
            + ", ".join(
                f"{_place(p['place'])} {p['name']}" + (f" ({p['prize']})" if p["prize"] else "")
                for p in status["places"]
            )
        )
    if status["in_the_money"]:
        lines.append("in the money: " + ", ".join(status["in_the_money"]))
    return "\n".join(lines)


def next_steps(status: dict[str, Any], path: str) -> list[str]:
    """What the director does next, as commands."""
    cmd = f"pyholdem director {{}} {path}"
    phase = status.get("phase")
    if phase == "registration":
        return [f"draw the seats: {cmd.format('seat')}"]
    steps = [
        f"{m['text']}; when done: {cmd.format('moved')} {m['id']}" for m in status["moves"] if not m["done"]
    ]
    if phase == "seated":
        steps.append(f"start the clock: {cmd.format('start')}")
    if status["colour_up"]:
        steps.append(
            f"colour up, then: {cmd.format('colour-up')} --stacks NAME=CHIPS ... (the race run here) "
            "or --after NAME=CHIPS ... (a race with real cards)"
        )
        steps.append(
            f"the cards to deal for a race with real cards: {cmd.format('race-cards')} "
            "--stacks NAME=CHIPS ..."
        )
    for table in status.get("level_balance_waiting") or []:  # §9.15 between levels
        steps.append(
            f"the level changed: when table {table}'s hand ends (then tables are balanced): "
            f"{cmd.format('hand-finished')} {table}"
        )
    if status["hand_for_hand"]:
        for table in status.get("hand_for_hand_waiting", []):
            steps.append(f"when table {table}'s hand ends: {cmd.format('hand-finished')} {table}")
    if status["over"]:
        steps.append(f"pay out: {cmd.format('status')}")
    return steps


def format_race_plan(plan: dict[str, Any]) -> str:
    """A chip race's deal (``race_plan``, §9.18): per table, who is dealt how many cards, in order."""

    def count(n: int, what: str) -> str:
        return f"{n} {what}{'' if n == 1 else 's'}"

    lines = [f"chip race (§9.18): one card for each odd {plan['remove']}, dealt in this order"]
    for table in plan["tables"]:
        dealt = ", ".join(
            f"{c['name']} (seat {c['seat']}) {count(c['cards'], 'card')}" for c in table["cards"]
        )
        lines.append(
            f"table {table['table']}: {dealt or 'no odd chips'}; "
            f"{count(table['chips'], 'chip')} of {plan['new']} raced for"
        )
    return "\n".join(lines)


def format_history(history: list[dict[str, Any]]) -> str:
    """Every event: number, time (UTC), kind, arguments and what it did."""
    lines = []
    for e in history:
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(e["at"]))
        args = " ".join(f"{k}={v}" for k, v in sorted(e["args"].items()))
        mark = " [undone]" if e["undone"] else ""
        lines.append(f"{e['seq']:>4} {stamp} {e['kind']}{' ' + args if args else ''}{mark}: {e['summary']}")
    return "\n".join(lines)

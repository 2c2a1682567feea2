"""``pyholdem run``: the main job on the bundled data (``make run``).

1. Replays every bundled hand history (``examples/histories``: public PHH samples, the seed texts'
   worked examples, pyholdem's own seeded self-play) with a verdict per hand and a summary.
2. Runs the pokerkit-free conformance vectors against pyholdem itself (its C fast paths, through
   the same adapter protocol another implementation would use).
3. Evaluates a few million random hands in C (and settles a million pots) and prints throughput.
4. Plays random-action hands of all three structures on the C hand engine and again on the spec
   engine, checks that both give the same log and result, and prints both rates.
5. Plays a seeded nine-seat session at one table under each button rule (random arrivals,
   departures, absences, busts), checks its invariants, replays it from its PHH, and plays it
   again on the spec engine to the same hands.
6. Plays a 100-entrant multi-table tournament under the default rules to a winner, checking its
   invariants at every hand boundary (spec 09).
7. Runs a scripted ten-player live event through ``pyholdem director``, each command a new
   process on one event file, from the seat draw to the payout sheet (§9.25).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from pyholdem.cli.commands.replay import format_result
from pyholdem.cli.progress import Progress
from pyholdem.resources import EXAMPLES_DIR
from pyholdem.rules.ruleset import RuleSet
from pyholdem.traceability.coverage import coverage_rows

EXAMPLES = EXAMPLES_DIR / "histories"


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("run", help="the main job: replay the bundled histories, vectors, C throughput")
    p.add_argument("--examples", type=Path, default=EXAMPLES, help="the histories to replay")
    p.add_argument(
        "--hands", type=positive_int, default=3_000_000, help="random hands for the C throughput step"
    )
    p.add_argument(
        "--engine-hands", type=positive_int, default=3_000, help="random hands for the hand-engine step"
    )
    p.add_argument("--random-vectors", type=int, default=None, help="seeded random vectors per runner")
    p.add_argument("--table-hands", type=positive_int, default=1_000, help="hands per table session (step 5)")
    p.set_defaults(func=run)


def positive_int(text: str) -> int:
    """An argparse type: a whole number >= 1."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 1")
    return int(text)


def _section(title: str) -> None:
    print(f"\n== {title} ==", flush=True)


def replay_examples(examples: Path) -> bool:
    """Step 1: every bundled history, each under the rule set it was written for."""
    from pyholdem.history.record import SELFPLAY
    from pyholdem.history.replay import replay_paths

    files = sorted(p for p in examples.rglob("*") if p.suffix in (".phh", ".phhs"))
    counts: Counter[str] = Counter()
    with Progress("histories", len(files)) as bar:
        for done, path in enumerate(files, 1):
            rules, repair, how = RuleSet(), False, "tda_2024"
            if path.name in SELFPLAY:
                rules = SELFPLAY[path.name][0]
                how = "tda_2024 + " + ", ".join(f"{k}={v!r}" for k, v in rules.changes().items())
            elif path.parent.name == "public":
                repair, how = True, "tda_2024, skipped folds and checks repaired (§12.11)"
            bar.write(f"-- {path.relative_to(examples.parent)} ({how})")
            for result in replay_paths([path], rules, repair=repair):
                counts["ok" if result.ok else "failed"] += 1
                if "not verifiable" in result.note:
                    counts["unverifiable"] += 1
                bar.write("   " + format_result(result).replace(f"{path} ", "", 1))
            bar.update(done)
    total = counts["ok"] + counts["failed"]
    print(
        f"histories: {total} hands in {len(files)} files: {counts['ok']} ok "
        f"({counts['unverifiable']} of them with unknown cards at the showdown), {counts['failed']} failed"
    )
    return counts["failed"] == 0


def run_vectors(random_count: int | None) -> bool:
    """Step 2: the conformance vectors, through pyholdem's own adapter process."""
    from pyholdem.cli.commands.conformance import SELF_ADAPTER
    from pyholdem.conformance.cases import GENERATORS
    from pyholdem.conformance.equity_cases import RUN_ROWS
    from pyholdem.conformance.runner import run_adapter

    vectors = []
    for runner, generate in GENERATORS.items():
        # the whole preflop table (§13.7) takes the self adapter half an hour: a spread of its rows
        count = min(random_count or RUN_ROWS, RUN_ROWS) if runner == "equity" else random_count
        vectors += list(generate() if count is None else generate(random_count=count))
    with Progress("vectors", len(vectors)) as bar:
        report = run_adapter(SELF_ADAPTER, vectors, timeout=60, progress=bar.update)
    print(report.format(limit=20))
    return report.ok


def throughput(hands: int) -> bool:
    """Step 3: random seven-card hands through the C evaluator and random settlements through the
    C pot resolver, in batches, with the rates."""
    import numpy as np

    from pyholdem import Category, evaluate_batch, resolve_pots_batch

    rng = np.random.default_rng(2024)
    batch = 200_000
    done = 0
    spent = 0.0
    with Progress("C eval", hands) as bar:
        while done < hands:
            rows = min(batch, hands - done)
            cards = np.argsort(rng.random((rows, 52)), axis=1)[:, :7].astype(np.uint8)
            start = time.perf_counter()
            values = evaluate_batch(cards)
            spent += time.perf_counter() - start
            done += rows
            bar.update(done)
    shares = np.bincount(values >> 12, minlength=9) / len(values)
    print(f"C evaluator: {hands:,} random 7-card hands in {spent:.2f} s = {hands / spent:,.0f} hands/s")
    print("  last batch by category: " + ", ".join(f"{c.name.lower()} {shares[c]:.2%}" for c in Category))
    seats, rows = 6, min(hands, 1_000_000)
    contributions = rng.integers(0, 400, size=(rows, seats), dtype=np.int64)
    folded = rng.random((rows, seats)) < 0.3
    folded[:, 0] = False
    strengths = rng.integers(0, 7462, size=(rows, seats), dtype=np.int32)
    buttons = rng.integers(0, seats, size=rows, dtype=np.int64)
    start = time.perf_counter()
    resolve_pots_batch(contributions, folded, strengths, buttons)
    spent = time.perf_counter() - start
    print(
        f"C pot settlement: {rows:,} random {seats}-seat hands in {spent:.2f} s = {rows / spent:,.0f} hands/s"
    )
    return True


_STRUCTURES = {name: RuleSet(betting_structure=name) for name in ("no_limit", "pot_limit", "fixed_limit")}


def _random_hand(structure: str, seed: int, engine: str) -> object:
    """One seeded six-max hand played to the end by a random policy; its events and result."""
    import random

    from pyholdem import Hand

    rng = random.Random(seed)
    rules = _STRUCTURES[structure]
    stacks = [rng.choice([300, 2_000, 10_000]) for _ in range(6)]
    h = Hand(
        rules, stacks, button=seed % 6, blinds=(50, 100), antes=10 * (seed % 2), seed=seed, engine=engine
    )
    while not h.is_over:
        legal = h.legal_actions()
        r = rng.random()
        if legal.min_raise_to is not None and legal.max_raise_to is not None and r < 0.15:
            amount = rng.randint(legal.min_raise_to, min(legal.max_raise_to, 3 * legal.min_raise_to))
            (h.bet_to if legal.is_bet else h.raise_to)(amount)
        elif legal.check and r < 0.8:
            h.check()
        elif legal.call is not None and r < 0.8:
            h.call()
        else:
            h.fold()
    return h.events, h.result


def hand_engines(count: int) -> bool:
    """Step 4: the same random hands on the C hand engine and on the spec engine (the oracle)."""
    structures = tuple(_STRUCTURES)
    spent = {"native": 0.0, "spec": 0.0}
    played: dict[str, list[object]] = {"native": [], "spec": []}
    with Progress("hands", 2 * count) as bar:
        for engine in ("native", "spec"):
            start = time.perf_counter()
            for seed in range(count):
                played[engine].append(_random_hand(structures[seed % 3], seed, engine))
                bar.update(len(played["native"]) + len(played["spec"]))
            spent[engine] = time.perf_counter() - start
    differ = [seed for seed in range(count) if played["native"][seed] != played["spec"][seed]]
    rates = {engine: count / spent[engine] for engine in spent}
    print(
        f"hand engines: {count:,} random-action six-max hands (no limit, pot limit, fixed limit): "
        f"C engine {rates['native']:,.0f} hands/s, spec engine {rates['spec']:,.0f} hands/s "
        f"({rates['native'] / rates['spec']:.1f}x); "
        + (f"{len(differ)} hands DIFFER, seeds {differ[:10]}" if differ else "every log and result agrees")
    )
    return not differ


TABLE_SESSIONS = (("tda_2024", "dead"), ("tda_2024_cash", "moving"), ("tda_2024", "frozen_on_blind_bust"))


def table_sessions(hands: int) -> bool:
    """Step 5: a nine-seat session under each button rule, its invariants, its PHH replayed as a
    session, and the same session on the spec engine."""
    from pyholdem.cli.commands.table import play_session, session_rules
    from pyholdem.engine.table import Table
    from pyholdem.history.table_checks import session_problems, session_summary

    ok = True
    for seed, (name, button_rule) in enumerate(TABLE_SESSIONS, 1):
        rules = session_rules(name, button_rule)
        start = time.perf_counter()
        table = play_session(rules, 9, hands, seed, label=button_rule[:10])
        spent = time.perf_counter() - start
        assert isinstance(table, Table)
        problems = session_problems(table)
        spec = play_session(rules, 9, hands, seed, engine="spec", label="spec")
        assert isinstance(spec, Table)
        if [h.events for h in spec.hands] != [h.events for h in table.hands]:
            problems.append("the spec engine plays the session differently")
        summary = session_summary(table)
        print(
            f"{name}, {button_rule} button: {hands:,} hands ({hands / spent:,.0f} hands/s), "
            f"{len(summary.players)} players; "
            + (
                f"{len(problems)} invariants BROKEN"
                if problems
                else "every invariant kept, PHH replayed, the spec engine agrees"
            )
        )
        for problem in problems[:10]:
            print(f"   {problem}")
        ok = ok and not problems
    return ok


def run(args: argparse.Namespace) -> int:
    rows = coverage_rows()
    by_status = Counter(r.status for r in rows)
    print(
        f"pyholdem spec: {len(rows)} sections, "
        + ", ".join(f"{v} {k}" for k, v in sorted(by_status.items()))
        + " ('pyholdem spec coverage' lists them)"
    )
    _section("1. Bundled hand histories, replayed")
    ok = replay_examples(args.examples)
    _section("2. Conformance vectors, run against pyholdem itself")
    ok = run_vectors(args.random_vectors) and ok
    _section("3. C core throughput")
    ok = throughput(args.hands) and ok
    _section("4. The C hand engine against the spec engine")
    ok = hand_engines(args.engine_hands) and ok
    _section("5. Sessions at one table, under each button rule")
    ok = table_sessions(args.table_hands) and ok
    _section("6. A 100-entrant multi-table tournament to a winner")
    ok = tournament_run(100) and ok
    _section("7. A scripted live event through `pyholdem director`, one process per command")
    ok = live_event_run() and ok
    print("\nmain job: " + ("all checks passed" if ok else "some checks FAILED (see above)"))
    sys.stdout.flush()
    return 0 if ok else 1


def tournament_run(entrants: int, seed: int = 1) -> bool:
    """Step 6: a multi-table tournament (default rules, the default structure) with random players,
    to a winner; checks at every hand boundary that the chips are conserved (less the odd chips a
    colour-up removes, accounted for), no table is over its size and the tables are within the
    balance tolerance; at the end that the places are 1..N with ties sharing a block and the
    prizes sum to the pool."""
    from pyholdem.engine.play import play_hand
    from pyholdem.engine.tournament import Tournament, random_policy
    from pyholdem.history.tournament_checks import result_problems, round_problems
    from pyholdem.rules.structure import DEFAULT_STRUCTURE, structure_preset

    t = Tournament(RuleSet(), structure_preset(DEFAULT_STRUCTURE), entrants, seed=seed)
    policy = random_policy(seed)
    problems: list[str] = []
    start = time.perf_counter()
    with Progress("players out", entrants - 1) as bar:
        while True:
            hands = t.next_hands()
            if not hands:
                break
            problems += round_problems(t)
            tables = t.tables
            for number, hand in zip(sorted(tables), hands, strict=True):
                play_hand(hand, policy, tables[number])
            bar.update(t.entries - len(t.remaining), total=t.entries - 1)
    elapsed = time.perf_counter() - start
    result = t.result()
    problems += result_problems(t)
    counts = Counter(e.kind for e in t.events)
    winner = next(iter(result))
    print(
        f"{entrants} entrants, {t.rounds} rounds, {t.hands_dealt} hands in {elapsed:.1f}s "
        f"({t.hands_dealt / max(elapsed, 1e-9):,.0f} hands/s); level {t.level}; "
        f"{counts['table_break']} table breaks, {counts['move']} moves, {counts['level'] - 1} level changes"
    )
    print(f"winner {winner}; paid: " + ", ".join(f"{n} {p}" for n, (_, p) in result.items() if p))
    for problem in problems[:10]:
        print("  FAILED:", problem)
    print("tournament: " + ("invariants hold" if not problems else f"{len(problems)} problems"))
    return not problems


def live_event_run() -> bool:
    """Step 7: ten players (seed 000's home game at five-seat tables) from the seat draw to the
    payout sheet, every command a new ``pyholdem director`` process on one event file: a rebuy,
    busts (two on one hand, ranked by their starting stacks), every move made; at the end the
    places are 1..10 and the prizes total the pool."""
    import json
    import subprocess
    import tempfile

    def director(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, "-m", "pyholdem", "director", *args], capture_output=True, text=True, timeout=120
        )
        if done.returncode:
            raise RuntimeError(f"director {' '.join(args)}: {done.stderr.strip()}")
        return done

    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        db, roster = f"{tmp}/friday.db", f"{tmp}/players.txt"
        Path(roster).write_text("\n".join(names) + "\n", encoding="utf-8")
        steps = [
            ("new", db, "--structure", "seed_000_home_nl", "--rules", "seed_000_home_nl", "--players", roster,
             "--seats", "5", "--seed", "7", "--name", "Friday night"),
            ("seat", db), ("start", db), ("bust", db, "Cy"), ("rebuy", db, "Dee"),
            ("bust", db, "Eve", "Fay", "--stacks", "Eve=400", "Fay=900"),
        ]  # fmt: skip
        try:
            for step in steps:
                print(f"$ pyholdem director {' '.join(step).replace(tmp + '/', '')}")
                print("  " + director(*step).stdout.strip().replace("\n", "\n  "))
            while True:
                status = json.loads(director("status", db, "--json").stdout)
                for move in status["moves"]:
                    if not move["done"]:
                        director("moved", db, move["id"])
                if status["over"]:
                    break
                victim = next(p["name"] for p in reversed(status["players"]) if p["place"] is None)
                print(
                    f"$ pyholdem director bust {victim}: "
                    + director("bust", db, victim).stdout.splitlines()[0]
                )
            sheet = director("status", db).stdout
        except RuntimeError as exc:
            print(f"  FAILED: {exc}")
            return False
    places = sorted(p["place"] if isinstance(p["place"], int) else p["place"][0] for p in status["places"])
    paid = sum(p["prize"] for p in status["places"])
    ok = len(status["places"]) == 10 and places[0] == 1 and paid == status["prize_pool"]
    print("  " + sheet.strip().replace("\n", "\n  "))
    print(
        f"  {len(status['places'])} places, prizes {paid} of a pool of {status['prize_pool']}, "
        f"{time.perf_counter() - start:.1f} s: " + ("ok" if ok else "FAILED")
    )
    return ok

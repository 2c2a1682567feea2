"""The README's speed table from one ``make bench`` run: every row measured in that run, each with its anchor
(a competitor or baseline measured side by side, or a published figure named as such), its ratio and its
target, met or missed.

``python -m benchmarks.speed_table [pytest arguments]`` runs ``pytest benchmarks`` once with
``--benchmark-json`` (and ``--junitxml``, for the tests that failed) and reads what each benchmark
left there: ``report(...)``'s group, name and items (``benchmarks/conftest.py``; the rate is items over
the best round) and the ratios the interleaved benchmarks store in ``extra_info``. It prints the table
and, when every row was measured (no ``-k`` filter left one out), writes it into README.md between the
``speed-table`` markers, naming in its first line any benchmark that failed a check of its own (on a
loaded machine a speed target asserted in a test can fail; the table shows that row's target missed).
``--json FILE`` builds the table from an earlier run's file (and the ``.xml`` beside it) instead.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BEGIN = "<!-- speed-table: begin (written by make bench: benchmarks/speed_table.py) -->"
END = "<!-- speed-table: end -->"

Row = tuple[str, str, str, str, str]


class Missing(LookupError):
    """A benchmark the row needs was not in the run."""


class Run:
    """The benchmarks of one ``--benchmark-json`` file, found by ``report``'s group and name or by test."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.benchmarks: list[dict[str, Any]] = data.get("benchmarks", [])

    def rate(self, group: str, name: str) -> float:
        """Items per second of the best round of the entry of ``group`` whose name starts with ``name``."""
        for b in self.benchmarks:
            info = b.get("extra_info", {})
            if info.get("group") == group and str(info.get("name", "")).startswith(name):
                return float(info["items"]) / float(b["stats"]["min"])
        raise Missing(f"{group}: {name}")

    def info(self, test: str) -> dict[str, Any]:
        """The ``extra_info`` of the benchmark named ``test`` (with its parameters, as pytest names it)."""
        for b in self.benchmarks:
            if b["name"] == test:
                return dict(b.get("extra_info", {}))
        raise Missing(test)

    def seconds(self, test: str) -> float:
        for b in self.benchmarks:
            if b["name"] == test:
                return float(b["stats"]["min"])
        raise Missing(test)


def per_s(rate: float) -> str:
    """A rate for the table: 3 significant figures with M or G above a million, else a whole number."""
    for scale, unit in ((1e9, "G"), (1e6, "M")):
        if rate >= scale:
            return f"{rate / scale:.3g} {unit}/s"
    return f"{rate:,.0f}/s"


def verdict(met: bool, target: str) -> str:
    return f"{target}: met" if met else f"{target}: **missed**"


def pair(
    what: str, group: str, ours: str, anchor: str, theirs: str, at_least: float | None, target: str = ""
) -> Callable[[Run], Row]:
    """A row of pyholdem against a competitor measured in the same group."""

    def row(run: Run) -> Row:
        a, b = run.rate(group, ours), run.rate(group, theirs)
        ratio = a / b
        goal = verdict(ratio >= at_least, target or f"≥ {at_least:g}×") if at_least is not None else ""
        return what, per_s(a), f"{anchor} {per_s(b)}", f"{ratio:.2f}×", goal

    row.__name__ = what
    return row


def enumeration(run: Run) -> Row:
    group = "enumerate all 7-card hands"
    ours, theirs = run.rate(group, "pyholdem"), run.rate(group, "phevaluator")
    seconds = 133_784_560 / ours
    return (
        "all 133,784,560 seven-card hands: `enumerate_categories(7)`",
        f"{per_s(ours)} ({1e3 * seconds:.0f} ms)",
        f"phevaluator in C nested loops {per_s(theirs)}; published: b-inary holdem-hand-evaluator 1.2 G/s "
        "(≈200 KB tables, Ryzen 9 5950X), 2+2 table 1.59 G/s (124 MiB, i7-3770k)",
        f"{ours / theirs:.1f}×; {ours / 1.2e9:.2f}× / {ours / 1.59e9:.2f}× the published (other hardware)",
        verdict(seconds <= 0.3, "≤ 0.3 s"),
    )


def equity(run: Run) -> Row:
    group = "exact heads-up preflop equity"
    ours, theirs = run.rate(group, "pyholdem"), run.rate(group, "phevaluator")
    return (
        "exact heads-up preflop equity, 1,712,304 boards: `equity`",
        f"{1e3 / ours:.1f} ms",
        f"phevaluator in a C loop {1e3 / theirs:.1f} ms",
        f"{ours / theirs:.1f}×",
        verdict(1 / ours <= 0.02, "≤ 20 ms"),
    )


def ranges(run: Run) -> Row:
    streets = ("flop", "turn", "preflop")
    groups = {s: next(
        (str(b["extra_info"]["group"]) for b in run.benchmarks
         if str(b.get("extra_info", {}).get("group", "")).startswith("range MC, hand v range")
         and s in str(b["extra_info"]["group"])), "") for s in streets}  # fmt: skip
    ours = [run.rate(groups[s], "pyholdem range_equity") for s in streets]
    theirs = [run.rate(groups[s], "eval7") for s in streets]
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    return (
        "hand v range Monte Carlo, flop / turn / preflop: `range_equity`",
        " / ".join(f"{r / 1e6:.0f}" for r in ours) + " M trials/s",
        "eval7 `py_hand_vs_range_monte_carlo` " + " / ".join(f"{r / 1e6:.0f}" for r in theirs) + " M/s",
        " / ".join(f"{r:.2f}×" for r in ratios),
        verdict(min(ratios) >= 2, "≥ 2×"),
    )


def pots(run: Run) -> Row:
    batch = run.info("test_bench_c_resolve_pots_batch")
    spec = run.info("test_bench_spec_resolve_pots")
    rate, ratio = (
        batch["six_way_pots_per_second"],
        batch["six_way_pots_per_second"] / spec["six_way_pots_per_second"],
    )
    return (
        "six-way pot settlement: `resolve_pots_batch`",
        per_s(rate),
        f"the Python spec {per_s(spec['six_way_pots_per_second'])}",
        f"{ratio:,.0f}×",
        verdict(ratio >= 50 and rate >= 5e6, "≥ 50×, ≥ 5 M/s"),
    )


def hands(run: Run) -> Row:
    ours = run.info("test_bench_pyholdem_hands")["hands_per_second"]
    theirs = run.info("test_bench_pokerkit_hands")["hands_per_second"]
    return (
        "random-action 6-max no-limit hands: `Hand` (C engine)",
        f"{ours:,} hands/s",
        f"pokerkit {theirs:,} hands/s",
        f"{ours / theirs:.1f}×",
        verdict(ours / theirs >= 50, "≥ 50×"),
    )


def simulate(run: Run) -> Row:
    info = run.info("test_bench_simulate_against_the_hand_loop")
    loop, std, fast = (
        info["Hand loop"],
        info["simulate deck=standard threads=1"],
        info["simulate deck=fast threads=1"],
    )
    return (
        "the same kind of hands in one C call: `simulate`, standard / fast deck",
        f"{std:,} / {fast:,} hands/s",
        f"the benchmark's `Hand` loop {loop:,} hands/s",
        f"{std / loop:.1f}× / {fast / loop:.1f}×",
        verdict(max(std, fast) / loop >= 30, "≥ 30× ²"),
    )


def batch(run: Run) -> Row:
    info = run.info("test_bench_batch_against_the_hand_loop_and_simulate")
    ours, loop, sim = info["HandBatch threads=1"], info["agent looping over Hand"], info["simulate threads=1"]
    return (
        "a NumPy random agent stepping 100,000 six-max hands: `HandBatch`, one thread",
        f"{per_s(ours)} actions",
        f"the same agent looping over `Hand` {per_s(loop)}; `simulate`'s random policy {per_s(sim)}",
        f"{ours / loop:.1f}×; {ours / sim:.2f}×",
        verdict(ours / loop >= 30, "≥ 30×") + "; " + verdict(ours / sim >= 0.5, "≥ 0.5× ⁴"),
    )


def table(run: Run) -> Row:
    info = run.info("test_bench_table_session")
    ratio = info["table_to_hand"]
    return (
        "a 9-seat session through `Table`",
        f"{info['hands_per_second']:,} hands/s",
        f"bare `Hand` on the same set-ups {info['bare_hands_per_second']:,} hands/s (rounds alternating)",
        f"{ratio:.3f}× (overhead {100 * (1 - ratio):.1f} %; median of paired rounds)",
        verdict(ratio >= 0.9, "overhead ≤ 10 % ³"),
    )


def tournament(run: Run) -> Row:
    info = run.info("test_bench_tournament_1000_entrants")
    overhead = info["overhead_vs_bare"]
    return (
        f"a 1,000-entrant `Tournament` to a winner ({info['hands']:,} hands)",
        f"{info['tournament_s']:.2f} s, {info['tournament_hands_per_s']:,} hands/s; "
        f"{info['max_rss_mb']:.0f} MB",
        f"bare `Hand` on the same hands {info['bare_hand_s']:.2f} s",
        f"overhead {100 * overhead:.0f} %",
        verdict(overhead <= 0.3 and info["max_rss_mb"] < 200, "overhead ≤ 30 % ³, < 200 MB"),
    )


def icm_exact(run: Run) -> Row:
    full = run.info("test_icm_exact_how_far_in_a_second[22-22]")
    wide = run.info("test_icm_exact_how_far_in_a_second[800-3]")
    group = "ICM exact 14 pl fully paid"
    ours, spec = run.rate(group, "pyholdem"), run.rate(group, "oracle")
    return (
        "ICM exact (Malmuth–Harville), how far in under a second on one core",
        f"22 players fully paid {full['cpu_s']:.2f} s CPU; "
        f"800 players over 3 places {wide['cpu_s']:.2f} s CPU",
        f"14 players fully paid: the spec's pure Python {1e3 * 2**14 / spec:.0f} ms, "
        f"C {1e3 * 2**14 / ours:.2f} ms",
        f"{ours / spec:.0f}× the spec",
        verdict(max(full["cpu_s"], wide["cpu_s"]) < 1, "< 1 s"),
    )


def icm_sampled(run: Run) -> Row:
    info = run.info("test_icm_sampled_1000_players_100_paid")
    share = info["error_bound"] / info["max_prize"]
    small, spec = (
        run.rate("ICM 200 pl, 20 paid, sampled", "pyholdem"),
        run.rate("ICM 200 pl, 20 paid, sampled", "oracle"),
    )
    return (
        "ICM sampled, 1,000 players × 100 paid, 50,000 orders",
        f"{info['cpu_s']:.2f} s CPU (one core); "
        f"each value within {share:.2%} of the top prize (Hoeffding, 99 %)",
        f"200 players × 20 paid, 20,000 orders: the spec {20_000 / spec:.2f} s, C {20_000 / small:.3f} s",
        f"{small / spec:.0f}× the spec",
        verdict(info["cpu_s"] < 1, "< 1 s"),
    )


ROWS: tuple[Callable[[Run], Row], ...] = (
    pair("per call, 7-card mask: `evaluate_mask(int)`", "per call, mask / ids", "pyholdem",
         "phevaluator `_pheval.evaluate_7cards`", "phevaluator", 1.0),
    pair("the same against a bare cffi call of `lib.ph_evaluate_mask`", "per call, evaluate_mask", "pyholdem",
         "bare cffi", "bare cffi", 0.85, "within 15 %"),
    pair("per call, tuple of 7 ints: `evaluate(tuple)`", "per call, tuple of ints", "pyholdem",
         "phevaluator `evaluate_cards`", "phevaluator", 2.0),
    pair("per call, tuple of 7 strings: `evaluate(tuple)`", "per call, tuple of strings", "pyholdem",
         "phevaluator `evaluate_cards`", "phevaluator", 2.0),
    pair("batch of 2 M random 7-card hands: `evaluate_batch`", "batch, random 7-card hands", "pyholdem",
         "phevaluator in a C loop", "phevaluator", 4.0),
    pair("the same against a lookup floor (7 key adds + 1 lookup, C)", "floor, 2 M random 7-card",
         "pyholdem evaluate_batch(hands)", "floor", "floor", 0.7),
    pair("`evaluate_batch`, 2 threads / 1 thread", "threads, evaluate_batch 2 M", "pyholdem",
         "1 thread", "evaluate_batch, 1 thread", 1.8, "≥ 1.8× ³"),
    enumeration,
    equity,
    pair("10,000 turn/river equity queries: `equity_batch`", "equity, 10,000 turn/river", "pyholdem",
         "per-call `equity()`", "per-call", 10.0),
    ranges,
    pots,
    hands,
    simulate,
    batch,
    table,
    tournament,
    icm_exact,
    icm_sampled,
)  # fmt: skip


def rows(run: Run) -> tuple[list[Row], list[str]]:
    """The rows measured in ``run`` and what is missing for the others."""
    found, missing = [], []
    for make in ROWS:
        try:
            found.append(make(run))
        except (Missing, KeyError, ZeroDivisionError) as error:
            missing.append(f"{make.__name__ if hasattr(make, '__name__') else make}: {error}")
    return found, missing


def markdown(found: Sequence[Row], heading: str) -> str:
    lines = [
        heading,
        "",
        "| what | pyholdem | anchor (same run unless published) | ratio | target |",
        "|---|---|---|---|---|",
    ]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in r) + " |" for r in found]
    return "\n".join(lines)


def heading(run: Run, seconds: float | None) -> str:
    info = run.data.get("machine_info", {})
    commit = run.data.get("commit_info", {})
    when = run.data.get("datetime", "")[:16].replace("T", " ")
    cpu = info.get("cpu", {}).get("brand_raw") or platform.processor() or info.get("machine", "")
    took = f", {seconds / 60:.0f} min" if seconds else ""
    return (
        f"One `make bench` run: {when} UTC, commit `{str(commit.get('id', ''))[:7]}`"
        f"{' (with uncommitted changes)' if commit.get('dirty') else ''}{took}, {cpu}, "
        f"{os.cpu_count()} cores, Python {info.get('python_version', platform.python_version())}, "
        f"load average {os.getloadavg()[0]:.1f} at the end; rates are each benchmark's best round."
    )


def failures(junit: Path) -> list[str]:
    """The tests of the run that failed or errored (pytest's JUnit XML report), as ``file::test``."""
    if not junit.exists():
        return []
    failed = []
    for case in ElementTree.parse(junit).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            module = str(case.get("classname", "")).rsplit(".", 1)[-1]
            failed.append(f"{module}::{case.get('name')}")
    return failed


def write_readme(text: str, readme: Path) -> bool:
    content = readme.read_text(encoding="utf-8")
    if BEGIN not in content or END not in content:
        return False
    head, rest = content.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    readme.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}", encoding="utf-8")
    return True


def main(argv: Sequence[str]) -> int:
    args = list(argv)
    seconds: float | None = None
    if args[:1] == ["--json"] and len(args) >= 2:
        path, status = Path(args[1]), 0
        junit = path.with_suffix(".xml")
    else:
        path = Path(tempfile.mkdtemp(prefix="pyholdem-bench-")) / "bench.json"
        junit = path.with_suffix(".xml")
        start = time.perf_counter()
        command = [sys.executable, "-m", "pytest", "benchmarks", "--benchmark-only", "-p", "no:randomly",
                   "--benchmark-columns=min,median,ops", f"--benchmark-json={path}", f"--junitxml={junit}",
                   *args]  # fmt: skip
        status = subprocess.call(command, cwd=ROOT)
        seconds = time.perf_counter() - start
        if not path.exists():
            print(f"speed table: pytest wrote no {path} (exit status {status})", file=sys.stderr)
            return status or 1
    run = Run(json.loads(path.read_text(encoding="utf-8")))
    found, missing = rows(run)
    failed = failures(junit)
    title = heading(run, seconds)
    if failed:
        title += (
            f" {len(failed)} benchmarks failed a check of their own in this run (a speed target asserted, "
            f"or a result): {', '.join(f'`{f}`' for f in failed)}."
        )
    text = markdown(found, title)
    print("\n" + text)
    if missing:
        print(f"\nspeed table: {len(missing)} rows not measured in this run, README.md left as it was:")
        for m in missing:
            print(f"  {m}")
    elif write_readme(text, ROOT / "README.md"):
        print(
            "\nspeed table: written into README.md"
            + (f" ({len(failed)} failed checks named in it)" if failed else "")
        )
    else:
        print("\nspeed table: README.md has no speed-table markers; not written")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

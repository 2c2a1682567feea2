"""Per-engine conformance pages (``docs/conformance/``): the version checked, every vector and
differential hand run, passed / failed / not expressible by family, by spec section and by area,
and every distinct deviation with its classification (``pyholdem.conformance.deviations``).

Nothing is dropped: each failure belongs to exactly one deviation, classified or listed as
unclassified with its examples.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyholdem.conformance.deviations import READING, Deviation, classify
from pyholdem.conformance.differential import FAMILY, differential_vectors
from pyholdem.conformance.engines import ENGINES, Engine
from pyholdem.conformance.hand_cases import rules_of
from pyholdem.conformance.readings import describe, reading_of, section_of
from pyholdem.conformance.runner import Outcome, Report
from pyholdem.conformance.vectors import Vector, load_vectors

STATUSES = ("passed", "failed", "not expressible")
AREAS = (
    "evaluation",
    "betting bounds",
    "all-in reopening",
    "side pots",
    "odd chips",
    "showdown order",
    "heads-up order",
    "antes",
    "straddles",
)
_SECTION_AREAS = (
    (("1.", "2.", "13."), "evaluation"),
    (("7.1", "7.2", "7.3", "7.4", "7.5"), "all-in reopening"),
    (("7.6", "7.7", "8.6", "8.10", "8.11"), "side pots"),
    (("8.8",), "odd chips"),
    (("8.1", "8.2", "8.3", "8.4", "8.5", "8.7", "8.9"), "showdown order"),
    (("3.7", "3.8"), "heads-up order"),
    (("3.12", "3.13", "3.14"), "antes"),
    (("3.15", "3.16", "3.17"), "straddles"),
    (("3.", "4.", "5.", "6."), "betting bounds"),
)
Run = Callable[[Sequence[str], list[Vector], float], Report]


def status_of(outcome: Outcome) -> str:
    return "not expressible" if outcome.status == "skipped" else outcome.status


def family_of(vector: Vector) -> str:
    return str(vector.meta.get("family", vector.runner))


def areas_of(vector: Vector) -> set[str]:
    """The index areas a vector checks: from its section, and for a hand from what it holds."""
    section = f"{vector.section or ''}."
    found = {next((a for prefixes, a in _SECTION_AREAS if section.startswith(prefixes)), "betting bounds")}
    if vector.runner == "hand":
        found.add("betting bounds")
        data = vector.input
        if any(data.get("antes") or ()):
            found.add("antes")
        if sum(1 for b in data.get("blinds_or_straddles") or () if b) > 2:
            found.add("straddles")
        if len(data.get("starting_stacks") or ()) == 2:
            found.add("heads-up order")
    return found


def _signature(outcome: Outcome, engine: Engine) -> tuple[tuple[str, str], str]:
    """What differs: a rule reading that explains it (``readings``), else the first differing field
    with list indices dropped, or the kind of break."""
    reason = outcome.reason
    if engine.profile is not None and outcome.vector.meta.get("family") != FAMILY:
        reading = reading_of(outcome, rules_of({"rules": engine.profile.rules}))
        if reading is not None:
            return ("reading", describe(reading)), section_of(reading)
    match = re.match(r"(result[\w.\[\]]*): expected", reason)
    section = outcome.vector.section or "?"
    if match:
        return ("field", re.sub(r"\[\d+\]", "[]", match.group(1))), section
    if "the adapter" in reason:
        return ("adapter broke", re.sub(r"[\d.]+ s\b", "N s", reason.split(";")[0])), section
    what = reason.split(":")[0]
    if what == "expected a result, got an error" and isinstance(outcome.actual, dict):
        why = _normalised(str(outcome.actual.get("message") or ""))
        if why:
            what = f"{what} ({why})"
    return ("answer", what), section


def _normalised(message: str) -> str:
    """The engine's refusal without the action it names and without numbers: ``p1 cbr 40: it is p3's
    turn`` → ``it is pN's turn``, so that refusals for one reason form one deviation."""
    text = message.split(": ", 1)[1] if ": " in message else message
    text = re.split(r"[\[(]", text)[0]
    return re.sub(r"\d+", "N", text).strip()[:80]


@dataclass
class Group:
    """One distinct deviation: every failure with the same signature and section."""

    signature: tuple[str, str]
    section: str
    outcomes: list[Outcome]
    deviation: Deviation | None

    def as_dict(self) -> dict[str, Any]:
        first = self.outcomes[0]
        d = self.deviation
        if d is None and self.signature[0] == "reading":
            d = Deviation(
                "",
                "",
                (),
                READING,
                "pyholdem, replaying these vectors under the engine's rule choice, answers exactly as "
                "the engine does.",
                self.signature[1],
            )
        return {
            "what": self.signature[1],
            "section": self.section,
            "count": len(self.outcomes),
            "examples": [o.vector.id for o in self.outcomes[:5]],
            "example": {
                "input": first.vector.input,
                "expected": first.vector.expect,
                "actual": first.actual,
                "reason": first.reason,
            },
            "classification": d.kind if d else "unclassified",
            "explanation": d.explanation if d else "",
            "ruleset": d.ruleset if d else None,
            "reproducer": d.reproducer if d else None,
        }


def _groups(engine: Engine, failures: Iterable[Outcome]) -> list[Group]:
    """The failures grouped by signature and section, each group split by the deviation each of its
    failures is (one signature may have more than one cause)."""
    grouped: dict[tuple[tuple[str, str], str, int], list[Outcome]] = defaultdict(list)
    found: dict[int, Deviation | None] = {}
    for o in failures:
        sig, section = _signature(o, engine)
        d = classify(engine.name, sig[1], section, o)
        found[id(d)] = d
        grouped[(sig, section, id(d))].append(o)
    groups = [Group(sig, section, os, found[d]) for (sig, section, d), os in grouped.items()]
    return sorted(groups, key=lambda g: (-len(g.outcomes), g.section, g.signature))


def _table(outcomes: Iterable[Outcome], key: Callable[[Outcome], Iterable[str]]) -> dict[str, dict[str, int]]:
    rows: dict[str, Counter[str]] = defaultdict(Counter)
    for o in outcomes:
        for k in key(o):
            rows[k][status_of(o)] += 1
    return {k: {s: rows[k][s] for s in STATUSES} for k in sorted(rows, key=_natural)}


def _natural(text: str) -> list[Any]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text)]


def summarise(engine: Engine, report: Report, *, hands: int, seed: int) -> dict[str, Any]:
    """The page's content as one JSON-able object."""
    outcomes = report.outcomes
    groups = _groups(engine, report.failures)
    return {
        "engine": engine.name,
        "title": engine.title,
        "kind": engine.kind,
        "adapter": report.adapter,
        "pinned": engine.pinned(),
        "expresses": engine.expresses,
        "profile": None if engine.profile is None else {**engine.profile.__dict__},
        "differential": {"hands": hands, "seed": seed},
        "totals": {s: sum(status_of(o) == s for o in outcomes) for s in STATUSES},
        "by_family": _table(outcomes, lambda o: [family_of(o.vector)]),
        "by_section": _table(outcomes, lambda o: [o.vector.section or "?"]),
        "by_area": _table(outcomes, lambda o: sorted(areas_of(o.vector))),
        "not_expressible": dict(Counter(o.reason for o in outcomes if o.status == "skipped").most_common()),
        "deviations": [g.as_dict() for g in groups],
    }


def check_engine(
    engine: Engine,
    vectors_dir: Path,
    run: Run,
    *,
    hands: int,
    seed: int,
    timeout: float,
) -> dict[str, Any]:
    """Run the engine's runners' vectors and ``hands`` differential hands through its adapter."""
    vectors = load_vectors(vectors_dir, [r for r in engine.runners if r != FAMILY])
    for runner, count in engine.samples.items():
        vectors = sampled(vectors, runner, count)
    if engine.profile is not None and hands:
        vectors += list(differential_vectors(engine.profile, hands, seed))
    report = run(engine.command(), vectors, timeout)
    return summarise(engine, report, hands=hands if engine.profile else 0, seed=seed)


def sampled(vectors: list[Vector], runner: str, count: int) -> list[Vector]:
    """``count`` of ``runner``'s vectors with a result, spread evenly (first and last included), and
    every one of its vectors that expects an error; the other runners' vectors unchanged."""
    rows = [v for v in vectors if v.runner == runner and "result" in v.expect]
    if count >= len(rows):
        picked = rows
    elif count > 1:
        picked = [rows[i * (len(rows) - 1) // (count - 1)] for i in range(count)]
    else:
        picked = rows[:count]
    keep = {id(v) for v in picked}
    return [v for v in vectors if v.runner != runner or "error" in v.expect or id(v) in keep]


def not_installed(engine: Engine) -> dict[str, Any]:
    return {
        "engine": engine.name,
        "title": engine.title,
        "kind": engine.kind,
        "pinned": engine.pinned(),
        "expresses": engine.expresses,
        "missing": engine.unchecked(),
    }


# --- Markdown --------------------------------------------------------------------------------------


def _counts_table(title: str, rows: dict[str, dict[str, int]]) -> list[str]:
    lines = [f"| {title} | passed | failed | not expressible |", "|---|---:|---:|---:|"]
    ordered = sorted(rows, key=_natural)  # a page read back from its JSON has its keys sorted as text
    lines += [
        f"| {k} | {rows[k]['passed']} | {rows[k]['failed']} | {rows[k]['not expressible']} |" for k in ordered
    ]
    return lines


def page(summary: dict[str, Any]) -> str:
    """The engine's Markdown page."""
    name = summary["title"]
    lines = [f"# {name}", ""]
    if "missing" in summary:
        return "\n".join([*lines, f"Not checked: {summary['missing']}.", ""])
    t = summary["totals"]
    lines += [
        f"- checked: **{summary['adapter']}** (the `conformance` extra pins {summary['pinned']})",
        f"- what its adapter can express: {summary['expresses']}",
        f"- totals: **{t['passed']} passed, {t['failed']} failed, {t['not expressible']} not expressible**",
    ]
    diff = summary["differential"]
    if summary["profile"]:
        p = summary["profile"]
        lines.append(
            f"- differential hands: {diff['hands']} from seed {diff['seed']}, "
            f"rules {json.dumps(p['rules'], sort_keys=True)}, "
            f"structures {', '.join(p['structures'])}, {p['players'][0]}–{p['players'][1]} players, "
            f"antes {'yes' if p['antes'] else 'no'}, straddles {'yes' if p['straddles'] else 'no'}, "
            f"raises {p['raises']}"
        )
    lines += ["", "## By family", "", *_counts_table("family", summary["by_family"]), ""]
    lines += ["## By area", "", *_counts_table("area", summary["by_area"]), ""]
    lines += ["## By spec section", "", *_counts_table("section", summary["by_section"]), ""]
    if summary["not_expressible"]:
        lines += ["## Not expressible", "", "| reason | vectors |", "|---|---:|"]
        lines += [f"| {_cell(r)} | {n} |" for r, n in summary["not_expressible"].items()]
        lines.append("")
    lines += ["## Deviations", ""]
    if not summary["deviations"]:
        lines += ["None: every vector the engine can express passes.", ""]
    for i, d in enumerate(summary["deviations"], 1):
        lines += [
            f"### {i}. §{d['section']} `{d['what']}` — {d['classification']} ({d['count']} vectors)",
            "",
        ]
        if d["explanation"]:
            lines += [d["explanation"], ""]
        if d["ruleset"]:
            lines += [f"Modelled by: `{d['ruleset']}`", ""]
        if d["reproducer"]:
            lines += ["Reproducer:", "", "```python", d["reproducer"].rstrip(), "```", ""]
        ex = d["example"]
        lines += [
            f"Examples: {', '.join('`' + e + '`' for e in d['examples'])}; first: {_cell(ex['reason'])}",
            "",
        ]
    return "\n".join(lines)


def _cell(text: str, width: int = 300) -> str:
    text = str(text).replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= width else text[: width - 1] + "…"


def _area_cell(summary: dict[str, Any], area: str) -> str:
    row = summary.get("by_area", {}).get(area)
    if not row or row["passed"] + row["failed"] == 0:
        return "—"
    run = row["passed"] + row["failed"]
    return f"{row['passed']}/{run}" if row["failed"] == 0 else f"**{row['passed']}/{run}**"


def index(summaries: Sequence[dict[str, Any]]) -> str:
    """The index page: engine × area, passed / run (bold where some fail; — nothing expressible)."""
    lines = [
        "# Conformance of other engines and evaluators",
        "",
        "Regenerated by `make conformance` (`pyholdem conformance report --engine all`). Each cell is",
        "passed / run for the vectors and differential hands of that area; **bold** where some fail",
        "(each failure is a deviation on the engine's page, classified); — where the engine expresses",
        "none. Vectors an engine cannot express are counted apart on its page, never failed.",
        "",
        "| engine | version | " + " | ".join(AREAS) + " | passed | failed | not expressible |",
        "|---|---|" + "---|" * (len(AREAS) + 3),
    ]
    for s in summaries:
        link = f"[{s['title']}]({s['engine']}.md)"
        if "missing" in s:
            lines.append(f"| {link} | not installed | " + " | ".join("—" for _ in AREAS) + " | — | — | — |")
            continue
        t = s["totals"]
        cells = " | ".join(_area_cell(s, a) for a in AREAS)
        version = s["adapter"].split()[-1]
        lines.append(
            f"| {link} | {version} | {cells} | {t['passed']} | {t['failed']} | {t['not expressible']} |"
        )
    return "\n".join([*lines, ""])


def write(out: Path, summaries: Sequence[dict[str, Any]]) -> None:
    """Each summary's page and JSON, and the index of every engine of the registry with a page in
    ``out`` (those checked now, and the JSON an earlier run left for the others)."""
    out.mkdir(parents=True, exist_ok=True)
    for s in summaries:
        (out / f"{s['engine']}.md").write_text(page(s))
        (out / f"{s['engine']}.json").write_text(json.dumps(s, indent=1, sort_keys=True) + "\n")
    (out / "README.md").write_text(index(_indexed(out)))


def _indexed(out: Path) -> list[dict[str, Any]]:
    found = []
    for name in ENGINES:
        path = out / f"{name}.json"
        if path.is_file():
            found.append(json.loads(path.read_text()))
    return found

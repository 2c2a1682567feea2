"""``pyholdem replay FILE...``: replay PHH hand histories and judge each hand; a ``.phhs`` session
(§12.13) is replayed hand by hand and checked for continuity."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from pyholdem.errors import RuleSetError
from pyholdem.rules.ruleset import RuleSet, load_rules, preset


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("replay", help="replay .phh/.phhs hand histories and verify every hand")
    p.add_argument("paths", nargs="+", metavar="FILE", help=".phh or .phhs files, or directories of them")
    p.add_argument(
        "--rules", default="tda_2024", metavar="PRESET", help="the rule-set preset (default tda_2024)"
    )
    p.add_argument(
        "--diagnose",
        metavar="PRESET",
        help="name the fields of PRESET that would make each disagreeing hand agree (e.g. pokerkit_0_7)",
    )
    p.add_argument(
        "--repair",
        action="store_true",
        help="take players a history skips to check (if free) or fold, as pokerkit reads PHH (§12.11)",
    )
    p.add_argument(
        "--engine",
        choices=("auto", "spec", "native"),
        default="auto",
        help="the hand engine to replay on (default auto: the C engine where it can play the hand)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per hand per line")
    p.add_argument("--quiet", action="store_true", help="print only failing hands and the summary")
    from pyholdem.cli.executor import add_executor_argument  # issue 16: files over an executor

    add_executor_argument(p)
    p.set_defaults(func=run)


def format_result(result: object) -> str:
    from pyholdem.history.replay import ReplayResult

    assert isinstance(result, ReplayResult)
    where = f"{result.file} [{result.index}]"
    if result.ok:
        return f"ok    {where}: {result.note}"
    error = result.error or {}
    at = f" at action {error['action']}" if error.get("action") is not None else ""
    section = f" (§{error['section']})" if error.get("section") else ""
    extra = f" — {result.note}" if result.note and result.note not in str(error.get("message")) else ""
    return f"FAIL  {where}{at}: {error.get('kind')}: {error.get('message')}{section}{extra}"


def summarize(results: Iterable[object]) -> str:
    from pyholdem.history.replay import ReplayResult

    counts: Counter[str] = Counter()
    for r in results:
        assert isinstance(r, ReplayResult)
        counts["ok" if r.ok else "failed"] += 1
        if not r.ok and r.error:
            counts[f"  {r.error.get('kind')} §{r.error.get('section')}"] += 1
    lines = [f"{counts['ok'] + counts['failed']} hands: {counts['ok']} ok, {counts['failed']} failed"]
    lines += [f"{k}: {v}" for k, v in sorted(counts.items()) if k.startswith("  ")]
    return "\n".join(lines)


def rules_from(name: str) -> RuleSet:
    """A preset by name, or the rule set of a TOML file (§0.5)."""
    if name.endswith(".toml"):
        try:
            text = Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RuleSetError(f"cannot read the rule-set file {name!r}: {exc}", "0.5") from None
        return load_rules(text)
    return preset(name)


def replay_file(
    path: Path, rules: RuleSet, diagnose_with: RuleSet | None, repair: bool, engine: str
) -> tuple[list[object], object | None]:
    """One file's results and, for a ``.phhs`` session (§12.13), its ``SessionResult`` (module level:
    an executor's worker runs it, issue 16)."""
    from pyholdem.history.files import read_history
    from pyholdem.history.replay import is_session, replay_histories, replay_session

    read = read_history(path)
    if path.suffix == ".phhs" and is_session(read):  # one table's hands in order (§12.13)
        session = replay_session(read, rules, file=str(path), repair=repair, engine=engine)
        return list(session.hands), session
    return list(
        replay_histories(read, rules, diagnose_with=diagnose_with, repair=repair, engine=engine)
    ), None


def run(args: argparse.Namespace) -> int:
    from pyholdem.campaign import open_executor, run_chunks
    from pyholdem.history.phh import iter_files

    rules = rules_from(args.rules)
    diagnose_with = preset(args.diagnose) if args.diagnose else None
    tasks = [(path, rules, diagnose_with, args.repair, args.engine) for path in iter_files(args.paths)]
    results = []
    sessions_ok = True
    with open_executor(args.executor) as executor:
        # in process, each file is printed as soon as it is replayed; an executor runs them all at once
        files = (
            (replay_file(*t) for t in tasks) if executor is None else run_chunks(executor, replay_file, tasks)
        )
        for replayed, session in files:
            for result in replayed:
                results.append(result)
                if args.json:
                    print(json.dumps(result.as_dict(), sort_keys=True))
                elif not (args.quiet and result.ok):
                    print(format_result(result))
            if session is not None:
                sessions_ok = sessions_ok and session.break_index is None  # type: ignore[attr-defined]
                if args.json:
                    print(json.dumps(session.as_dict(), sort_keys=True))  # type: ignore[attr-defined]
                else:
                    print(format_session(session))
    if not args.json:
        print(summarize(results))
    return 0 if all(r.ok for r in results) and sessions_ok else 1  # type: ignore[attr-defined]


def format_session(session: object) -> str:
    """The line a session (§12.13) adds after its hands."""
    from pyholdem.history.replay import SessionResult

    assert isinstance(session, SessionResult)
    head = f"session {session.file}: {len(session.hands)} hands replayed hand by hand"
    if session.break_index is None:
        return f"ok    {head}, each starting from the stacks the hand before finished with"
    return f"FAIL  {head}; continuity breaks at {session.message} (§12.13)"

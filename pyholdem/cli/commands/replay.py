"""``pyholdem replay FILE...``: replay PHH hand histories and judge each hand; a ``.phhs`` session
(§12.13) is replayed hand by hand and checked for continuity."""

from __future__ import annotations

import argparse
import ast
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from pyholdem.errors import HistoryError, PyHoldemError, RuleSetError
from pyholdem.history.replay import ReplayResult, SessionResult
from pyholdem.rules.ruleset import RuleSet, load_rules, preset


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    from pyholdem.cli.executor import add_executor_argument

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


def written_rules(history: object, rules: RuleSet) -> RuleSet:
    """``rules`` with the changes a history names in its ``_rules`` field (``"straddle_allowed=True,
    betting_structure='pot_limit'"``: how pyholdem's self-play files say what they were played under)."""
    from pyholdem.history.phh import HandHistory

    assert isinstance(history, HandHistory)
    text = history.extra.get("_rules")
    if text is None or text == "tda_2024":
        return rules
    changes: dict[str, object] = {}
    for part in str(text).split(","):
        name, sep, value = part.partition("=")
        try:
            if not sep:
                raise ValueError(part)
            changes[name.strip()] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            raise RuleSetError(f"_rules {text!r}: {part.strip()!r} is not FIELD=VALUE", "0.5") from None
    return rules.replace(**changes)


def replay_file(
    path: Path, rules: RuleSet, diagnose_with: RuleSet | None, repair: bool, engine: str
) -> tuple[list[ReplayResult], SessionResult | None]:
    """One file's results and, for a ``.phhs`` session (§12.13), its ``SessionResult`` (module level:
    an executor's worker runs it). A hand with a ``_rules`` field is replayed under those changes."""
    from pyholdem.history.files import read_history
    from pyholdem.history.replay import is_session, replay_histories, replay_session

    read = read_history(path)
    if path.suffix == ".phhs" and is_session(read):  # one table's hands in order (§12.13)
        session = replay_session(read, rules, file=str(path), repair=repair, engine=engine)
        return list(session.hands), session
    results: list[ReplayResult] = []
    for item in read:
        try:
            hand_rules = rules if isinstance(item, PyHoldemError) else written_rules(item, rules)
        except PyHoldemError as exc:
            error = {**exc.as_dict(), "action": None}
            results.append(ReplayResult(str(path), getattr(item, "hand", None), False, None, None, error))
            continue
        results += replay_histories(
            [item], hand_rules, diagnose_with=diagnose_with, repair=repair, engine=engine
        )
    return results, None


def input_files(paths: list[str]) -> list[Path]:
    """The histories named by ``paths``, refused before any replay: a missing path, or none at all."""
    from pyholdem.history.phh import iter_files

    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        raise HistoryError(f"{missing[0]!r}: no such file or folder", "12.1")
    files = list(iter_files(paths))
    if not files:
        raise HistoryError(f"no .phh or .phhs files in {', '.join(map(repr, paths))}", "12.1")
    return files


def run(args: argparse.Namespace) -> int:
    from pyholdem.campaign import open_executor, run_chunks
    from pyholdem.cli.executor import check_executor

    rules = rules_from(args.rules)
    diagnose_with = preset(args.diagnose) if args.diagnose else None
    check_executor(args.executor)
    tasks = [(path, rules, diagnose_with, args.repair, args.engine) for path in input_files(args.paths)]
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
                sessions_ok = sessions_ok and session.break_index is None
                if args.json:
                    print(json.dumps(session.as_dict(), sort_keys=True))
                else:
                    print(format_session(session))
    if not args.json:
        print(summarize(results))
        skipping = sum(
            1 for r in results if not r.ok and " acts but it is " in str((r.error or {}).get("message"))
        )
        if skipping and not args.repair:
            print(
                f"hint: {skipping} hand(s) skip a player who was to act (§12.11); --repair reads such a "
                "player as checking when free, else folding, as pokerkit reads PHH"
            )
    return 0 if all(r.ok for r in results) and sessions_ok else 1


def format_session(session: object) -> str:
    """The line a session (§12.13) adds after its hands."""
    from pyholdem.history.replay import SessionResult

    assert isinstance(session, SessionResult)
    head = f"session {session.file}: {len(session.hands)} hands replayed hand by hand"
    if session.break_index is None:
        return f"ok    {head}, each starting from the stacks the hand before finished with"
    return f"FAIL  {head}; continuity breaks at {session.message} (§12.13)"

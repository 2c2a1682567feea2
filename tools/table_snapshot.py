"""Play a set of table sessions and write each one's hands (PHH), ledger and final seats, to compare
two versions of the code byte for byte (a change meant to change no behaviour), as
``tournament_snapshot.py`` does for tournaments.

The set: every preset, each at 2, 6 and 10 seats with random arrivals, departures, absences, rebuys
and entries (``random_session``), on the C engine and (a shorter session) on the spec engine; and the
table benchmark's session (nine players rebuying, ``benchmarks/bench_table.py``).

usage: python tools/table_snapshot.py OUTDIR [--quick]   (--quick: 100 hands a session, not 400)
then ``diff -r BEFORE AFTER``; each line printed ends with a digest of that session's file.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

from pyholdem import PRESETS, preset
from pyholdem.engine.table import Table, random_session
from pyholdem.history.phh import dumps_many
from pyholdem.history.sessions import table_histories


def _text(table: Table) -> str:
    lines = [dumps_many(table_histories(table)), "# ledger"]
    lines += [repr(entry) for entry in table.ledger]
    lines.append("# seats")
    lines += [repr(view) for view in table.seats]
    lines.append(f"# eliminated {table.eliminated!r} in {table.chips_in} out {table.chips_out}")
    return "\n".join(lines) + "\n"


def _bench_session() -> Table:
    table = Table(preset("tda_2024_cash"), 9, blinds=(50, 100), button=0, seed="bench-table")
    for seat in range(9):
        table.sit(seat, 10_000, post="post_bb_now")
    policy = random.Random(1)
    for _ in range(300):
        for seat in table.without_chips:
            table.add_chips(seat, 10_000)
            table.back(seat)
        hand = table.next_hand()
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.min_raise_to is not None and policy.random() < 0.1:
                (hand.bet_to if legal.is_bet else hand.raise_to)(legal.min_raise_to)
            elif policy.random() < 0.2:
                hand.fold()
            else:
                (hand.check if legal.check else hand.call)()
    return table


def main(out: Path, quick: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    hands = 100 if quick else 400
    sessions: list[tuple[str, object]] = [("bench-9", _bench_session)]
    for k, name in enumerate(sorted(PRESETS)):
        for seats in (2, 6, 10):
            seed = 100 * k + seats
            play = lambda n=name, s=seats, d=seed: random_session(preset(n), s, hands, d)  # noqa: E731
            sessions.append((f"{name}-{seats}-s{seed}", play))
        sessions.append(
            (
                f"{name}-6-spec-s{k}",
                lambda n=name, d=k: random_session(preset(n), 6, hands // 4, d, engine="spec"),
            )
        )
    for label, play in sessions:
        text = _text(play())  # type: ignore[operator]
        (out / f"{label}.txt").write_text(text)
        print(label, hashlib.sha256(text.encode()).hexdigest()[:16])


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), "--quick" in sys.argv[2:])

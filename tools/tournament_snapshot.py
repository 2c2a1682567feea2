"""Play a set of tournaments and write each one's result JSON (events included) and every hand's
PHH, to compare two versions of the code byte for byte (a change meant to change no behaviour).

The set: 1,000 entrants under the defaults (the benchmark's tournament); seed 000 Bill's and the
article's presets with their structures; seed 002's; seed 001's on nine-seat tables; redraw
balancing; a hands clock; the spec engine; and, played round by round, random rebuys, add-ons,
clock advances, absences and late entries (entered before the first round only: a late entry
between a round's last hand and the next ``next_hands`` can take a seat a player busted in that
round still holds in the tournament's seating).

usage: python tools/tournament_snapshot.py OUTDIR [--quick]   (--quick: without the 1,000 entrants)
then ``diff -r BEFORE AFTER``; each line printed ends with a digest of that tournament's file.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

from pyholdem import RuleSet, Tournament, preset, random_policy
from pyholdem.engine.play import play_hand
from pyholdem.history.phh import dumps_many
from pyholdem.history.sessions import tournament_histories
from pyholdem.rules.structure import DEFAULT_STRUCTURE, structure_preset


def buying_play(t: Tournament, seed: int, *, away: bool = False, enter: int = 0) -> None:
    """Random rebuys / add-ons (and aways, late entries) between rounds, as the property test does."""
    rng = random.Random(seed)
    policy = random_policy(seed)
    entered = 0
    while not t.is_over:
        if enter and t.rounds == 0 and entered < enter:  # before the first round (see above)
            try:
                t.enter(f"late{entered}")
            except Exception as exc:
                assert "§9." in str(exc), exc
            entered += 1
            continue
        hands = t.next_hands()
        if not hands:
            break
        tables = t.tables
        for number, hand in zip(sorted(tables), hands, strict=True):
            play_hand(hand, policy, tables[number])
        for standing in t.standings:
            if standing.place is None and rng.random() < 0.3:
                for offer in (t.rebuy, t.add_on):
                    try:
                        offer(standing.name)
                    except Exception as exc:
                        assert "§9." in str(exc), exc
            if away and standing.place is None and rng.random() < 0.02:
                try:
                    (t.away if rng.random() < 0.5 else t.back)(standing.name)
                except Exception as exc:
                    assert "§" in str(exc), exc
        if rng.random() < 0.05:
            t.advance(rng.randrange(0, 300))


def configs(quick: bool) -> list[tuple[str, object]]:
    home = structure_preset("seed_000_home_nl")
    bill = structure_preset("seed_000_bill_limit")
    sng = structure_preset("seed_002_sng_addon")
    default = structure_preset(DEFAULT_STRUCTURE)
    out: list[tuple[str, object]] = [
        ("default-1000-s1", lambda: _play(Tournament(RuleSet(), default, 1000, seed=1), 1)),
        ("bill-10-s3", lambda: _play(Tournament(preset("seed_000_bill_limit"), bill, 10, seed=3), 3)),
        ("bill-60-s4", lambda: _play(Tournament(preset("seed_000_bill_limit"), bill, 60, seed=4), 4)),
        ("home-200-s5", lambda: _play(Tournament(preset("seed_000_home_nl"), home, 200, seed=5), 5)),
        ("sng-10-s6", lambda: _play(Tournament(preset("seed_002_sng_addon"), sng, 10, seed=6), 6)),
        ("sng-90-s7", lambda: _play(Tournament(preset("seed_002_sng_addon"), sng, 90, seed=7), 7)),
        (
            "event9-300-s8",
            lambda: _play(Tournament(preset("seed_001_event"), default, 300, seats_per_table=9, seed=8), 8),
        ),
        (
            "redraw-40-s9",
            lambda: _play(
                Tournament(preset("seed_000_home_nl").replace(balance_method="redraw"), home, 40, seed=9), 9
            ),
        ),
        (
            "home-buy-150-s10",
            lambda: _buy(Tournament(preset("seed_000_home_nl"), home, 150, seed=10), 10, away=True),
        ),
        ("sng-buy-40-s11", lambda: _buy(Tournament(preset("seed_002_sng_addon"), sng, 40, seed=11), 11)),
        (
            "bill-buy-30-s12",
            lambda: _buy(
                Tournament(preset("seed_000_bill_limit").replace(max_rebuys=2), bill, 30, seed=12), 12
            ),
        ),
        (
            "tda-late-75-s13",
            lambda: _buy(
                Tournament(preset("tda_2024").replace(late_entry=True), default, 75, seed=13),
                13,
                away=True,
                enter=5,
            ),
        ),
        (
            "event9-buy-120-s14",
            lambda: _buy(
                Tournament(
                    preset("seed_001_event").replace(max_rebuys=1, rebuy_window_levels=2),
                    home,
                    120,
                    seats_per_table=9,
                    seed=14,
                    seconds_per_hand=300,
                ),
                14,
            ),
        ),
        (
            "hands-clock-120-s16",
            lambda: _play(Tournament(RuleSet().replace(level_clock="hands"), home, 120, seed=16), 16),
        ),
        (
            "spec-default-40-s15",
            lambda: _play(Tournament(RuleSet(), default, 40, seed=15, engine="spec"), 15),
        ),
    ]
    if quick:
        out = [c for c in out if not c[0].startswith("default-1000")]
    return out


def _play(t: Tournament, seed: int) -> Tournament:
    t.play(random_policy(seed))
    return t


def _buy(t: Tournament, seed: int, **kw: object) -> Tournament:
    buying_play(t, seed, **kw)  # type: ignore[arg-type]
    return t


def main() -> None:
    outdir = Path(sys.argv[1])
    outdir.mkdir(parents=True, exist_ok=True)
    for name, make in configs("--quick" in sys.argv):
        t = make()  # type: ignore[operator]
        text = t.result_json() + "\n" + dumps_many(tournament_histories(t))
        (outdir / f"{name}.txt").write_text(text, encoding="utf-8")
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        print(f"{name}: {t.hands_dealt} hands, {len(t.events)} events, {digest}", flush=True)


if __name__ == "__main__":
    main()

"""What the classes' docstrings and the README say about threads: different hands, live hands and
tables may be used from different threads at once (the same results as one after another), a
``HandBatch``'s observation is a view that its next step changes (so it is copied before sharing),
and a ``DirectorEvent`` is bound to the thread that opened it (another thread gets ``EventLogError``)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from pyholdem import Hand, HandBatch, LiveHand, RandomPolicy, RuleSet, preset
from pyholdem.director.event import DirectorEvent
from pyholdem.engine.batch import CALL
from pyholdem.engine.policies import hand_seed, play
from pyholdem.engine.setup import setup_from_arguments
from pyholdem.engine.table import random_session
from pyholdem.errors import EventLogError
from pyholdem.history.phh import dumps
from pyholdem.history.sessions import table_histories
from pyholdem.rules.structure import structure_preset


def _hands(engine: str, first: int) -> list[tuple[tuple[int, ...], tuple[object, ...]]]:
    out = []
    for i in range(first, first + 30):
        hand = Hand(RuleSet(), [1_000] * 6, button=0, blinds=(5, 10), seed=hand_seed(3, i), engine=engine)
        play(hand, RandomPolicy().player(3, i))
        assert hand.result is not None
        out.append((hand.result.stacks, tuple(hand.events)))
    return out


@pytest.mark.parametrize("engine", ["native", "spec"])
def test_hands_on_different_threads_play_as_one_after_another(engine: str) -> None:
    starts = [0, 30, 60, 90]
    alone = [_hands(engine, s) for s in starts]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda s: _hands(engine, s), starts))
    assert together == alone


def _live(seed: int) -> tuple[int, ...]:
    rules = preset("seed_002_sng_addon").replace(live_play_layer=True)
    live = LiveHand(setup_from_arguments(rules, [1000] * 4, button=0, blinds=(5, 10), seed=seed))
    while live.to_act is not None:
        live.act("call" if live.legal_actions().call else "check")
    return tuple(live.stacks)


def test_live_hands_on_different_threads_play_as_one_after_another() -> None:
    seeds = list(range(8))
    alone = [_live(s) for s in seeds]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(_live, seeds)) == alone


def _session(seed: int) -> list[str]:
    table = random_session(preset("tda_2024_cash"), 6, 40, seed)
    return [dumps(h) for h in table_histories(table)]


def test_tables_on_different_threads_play_as_one_after_another() -> None:
    seeds = [1, 2, 3, 4]
    alone = [_session(s) for s in seeds]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(_session, seeds)) == alone


def test_a_batch_observation_is_a_view_its_next_step_changes() -> None:
    batch = HandBatch(RuleSet(), 4, [1_000] * 3, button=0, blinds=(5, 10), seed=1)
    obs = batch.observe()
    to_act, kept = obs.to_act, np.array(obs.to_act)
    assert not to_act.flags.writeable
    batch.step(np.full(4, CALL))  # the first to act calls in every row
    assert (batch.observe().to_act == to_act).all() and not (to_act == kept).all()


def test_a_director_event_is_bound_to_the_thread_that_opened_it(tmp_path: Path) -> None:
    event = DirectorEvent.create(
        tmp_path / "e.db",
        rules=preset("seed_000_home_nl"),
        structure=structure_preset("seed_000_home_nl"),
        players=["Ann", "Bob", "Cy"],
        clock=lambda: 0.0,
    )

    def draw_seats_elsewhere() -> str:
        other = DirectorEvent.open(tmp_path / "e.db", clock=lambda: 0.0)
        try:
            other.apply("seat_draw")
            return other.state.phase
        finally:
            other.close()

    try:
        with ThreadPoolExecutor(1) as pool:
            with pytest.raises(EventLogError, match="same thread"):
                pool.submit(event.refresh).result()
            assert event.state.phase == "registration"
            phase = pool.submit(draw_seats_elsewhere).result()  # its own event on that thread
        event.refresh()
        assert event.state.phase == phase != "registration"
    finally:
        event.close()

"""``DirectorEvent``: a live tournament kept in its event log (spec 09, §9.25).

The façade the command line and the web console share. ``create`` writes a new SQLite event file
(``EventLog``) holding the event's set-up and secret; ``open`` replays its log. ``apply(kind,
**args)`` takes the file's write lock, catches up with events other processes committed, checks
the event against that state (``live_tournament.apply``), appends it, commits, and only then
adopts the new state; a refused event writes nothing and changes nothing. ``status()`` reads the
state at the injected ``clock()`` (``time.time`` by default: wall seconds since the epoch, so an
event reopened after a restart finds its clock where the wall says it is).
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from pyholdem.director.log import EventLog, LoggedEvent, encode_args
from pyholdem.engine.live_tournament import (
    LiveSetup,
    LiveState,
    apply,
    new_state,
    race_plan,
    status,
)
from pyholdem.errors import EventLogError, PyHoldemError, RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.rules.structure import Structure, load_structure
from pyholdem.spec.tournament import undone_events
from pyholdem.values import is_int

__all__ = ["DirectorEvent", "setup_from_json", "setup_to_json"]

Clock = Callable[[], float]


def setup_to_json(setup: LiveSetup) -> str:
    """The set-up as the JSON the log's meta table keeps."""
    return json.dumps(
        {
            "rules": setup.rules.to_dict(),
            "structure": setup.structure.to_dict(),
            "players": list(setup.players),
            "seed": setup.seed,
            "name": setup.name,
            "warning_s": setup.warning_s,
        },
        sort_keys=True,
    )


def setup_from_json(text: str) -> LiveSetup:
    """The set-up a log's meta table keeps (``EventLogError`` when it cannot be read)."""
    try:
        data = json.loads(text)
        return LiveSetup.make(
            RuleSet.from_dict(data["rules"]),
            load_structure(data["structure"]),
            tuple(data["players"]),
            seed=data["seed"],
            name=data["name"],
            warning_s=data["warning_s"],
        )
    except (ValueError, KeyError, TypeError, PyHoldemError) as exc:
        raise EventLogError(f"the event's set-up cannot be read: {exc}", "9.25") from None


def _names(players: Sequence[str] | None, entrants: int | None) -> tuple[str, ...]:
    if players is not None and entrants is not None:
        raise RuleViolation("give the players or the number of entrants, not both", "9.2")
    if entrants is not None:
        if not is_int(entrants) or not 2 <= entrants <= 10_000:
            raise RuleViolation(f"entrants {show_value(entrants)} is not a number from 2 to 10000", "9.14")
        return tuple(f"p{i}" for i in range(1, entrants + 1))
    if players is None:
        return ()
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RuleViolation(f"players {show_value(players)} are not a list of names", "9.2")
    return tuple(players)


class DirectorEvent:
    """A live tournament and its event file.

    Threads: an event is bound to the thread that opened it (its SQLite connection refuses any
    other: ``EventLogError``, §9.25); the web server runs every call on one worker thread. Other
    processes and threads open the same file with their own ``DirectorEvent``: SQLite serialises the
    writes, and ``refresh()`` reads what the others committed.
    """

    def __init__(self, log: EventLog, setup: LiveSetup, clock: Clock) -> None:
        self._log = log
        self.setup = setup
        self._clock = clock
        self._state = new_state(setup)
        self._history: list[LoggedEvent] = []
        self._summaries: list[str] = []
        self._catch_up(log.events())

    # ------------------------------------------------------------------ creation
    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        *,
        rules: RuleSet,
        structure: Structure,
        players: Sequence[str] | None = None,
        entrants: int | None = None,
        seats_per_table: int = 10,
        seed: int = 0,
        name: str = "",
        clock: Clock = time.time,
        warning_s: float = 60.0,
    ) -> DirectorEvent:
        """A new event file at ``path`` (an existing file is refused, never overwritten)."""
        setup = LiveSetup.make(
            rules,
            structure,
            _names(players, entrants),
            seats_per_table=seats_per_table,
            seed=seed,
            name=name,
            warning_s=warning_s,
        )
        meta = {
            "secret": secrets.token_urlsafe(18),
            "setup": setup_to_json(setup),
            "created_at": repr(clock()),
        }
        return cls(EventLog.create(path, meta), setup, clock)

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, clock: Clock = time.time) -> DirectorEvent:
        """The event kept in ``path``, its log replayed."""
        log = EventLog.open(path)
        try:
            setup = setup_from_json(log.meta.get("setup", ""))
            return cls(log, setup, clock)
        except BaseException:
            log.close()
            raise

    # ------------------------------------------------------------------ the state
    def _catch_up(self, events: list[LoggedEvent]) -> None:
        for event in events:
            if event.seq != self._state.seq + 1:
                raise EventLogError(
                    f"event {event.seq} of {str(self._log.path)!r} follows event {self._state.seq}", "9.25"
                )
            try:
                self._state, answers = apply(self._state, event.kind, event.args, event.at)
            except PyHoldemError as exc:
                raise EventLogError(
                    f"event {event.seq} ({event.kind}) of {str(self._log.path)!r} does not replay: {exc}",
                    "9.25",
                ) from None
            self._history.append(event)
            self._summaries.append(answers["summary"])

    def refresh(self) -> None:
        """Read the events other processes have committed since."""
        self._catch_up(self._log.events(self._state.seq))

    @property
    def state(self) -> LiveState:
        return self._state

    @property
    def secret(self) -> str:
        return self._log.meta["secret"]

    @property
    def created_at(self) -> float:
        """The wall time the event file was created."""
        try:
            return float(self._log.meta.get("created_at", "0"))
        except ValueError:
            return 0.0

    @property
    def path(self) -> str:
        return str(self._log.path)

    def apply(self, kind: str, /, **args: Any) -> dict[str, Any]:
        """Validate the event against the live state, append it to the log (one transaction), then
        apply it. Returns ``{"seq", "kind", "summary", "moves", "status"}``."""
        plain = json.loads(encode_args(args))
        with self._log.writing() as conn:
            self._catch_up(self._log.events(self._state.seq))
            at = float(self._clock())
            state, answers = apply(self._state, kind, plain, at)
            self._log.append(conn, state.seq, state.at, kind, plain)
        self._state = state
        self._history.append(LoggedEvent(state.seq, state.at, kind, plain))
        self._summaries.append(answers["summary"])
        return {
            "seq": state.seq,
            "kind": kind,
            "summary": answers["summary"],
            "moves": answers["moves"],
            "status": self.status(),
        }

    def status(self) -> dict[str, Any]:
        """The status at ``clock()`` now (the console's status schema)."""
        return status(self._state, float(self._clock()))

    def race_plan(self, stacks: object) -> dict[str, Any]:
        """The cards to deal for the colour-up due now, from every player's chips (``race_plan``,
        §9.18); nothing is recorded."""
        return race_plan(self._state, stacks, float(self._clock()))

    def history(self) -> list[dict[str, Any]]:
        """Every committed event: ``{"seq", "at", "kind", "args", "summary", "undone"}``."""
        undone = undone_events([e.kind for e in self._history])
        return [
            {**e.as_dict(), "summary": summary, "undone": i in undone}
            for i, (e, summary) in enumerate(zip(self._history, self._summaries, strict=True))
        ]

    def close(self) -> None:
        self._log.close()

    def __enter__(self) -> DirectorEvent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

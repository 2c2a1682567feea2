"""``HandBatch``: many independent hands stepped at once from NumPy arrays on the C engine (``csrc/batch.c``).

Row ``i`` plays exactly the hand ``Hand(setup, seed)`` plays with the row's set-up and seed, action for
action: the same deal (§1.4, §4.2–4.3), the same legal actions (§6.1), the same refusals (the section of
``check_action``'s refusal, §5–§7) and the same result (§8). The observation is a struct of arrays
(``BatchObservation``, no Python object per hand); ``step`` takes one action kind and amount per row
(``NO_ACTION`` for none) and refuses an illegal one row by row, leaving that row as it was.

Seeds: with ``seed=s`` (an int in 0..2**64 - 1, drawn at random when None) the ``k``-th hand the batch
deals — rows ``0..n-1`` first, then each reset row in row order — is dealt from the seed
``hand_seed(s, k) = s * 2**32 + k``, the hand ``simulate(..., seed=s)`` deals as its hand ``k``; an array
of ``n`` seeds seeds the rows' first hands one by one (a set-up's own int seed does the same for its row).

Memory, stated and bounded: a batch of ``n`` rows ``S`` seats wide keeping ``history`` actions a row holds
``n * bytes_per_row`` bytes and 2 MiB more (the hands start on a huge page), where ``bytes_per_row`` =
1,536 (the C hand, ``ph_hand``) + 8 * ``history`` + 35 * ``S`` + 68 (the observation and set-up arrays):
2,326 bytes for six seats and the default 64 actions (10⁶ six-max rows: 2.33 GB), 2,466 for ten. That is
allocated once, at construction; stepping allocates only the results of each call (``BatchStep``, about
2 bytes an entry) and, for a hand longer than ``history`` actions, a Python list of its earlier actions
(so ``to_hand`` can replay it), dropped when its row is dealt again. When a batch is freed, the mapping of its
hands and histories is kept for the next batch that fits in it (one at most, ``pyholdem.native.batch``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from pyholdem.engine.hand import Hand
from pyholdem.engine.policies import INDEX_LIMIT, SEED_LIMIT
from pyholdem.engine.setup import HandSetup, setup_from_arguments, with_stacks
from pyholdem.errors import BatchError, IllegalAction, NativeError, PyHoldemError, show_value
from pyholdem.native.batch import BatchArrays, row_bytes
from pyholdem.native.hand import LIMIT
from pyholdem.native.lib import lib
from pyholdem.native.parallel import MAX_THREADS
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.betting import ACTIONS
from pyholdem.values import is_int

__all__ = [
    "BET", "CALL", "CHECK", "FOLD", "LEGAL_BET", "LEGAL_CALL", "LEGAL_CHECK", "LEGAL_FOLD", "LEGAL_RAISE",
    "MAX_ROWS", "NO_ACTION", "RAISE", "REFUSALS", "BatchObservation", "BatchStep", "HandBatch",
]  # fmt: skip

FOLD, CHECK, CALL, BET, RAISE = range(len(ACTIONS))  # enum ph_action (csrc/generated/codes.h)
NO_ACTION = -1
LEGAL_FOLD, LEGAL_CHECK, LEGAL_CALL, LEGAL_BET, LEGAL_RAISE = (1 << k for k in range(len(ACTIONS)))
MAX_ROWS = 10**7
MAX_HISTORY = 4096
_BETS = (BET, RAISE)
_WORD = 2**32

REFUSALS: tuple[tuple[str, str], ...] = (
    ("", "applied, or no action"),
    ("6.1", "the hand is over; nobody is to act"),
    ("6.1", "not an action (fold 0, check 1, call 2, bet 3, raise 4; -1 for none)"),
    ("6.6", "check facing a bet preflop; only the big blind may check"),
    ("6.1", "check facing a bet"),
    ("6.1", "call with nothing to call"),
    ("6.1", "bet where there is a bet to raise"),
    ("6.1", "raise where there is no bet to raise"),
    ("6.7", "the player's chips do not go beyond the current bet"),
    ("6.9", "no other player has chips to call it"),
    ("7.2", "the betting was not reopened by a full raise since this player acted"),
    ("7.4", "the betting was not reopened by a full raise since this player acted"),
    ("5.4", "the raise cap for this round is reached"),
    ("5.8", "the raise cap for this round is reached"),
    ("6.7", "no other player could call more than the current bet (raise_needs_a_caller)"),
    ("5.12", "more than the player has"),
    ("5.12", "not a multiple of the chip unit"),
    ("5.5", "below the minimum bet"),
    ("5.6", "below the minimum raise"),
    ("5.3", "below the fixed-limit amount"),
    ("5.7", "above the no-limit maximum"),
    ("5.9", "above the pot-limit maximum"),
    ("5.3", "above the fixed-limit amount"),
)
"""Per refusal code (``BatchStep.errors``, ``enum ph_refusal``): the section ``Hand`` names when it refuses
the same action in the same state, and why."""
SECTIONS = np.array([section for section, _ in REFUSALS])


@dataclass(frozen=True, eq=False)  # arrays: compare their fields with numpy
class BatchObservation:
    """The batch as arrays, row ``i`` = hand ``i``; ``S`` = ``HandBatch.width`` (seats beyond a row's table:
    stack 0, folded, no cards). Read-only views of the batch's own arrays, updated in place by the next
    ``step`` or ``reset``: copy what you keep.

    ``to_act`` seat to act (-1 once over); ``legal`` bit ``1 << kind`` per legal action (``LEGAL_*``);
    ``call`` chips a call adds, ``min_to``/``max_to`` bounds of the bet or raise-to total (0: none);
    ``pot`` chips in the middle (§8; 0 once over); ``stacks``, ``bets`` (this round), ``folded`` (n, S);
    ``street`` 0..3 (preflop..river); ``board`` the board shown (n, 5; -1 not shown); ``holes`` (n, S, 2) card
    ids ``rank * 4 + suit`` (-1: not dealt or, in a per-seat view, hidden); ``revealed`` bit ``1 << seat`` for
    cards face up (§4.6, §8.3); ``done``; ``actions`` played this hand; ``net`` (n, S) and ``showdown`` of the
    row's last hand over; ``seats`` and ``button`` of each row's table."""

    to_act: np.ndarray
    legal: np.ndarray
    call: np.ndarray
    min_to: np.ndarray
    max_to: np.ndarray
    pot: np.ndarray
    stacks: np.ndarray
    bets: np.ndarray
    folded: np.ndarray
    street: np.ndarray
    board: np.ndarray
    holes: np.ndarray
    revealed: np.ndarray
    done: np.ndarray
    actions: np.ndarray
    net: np.ndarray
    showdown: np.ndarray
    seats: np.ndarray
    button: np.ndarray


@dataclass(frozen=True, eq=False)
class BatchStep:
    """What ``step`` did: per entry (row ``rows[j]``, or row ``j`` when ``rows`` is None) its refusal code
    (``errors``; 0: applied or no action; ``REFUSALS[code]`` its section and reason) and whether the hand
    ended by it (``finished``); ``ended`` the rows whose hands are over and reported now (in row order) with
    their ``net`` (len(ended), S) and ``showdown`` (with ``auto_reset``: each dealt again after the step)."""

    rows: np.ndarray | None
    errors: np.ndarray
    finished: np.ndarray
    ended: np.ndarray
    net: np.ndarray
    showdown: np.ndarray

    @property
    def refused(self) -> np.ndarray:
        """The rows whose action was refused."""
        bad = np.flatnonzero(self.errors)
        return bad if self.rows is None else self.rows[bad]

    def sections(self) -> np.ndarray:
        """Per entry, the section of its refusal ('' when none)."""
        sections: np.ndarray = SECTIONS[self.errors]
        return sections


def _fail(message: str, section: str | None = None) -> BatchError:
    return BatchError(message, section)


def _integers(name: str, value: object, length: int) -> np.ndarray:
    """``value`` as a 1-D NumPy integer array of ``length`` entries, or a ``BatchError`` naming it."""
    array = np.asarray(value)
    if length == 0 and array.size == 0 and not isinstance(value, np.ndarray):
        return np.empty(0, dtype=np.int64)
    if array.dtype.kind not in "iu":
        raise _fail(f"{name} must be an array of integers, not of dtype {array.dtype}")
    if array.shape != (length,):
        raise _fail(f"{name} has shape {array.shape}; the batch needs ({length},)")
    return array


def _int64(array: np.ndarray) -> np.ndarray:
    """An integer array as contiguous int64, unsigned values beyond its range clamped to 2**62 (an amount no
    stack reaches, a kind no action has)."""
    if array.dtype == np.uint64:
        array = np.minimum(array, np.uint64(2**62))
    return np.ascontiguousarray(array, dtype=np.int64)


def _count(name: str, value: object, low: int, high: int) -> int:
    if not is_int(value) or not low <= value <= high:
        raise _fail(f"{name} {show_value(value)} is not an int in {low}..{high}")
    return int(value)


def _keys_of(seeds: Sequence[int]) -> np.ndarray:
    """The 32-bit words of each seed (below 2**96), least significant first: the shuffle keys (§1.4)."""
    return np.array([(s % _WORD, s // _WORD % _WORD, s // _WORD**2) for s in seeds], dtype=np.uint32).reshape(
        -1, 3
    )


def _seed_keys(name: str, seeds: object, length: int) -> np.ndarray:
    """The keys of ``length`` seeds, each an int in 0..2**64 - 1 (an integer array, or a list of ints)."""
    if isinstance(seeds, np.ndarray):
        values = _integers(name, seeds, length)
        if values.dtype.kind == "i" and (values < 0).any():
            raise _fail(f"{name}: {int(values[values < 0][0])} is not an int in 0..2**64 - 1", "1.4")
    else:
        if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Sequence) or len(seeds) != length:
            raise _fail(f"{name} {show_value(seeds)} is not {length} seeds (ints in 0..2**64 - 1)")
        for value in seeds:
            if not is_int(value) or not 0 <= value < SEED_LIMIT:
                raise _fail(f"{name}: {show_value(value)} is not an int in 0..2**64 - 1", "1.4")
        values = np.array([int(v) for v in seeds], dtype=np.uint64)
    values = values.astype(np.uint64)
    keys = np.zeros((length, 3), dtype=np.uint32)
    keys[:, 0] = values % np.uint64(_WORD)
    keys[:, 1] = values // np.uint64(_WORD)
    return keys


def _numbered_keys(base: int, first: int, count: int) -> np.ndarray:
    """The keys of the seeds ``hand_seed(base, k)`` for ``k`` in ``first .. first + count - 1``."""
    keys = np.empty((count, 3), dtype=np.uint32)
    keys[:, 0] = np.arange(first, first + count, dtype=np.uint64).astype(np.uint32)
    keys[:, 1] = base % _WORD
    keys[:, 2] = base // _WORD
    return keys


def _layout_key(setup: HandSetup) -> tuple[object, ...]:
    return (setup.rules, setup.button, setup.posts, setup.blinds, setup.bet_sizes, setup.seats)


class HandBatch:
    """``n`` independent hands on the C engine, stepped with one call for all (module docstring).

    ``HandBatch(rules, n, stacks, button=..., blinds=..., ...)`` takes ``Hand``'s keywords for one set-up
    of every row; ``stacks`` is one list for every row or an (n, seats) array, one per row.
    ``HandBatch(setup, n)`` plays one ``HandSetup`` (without a seed or cards) in every row;
    ``HandBatch([setup, ...])`` one set-up per row (each its own rules, seats, button, posts and stacks; an
    int seed of its own seeds its row). ``seed``: see the module docstring. ``auto_reset``: rows whose hand
    is over are dealt a new hand after every step. ``threads`` splits the rows over threads (the same
    results for any count). ``history`` actions per row are kept in the row's arrays.

    Threads: ``threads=`` is how a batch uses several cores (its C steps run without the GIL). The
    object itself is not thread-safe: step, reset and observe it from one thread at a time. The arrays
    of ``observe()`` are read-only views that the next ``step`` or ``reset`` updates in place: copy
    them (``np.array(obs.stacks)``) before another thread reads them while the batch moves on.
    """

    def __init__(
        self,
        rules: RuleSet | HandSetup | Sequence[HandSetup],
        n: int | None = None,
        stacks: Any = None,
        *,
        seed: Any = None,
        auto_reset: bool = False,
        threads: int = 1,
        history: int = 64,
        **arguments: object,
    ) -> None:
        self.threads = _count("threads", threads, 1, MAX_THREADS)
        self.history = _count("history", history, 0, MAX_HISTORY)
        if not isinstance(auto_reset, bool):
            raise _fail(f"auto_reset {show_value(auto_reset)} is not True or False")
        self.auto_reset = auto_reset
        setups, index, initial, own_seeds = self._setups(rules, n, stacks, arguments)
        self.n = n = len(index)
        self._layouts = setups
        self.width = width = max(len(s.stacks) for s in setups)
        self.seed, keys = self._first_keys(seed, n, own_seeds)
        if auto_reset and self.seed is None:
            raise _fail(
                "auto_reset deals new hands by number from one seed; give seed=<int>, not one per row"
            )
        self._dealt = n
        self._spill: dict[int, list[int]] = {}
        self._room = self.history
        try:
            arrays = BatchArrays(setups, n, width, self.history)
        except NativeError as error:
            raise _fail(f"rules: {error.detail}") from None
        self._arrays = arrays
        a = arrays.arrays
        a["layout"][:] = index
        a["initial"][:] = initial
        a["keys"][:] = keys
        self._seats = np.array([len(s.stacks) for s in setups], dtype=np.int8)[index]
        self._button = np.array([s.button for s in setups], dtype=np.int8)[index]
        status, _ = arrays.deal(np.arange(n, dtype=np.int64), self.threads)
        bad = np.flatnonzero(status != lib.PH_OK)
        if bad.size:
            self._refuse_deal(int(bad[0]))
        self.bytes_per_row = row_bytes(width, self.history)

    # ------------------------------------------------------------------ set-up
    def _setups(
        self, rules: object, n: object, stacks: object, arguments: dict[str, object]
    ) -> tuple[list[HandSetup], np.ndarray, np.ndarray, list[int | None] | None]:
        """The distinct layouts, each row's layout index, each row's stacks (n, width) and set-up seeds."""
        if isinstance(rules, RuleSet):
            return self._keyword_setups(rules, n, stacks, arguments)
        if stacks is not None or arguments:
            raise _fail(
                "setup: HandBatch(setup, n) and HandBatch([setup, ...]) take no stacks or set-up keywords"
            )
        if isinstance(rules, HandSetup):
            count = _count("n", n, 1, MAX_ROWS)
            self._check_setup("setup", rules, own_seed=False)
            initial = np.tile(np.array(rules.stacks, dtype=np.int64), (count, 1))
            return [rules], np.zeros(count, dtype=np.int32), initial, None
        if isinstance(rules, (str, bytes)) or not isinstance(rules, Sequence) or not rules:
            raise _fail(f"rules {show_value(rules)} is not a RuleSet, a HandSetup or a list of HandSetups")
        if n is not None and n != len(rules):
            raise _fail(f"n {show_value(n)} is not the number of set-ups ({len(rules)})")
        _count("the number of set-ups", len(rules), 1, MAX_ROWS)
        layouts: dict[tuple[object, ...], int] = {}
        distinct: list[HandSetup] = []
        index = np.empty(len(rules), dtype=np.int32)
        seeds: list[int | None] = []
        for i, setup in enumerate(rules):
            if not isinstance(setup, HandSetup):
                raise _fail(f"setups[{i}] {show_value(setup)} is not a HandSetup")
            key = _layout_key(setup)
            if key not in layouts:
                self._check_setup(f"setups[{i}]", setup, own_seed=True)
                layouts[key] = len(distinct)
                distinct.append(setup)
            elif setup.seed is not None and not (is_int(setup.seed) and 0 <= setup.seed < _WORD**3):
                raise _fail(f"setups[{i}].seed {show_value(setup.seed)} is not an int in 0..2**96 - 1", "1.4")
            if sum(setup.stacks) >= LIMIT:
                raise _fail(f"setups[{i}]: the stacks add up to {LIMIT} chips or more (the C engine's limit)")
            index[i] = layouts[key]
            seeds.append(None if setup.seed is None else int(setup.seed))
        width = max(len(s.stacks) for s in distinct)
        initial = np.zeros((len(rules), width), dtype=np.int64)
        for i, setup in enumerate(rules):
            initial[i, : len(setup.stacks)] = setup.stacks
        return distinct, index, initial, seeds

    def _keyword_setups(
        self, rules: RuleSet, n: object, stacks: object, arguments: dict[str, Any]
    ) -> tuple[list[HandSetup], np.ndarray, np.ndarray, None]:
        """The rows of ``HandBatch(rules, n, stacks, **arguments)``, the keywords as given
        (``setup_from_arguments`` checks them)."""
        count = _count("n", n, 1, MAX_ROWS)
        for name in ("seed", "hole_cards", "board"):
            if name in arguments:
                raise _fail(f"{name}: a batch deals every row from its own seed (HandBatch's seed=)")
        array = np.asarray(stacks)
        if array.dtype.kind not in "iu" or array.ndim not in (1, 2) or array.shape[-1] < 1:
            raise _fail(
                f"stacks {show_value(stacks)} is not a list of chip counts or an (n, seats) array of them"
            )
        if array.ndim == 2 and array.shape[0] != count:
            raise _fail(f"stacks has shape {array.shape}; one row per hand needs ({count}, seats)")
        first = array if array.ndim == 1 else array[0]
        setup = setup_from_arguments(rules, [int(x) for x in first], **arguments)
        self._check_setup("setup", setup, own_seed=False)
        if array.ndim == 1:
            return [setup], np.zeros(count, dtype=np.int32), np.tile(first.astype(np.int64), (count, 1)), None
        low = np.flatnonzero((array <= 0).any(axis=1))
        if low.size:
            row = int(low[0])
            raise _fail(
                f"stacks: row {row} is {array[row].tolist()}; every seat is in and needs chips > 0", "3.1"
            )
        high = np.flatnonzero((array >= LIMIT).any(axis=1) | (array.astype(np.uint64).sum(axis=1) >= LIMIT))
        if high.size:
            raise _fail(f"stacks: row {int(high[0])} adds up to {LIMIT} chips or more (the C engine's limit)")
        return [setup], np.zeros(count, dtype=np.int32), array.astype(np.int64), None

    @staticmethod
    def _check_setup(name: str, setup: HandSetup, *, own_seed: bool) -> None:
        """Refuse a set-up the batch cannot deal again and again on the C engine (``Hand``'s own refusal)."""
        if setup.hole_cards is not None or setup.board:
            raise _fail(
                f"{name}: a batch deals every hand from its seed; the set-up must fix no cards", "3.20"
            )
        if setup.seed is not None and not (own_seed and is_int(setup.seed) and 0 <= setup.seed < _WORD**3):
            what = "an int in 0..2**96 - 1 or None" if own_seed else "None (HandBatch's seed= seeds the rows)"
            raise _fail(f"{name}.seed {show_value(setup.seed)} must be {what}", "1.4")
        try:
            Hand(with_stacks(setup, tuple(int(s) for s in setup.stacks), 0), engine="native")
        except NativeError as error:
            raise _fail(f"{name}: {error.detail}") from None

    def _first_keys(
        self, seed: object, n: int, own: list[int | None] | None
    ) -> tuple[int | None, np.ndarray]:
        """The batch's seed (None when seeded row by row) and the keys of the rows' first hands."""
        if seed is None or is_int(seed):
            if seed is None:
                base = int.from_bytes(os.urandom(8), "little")
            elif not 0 <= seed < SEED_LIMIT:
                raise _fail(f"seed {show_value(seed)} is not an int in 0..2**64 - 1", "1.4")
            else:
                base = int(seed)
            keys = _numbered_keys(base, 0, n)
        else:
            base = None
            keys = _seed_keys("seed", seed, n)
        if own is not None:
            mine = [i for i, s in enumerate(own) if s is not None]
            if mine:
                keys[mine] = _keys_of([s for s in own if s is not None])
        return base, keys

    def _refuse_deal(self, row: int) -> None:
        """Raise the refusal ``Hand`` gives for row ``row``'s set-up (a straddle it cannot post, §3.16)."""
        try:
            Hand(self.setup(row), engine="native")
        except PyHoldemError as error:
            raise _fail(f"row {row}: {error.detail}", error.section) from None
        raise NativeError(f"ph_batch_deal refused row {row}, which Hand deals")

    # ------------------------------------------------------------------ queries
    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        done = int(self._arrays.arrays["done"].sum())
        return f"<HandBatch {self.n} hands, {done} over, {self.width} seats wide>"

    def observe(self, seat: Any = None) -> BatchObservation:
        """The batch as arrays (``BatchObservation``). ``seat``: None for every hole card; a seat, an array
        of ``n`` seats or ``"to_act"`` for what that seat of each row sees — its own cards and those face up
        (§4.6, §8.3), every other hole card -1."""
        a = self._arrays.arrays
        views = {name: a[name].view() for name in (
            "to_act", "legal", "call", "min_to", "max_to", "pot", "stacks", "bets", "street", "board",
            "holes", "revealed", "actions", "net",
        )}  # fmt: skip
        views["folded"] = a["folded"].view(bool)
        views["done"] = a["done"].view(bool)
        views["showdown"] = a["showdown"].view(bool)
        views["seats"], views["button"] = self._seats.view(), self._button.view()
        if seat is not None:
            views["holes"] = self._hidden(seat)
        for array in views.values():
            array.flags.writeable = False
        return BatchObservation(**views)

    def _hidden(self, seat: object) -> np.ndarray:
        a = self._arrays.arrays
        if isinstance(seat, str) and seat == "to_act":
            viewer = a["to_act"].astype(np.int64)
        elif is_int(seat):
            viewer = np.full(self.n, _count("seat", seat, 0, self.width - 1), dtype=np.int64)
        else:
            viewer = _integers("seat", seat, self.n).astype(np.int64)
            if ((viewer < 0) | (viewer >= self.width)).any():
                raise _fail(f"seat: every entry must be a seat in 0..{self.width - 1}")
        places = np.arange(self.width)
        sees = (places == viewer[:, None]) | ((a["revealed"][:, None].astype(np.int64) >> places) & 1).astype(
            bool
        )
        return np.where(sees[:, :, None], a["holes"], np.int8(-1))

    def row_seed(self, row: int) -> int:
        """The seed of row ``row``'s hand (what ``Hand``'s ``seed=`` deals it from, §1.4)."""
        k0, k1, k2 = (int(x) for x in self._arrays.arrays["keys"][self._row(row)])
        return k0 + k1 * _WORD + k2 * _WORD**2

    def setup(self, row: int) -> HandSetup:
        """Row ``row``'s hand as a ``HandSetup`` with its seed (``Hand(batch.setup(i))`` deals that hand)."""
        r = self._row(row)
        layout = self._layouts[int(self._arrays.arrays["layout"][r])]
        stacks = tuple(int(x) for x in self._arrays.arrays["initial"][r, : len(layout.stacks)])
        return with_stacks(layout, stacks, self.row_seed(r))

    def actions(self, row: int) -> list[tuple[str, int | None]]:
        """The actions played so far in row ``row``'s hand, as ``(kind, amount)``."""
        r = self._row(row)
        if self.history == 0:
            raise _fail("history=0: the batch keeps no actions, so a row cannot be read back as a Hand")
        length = int(self._arrays.arrays["hist_len"][r])
        packed = self._spill.get(r, []) + self._arrays.hist[:length, r].tolist()
        return [(ACTIONS[p % 8], p // 8 if p % 8 in _BETS else None) for p in packed]

    def to_hand(self, row: int) -> Hand:
        """Row ``row``'s hand as a full ``Hand`` (its set-up, seed and actions replayed): its events, state
        and result, and its PHH history (``pyholdem.history.record.history_from_hand``)."""
        actions = self.actions(row)
        hand = Hand(self.setup(row))
        for kind, amount in actions:
            hand.act(kind, amount)
        return hand

    def _row(self, row: object) -> int:
        return _count("row", row, 0, self.n - 1)

    # ------------------------------------------------------------------ stepping
    def step(self, kinds: Any, amounts: Any = None, *, rows: Any = None, strict: bool = False) -> BatchStep:
        """One action per row (``rows`` None) or per listed row (``rows``: strictly increasing row indices):
        ``kinds`` ``FOLD``..``RAISE`` or ``NO_ACTION``; ``amounts`` the bet or raise-to totals (ignored for
        the other kinds; None: none). A refused action leaves its row unchanged and is reported in
        ``errors``; with ``strict`` the first refused one raises ``IllegalAction`` (``Hand``'s refusal, the
        row named) and nothing changes. Arrays of the wrong shape or dtype raise ``BatchError``."""
        if rows is not None:
            rows = _int64(_integers("rows", rows, np.size(rows)))
            if rows.size and (rows[0] < 0 or rows[-1] >= self.n or (np.diff(rows) <= 0).any()):
                raise _fail(f"rows must be strictly increasing row indices in 0..{self.n - 1}")
        count = self.n if rows is None else len(rows)
        kinds = _int64(_integers("kinds", kinds, count))
        amounts = (
            np.zeros(count, dtype=np.int64)
            if amounts is None
            else _int64(_integers("amounts", amounts, count))
        )
        if not isinstance(strict, bool):
            raise _fail(f"strict {show_value(strict)} is not True or False")
        self._make_room()
        arrays = self._arrays
        if strict:
            codes, _ = arrays.step(rows, kinds, amounts, False, self.threads)
            bad = np.flatnonzero(codes)
            if bad.size:
                j = int(bad[0])
                self._raise_refusal(
                    j if rows is None else int(rows[j]), int(kinds[j]), int(amounts[j]), int(codes[j])
                )
        codes, finished = arrays.step(rows, kinds, amounts, True, self.threads)
        if codes.size and codes.max() >= lib.PH_BATCH_NO_ROOM:
            raise NativeError("ph_batch_step: the C engine refused an action ph_hand_refusal allowed")
        a = arrays.arrays
        if self.auto_reset:
            ended = np.flatnonzero(a["done"])
        else:
            ended = np.flatnonzero(finished) if rows is None else rows[finished.view(bool)]
        net, showdown = np.take(a["net"], ended, axis=0), np.take(a["showdown"], ended).view(bool)
        if self.auto_reset and ended.size:
            self._deal(ended, None)
        return BatchStep(rows, codes, finished.view(bool), ended, net, showdown)

    def _raise_refusal(self, row: int, kind: int, amount: int, code: int) -> None:
        """Raise ``Hand``'s refusal of the action for row ``row`` (replayed), else the refusal code's own."""
        section, reason = REFUSALS[code] if code < len(REFUSALS) else ("", f"refusal {code}")
        if self.history:
            name: object = ACTIONS[kind] if 0 <= kind < len(ACTIONS) else kind
            try:
                self.to_hand(row).act(name, amount if kind in _BETS else None)  # type: ignore[arg-type]  # an unknown kind too: Hand's refusal
            except IllegalAction as error:
                raise IllegalAction(f"row {row}: {error.detail}", error.section) from None
        raise IllegalAction(
            f"row {row}: {ACTIONS[kind] if 0 <= kind < 5 else kind} {amount}: {reason}", section
        )

    def _make_room(self) -> None:
        """Make room for the next step's action in every row: move the history of every row whose history is
        full to its Python list. A step adds at most one entry to a row, so the rows are looked at only once
        the room known to be left in every row (``_room``) is used up."""
        if not self.history:
            return
        if self._room > 0:
            self._room -= 1
            return
        length = self._arrays.arrays["hist_len"]
        full = np.flatnonzero(length >= self.history)
        for r, kept in zip(full.tolist(), self._arrays.hist[:, full].T.tolist(), strict=True):
            self._spill.setdefault(r, []).extend(kept)
        length[full] = 0
        self._room = self.history - int(length.max(initial=0)) - 1

    def reset(self, rows: Any = None, *, seeds: Any = None) -> np.ndarray:
        """Deal a new hand in each of ``rows`` (default: every row whose hand is over), each over; ``seeds``
        one per row (ints in 0..2**64 - 1), else the next hands by number of the batch's seed. Returns the
        rows dealt."""
        done = self._arrays.arrays["done"]
        if rows is None:
            rows = np.flatnonzero(done)
        else:
            rows = _int64(_integers("rows", rows, np.size(rows)))
            if rows.size and (rows.min() < 0 or rows.max() >= self.n or len(np.unique(rows)) != len(rows)):
                raise _fail(f"rows must be distinct row indices in 0..{self.n - 1}")
            busy = rows[done[rows] == 0]
            if busy.size:
                raise _fail(
                    f"rows: row {int(busy[0])}'s hand is not over; only finished rows are dealt again"
                )
        keys = None
        if seeds is not None:
            keys = _seed_keys("seeds", seeds, len(rows))
        self._deal(rows, keys)
        return cast(np.ndarray, rows)

    def _deal(self, rows: np.ndarray, keys: np.ndarray | None) -> None:
        if keys is None:
            if self.seed is None:
                raise _fail("seeds: the batch was seeded row by row; give each reset row its seed (seeds=)")
            if self._dealt + len(rows) > INDEX_LIMIT:
                raise _fail(f"rows: the batch has dealt {self._dealt} hands; its seed numbers at most 2**32")
            keys = _numbered_keys(self.seed, self._dealt, len(rows))
            self._dealt += len(rows)
        rows = np.ascontiguousarray(rows, dtype=np.int64)
        self._arrays.arrays["keys"][rows] = keys
        for r in self._spill.keys() & set(rows.tolist()) if self._spill else ():
            del self._spill[r]
        status, _ = self._arrays.deal(rows, self.threads)
        if (status != lib.PH_OK).any():
            raise NativeError("ph_batch_deal refused a row it dealt before")

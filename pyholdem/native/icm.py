"""ICM (§9.19) in C (csrc/icm.c): the twin of ``pyholdem.spec.tournament.icm_values``.

Exact Malmuth–Harville values by dynamic programming over the sets of players placed, one layer of
k-subsets at a time (binary floats, within about 1e-12 of the pool), and a sampler that draws only the
paid places of each Harville finishing order from a Fenwick tree of the stacks (integer weights, so each
place is drawn with exactly the chips' odds). The checks, the choice of ``"auto"`` and the error bound
are the spec's (``icm_field``, ``icm_error_bound``); the sampler's stream is its own, so its estimates
differ from the spec's for the same seed while obeying the same bound.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from fractions import Fraction
from math import comb

import numpy as np

from pyholdem.errors import RuleViolation
from pyholdem.native.lib import check, ffi, lib
from pyholdem.spec.cards import shuffle_seed
from pyholdem.spec.tournament import ICMResult, icm_error_bound, icm_field

MAX_LAYER = 2**23
"""The most sets of players placed one layer of the exact computation holds (two layers: 128 MiB)."""
STACK_BITS = 62
PRIZE_LIMIT = 2**63


def exact_layer(players: int, paid: int) -> int:
    """The largest layer the exact computation of ``players`` over ``paid`` places holds."""
    return max((comb(players, k) for k in range(paid)), default=1)


def _stacks(stacks: Sequence[int]) -> np.ndarray:
    total = sum(stacks)
    shift = max(0, total.bit_length() - STACK_BITS + 1)
    if shift:
        stacks = [max(1, s >> shift) for s in stacks]
    if len(stacks) > lib.PH_ICM_MAX_PLAYERS:
        raise RuleViolation(
            f"{len(stacks)} players is more than the C twin's {lib.PH_ICM_MAX_PLAYERS} (§9.19)", "9.19"
        )
    return np.array(stacks, dtype=np.int64)


def _seed64(seed: object) -> int:
    checked = shuffle_seed(seed)
    if checked is None:
        return int.from_bytes(os.urandom(8), "little")
    if isinstance(checked, int):
        return checked % 2**64
    raw = checked.encode() if isinstance(checked, str) else checked
    return int.from_bytes(hashlib.sha256(raw).digest()[:8], "little")


def icm_exact(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[float, ...]:
    """Exact values (floats) of checked ``stacks`` over the padded ``prizes`` (``icm_field``'s)."""
    n = len(stacks)
    paid = min(n, max((i + 1 for i, p in enumerate(prizes) if p), default=0))
    if paid == 0:
        return (0.0,) * n
    layer = exact_layer(n, paid)
    if paid > lib.PH_ICM_MAX_EXACT_PAID or layer > MAX_LAYER:
        raise RuleViolation(
            f"exact ICM of {n} players over {paid} paid places needs {layer} sets in one layer, more "
            f"than the {MAX_LAYER} the C twin holds; use method='sample' (§9.19)",
            "9.19",
        )
    c_stacks = _stacks(stacks)
    c_prizes = np.array([float(p) for p in prizes[:paid]], dtype=np.float64)
    binom = np.empty((n + 1) * (paid + 2), dtype=np.int64)
    layers = np.empty(2 * layer, dtype=np.float64)
    values = np.empty(n, dtype=np.float64)
    status = lib.ph_icm_exact(
        n,
        ffi.from_buffer("int64_t[]", c_stacks),
        paid,
        ffi.from_buffer("double[]", c_prizes),
        ffi.from_buffer("int64_t[]", binom),
        ffi.from_buffer("double[]", layers),
        layer,
        ffi.from_buffer("double[]", values),
    )
    check(status, "exact ICM", "9.19")
    return tuple(float(v) for v in values)


def icm_sample(
    stacks: Sequence[int], prizes: Sequence[int], trials: int, seed: object
) -> tuple[Fraction, ...]:
    """Mean prize of each player over ``trials`` sampled Harville orders (checked inputs, padded prizes)."""
    n = len(stacks)
    paid = min(n, max((i + 1 for i, p in enumerate(prizes) if p), default=0))
    if paid == 0:
        return (Fraction(0),) * n
    if max(prizes) >= PRIZE_LIMIT or trials >= PRIZE_LIMIT:
        raise RuleViolation(
            f"prizes up to {max(prizes)} over {trials} trials exceed the C twin's 63-bit counts (§9.19)",
            "9.19",
        )
    c_stacks = _stacks(stacks)
    c_prizes = np.array(prizes[:paid], dtype=np.int64)
    tree = np.empty((1 << (n - 1).bit_length()) + 1, dtype=np.int64)
    placed = np.empty(paid, dtype=np.int32)
    sums = np.empty(2 * n, dtype=np.uint64)
    draw = {
        "players": n,
        "paid": paid,
        "stacks": ffi.from_buffer("int64_t[]", c_stacks),
        "prizes": ffi.from_buffer("int64_t[]", c_prizes),
        "trials": trials,
        "seed": _seed64(seed),
        "tree": ffi.from_buffer("int64_t[]", tree),
        "placed": ffi.from_buffer("int32_t[]", placed),
        "sums": ffi.from_buffer("uint64_t[]", sums),
    }
    status = lib.ph_icm_sample(ffi.new("ph_icm_draw *", draw))
    check(status, "sampled ICM", "9.19")
    pairs = sums.tolist()
    return tuple(Fraction(pairs[2 * j] + (pairs[2 * j + 1] << 64), trials) for j in range(n))


def icm_values(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    method: str = "auto",
    trials: int = 20_000,
    seed: object = None,
) -> ICMResult:
    """§9.19 in C: the spec's ``icm_values`` (same checks, same choice of method, same bound), exact
    values as floats, sampled ones as the exact means of the orders drawn."""
    padded, _, exact = icm_field(stacks, prizes, method)
    if exact:
        return ICMResult(icm_exact(stacks, padded), True)
    bound = icm_error_bound(padded, trials)
    return ICMResult(icm_sample(stacks, padded, trials, seed), False, bound, trials)

"""Generate ``csrc/generated/eval_tables.h``, the C evaluator's lookup tables, from the Python spec.

Every value in the tables is computed by ``pyholdem.spec.rankings`` (spec 02):

* ``PH_FLUSH_TABLE[m]``: for each 13-bit set ``m`` of 5 to 7 ranks of one suit, the value of the
  best five of those suited cards (a flush or a straight flush).
* ``PH_RANK_TABLE``: for each multiset of 5 to 7 ranks (each rank at most four times), the value of
  the best five cards when no five share a suit. It is indexed through a perfect hash of the
  rank-count key ``sum(count[r] << 3r)``: ``h = key * PH_HASH_MULT`` (mod 2**64), bucket = the top
  ``PH_BUCKET_BITS`` bits of ``h``, slot = ``((h >> 16) mod 2**32) * PH_RANK_TABLE_SIZE >> 32`` plus
  the bucket's displacement ``PH_DISPLACE[bucket]``, modulo the table size ("hash and displace").
* ``PH_CARD_KEY[c]``: what card ``c`` adds to a hand key: ``1 << 4*suit`` (four 4-bit suit
  counters that start at 3, so bit 3 of a counter is set once a suit has five) plus
  ``1 << (16 + 3*rank)``; the rank-count key is the hand key shifted right by 16.
  Entries 52..255 carry ``PH_BAD_CARD`` so that any byte can be looked up safely.
* ``PH_CARD_BIT[c]``: ``1 << c`` for a card, 0 for bytes 52..255 (duplicate and range checks);
  ``PH_CARD_KEY_BIT`` interleaves the two. The sum of the bits of k cards has k bits set exactly
  when the cards are distinct and in range.

Run ``python tools/generate_tables.py`` to rewrite the file; ``--check`` exits 1 if the file
differs from what the spec generates (the test suite runs the same comparison).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np

from pyholdem.spec.cards import standard_deck
from pyholdem.spec.rankings import five_card_key, value_of_key

OUTPUT = Path(__file__).resolve().parent.parent / "csrc" / "generated" / "eval_tables.h"

RANK_BITS = 3
RANK_SHIFT = 16
SUIT_SHIFT = 0
KEY_INIT = 0x3333 << SUIT_SHIFT
FLUSH_CHECK = 0x8888 << SUIT_SHIFT
BAD_CARD = 1 << 63
BUCKET_BITS = 14
RANK_TABLE_SIZE = 76000
MAX_DISPLACEMENT = 1 << 16
FIRST_MULT = 0x9E3779B97F4A7C15
MAX_ATTEMPTS = 200
MASK64 = (1 << 64) - 1

DECK = standard_deck()


def spec_value(ranks: Iterable[int], suits: Iterable[int]) -> int:
    """The spec's value of the five cards with these ranks and suits."""
    return value_of_key(five_card_key([DECK[r * 4 + s] for r, s in zip(ranks, suits, strict=True)]))


def offsuit(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Suits for sorted ``ranks`` such that no suit repeats within a rank and no flush forms."""
    return tuple(i % 4 for i in range(len(ranks)))


@cache
def five_card_offsuit(ranks: tuple[int, ...]) -> int:
    suits = offsuit(ranks)
    if len(set(suits)) == 1:
        raise AssertionError(ranks)
    return spec_value(ranks, suits)


def rank_multisets(size: int) -> list[tuple[int, ...]]:
    return [m for m in combinations_with_replacement(range(13), size) if max(Counter(m).values()) <= 4]


def nonflush_values() -> dict[tuple[int, ...], int]:
    """Best five (§2.4) of every rank multiset of 5, 6 or 7 cards, with no flush possible."""
    values: dict[tuple[int, ...], int] = {}
    for size in (5, 6, 7):
        for multiset in rank_multisets(size):
            values[multiset] = max(five_card_offsuit(five) for five in set(combinations(multiset, 5)))
    return values


def flush_table() -> list[int]:
    """Best five (§2.4) of every set of 5 to 7 suited ranks, indexed by the 13-bit rank mask."""
    table = [0] * (1 << 13)
    for size in (5, 6, 7):
        for ranks in combinations(range(13), size):
            best = max(spec_value(five, (0,) * 5) for five in combinations(ranks, 5))
            table[sum(1 << r for r in ranks)] = best
    return table


def rank_key(ranks: Iterable[int]) -> int:
    return sum(1 << (RANK_BITS * r) for r in ranks)


def hash_parts(keys: np.ndarray, mult: int) -> tuple[np.ndarray, np.ndarray]:
    h = keys * np.uint64(mult)
    bucket = h >> np.uint64(64 - BUCKET_BITS)
    low = (h >> np.uint64(16)) & np.uint64(MASK64 >> 32)
    slot = (low * np.uint64(RANK_TABLE_SIZE)) >> np.uint64(32)
    return bucket.astype(np.int64), slot.astype(np.int64)


def place(keys: np.ndarray, mult: int) -> tuple[list[int], list[int]] | None:
    """Displacements and slots for ``keys`` under ``mult``, or None if this multiplier fails."""
    buckets, slots = hash_parts(keys, mult)
    order = np.lexsort((slots, buckets))
    members: dict[int, list[int]] = {}
    for i in order.tolist():
        members.setdefault(int(buckets[i]), []).append(i)
    free = np.ones(RANK_TABLE_SIZE, dtype=bool)
    displacement = [0] * (1 << BUCKET_BITS)
    slot_of = [0] * len(keys)
    for bucket in sorted(members, key=lambda b: (-len(members[b]), b)):
        items = members[bucket]
        base = slots[items]
        if len(set(base.tolist())) != len(items):
            return None
        found = None
        for start in range(0, MAX_DISPLACEMENT, 512):
            tries = np.arange(start, min(start + 512, MAX_DISPLACEMENT))
            ok = free[(base[:, None] + tries[None, :]) % RANK_TABLE_SIZE].all(axis=0)
            if ok.any():
                found = int(tries[int(ok.argmax())])
                break
        if found is None:
            return None
        displacement[bucket] = found
        for i, s in zip(items, ((base + found) % RANK_TABLE_SIZE).tolist(), strict=True):
            free[s] = False
            slot_of[i] = s
    return displacement, slot_of


def perfect_hash(values: dict[tuple[int, ...], int]) -> tuple[int, list[int], list[int]]:
    multisets = sorted(values)
    keys = np.array([rank_key(m) for m in multisets], dtype=np.uint64)
    mult = FIRST_MULT
    for _ in range(MAX_ATTEMPTS):
        placed = place(keys, mult)
        if placed is not None:
            displacement, slot_of = placed
            table = [0] * RANK_TABLE_SIZE
            for m, s in zip(multisets, slot_of, strict=True):
                table[s] = values[m]
            return mult, displacement, table
        mult = (mult + 2 * FIRST_MULT) & MASK64 | 1
    raise SystemExit(f"no perfect hash in {MAX_ATTEMPTS} multipliers: raise RANK_TABLE_SIZE or BUCKET_BITS")


def card_keys() -> list[int]:
    keys = [BAD_CARD] * 256
    for c in DECK:
        keys[c] = (1 << (RANK_SHIFT + RANK_BITS * c.rank)) + (1 << (SUIT_SHIFT + 4 * c.suit))
    return keys


def card_bits() -> list[int]:
    return [1 << c if c < len(DECK) else 0 for c in range(256)]


def card_key_bits() -> list[int]:
    """``PH_CARD_KEY`` and ``PH_CARD_BIT`` interleaved, for one 16-byte load per card."""
    return [x for pair in zip(card_keys(), card_bits(), strict=True) for x in pair]


def c_array(ctype: str, name: str, values: list[int], per_line: int, fmt: str) -> str:
    lines = [f"static const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(fmt.format(v) for v in values[i : i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def render() -> str:
    values = nonflush_values()
    mult, displacement, table = perfect_hash(values)
    flush = flush_table()
    size = 2 * (len(table) + len(displacement) + len(flush)) + 4 * 8 * 256
    return "\n".join(
        [
            "/* Generated by tools/generate_tables.py from pyholdem.spec.rankings (spec 02). Do not edit. */",
            f"/* {len(values)} rank multisets, {sum(1 for v in flush if v)} suited rank sets, "
            f"{size} bytes of tables. */",
            "#ifndef PYHOLDEM_EVAL_TABLES_H",
            "#define PYHOLDEM_EVAL_TABLES_H",
            "",
            "#include <stdint.h>",
            "",
            f"#define PH_SUIT_SHIFT {SUIT_SHIFT}",
            f"#define PH_KEY_INIT 0x{KEY_INIT:016x}ull",
            f"#define PH_FLUSH_CHECK 0x{FLUSH_CHECK:016x}ull",
            f"#define PH_RANK_SHIFT {RANK_SHIFT}",
            f"#define PH_BAD_CARD 0x{BAD_CARD:016x}ull",
            f"#define PH_HASH_MULT 0x{mult:016x}ull",
            f"#define PH_BUCKET_BITS {BUCKET_BITS}",
            f"#define PH_RANK_TABLE_SIZE {RANK_TABLE_SIZE}u",
            "",
            c_array("uint64_t", "PH_CARD_KEY", card_keys(), 4, "0x{:016x}ull"),
            "",
            c_array("uint64_t", "PH_CARD_BIT", card_bits(), 4, "0x{:016x}ull"),
            "",
            c_array("_Alignas(16) uint64_t", "PH_CARD_KEY_BIT", card_key_bits(), 4, "0x{:016x}ull"),
            "",
            c_array("uint16_t", "PH_DISPLACE", displacement, 12, "{:5d}"),
            "",
            c_array("uint16_t", "PH_FLUSH_TABLE", flush, 12, "{:5d}"),
            "",
            c_array("uint16_t", "PH_RANK_TABLE", table, 12, "{:5d}"),
            "",
            "#endif",
            "",
        ]
    )


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        same = OUTPUT.exists() and OUTPUT.read_text() == text
        print(f"{OUTPUT.name}: {'up to date' if same else 'DIFFERS from the spec'}")
        return 0 if same else 1
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text)
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

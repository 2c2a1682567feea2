"""Generate ``csrc/generated/eval_tables.h``, the C evaluator's lookup tables, from the Python spec.

Every value in the tables is computed by ``pyholdem.spec.rankings`` (spec 02):

* ``PH_FLUSH_TABLE[m]``: for each 13-bit set ``m`` of 5 to 7 ranks of one suit, the value of the
  best five of those suited cards (a flush or a straight flush).
* ``PH_RANK_TABLE``: for each multiset of 5 to 7 ranks (each rank at most four times), the value of
  the best five cards when no five share a suit. It is indexed by the rank sum
  ``s = sum(PH_RANK_WEIGHT[r] for each card)``, which differs for any two such multisets (the weights
  are checked here), through one row displacement (a single table read after one small,
  cache-resident offset read, no multiply): ``PH_RANK_TABLE[(s >> PH_ROW_BITS) +
  PH_ROW_OFFSET[s & (2**PH_ROW_BITS - 1)]]``. Rows are packed first-fit, largest first.
* ``PH_CARD_KEY[c]``: what card ``c`` adds to a hand key: ``1 << 4*suit`` (four 4-bit suit
  counters that start at 3, so bit 3 of a counter is set once a suit has five) plus
  ``PH_RANK_WEIGHT[rank] << 16``; the rank sum is the hand key shifted right by 16.
  Entries 52..255 carry ``PH_BAD_CARD`` so that any byte can be looked up safely.
* ``PH_CARD_BIT[c]``: ``1 << c`` for a card, 0 for bytes 52..255 (duplicate and range checks):
  the sum of the bits of k cards has k bits set exactly when the cards are distinct and in range.
* ``PH_SUIT_BIT[c]``: ``1 << (16*suit + rank)`` for a card, 0 for bytes 52..255: the sum over a
  flush hand's cards holds the flush suit's ranks in that suit's 16 bits.

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

RANK_SHIFT = 16
SUIT_SHIFT = 0
KEY_INIT = 0x3333 << SUIT_SHIFT
FLUSH_CHECK = 0x8888 << SUIT_SHIFT
BAD_CARD = 1 << 63
# Rank weights (deuce .. ace), found by a greedy search (each the smallest above the last that keeps
# the sums of all multisets of at most seven ranks distinct); checked by rank_sums() below.
RANK_WEIGHT = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)
SUM_BITS = 25  # every sum of at most seven weights is below 2**25
ROW_BITS = 13  # the low 13 bits of a sum pick its row, the rest is its column in the row
ROWS = 1 << ROW_BITS
COLUMNS = 1 << (SUM_BITS - ROW_BITS)

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


def rank_sum(ranks: Iterable[int]) -> int:
    return sum(RANK_WEIGHT[r] for r in ranks)


def rank_sums(values: dict[tuple[int, ...], int]) -> dict[int, int]:
    """The value of each rank sum; fails if two multisets share a sum or a sum needs SUM_BITS + 1 bits."""
    by_sum: dict[int, int] = {}
    for multiset, value in values.items():
        key = rank_sum(multiset)
        if key in by_sum or key >> SUM_BITS:
            raise SystemExit(f"rank weights do not separate {multiset}: change RANK_WEIGHT")
        by_sum[key] = value
    return by_sum


def row_displacement(by_sum: dict[int, int]) -> tuple[list[int], list[int]]:
    """Row offsets and the packed table: the sum ``s`` goes to slot ``(s >> ROW_BITS) + offset[s % ROWS]``.

    Rows with the most sums are placed first, each at the lowest offset where every slot it needs is
    still empty (first fit, largest first)."""
    rows: dict[int, list[int]] = {}
    for key in sorted(by_sum):
        rows.setdefault(key & (ROWS - 1), []).append(key)
    capacity = 2 * len(by_sum) + COLUMNS
    table = np.zeros(capacity, dtype=np.int64)
    free = np.ones(capacity + COLUMNS, dtype=bool)
    offsets = [0] * ROWS
    end = 0  # slots from here on are all empty
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        cols = [k >> ROW_BITS for k in rows[row]]
        offset = np.flatnonzero(free[: end + COLUMNS]) - cols[0]
        offset = offset[offset >= 0]
        for c in cols[1:]:
            offset = offset[free[offset + c]]
        found = int(offset[0])
        slots = np.array(cols) + found
        free[slots] = False
        table[slots] = [by_sum[k] for k in rows[row]]
        offsets[row] = found
        end = max(end, int(slots[-1]) + 1)
    size = max(offsets) + COLUMNS  # any column of any row stays inside the table
    return offsets, [int(v) for v in table[:size]]


def card_keys() -> list[int]:
    keys = [BAD_CARD] * 256
    for c in DECK:
        keys[c] = (RANK_WEIGHT[c.rank] << RANK_SHIFT) + (1 << (SUIT_SHIFT + 4 * c.suit))
    return keys


def card_bits() -> list[int]:
    return [1 << c if c < len(DECK) else 0 for c in range(256)]


def suit_bits() -> list[int]:
    return [1 << (16 * DECK[c].suit + DECK[c].rank) if c < len(DECK) else 0 for c in range(256)]


def c_array(ctype: str, name: str, values: list[int], per_line: int, fmt: str) -> str:
    lines = [f"static const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(fmt.format(v) for v in values[i : i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def render() -> str:
    values = nonflush_values()
    offsets, table = row_displacement(rank_sums(values))
    flush = flush_table()
    size = 2 * (len(table) + len(flush)) + 4 * len(offsets) + 3 * 8 * 256
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
            f"#define PH_SUM_BITS {SUM_BITS}",
            f"#define PH_ROW_BITS {ROW_BITS}",
            f"#define PH_RANK_TABLE_SIZE {len(table)}u",
            "",
            c_array("uint64_t", "PH_CARD_KEY", card_keys(), 4, "0x{:016x}ull"),
            "",
            c_array("uint64_t", "PH_CARD_BIT", card_bits(), 4, "0x{:016x}ull"),
            "",
            c_array("uint64_t", "PH_SUIT_BIT", suit_bits(), 4, "0x{:016x}ull"),
            "",
            c_array("uint32_t", "PH_ROW_OFFSET", offsets, 10, "{:6d}"),
            "",
            c_array("uint16_t", "PH_FLUSH_TABLE", flush, 12, "{:5d}"),
            "",
            c_array("uint16_t", "PH_RANK_TABLE", table, 12, "{:5d}"),
            "",
            "/* The value of a hand key without a flush: one offset read (a 32 KB table) and one table read.",
            "   Any key stays inside both tables. */",
            "static inline unsigned ph_rank_value(uint64_t key)",
            "{",
            "    uint32_t sum = (uint32_t)(key >> PH_RANK_SHIFT) & ((1u << PH_SUM_BITS) - 1);",
            "    uint32_t row = sum & ((1u << PH_ROW_BITS) - 1);",
            "    return PH_RANK_TABLE[(sum >> PH_ROW_BITS) + PH_ROW_OFFSET[row]];",
            "}",
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

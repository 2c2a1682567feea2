"""The C evaluator's tables are generated from the spec: regenerating them changes no byte."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "tools" / "generate_tables.py"
TABLES = ROOT / "csrc" / "generated" / "eval_tables.h"


def load_generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("generate_tables", GENERATOR)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_2_7_generated_tables_match_the_spec_byte_for_byte() -> None:
    generated = load_generator().render()
    checked_in = TABLES.read_text()
    assert generated == checked_in, (
        "csrc/generated/eval_tables.h drifted: run python tools/generate_tables.py"
    )


def test_2_7_tables_fit_in_l2() -> None:
    sizes = {"uint16_t": 2, "uint32_t": 4, "uint64_t": 8}
    total = 0
    for ctype, count in re.findall(
        r"static const (?:_Alignas\(\d+\) )?(uint16_t|uint32_t|uint64_t) \w+\[(\d+)\]", TABLES.read_text()
    ):
        total += sizes[ctype] * int(count)
    assert 0 < total <= 256 * 1024


def rank_multiset_hands(generator: Any, size: int) -> tuple[Any, Any]:
    """Every multiset of ``size`` ranks as one offsuit hand (no flush), and the value the generator
    computed from the spec for each: ``(hands, values)`` as NumPy arrays."""
    import numpy as np

    values = generator.nonflush_values()
    multisets = [m for m in values if len(m) == size]
    hands = np.array(
        [[r * 4 + s for r, s in zip(m, generator.offsuit(m), strict=True)] for m in multisets],
        dtype=np.uint8,
    )
    return hands, np.array([values[m] for m in multisets], dtype=np.int32)


def test_2_7_every_rank_multiset_reads_its_own_slot() -> None:
    """Every multiset of 5 to 7 ranks (no flush), evaluated in C through the row
    displacement, gets the value the generator computed from the spec for it."""
    import numpy as np

    import pyholdem

    generator = load_generator()
    for size in (5, 6, 7):
        hands, expected = rank_multiset_hands(generator, size)
        assert np.array_equal(pyholdem.evaluate_batch(hands), expected)
        assert np.array_equal(pyholdem.evaluate_batch(hands, np.empty(len(hands), dtype=np.int32)), expected)

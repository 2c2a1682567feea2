"""The C evaluator's tables are generated from the spec: regenerating them changes no byte."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

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
    sizes = {"uint16_t": 2, "uint64_t": 8}
    total = 0
    for ctype, count in re.findall(
        r"static const (?:_Alignas\(\d+\) )?(uint16_t|uint64_t) \w+\[(\d+)\]", TABLES.read_text()
    ):
        total += sizes[ctype] * int(count)
    assert 0 < total <= 256 * 1024

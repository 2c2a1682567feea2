"""One source of truth across the C boundary: the codes C uses are generated from the Python definitions,
and the C hand state covers the Python one (spec 06-08, ``csrc/generated/codes.h``)."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
from pathlib import Path
from types import ModuleType

from pyholdem.engine.hand import EVENT_KINDS, Hand
from pyholdem.rules.ruleset import FIELDS, RuleSet
from pyholdem.spec.state import HandState

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "tools" / "generate_codes.py"
CODES = ROOT / "csrc" / "generated" / "codes.h"
HAND_C = ROOT / "csrc" / "hand.c"

# HandState fields the C struct keeps under another name or split in two
RENAMED = {
    "bet_sizes": ("small_bet", "big_bet"),
    "antes_contribute": ("uniform_antes",),
    "dealt": ("in_hand",),  # the number of seats in the hand
}
# HandState fields the C engine never needs: what sets them is played on the spec engine after a hand-over
SPEC_ONLY = {
    "sleeper": "sleepers (§3.17) are played on the spec engine",
    "sleeper_amount": "sleepers (§3.17) are played on the spec engine",
    "frozen": "a time-out that freezes a player (§7.8) is played on the spec engine",
    "out_of_turn": "actions out of turn (§6.10) are played on the spec engine",
}
# ph_hand fields that are not HandState: the rules, the deal, SpecHand's own bookkeeping, the result and
# the legal actions kept for the seat to act
C_ONLY = {
    "rules", "n_forced", "initial_stacks", "holes", "burns", "board", "last_round", "n_exposed",
    "exposed", "n_shown", "shown", "over", "showdown", "n_pots", "pots", "n_events", "legal_check",
    "legal_is_bet", "legal_call", "legal_min", "legal_max",
}  # fmt: skip


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("generate_codes", GENERATOR)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_6_1_generated_codes_match_the_python_definitions_byte_for_byte() -> None:
    assert load_generator().render() == CODES.read_text(), (
        "csrc/generated/codes.h drifted: run python tools/generate_codes.py"
    )


def test_6_1_codes_cover_every_choice_the_c_rules_carry() -> None:
    text = CODES.read_text()
    generator = load_generator()
    for field in generator.rules_struct_fields():
        for index, choice in enumerate(FIELDS[field].metadata.get("choices") or ()):
            name = f"PH_{generator.c_name(field)}_{generator.c_name(choice)}"
            assert f"    {name} = {index}" in text, name
    for index, kind in enumerate(EVENT_KINDS):
        assert f"    PH_EV_{kind.upper()} = {index}" in text


def test_6_1_hand_c_compares_each_rule_field_with_its_own_codes() -> None:
    """No hand-written choice codes in hand.c: every comparison of a ph_rules choice names a code of that
    field (``h->rules.ante_award == PH_ANTE_AWARD_POOLED``), and hand.c defines no enum of its own."""
    source = HAND_C.read_text()
    assert not re.search(r"^\s*enum\s*\{", source, re.MULTILINE)
    compared = re.findall(r"(?:rules\.|rules->|r->)(\w+)\s*(?:[!=]=|[<>]=?)\s*(\w+)", source)
    assert len(compared) >= 15
    generator = load_generator()
    for field, code in compared:
        if not FIELDS[field].metadata.get("choices"):
            continue
        assert code.startswith(f"PH_{generator.c_name(field)}_"), (field, code)


def test_6_1_c_hand_state_covers_every_field_of_hand_state() -> None:
    c_fields = set(load_generator().struct_fields("ph_hand"))
    python = [f.name for f in dataclasses.fields(HandState)]
    for name in python:
        if name in SPEC_ONLY:
            assert name not in c_fields, f"{name} is in ph_hand: take it off SPEC_ONLY"
        else:
            assert set(RENAMED.get(name, (name,))) <= c_fields, f"HandState.{name} has no field in ph_hand"
    mapped = {c for name in python for c in RENAMED.get(name, (name,))}
    assert c_fields - mapped == C_ONLY, "a ph_hand field is neither HandState's nor listed in C_ONLY"


def test_6_1_native_state_reads_every_field_back() -> None:
    """The C engine's state, read back as a HandState, equals the spec engine's in every field."""
    args = {"button": 1, "blinds": (5, 10), "antes": 1, "seed": 4}
    native = Hand(RuleSet(), [300, 500, 200, 400], engine="native", **args)
    spec = Hand(RuleSet(), [300, 500, 200, 400], engine="spec", **args)
    for _ in range(3):
        native.call() if native.legal_actions().call else native.check()
        spec.call() if spec.legal_actions().call else spec.check()
    assert dataclasses.asdict(native.state) == dataclasses.asdict(spec.state)

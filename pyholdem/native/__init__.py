"""Thin wrappers over the compiled core ``pyholdem._native`` (one module per C area).

``TWINS`` pairs each spec function with its C twin; the differential tests walk it.
"""

from __future__ import annotations

from pyholdem.native.lib import ffi, lib

TWINS: dict[str, tuple[str, str]] = {
    # spec function (module:name) -> (C function, Python wrapper module:name)
    "pyholdem.spec.showdown:resolve_pots": ("ph_resolve_pots", "pyholdem.native.pots:resolve_pots"),
    "pyholdem.spec.rankings:hand_value": ("ph_hand_value", "pyholdem.native.evaluator:hand_value"),
    "pyholdem.spec.rankings:equity": ("ph_equity", "pyholdem.native.evaluator:equity"),
    "pyholdem.spec.ranges:range_equity": ("ph_range_exact", "pyholdem.native.ranges:range_equity"),
    "pyholdem.spec.cards:shuffled_deck": ("ph_shuffled_deck", "pyholdem.native.shuffle:shuffled_deck"),
    "pyholdem.spec.pots:layer_pots": ("ph_layer_pots", "pyholdem.native.pots:layer_pots"),
    "pyholdem.spec.showdown:split_pot": ("ph_split_pot", "pyholdem.native.pots:split_pot"),
    "pyholdem.engine.hand:SpecHand": ("ph_hand_act", "pyholdem.engine.native_engine:NativeHand"),
    "pyholdem.engine.policies:play": ("ph_simulate", "pyholdem.engine.bulk:simulate"),
    "pyholdem.spec.tournament:icm_values": ("ph_icm_exact", "pyholdem.native.icm:icm_values"),
    "pyholdem.spec.table:plan_hand": ("ph_plan_hand", "pyholdem.native.table:plan_hand"),
    "pyholdem.spec.table:plan_next": ("ph_plan_hand", "pyholdem.engine.planning:Planner"),
}

__all__ = ["TWINS", "ffi", "lib"]

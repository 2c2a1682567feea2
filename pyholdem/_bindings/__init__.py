"""Thin wrappers over the compiled core ``pyholdem._native`` (one module per C area).

``TWINS`` pairs each spec function with its C twin; the differential tests walk it.
"""

from __future__ import annotations

from pyholdem._bindings.native import ffi, lib

TWINS: dict[str, tuple[str, str]] = {
    # spec function (module:name) -> (C function, Python wrapper module:name)
    "pyholdem.spec.showdown:resolve_pots": ("ph_resolve_pots", "pyholdem._bindings.pots:resolve_pots"),
    "pyholdem.spec.rankings:hand_value": ("ph_hand_value", "pyholdem._bindings.evaluator:hand_value"),
    "pyholdem.spec.rankings:equity": ("ph_equity", "pyholdem._bindings.evaluator:equity"),
    "pyholdem.spec.cards:shuffled_deck": ("ph_shuffled_deck", "pyholdem._bindings.shuffle:shuffled_deck"),
    "pyholdem.spec.pots:layer_pots": ("ph_layer_pots", "pyholdem._bindings.pots:layer_pots"),
    "pyholdem.spec.showdown:split_pot": ("ph_split_pot", "pyholdem._bindings.pots:split_pot"),
    "pyholdem.hand:SpecHand": ("ph_hand_act", "pyholdem.hand_native:NativeHand"),
}

__all__ = ["TWINS", "ffi", "lib"]

"""Pot settlement on the C core: the fast twins of ``pyholdem.spec.showdown.resolve_pots`` (spec 07, 08).

``resolve_pots`` takes the spec function's arguments and returns the same ``Settlement``;
``resolve_pots_batch`` settles ``N`` hands from NumPy arrays in one C call;
``resolve_showdowns_batch`` evaluates ``N`` showdowns from card ids and settles them in the same call.
"""

from __future__ import annotations

from pyholdem.native.pots import resolve_pots, resolve_pots_batch, resolve_showdowns_batch
from pyholdem.spec.showdown import Pot, Settlement

__all__ = ["Pot", "Settlement", "resolve_pots", "resolve_pots_batch", "resolve_showdowns_batch"]

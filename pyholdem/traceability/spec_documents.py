"""Which rule document each executable module mirrors: ``spec/NN-topic.md`` ↔ a Python module."""

from __future__ import annotations

DOCUMENTS: dict[int, tuple[str, str]] = {
    0: ("00-ruleset", "pyholdem.rules.ruleset"),
    1: ("01-cards-and-deck", "pyholdem.spec.cards"),
    2: ("02-hand-rankings", "pyholdem.spec.rankings"),
    3: ("03-table-button-and-blinds", "pyholdem.spec.table"),
    4: ("04-dealing", "pyholdem.spec.dealing"),
    5: ("05-betting-structures", "pyholdem.spec.structures"),
    6: ("06-betting-round", "pyholdem.spec.betting"),
    7: ("07-all-in-and-side-pots", "pyholdem.spec.pots"),
    8: ("08-showdown-and-pot-award", "pyholdem.spec.showdown"),
    9: ("09-tournament", "pyholdem.spec.tournament"),
    10: ("10-irregularities", "pyholdem.spec.irregularities"),
    11: ("11-declarations-and-chips", "pyholdem.spec.declarations"),
    12: ("12-hand-histories", "pyholdem.spec.histories"),
    13: ("13-hand-ranges", "pyholdem.spec.ranges"),
}

DOCUMENT_MODULES = {number: module for number, (_, module) in DOCUMENTS.items()}

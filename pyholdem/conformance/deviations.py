"""Every distinct deviation found so far, classified: a rule reading (the RuleSet field and value
that model it), a defect in the engine (a minimal reproducer in its own API) or a defect in
pyholdem (fixed; the test that guards it). The report matches each group of failures here by
engine, differing field and section; what matches nothing is reported as unclassified.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pyholdem.conformance.runner import Outcome

READING = "rule reading"
ENGINE_DEFECT = "defect in the engine"
PYHOLDEM_DEFECT = "defect in pyholdem (fixed)"


@dataclass(frozen=True)
class Deviation:
    engine: str
    what: str
    sections: tuple[str, ...]
    kind: str
    explanation: str
    ruleset: str | None = None
    reproducer: str | None = None

    def matches(self, engine: str, what: str, section: str) -> bool:
        return (
            engine == self.engine
            and re.fullmatch(self.what, what) is not None
            and (not self.sections or section in self.sections)
        )


DEVIATIONS: tuple[Deviation, ...] = ()


def classify(engine: str, what: str, section: str, example: Outcome) -> Deviation | None:
    """The known deviation a group of failures is, or ``None``."""
    return next((d for d in DEVIATIONS if d.matches(engine, what, section)), None)

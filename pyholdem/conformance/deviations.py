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


DEVIATIONS: tuple[Deviation, ...] = (
    Deviation(
        "pokerkit",
        "expected an error, got a result",
        ("1.1",),
        ENGINE_DEFECT,
        "pokerkit 0.7.7 evaluates a hand holding a card that is also on the board instead of refusing "
        "the deal (§1.1: every card is dealt once).",
        reproducer=(
            "from pokerkit import StandardHighHand\n"
            "# As is both a hole card and a board card: no error is raised\n"
            "print(StandardHighHand.from_game('AsKs', 'AsQsJsTs2c'))"
        ),
    ),
    Deviation(
        "pokerkit",
        "expected an error, got a result",
        ("12.11",),
        READING,
        "pokerkit keeps asking the last player with chips to check after everyone else is all-in; "
        "pyholdem skips those redundant checks (§12.11), so a history that writes them is refused "
        "by pyholdem and played by pokerkit. A notation reading, no RuleSet field.",
    ),
)


def classify(engine: str, what: str, section: str, example: Outcome) -> Deviation | None:
    """The known deviation a group of failures is, or ``None``."""
    return next((d for d in DEVIATIONS if d.matches(engine, what, section)), None)

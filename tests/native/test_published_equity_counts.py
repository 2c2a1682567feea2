"""§13.5 / §13.7: exact heads-up preflop counts held against counts published elsewhere.

The counts are those GNU poker-eval's ``hcmp2`` printed for three matchups over all 1,712,304
boards, published at brainwagon.org/2005/04/09/texas-holdem-trivia (wins, losses, ties).
"""

from __future__ import annotations

import pytest

from pyholdem import equity
from pyholdem.campaign.preflop import BOARDS_PER_DEAL

PUBLISHED = [
    ("AdAc", "KhKs", 1_388_072, 317_694, 6_538),
    ("AdAc", "Td9d", 1_338_249, 367_143, 6_912),
    ("AdAc", "QcJh", 1_450_987, 254_763, 6_554),
]


@pytest.mark.parametrize(("hand", "opponent", "wins", "losses", "ties"), PUBLISHED)
def test_13_7_preflop_counts_agree_with_poker_eval(
    hand: str, opponent: str, wins: int, losses: int, ties: int
) -> None:
    result = equity([hand, opponent])
    assert result.boards == BOARDS_PER_DEAL == wins + losses + ties
    assert result.wins == (wins, losses)
    assert result.ties == (ties, ties)

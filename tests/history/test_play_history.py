"""``pyholdem.history.play_history``: a history played on a ``Hand`` with an observer (§12.11),
and the action index a refusal carries as a field of the error."""

from __future__ import annotations

import pytest

from pyholdem import Hand, IllegalAction, PyHoldemError, RuleSet
from pyholdem.engine.hand import ENGINES
from pyholdem.errors import HistoryError
from pyholdem.history import PlayedHistory, loads, play_history
from tests.history.test_replay import SETUP

DEAL = '"d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 2c7d"'


def history(actions: str) -> object:
    (one,) = loads(SETUP + f"actions = [{DEAL}, {actions}]\n")
    return one


@pytest.mark.parametrize("engine", ENGINES)
def test_12_11_play_history_shows_the_hand_to_the_observer_before_each_player_action(engine: str) -> None:
    seen: list[tuple[int | None, str, int | None]] = []

    def observer(hand: Hand) -> None:
        seen.append((hand.to_act, hand.street, hand.legal_actions().call))

    played = play_history(
        history('"p3 f", "p1 cbr 6", "p2 cc", "d db Ts9h2d", "p1 cc", "p2 cc"'),  # type: ignore[arg-type]
        RuleSet(),
        observer=observer,
        engine=engine,
    )
    assert isinstance(played, PlayedHistory) and played.implied == []
    assert seen == [
        (2, "preflop", 2),
        (0, "preflop", 1),
        (1, "preflop", 4),
        (0, "flop", None),
        (1, "flop", None),
    ]
    assert played.hand.street == "turn" and [str(c) for c in played.cards.board] == ["Ts", "9h", "2d"]
    hand, cards, implied = played
    assert hand is played.hand and cards is played.cards and implied is played.implied


def test_12_11_play_history_repairs_skipped_players_when_asked() -> None:
    skipping = history('"p1 cbr 6", "p2 cc"')  # p3 (under the gun) is skipped
    with pytest.raises(HistoryError, match="p1 acts but it is p3's turn") as refused:
        play_history(skipping, RuleSet())  # type: ignore[arg-type]
    assert refused.value.action == 3
    played = play_history(skipping, RuleSet(), repair=True)  # type: ignore[arg-type]
    assert played.implied == ["p3 fold before action 3"]


@pytest.mark.parametrize("engine", ENGINES)
def test_12_11_a_refusal_carries_the_index_of_the_action_that_raised_it(engine: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        play_history(history('"p3 f", "p1 cbr 3"'), RuleSet(), engine=engine)  # type: ignore[arg-type]
    assert refused.value.action == 4 and refused.value.section == "5.6"
    assert str(refused.value) == f"{refused.value.detail} (§5.6)"  # the rule's own refusal, unchanged


def test_errors_take_the_action_index_as_a_constructor_keyword() -> None:
    plain = PyHoldemError("bad", "5.6")
    assert plain.action is None and str(plain) == "bad (§5.6)"
    located = IllegalAction("raise to 3 is below the minimum raise to 4", "5.6", action=7)
    assert located.action == 7 and str(located) == "raise to 3 is below the minimum raise to 4 (§5.6)"
    assert plain.at_action(2) is plain and plain.action == 2 and str(plain) == "bad (§5.6)"
    history_error = HistoryError("malformed", "12.1", hand=1, action=3)
    assert history_error.action == 3 and str(history_error) == "hand 1, action 3: malformed (§12.1)"
    assert history_error.located(file="f.phh").action == 3

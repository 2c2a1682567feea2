"""A conformance adapter for pokerkit 0.7 (``pip install 'pyholdem[bench]'``).

Run it through pyholdem's runner::

    pyholdem conformance run --adapter "python examples/adapters/pokerkit_adapter.py"

It speaks the JSON-lines protocol of ``vectors/formats/adapter.md`` and answers every case with
pokerkit alone (it never imports pyholdem), so that the report shows where pokerkit's rule choices
differ from pyholdem's specification.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import cache
from importlib import metadata
from itertools import combinations_with_replacement
from typing import Any

from pokerkit import Automation, FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem, StandardHighHand
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem
from pokerkit.lookups import Label

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CATEGORIES = {
    Label.HIGH_CARD: 0,
    Label.ONE_PAIR: 1,
    Label.TWO_PAIR: 2,
    Label.THREE_OF_A_KIND: 3,
    Label.STRAIGHT: 4,
    Label.FLUSH: 5,
    Label.FULL_HOUSE: 6,
    Label.FOUR_OF_A_KIND: 7,
    Label.STRAIGHT_FLUSH: 8,
}


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Texas hold'em from pokerkit's own building blocks (PHH code ``PT`` in pyholdem)."""


class Refused(Exception):
    """pokerkit refused the input (it raised ValueError)."""


class NotExpressible(Exception):
    """pokerkit has no way to state the input (a table set-up with dead or extra blinds, §3.20)."""


def _cards(texts: list[str]) -> str:
    return "".join(texts)


def _representatives() -> list[str]:
    """One five-card hand per equivalence class: each rank multiset off-suit, and suited if it can be."""
    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        counts = [ranks.count(r) for r in set(ranks)]
        if max(counts) > 4:
            continue
        used: dict[int, int] = {}
        cards = []
        for i, r in enumerate(ranks):
            suit = used.get(r, 0)
            used[r] = suit + 1
            cards.append(RANKS[r] + SUITS[(suit + (i == 0 and len(set(ranks)) == 5)) % 4])
        hands.append("".join(cards))
        if len(set(ranks)) == 5:
            hands.append("".join(RANKS[r] + "s" for r in ranks))
    return hands


@cache
def class_numbers() -> dict[Any, int]:
    """pokerkit's hands of the 7462 classes, strongest first, numbered 1…7462 by pokerkit's own order."""
    hands = sorted((StandardHighHand(h) for h in _representatives()), reverse=True)
    numbers: dict[Any, int] = {}
    for hand in hands:
        numbers.setdefault(_key(hand), len(numbers) + 1)
    return numbers


def _key(hand: StandardHighHand) -> Any:
    return hand.entry


def _best(cards: str, board: str = "") -> StandardHighHand:
    try:
        return StandardHighHand.from_game(cards, board)
    except ValueError as exc:
        raise Refused(str(exc)) from None


def evaluate(data: dict[str, Any]) -> dict[str, int]:
    cards = data["cards"]
    if not 5 <= len(cards) <= 7:
        raise Refused(f"{len(cards)} cards")
    hand = _best(_cards(cards))
    return {"class": class_numbers()[_key(hand)], "category": CATEGORIES[hand.entry.label]}


def compare(data: dict[str, Any]) -> dict[str, list[int]]:
    board = _cards(data["board"])
    hands = [_best(_cards(h), board) for h in data["hands"]]
    if len(hands) < 2:
        raise Refused("fewer than two hands")
    best = max(hands)
    return {"winners": [i for i, h in enumerate(hands) if h == best]}


AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def _state(data: dict[str, Any]) -> Any:
    stacks = data["starting_stacks"]
    args = (AUTOMATIONS, False, data["antes"], data["blinds_or_straddles"])
    if data["variant"] == "FT":
        return FixedLimitTexasHoldem.create_state(
            *args, data["small_bet"], data["big_bet"], stacks, len(stacks), mode=Mode.CASH_GAME
        )
    if data["variant"] == "NT":
        return NoLimitTexasHoldem.create_state(
            *args, data["min_bet"], stacks, len(stacks), mode=Mode.CASH_GAME
        )
    if data["variant"] == "PT":
        return PotLimitTexasHoldem(*args, data["min_bet"], mode=Mode.CASH_GAME)(stacks, len(stacks))
    raise Refused(f"variant {data['variant']!r}")


def _legal(state: Any) -> dict[str, Any]:
    amount = state.checking_or_calling_amount
    return {
        "actor": f"p{state.actor_index + 1}",
        "fold": state.can_fold(),
        "check": amount == 0,
        "call": amount or None,
        "min_to": state.min_completion_betting_or_raising_to_amount,
        "max_to": state.max_completion_betting_or_raising_to_amount,
    }


def hand(data: dict[str, Any]) -> dict[str, Any]:
    """Replay the PHH actions on a pokerkit state; pokerkit plays its own rules whatever the preset."""
    if "setup" in data:
        raise NotExpressible(
            "a table set-up (seats, dead button, dead or extra blinds) is not a pokerkit state"
        )
    state = _state(data)
    steps = []
    for text in data["actions"]:
        words = text.split("#")[0].split()
        if not words or words[1] == "sm":
            continue
        if words[0] == "d":
            while state.actor_index is not None and state.checking_or_calling_amount == 0:
                state.check_or_call()
            try:
                if words[1] == "dh":
                    state.deal_hole(words[-1])
                else:
                    state.deal_board(words[-1])
            except ValueError as exc:
                raise Refused(f"{text}: {exc}") from None
            continue
        if state.actor_index is None:
            raise Refused(f"{text}: nobody is to act")
        steps.append(_legal(state))
        if words[0] != f"p{state.actor_index + 1}":
            raise Refused(f"{text}: it is p{state.actor_index + 1}'s turn")
        try:
            if words[1] == "f":
                state.fold()
            elif words[1] == "cc":
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(int(words[2]))
        except ValueError as exc:
            raise Refused(f"{text}: {exc}") from None
    return {"legal": steps, "finishing_stacks": list(state.stacks)}


ANSWERS: dict[str, Callable[[dict[str, Any]], Any]] = {"evaluate": evaluate, "compare": compare, "hand": hand}


def answer(message: dict[str, Any]) -> dict[str, Any]:
    case_id, runner = message.get("id"), message.get("runner")
    if runner not in ANSWERS:
        return {"id": case_id, "skip": f"pokerkit adapter has no {runner!r} runner"}
    try:
        return {"id": case_id, "result": ANSWERS[runner](message["input"])}
    except NotExpressible as exc:
        return {"id": case_id, "skip": str(exc)}
    except Refused as exc:
        return {"id": case_id, "error": {"kind": None, "message": str(exc)}}
    except (ValueError, KeyError, IndexError) as exc:
        return {"id": case_id, "error": {"kind": None, "message": f"{type(exc).__name__}: {exc}"}}


def main() -> int:
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "hello":
            version = metadata.version("pokerkit")
            reply = {"type": "hello", "name": f"pokerkit {version}", "runners": sorted(ANSWERS)}
        elif message.get("type") == "bye":
            return 0
        else:
            reply = answer(message)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

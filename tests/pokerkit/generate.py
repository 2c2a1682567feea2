"""Random hands played by pokerkit 0.7, written as PHH: the histories pyholdem must replay exactly.

``pokerkit_history(seed)`` plays one seeded hand — two to nine players, short stacks, antes
(uniform or big-blind), straddles, no-limit, pot-limit or fixed-limit — choosing random legal
actions with pokerkit alone, and returns the PHH text with pokerkit's ``finishing_stacks``.
``pokerkit_history(seed, kind)`` draws the table from one of the wider ``KINDS`` instead: a
straddle posted by the button (3-handed, or a 4-handed re-straddle), equal blinds, one-chip
stacks, antes of every kind (uniform, big-blind, button, per player) over short stacks, and
fixed-limit rounds full of short all-ins.
"""

from __future__ import annotations

import random

from pokerkit import Automation, FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

RANKS = "23456789TJQKA"
SUITS = "cdhs"
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit hold'em from pokerkit's building blocks (PHH code ``PT`` in pyholdem)."""


def _stack(rng: random.Random, big: int) -> int:
    kind = rng.random()
    if kind < 0.25:
        return rng.randint(1, 3 * big)
    if kind < 0.6:
        return rng.randint(3 * big, 30 * big)
    return rng.randint(30 * big, 200 * big)


def setup(rng: random.Random) -> dict[str, object]:
    """A random table: variant, forced bets (as PHH writes them) and stacks."""
    variant = rng.choice(["NT", "NT", "PT", "FT"])
    n = rng.randint(2, 9)
    big = rng.choice([2, 4, 10, 50])
    small = rng.choice([big // 2, big // 2, max(1, big // 4)])
    blinds = [small, big] + [0] * (n - 2)
    if n >= 4 and variant != "FT" and rng.random() < 0.3:
        for k in range(rng.randint(1, min(2, n - 3))):
            blinds[2 + k] = big * 2 ** (k + 1)
    antes = [0] * n
    trimming = False
    kind = rng.random()
    if kind < 0.3:
        antes = [rng.choice([1, big // 2, big // 4 or 1])] * n
        trimming = rng.random() < 0.5
    elif kind < 0.45:
        antes[1] = big
    table: dict[str, object] = {
        "variant": variant,
        "ante_trimming_status": trimming,
        "antes": antes,
        "blinds_or_straddles": blinds,
        "starting_stacks": [_stack(rng, big) for _ in range(n)],
    }
    if variant == "FT":
        table["small_bet"], table["big_bet"] = big, 2 * big
    else:
        table["min_bet"] = big
    return table


def _button_straddle(rng: random.Random) -> dict[str, object]:
    """The button straddles: three players and one straddle, or four and a re-straddle; NT or PT."""
    table = setup(rng)
    big = table["blinds_or_straddles"][1]  # type: ignore[index]
    n = rng.choice([3, 3, 3, 4])
    table["variant"] = rng.choice(["NT", "NT", "PT"])
    table.pop("small_bet", None), table.pop("big_bet", None)
    table["min_bet"] = big
    table["blinds_or_straddles"] = [table["blinds_or_straddles"][0], big, 2 * big] + [4 * big] * (n - 3)  # type: ignore[index]
    table["antes"] = rng.choice([[0] * n, [0, big] + [0] * (n - 2), [big // 4 or 1] * n])
    table["starting_stacks"] = [_stack(rng, big) for _ in range(n)]
    return table


def _equal_blinds(rng: random.Random) -> dict[str, object]:
    """The small blind as large as the big blind, two to nine players (often heads-up)."""
    table = setup(rng)
    n = rng.choice([2, 2, 3, len(table["starting_stacks"])])  # type: ignore[arg-type]
    big = table["blinds_or_straddles"][1]  # type: ignore[index]
    table["blinds_or_straddles"] = [big, big] + [0] * (n - 2)
    table["antes"] = [rng.choice([0, 0, 1, big // 2])] * n
    table["starting_stacks"] = [_stack(rng, big) for _ in range(n)]
    return table


def _one_chip(rng: random.Random) -> dict[str, object]:
    """Some players (sometimes all) start with one chip."""
    table = setup(rng)
    stacks = table["starting_stacks"]
    for i in range(len(stacks)):  # type: ignore[arg-type]
        if rng.random() < 0.4:
            stacks[i] = 1  # type: ignore[index]
    return table


def _antes(rng: random.Random) -> dict[str, object]:
    """Antes of every kind (uniform, big-blind, button, one per player) over short stacks."""
    table = setup(rng)
    n = len(table["starting_stacks"])  # type: ignore[arg-type]
    big = table["blinds_or_straddles"][1]  # type: ignore[index]
    kind = rng.choice(["uniform", "big_blind", "button", "per_player"])
    antes = [0] * n
    if kind == "uniform":
        antes = [rng.choice([1, big // 2 or 1, big])] * n
    elif kind == "big_blind":
        antes[1] = rng.choice([big, 2 * big, big // 2 or 1])
    elif kind == "button":
        antes[-1 if n > 2 else 0] = rng.choice([big, 2 * big])
    else:
        antes = [rng.choice([0, 1, big // 2 or 1, big]) for _ in range(n)]
    table["antes"] = antes
    table["ante_trimming_status"] = rng.random() < 0.5
    table["starting_stacks"] = [
        rng.randint(1, 4 * big) if rng.random() < 0.6 else _stack(rng, big) for _ in range(n)
    ]
    return table


def _fl_short(rng: random.Random) -> dict[str, object]:
    """Fixed limit with most players short: rounds with several short all-ins."""
    table = setup(rng)
    n = rng.randint(3, 9)
    big = table["blinds_or_straddles"][1]  # type: ignore[index]
    table["variant"] = "FT"
    table.pop("min_bet", None)
    table["small_bet"], table["big_bet"] = big, 2 * big
    table["blinds_or_straddles"] = [table["blinds_or_straddles"][0], big] + [0] * (n - 2)  # type: ignore[index]
    table["antes"] = [table["antes"][0] if len(set(table["antes"])) == 1 else 0] * n  # type: ignore[arg-type,index]
    table["starting_stacks"] = [
        rng.randint(1, 5 * big) if rng.random() < 0.7 else _stack(rng, big) for _ in range(n)
    ]
    return table


KINDS = {
    "button_straddle": _button_straddle,
    "equal_blinds": _equal_blinds,
    "one_chip": _one_chip,
    "antes": _antes,
    "fl_short": _fl_short,
}


def create_state(table: dict[str, object], automations: tuple[Automation, ...] = AUTOMATIONS) -> object:
    args = (automations, table["ante_trimming_status"], table["antes"], table["blinds_or_straddles"])
    stacks, n = table["starting_stacks"], len(table["starting_stacks"])  # type: ignore[arg-type]
    if table["variant"] == "FT":
        return FixedLimitTexasHoldem.create_state(
            *args, table["small_bet"], table["big_bet"], stacks, n, mode=Mode.CASH_GAME
        )
    if table["variant"] == "NT":
        return NoLimitTexasHoldem.create_state(*args, table["min_bet"], stacks, n, mode=Mode.CASH_GAME)
    return PotLimitTexasHoldem(*args, table["min_bet"], mode=Mode.CASH_GAME)(stacks, n)


def play(table: dict[str, object], rng: random.Random) -> list[str]:
    """Random legal actions until the hand ends; the PHH action strings."""
    # pokerkit burns a card of its own shuffled deck (the global ``random``): the hand burns one
    # drawn from ``rng`` instead, so that the same seed deals the same board
    state = create_state(table, tuple(a for a in AUTOMATIONS if a is not Automation.CARD_BURNING))
    actions: list[str] = []
    while state.status:
        if state.can_burn_card():
            state.burn_card(_draw(state, rng, 1))
        elif state.can_deal_hole():
            player = state.hole_dealee_index
            cards = _draw(state, rng, 2)
            state.deal_hole(cards)
            actions.append(f"d dh p{player + 1} {cards}")
        elif state.can_deal_board():
            count = state.street.board_dealing_count
            cards = _draw(state, rng, count)
            state.deal_board(cards)
            actions.append(f"d db {cards}")
        elif state.can_show_or_muck_hole_cards():
            player = state.showdown_index
            operation = state.show_or_muck_hole_cards(True)
            actions.append(f"p{player + 1} sm " + "".join(map(repr, operation.hole_cards)))
        elif state.actor_index is not None:
            actions.append(_act(state, rng))
        else:
            break
    return actions


def _draw(state: object, rng: random.Random, count: int) -> str:
    dealable = sorted(map(repr, state.get_dealable_cards()))
    return "".join(rng.sample(dealable, count))


def _act(state: object, rng: random.Random) -> str:
    player = state.actor_index
    choices = ["cc"] * 4
    if state.can_fold() and state.checking_or_calling_amount:
        choices += ["f"] * 2
    if state.can_complete_bet_or_raise_to():
        choices += ["cbr"] * 3
    choice = rng.choice(choices)
    if choice == "f":
        state.fold()
        return f"p{player + 1} f"
    if choice == "cc":
        state.check_or_call()
        return f"p{player + 1} cc"
    low = state.min_completion_betting_or_raising_to_amount
    high = state.max_completion_betting_or_raising_to_amount
    amount = rng.choice([low, low, high, rng.randint(low, high)])
    state.complete_bet_or_raise_to(amount)
    return f"p{player + 1} cbr {amount}"


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def pokerkit_history(seed: int, kind: str | None = None) -> str:
    """The PHH text of the hand pokerkit plays with ``seed``, its final stacks as ``finishing_stacks``.

    ``kind`` (one of ``KINDS``) draws the table from that wider family instead of ``setup``. A
    hand on which pokerkit itself fails an internal assertion (0.7.7 did, in ``push_chips``, on
    a hand with uneven antes) is drawn again from the next sub-seed.
    """
    for attempt in range(20):
        rng = random.Random(seed if kind is None else f"{kind}-{seed}-{attempt}")
        table = setup(rng) if kind is None else KINDS[kind](rng)
        try:
            table["actions"] = play(table, rng)
            break
        except AssertionError:
            if kind is None:
                raise
    else:
        raise AssertionError(f"pokerkit failed 20 {kind} tables from seed {seed}")
    table["finishing_stacks"] = _replay_stacks(table)
    return "\n".join(f"{k} = {_toml(v)}" for k, v in table.items()) + "\n"


def _replay_stacks(table: dict[str, object]) -> list[int]:
    """pokerkit's own final stacks for the recorded actions (a second, independent run)."""
    state = create_state(table)
    for action in table["actions"]:  # type: ignore[attr-defined]
        words = action.split()
        if words[0] == "d":
            (state.deal_hole if words[1] == "dh" else state.deal_board)(words[-1])
        elif words[1] == "f":
            state.fold()
        elif words[1] == "cc":
            state.check_or_call()
        elif words[1] == "cbr":
            state.complete_bet_or_raise_to(int(words[2]))
        elif words[1] == "sm":
            state.show_or_muck_hole_cards(True)
    return list(state.stacks)

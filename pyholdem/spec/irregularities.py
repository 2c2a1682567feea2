"""Spec 10 — irregularities: the live-play layer's rulings (spec/10-irregularities.md).

Each section is a pure function over the cards and actions it names; the live hand
(``pyholdem.engine.live``) keeps the physical deck and applies the answers. Events are frozen
values; a ruling (``Ruling``) names the section that decided it, the outcome and what changed.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from pyholdem.errors import RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.cards import Card, Seed, shuffle_seed
from pyholdem.spec.declarations import DECLARATION_EVENTS
from pyholdem.traceability.registry import part_of, rule

CHIP_ACTIONS = frozenset({"bet", "raise", "call", "all_in"})
ACTION_KINDS = frozenset({"check", "fold"}) | CHIP_ACTIONS
MISDEAL_CAUSES = (
    "boxed_cards",
    "first_card_wrong_seat",
    "out_of_sequence",
    "ineligible_seat",
    "seat_dealt_out",
    "wrong_card_count",
    "nonstandard_card",
    "exposed_hole_cards",
    "button_misplaced",
    "missing_card",
)
STREETS = ("flop", "turn", "river")
STREET_CARDS = {"flop": 3, "turn": 1, "river": 1}


# ---------------------------------------------------------------------- events (§10.1)
@dataclass(frozen=True)
class Misdeal:
    """§10.3: the floor declares a misdeal for ``cause`` (one of ``MISDEAL_CAUSES``)."""

    cause: str
    kind = "misdeal"
    section = "10.3"


@dataclass(frozen=True)
class ExposedCard:
    """A hole card ``card`` of ``seat`` seen face up: by the dealer during the deal (§10.4) or by
    the player himself (§10.12; ``deliberate``: shown on purpose rather than dropped)."""

    seat: int
    card: Card
    by: str = "dealer"
    deliberate: bool = False
    kind = "exposed_card"
    section = "10.4"


@dataclass(frozen=True)
class WrongCardCount:
    """§10.5: ``seat`` is found holding ``count`` hole cards (not two)."""

    seat: int
    count: int
    kind = "wrong_card_count"
    section = "10.5"


@dataclass(frozen=True)
class BoxedCard:
    """§10.6: the next card of the stub is found face up."""

    kind = "boxed_card"
    section = "10.6"


@dataclass(frozen=True)
class Joker:
    """§10.6: a joker or other foreign card is found: in the stub (``seat`` None) or among the hole
    cards of ``seat``, who reports it before acting (``reported``) or acts first."""

    seat: int | None = None
    reported: bool = True
    kind = "joker"
    section = "10.6"


@dataclass(frozen=True)
class BurnError:
    """§10.7: the current street was dealt with no burn (``"missing"``) or two burns (``"extra"``)."""

    error: str
    kind = "burn_error"
    section = "10.7"


@dataclass(frozen=True)
class FlopTooMany:
    """§10.8: the flop was dealt with ``count`` cards (four or more) instead of three."""

    count: int = 4
    kind = "flop_too_many"
    section = "10.8"


@dataclass(frozen=True)
class PrematureCard:
    """§10.9 (flop) and §10.10 (turn, river): the next street's cards were burned and dealt before
    the current betting round was complete."""

    kind = "premature_card"
    section = "10.9"


@dataclass(frozen=True)
class DeckFault:
    """§10.11: ``card`` is found missing from the deck (``"missing"``: it was not in the stub) or
    a second copy of it is found (``"duplicate"``)."""

    fault: str
    card: Card
    kind = "deck_fault"
    section = "10.11"


@dataclass(frozen=True)
class ButtonMisplaced:
    """§10.13: the button was in the wrong place; ``setup`` is the hand's correct set-up (§3.20),
    which the table computes."""

    setup: Any
    kind = "button_error"
    section = "10.13"


@dataclass(frozen=True)
class WrongLevel:
    """§10.14: the hand began at the previous level; ``setup`` is its set-up at the new level."""

    setup: Any
    kind = "wrong_level"
    section = "10.14"


@dataclass(frozen=True)
class TossedCards:
    """§10.15: ``seat`` tosses his cards toward the dealer or into the muck."""

    seat: int
    kind = "tossed_cards"
    section = "10.15"


@dataclass(frozen=True)
class RetrieveCards:
    """§10.15: ``seat`` asks to take back cards he tossed."""

    seat: int
    kind = "retrieve_cards"
    section = "10.15"


@dataclass(frozen=True)
class StraddleAnnounced:
    """§10.16: ``seat`` announces a straddle of ``amount`` (total) at the present moment of the deal."""

    seat: int
    amount: int
    kind = "straddle_announced"
    section = "10.16"


class LiveEvent(Protocol):
    """A live-play event value: a frozen dataclass whose class names its ``kind`` and the
    ``section`` that rules on it."""

    __dataclass_fields__: ClassVar[dict[str, Any]]
    kind: str
    section: str


# The registry of live-play events: ``kind`` -> class. Each class has the class attributes ``kind``
# and ``section`` (the section that rules on it); declarations (document 11) register theirs here.
EVENT_TYPES: dict[str, type[LiveEvent]] = {
    cls.kind: cls
    for cls in (
        Misdeal, ExposedCard, WrongCardCount, BoxedCard, Joker, BurnError, FlopTooMany, PrematureCard,
        DeckFault, ButtonMisplaced, WrongLevel, TossedCards, RetrieveCards, StraddleAnnounced,
        *DECLARATION_EVENTS,
    )
}  # fmt: skip


@dataclass(frozen=True)
class Ruling:
    """What an event decided: the ``section`` that ruled, its ``outcome`` (a word of that section)
    and ``changes``, a mapping of what changed (cards moved, seats killed, the re-deal's seed)."""

    section: str
    outcome: str
    changes: Mapping[str, object] = field(default_factory=dict)


@rule("10.1")
def live_event(event: object, rules: RuleSet, *, street: str = "preflop") -> str:
    """The live-play layer: the section that rules on ``event`` (``street`` is the current betting
    round, which tells a premature flop from a premature turn or river).

    Refused with ``RuleViolation`` unless ``rules.live_play_layer`` is true, or when ``event`` is
    not one of the event values (``EVENT_TYPES``).
    """
    if not rules.live_play_layer:
        raise RuleViolation("irregularity and declaration events need live_play_layer = True", "10.1")
    kind = getattr(event, "kind", None)
    event_type = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if event_type is None or event_type is not type(event):
        raise RuleViolation(f"{show_value(event)} is not a live-play event", "10.1")
    if isinstance(event, ExposedCard):
        if event.by not in ("dealer", "player"):
            raise RuleViolation(f"a card is exposed by the dealer or the player, not {event.by!r}", "10.1")
        return "10.4" if event.by == "dealer" else "10.12"
    if isinstance(event, PrematureCard):
        return "10.9" if street == "preflop" else "10.10"
    return event_type.section


@rule("10.2")
def substantial_action(actions: Sequence[str], rules: RuleSet) -> bool:
    """Substantial action: whether the actions in turn ``actions`` (kinds, in order) amount to SA."""
    for kind in actions:
        if kind not in ACTION_KINDS:
            raise RuleViolation(f"{show_value(kind)} is not an action in turn", "10.2")
    if rules.misdeal_cutoff == "two_actions":
        return len(actions) >= 2
    return (len(actions) >= 2 and any(a in CHIP_ACTIONS for a in actions)) or len(actions) >= 3


@rule("10.3")
def misdeal_allowed(cause: str, actions: Sequence[str], rules: RuleSet) -> bool:
    """Misdeal: causes and the exact re-deal: whether a misdeal for ``cause`` may be declared."""
    if cause not in MISDEAL_CAUSES:
        raise RuleViolation(f"{show_value(cause)} is not a misdeal cause", "10.3")
    return not substantial_action(actions, rules)


@part_of("10.3")
def redeal_seed(seed: Seed, redeals: int) -> str:
    """The seed of the ``redeals``-th re-deal of the hand shuffled with ``seed`` (§10.3): the hex
    SHA-256 of the seed's type and value and the count, the same on every platform."""
    return _derived_seed(seed, "redeal", redeals)


@part_of("10.3")
def reshuffle_seed(deal_seed: Seed, count: int) -> str:
    """The seed of the ``count``-th reshuffle of the stub within the deal shuffled with
    ``deal_seed`` (§10.3, for §10.7-10.10)."""
    return _derived_seed(deal_seed, "reshuffle", count)


def _derived_seed(seed: Seed, label: str, count: int) -> str:
    seed = shuffle_seed(seed)
    if seed is None:
        raise RuleViolation("a re-deal needs the hand's seed (draw one before the first deal)", "10.3")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise RuleViolation(f"re-deal count {show_value(count)} is not a positive integer", "10.3")
    raw = seed if isinstance(seed, bytes) else str(seed).encode()
    text = type(seed).__name__.encode() + b":" + raw + f"/{label}/{count}".encode()
    return hashlib.sha256(text).hexdigest()


def _reshuffled(cards: Sequence[Card], seed: Seed) -> tuple[Card, ...]:
    """A uniformly random order of ``cards`` from ``seed`` (§1.4's generator)."""
    deck = list(cards)
    random.Random(shuffle_seed(seed)).shuffle(deck)
    return tuple(deck)


@rule("10.4")
def exposed_hole_cards(
    stub: Sequence[Card], deal_order: Sequence[int], exposed: Sequence[int], rules: RuleSet
) -> str | dict[str, Any]:
    """Hole card exposed by the dealer: ``"misdeal"`` or the corrected deal (``"hole"``,
    ``"flop_burn"``, ``"stub"``); ``exposed`` are 1-based deal positions over two passes."""
    total = 2 * len(deal_order)
    if len(stub) < total + 1:
        raise RuleViolation(
            f"a stub of {len(stub)} cards cannot deal {total} hole cards and a replacement", "10.4"
        )
    positions = tuple(exposed)
    if (
        not positions
        or len(set(positions)) != len(positions)
        or not all(isinstance(p, int) and 1 <= p <= total for p in positions)
    ):
        raise RuleViolation(
            f"exposed positions {show_value(exposed)} are not distinct positions 1..{total}", "10.4"
        )
    mode = rules.exposed_holecard
    if mode == "misdeal" or len(positions) >= 2:
        return "misdeal"
    if mode == "replace_and_burn" and positions[0] <= 2:
        return "misdeal"
    order = tuple(deal_order) * 2
    hole: dict[int, list[Card]] = {seat: [] for seat in deal_order}
    for i, seat in enumerate(order):
        hole[seat].append(stub[i])
    slot = positions[0] - 1
    seat = order[slot]
    flop_burn = stub[slot]
    hole[seat][slot // len(deal_order)] = stub[total]
    return {
        "hole": {s: tuple(c) for s, c in hole.items()},
        "flop_burn": flop_burn,
        "stub": tuple(stub[total + 1 :]),
    }


@rule("10.5")
def wrong_card_count(
    count: int, actions: Sequence[str], rules: RuleSet, *, button: bool = False, button_acted: bool = False
) -> str:
    """Wrong number of hole cards: ``"complete"``, ``"misdeal"`` or ``"dead"``."""
    if not isinstance(count, int) or isinstance(count, bool) or count < 0 or count == 2:
        raise RuleViolation(
            f"a hole-card count of {show_value(count)} is not a wrong number of cards", "10.5"
        )
    if button and count < 2 and not button_acted:
        return "complete"
    if not substantial_action(actions, rules):
        return "misdeal"
    return "dead"


@rule("10.6")
def boxed_card(stub: Sequence[Card], rules: RuleSet) -> dict[str, Any]:
    """Boxed card and foreign card: the top card of ``stub`` is face up; the card below is used."""
    if len(stub) < 2:
        raise RuleViolation(f"a boxed card needs a card below it; the stub has {len(stub)}", "10.6")
    boxed, used, rest = stub[0], stub[1], tuple(stub[2:])
    if rules.boxed_card == "bottom_of_deck":
        return {"card": used, "stub": (*rest, boxed), "scrap": ()}
    return {"card": used, "stub": rest, "scrap": (boxed,)}


@part_of("10.6")
def joker_found(
    actions: Sequence[str], rules: RuleSet, *, in_hand: bool = False, reported: bool = True
) -> str:
    """A joker (§10.6): ``"dead"`` when it is among the player's own cards and he acted before
    reporting it, else ``"misdeal"`` before SA (§10.2, ``rules.misdeal_cutoff``), else
    ``"replace"`` (a scrap of paper, replaced by the top card of the stub)."""
    if in_hand and not reported:
        return "dead"
    if not substantial_action(actions, rules):
        return "misdeal"
    return "replace"


def _check_street(street: str, dealt: Sequence[Card], section: str) -> int:
    if street not in STREET_CARDS:
        raise RuleViolation(f"street {show_value(street)} is not one of flop, turn, river", section)
    count = STREET_CARDS[street]
    if len(dealt) != count:
        raise RuleViolation(f"the {street} has {count} cards, not {len(dealt)}", section)
    return count


def _pick(count: int, pick: int | None, seed: Seed, section: str) -> int:
    if pick is None:
        return random.Random(shuffle_seed(seed)).randrange(count)
    if not isinstance(pick, int) or isinstance(pick, bool) or not 0 <= pick < count:
        raise RuleViolation(f"pick {show_value(pick)} is not an index 0..{count - 1}", section)
    return pick


@rule("10.7")
def burn_error(
    error: str,
    street: str,
    burned: Sequence[Card],
    dealt: Sequence[Card],
    stub: Sequence[Card],
    rules: RuleSet,
    *,
    action_taken: bool = False,
    pick: int | None = None,
    seed: Seed = None,
) -> dict[str, tuple[Card, ...]]:
    """Missing or extra burn card: the corrected ``"burned"``, ``"dealt"`` and ``"stub"``."""
    count = _check_street(street, dealt, "10.7")
    burned, dealt, stub = tuple(burned), tuple(dealt), tuple(stub)
    mode = rules.board_error_rule
    stands = {"burned": burned, "dealt": dealt, "stub": stub}
    if error == "missing":
        if burned:
            raise RuleViolation(f"a missing burn has no burned cards, not {len(burned)}", "10.7")
        if action_taken or mode == "seed002_card_stands":
            return stands
        if not stub:
            raise RuleViolation("the stub is empty: no card can replace the burn", "10.7")
        if mode == "seed000_reshuffle_new_burn":
            fresh = _reshuffled(dealt + stub, seed)
            return {"burned": fresh[:1], "dealt": fresh[1 : 1 + count], "stub": fresh[1 + count :]}
        if street == "flop" and mode == "tda_rp5":
            index = _pick(3, pick, seed, "10.7")
            rest = dealt[:index] + dealt[index + 1 :]
            return {"burned": (dealt[index],), "dealt": (*rest, stub[0]), "stub": stub[1:]}
        return {"burned": dealt[:1], "dealt": (*dealt[1:], stub[0]), "stub": stub[1:]}
    if error == "extra":
        if len(burned) < 2:
            raise RuleViolation(f"an extra burn has two or more burned cards, not {len(burned)}", "10.7")
        if not action_taken:
            taken = burned + dealt
            return {"burned": taken[:1], "dealt": taken[1 : 1 + count], "stub": taken[1 + count :] + stub}
        if mode in ("robert", "seed002_card_stands"):
            return {"burned": burned[:1], "dealt": dealt, "stub": burned[1:] + stub}
        return stands
    raise RuleViolation(f"burn error {show_value(error)} is not 'missing' or 'extra'", "10.7")


@rule("10.8")
def flop_too_many(
    burned: Sequence[Card],
    dealt: Sequence[Card],
    stub: Sequence[Card],
    rules: RuleSet,
    *,
    pick: int | None = None,
    seed: Seed = None,
) -> dict[str, Any]:
    """Flop with too many cards: the corrected ``"burned"``, ``"dealt"``, ``"next_burn"``, ``"stub"``."""
    burned, dealt, stub = tuple(burned), tuple(dealt), tuple(stub)
    if len(dealt) < 4:
        raise RuleViolation(f"a flop of {len(dealt)} cards does not have too many", "10.8")
    mode = rules.board_error_rule
    if mode == "tda_rp5" and len(dealt) == 4:
        index = _pick(4, pick, seed, "10.8")
        return {
            "burned": burned,
            "dealt": dealt[:index] + dealt[index + 1 :],
            "next_burn": dealt[index],
            "stub": stub,
        }
    if mode == "seed000_reshuffle_new_burn":
        fresh = _reshuffled(dealt + burned + stub, seed)
        return {"burned": fresh[:1], "dealt": fresh[1:4], "next_burn": None, "stub": fresh[4:]}
    fresh = _reshuffled(dealt + stub, seed)
    return {"burned": burned, "dealt": fresh[:3], "next_burn": None, "stub": fresh[3:]}


@rule("10.9")
def premature_flop(
    burned: Sequence[Card], premature: Sequence[Card], stub: Sequence[Card], *, seed: Seed = None
) -> dict[str, tuple[Card, ...]]:
    """Premature flop: the burn stays, the flop goes back into the stub, which is reshuffled."""
    return {"burned": tuple(burned), "stub": _reshuffled(tuple(stub) + tuple(premature), seed)}


@rule("10.10")
def premature_card(
    street: str,
    burned: Sequence[Card],
    card: Card,
    stub: Sequence[Card],
    rules: RuleSet,
    *,
    seed: Seed = None,
) -> dict[str, Any]:
    """Premature turn or river: the street's ``"burned"``, the ``"stub"``, the ``"set_aside"`` cards,
    and ``"plan"``: for each street still to come, (burn one from the stub?, reshuffle the
    set-aside cards into the stub first?)."""
    if street not in ("turn", "river"):
        raise RuleViolation(f"a premature card is a turn or river card, not {show_value(street)}", "10.10")
    burned, stub = tuple(burned), tuple(stub)
    mode = rules.board_error_rule
    if mode in ("robert", "seed002_card_stands"):
        plan = (
            {"turn": (True, False), "river": (False, True)} if street == "turn" else {"river": (False, True)}
        )
        return {"burned": burned, "stub": stub, "set_aside": (card,), "plan": plan}
    if mode == "seed000_reshuffle_new_burn":
        return {"burned": (), "stub": _reshuffled(stub + burned + (card,), seed), "set_aside": (), "plan": {}}
    return {
        "burned": burned,
        "stub": _reshuffled((*stub, card), seed),
        "set_aside": (),
        "plan": {street: (False, False)},
    }


@rule("10.11")
def deck_fault(fault: str, actions: Sequence[str], rules: RuleSet) -> str:
    """Missing card and fouled deck: ``"misdeal"``, ``"play_on"`` or ``"void"``."""
    if fault == "duplicate":
        return "void"
    if fault != "missing":
        raise RuleViolation(f"deck fault {show_value(fault)} is not 'missing' or 'duplicate'", "10.11")
    return "play_on" if substantial_action(actions, rules) else "misdeal"


@rule("10.12")
def player_exposure(deliberate: bool, action_pending: bool, rules: RuleSet) -> str:
    """Card exposed by a player: ``"live"``, ``"dead"`` or ``"show_all"``."""
    if not action_pending:
        return "live"
    if rules.player_exposure == "dead_hand":
        return "dead" if deliberate else "live"
    if rules.player_exposure == "show_all":
        return "show_all"
    return "live"


@rule("10.13")
def button_error(actions: Sequence[str], rules: RuleSet, *, cards_dealt: bool = True) -> str:
    """Button misplaced: ``"put_right"``, ``"misdeal"`` or ``"stands"``."""
    if substantial_action(actions, rules):
        return "stands"
    return "misdeal" if cards_dealt else "put_right"


@rule("10.14")
def wrong_level(actions: Sequence[str], rules: RuleSet) -> str:
    """Hand started at the wrong level: ``"correct"`` or ``"stands"``."""
    return "stands" if substantial_action(actions, rules) else "correct"


@part_of("10.14")
def level_correction(actions: Sequence[tuple[int, str]]) -> dict[str, tuple[int, ...]]:
    """The correction of §10.14 from the actions in turn so far, ``(seat, kind)`` in order: the
    seats whose folds stand and the seats that act again with every option."""
    folded = tuple(seat for seat, kind in actions if kind == "fold")
    again = tuple(dict.fromkeys(seat for seat, kind in actions if kind != "fold" and seat not in folded))
    return {"folds_stand": folded, "act_again": again}


@rule("10.15")
def tossed_cards(in_turn: bool) -> str:
    """Cards tossed toward the dealer or the muck: ``"fold"`` in turn (dead, never retrieved),
    ``"out_of_turn_fold"`` otherwise (§6.10)."""
    return "fold" if in_turn else "out_of_turn_fold"


@rule("10.16")
def straddle_announcement(before_cut: bool, rules: RuleSet) -> str:
    """Straddle announced after the cut: ``"counts"`` or ``"does_not_count"``."""
    if not rules.straddle_allowed:
        raise RuleViolation("straddles are not allowed (straddle_allowed = False)", "10.16")
    return "counts" if before_cut else "does_not_count"

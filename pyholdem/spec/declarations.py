"""Spec 11 — declarations and chip interpretation (spec/11-declarations-and-chips.md).

Pure functions from what a player said and pushed, read against a ``BetContext``, to one core
action ``(kind, to)``; the engines apply it (``pyholdem.engine.declare``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal, NamedTuple, TypeGuard, get_args, overload

from pyholdem.errors import IllegalAction, RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.betting import may_raise
from pyholdem.spec.state import HandState
from pyholdem.spec.structures import fl_bet_size, fl_raise_to, min_bet, min_raise_to, pl_max_raise_to
from pyholdem.traceability.registry import part_of, rule
from pyholdem.values import is_int

Action = tuple[str, int]
"""A core action: ``(kind, to)``, ``to`` the player's total bet of the round after it (§11 intro)."""

Word = Literal["fold", "check", "tap", "call", "all-in", "bet", "raise", "pot", "complete"]
"""A word a declaration may use (§11.1)."""

WORDS: tuple[Word, ...] = get_args(Word)
"""The words a declaration may use (§11.1); ``None`` with an amount is an amount declared alone."""

FOLLOW_UPS = frozenset({"call", "fold"})
"""What "check" facing a bet binds the player to choose between (§11.10)."""


@dataclass(frozen=True)
class BetContext:
    """The betting situation of the player to act, as chapter 11 reads it (§11 introduction).

    ``capped`` says that no bet or raise is open to him (the round's raise cap is reached, §5.4,
    §5.8, or the betting was not reopened to him, §7.2–7.4, or nobody could call one, §6.7);
    ``last_full_bet`` is the level of the last full bet or raise (§7.4; ``None``: the current bet).
    """

    current_bet: int
    player_bet: int
    stack: int
    min_raise: int
    opening_bet: int | None = None
    heads_up: bool = False
    pot_max_to: int | None = None
    capped: bool = False
    last_full_bet: int | None = None

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("heads_up", "capped"):
                if not isinstance(value, bool):
                    raise RuleViolation(
                        f"BetContext {f.name} = {show_value(value)} is not True or False", "11.1"
                    )
                continue
            optional = f.name not in ("current_bet", "player_bet", "stack", "min_raise")
            if (value is not None or not optional) and (not is_int(value) or value < 0):
                raise RuleViolation(
                    f"BetContext {f.name} = {show_value(value)} is not a whole number of chips >= 0", "11.1"
                )
        if self.player_bet > self.current_bet:
            raise RuleViolation(
                f"BetContext player_bet {self.player_bet} is above the current bet {self.current_bet}", "11.1"
            )
        if self.stack < 1 or self.min_raise < 1:
            raise RuleViolation(
                f"BetContext stack {self.stack} and min_raise {self.min_raise} must be at least 1 chip "
                "(the player to act holds chips)",
                "11.1",
            )
        if self.last_full_bet is not None and self.last_full_bet > self.current_bet:
            raise RuleViolation(
                f"BetContext last_full_bet {self.last_full_bet} is above the current bet {self.current_bet}",
                "11.1",
            )

    @property
    def to_call(self) -> int:
        """``K``: the chips a full call adds."""
        return self.current_bet - self.player_bet

    @property
    def all_in_to(self) -> int:
        """The player's total after putting in every chip."""
        return self.player_bet + self.stack


class Reading(NamedTuple):
    """What a declaration binds to: the action (or the §11.10 follow-ups), the section that decided
    it, and the chips of the push the player gets back or forfeits (§11.5)."""

    action: Action | None
    section: str
    allowed: frozenset[str] = frozenset()
    forfeited: int = 0


# ---------------------------------------------------------------------------- live events (§10.1)


@dataclass(frozen=True)
class Declaration:
    """The ``"action"`` event of a live hand (§10.1, §11.1): what ``seat`` said (``words``: a word, an
    amount, or a pair (word, amount)) and pushed (``chips``), with the words first (``said_first``);
    ``undercall_ruling`` is the director's choice of §11.5, ``unaware_of_raise`` asks §11.7's
    withdrawal; ``released = False`` is a forward motion of ``chips`` not let go, binding only when
    it ``induced_out_of_turn`` a later player's action (§11.8)."""

    seat: int
    words: Any = None
    chips: tuple[int, ...] = ()
    said_first: bool = True
    undercall_ruling: str = "call"
    unaware_of_raise: bool = False
    released: bool = True
    induced_out_of_turn: bool = False
    kind = "action"
    section = "11.1"


@dataclass(frozen=True)
class CallClock:
    """§11.12: the clock is called on the player to act at ``called_at_s`` seconds, by a player at
    the table (``at_table``) who was or was not seated when the hand was dealt."""

    called_at_s: float
    at_table: bool = True
    seated_when_dealt: bool = True
    kind = "call_clock"
    section = "11.12"


@dataclass(frozen=True)
class RunClock:
    """§11.12: the clock called on the hand is read at ``now_s`` seconds (his time may have run out)."""

    now_s: float
    kind = "run_clock"
    section = "11.12"


@dataclass(frozen=True)
class Disconnect:
    """§11.13: the player to act is disconnected with ``time_left_s`` seconds left and reconnects
    after ``reconnect_after_s`` seconds (``None``: never)."""

    time_left_s: float
    reconnect_after_s: float | None = None
    kind = "disconnect"
    section = "11.13"


DECLARATION_EVENTS = (Declaration, CallClock, RunClock, Disconnect)
"""Document 11's live events, registered in ``pyholdem.spec.irregularities.EVENT_TYPES``."""


# ---------------------------------------------------------------------------- shared helpers


@part_of("11.1")
def min_to(ctx: BetContext, rules: RuleSet) -> int:
    """The minimum bet or raise total: ``current_bet + min_raise``; in fixed limit one bet above the
    last full bet (§7.4) when that is above the current bet."""
    if rules.betting_structure == "fixed_limit" and ctx.last_full_bet is not None:
        over_last_full = ctx.last_full_bet + ctx.min_raise
        if over_last_full > ctx.current_bet:  # else the current bet is no short all-in's
            return over_last_full
    return ctx.current_bet + ctx.min_raise


@part_of("11.1")
def wager_bounds(ctx: BetContext, rules: RuleSet) -> tuple[int, int] | None:
    """The totals a bet or raise may have (§5.1, §7.1), or None when none is open to the player."""
    top = ctx.all_in_to
    if ctx.capped or top <= ctx.current_bet:
        return None
    low = min(min_to(ctx, rules), top)
    if rules.betting_structure == "fixed_limit":
        return low, low
    if rules.betting_structure != "pot_limit" or ctx.pot_max_to is None:
        return low, top
    high = max(low, min(ctx.pot_max_to, top))
    return low, high


@part_of("11.1")
def call_or_check(ctx: BetContext) -> Action:
    """A check with nothing to call, else a call of the full amount (all-in when short)."""
    if ctx.to_call == 0:
        return ("check", ctx.player_bet)
    return ("call", min(ctx.current_bet, ctx.all_in_to))


@part_of("11.1")
def wager(ctx: BetContext, rules: RuleSet, total: int) -> Action:
    """A bet (no bet yet) or raise to ``total``, brought within the bounds (§11.9: at least the
    minimum, at most ``max_to``; fixed limit: the fixed size) and down to whole chip units (§5.12);
    a call or check when no bet or raise is open to the player ("once capped a raise is a call")."""
    bounds = wager_bounds(ctx, rules)
    if bounds is None:
        return call_or_check(ctx)
    low, high = bounds
    to = min(max(total, low), high)
    unit = rules.chip_unit
    if to not in (low, high) and to % unit:
        to = max(low, to // unit * unit)
    return ("bet" if ctx.current_bet == 0 else "raise", to)


def _check_chips(chips: object, ctx: BetContext) -> tuple[int, ...]:
    if not isinstance(chips, (tuple, list)) or not all(is_int(c) and c > 0 for c in chips):
        raise IllegalAction(f"chips {show_value(chips)} are not a sequence of chip values > 0", "11.1")
    if sum(chips) > ctx.stack:
        raise IllegalAction(
            f"chips {show_value(chips)} total {sum(chips)}, more than the stack {ctx.stack}", "11.1"
        )
    return tuple(chips)


def _check_amount(amount: object) -> int:
    if not is_int(amount) or amount <= 0:
        raise IllegalAction(
            f"declared amount {show_value(amount)} is not a whole number of chips > 0", "11.6"
        )
    return amount


@part_of("11.1")
def returned_chips(action: Action | None, pushed: int, ctx: BetContext, forfeited: int = 0) -> int:
    """The chips of a push given back: everything beyond what the action adds (a fold adds nothing)
    and the undercall forfeits (§11.5); a forfeit beyond the push (an amount declared alone, §11.6)
    comes from the stack, so nothing is given back."""
    if action is None or action[0] in ("fold", "check"):
        return max(0, pushed - forfeited)
    return max(0, pushed - (action[1] - ctx.player_bet))


@part_of("11.1")
def require_live_layer(rules: RuleSet) -> None:
    """§10.1: declaration events exist only when ``live_play_layer`` is true (``RuleViolation``)."""
    if not rules.live_play_layer:
        raise RuleViolation("irregularity and declaration events need live_play_layer = True", "10.1")


@part_of("11.1")
def bet_context(state: HandState, rules: RuleSet, seat: int | None = None) -> BetContext:
    """The ``BetContext`` of the player to act (or of ``seat``, who may act later in the round) in a
    hand's state (the sections of specs 05–07 that bound his bet or raise: §5.5, §5.6, §5.9, §6.7,
    §7.4)."""
    if state.to_act is None:
        raise IllegalAction("the hand is over; nobody is to act", "6.1")
    seat = state.to_act if seat is None else seat
    if not is_int(seat) or not 0 <= seat < state.seats or not state.can_act(seat):
        raise IllegalAction(f"seat {show_value(seat)} is not a seat that can act in this hand", "6.10")
    current = state.current_bet
    unit = rules.chip_unit
    pot_max = None
    last_full = None
    if rules.betting_structure == "fixed_limit":
        size = fl_bet_size(state)
        last_full = fl_raise_to(state, rules) - size
    else:
        least = min_bet(state, rules) if current == 0 else min_raise_to(state, rules)
        size = max(1, -(-least // unit) * unit - current)
        if rules.betting_structure == "pot_limit":
            pot_max = pl_max_raise_to(state, rules, seat) // unit * unit
    return BetContext(
        current_bet=current,
        player_bet=state.bets[seat],
        stack=state.stacks[seat],
        min_raise=size,
        opening_bet=state.first_bet or None,
        heads_up=len(state.live()) == 2,
        pot_max_to=pot_max,
        capped=not may_raise(state, rules, seat),
        last_full_bet=min(last_full, current) if last_full is not None else None,
    )


# ---------------------------------------------------------------------------- the sections


@part_of("11.1")
def interpret(
    ctx: BetContext,
    rules: RuleSet,
    *,
    said: tuple[str | None, int | None] | None = None,
    chips: Sequence[int] = (),
    said_first: bool = True,
    undercall_ruling: str = "call",
) -> Reading:
    """§11.1 with the section that decided: the words or the chips bind, as ``live_action`` says."""
    pushed = _check_chips(chips, ctx)
    word, amount = _check_said(said)
    if not isinstance(said_first, bool):
        raise IllegalAction(f"said_first = {show_value(said_first)} is not True or False", "11.1")
    if undercall_ruling not in ("call", "fold"):
        raise IllegalAction(
            f"undercall ruling {show_value(undercall_ruling)} is not 'call' or 'fold'", "11.5"
        )
    if said is None and not pushed:
        raise IllegalAction("a declaration needs words or chips (neither was given)", "11.1")
    if pushed and (said is None or not said_first):
        if rules.chips_alone_bind:
            return _chips_reading(pushed, ctx, rules, undercall_ruling)
        if said is None:
            raise RuleViolation(
                f"chips {show_value(pushed)} pushed without a word: every action must be declared aloud "
                "(chips_alone_bind is False)",
                "11.1",
            )
    if word is None:
        assert amount is not None  # said was given (refused above otherwise) and has a word or an amount
        action = declared_amount(None, amount, ctx, rules, undercall_ruling=undercall_ruling)
        return _with_forfeit(action, "11.6", amount, ctx, undercall_ruling)
    if word == "fold":
        return Reading(("fold", ctx.player_bet), "11.1")
    if word == "check" or word == "tap":  # two comparisons, so the type checker narrows ``word``
        if ctx.to_call == 0:
            return Reading(("check", ctx.player_bet), "11.1")
        return Reading(None, "11.10", FOLLOW_UPS)
    if word == "call":
        if ctx.to_call == 0:
            return Reading(invalid_declaration("call", ctx, rules), "11.10")
        return Reading(call_or_check(ctx), "11.1")
    if word == "all-in":
        if ctx.all_in_to <= ctx.current_bet:
            return Reading(("call", ctx.all_in_to), "11.1")
        return Reading(wager(ctx, rules, ctx.all_in_to), "11.1")
    if word == "pot" and rules.betting_structure != "pot_limit" and amount is None:
        return Reading(invalid_declaration("pot", ctx, rules), "11.10")
    if word == "pot" and amount is None:
        return Reading(wager(ctx, rules, ctx.all_in_to if ctx.pot_max_to is None else ctx.pot_max_to), "11.1")
    if word == "complete" and amount is None:
        if not _completes(ctx, rules):
            return Reading(invalid_declaration("complete", ctx, rules), "11.10")
        return Reading(wager(ctx, rules, min_to(ctx, rules)), "11.1")
    if amount is not None:
        return Reading(declared_amount("raise" if word != "bet" else "bet", amount, ctx, rules), "11.6")
    # "bet" or "raise" without an amount: the first chip motion gives it (§11.4)
    if not pushed:
        return Reading(invalid_declaration(word, ctx, rules), "11.10")
    if len(pushed) == 1:
        return Reading(single_chip_action(pushed[0], ctx, rules, raise_declared=True), "11.2")
    return Reading(wager(ctx, rules, ctx.player_bet + sum(pushed)), "11.1")


def _check_said(said: object) -> tuple[Word | None, int | None]:
    if said is None:
        return None, None
    if not isinstance(said, (tuple, list)) or len(said) != 2:
        raise IllegalAction(f"a declaration {show_value(said)} is not a pair (word, amount)", "11.1")
    word, amount = said
    if word is not None and word not in WORDS:
        raise IllegalAction(f"{show_value(word)} is not a declaration; one of {', '.join(WORDS)}", "11.1")
    if amount is not None:
        _check_amount(amount)
        if word in ("fold", "check", "tap", "call", "all-in"):
            raise IllegalAction(f"{word!r} takes no amount, not {show_value(amount)}", "11.1")
    elif word is None:
        raise IllegalAction("a declaration needs a word or an amount (neither was given)", "11.1")
    return word, amount


@part_of("11.1")
def _completes(ctx: BetContext, rules: RuleSet) -> bool:
    """Whether "complete" fits: fixed limit, facing an all-in for less than a bet (§7.4)."""
    short = ctx.last_full_bet is not None and ctx.last_full_bet < ctx.current_bet
    return rules.betting_structure == "fixed_limit" and short


def _chips_reading(chips: tuple[int, ...], ctx: BetContext, rules: RuleSet, undercall_ruling: str) -> Reading:
    if len(chips) == 1:
        action = single_chip_action(chips[0], ctx, rules, undercall_ruling=undercall_ruling)
        return _with_forfeit(action, "11.2", chips[0], ctx, undercall_ruling)
    action = multi_chip_action(chips, ctx, rules, undercall_ruling=undercall_ruling)
    return _with_forfeit(action, "11.3", sum(chips), ctx, undercall_ruling)


def _with_forfeit(action: Action, section: str, pushed: int, ctx: BetContext, ruling: str) -> Reading:
    if _is_undercall(pushed, ctx):
        forfeited = undercall_forfeit(pushed, ctx) if action[0] == "fold" else 0
        return Reading(action, "11.5", forfeited=forfeited)
    return Reading(action, section)


def _is_undercall(pushed: int, ctx: BetContext) -> bool:
    return 0 < pushed < ctx.to_call and pushed < ctx.stack


@rule("11.1")
def live_action(
    ctx: BetContext,
    rules: RuleSet,
    *,
    said: tuple[str | None, int | None] | None = None,
    chips: Sequence[int] = (),
    said_first: bool = True,
) -> Action | frozenset[str]:
    """Verbal declarations and which one binds: words or chips, whichever came first (words when
    simultaneous); chips alone bind unless ``chips_alone_bind`` is false (seed 000, Bill).

    Returns the action, or the follow-ups "check" facing a bet allows (§11.10).
    """
    reading = interpret(ctx, rules, said=said, chips=chips, said_first=said_first)
    return reading.action if reading.action is not None else reading.allowed


@rule("11.2")
def single_chip_action(
    chip: int,
    ctx: BetContext,
    rules: RuleSet,
    *,
    raise_declared: bool = False,
    undercall_ruling: str = "call",
) -> Action:
    """A single oversized chip: a call facing a bet unless "raise" was declared first (seed 002 rule 8)."""
    (chip,) = _check_chips((chip,), ctx)
    if raise_declared or ctx.current_bet == 0:
        return wager(ctx, rules, ctx.player_bet + chip)
    if ctx.to_call == 0:
        return ("check", ctx.player_bet)
    if chip < ctx.to_call:
        if chip == ctx.stack:
            return ("call", ctx.all_in_to)
        return undercall(chip, ctx, rules, ruling=undercall_ruling)
    if chip == ctx.to_call or rules.oversize_chip_is_call:
        return call_or_check(ctx)
    return declared_amount(None, chip, ctx, rules)


@rule("11.3")
def multi_chip_action(
    chips: Sequence[int], ctx: BetContext, rules: RuleSet, *, undercall_ruling: str = "call"
) -> Action:
    """Several chips pushed silently: every chip needed to call is a call; otherwise half a minimum
    raise or more above the call is a raise (TDA 43A, 45; seed 002 appendix)."""
    pushed = _check_chips(chips, ctx)
    if not pushed:
        raise IllegalAction("no chips were pushed", "11.3")
    total, smallest = sum(pushed), min(pushed)
    if ctx.current_bet == 0:
        return wager(ctx, rules, ctx.player_bet + total)
    k = ctx.to_call
    if total < k:
        if total == ctx.stack:
            return ("call", ctx.all_in_to)
        return undercall(total, ctx, rules, ruling=undercall_ruling)
    if k > 0 and total - smallest < k:
        return call_or_check(ctx)
    if total == ctx.stack:
        return wager(ctx, rules, ctx.all_in_to)
    if 2 * (total - k) < ctx.min_raise:
        return call_or_check(ctx)
    return wager(ctx, rules, ctx.player_bet + total)


@rule("11.4")
def string_action(
    parts: Sequence[tuple[Any, ...]], ctx: BetContext, rules: RuleSet
) -> Action | frozenset[str]:
    """String bets: the first motion binds — the first element defines the action; only a "bet" or
    "raise" without an amount takes its amount from the next element (seed 002 rule 9)."""
    steps = list(parts) if isinstance(parts, (list, tuple)) else None
    if not steps:
        raise IllegalAction(f"parts {show_value(parts)} are not a non-empty sequence of motions", "11.4")
    for part in steps:
        ok = isinstance(part, tuple) and (
            (len(part) == 3 and part[0] == "say") or (len(part) == 2 and part[0] == "chips")
        )
        if not ok:
            raise IllegalAction(
                f"{show_value(part)} is not ('say', word, amount) or ('chips', chips)", "11.4"
            )
    first, rest = steps[0], steps[1:]
    after = rest[0] if rest else None
    if first[0] == "chips":
        said = (after[1], after[2]) if after is not None and after[0] == "say" else None
        return live_action(ctx, rules, said=said, chips=first[1], said_first=False)
    word, amount = first[1], first[2]
    if word in ("bet", "raise") and amount is None and after is not None:
        if after[0] == "say":
            if after[2] is not None:
                return live_action(ctx, rules, said=(word, after[2]))
            return live_action(ctx, rules, said=(word, None))
        return live_action(ctx, rules, said=(word, None), chips=after[1])
    return live_action(ctx, rules, said=(word, amount))


@rule("11.5")
def undercall(pushed: int, ctx: BetContext, rules: RuleSet, *, ruling: str = "call") -> Action:
    """Undercalls: made a full call heads-up or facing the opening bet (TDA 51B–C); otherwise the
    director's ``ruling``, "call" or "fold" (the fold forfeits ``undercall_forfeit`` chips)."""
    (pushed,) = _check_chips((pushed,), ctx)
    if ruling not in ("call", "fold"):
        raise IllegalAction(f"undercall ruling {show_value(ruling)} is not 'call' or 'fold'", "11.5")
    if pushed >= ctx.to_call:
        raise IllegalAction(f"{pushed} is not less than the call of {ctx.to_call}: not an undercall", "11.5")
    if pushed == ctx.stack:
        return ("call", ctx.all_in_to)
    facing_opening = ctx.opening_bet is None or ctx.current_bet == ctx.opening_bet
    if ruling == "call" or ctx.heads_up or facing_opening:
        return call_or_check(ctx)
    return ("fold", ctx.player_bet)


@part_of("11.5")
def undercall_forfeit(pushed: int, ctx: BetContext) -> int:
    """The chips an undercall ruled a fold forfeits: those pushed, up to the opening bet less what
    the player had already put in; the rest is returned."""
    opening = ctx.current_bet if ctx.opening_bet is None else ctx.opening_bet
    return min(pushed, max(0, opening - ctx.player_bet))


@rule("11.6")
def declared_amount(
    word: str | None, amount: int, ctx: BetContext, rules: RuleSet, *, undercall_ruling: str = "call"
) -> Action:
    """Declared amounts: "raise N" is a raise to N (by N when N is not above the current bet); an
    amount alone is the same as pushing it out, without chips to remove (TDA 40B–C, 43)."""
    amount = _check_amount(amount)
    if word not in (None, "bet", "raise"):
        raise IllegalAction(f"{show_value(word)} does not declare an amount; 'bet', 'raise' or None", "11.6")
    if word is not None:
        if ctx.current_bet == 0:
            return wager(ctx, rules, amount)
        return wager(ctx, rules, amount if amount > ctx.current_bet else ctx.current_bet + amount)
    if ctx.current_bet == 0:
        return wager(ctx, rules, ctx.player_bet + amount)
    k = ctx.to_call
    if amount < k:
        if amount >= ctx.stack:
            return ("call", ctx.all_in_to)
        return undercall(amount, ctx, rules, ruling=undercall_ruling)
    if 2 * (amount - k) < ctx.min_raise:
        return call_or_check(ctx)
    return wager(ctx, rules, ctx.player_bet + amount)


@rule("11.7")
def may_withdraw(pushed: int, ctx: BetContext, acted_after: bool, rules: RuleSet) -> bool:
    """Withdrawing chips when unaware of a raise: allowed with ``unaware_of_raise_withdraw`` for
    chips released silently, below the call and not the whole stack, before anyone acted after
    (seed 002 rule 5)."""
    (pushed,) = _check_chips((pushed,), ctx)
    return rules.unaware_of_raise_withdraw and not acted_after and _is_undercall(pushed, ctx)


@rule("11.8")
def forward_motion(
    chips: Sequence[int], ctx: BetContext, induced_out_of_turn: bool, rules: RuleSet
) -> Action | None:
    """A forward motion that induces action: chips not released bind as if released when the motion
    led a later player to act out of turn (seed 002 rule 6); otherwise it is no action."""
    pushed = _check_chips(chips, ctx)
    if not pushed:
        raise IllegalAction("a forward motion needs chips", "11.8")
    if not induced_out_of_turn:
        return None
    if len(pushed) == 1:
        return single_chip_action(pushed[0], ctx, rules)
    return multi_chip_action(pushed, ctx, rules)


@rule("11.9")
def correct_underraise(
    totals: Mapping[str, int],
    min_total: int,
    before_next_card: bool,
    rules: RuleSet,
    *,
    caps: Mapping[str, int] | None = None,
) -> dict[str, int]:
    """Underbets and underraises: before the next card, the bettor and his callers are brought up to
    the minimum legal total (each at most his all-in total); afterwards the error stands (TDA 52A)."""
    if not isinstance(totals, Mapping) or not all(is_int(v) and v >= 0 for v in totals.values()):
        raise IllegalAction(f"totals {show_value(totals)} are not a mapping of chip totals", "11.9")
    if not is_int(min_total) or min_total <= 0:
        raise IllegalAction(f"minimum total {show_value(min_total)} is not a whole number > 0", "11.9")
    caps = dict(caps or {})
    if not before_next_card:
        return dict(totals)
    return {who: max(total, min(min_total, caps.get(who, min_total))) for who, total in totals.items()}


@overload
def invalid_declaration(
    word: Literal["call", "bet", "raise", "pot", "complete"], ctx: BetContext, rules: RuleSet
) -> Action: ...
@overload
def invalid_declaration(word: str, ctx: BetContext, rules: RuleSet) -> Action | frozenset[str]: ...
@rule("11.10")
def invalid_declaration(word: str, ctx: BetContext, rules: RuleSet) -> Action | frozenset[str]:
    """Declarations that do not fit the situation: "call" with no bet is a check; "check" facing a
    bet binds to call or fold; "raise", "bet", "pot" or "complete" out of place bind to the
    minimum bet or raise (TDA 54D, 55)."""
    if word == "call" and ctx.to_call == 0:
        return ("check", ctx.player_bet)
    if word in ("check", "tap") and ctx.to_call > 0:
        return FOLLOW_UPS
    if word in ("bet", "raise", "pot", "complete"):
        return wager(ctx, rules, min_to(ctx, rules))
    raise IllegalAction(f"{show_value(word)} fits the situation; it is read by §11.1", "11.10")


@rule("11.11")
def skipped_player_may_lose_turn(acted_behind: int, acted_in_front: int, called_time: bool) -> bool:
    """A skipped player who does not call "time": he may lose the right to act once two or more
    players acted behind him, never while nobody in front of him has acted (seed 002 note 3)."""
    for name, value in (("acted_behind", acted_behind), ("acted_in_front", acted_in_front)):
        if not is_int(value) or value < 0:
            raise IllegalAction(f"{name} = {show_value(value)} is not a count of players >= 0", "11.11")
    if not isinstance(called_time, bool):
        raise IllegalAction(f"called_time = {show_value(called_time)} is not True or False", "11.11")
    return not called_time and acted_behind >= 2 and acted_in_front > 0


def _is_finite_number(value: object) -> TypeGuard[int | float]:
    """Whether ``value`` is a finite int or float (not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _seconds(name: str, value: object, section: str) -> float:
    if not _is_finite_number(value) or value < 0:
        raise RuleViolation(f"{name} = {show_value(value)} is not a number of seconds >= 0", section)
    return value


@part_of("11.12")
def check_clock_caller(at_table: bool, seated_when_dealt: bool, rules: RuleSet) -> None:
    """Who may call the clock: a player at the table; with ``clock_callers = "seated_when_dealt"``
    (seed 001) only one seated when the hand was dealt (``RuleViolation`` otherwise)."""
    if not at_table:
        raise RuleViolation("only a player at the table may call the clock", "11.12")
    if rules.clock_callers == "seated_when_dealt" and not seated_when_dealt:
        raise RuleViolation(
            "only a player seated at the table when the hand was dealt may call the clock "
            "(clock_callers is 'seated_when_dealt')",
            "11.12",
        )


@rule("11.12")
def clock_time_left(called_at_s: float, now_s: float, rules: RuleSet) -> float:
    """Calling the clock: the player to act has ``action_time_s`` from the call; the seconds he has
    left at ``now_s`` (0: his time has run out and §6.11's time-out applies)."""
    called = _seconds("called_at_s", called_at_s, "11.12")
    now = _seconds("now_s", now_s, "11.12")
    if now < called:
        raise RuleViolation(f"now_s = {now_s!r} is before the clock was called at {called_at_s!r}", "11.12")
    return max(0, called + rules.action_time_s - now)


@rule("11.13")
def disconnection(time_left_s: float, reconnect_after_s: float | None, rules: RuleSet) -> tuple[str, float]:
    """Disconnection protection: a player who reconnects with time left gets ``reconnect_extra_s``
    more seconds (seed 004: 20); one who does not is timed out by §6.11 (seed 004: all-in, folded
    if he has put nothing in). Returns ``("resume", seconds to act)`` or ``("time_out", 0)``."""
    left = _seconds("time_left_s", time_left_s, "11.13")
    if reconnect_after_s is None:
        return ("time_out", 0)
    back = _seconds("reconnect_after_s", reconnect_after_s, "11.13")
    if back >= left:
        return ("time_out", 0)
    extra = rules.reconnect_extra_s
    return ("resume", left - back + (extra or 0))

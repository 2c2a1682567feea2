"""Replay-verify: play each hand of a PHH history through ``pyholdem.Hand`` and judge the outcome.

A hand stops at its first illegal action, reported with the section of the rule that forbids it.
A hand that plays through is compared with the ``finishing_stacks`` or ``winnings`` its file
records (§12.8). Under a rule set other than the one the history was played by, a disagreement is
traced to the rule-set fields whose other reading would have agreed (``diagnose``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from pyholdem.engine.hand import ENGINES, Hand
from pyholdem.engine.setup import HandSetup, setup_from_arguments
from pyholdem.errors import HistoryError, PyHoldemError, RuleSetError, RuleViolation
from pyholdem.history.phh import HandHistory, iter_files, read_file
from pyholdem.rules.ruleset import FIELDS, RuleSet
from pyholdem.spec.cards import Card, standard_deck
from pyholdem.spec.histories import (
    Action,
    HistorySetup,
    TableLayout,
    compare_results,
    hand_action,
    hand_setup,
    replay_rules,
    session_break,
    to_units,
    variant_structure,
)
from pyholdem.spec.table import ForcedPost


@dataclass(frozen=True)
class ReplayResult:
    """The verdict on one hand; ``as_dict`` is the line ``pyholdem replay --json`` prints."""

    file: str | None
    index: int | None
    ok: bool
    finishing_stacks: tuple[int, ...] | None
    expected: dict[str, Any] | None
    error: dict[str, Any] | None
    note: str = ""
    scale: int = 1
    diagnosis: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "index": self.index,
            "ok": self.ok,
            "finishing_stacks": list(self.finishing_stacks) if self.finishing_stacks is not None else None,
            "expected": self.expected,
            "error": self.error,
            "note": self.note,
            "scale": self.scale,
            "diagnosis": list(self.diagnosis),
        }


@dataclass
class DealtCards:
    """The cards a history deals: each seat's hole cards (unknown ones filled from the rest of the
    deck), the board in order, and the seats whose cards nobody saw."""

    holes: list[list[Card | None]]
    board: list[Card]
    unknown: set[int]


def _collect_cards(history: HandHistory) -> DealtCards:
    """Hole cards from ``d dh`` (filled in by ``sm``), the board from ``d db``, in order (§12.11)."""
    n = history.players
    holes: list[list[Card | None] | None] = [None] * n
    last_deal = [0] * n
    board: list[Card] = []
    for i, action in enumerate(history.actions):
        try:
            if action.kind == "deal_hole":
                assert action.player is not None and action.cards is not None
                dealt = holes[action.player] or []
                counts = [len(h or ()) for h in holes]
                following = counts.index(min(counts))
                if action.player != following:
                    raise HistoryError(
                        f"hole cards go to p{following + 1} next, not p{action.player + 1}", "12.11"
                    )
                if len(dealt) + len(action.cards) > 2:
                    raise HistoryError(
                        f"p{action.player + 1} is dealt {len(dealt) + len(action.cards)} hole cards, "
                        "more than 2",
                        "12.11",
                    )
                holes[action.player] = dealt + list(action.cards)
                last_deal[action.player] = i
            elif action.kind == "deal_board":
                assert action.cards is not None
                board.extend(c for c in action.cards if c is not None)
            elif action.kind == "show_muck" and action.cards:
                assert action.player is not None
                held = holes[action.player]
                if held is None or len(action.cards) != len(held):
                    raise HistoryError(
                        f"p{action.player + 1} shows {len(action.cards)} cards it was not dealt", "12.11"
                    )
                for k, (was, shown) in enumerate(zip(held, action.cards, strict=True)):
                    if shown is not None and was is not None and shown != was:
                        raise HistoryError(f"p{action.player + 1} shows {shown} but was dealt {was}", "12.11")
                    if was is None:
                        held[k] = shown
        except HistoryError as exc:
            raise exc.located(action=i) from None
    for player, h in enumerate(holes):
        if h is not None and len(h) != 2:
            error = HistoryError(f"p{player + 1} is dealt {len(h)} hole card, not 2", "12.11")
            raise error.located(action=last_deal[player])
    seen = Counter(c for h in holes if h for c in h if c is not None)
    seen.update(board)
    duplicates = sorted(c for c, count in seen.items() if count > 1)
    if duplicates:
        raise HistoryError(f"card {duplicates[0]} is dealt twice", "1.1")
    spare = iter(c for c in standard_deck() if c not in seen)
    unknown: set[int] = set()
    filled: list[list[Card | None]] = []
    for seat, h in enumerate(holes):
        cards: list[Card | None] = list(h) if h is not None else [None, None]
        if None in cards:
            unknown.add(seat)
            cards = [c if c is not None else next(spare) for c in cards]
        filled.append(cards)
    return DealtCards(filled, board, unknown)


class PlayedHistory(NamedTuple):
    """A history played on a ``Hand``: the hand, the cards dealt, and the actions implied by ``repair``.

    ``seats`` gives each player's seat of the hand (``pK`` is ``hand`` seat ``seats[K - 1]``).
    """

    hand: Hand
    cards: DealtCards
    implied: list[str]

    @property
    def seats(self) -> tuple[int, ...]:
        return player_seats(self.hand.setup)


def player_seats(setup: HandSetup | None) -> tuple[int, ...]:
    """The seats of a set-up's players in PHH order: the seats in the hand, clockwise from the seat
    left of the button (§12.5, §12.12)."""
    assert setup is not None
    n, button = len(setup.stacks), setup.button
    return tuple((button + 1 + i) % n for i in range(n) if setup.in_hand[(button + 1 + i) % n])


def play_history(
    history: HandHistory,
    rules: RuleSet,
    *,
    observer: Callable[[Hand], None] | None = None,
    repair: bool = False,
    engine: str = "auto",
) -> PlayedHistory:
    """Play every action of ``history`` under ``rules`` on a ``Hand`` (§12.11).

    Raises ``HistoryError`` (set-up, notation) or the rules' own error, whose ``action`` field is
    the index of the action that raised it. With ``repair``, players the history skips are taken
    to check where checking is free and to fold otherwise (pokerkit's reading); the implied
    actions are returned. ``observer`` sees the hand before each player action. ``engine`` is
    the ``Hand`` engine (``"auto"``, ``"spec"`` or ``"native"``).
    """
    layout = history.layout
    if layout is None:
        setup = hand_setup(
            history.variant,
            history.antes,
            history.blinds_or_straddles,
            history.starting_stacks,
            min_bet=history.min_bet,
            small_bet=history.small_bet,
            big_bet=history.big_bet,
            scale=history.scale,
        )
        cards = _collect_cards(history)
        hand = Hand(_hand_setup(history, setup, rules, cards), engine=engine)
    else:
        cards = _collect_cards(history)
        hand = Hand(_table_setup(history, layout, rules, cards), engine=engine)
    seats = player_seats(hand.setup)
    player_of = {seat: player for player, seat in enumerate(seats)}
    dealt_board = 0
    player_acted = False
    implied: list[str] = []
    for i, action in enumerate(history.actions):
        try:
            if repair and action.kind in _BETTING:
                implied += _imply(hand, action, i, player_of)
            if observer is not None and action.kind in _BETTING and hand.to_act is not None:
                observer(hand)
            if _step(hand, action, dealt_board, player_acted, seats):
                implied.append(
                    f"p{(action.player or 0) + 1} check at action {i} skipped (nobody left to bet)"
                )
        except HistoryError as exc:
            raise exc.located(action=i) from None
        except PyHoldemError as exc:
            exc.at_action(i)
            raise
        if action.kind == "deal_board":
            dealt_board += len(action.cards or ())
        elif action.kind in _BETTING:
            player_acted = True
    return PlayedHistory(hand, cards, implied)


_BETTING = ("fold", "check_call", "bet_raise_to", "time_out")


def _chip_unit(history: HandHistory) -> int | None:
    """The history's ``_chip_unit`` in chip units (§12.10), or ``None``."""
    written = history.extra.get("_chip_unit")
    return None if written is None else to_units(written, history.scale, "_chip_unit")


def _hand_setup(history: HandHistory, setup: HistorySetup, rules: RuleSet, cards: DealtCards) -> HandSetup:
    """The ``HandSetup`` (§3.20) a history starts from: its forced bets and stacks as §12.10 read them
    (``setup``), the rule set §12.10 replays it with, and the cards it names."""
    return setup_from_arguments(
        replay_rules(rules, setup, history.ante_trimming_status, chip_unit=_chip_unit(history)),
        setup.stacks,
        button=setup.button,
        blinds=setup.blinds[0] if len(setup.blinds) == 1 else setup.blinds,
        antes=setup.antes,
        straddles=setup.straddles,
        hole_cards=[tuple(h) for h in cards.holes],
        board=cards.board,
        bet_sizes=setup.bet_sizes,
        seed="phh-replay",
    )


def _table_setup(history: HandHistory, layout: TableLayout, rules: RuleSet, cards: DealtCards) -> HandSetup:
    """The ``HandSetup`` (§3.20) of a table hand's explicit set-up (§12.12): seat number ``K`` is
    seat ``K - 1``; the players' seats are in the hand, the seats sitting out keep their chips,
    the others are empty; the posts, the button and the level as the history gives them."""
    count = layout.seat_count
    stacks, states = [0] * count, ["empty"] * count
    holes: list[tuple[Card | None, Card | None] | None] = [None] * count
    for player, number in enumerate(layout.seats):
        stacks[number - 1] = history.starting_stacks[player]
        states[number - 1] = "in"
        first, second = cards.holes[player]
        holes[number - 1] = (first, second)
    for number, chips in layout.sitting_out:
        stacks[number - 1], states[number - 1] = chips, "sitting_out"
    structure = variant_structure(history.variant)
    bet_sizes = None
    if structure == "fixed_limit":
        assert history.small_bet is not None and history.big_bet is not None
        bet_sizes = (history.small_bet, history.big_bet)
    read = HistorySetup(structure, tuple(stacks), layout.button - 1, layout.blinds, (), (), bet_sizes)
    posts = tuple(ForcedPost(layout.seats[p.seat] - 1, p.kind, p.amount, p.live) for p in layout.posts)
    return HandSetup(
        replay_rules(rules, read, history.ante_trimming_status, chip_unit=_chip_unit(history)),
        tuple(stacks),
        layout.button - 1,
        posts,
        layout.blinds,
        bet_sizes,
        tuple(states),
        seed="phh-replay",
        hole_cards=tuple(holes),
        board=tuple(cards.board),
    )


_STREET_CARDS = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}


def _imply(hand: Hand, action: Action, index: int, player_of: dict[int, int]) -> list[str]:
    implied = []
    street = hand.street
    while hand.to_act is not None and player_of[hand.to_act] != action.player and hand.street == street:
        player = player_of[hand.to_act]
        kind = "check" if hand.legal_actions().check else "fold"
        hand.act(kind)
        implied.append(f"p{player + 1} {kind} before action {index}")
    return implied


def _step(hand: Hand, action: Action, dealt_board: int, player_acted: bool, seats: tuple[int, ...]) -> bool:
    """Apply one action; True when it is a redundant check the rules no longer ask for (§12.11).

    Whom hole cards go to, in which order, is checked before the hand starts (``_collect_cards``).
    """
    if action.kind in ("noop", "show_muck"):
        return False
    if action.kind == "time_out":
        to_act = None if hand.to_act is None else seats.index(hand.to_act)
        if to_act != action.player:
            who = "nobody" if to_act is None else f"p{to_act + 1}"
            raise HistoryError(f"p{(action.player or 0) + 1} times out but {who} is to act", "12.11")
        hand.time_out()
        return False
    if action.kind == "deal_hole":
        if player_acted:
            raise HistoryError("hole cards are dealt after the betting has begun", "12.11")
        return False
    if action.kind == "deal_board":
        total = dealt_board + len(action.cards or ())
        if (dealt_board, total) not in ((0, 3), (3, 4), (4, 5)):
            raise HistoryError(
                f"board cards {dealt_board + 1}..{total} are not a flop, turn or river", "12.11"
            )
        if len(hand.board) < total:
            who = f"p{hand.to_act + 1} is still to act" if hand.to_act is not None else "the hand is over"
            raise HistoryError(f"board card {total} is dealt before the betting round ended ({who})", "12.11")
        return False
    if (
        action.kind == "check_call"
        and hand.to_act is None
        and not hand.state.folded[seats[action.player or 0]]
    ):
        return True
    if not hand.is_over and _STREET_CARDS.get(hand.street, 0) > dealt_board:
        raise HistoryError(
            f"p{(action.player or 0) + 1} acts on the {hand.street} before it is dealt", "12.11"
        )
    if hand.is_over:
        hand_action(action, None, False, False)
    legal = hand.legal_actions()
    to_act = None if hand.to_act is None else seats.index(hand.to_act)
    kind, amount = hand_action(action, to_act, legal.check, legal.is_bet)
    hand.act(kind, amount)
    return False


def _money(hand: Hand) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What each seat collected from the pots, and what was returned to it as uncalled."""
    n = len(hand.initial_stacks)
    returned = [0] * n
    for event in hand.events:
        if event.kind == "return" and event.seat is not None and event.amount:
            returned[event.seat] += event.amount
    if hand.result is None:
        return (0,) * n, tuple(returned)
    state = hand.state
    final = hand.result.stacks
    collected = tuple(
        final[s] - hand.initial_stacks[s] + state.committed[s] + state.antes[s] for s in range(n)
    )
    return collected, tuple(returned)


def replay(
    history: HandHistory,
    rules: RuleSet | None = None,
    *,
    diagnose_with: RuleSet | None = None,
    repair: bool = False,
    engine: str = "auto",
) -> ReplayResult:
    """Replay ``history`` under ``rules`` (default ``tda_2024``) and judge it (§12.8, §12.11).

    With ``diagnose_with`` (the rule set the history is believed to follow), a disagreement names
    the fields of that rule set which, switched one at a time, make the hand agree. ``engine``
    is the ``Hand`` engine the hand is played on (``"auto"``, ``"spec"`` or ``"native"``).
    """
    if not isinstance(history, HandHistory):
        raise HistoryError(f"{history!r} is not a HandHistory to replay", "12.8")
    for given in (rules, diagnose_with):
        if given is not None and not isinstance(given, RuleSet):
            raise RuleSetError(f"{given!r} is not a RuleSet", "0.1")
    if engine not in ENGINES:
        raise RuleViolation(f"engine {engine!r} is not one of {', '.join(map(repr, ENGINES))}", "0.1")
    rules = rules or RuleSet()
    result = _judge(history, rules, repair, engine)
    if result.ok or diagnose_with is None or diagnose_with == rules:
        return result
    causes = _diagnose(history, rules, diagnose_with, repair, engine)
    if not causes:
        return result
    error = dict(result.error or {})
    if error.get("kind") == "ResultMismatch":
        error["section"] = FIELDS[causes[0]].metadata["section"]
    readings = ", ".join(
        f"{f} = {getattr(diagnose_with, f)!r} (§{FIELDS[f].metadata['section']})" for f in causes
    )
    note = f"{result.note}; agrees with {readings}".lstrip("; ")
    return ReplayResult(
        result.file,
        result.index,
        False,
        result.finishing_stacks,
        result.expected,
        error,
        note,
        result.scale,
        causes,
    )


def _judge(history: HandHistory, rules: RuleSet, repair: bool = False, engine: str = "auto") -> ReplayResult:
    expected = _expected(history)
    base: dict[str, Any] = {
        "file": history.file,
        "index": history.index,
        "expected": expected,
        "scale": history.scale,
    }
    try:
        played = play_history(history, rules, repair=repair, engine=engine)
    except PyHoldemError as exc:
        index = exc.action
        note = ""
        if not isinstance(exc, HistoryError) and history.scale != 1:
            note = f"the rules count chips: amounts in the refusal are units of 1/{history.scale}"
        return ReplayResult(
            ok=False, finishing_stacks=None, error={**exc.as_dict(), "action": index}, note=note, **base
        )
    hand, cards, implied = played
    seats = played.seats
    final = tuple((hand.result.stacks if hand.result is not None else hand.stacks)[s] for s in seats)
    folded = [hand.state.folded[s] for s in seats]
    contenders = [p for p in range(len(final)) if not folded[p]]
    unknown = sorted(p for p in cards.unknown if not folded[p])
    if hand.result is not None and hand.result.showdown and len(contenders) > 1 and unknown:
        who = ", ".join(f"p{s + 1}" for s in unknown)
        note = f"result not verifiable: {who} reached the showdown with cards nobody saw"
        return ReplayResult(ok=True, finishing_stacks=None, error=None, note=note, **base)
    if hand.result is not None and hand.result.showdown and len(contenders) > 1 and len(cards.board) < 5:
        dealt = len(cards.board)
        note = f"result not verifiable: the showdown needs 5 board cards and the history deals {dealt}"
        return ReplayResult(ok=True, finishing_stacks=None, error=None, note=note, **base)
    collected, returned = (tuple(amounts[s] for s in seats) for amounts in _money(hand))
    verdict = compare_results(
        final,
        collected,
        returned,
        finishing_stacks=history.finishing_stacks,
        winnings=history.winnings,
        scale=history.scale,
    )
    note = verdict.message if hand.is_over else f"{verdict.message} (the history stops before the hand ends)"
    if implied:
        note += "; implied: " + ", ".join(implied)
    error = None
    if not verdict.ok:
        error = {"kind": "ResultMismatch", "section": "12.8", "message": verdict.message, "action": None}
    return ReplayResult(ok=verdict.ok, finishing_stacks=tuple(final), error=error, note=note, **base)


def _expected(history: HandHistory) -> dict[str, Any] | None:
    if history.finishing_stacks is not None:
        return {"finishing_stacks": list(history.finishing_stacks)}
    if history.winnings is not None:
        return {"winnings": list(history.winnings)}
    return None


def _diagnose(
    history: HandHistory, rules: RuleSet, target: RuleSet, repair: bool, engine: str = "auto"
) -> tuple[str, ...]:
    """The fields where ``target`` differs from ``rules`` that alone make the replay agree."""
    causes = []
    for name, value in target.changes(rules).items():
        if name == "betting_structure":
            continue
        try:
            candidate = rules.replace(**{name: value})
        except PyHoldemError:
            continue
        if _judge(history, candidate, repair, engine).ok:
            causes.append(name)
    return tuple(causes)


def replay_paths(
    paths: Sequence[str | Path],
    rules: RuleSet | None = None,
    *,
    diagnose_with: RuleSet | None = None,
    repair: bool = False,
    engine: str = "auto",
) -> Iterator[ReplayResult]:
    """Every hand of every ``.phh`` / ``.phhs`` file under ``paths``, read and replayed in order."""
    for path in iter_files(paths):
        yield from replay_histories(
            read_file(path), rules, diagnose_with=diagnose_with, repair=repair, engine=engine
        )


def replay_histories(
    results: Iterable[HandHistory | HistoryError],
    rules: RuleSet | None = None,
    *,
    diagnose_with: RuleSet | None = None,
    repair: bool = False,
    engine: str = "auto",
) -> Iterator[ReplayResult]:
    """Replay read hands; a hand that could not be read becomes a failed result naming why."""
    for item in results:
        if isinstance(item, HistoryError):
            error = {**item.as_dict(), "action": item.action}
            yield ReplayResult(item.file, item.hand, False, None, None, error)
        else:
            yield replay(item, rules, diagnose_with=diagnose_with, repair=repair, engine=engine)


@dataclass(frozen=True)
class SessionResult:
    """The verdict on a session (§12.13): every hand's ``ReplayResult``, and the first hand, if any,
    whose starting stacks do not follow from the hand before; ``as_dict`` is its JSON line."""

    file: str | None
    hands: tuple[ReplayResult, ...]
    break_index: int | None = None
    message: str = ""

    @property
    def ok(self) -> bool:
        """Every hand replays and agrees, and the hands follow one another."""
        return self.break_index is None and all(r.ok for r in self.hands)

    def as_dict(self) -> dict[str, Any]:
        error = None
        if self.break_index is not None:
            error = {"kind": "SessionBreak", "section": "12.13", "message": self.message}
        return {
            "session": self.file,
            "hands": len(self.hands),
            "ok": self.ok,
            "continuous": self.break_index is None,
            "break_index": self.break_index,
            "error": error,
        }


def is_session(histories: Sequence[HandHistory | HistoryError]) -> bool:
    """Whether read hands are a session (§12.13): two or more, every one read and giving
    ``seat_count`` and ``seats``, all at one table (the same ``table`` and ``seat_count``)."""
    hands = [h for h in histories if isinstance(h, HandHistory)]
    if len(hands) < 2 or len(hands) != len(histories):
        return False
    if any(h.seat_count is None or h.seats is None for h in hands):
        return False
    return len({(h.table, h.seat_count) for h in hands}) == 1


def _seat_chips(
    history: HandHistory, stacks: Sequence[int] | None
) -> dict[int, tuple[str | None, int]] | None:
    """Each seat number's player (name or ``None``) and chips, the players' being ``stacks``."""
    if history.seats is None or stacks is None:
        return None
    names = history.player_names or ("",) * history.players
    chips = {seat: (names[p] or None, stacks[p]) for p, seat in enumerate(history.seats)}
    out_names = history.sitting_out_names or ("",) * len(history.sitting_out)
    chips.update(
        {
            seat: (name or None, stack)
            for (seat, stack), name in zip(history.sitting_out, out_names, strict=True)
        }
    )
    return chips


def replay_session(
    histories: Sequence[HandHistory | HistoryError],
    rules: RuleSet | None = None,
    *,
    file: str | None = None,
    repair: bool = False,
    engine: str = "auto",
) -> SessionResult:
    """Replay a session hand by hand (§12.13) and check that each hand starts, for the players who
    stay, from the stacks the hand before finished with; the first break is reported."""
    results: list[ReplayResult] = []
    previous: tuple[int | None, dict[int, tuple[str | None, int]]] | None = None
    break_index, message = None, ""
    for result, item in zip(
        replay_histories(histories, rules, repair=repair, engine=engine), histories, strict=True
    ):
        results.append(result)
        if not isinstance(item, HandHistory):
            previous = None
            continue
        start = _seat_chips(item, item.starting_stacks)
        if previous is not None and start is not None and break_index is None:
            why = session_break(previous[1], start, dict(item.chips_added), dict(item.chips_removed))
            if why is not None:
                break_index = item.index
                message = f"hand [{item.index}]: {why} (hand [{previous[0]}])"
        end = _seat_chips(item, result.finishing_stacks) if result.ok else None
        previous = None if end is None else (item.index, end)
    return SessionResult(file, tuple(results), break_index, message)

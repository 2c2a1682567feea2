"""Open Hand History (§12.14): OHH JSON hands read as PHH table hands, and played hands written as OHH.

``from_ohh`` maps one ``{"ohh": {...}}`` object onto a ``HandHistory`` (a table hand, §12.12), which
replays like any other; ``to_ohh`` plays a ``HandHistory`` and writes what happened as OHH;
``loads_ohh`` / ``dumps_ohh`` read and write ``.ohh`` text (objects separated by a blank line).
Fields one format has and the other lacks travel in the other's user-defined fields: PHH's
``_ohh`` (OHH's own fields, as JSON text) and OHH's ``phh`` (PHH's optional fields).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from pyholdem.engine.hand import Event, Hand
from pyholdem.errors import HistoryError, PyHoldemError
from pyholdem.history.phh import HandHistory
from pyholdem.history.replay import play_history, player_seats
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.cards import Card, format_cards
from pyholdem.spec.histories import (
    OHH_POSTS,
    OHH_STRUCTURES,
    Action,
    brief,
    chip_scale,
    format_amount,
    ohh_betting,
    ohh_player_order,
    parse_phh_cards,
    to_units,
    variant_code,
)
from pyholdem.spec.table import ForcedPost

__all__ = ["OHH_VERSION", "dumps_ohh", "from_ohh", "loads_ohh", "to_ohh"]

OHH_VERSION = "1.4.6"
STREETS = ("Preflop", "Flop", "Turn", "River", "Showdown")
_STRUCTURE_OF_CODE = {code: bet_type for bet_type, code in OHH_STRUCTURES.items()}
_OWN_FIELDS = frozenset(
    {
        "spec_version", "game_type", "bet_limit", "table_size", "dealer_seat", "small_blind_amount",
        "big_blind_amount", "ante_amount", "players", "rounds", "pots", "game_number", "table_name",
        "currency", "phh",
    }
)  # fmt: skip
_POST_NAMES = {"small_blind": "Post SB", "big_blind": "Post BB", "straddle": "Straddle"}


def _field(obj: Mapping[str, Any], name: str, where: str = "ohh") -> Any:
    if not isinstance(obj, Mapping) or name not in obj:
        raise HistoryError(f"{where} has no {name!r} field", "12.14")
    return obj[name]


def _seat_number(value: object, what: str, table_size: int) -> int:
    if type(value) is not int or not 1 <= value <= table_size:
        raise HistoryError(f"{what} = {brief(value)} is not a seat in 1..{table_size}", "12.14")
    return value


def _amounts(hand: Mapping[str, Any]) -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for key in ("small_blind_amount", "big_blind_amount", "ante_amount"):
        if hand.get(key) is not None:
            found.append((key, hand[key]))
    for player in hand.get("players") or ():
        if isinstance(player, Mapping) and player.get("starting_stack") is not None:
            found.append(("starting_stack", player["starting_stack"]))
    for rnd in hand.get("rounds") or ():
        for action in (rnd.get("actions") or ()) if isinstance(rnd, Mapping) else ():
            if isinstance(action, Mapping) and action.get("amount") is not None:
                found.append((f"action {action.get('action_number')!r} amount", action["amount"]))
    for pot in hand.get("pots") or ():
        for win in (pot.get("player_wins") or ()) if isinstance(pot, Mapping) else ():
            if isinstance(win, Mapping) and win.get("win_amount") is not None:
                found.append(("win_amount", win.get("win_amount")))
    return found


_LEVEL_AMOUNTS = {"Post SB": "small_blind_amount", "Post BB": "big_blind_amount", "Post Ante": "ante_amount"}


def _due(hand: Mapping[str, Any], name: str, posted: int, all_in: object, scale: int) -> int:
    """What a post was due: the level's amount when a player all in posted less (§3.20), else
    what he posted."""
    level = hand.get(_LEVEL_AMOUNTS.get(name, ""))
    if all_in and level:
        return max(posted, to_units(level, scale, _LEVEL_AMOUNTS[name]))
    return posted


def _cards(value: object, what: str) -> tuple[Card | None, ...]:
    if value in (None, "", []):
        return ()
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise HistoryError(f"{what} = {brief(value)} is not a list of cards", "12.14")
    return parse_phh_cards("".join(value))


def from_ohh(obj: Mapping[str, Any]) -> HandHistory:
    """One OHH hand (``{"ohh": {...}}`` or the inner object) as a PHH table hand (§12.14)."""
    hand = obj.get("ohh", obj) if isinstance(obj, Mapping) else obj
    if not isinstance(hand, Mapping):
        raise HistoryError(f"OHH hand {brief(obj)} is not a JSON object", "12.14")
    game = _field(hand, "game_type")
    if game != "Holdem":
        raise HistoryError(f"OHH game_type {brief(game)} is not Texas hold'em ('Holdem')", "12.14")
    bet_type = _field(_field(hand, "bet_limit"), "bet_type", "bet_limit")
    if bet_type not in OHH_STRUCTURES:
        raise HistoryError(f"OHH bet_type {brief(bet_type)} is not one of NL, PL, FL", "12.14")
    variant = OHH_STRUCTURES[bet_type]
    table_size = _field(hand, "table_size")
    if isinstance(table_size, str) and table_size.isdigit():
        table_size = int(table_size)
    if type(table_size) is not int or not 2 <= table_size <= 10:
        raise HistoryError(f"OHH table_size {brief(table_size)} is not 2 to 10 seats", "12.14")
    button = _seat_number(_field(hand, "dealer_seat"), "dealer_seat", table_size)
    amounts = _amounts(hand)
    scale = chip_scale([v for _, v in amounts], [k for k, _ in amounts])

    def units(value: object, what: str) -> int:
        return to_units(value, scale, what)

    players = _field(hand, "players")
    if not isinstance(players, list) or not players:
        raise HistoryError(f"OHH players {brief(players)} is not a list of players", "12.14")
    seated: list[Mapping[str, Any]] = []
    out: list[tuple[int, int]] = []
    out_names: list[str] = []
    for player in players:
        seat = _seat_number(_field(player, "seat", "player"), "player seat", table_size)
        if player.get("is_sitting_out"):
            out.append((seat, units(player.get("starting_stack", 0), "starting_stack")))
            out_names.append(str(player.get("name", "")))
        else:
            seated.append(player)
    order = ohh_player_order([p["seat"] for p in seated], button, table_size)
    seated = [seated[i] for i in order]
    index = {}
    for i, player in enumerate(seated):
        pid = _field(player, "id", "player")
        if pid in index:
            raise HistoryError(f"OHH player id {brief(pid)} appears twice", "12.14")
        index[pid] = i
    n = len(seated)
    stacks = tuple(units(_field(p, "starting_stack", "player"), "starting_stack") for p in seated)
    antes, blinds = [0] * n, [0] * n
    posts: list[ForcedPost] = []
    actions: list[Action] = []
    put_in = [0] * n
    rounds = _field(hand, "rounds")
    if not isinstance(rounds, list):
        raise HistoryError(f"OHH rounds {brief(rounds)} is not a list", "12.14")
    for rnd in rounds:
        street = _field(rnd, "street", "round")
        if street not in STREETS:
            raise HistoryError(f"OHH street {brief(street)} is not one of {', '.join(STREETS)}", "12.14")
        board = _cards(rnd.get("cards"), f"{street} cards")
        if board:
            actions.append(Action("deal_board", None, board))
        if street != "Preflop":
            put_in = [0] * n
        for entry in rnd.get("actions") or ():
            name = _field(entry, "action", "action")
            pid = _field(entry, "player_id", "action")
            if pid not in index:
                raise HistoryError(
                    f"OHH action {brief(name)}: player_id {brief(pid)} is not in the hand", "12.14"
                )
            p = index[pid]
            amount = None if entry.get("amount") in (None, 0) else units(entry["amount"], f"{name} amount")
            if amount is None and name in OHH_POSTS and entry.get("is_allin"):
                amount = 0
            if name == "Dealt Cards":
                dealt = _cards(entry.get("cards"), "Dealt Cards") or (None, None)
                actions.append(Action("deal_hole", p, dealt))
            elif name in OHH_POSTS:
                if amount is None:
                    raise HistoryError(f"OHH {name} of player_id {brief(pid)} has no amount", "12.14")
                kind = OHH_POSTS[name]
                live = name not in ("Post Dead", "Post Ante")
                due = _due(hand, name, amount, entry.get("is_allin"), scale)
                posts.append(ForcedPost(p, kind, due, live))
                if kind == "ante":
                    antes[p] += due
                elif live:
                    blinds[p] += due
                    put_in[p] += amount
            elif name == "Shows Cards":
                actions.append(Action("show_muck", p, _cards(entry.get("cards"), "Shows Cards")))
            elif name == "Mucks Cards":
                actions.append(Action("show_muck", p, None))
            else:
                kind, to = ohh_betting(name, amount, put_in[p])
                if name == "Call" and amount is not None:
                    put_in[p] += amount
                elif to is not None:
                    put_in[p] = to
                actions.append(Action(kind, p, None, to))
    holes = sorted((a for a in actions if a.kind == "deal_hole"), key=lambda a: a.player or 0)
    if holes:
        first = next(i for i, a in enumerate(actions) if a.kind == "deal_hole")
        rest = [a for a in actions if a.kind != "deal_hole"]
        actions = rest[:first] + holes + rest[first:]
    winnings: list[int] | None = None
    pots = hand.get("pots")
    if pots:
        winnings = [0] * n
        for pot in pots:
            for win in _field(pot, "player_wins", "pot") or ():
                pid = _field(win, "player_id", "player_wins")
                if pid not in index:
                    raise HistoryError(f"OHH pot winner player_id {brief(pid)} is not in the hand", "12.14")
                winnings[index[pid]] += units(_field(win, "win_amount", "player_wins"), "win_amount")
    small = hand.get("small_blind_amount")
    big = units(_field(hand, "big_blind_amount"), "big_blind_amount")
    level = (units(small, "small_blind_amount"), big) if small else (big,)
    carried = dict(hand.get("phh") or {})
    if isinstance(carried.get("time"), str):
        try:
            carried["time"] = dt.time.fromisoformat(carried["time"])
        except ValueError:
            raise HistoryError(f"phh time {brief(carried['time'])} is not a time", "12.14") from None
    own = {k: v for k, v in hand.items() if k not in _OWN_FIELDS}
    extra: dict[str, Any] = {**carried}
    if own:
        extra["_ohh"] = json.dumps(own, sort_keys=True, default=str)
    if hand.get("currency"):
        extra["currency"] = hand["currency"]
    return HandHistory(
        variant=variant,
        antes=tuple(reversed(antes)) if n == 2 else tuple(antes),
        blinds_or_straddles=tuple(reversed(blinds)) if n == 2 else tuple(blinds),
        starting_stacks=stacks,
        actions=tuple(actions),
        scale=scale,
        min_bet=big if variant != "FT" else None,
        small_bet=big if variant == "FT" else None,
        big_bet=2 * big if variant == "FT" else None,
        winnings=tuple(winnings) if winnings is not None else None,
        table=hand.get("table_name"),
        hand=hand.get("game_number"),
        seat_count=table_size,
        seats=tuple(p["seat"] for p in seated),
        player_names=tuple(str(p.get("name", "")) for p in seated),
        button=button,
        blinds=level,
        posts=tuple(posts),
        sitting_out=tuple(out),
        sitting_out_names=tuple(out_names) if out else (),
        extra=extra,
    )


def _amount(units: int, scale: int) -> int | float | Decimal:
    """An amount as a JSON number: an integer where it is whole, else its exact decimal."""
    if units % scale == 0:
        return units // scale
    return Decimal(format_amount(units, scale))


class _Encoder(json.JSONEncoder):
    def default(self, o: object) -> Any:
        if isinstance(o, Decimal):
            return float(o)
        if isinstance(o, dt.time | dt.date):
            return o.isoformat()
        return super().default(o)


def blinds_posted_in(hand: Hand) -> set[int]:
    """The seats whose live blind or straddle put chips in (an ante may have taken them all)."""
    return {e.seat for e in hand.events if e.kind in ("blind", "straddle") and e.seat is not None}


def _unposted(hand: Hand, posted: set[int]) -> list[Event]:
    """A live blind due from a seat whose ante left it nothing to post, as a post of 0 all in."""
    assert hand.setup is not None
    return [
        Event("blind", p.seat, 0, (), True, "preflop")
        for p in hand.setup.posts
        if p.live and p.kind in ("small_blind", "big_blind") and p.seat not in posted
    ]


_POST_EVENTS = ("ante", "blind", "dead_blind", "straddle")


def _in_posting_order(hand: Hand) -> list[Event]:
    """The hand's events with its forced posts (those that took no chips included) in the set-up's
    posting order, antes first."""
    assert hand.setup is not None
    posts = [p for p in hand.setup.posts if p.kind != "ante"]

    def key(event: Event) -> tuple[int, int]:
        if event.kind == "ante":
            return 0, 0
        at = next((i for i, p in enumerate(posts) if p.seat == event.seat), len(posts))
        return 1, at

    forced = [e for e in hand.events if e.kind in _POST_EVENTS]
    forced += _unposted(hand, blinds_posted_in(hand))
    rest = [e for e in hand.events if e.kind not in _POST_EVENTS]
    return sorted(forced, key=key) + rest


def _card_list(cards: Sequence[Card | None]) -> list[str]:
    return [format_cards([c]) if c is not None else "??" for c in cards]


def hand_to_ohh(
    hand: Hand,
    *,
    seats: Sequence[int],
    seat_count: int,
    button: int,
    names: Sequence[str] | None = None,
    scale: int = 1,
    fields: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A played ``hand`` as one OHH object: ``seats[i]`` is the seat number (from 1) of hand seat
    ``i`` of the players in the hand (``None`` for a seat not dealt in), ``button`` the dealer seat."""
    setup = hand.setup
    assert setup is not None
    in_hand = [s for s in range(len(setup.stacks)) if setup.in_hand[s]]
    pid = {s: i for i, s in enumerate(in_hand)}
    rules = setup.rules
    bet_type = _STRUCTURE_OF_CODE[variant_code(rules)]
    players = [
        {
            "id": pid[s],
            "seat": seats[s],
            "name": names[s] if names is not None else f"p{pid[s] + 1}",
            "starting_stack": _amount(setup.stacks[s], scale),
        }
        for s in in_hand
    ]
    rounds: list[dict[str, Any]] = []
    number = 0

    def new_round(street: str, cards: Sequence[Card | None] = ()) -> dict[str, Any]:
        rnd: dict[str, Any] = {"id": len(rounds), "street": street, "actions": []}
        if cards:
            rnd["cards"] = _card_list(cards)
        rounds.append(rnd)
        return rnd

    current = new_round("Preflop")
    street_bet = dict.fromkeys(in_hand, 0)
    names_of = {
        "ante": "Post Ante",
        "dead_blind": "Post Dead",
        "call": "Call",
        "check": "Check",
        "fold": "Fold",
    }
    events = _in_posting_order(hand)
    last_board = max((i for i, e in enumerate(events) if e.kind == "board"), default=-1)
    for at, event in enumerate(events):
        kind, seat = event.kind, event.seat
        entry: dict[str, Any] | None = None
        if kind == "board":
            street = {"flop": "Flop", "turn": "Turn", "river": "River"}[event.street]
            current = new_round(street, event.cards)
            street_bet = dict.fromkeys(in_hand, 0)
        elif kind == "deal":
            entry = {"action": "Dealt Cards", "cards": _card_list(event.cards)}
        elif kind in ("blind", "straddle"):
            assert seat is not None  # a post is a seat's
            post = next((p for p in setup.posts if p.seat == seat and p.kind in _POST_NAMES and p.live), None)
            name = _POST_NAMES.get(post.kind if post else "", "Post Extra Blind")
            if kind == "straddle":
                name = "Straddle"
            entry = {"action": name, "amount": event.amount}
            street_bet[seat] += event.amount or 0
        elif kind in ("ante", "dead_blind", "call"):
            entry = {"action": names_of[kind], "amount": event.amount}
            if kind == "call":
                assert seat is not None  # a call is a seat's
                street_bet[seat] += event.amount or 0
        elif kind in ("check", "fold"):
            entry = {"action": names_of[kind]}
        elif kind in ("bet", "raise"):
            assert event.amount is not None and seat is not None
            added = event.amount - street_bet[seat]
            street_bet[seat] = event.amount
            entry = {"action": "Bet" if kind == "bet" else "Raise", "amount": added}
        elif kind in ("show", "muck"):
            if at > last_board and current["street"] != "Showdown":
                current = new_round("Showdown")
            entry = {"action": "Shows Cards" if kind == "show" else "Mucks Cards"}
            if kind == "show":
                entry["cards"] = _card_list(event.cards)
        if entry is None:
            continue
        number += 1
        assert seat is not None  # every entry is a seat's action
        entry = {"action_number": number, "player_id": pid[seat], **entry}
        if "amount" in entry:
            entry["amount"] = _amount(entry["amount"], scale)
        if event.all_in:
            entry["is_allin"] = True
        current["actions"].append(entry)
    result = hand.result
    pots: list[dict[str, Any]] = []
    if result is not None:
        wins: dict[int, int] = {}
        for event in hand.events:
            if event.kind == "win" and event.seat is not None:
                wins[event.seat] = wins.get(event.seat, 0) + (event.amount or 0)
        pots.append(
            {
                "number": 0,
                "amount": _amount(sum(wins.values()), scale),
                "player_wins": [
                    {"player_id": pid[s], "win_amount": _amount(w, scale)} for s, w in sorted(wins.items())
                ],
            }
        )
    small, big = (setup.blinds[0], setup.blinds[-1]) if setup.blinds else (0, 0)
    ohh: dict[str, Any] = {
        "spec_version": OHH_VERSION,
        "site_name": "pyholdem",
        "game_type": "Holdem",
        "bet_limit": {"bet_type": bet_type, "bet_cap": 0},
        "table_size": seat_count,
        "dealer_seat": button,
        "small_blind_amount": _amount(small if len(setup.blinds) > 1 else 0, scale),
        "big_blind_amount": _amount(big, scale),
        "ante_amount": _amount(max((p.amount for p in setup.posts if p.kind == "ante"), default=0), scale),
        "players": players,
        "rounds": rounds,
        "pots": pots,
    }
    ohh.update(fields or {})
    return {"ohh": ohh}


def to_ohh(history: HandHistory, rules: RuleSet | None = None) -> dict[str, Any]:
    """``history`` played (§12.11) and written as one OHH object (§12.14)."""
    if not isinstance(history, HandHistory):
        raise HistoryError(f"{brief(history)} is not a HandHistory", "12.14")
    played = play_history(history, rules or RuleSet())
    hand = played.hand
    setup = hand.setup
    assert setup is not None
    order = player_seats(setup)
    n_seats = len(setup.stacks)
    layout = history.layout
    if layout is not None:
        numbers = list(layout.seats)
        seat_count, button = layout.seat_count, layout.button
    else:
        numbers = list(history.seats) if history.seats else [i + 1 for i in range(len(order))]
        seat_count = history.seat_count or max(len(order), max(numbers))
        button = numbers[-1]
    seats = [0] * n_seats
    names: list[str] = [""] * n_seats
    for player, seat in enumerate(order):
        seats[seat] = numbers[player]
        names[seat] = history.player_names[player] if history.player_names else f"p{player + 1}"
    extra = dict(history.extra)
    own = json.loads(extra.pop("_ohh")) if isinstance(extra.get("_ohh"), str) else {}
    fields: dict[str, Any] = dict(own)
    if history.hand is not None:
        fields["game_number"] = str(history.hand)
    if history.table is not None:
        fields["table_name"] = str(history.table)
    if "currency" in extra:
        fields["currency"] = extra.pop("currency")
    if extra:
        fields["phh"] = extra
    return hand_to_ohh(
        hand,
        seats=seats,
        seat_count=seat_count,
        button=button,
        names=names,
        scale=history.scale,
        fields=fields,
    )


def dumps_ohh(hands: Sequence[Mapping[str, Any]]) -> str:
    """OHH objects as ``.ohh`` text: one JSON object a hand, separated by a blank line (§12.14)."""
    return "\n\n".join(json.dumps(h, cls=_Encoder, ensure_ascii=False) for h in hands) + "\n"


def loads_ohh(text: str) -> list[HandHistory | HistoryError]:
    """Every hand of ``.ohh`` text, each a ``HandHistory`` or the ``HistoryError`` it raised (§12.14)."""
    if not isinstance(text, str):
        raise HistoryError(f"OHH text {brief(text)} is not a string", "12.14")
    decoder = json.JSONDecoder(parse_float=Decimal)
    found: list[HandHistory | HistoryError] = []
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            return found
        try:
            obj, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError as exc:
            found.append(
                HistoryError(f"OHH hand {len(found) + 1} is not JSON: {exc.msg} at {exc.pos}", "12.14")
            )
            return found
        at = end
        try:
            found.append(from_ohh(obj))
        except HistoryError as exc:
            found.append(exc)
        except PyHoldemError as exc:
            found.append(HistoryError(f"OHH hand {len(found) + 1}: {exc}", "12.14"))

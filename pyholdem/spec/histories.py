"""Spec 12 — hand histories in the PHH format (spec/12-hand-histories.md).

Pure functions over the text and values of PHH files: splitting a file into hands, variant codes,
exact amounts, field checks, forced-bet assignment, the action and card notation, and the verdict
that compares a replay with the results a file records. Reading files and replaying hands through
``pyholdem.Hand`` live in ``pyholdem.history``.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from pyholdem.errors import HistoryError, InvalidCards
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.cards import Card, parse_cards
from pyholdem.spec.table import POST_KINDS, ForcedPost
from pyholdem.traceability.registry import part_of, rule
from pyholdem.values import is_int

Amount = int | Decimal

_TABLE_HEADER = re.compile(r"^\s*\[\s*(\w+)\s*\]\s*(?:#.*)?$")

VARIANTS: dict[str, str] = {"NT": "no_limit", "FT": "fixed_limit", "PT": "pot_limit"}
STRUCTURE_CODES = {structure: code for code, structure in VARIANTS.items()}
OTHER_PHH_VARIANTS = ("NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")

_COMMON_REQUIRED = ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions")
REQUIRED_FIELDS: dict[str, tuple[str, ...]] = {
    "NT": (*_COMMON_REQUIRED, "min_bet"),
    "PT": (*_COMMON_REQUIRED, "min_bet"),
    "FT": (*_COMMON_REQUIRED, "small_bet", "big_bet"),
}
PER_PLAYER_AMOUNTS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings")
SINGLE_AMOUNTS = ("min_bet", "small_bet", "big_bet")
OPTIONAL_FIELDS: dict[str, str] = {
    "author": "string",
    "event": "string",
    "url": "string",
    "venue": "string",
    "address": "string",
    "city": "string",
    "region": "string",
    "postal_code": "string",
    "country": "string",
    "time": "time",
    "time_zone": "string",
    "time_zone_abbreviation": "string",
    "day": "integer",
    "month": "integer",
    "year": "integer",
    "hand": "string or integer",
    "level": "integer",
    "seats": "array of integers",
    "seat_count": "integer",
    "table": "string or integer",
    "players": "array of strings",
    "finishing_stacks": "array of amounts",
    "winnings": "array of amounts",
    "currency": "string",
    "currency_symbol": "string",
    "ante_trimming_status": "boolean",
    "time_limit": "amount",
    "time_banks": "array of amounts",
}
MAX_DECIMALS = 8
MAX_DIGITS = 100
MAX_ACTIONS = 1000
MAX_SEAT_COUNT = 10


def check_action_count(count: int) -> None:
    """Refuse a hand with more than ``MAX_ACTIONS`` entries in ``actions`` (§12.1)."""
    if count > MAX_ACTIONS:
        raise HistoryError(
            f"the hand has {count} actions, more than the {MAX_ACTIONS} a hand history may have", "12.1"
        )


@rule("12.1")
def split_hands(text: str, *, many: bool) -> list[tuple[int, str | HistoryError]]:
    """Files and hands: the hands of a ``.phh`` (one) or ``.phhs`` file (``[1]``, ``[2]`` … tables).

    Returns ``(index, toml_text)`` pairs. A ``.phhs`` file is cut at its table headers, so that a
    syntax error in one hand leaves the others readable. A header whose name is not a positive
    integer or repeats an index gives that hand (numbered by its position) a ``HistoryError`` in
    place of its text; text before the first header, or no header at all, raises one (§12.1).
    """
    if not isinstance(text, str):
        raise HistoryError(f"a hand history is text, not {type(text).__name__}", "12.1")
    if not many:
        return [(1, text)]
    hands: list[tuple[int, list[str], HistoryError | None]] = []
    preamble: list[str] = []
    seen: set[int] = set()
    for line in text.splitlines():
        header = _TABLE_HEADER.match(line)
        if header:
            name = header.group(1)
            problem = None
            if not re.fullmatch(r"[1-9][0-9]{0,17}", name):
                index = len(hands) + 1
                problem = HistoryError(f"table [{name}] is not a hand number 1, 2, …", "12.1")
            else:
                index = int(name)
                if index in seen:
                    problem = HistoryError(f"hand [{index}] appears twice", "12.1")
                seen.add(index)
            hands.append((index, [], problem))
        elif hands:
            hands[-1][1].append(line)
        else:
            preamble.append(line)
    if any(line.strip() and not line.lstrip().startswith("#") for line in preamble):
        raise HistoryError("a .phhs file has text before its first hand table [1]", "12.1")
    if not hands:
        raise HistoryError("a .phhs file holds no hand table ([1], [2], …)", "12.1")
    return [(index, problem or "\n".join(lines) + "\n") for index, lines, problem in hands]


def parse_toml(text: str) -> dict[str, Any]:
    """The TOML table of one hand, with every non-integer number read as an exact ``Decimal``."""
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except ValueError as exc:
        if "integer string conversion" in str(exc):
            raise HistoryError(
                "an integer has more than 4300 digits, too many to read (an amount has at most "
                f"{MAX_DIGITS} digits before the decimal point, §12.3)",
                "12.1",
            ) from None
        raise HistoryError(f"malformed TOML: {exc}", "12.1") from None
    except RecursionError:
        raise HistoryError("malformed TOML: arrays or tables nested too deeply", "12.1") from None


@rule("12.2")
def variant_structure(code: object) -> str:
    """Variant codes: the betting structure of a PHH variant code (``NT``, ``PT``, ``FT``).

    ``PT`` (pot-limit Texas hold'em) is pyholdem's code; PHH's other variants are not hold'em with
    one of these structures and are refused with ``HistoryError`` (§12.2).
    """
    if isinstance(code, str) and code in VARIANTS:
        return VARIANTS[code]
    if isinstance(code, str) and code in OTHER_PHH_VARIANTS:
        raise HistoryError(f"variant {code!r} is not Texas hold'em; expected one of NT, FT, PT", "12.2")
    raise HistoryError(f"unknown variant {code!r}; expected one of NT, FT, PT", "12.2")


@part_of("12.2")
def variant_code(rules: RuleSet) -> str:
    """§12.2 the other way: the PHH variant code of a rule set's betting structure."""
    return STRUCTURE_CODES[rules.betting_structure]


def brief(value: object, *, quote: bool = True, limit: int = 60) -> str:
    """``value`` as a message shows it (``repr`` when ``quote``), cut short past ``limit`` characters."""
    shown = repr(value) if quote else str(value)
    if len(shown) <= limit:
        return shown
    return f"{shown[: limit - 1]}… ({len(shown)} characters)"


def _decimal(value: object, what: str, *, text: bool = False) -> Decimal:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | Decimal | str)
        or (isinstance(value, str) and not text)
    ):
        raise HistoryError(f"{what} = {brief(value)} is not a number", "12.3")
    if isinstance(value, str):
        if not re.fullmatch(r"\d+(\.\d+)?", value):
            raise HistoryError(f"{what} = {brief(value)} is not a non-negative number", "12.3")
        value = Decimal(value)
    number = Decimal(value)
    if number.is_finite() and number.adjusted() >= MAX_DIGITS:
        raise HistoryError(
            f"{what} = {brief(value, quote=False)} has more than {MAX_DIGITS} digits before the "
            "decimal point",
            "12.3",
        )
    if number.is_finite() and number and number.adjusted() < -MAX_DECIMALS:
        raise HistoryError(
            f"{what} = {brief(value, quote=False)} has more than {MAX_DECIMALS} decimals", "12.3"
        )
    if not number.is_finite():
        raise HistoryError(
            f"{what} = {brief(value, quote=False)} is not a finite amount (unknown amounts cannot "
            "be replayed)",
            "12.3",
        )
    if number < 0:
        raise HistoryError(f"{what} = {brief(value, quote=False)} is negative", "12.3")
    return number


def _decimals(number: Decimal) -> int:
    """The decimals of ``number`` once trailing zeros are dropped, exactly (no context rounding)."""
    _, digits, exponent = number.as_tuple()
    if not isinstance(exponent, int):
        return 0
    trailing = len(digits) - len("".join(map(str, digits)).rstrip("0"))
    return max(0, -(exponent + trailing)) if any(digits) else 0


@rule("12.3")
def chip_scale(amounts: Sequence[object], names: Sequence[str] | None = None) -> int:
    """Amounts and the chip scale: chip units per unit written, ``10**d`` for the most decimals ``d``.

    Every amount of a hand (fields and action amounts) is written in the same currency; the hand is
    replayed in integer chip units of ``1 / scale``, so ``0.50`` with scale 100 is 50 units and no
    float is ever used. More than eight decimals, a negative, infinite or non-numeric amount raises
    ``HistoryError`` naming it (``names[i]``, by default ``amount #i``) (§12.3).
    """
    most = 0
    for i, value in enumerate(amounts):
        what = names[i] if names is not None else f"amount #{i + 1}"
        number = _decimal(value, what, text=True)
        decimals = _decimals(number)
        if decimals > MAX_DECIMALS:
            raise HistoryError(
                f"{what} = {brief(value, quote=False)} has more than {MAX_DECIMALS} decimals", "12.3"
            )
        most = max(most, decimals)
    return int(10**most)


def to_units(value: object, scale: int, what: str = "amount") -> int:
    """``value`` (an integer, ``Decimal`` or decimal text) in chip units of ``1 / scale`` exactly.

    The product is taken on exact fractions, not in a ``Decimal`` context, whose 28 significant
    digits would round the 100 digits an amount may have (§12.3).
    """
    units = Fraction(_decimal(value, what, text=True)) * scale
    if units.denominator != 1:
        raise HistoryError(
            f"{what} = {brief(value, quote=False)} is not a whole number of 1/{scale} units", "12.3"
        )
    return int(units)


def format_amount(units: int, scale: int) -> str:
    """The inverse of ``to_units``: ``50`` units at scale 100 is ``'0.50'``."""
    if scale == 1:
        return str(units)
    decimals = round(math.log10(scale))
    sign = "-" if units < 0 else ""
    whole, frac = divmod(abs(units), scale)
    return f"{sign}{whole}.{frac:0{decimals}d}"


def _is_amount(value: object) -> bool:
    return is_int(value) or isinstance(value, Decimal)


def _check_type(name: str, value: object, kind: str) -> None:
    ok = {
        "string": isinstance(value, str),
        "integer": is_int(value),
        "boolean": isinstance(value, bool),
        "string or integer": isinstance(value, str) or is_int(value),
        "amount": _is_amount(value),
        "time": not isinstance(value, str | int | float | Decimal | list | dict | bool),
        "array of integers": isinstance(value, list) and all(is_int(v) for v in value),
        "array of strings": isinstance(value, list) and all(isinstance(v, str) for v in value),
        "array of amounts": isinstance(value, list) and all(_is_amount(v) for v in value),
    }[kind]
    if not ok:
        raise HistoryError(f"field {name} = {brief(value)} is not {kind_article(kind)}", "12.4")


def kind_article(kind: str) -> str:
    return ("an " if kind[0] in "aeiou" else "a ") + kind


@rule("12.4")
def check_fields(table: Mapping[str, Any]) -> int:
    """Fields: the required fields of the variant, known optional fields, their types and lengths.

    Returns the number of players (2 to 10, the length of ``starting_stacks``). A missing field, an
    unknown field (other than user fields starting with ``_``), a value of the wrong type, an array
    of the wrong length, a stack that is not positive or seats that repeat raise ``HistoryError``
    naming the field (§12.4).
    """
    variant = table.get("variant")
    variant_structure(variant)
    required = REQUIRED_FIELDS[str(variant)]
    for name in required:
        if name not in table:
            raise HistoryError(f"required field {name} is missing for variant {variant}", "12.4")
    forbidden = {"NT": ("small_bet", "big_bet"), "PT": ("small_bet", "big_bet"), "FT": ("min_bet",)}
    for name in (*forbidden[str(variant)], "bring_in"):
        if name in table:
            raise HistoryError(f"field {name} is not used by variant {variant}", "12.4")
    for name, value in table.items():
        if name in required or name.startswith("_"):
            continue
        if name not in OPTIONAL_FIELDS:
            raise HistoryError(f"unknown field {name!r}", "12.4")
        _check_type(name, value, OPTIONAL_FIELDS[name])
    stacks = table["starting_stacks"]
    if not isinstance(stacks, list) or not 2 <= len(stacks) <= 10:
        raise HistoryError(f"starting_stacks = {brief(stacks)} is not an array of 2 to 10 amounts", "12.4")
    n = len(stacks)
    for name in (*PER_PLAYER_AMOUNTS, "players", "seats", "time_banks"):
        value = table.get(name)
        if value is None:
            continue
        if not isinstance(value, list) or len(value) != n:
            raise HistoryError(
                f"field {name} = {brief(value)} is not an array of {n} values, one per player", "12.4"
            )
        if name in PER_PLAYER_AMOUNTS:
            for i, v in enumerate(value):
                _decimal(v, f"{name}[{i}]")
    for single in SINGLE_AMOUNTS:
        if single in table and _decimal(table[single], single) <= 0:
            raise HistoryError(f"{single} = {brief(table[single], quote=False)} is not positive", "12.4")
    for i, v in enumerate(stacks):
        if _decimal(v, f"starting_stacks[{i}]") <= 0:
            raise HistoryError(f"starting_stacks[{i}] = {brief(v, quote=False)} is not positive", "12.4")
    seats = table.get("seats")
    if seats is not None and (len(set(seats)) != n or min(seats) < 1):
        raise HistoryError(f"seats = {brief(seats)} are not {n} distinct seat numbers from 1", "12.4")
    actions = table["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise HistoryError(f"actions = {brief(actions)} is not an array of strings", "12.4")
    check_action_count(len(actions))
    return n


@rule("12.5")
def forced_bets(antes: Sequence[int], blinds_or_straddles: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Players and forced bets: what each player posts, players listed from the small blind to the button.

    Player ``p1`` sits left of the button and ``pN`` has the button. Heads-up the two arrays are
    reverse-assigned: ``[1, 2]`` means ``p1`` (the big blind) posts 2 and ``p2`` (button and small
    blind) posts 1. Returns ``(antes, blinds)`` per player; lengths must match (§12.5).
    """
    if len(antes) != len(blinds_or_straddles) or len(antes) < 2:
        raise HistoryError(
            f"antes ({len(antes)}) and blinds_or_straddles ({len(blinds_or_straddles)}) must both have "
            "one entry per player, at least two",
            "12.5",
        )
    if len(antes) == 2:
        return tuple(reversed(antes)), tuple(reversed(blinds_or_straddles))
    return tuple(antes), tuple(blinds_or_straddles)


@dataclass(frozen=True)
class Action:
    """One entry of ``actions``: who acts (``None`` = the dealer or a no-op), what, and its arguments.

    ``kind`` is one of ``deal_hole``, ``deal_board``, ``fold``, ``check_call``, ``bet_raise_to``,
    ``show_muck``, ``time_out`` (a player frozen all-in on time-out, §7.8) or ``noop``; ``player`` is
    0-based; ``amount`` is in chip units.
    """

    kind: str
    player: int | None = None
    cards: tuple[Card | None, ...] | None = None
    amount: int | None = None
    commentary: str | None = None
    shows_dealt: bool = False


_ACTOR = re.compile(r"p([1-9][0-9]?)")
_TIME_OUT = re.compile(r"(p[1-9][0-9]?) times out \(§7\.8\)")
_AMOUNT = re.compile(r"\d+(?:\.\d+)?")


@rule("12.6")
def parse_action(text: object, players: int, scale: int) -> Action:
    """Action notation: one ``actions`` entry, ``[actor action [arguments]][ # commentary]``.

    ``d dh pN cards`` deals hole cards, ``d db cards`` board cards, ``pN f`` folds, ``pN cc`` checks
    or calls, ``pN cbr X`` bets or raises *to* ``X``, ``pN sm cards`` shows and ``pN sm`` mucks; an
    empty entry or a lone commentary is a no-op, except ``# pN times out (§7.8)``: the player
    to act is frozen all-in on time-out (PHH has no such action; another reader sees a no-op).
    Stud and draw actions (``pb``, ``sd``), an unknown actor or action, a missing or extra argument
    raise ``HistoryError`` (§12.6).
    """
    if not isinstance(text, str):
        raise HistoryError(f"action {brief(text)} is not a string", "12.6")
    body, hash_, comment = text.partition("#")
    commentary = comment.strip() or None if hash_ else None
    words = body.split()
    if not words:
        timed_out = _TIME_OUT.fullmatch(commentary or "")
        if timed_out:
            return Action("time_out", _player(timed_out.group(1), players), commentary=commentary)
        return Action("noop", commentary=commentary)
    actor, *rest = words
    if actor == "d":
        if rest[:1] == ["dh"] and len(rest) == 3:
            return Action("deal_hole", _player(rest[1], players), parse_phh_cards(rest[2]), None, commentary)
        if rest[:1] == ["db"] and len(rest) == 2:
            return Action("deal_board", None, parse_phh_cards(rest[1], unknown=False), None, commentary)
        raise HistoryError(
            f"dealer action {brief(body.strip())} is not 'd dh pN cards' or 'd db cards'", "12.6"
        )
    player = _player(actor, players)
    verb, args = (rest[0], rest[1:]) if rest else ("", [])
    if verb in ("f", "cc") and not args:
        return Action("fold" if verb == "f" else "check_call", player, commentary=commentary)
    if verb == "cbr" and len(args) == 1:
        if not _AMOUNT.fullmatch(args[0]):
            raise HistoryError(f"'cbr' amount {brief(args[0])} is not a non-negative number", "12.6")
        amount = to_units(args[0], scale, "cbr amount")
        return Action("bet_raise_to", player, amount=amount, commentary=commentary)
    if verb == "sm" and len(args) <= 1:
        if not args:
            return Action("show_muck", player, None, commentary=commentary)
        if args[0] == "-":
            return Action("show_muck", player, None, commentary=commentary, shows_dealt=True)
        return Action("show_muck", player, parse_phh_cards(args[0]), commentary=commentary)
    if verb in ("pb", "sd"):
        raise HistoryError(f"action {brief(body.strip())}: {verb!r} belongs to stud or draw games", "12.6")
    raise HistoryError(f"action {brief(body.strip())} is not one of f, cc, cbr X, sm [cards]", "12.6")


def _player(word: str, players: int) -> int:
    match = _ACTOR.fullmatch(word)
    if not match:
        raise HistoryError(f"actor {brief(word)} is not 'd' or p1..p{players}", "12.6")
    index = int(match.group(1))
    if index > players:
        raise HistoryError(f"actor {word!r} is not one of p1..p{players}", "12.6")
    return index - 1


@rule("12.7")
def parse_phh_cards(text: str, *, unknown: bool = True) -> tuple[Card | None, ...]:
    """Card notation: cards written together without separators, ``??`` for a card nobody saw.

    ``AcKs`` is two cards and ``????`` two unknown ones; a card written twice, a half-unknown card
    (``A?``) or text that is not a card raises ``HistoryError`` (§12.7). Board cards must be known.
    """
    if not text or len(text) % 2 or not re.fullmatch(r"[0-9A-Za-z?]+", text):
        raise HistoryError(f"cards {brief(text)} are not written as two characters each", "12.7")
    tokens = [text[i : i + 2] for i in range(0, len(text), 2)]
    for token in tokens:
        if "?" in token and token != "??":
            raise HistoryError(f"card {token!r} is half unknown; an unknown card is '??'", "12.7")
        if token == "??" and not unknown:
            raise HistoryError(f"cards {brief(text)}: board cards must be known", "12.7")
    try:
        return parse_cards(tokens, allow_unknown=True)
    except InvalidCards as exc:
        raise HistoryError(f"cards {brief(text)}: {exc.detail} (§{exc.section})", "12.7") from None


@dataclass(frozen=True)
class Verdict:
    """The outcome of comparing a replay with the results a history records (§12.8)."""

    ok: bool
    compared: str
    message: str


@rule("12.8")
def compare_results(
    final_stacks: Sequence[int],
    collected: Sequence[int],
    returned: Sequence[int] | None = None,
    *,
    finishing_stacks: Sequence[int] | None = None,
    winnings: Sequence[int] | None = None,
    rake_percent: int = 10,
    scale: int = 1,
) -> Verdict:
    """Verifying results: a replay agrees with ``finishing_stacks`` and ``winnings`` up to a bounded rake.

    ``collected[i]`` is what player ``i`` took from the pots and ``returned[i]`` its uncalled bets
    given back. Recorded winnings are after rake, and some sites count a returned bet as won; they
    agree when each player's recorded amount is at most ``collected + returned``, a player who got
    nothing back is recorded as winning nothing, and ``sum(collected) - sum(winnings)`` is at most
    ``rake_percent`` of everything the players got back, rounded up. Recorded finishing stacks
    agree when they equal the final stacks, or fall short of them only by a rake taken from what
    each player collected, within the same bound; the verdict then names the rake. Winnings that
    are all zero while the pot went to someone name no winner, and say so. Amounts are chip units;
    messages write them as the file does, ``scale`` units to the unit written (§12.8).
    """

    def w(units: int) -> str:
        return format_amount(units, scale)

    returned = returned if returned is not None else [0] * len(collected)
    gross = [c + r for c, r in zip(collected, returned, strict=True)]
    allowed = -(-sum(gross) * rake_percent // 100)
    bound = f"at most {w(allowed)}, {rake_percent}% of {w(sum(gross))}"
    if finishing_stacks is not None:
        if tuple(finishing_stacks) == tuple(final_stacks):
            return Verdict(True, "finishing_stacks", "final stacks equal finishing_stacks")
        short = [got - want for got, want in zip(final_stacks, finishing_stacks, strict=True)]
        rake = sum(short)
        if all(0 <= d <= c for d, c in zip(short, collected, strict=True)) and rake <= allowed:
            raked = ", ".join(f"p{i + 1} {w(d)}" for i, d in enumerate(short) if d)
            return Verdict(
                True,
                "finishing_stacks",
                f"final stacks equal finishing_stacks after rake {w(rake)} ({raked}; {bound})",
            )
        diffs = [
            f"p{i + 1} {w(got)} != {w(want)}"
            for i, (got, want) in enumerate(zip(final_stacks, finishing_stacks, strict=True))
            if got != want
        ]
        message = "final stacks differ from finishing_stacks: " + ", ".join(diffs)
        if all(0 <= d <= c for d, c in zip(short, collected, strict=True)):
            message += f" (as rake, {w(rake)} is above {bound})"
        return Verdict(False, "finishing_stacks", message)
    if winnings is not None:
        rake = sum(collected) - sum(winnings)
        bad = [
            f"p{i + 1} recorded {w(want)} but collected {w(got)}"
            for i, (got, want) in enumerate(zip(gross, winnings, strict=True))
            if want > got or (got == 0 and want != 0)
        ]
        if bad:
            return Verdict(False, "winnings", "winnings differ: " + ", ".join(bad))
        if not any(winnings) and any(collected):
            paid = ", ".join(f"p{i + 1} {w(c)}" for i, c in enumerate(collected) if c)
            return Verdict(
                False,
                "winnings",
                f"the recorded winnings name no winner (every entry is 0), but the pot goes to {paid}",
            )
        if rake > allowed:
            return Verdict(
                False,
                "winnings",
                f"rake {w(rake)} (collected {w(sum(collected))}, recorded {w(sum(winnings))}) is above "
                f"{w(allowed)} ({rake_percent}% of {w(sum(gross))})",
            )
        return Verdict(True, "winnings", f"winnings agree (rake {w(max(rake, 0))} of at most {w(allowed)})")
    return Verdict(True, "none", "no finishing_stacks or winnings to compare")


@rule("12.9")
def format_action(action: Action, scale: int) -> str:
    """Writing hand histories: the PHH notation of an ``Action``; ``parse_action`` reads it back unchanged."""
    comment = f" # {action.commentary}" if action.commentary else ""
    if action.kind == "noop":
        return f"# {action.commentary}" if action.commentary else ""
    if action.kind == "time_out":
        return f"# p{(action.player or 0) + 1} times out (§7.8)"
    cards = "".join("??" if c is None else str(c) for c in action.cards or ())
    player = f"p{(action.player or 0) + 1}"
    if action.kind == "deal_hole":
        return f"d dh {player} {cards}{comment}"
    if action.kind == "deal_board":
        return f"d db {cards}{comment}"
    if action.kind == "fold":
        return f"{player} f{comment}"
    if action.kind == "check_call":
        return f"{player} cc{comment}"
    if action.kind == "bet_raise_to":
        return f"{player} cbr {format_amount(action.amount or 0, scale)}{comment}"
    if action.kind == "show_muck":
        shown = " -" if action.shows_dealt else (f" {cards}" if action.cards else "")
        return f"{player} sm{shown}{comment}"
    raise HistoryError(f"action kind {action.kind!r} has no PHH notation", "12.9")


@dataclass(frozen=True)
class HistorySetup:
    """The keyword arguments of ``pyholdem.Hand`` (from which it builds its ``HandSetup``, §3.20) that a
    history's forced bets and stacks describe (§12.10).

    ``blinds`` is ``(small, big)``, or ``(blind,)`` for a single blind posted by ``p1`` (§3.10).
    """

    structure: str
    stacks: tuple[int, ...]
    button: int
    blinds: tuple[int, ...]
    straddles: tuple[int, ...]
    antes: tuple[int, ...]
    bet_sizes: tuple[int, int] | None


@rule("12.10")
def hand_setup(
    variant: str,
    antes: Sequence[int],
    blinds_or_straddles: Sequence[int],
    starting_stacks: Sequence[int],
    *,
    min_bet: int | None = None,
    small_bet: int | None = None,
    big_bet: int | None = None,
    scale: int = 1,
) -> HistorySetup:
    """Setting up the hand: the seats, button, blinds, straddles, antes and bet sizes of a history.

    Player ``pK`` sits at seat ``K - 1`` and the last player has the button (§12.5). The first two
    entries of ``blinds_or_straddles`` are the small and big blind; later non-zero entries must
    follow one another from the third (under-the-gun straddle, then re-straddles). A first entry
    alone (``[80000, 0, 0, 0, 0]``; heads-up ``[0, 80000]``, §12.5) is a single blind posted by
    ``p1`` (§3.10). ``min_bet`` must be the big blind (the single blind), pyholdem's minimum bet
    (§5.5); ``FT`` gives the small and big bet. Other layouts (a button straddle, no blind, a big
    blind without the small blind before it, the blinds written larger first) raise
    ``HistoryError`` naming the amounts as written, ``scale`` chip units to the unit (§12.10).
    """
    structure = variant_structure(variant)
    n = len(starting_stacks)
    per_player_antes, per_player_blinds = forced_bets(antes, blinds_or_straddles)
    if len(starting_stacks) != len(antes):
        raise HistoryError(f"{len(antes)} antes for {n} players", "12.10")

    def written(units: int) -> str:
        return format_amount(units, scale)

    shown = "[" + ", ".join(map(written, blinds_or_straddles)) + "]"
    small, big, *rest = blinds_or_straddles
    straddles = tuple(rest)
    while straddles and straddles[-1] == 0:
        straddles = straddles[:-1]
    if 0 in straddles:
        raise HistoryError(
            f"blinds_or_straddles {shown}: straddles must follow the big blind "
            "without a gap (a button or skipped-seat straddle is not modelled)",
            "12.10",
        )
    single = per_player_blinds[0] > 0 and not any(per_player_blinds[1:])
    if not any(blinds_or_straddles):
        raise HistoryError(f"blinds_or_straddles {shown} has no blind", "12.10")
    if single:
        small, big = per_player_blinds[0], 0
    elif n == 2 and small > 0 and big <= 0:
        raise HistoryError(
            f"blinds_or_straddles {shown}: heads-up this single blind is the button's (p2, §12.5); "
            "pyholdem's single blind is posted by the player left of the button (§3.7), written "
            f"[0, {written(small)}] heads-up",
            "12.10",
        )
    elif small <= 0:
        raise HistoryError(
            f"blinds_or_straddles {shown} has a big blind but no small blind before it (a missing "
            "small blind is not modelled; a single blind posted by p1 is written first)",
            "12.10",
        )
    elif big <= 0:
        raise HistoryError(
            f"blinds_or_straddles {shown} has straddles but no big blind; a single blind is "
            "written alone, first",
            "12.10",
        )
    elif small > big:
        raise HistoryError(
            f"blinds_or_straddles {shown}: the small blind {written(small)} is larger than the big "
            f"blind {written(big)}; PHH writes the small blind first, heads-up too (§12.5)",
            "12.10",
        )
    blinds = (small, big) if big > 0 else (small,)
    bet_sizes = None
    if structure == "fixed_limit":
        assert small_bet is not None and big_bet is not None
        bet_sizes = (small_bet, big_bet)
    elif min_bet != blinds[-1]:
        what = "the big blind" if len(blinds) == 2 else "the single blind"
        raise HistoryError(
            f"min_bet {written(min_bet) if min_bet is not None else None} is not {what} "
            f"{written(blinds[-1])}; pyholdem's minimum bet is the big blind (§5.5)",
            "12.10",
        )
    stacks = tuple(starting_stacks)
    return HistorySetup(structure, stacks, n - 1, blinds, straddles, per_player_antes, bet_sizes)


@part_of("12.10")
def replay_rules(
    rules: RuleSet, setup: HistorySetup, ante_trimming_status: bool, *, chip_unit: int | None = None
) -> RuleSet:
    """§12.10: the rule set a history is replayed with: ``rules`` with the history's betting structure
    and number of blinds, and ``ante_award = "as_bets"`` for a history with ``ante_trimming_status =
    true`` when ``rules`` pools the antes (``"pooled"``, pokerkit's other reading of antes); a
    history's ``_chip_unit`` (``chip_unit``, in chip units) is its ``chip_unit``."""
    if rules.ante_award == "pooled" and ante_trimming_status:
        rules = rules.replace(ante_award="as_bets")
    if chip_unit is not None:
        if not is_int(chip_unit) or chip_unit < 1:
            raise HistoryError(
                f"_chip_unit = {brief(chip_unit, quote=False)} is not a chip unit >= 1", "12.10"
            )
        rules = rules.replace(chip_unit=chip_unit)
    return rules.replace(betting_structure=setup.structure, blind_count=len(setup.blinds))


@rule("12.11")
def hand_action(action: Action, to_act: int | None, can_check: bool, is_bet: bool) -> tuple[str, int | None]:
    """Replaying actions: the ``Hand`` action (kind, amount) of a player's PHH action.

    The actor MUST be the player to act. ``cc`` is a check when checking is legal, else a call;
    ``cbr X`` is a bet to ``X`` when nobody has bet this round, else a raise to ``X``; ``f`` folds.
    Whether the action is legal is then the rules' decision (spec 05–07). Dealer actions MUST come
    where the hand needs them: hole cards before any player acts, two at once or one at a time,
    round by round from ``p1``, board cards once the betting round before them has ended (§12.11).
    """
    if action.player is None or action.kind not in ("fold", "check_call", "bet_raise_to"):
        raise HistoryError(f"{action.kind} is not a betting action", "12.11")
    if to_act is None:
        raise HistoryError(f"p{action.player + 1} acts but nobody is to act: the hand is over", "12.11")
    if action.player != to_act:
        raise HistoryError(f"p{action.player + 1} acts but it is p{to_act + 1}'s turn", "12.11")
    if action.kind == "fold":
        return "fold", None
    if action.kind == "check_call":
        return ("check" if can_check else "call"), None
    return ("bet" if is_bet else "raise"), action.amount


SETUP_FIELDS: dict[str, str] = {
    "_button": "integer",
    "_blinds": "array of amounts",
    "_posts": "array of strings",
    "_sitting_out": "array of integers",
    "_sitting_out_stacks": "array of amounts",
}
"""pyholdem's extension fields for a hand's explicit set-up (§12.12), with their TOML types."""
SESSION_FIELDS: dict[str, str] = {
    "_sitting_out_players": "array of strings",
    "_chips_added_seats": "array of integers",
    "_chips_added": "array of amounts",
    "_chips_removed_seats": "array of integers",
    "_chips_removed": "array of amounts",
}
"""pyholdem's extension fields for a session's hands (§12.13), with their TOML types."""
_POST_TEXT = re.compile(r"^\s*p([1-9][0-9]?)\s+(\w+)\s+(\S+)(\s+dead)?\s*$")


@dataclass(frozen=True)
class TableLayout:
    """The explicit set-up of a table hand as a history records it (§12.12): the table's
    ``seat_count``, each player's seat number (``seats``, from 1, in PHH order), the button's seat
    number, the level's ``blinds``, the forced posts in posting order (``ForcedPost`` whose
    ``seat`` is the 0-based player index) and the seats sitting out with their chips."""

    seat_count: int
    seats: tuple[int, ...]
    button: int
    blinds: tuple[int, ...]
    posts: tuple[ForcedPost, ...]
    sitting_out: tuple[tuple[int, int], ...] = ()


@part_of("12.12")
def parse_post(text: object, players: int, scale: int) -> ForcedPost:
    """One entry of ``_posts``: ``pK KIND AMOUNT`` or ``pK small_blind AMOUNT dead`` (§12.12)."""
    match = _POST_TEXT.match(text) if isinstance(text, str) else None
    if match is None:
        raise HistoryError(f"_posts entry {brief(text)} is not 'pK kind amount [dead]'", "12.12")
    number, kind, amount, dead = match.groups()
    if not 1 <= int(number) <= players:
        raise HistoryError(f"_posts entry {text!r}: p{number} is not one of p1..p{players}", "12.12")
    if kind not in POST_KINDS:
        raise HistoryError(
            f"_posts entry {text!r}: kind {kind!r} is not one of {', '.join(POST_KINDS)}", "12.12"
        )
    if dead and kind != "small_blind":
        raise HistoryError(f"_posts entry {text!r}: only a small blind may be dead", "12.12")
    units = to_units(amount, scale, "_posts amount")
    if units <= 0:
        raise HistoryError(f"_posts entry {text!r}: amount {amount} is not positive", "12.12")
    return ForcedPost(int(number) - 1, kind, units, kind != "ante" and not dead)


@part_of("12.12")
def format_post(post: ForcedPost, scale: int) -> str:
    """The ``_posts`` entry of a post by player index ``post.seat`` (the inverse of ``parse_post``)."""
    dead = " dead" if post.kind == "small_blind" and not post.live else ""
    return f"p{post.seat + 1} {post.kind} {format_amount(post.amount, scale)}{dead}"


@rule("12.12")
def table_layout(
    antes: Sequence[int],
    blinds_or_straddles: Sequence[int],
    *,
    seat_count: object,
    seats: object,
    button: object,
    blinds: Sequence[int],
    posts: Sequence[ForcedPost],
    sitting_out: Sequence[tuple[int, int]] = (),
    min_bet: int | None = None,
    scale: int = 1,
) -> TableLayout:
    """Table hands: explicit set-ups — the set-up of a hand a table dealt (§3.20), from its fields.

    ``seat_count`` seats numbered from 1; ``seats`` give each player's seat, distinct, clockwise
    from the seat left of the ``button`` (which may be a seat nobody is in: a dead button); the
    seats ``sitting_out`` (with their chips) are neither players nor the button's concern; every
    other seat is empty. ``blinds`` is the level (small, big) or (big,); ``min_bet`` (``NT``,
    ``PT``) is its big blind. What ``posts`` give each player MUST agree with ``antes`` (its antes)
    and ``blinds_or_straddles`` (its live blinds, straddles and sleeper), read as §12.5 reads
    them. Anything else raises ``HistoryError`` naming the field (§12.12); whether the posts make a
    hand is §3.20's to say when it is replayed.
    """
    n = len(antes)
    if not is_int(seat_count) or not 2 <= seat_count <= MAX_SEAT_COUNT:
        raise HistoryError(f"seat_count = {brief(seat_count)} is not 2 to {MAX_SEAT_COUNT} seats", "12.12")
    count: int = seat_count
    if not isinstance(seats, Sequence) or len(seats) != n:
        raise HistoryError(f"seats = {brief(seats)} must give each of the {n} players a seat", "12.12")
    if not is_int(button) or not 1 <= button <= count:
        raise HistoryError(f"_button = {brief(button)} is not a seat in 1..{count}", "12.12")
    out = [seat for seat, _ in sitting_out]
    for name, numbers in (("seats", list(seats)), ("_sitting_out", out)):
        for number in numbers:
            if not is_int(number) or not 1 <= number <= count:
                raise HistoryError(
                    f"{name} = {brief(numbers)}: {number!r} is not a seat in 1..{count}", "12.12"
                )
    if len(set(seats)) != n or len(set(out)) != len(out) or set(seats) & set(out):
        raise HistoryError(f"seats = {brief(list(seats))} and _sitting_out = {out} repeat a seat", "12.12")
    clockwise = [(s - button - 1) % count for s in seats]
    if clockwise != sorted(clockwise):
        raise HistoryError(
            f"seats = {list(seats)} are not in order clockwise from the seat left of the button {button}",
            "12.12",
        )
    if not isinstance(blinds, Sequence) or len(blinds) not in (1, 2) or not all(b > 0 for b in blinds):
        raise HistoryError(f"_blinds = {brief(blinds)} is not [small, big] or [big] > 0", "12.12")
    if min_bet is not None and min_bet != blinds[-1]:
        raise HistoryError(
            f"min_bet {format_amount(min_bet, scale)} is not the big blind "
            f"{format_amount(blinds[-1], scale)} of _blinds (§5.5)",
            "12.12",
        )
    per_antes, per_blinds = forced_bets(antes, blinds_or_straddles)
    posted_antes, posted_live = [0] * n, [0] * n
    for post in posts:
        if post.kind == "ante":
            posted_antes[post.seat] += post.amount
        elif post.live:
            posted_live[post.seat] += post.amount
    for name, posted, written in (
        ("antes", posted_antes, per_antes),
        ("blinds_or_straddles", posted_live, per_blinds),
    ):
        if tuple(posted) != tuple(written):
            shown = ", ".join(format_amount(v, scale) for v in posted)
            raise HistoryError(
                f"{name} do not agree with _posts, which give each player (p1, p2, …) [{shown}] (§12.5)",
                "12.12",
            )
    return TableLayout(count, tuple(seats), button, tuple(blinds), tuple(posts), tuple(sitting_out))


@rule("12.13")
def session_break(
    previous: Mapping[int, tuple[str | None, int]],
    current: Mapping[int, tuple[str | None, int]],
    added: Mapping[int, int] | None = None,
    removed: Mapping[int, int] | None = None,
) -> str | None:
    """Sessions: what breaks the continuity from one hand of a session to the next, or ``None``.

    Each hand gives, per seat number, the player sitting there (a name, or ``None`` when the file
    names nobody) and his chips: ``previous`` after its hand, ``current`` before its own; ``added``
    the chips each seat added between the two (§3.22), ``removed`` those removed (a colour-up,
    §9.18). A player who stays (the same seat, and the same name where both hands name him) MUST
    start with the chips he finished with plus those he added less those removed; a seat whose
    name changed is a new player, a seat in one hand only a player who left or arrived (§12.13).
    """
    added, removed = added or {}, removed or {}
    for seat in sorted(set(previous) & set(current)):
        (name_before, finished), (name_now, now) = previous[seat], current[seat]
        if name_before is not None and name_now is not None and name_before != name_now:
            continue
        if finished + added.get(seat, 0) - removed.get(seat, 0) != now:
            who = f" ({name_now})" if name_now else ""
            plus = f" and added {added[seat]}" if seat in added else ""
            plus += f" and had {removed[seat]} removed" if seat in removed else ""
            return f"seat {seat}{who} starts with {now} but finished the hand before with {finished}{plus}"
    return None


@part_of("12.12")
def check_setup_fields(table: Mapping[str, Any]) -> bool:
    """Whether a hand's fields give an explicit set-up (§12.12), refusing one given by halves:
    ``_button``, ``_blinds`` and ``_posts`` come with ``seat_count`` and ``seats``, and
    ``_sitting_out`` with ``_sitting_out_stacks`` of the same length, each of its TOML type."""
    given = [name for name in SETUP_FIELDS if name in table]
    if not given:
        return False
    for name in ("_button", "_blinds", "_posts", "seat_count", "seats"):
        if name not in table:
            raise HistoryError(
                f"field {name} is missing: an explicit set-up gives {', '.join(given)}", "12.12"
            )
    for name in given:
        _check_type(name, table[name], SETUP_FIELDS[name])
    out, stacks = table.get("_sitting_out", []), table.get("_sitting_out_stacks", [])
    if len(out) != len(stacks):
        raise HistoryError(
            f"_sitting_out = {brief(out)} and _sitting_out_stacks = {brief(stacks)} differ in length", "12.12"
        )
    return True


@part_of("12.13")
def check_session_fields(table: Mapping[str, Any]) -> None:
    """A session hand's own fields (§12.13): ``_sitting_out_players`` names the seats of
    ``_sitting_out`` one for one; ``_chips_added_seats`` and ``_chips_added`` (seat numbers and the
    chips each added since the hand before, §3.22) come together, of the same length, and so do
    ``_chips_removed_seats`` and ``_chips_removed`` (the chips a colour-up removed, §9.18)."""
    for name, kind in SESSION_FIELDS.items():
        if name in table:
            _check_type(name, table[name], kind)
    names = table.get("_sitting_out_players")
    if names is not None and len(names) != len(table.get("_sitting_out", [])):
        raise HistoryError(
            f"_sitting_out_players = {brief(names)} does not name each seat of _sitting_out", "12.13"
        )
    for what in ("added", "removed"):
        seats, chips = table.get(f"_chips_{what}_seats"), table.get(f"_chips_{what}")
        if (seats is None) != (chips is None) or len(seats or ()) != len(chips or ()):
            raise HistoryError(
                f"_chips_{what}_seats = {brief(seats)} and _chips_{what} = {brief(chips)} do not pair up",
                "12.13",
            )


def post_amount_text(text: str) -> str | None:
    """The amount as written in a ``_posts`` entry (for the chip scale, §12.3), or ``None``."""
    match = _POST_TEXT.match(text)
    return match.group(3) if match else None


OHH_STRUCTURES: dict[str, str] = {"NL": "NT", "PL": "PT", "FL": "FT"}
"""OHH's ``bet_limit.bet_type`` and the PHH variant code it is (§12.14)."""
OHH_POSTS: dict[str, str] = {
    "Post SB": "small_blind",
    "Post BB": "big_blind",
    "Straddle": "straddle",
    "Post Extra Blind": "extra_blind",
    "Post Ante": "ante",
    "Post Dead": "small_blind",
}
"""OHH's forced posts and the post kind each is (§3.20); ``Post Dead`` is a dead small blind."""
OHH_BETTING = ("Fold", "Check", "Call", "Bet", "Raise")


@rule("12.14")
def ohh_betting(action: object, amount: int | None, put_in: int) -> tuple[str, int | None]:
    """Open Hand History: one OHH betting action as the PHH action it is (kind, raise-to amount).

    ``amount`` is the OHH amount in chip units (the chips the action adds); ``put_in`` the chips the
    player already has in this betting round. ``Bet`` and ``Raise`` go to ``put_in + amount``.
    """
    if action not in OHH_BETTING:
        raise HistoryError(
            f"OHH action {brief(action)} is not a betting action of one hand; "
            f"expected one of {', '.join(OHH_BETTING)}",
            "12.14",
        )
    if action == "Fold":
        return "fold", None
    if action in ("Check", "Call"):
        return "check_call", None
    if amount is None or amount <= 0:
        raise HistoryError(f"OHH {action} needs a positive amount, not {brief(amount)}", "12.14")
    return "bet_raise_to", put_in + amount


@part_of("12.14")
def ohh_player_order(seats: Sequence[int], dealer_seat: int, table_size: int) -> tuple[int, ...]:
    """The indices of ``seats`` in PHH order: clockwise from the seat left of the dealer seat."""
    return tuple(sorted(range(len(seats)), key=lambda i: (seats[i] - dealer_seat - 1) % table_size))

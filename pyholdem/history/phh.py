"""Reading and writing PHH hand-history files (``.phh``: one hand; ``.phhs``: ``[1]``, ``[2]`` … tables).

The format rules are spec 12 (``pyholdem.spec.histories``); this module turns files into
``HandHistory`` values and back. Every amount is an integer number of chip units of ``1 / scale``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pyholdem.errors import HistoryError
from pyholdem.spec.histories import (
    MAX_DECIMALS,
    PER_PLAYER_AMOUNTS,
    SESSION_FIELDS,
    SETUP_FIELDS,
    SINGLE_AMOUNTS,
    Action,
    TableLayout,
    check_action_count,
    check_fields,
    check_session_fields,
    check_setup_fields,
    chip_scale,
    format_action,
    format_amount,
    format_post,
    parse_action,
    parse_post,
    parse_toml,
    post_amount_text,
    split_hands,
    table_layout,
    to_units,
)
from pyholdem.spec.table import ForcedPost
from pyholdem.values import toml_key, toml_value

_KNOWN_ORDER = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "actions",
)
_TABLE_FIELDS = ("table", "hand", "seat_count", "seats", "players")
"""The standard's optional seating and counter fields, kept as ``HandHistory`` fields (§12.12)."""
_AMOUNT_IN_ACTION = re.compile(r"^\s*p\d+\s+cbr\s+(\S+)")


@dataclass(frozen=True)
class HandHistory:
    """One hand of a PHH file, amounts in integer chip units (``scale`` units per unit written).

    ``actions`` keeps every entry (no-ops included) so that writing gives the same list back;
    ``extra`` keeps the other optional fields (author, event, …) unchanged. ``table``, ``hand``,
    ``seat_count``, ``seats`` (seat numbers from 1) and ``player_names`` (PHH's ``players``; the
    property ``players`` is their number) are the standard's seating fields. ``button`` (a seat
    number), ``blinds`` (the level), ``posts`` (``ForcedPost`` by 0-based player index, in posting
    order) and ``sitting_out`` ((seat number, chips) pairs) are pyholdem's ``_`` fields for the
    explicit set-up of a table hand (§12.12); ``button`` is ``None`` for a hand at a full table.
    ``sitting_out_names`` (one per ``sitting_out`` seat, or none), ``chips_added`` ((seat number,
    chips) added since the hand before, §3.22) and ``chips_removed`` ((seat number, chips) removed
    since the hand before, a colour-up §9.18) are a session's ``_`` fields (§12.13).
    """

    variant: str
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    actions: tuple[Action, ...]
    scale: int = 1
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    ante_trimming_status: bool = False
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    table: str | int | None = None
    hand: str | int | None = None
    seat_count: int | None = None
    seats: tuple[int, ...] | None = None
    player_names: tuple[str, ...] | None = None
    button: int | None = None
    blinds: tuple[int, ...] | None = None
    posts: tuple[ForcedPost, ...] | None = None
    sitting_out: tuple[tuple[int, int], ...] = ()
    sitting_out_names: tuple[str, ...] = ()
    chips_added: tuple[tuple[int, int], ...] = ()
    chips_removed: tuple[tuple[int, int], ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    file: str | None = field(default=None, compare=False)
    index: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        _check_history(self)

    @property
    def players(self) -> int:
        return len(self.starting_stacks)

    @property
    def layout(self) -> TableLayout | None:
        """The explicit set-up of a table hand (§12.12), or ``None`` for a hand at a full table."""
        if self.button is None:
            return None
        return table_layout(
            self.antes,
            self.blinds_or_straddles,
            seat_count=self.seat_count,
            seats=self.seats,
            button=self.button,
            blinds=self.blinds or (),
            posts=self.posts or (),
            sitting_out=self.sitting_out,
            min_bet=self.min_bet,
            scale=self.scale,
        )

    def amount(self, units: int) -> str:
        """``units`` written as the file writes amounts (``50`` at scale 100 is ``'0.50'``)."""
        return format_amount(units, self.scale)


ReadResult = HandHistory | HistoryError


def _is_units(value: object) -> bool:
    return type(value) is int and value >= 0


def _check_history(hand: HandHistory) -> None:
    """Refuse a ``HandHistory`` built with values no PHH file can hold (§12.3, §12.4)."""
    if not isinstance(hand.variant, str):
        raise HistoryError(f"variant = {hand.variant!r} is not a variant code", "12.2")
    if type(hand.scale) is not int or hand.scale not in [10**d for d in range(MAX_DECIMALS + 1)]:
        raise HistoryError(
            f"scale = {hand.scale!r} is not a power of ten from 1 to 10**{MAX_DECIMALS}", "12.3"
        )
    for name in ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings"):
        values = getattr(hand, name)
        if values is None and name in ("finishing_stacks", "winnings"):
            continue
        if isinstance(values, str) or not isinstance(values, Sequence) or not all(map(_is_units, values)):
            raise HistoryError(f"{name} = {values!r} is not an array of chip units >= 0", "12.3")
        if name in ("finishing_stacks", "winnings") and len(values) != len(hand.starting_stacks):
            raise HistoryError(
                f"{name} = {values!r} is not an array of {len(hand.starting_stacks)} values, one per player",
                "12.4",
            )
    for name in SINGLE_AMOUNTS:
        value = getattr(hand, name)
        if value is not None and not _is_units(value):
            raise HistoryError(f"{name} = {value!r} is not a number of chip units >= 0", "12.3")
    if isinstance(hand.actions, str) or not isinstance(hand.actions, Sequence):
        raise HistoryError(f"actions = {hand.actions!r} is not an array of actions", "12.6")
    for i, action in enumerate(hand.actions):
        if not isinstance(action, Action):
            raise HistoryError(f"actions[{i}] = {action!r} is not an Action", "12.6")
    check_action_count(len(hand.actions))
    _check_seating(hand)
    _check_session(hand)


def _check_seating(hand: HandHistory) -> None:
    """Refuse seating fields and an explicit set-up no PHH file can hold (§12.4, §12.12)."""
    for name in ("seats", "player_names"):
        values = getattr(hand, name)
        kind = int if name == "seats" else str
        if values is not None and (
            not isinstance(values, tuple)
            or len(values) != hand.players
            or not all(type(v) is kind for v in values)
        ):
            raise HistoryError(
                f"{name} = {values!r} is not a tuple of {hand.players} {kind.__name__}", "12.4"
            )
    extension = (hand.blinds, hand.posts, hand.sitting_out)
    if hand.button is None:
        if any(extension):
            raise HistoryError("blinds, posts or sitting_out are given without the button (_button)", "12.12")
        return
    for name in ("blinds", "posts", "sitting_out"):
        if not isinstance(getattr(hand, name), tuple):
            raise HistoryError(f"{name} = {getattr(hand, name)!r} is not a tuple", "12.12")
    if not all(_is_units(b) for b in hand.blinds or ()) or not all(
        isinstance(p, ForcedPost)
        and type(p.seat) is int
        and 0 <= p.seat < hand.players
        and _is_units(p.amount)
        for p in hand.posts or ()
    ):
        raise HistoryError(f"blinds {hand.blinds!r} or posts {hand.posts!r} are not chip units", "12.12")
    if not all(
        isinstance(p, tuple) and len(p) == 2 and type(p[0]) is int and _is_units(p[1])
        for p in hand.sitting_out
    ):
        raise HistoryError(f"sitting_out = {hand.sitting_out!r} is not (seat, chips) pairs", "12.12")
    _ = hand.layout


def _check_session(hand: HandHistory) -> None:
    """Refuse session fields no PHH file can hold (§12.13)."""
    names, added = hand.sitting_out_names, hand.chips_added
    if (
        not isinstance(names, tuple)
        or not all(type(v) is str for v in names)
        or (names and len(names) != len(hand.sitting_out))
    ):
        raise HistoryError(f"sitting_out_names = {names!r} does not name each seat sitting out", "12.13")
    if not isinstance(added, tuple) or not all(
        isinstance(p, tuple) and len(p) == 2 and type(p[0]) is int and _is_units(p[1]) for p in added
    ):
        raise HistoryError(f"chips_added = {added!r} is not (seat, chips) pairs", "12.13")
    removed = hand.chips_removed
    if not isinstance(removed, tuple) or not all(
        isinstance(p, tuple) and len(p) == 2 and type(p[0]) is int and _is_units(p[1]) for p in removed
    ):
        raise HistoryError(f"chips_removed = {removed!r} is not (seat, chips) pairs", "12.13")


def hand_from_table(
    table: Mapping[str, Any], *, file: str | None = None, index: int | None = None
) -> HandHistory:
    """A ``HandHistory`` from one hand's TOML table; refusals raise ``HistoryError`` (spec 12)."""
    try:
        n = check_fields(table)
        action_amounts = []
        for i, text in enumerate(table["actions"]):
            match = _AMOUNT_IN_ACTION.match(text.split("#", 1)[0])
            if match:
                action_amounts.append((i, match.group(1)))
        named = [
            (f"{name}[{i}]", v) for name in PER_PLAYER_AMOUNTS for i, v in enumerate(table.get(name) or ())
        ]
        named += [(name, table[name]) for name in SINGLE_AMOUNTS if name in table]
        explicit = check_setup_fields(table)
        check_session_fields(table)
        named += [(f"_chips_added[{i}]", v) for i, v in enumerate(table.get("_chips_added", []))]
        named += [(f"_chips_removed[{i}]", v) for i, v in enumerate(table.get("_chips_removed", []))]
        if explicit:
            named += [(f"_blinds[{i}]", v) for i, v in enumerate(table["_blinds"])]
            named += [
                (f"_sitting_out_stacks[{i}]", v) for i, v in enumerate(table.get("_sitting_out_stacks", []))
            ]
            for i, text in enumerate(table["_posts"]):
                written = post_amount_text(text)
                if written is not None:
                    named.append((f"_posts[{i}] amount", written))
        scale = chip_scale([v for _, v in named], [name for name, _ in named])
        for i, text in action_amounts:
            try:
                scale = max(scale, chip_scale([text], ["'cbr' amount"]))
            except HistoryError as exc:
                raise exc.located(action=i) from None
        actions = []
        for i, text in enumerate(table["actions"]):
            try:
                actions.append(parse_action(text, n, scale))
            except HistoryError as exc:
                raise exc.located(action=i) from None

        def units(name: str) -> tuple[int, ...] | None:
            values = table.get(name)
            if values is None:
                return None
            return tuple(to_units(v, scale, f"{name}[{i}]") for i, v in enumerate(values))

        def single(name: str) -> int | None:
            return to_units(table[name], scale, name) if name in table else None

        known = (*_KNOWN_ORDER, *PER_PLAYER_AMOUNTS, *_TABLE_FIELDS, *SETUP_FIELDS, *SESSION_FIELDS)
        extra = {k: v for k, v in table.items() if k not in known}
        seating: dict[str, Any] = {
            "table": table.get("table"),
            "hand": table.get("hand"),
            "seat_count": table.get("seat_count"),
            "seats": tuple(table["seats"]) if "seats" in table else None,
            "player_names": tuple(table["players"]) if "players" in table else None,
            "sitting_out_names": tuple(table.get("_sitting_out_players", ())),
            "chips_added": tuple(
                (seat, to_units(chips, scale, f"_chips_added[{i}]"))
                for i, (seat, chips) in enumerate(
                    zip(table.get("_chips_added_seats", []), table.get("_chips_added", []), strict=True)
                )
            ),
            "chips_removed": tuple(
                (seat, to_units(chips, scale, f"_chips_removed[{i}]"))
                for i, (seat, chips) in enumerate(
                    zip(table.get("_chips_removed_seats", []), table.get("_chips_removed", []), strict=True)
                )
            ),
        }
        if explicit:
            stacks_out = table.get("_sitting_out_stacks", [])
            seating.update(
                button=table["_button"],
                blinds=tuple(to_units(v, scale, f"_blinds[{i}]") for i, v in enumerate(table["_blinds"])),
                posts=tuple(parse_post(text, n, scale) for text in table["_posts"]),
                sitting_out=tuple(
                    (seat, to_units(stacks_out[i], scale, f"_sitting_out_stacks[{i}]"))
                    for i, seat in enumerate(table.get("_sitting_out", []))
                ),
            )
        return HandHistory(
            variant=table["variant"],
            antes=units("antes") or (),
            blinds_or_straddles=units("blinds_or_straddles") or (),
            starting_stacks=units("starting_stacks") or (),
            actions=tuple(actions),
            scale=scale,
            min_bet=single("min_bet"),
            small_bet=single("small_bet"),
            big_bet=single("big_bet"),
            ante_trimming_status=bool(table.get("ante_trimming_status", False)),
            finishing_stacks=units("finishing_stacks"),
            winnings=units("winnings"),
            **seating,
            extra=extra,
            file=file,
            index=index,
        )
    except HistoryError as exc:
        raise exc.located(file=file, hand=index) from None


def read_text(text: str, *, file: str = "<text>", many: bool | None = None) -> list[ReadResult]:
    """Every hand of a PHH text: a ``HandHistory`` per good hand, a ``HistoryError`` per bad one.

    ``many`` says whether the text is a ``.phhs`` file; by default it is when ``file`` ends so.
    One bad hand never stops the others (§12.1).
    """
    if many is None:
        many = str(file).endswith(".phhs")
    try:
        chunks = split_hands(text, many=many)
    except HistoryError as exc:
        return [exc.located(file=file)]
    results: list[ReadResult] = []
    for index, chunk in chunks:
        try:
            if isinstance(chunk, HistoryError):
                raise chunk
            table = parse_toml(chunk)
            results.append(hand_from_table(table, file=file, index=index))
        except HistoryError as exc:
            results.append(exc.located(file=file, hand=index))
    return results


HISTORY_SUFFIXES = (".phh", ".phhs", ".ohh")


def read_file(path: str | Path) -> list[ReadResult]:
    """Every hand of the ``.phh`` or ``.phhs`` file at ``path`` (see ``read_text``); ``.ohh`` files are
    ``pyholdem.history.files.read_history``'s."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [HistoryError(f"cannot read the file: {exc}", "12.1", file=str(path))]
    return read_text(text, file=str(path), many=path.suffix == ".phhs")


def iter_files(paths: Sequence[str | Path]) -> Iterator[Path]:
    """The ``.phh``, ``.phhs`` and ``.ohh`` files named by ``paths``; a directory contributes its files,
    sorted."""
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(q for q in p.rglob("*") if q.suffix in HISTORY_SUFFIXES and q.is_file())
        else:
            yield p


def loads(text: str, *, many: bool = False) -> list[HandHistory]:
    """Strict reading: every hand of ``text``, or the first ``HistoryError``."""
    hands = []
    for result in read_text(text, many=many):
        if isinstance(result, HistoryError):
            raise result
        hands.append(result)
    return hands


def _toml_value(value: Any) -> str:
    try:
        return toml_value(value)
    except TypeError as exc:
        raise HistoryError(str(exc), "12.9") from None


def dumps(hand: HandHistory) -> str:
    """One hand as PHH text (the body of a ``.phh`` file); ``loads`` reads it back equal (§12.9)."""
    amounts = [hand.amount(v) for v in hand.starting_stacks]
    lines = [f"variant = {_toml_value(hand.variant)}"]
    lines.append(f"ante_trimming_status = {_toml_value(hand.ante_trimming_status)}")

    def array(values: Sequence[int]) -> str:
        return "[" + ", ".join(hand.amount(v) for v in values) + "]"

    lines.append(f"antes = {array(hand.antes)}")
    lines.append(f"blinds_or_straddles = {array(hand.blinds_or_straddles)}")
    for name in SINGLE_AMOUNTS:
        value = getattr(hand, name)
        if value is not None:
            lines.append(f"{name} = {hand.amount(value)}")
    lines.append(f"starting_stacks = [{', '.join(amounts)}]")
    lines.append(f"actions = {_toml_value([format_action(a, hand.scale) for a in hand.actions])}")
    seating = {
        "table": hand.table,
        "hand": hand.hand,
        "seat_count": hand.seat_count,
        "seats": None if hand.seats is None else list(hand.seats),
        "players": None if hand.player_names is None else list(hand.player_names),
    }
    lines += [f"{name} = {_toml_value(value)}" for name, value in seating.items() if value is not None]
    if hand.button is not None:
        lines.append(f"_button = {hand.button}")
        lines.append(f"_blinds = {array(hand.blinds or ())}")
        lines.append(f"_posts = {_toml_value([format_post(p, hand.scale) for p in hand.posts or ()])}")
        if hand.sitting_out:
            lines.append(f"_sitting_out = {_toml_value([seat for seat, _ in hand.sitting_out])}")
            lines.append(f"_sitting_out_stacks = {array([chips for _, chips in hand.sitting_out])}")
    if hand.sitting_out_names:
        lines.append(f"_sitting_out_players = {_toml_value(list(hand.sitting_out_names))}")
    if hand.chips_added:
        lines.append(f"_chips_added_seats = {_toml_value([seat for seat, _ in hand.chips_added])}")
        lines.append(f"_chips_added = {array([chips for _, chips in hand.chips_added])}")
    if hand.chips_removed:
        lines.append(f"_chips_removed_seats = {_toml_value([seat for seat, _ in hand.chips_removed])}")
        lines.append(f"_chips_removed = {array([chips for _, chips in hand.chips_removed])}")
    for name, value in hand.extra.items():
        try:
            lines.append(f"{toml_key(name)} = {_toml_value(value)}")
        except RecursionError:
            raise HistoryError(f"cannot write field {name!r}: it is nested too deeply", "12.9") from None
    for name in ("finishing_stacks", "winnings"):
        value = getattr(hand, name)
        if value is not None:
            lines.append(f"{name} = {array(value)}")
    return "\n".join(lines) + "\n"


def dumps_many(hands: Sequence[HandHistory]) -> str:
    """Hands as a ``.phhs`` text, numbered ``[1]``, ``[2]`` … in order."""
    return "\n".join(f"[{i}]\n{dumps(h)}" for i, h in enumerate(hands, 1))


def with_results(
    hand: HandHistory, *, finishing_stacks: Sequence[int] | None = None, winnings: Sequence[int] | None = None
) -> HandHistory:
    """A copy of ``hand`` recording these results."""
    return replace(
        hand,
        finishing_stacks=tuple(finishing_stacks) if finishing_stacks is not None else hand.finishing_stacks,
        winnings=tuple(winnings) if winnings is not None else hand.winnings,
    )

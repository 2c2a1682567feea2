"""Spec 00 — the rule set: every variant parameter, its default, its presets (spec/00-ruleset.md)."""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pyholdem.errors import RuleSetError, show_value
from pyholdem.traceability.registry import rule
from pyholdem.values import is_int, toml_value

_NONE_IN_TOML = "none"


def _choice(default: str, *others: str, section: str) -> Any:
    return field(default=default, metadata={"choices": (default, *others), "section": section})


def _flag(default: bool, *, section: str) -> Any:
    return field(default=default, metadata={"type": bool, "section": section})


def _int(default: int | None, lo: int, hi: int | None = None, *, section: str) -> Any:
    meta = {"type": int, "range": (lo, hi), "optional": default is None, "section": section}
    return field(default=default, metadata=meta)


def _subset(default: tuple[str, ...], *, choices: tuple[str, ...], section: str) -> Any:
    return field(default=default, metadata={"subset_of": choices, "section": section})


def _ints(default: tuple[int, ...], *, section: str) -> Any:
    return field(default=default, metadata={"int_tuple": True, "section": section})


def _place_amounts(default: tuple[tuple[int, int], ...], *, section: str) -> Any:
    return field(default=default, metadata={"place_amounts": True, "section": section})


@rule("0.1")
@dataclass(frozen=True)
class RuleSet:
    """Rule set: one immutable value holding every variant parameter of the spec.

    Each field names the section that reads it; construction validates every field and raises
    ``RuleSetError`` naming the field, the value and the allowed values (§0.1).
    """

    # game and structure
    mode: str = _choice("tournament", "cash", section="0.4")
    betting_structure: str = _choice("no_limit", "pot_limit", "fixed_limit", section="5.1")
    max_seats: int = _int(10, 2, 10, section="3.1")
    chip_unit: int = _int(1, 1, section="5.12")
    blind_count: int = _int(2, 1, 2, section="3.10")
    small_blind_rule: str = _choice("explicit", "half_round_down", "half_exact", "two_thirds", section="3.9")
    ante_type: str = _choice("each_player", "each_player_except_blinds", "big_blind_ante", section="3.12")
    bba_priority: str = _choice("blind_first", "ante_first", section="3.14")
    short_post_priority: str = _choice("ante_first", "blind_first", section="3.11")
    straddle_allowed: bool = _flag(False, section="3.16")
    max_straddles: int | None = _int(None, 1, 8, section="3.16")
    straddle_multiplier: int = _int(2, 2, section="3.16")
    sleeper_allowed: bool = _flag(False, section="3.17")
    straddle_short_stack: str = _choice("refused", "all_in", section="3.16")
    button_may_straddle: bool = _flag(False, section="3.16")
    straddle_raise_size: str = _choice("straddle", "big_blind", section="3.15")
    fl_cap_counts_blinds: bool = _flag(True, section="3.15")
    # betting
    nl_min_bet: str = _choice("big_blind", "min_chip", section="5.5")
    min_raise_rule: str = _choice(
        "largest_full_increment",
        "initial_bet",
        "last_increment_including_short_allins",
        "cumulative_short_allins",
        section="5.6",
    )
    nl_raise_cap: int | None = _int(None, 1, section="5.8")
    nl_cap_lifted_heads_up: bool = _flag(True, section="5.8")
    fl_max_raises: int = _int(3, 1, section="5.4")
    fl_cap_lifted_heads_up: str = _choice(
        "when_event_heads_up", "when_round_heads_up", "never", section="5.4"
    )
    fl_cap_counts_allin_raise: bool = _flag(True, section="5.4")
    fl_cap_counts_short_allins: bool = _flag(False, section="5.4")
    reopen_rule_big_bet: str = _choice(
        "full_raise_cumulative", "full_raise_single", "any_raise", section="7.2"
    )
    reopen_rule_limit: str = _choice("half_bet", "full_bet", section="7.4")
    first_wager_reopens: bool = _flag(False, section="7.2")
    raise_needs_a_caller: bool = _flag(False, section="6.7")
    preflop_first_actor: str = _choice("left_of_last_forced", "left_of_largest_post", section="6.2")
    fl_raise_base: str = _choice("last_full_bet", "current_bet", section="5.3")
    ante_award: str = _choice("uniform_as_contributions", "pooled", "as_bets", section="7.7")
    short_blind_call_amount: str = _choice("full_blind", "posted_amount", section="7.5")
    pl_pot_basis: str = _choice("all_pots", "active_pot", section="5.11")
    pl_preflop_full_blinds: bool = _flag(True, section="5.10")
    pl_sb_counts_as_bb: bool = _flag(False, section="5.10")
    pl_round_pot_to: int | None = _int(None, 1, section="5.9")
    out_of_turn: str = _choice("tda53", "fold_only_binding", "reject", section="6.10")
    action_time_s: int = _int(30, 1, section="6.11")
    timeout_action: str = _choice("check_else_fold", "fold", "allin_freeze_if_committed", section="6.11")
    # button, seating, presence
    initial_button: str = _choice("high_card_draw", "seat_1", "random", "first_seated", section="3.3")
    draw_suit_order: str = _choice("shdc", "cdhs", section="1.3")
    button_rule: str = _choice("dead", "moving", "frozen_on_blind_bust", section="3.4")
    heads_up_button_adjust: bool = _flag(True, section="3.8")
    absent_cutoff: str = _choice(
        "end_of_initial_deal",
        "own_second_card",
        "own_turn_plus_timeout",
        "not_dealt_blinds_forced",
        section="3.19",
    )
    absent_blinds_dead: bool = _flag(True, section="3.19")
    new_player_entry: tuple[str, ...] = _subset(
        ("wait_bb", "post_bb_now", "wait_button_then_post"),
        choices=("wait_bb", "post_bb_now", "wait_button_then_post"),
        section="3.18",
    )
    missed_blind_makeup: tuple[str, ...] = _subset(
        ("post_both_sb_dead", "wait_bb"), choices=("post_both_sb_dead", "wait_bb"), section="3.18"
    )
    min_buy_in_bb: int | None = _int(None, 1, section="3.21")
    max_buy_in_bb: int | None = _int(None, 1, section="3.21")
    # showdown and award
    showdown_order: str = _choice(
        "last_river_aggressor_else_first_left", "last_aggressor_any_street", section="8.2"
    )
    losers_may_muck: bool = _flag(True, section="8.3")
    all_in_face_up: bool = _flag(True, section="8.4")
    must_table_both_cards: bool = _flag(True, section="8.9")
    odd_chip_rule: str = _choice("left_of_button", "left_of_button_whole_chip", section="8.8")
    odd_chip_pots: str = _choice("each_pot", "merged_among_winners", section="8.8")
    side_pots_awarded_first: bool = _flag(True, section="8.6")
    # tournament
    fee_percent: int = _int(0, 0, 50, section="9.1")
    level_clock: str = _choice("minutes", "hands", section="9.3")
    after_last_level: str = _choice("repeat_last_step", "director_extends", section="9.3")
    level_change_cutoff: str = _choice("shuffle_started", "cut", "first_card_dealt", section="9.4")
    max_rebuys: int = _int(0, 0, section="9.6")
    rebuy_window_levels: int | None = _int(None, 1, section="9.6")
    rebuy_requires_bust: bool = _flag(True, section="9.6")
    rebuy_or_addon_exclusive: bool = _flag(False, section="9.7")
    max_addons: int = _int(0, 0, section="9.7")
    addon_window_minutes: int | None = _int(None, 1, section="9.7")
    addon_window_levels: int | None = _int(None, 1, section="9.7")
    addon_requires_chips: bool = _flag(True, section="9.7")
    rebuy_between_hands_only: bool = _flag(True, section="9.6")
    late_entry: bool = _flag(False, section="9.8")
    multi_bust_equal: str = _choice("share", "seat_order", section="9.10")
    payout_percentages: tuple[int, ...] = _ints((60, 25, 15), section="9.12")
    payout_rounding: str = _choice("floor_rest_to_first", "nearest_unit", section="9.13")
    balance_mover: str = _choice("next_big_blind", "high_card_draw", "random_draw", section="9.15")
    balance_destination: str = _choice("worst_position", "any_seat_before_bb", "random", section="9.15")
    balance_timing: str = _choice("between_hands", "between_levels", section="9.15")
    balance_max_spread: int | None = _int(None, 1, 3, section="9.15")
    balance_method: str = _choice("move_players", "redraw", section="9.15")
    final_table_level_bump: bool = _flag(False, section="9.17")
    final_table_redraw: bool = _flag(True, section="9.17")
    chip_race_start: str = _choice("seat_1", "dealer_left", section="9.18")
    chip_race_no_elimination: bool = _flag(True, section="9.18")
    hand_for_hand: bool = _flag(True, section="9.11")
    # tournament (spec 09): hand-for-hand busts and clock, fixed payouts, places paid
    hand_for_hand_busts: str = _choice("tie_all", "stack_within_table", section="9.11")
    hand_for_hand_minutes: int = _int(2, 0, 3, section="9.11")
    payout_fixed: tuple[tuple[int, int], ...] = _place_amounts((), section="9.12")
    places_paid_rule: str = _choice("payout_percentages", "seed_000_table", "field_percent", section="9.24")
    places_paid_percent: int = _int(15, 1, 100, section="9.24")
    # irregularities and the live-play layer
    live_play_layer: bool = _flag(False, section="10.1")
    misdeal_cutoff: str = _choice("substantial_action", "two_actions", section="10.2")
    exposed_holecard: str = _choice("replace_and_burn", "misdeal", "seed002_replace", section="10.4")
    board_error_rule: str = _choice(
        "tda_rp5", "robert", "seed002_card_stands", "seed000_reshuffle_new_burn", section="10.10"
    )
    boxed_card: str = _choice("scrap_of_paper", "bottom_of_deck", section="10.6")
    player_exposure: str = _choice("live", "dead_hand", "show_all", section="10.12")
    oversize_chip_is_call: bool = _flag(True, section="11.2")
    unaware_of_raise_withdraw: bool = _flag(False, section="11.7")
    # declarations and the clock as live events (spec 11)
    chips_alone_bind: bool = _flag(True, section="11.1")
    clock_callers: str = _choice("at_table", "seated_when_dealt", section="11.12")
    reconnect_extra_s: int | None = _int(None, 0, section="11.13")

    def __new__(cls, *args: Any, **fields: Any) -> RuleSet:
        unknown = sorted(set(fields) - FIELD_NAMES)
        if unknown:
            raise RuleSetError(f"unknown rule-set field {unknown[0]!r}", "0.1")
        return super().__new__(cls)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, list):
                value = tuple(value)
                object.__setattr__(self, f.name, value)
            if f.metadata.get("place_amounts") and isinstance(value, tuple):
                value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
                object.__setattr__(self, f.name, value)
            _validate(f, value)

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with ``changes`` applied; unknown fields raise ``RuleSetError`` (§0.1)."""
        unknown = sorted(set(changes) - FIELD_NAMES)
        if unknown:
            raise RuleSetError(f"unknown rule-set field {unknown[0]!r}", "0.1")
        return dataclasses.replace(self, **changes)

    def changes(self, base: RuleSet | None = None) -> dict[str, Any]:
        """The fields whose value differs from ``base`` (default: the ``tda_2024`` preset)."""
        if base is not None and not isinstance(base, RuleSet):
            raise RuleSetError(f"{base!r} is not a RuleSet to compare with", "0.1")
        base = base or RuleSet()
        return {
            name: getattr(self, name) for name in FIELD_ORDER if getattr(self, name) != getattr(base, name)
        }

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data (tuples become lists)."""
        return {name: list(v) if isinstance(v := getattr(self, name), tuple) else v for name in FIELD_ORDER}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Build from a mapping of field names; missing fields keep their defaults (§0.5)."""
        return load_rules(data)

    def to_toml(self) -> str:
        """The rule set as a TOML document that ``from_toml`` reads back unchanged (§0.5)."""
        lines = []
        for name, value in self.to_dict().items():
            lines.append(f"{name} = {toml_value(_NONE_IN_TOML if value is None else value)}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_toml(cls, text: str) -> RuleSet:
        return load_rules(text)


FIELDS = {f.name: f for f in dataclasses.fields(RuleSet)}
FIELD_ORDER = tuple(FIELDS)
FIELD_NAMES = frozenset(FIELDS)


def _allowed(f: dataclasses.Field[Any]) -> str:
    meta = f.metadata
    if "choices" in meta:
        return "one of " + ", ".join(repr(c) for c in meta["choices"])
    if meta.get("type") is bool:
        return "True or False"
    if "subset_of" in meta:
        return "a non-empty list drawn from " + ", ".join(repr(c) for c in meta["subset_of"])
    if meta.get("int_tuple"):
        return "a non-empty list of positive integers summing to 100"
    if meta.get("place_amounts"):
        return "a list of [place, amount] pairs of positive integers, each place once"
    lo, hi = meta["range"]
    span = f"an integer >= {lo}" if hi is None else f"an integer from {lo} to {hi}"
    return span + (" or None" if meta.get("optional") else "")


def _is_valid(f: dataclasses.Field[Any], value: Any) -> bool:
    meta = f.metadata
    if "choices" in meta:
        return isinstance(value, str) and value in meta["choices"]
    if meta.get("type") is bool:
        return isinstance(value, bool)
    if "subset_of" in meta:
        return (
            isinstance(value, tuple)
            and len(value) > 0
            and len(set(value)) == len(value)
            and all(isinstance(v, str) and v in meta["subset_of"] for v in value)
        )
    if meta.get("int_tuple"):
        return (
            isinstance(value, tuple)
            and len(value) > 0
            and all(is_int(v) and v > 0 for v in value)
            and sum(value) == 100
        )
    if meta.get("place_amounts"):
        return (
            isinstance(value, tuple)
            and all(
                isinstance(v, tuple) and len(v) == 2 and all(is_int(x) and x > 0 for x in v) for v in value
            )
            and len({v[0] for v in value}) == len(value)
        )
    if value is None:
        return bool(meta.get("optional"))
    lo, hi = meta["range"]
    return is_int(value) and value >= lo and (hi is None or value <= hi)


def _validate(f: dataclasses.Field[Any], value: Any) -> None:
    if not _is_valid(f, value):
        raise RuleSetError(
            f"rule-set field {f.name} = {show_value(value)} is not allowed; expected {_allowed(f)} "
            f"(read by §{f.metadata['section']})",
            "0.1",
        )


@dataclass(frozen=True)
class Preset:
    """A named rule set: what it changes from the default, and where that reading comes from."""

    name: str
    description: str
    changes: Mapping[str, Any]
    sources: tuple[str, ...] = ()

    @property
    def rules(self) -> RuleSet:
        return RuleSet().replace(**self.changes)


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "tda_2024",
            "The default: Poker TDA 2024 for tournaments, Robert's Rules where TDA is silent.",
            {},
            ("TDA 2024", "Robert's Rules of Poker"),
        ),
        Preset(
            "tda_2024_cash",
            "The default rules switched to a cash game (§0.4): moving button, fixed-limit cap "
            "lifted when a round is heads-up, all-in hands not exposed before the showdown.",
            {
                "mode": "cash",
                "button_rule": "moving",
                "fl_cap_lifted_heads_up": "when_round_heads_up",
                "all_in_face_up": False,
            },
            ("Robert's Rules of Poker", "seed 003 (all-in hands stay face down in a cash game)"),
        ),
        Preset(
            "pokerkit_0_7",
            "The rule choices of pokerkit 0.7 (a cash game as its PHH reader plays it): odd chips "
            "whole to the first winner, the fixed-limit cap not counting the blind but counting "
            "short all-in raises, no "
            "half-bet rule and fixed-limit raises added to a short all-in, straddles sized from "
            "the big blind and posted all-in when short, the first wager of a round reopening "
            "whatever its size, no raise that nobody could call, pot-limit sizes from the chips "
            "actually posted, the call after a short blind only what was posted, the big-blind "
            "ante posted first, antes pooled for every player (ante_trimming_status false), the "
            "button allowed to straddle, the first player before the flop left of the largest "
            "posted blind, and pots that the same winners share split as one pot.",
            {
                "mode": "cash",
                "button_rule": "moving",
                "all_in_face_up": False,
                "fl_cap_lifted_heads_up": "never",
                "straddle_allowed": True,
                "straddle_short_stack": "all_in",
                "button_may_straddle": True,
                "preflop_first_actor": "left_of_largest_post",
                "straddle_raise_size": "big_blind",
                "fl_cap_counts_blinds": False,
                "fl_cap_counts_short_allins": True,
                "first_wager_reopens": True,
                "raise_needs_a_caller": True,
                "pl_preflop_full_blinds": False,
                "reopen_rule_limit": "full_bet",
                "fl_raise_base": "current_bet",
                "short_blind_call_amount": "posted_amount",
                "odd_chip_rule": "left_of_button_whole_chip",
                "odd_chip_pots": "merged_among_winners",
                "bba_priority": "ante_first",
                "ante_award": "pooled",
            },
            ("pokerkit 0.7 (uoftcprg/pokerkit)",),
        ),
        Preset(
            "seed_000_home_nl",
            "Seed 000, the article's home no-limit tournament: ten-handed tables (ten or fewer "
            "players, one table), antes from everyone but the blinds, a first bet of any size, the "
            "minimum raise equal to the round's first bet, odd chips not broken down, one rebuy "
            "or add-on (busted or not) within the first three levels, tables kept within one "
            "player of each other, the mover drawn at random, an absent player not dealt in but "
            "his blinds forced.",
            {
                "ante_type": "each_player_except_blinds",
                "nl_min_bet": "min_chip",
                "min_raise_rule": "initial_bet",
                "odd_chip_rule": "left_of_button_whole_chip",
                "max_rebuys": 1,
                "rebuy_window_levels": 3,
                "max_addons": 1,
                "addon_window_levels": 3,
                "addon_requires_chips": False,
                "rebuy_or_addon_exclusive": True,
                "balance_mover": "random_draw",
                "balance_max_spread": 1,
                "absent_cutoff": "not_dealt_blinds_forced",
                "places_paid_rule": "seed_000_table",
            },
            ("seed 000 (article)",),
        ),
        Preset(
            "seed_000_bill_limit",
            "Seed 000, Bill Costin's fixed-limit home tournament: fixed limit, small blind half "
            "the big blind, a bet and three raises a round even heads-up, button starts at seat "
            "1 and moves, odd chips whole to the winner closest to the dealer's left, losers "
            "must show, two actions end the misdeal window, an exposed hole card is a misdeal, "
            "a card a player shows deliberately kills his hand, every action declared aloud, tables "
            "balanced by high card "
            "between levels, final-table level bump.",
            {
                "betting_structure": "fixed_limit",
                "small_blind_rule": "half_exact",
                "fl_cap_lifted_heads_up": "never",
                "odd_chip_rule": "left_of_button_whole_chip",
                "initial_button": "seat_1",
                "button_rule": "moving",
                "losers_may_muck": False,
                "misdeal_cutoff": "two_actions",
                "exposed_holecard": "misdeal",
                "board_error_rule": "seed000_reshuffle_new_burn",
                "boxed_card": "bottom_of_deck",
                "player_exposure": "dead_hand",
                "chips_alone_bind": False,
                "balance_mover": "high_card_draw",
                "balance_destination": "any_seat_before_bb",
                "balance_timing": "between_levels",
                "final_table_level_bump": True,
                "payout_percentages": (50, 30, 20),
            },
            ("seed 000 (Bill Costin's rules)",),
        ),
        Preset(
            "seed_001_event",
            "Seed 001, casino event rules: button drawn at random and moving, a 90-second "
            "clock (called only by a player seated when the hand was dealt) after which the hand "
            "is folded, the level changes at the cut, an absent "
            "player's hand dead once his second card is dealt, an exposed card kills the hand, "
            "a 10% entry fee (the chip race starts at seat 1, the default); busts on the same "
            "hand ranked by starting stack even hand for hand, 10-20 % of the field paid; its "
            "cash game asks a buy-in of no less than 100 big blinds.",
            {
                "initial_button": "random",
                "button_rule": "moving",
                "action_time_s": 90,
                "timeout_action": "fold",
                "level_change_cutoff": "cut",
                "absent_cutoff": "own_second_card",
                "player_exposure": "dead_hand",
                "fee_percent": 10,
                "hand_for_hand_busts": "stack_within_table",
                "places_paid_rule": "field_percent",
                "min_buy_in_bb": 100,
                "clock_callers": "seated_when_dealt",
            },
            ("seed 001",),
        ),
        Preset(
            "seed_002_sng_addon",
            "Seed 002, the sit-and-go with add-on: frozen button when a blind busts, limit "
            "games capped at a bet and four raises with the cap lifted heads-up, the minimum "
            "raise equal to the most recent raise, only a fold out of turn binds, an absent "
            "player's hand folded when his turn's 30 seconds run out (a present player's "
            "clock is the default, §6.11), the level changes at the first card, one add-on "
            "within 90 minutes, a declared board play, withdrawal when unaware of a raise; "
            "late players confirm beforehand and are dealt in absent, no entry after the start; "
            "two actions end the misdeal window, a missing burn stands, a hole card dealt face "
            "up is replaced and burned (a misdeal only on two), a card shown to one player is "
            "shown to all; after a fixed $30 third prize, 70 / 30 of the balance; busts on the "
            "same hand ranked by starting stack even hand for hand.",
            {
                "button_rule": "frozen_on_blind_bust",
                "fl_max_raises": 4,
                "fl_cap_lifted_heads_up": "when_round_heads_up",
                "min_raise_rule": "last_increment_including_short_allins",
                "out_of_turn": "fold_only_binding",
                "absent_cutoff": "own_turn_plus_timeout",
                "level_change_cutoff": "first_card_dealt",
                "max_addons": 1,
                "addon_window_minutes": 90,
                "must_table_both_cards": False,
                "misdeal_cutoff": "two_actions",
                "board_error_rule": "seed002_card_stands",
                "unaware_of_raise_withdraw": True,
                "payout_percentages": (70, 30),
                "payout_fixed": ((3, 30),),
                "hand_for_hand_busts": "stack_within_table",
                # spec 10: an exposed hole card replaced, a misdeal only on two or more;
                # a card shown to one player is shown to all
                "exposed_holecard": "seed002_replace",
                "player_exposure": "show_all",
            },
            ("seed 002", "seed 002 appendix A"),
        ),
        Preset(
            "seed_003_general",
            "Seed 003, the general rules article, as a tournament: straddles and sleeper bets, "
            "no-limit capped at three raises unless heads-up, the last aggressor of any street "
            "shows first, all-in hands face up in a tournament (in a cash game, for_mode(..., "
            "'cash'), they are not). Its small blind is 'usually half' the big blind, so the "
            "blinds are given explicitly.",
            {
                "straddle_allowed": True,
                "sleeper_allowed": True,
                "nl_raise_cap": 3,
                "showdown_order": "last_aggressor_any_street",
            },
            ("seed 003",),
        ),
        Preset(
            "seed_004_online",
            "Seed 004, the online card room: cash game, small blind half the big blind rounded "
            "down, the first seated player gets the button, which moves, a new player posts a "
            "big blind at once or waits for it, a maximum buy-in (read as 100 big blinds), fixed "
            "limit capped at a bet and three raises "
            "even heads-up, pot-limit counts only the active pot, a timed-out committed player "
            "is frozen all-in, a reconnecting player gets 20 more seconds, odd chips whole.",
            {
                "mode": "cash",
                "small_blind_rule": "half_round_down",
                "initial_button": "first_seated",
                "button_rule": "moving",
                "new_player_entry": ("wait_bb", "post_bb_now"),
                "max_buy_in_bb": 100,
                "fl_cap_lifted_heads_up": "never",
                "pl_pot_basis": "active_pot",
                "timeout_action": "allin_freeze_if_committed",
                "odd_chip_rule": "left_of_button_whole_chip",
                "all_in_face_up": False,
                "reconnect_extra_s": 20,
            },
            ("seed 004",),
        ),
    )
}


@rule("0.2")
def tda_2024() -> RuleSet:
    """Default rule set: the ``tda_2024`` preset, which is ``RuleSet()``."""
    return RuleSet()


@rule("0.3")
def preset(name: str) -> RuleSet:
    """Named presets: the rule set of preset ``name``; an unknown name raises ``RuleSetError``."""
    try:
        return PRESETS[name].rules
    except (KeyError, TypeError):
        known = ", ".join(sorted(PRESETS))
        raise RuleSetError(f"unknown preset {name!r}; known presets: {known}", "0.3") from None


MODE_DEFAULTS: dict[str, dict[str, Any]] = {
    "tournament": {
        "button_rule": "dead",
        "fl_cap_lifted_heads_up": "when_event_heads_up",
        "all_in_face_up": True,
    },
    "cash": {
        "button_rule": "moving",
        "fl_cap_lifted_heads_up": "when_round_heads_up",
        "all_in_face_up": False,
    },
}


@rule("0.4")
def for_mode(rules: RuleSet, mode: str) -> RuleSet:
    """Cash game and tournament: switch ``mode`` and the fields whose default depends on it."""
    if mode not in MODE_DEFAULTS:
        raise RuleSetError(f"mode {mode!r} is not one of 'tournament', 'cash'", "0.4")
    return rules.replace(mode=mode, **MODE_DEFAULTS[mode])


@rule("0.5")
def load_rules(source: str | Mapping[str, Any]) -> RuleSet:
    """Rule-set files: a rule set from TOML text or a mapping; ``preset = "name"`` starts from a preset.

    Unknown keys, wrong types and malformed TOML raise ``RuleSetError`` naming the key (§0.5).
    """
    if isinstance(source, str):
        try:
            data: dict[str, Any] = tomllib.loads(source)
        except (ValueError, RecursionError) as exc:
            raise RuleSetError(f"rule-set TOML is malformed: {exc}", "0.5") from None
    elif isinstance(source, Mapping):
        data = dict(source)
    else:
        raise RuleSetError(f"a rule set is read from TOML text or a mapping, not {source!r}", "0.5")
    base = preset(data.pop("preset")) if "preset" in data else RuleSet()
    unknown = sorted(set(data) - FIELD_NAMES)
    if unknown:
        raise RuleSetError(f"unknown rule-set field {unknown[0]!r}", "0.5")
    changes = {}
    for name, value in data.items():
        if value == _NONE_IN_TOML and FIELDS[name].metadata.get("optional"):
            value = None
        changes[name] = tuple(value) if isinstance(value, list) else value
    return base.replace(**changes)

"""Every distinct deviation found so far, classified: a rule reading (the RuleSet field and value
that model it), a defect in the engine (a minimal reproducer in its own API) or a defect in
pyholdem (fixed; the test that guards it). The report matches each group of failures here by
engine, differing field and section; what matches nothing is reported as unclassified.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyholdem.conformance.hand_cases import expect_of, rules_of
from pyholdem.conformance.runner import Outcome
from pyholdem.errors import PyHoldemError

READING = "rule reading"
ENGINE_DEFECT = "defect in the engine"
PYHOLDEM_DEFECT = "defect in pyholdem (fixed)"


@dataclass(frozen=True)
class Deviation:
    engine: str
    what: str
    sections: tuple[str, ...]
    kind: str
    explanation: str
    ruleset: str | None = None
    reproducer: str | None = None
    check: Callable[[Outcome], bool] | None = None
    """For a group whose failures have more than one cause: which of them this deviation is."""

    def matches(self, engine: str, what: str, section: str, outcome: Outcome | None = None) -> bool:
        return (
            engine == self.engine
            and re.fullmatch(self.what, what) is not None
            and (not self.sections or section in self.sections)
            and (self.check is None or outcome is None or self.check(outcome))
        )


def _replayed(outcome: Outcome, changes: dict[str, Any]) -> dict[str, Any] | None:
    """pyholdem's result for the failing ``hand`` vector under its own rules with ``changes``."""
    data = dict(outcome.vector.input)
    if outcome.vector.runner != "hand" or not isinstance(outcome.actual, dict):
        return None
    try:
        rules = rules_of(data).replace(**changes)
    except PyHoldemError:
        return None
    expect = expect_of({**data, "rules": {"preset": "tda_2024", "changes": rules.changes()}})
    result = expect.get("result")
    return result if isinstance(result, dict) else None


def stacks_under(**changes: Any) -> Callable[[Outcome], bool]:
    """Whether pyholdem, replaying the failing ``hand`` vector under its own rules with ``changes``,
    ends with the engine's finishing stacks (the bet bounds may still differ by another deviation)."""

    def check(outcome: Outcome) -> bool:
        result = _replayed(outcome, changes)
        stacks = None if result is None else result.get("finishing_stacks")
        return stacks is not None and stacks == outcome.actual.get("finishing_stacks")

    return check


def raises_under(**changes: Any) -> Callable[[Outcome], bool]:
    """Whether pyholdem, replaying the failing ``hand`` vector under its own rules with ``changes``,
    offers the engine's smallest raise at every decision where both offer a raise (whether one is
    offered at all may still differ by another deviation)."""

    def check(outcome: Outcome) -> bool:
        result = _replayed(outcome, changes)
        if result is None:
            return False
        ours, theirs = result.get("legal"), outcome.actual.get("legal")
        if not isinstance(ours, list) or not isinstance(theirs, list) or len(ours) != len(theirs):
            return False
        both = [(a.get("min_to"), b.get("min_to")) for a, b in zip(ours, theirs, strict=True)]
        offered = [(a, b) for a, b in both if a is not None and b is not None]
        return bool(offered) and all(a == b for a, b in offered)

    return check


R1 = """from texasholdem import ActionType, TexasHoldEm

# three players, 100 chips, blinds 1/2; the button id 2 moves all-in to 30, the small blind folds
game = TexasHoldEm(buyin=100, big_blind=2, small_blind=1, max_players=3)
game.btn_loc = 1  # the hand's button is id 2: id 0 posts the small blind, id 1 the big one
game.players[2].chips = 30
game.start_hand()
game.take_action(ActionType.RAISE, total=30)
game.take_action(ActionType.FOLD)
# the big blind faces an all-in and nobody is left to answer a raise (§6.7), yet:
print(game.current_player, game.get_available_moves().raise_range)  # 1 range(58, 101)
"""
R2 = """import pyspiel

game = pyspiel.load_game(
    "universal_poker(betting=nolimit,bettingAbstraction=fullgame,numPlayers=3,numRounds=4,"
    "blind=50 100 0,firstPlayer=3 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,"
    "numBoardCards=0 3 1 1,stack=1000 1000 124)"
)
state = game.new_initial_state()
for card in range(6):  # 2c 2d | 2h 2s | 3c 3d
    state.apply_action(card)
state.apply_action(124)  # the third player is all-in for 124: 24 more than the big blind
# the small blind may now raise to 200, only 76 over the all-in, less than the big blind
print(min(a for a in state.legal_actions() if a >= 2))  # 200
"""
R3 = """import pyspiel

game = pyspiel.load_game(
    "universal_poker(betting=nolimit,bettingAbstraction=fullgame,numPlayers=3,numRounds=4,"
    "blind=1 2 0,firstPlayer=3 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,"
    "numBoardCards=0 3 1 1,stack=100 100 100)"
)
state = game.new_initial_state()
for card in (0, 8, 1, 5, 2, 6):  # 2c4c | 2d3d | 2h3h
    state.apply_action(card)
state.apply_action(1)  # the button calls 2
state.apply_action(0)  # the small blind folds: a pot of 5
board = [50, 47, 41, 28, 23]  # Ah Ks Qd 9c 7s: the last two players tie
while not state.is_terminal():
    state.apply_action(board.pop(0) if state.is_chance_node() else 1)
print(state.returns())  # [-1.0, 0.5, 0.5]: half chips
"""

R4 = """from rlcard.games.nolimitholdem.game import NolimitholdemGame
from rlcard.games.nolimitholdem.round import Action

# heads-up no-limit: after the preflop calls, who acts first on the flop?
game = NolimitholdemGame(num_players=2)
game.dealer_id = 0  # the blinds are dealer + 1 (small) and dealer + 2 (big): player 0 is the big blind
game.init_game()
small = game.game_pointer  # the small blind acts first before the flop, as it should
game.step(Action.CHECK_CALL)
game.step(Action.CHECK_CALL)
print(len(game.public_cards), game.game_pointer == small)  # 3 True: the small blind acts first again

from rlcard.games.limitholdem.game import LimitHoldemGame

# three-handed limit: everyone calls or checks before the flop; the flop should start left of the button
game = LimitHoldemGame(num_players=3)
game.init_game()
small = next(p for p in range(3) if game.players[p].in_chips == game.small_blind)
button = (small - 1) % 3
game.step("call")  # the button
game.step("call")  # the small blind
game.step("check")  # the big blind
print(len(game.public_cards), game.game_pointer == button)  # 3 True: the button acts first on the flop
"""
R6 = """import numpy as np
from rlcard.games.base import Card
from rlcard.games.nolimitholdem.judger import NolimitholdemJudger
from rlcard.games.nolimitholdem.player import NolimitholdemPlayer

rng = np.random.RandomState(0)
players = [NolimitholdemPlayer(i, 100, rng) for i in range(3)]
for player, chips in zip(players, (2, 10, 10)):
    player.bet(chips)  # player 0 is all-in for 2; players 1 and 2 put in 10 each
board = [Card("S", "2"), Card("D", "7"), Card("C", "9"), Card("H", "J"), Card("S", "4")]
hands = [
    [Card("S", "A"), Card("H", "A")] + board,  # aces: wins the main pot of 6
    [Card("S", "K"), Card("H", "K")] + board,  # kings: should win the side pot of 16
    [Card("S", "3"), Card("H", "5")] + board,
]
# [4, -2, -2]: the side pot of 16 goes back to players 1 and 2; the kings should win it (+6)
print(NolimitholdemJudger(rng).judge_game(players, hands))
"""
R7 = """from rlcard.games.nolimitholdem.game import NolimitholdemGame
from rlcard.games.nolimitholdem.round import Action

# three players, blinds 1/2; the button (player 2) has 30 chips and moves all-in, the small blind folds
game = NolimitholdemGame(num_players=3)
game.init_chips = [100, 100, 30]
game.dealer_id = 2
game.init_game()
game.step(Action.ALL_IN)
game.step(Action.FOLD)
# the big blind faces the all-in with nobody left to answer a raise (§6.7), yet may move all-in:
print(game.game_pointer, Action.ALL_IN in game.get_legal_actions())  # 1 True
"""

R8 = """from pypokerengine.engine.card import Card
from pypokerengine.engine.hand_evaluator import HandEvaluator

board = [Card.from_str(c) for c in ("S7", "D7", "C7", "S3", "D3")]  # the board plays: sevens full
high = [Card.from_str("HK"), Card.from_str("HQ")]
low = [Card.from_str("C2"), Card.from_str("H4")]
# both hands are 7-7-7-3-3 and tie (§2.5, §8.8), yet the unused hole cards break the tie
print(HandEvaluator.eval_hand(high, board) == HandEvaluator.eval_hand(low, board))  # False

from pypokerengine.engine.card import Card
from pypokerengine.engine.hand_evaluator import HandEvaluator

board = [Card.from_str(c) for c in ("D4", "S5", "D9", "CA", "SJ")]
wheel = [Card.from_str("C2"), Card.from_str("S3")]  # A-2-3-4-5, a straight (§2.3)
aces = [Card.from_str("HA"), Card.from_str("DQ")]  # a pair of aces
print(HandEvaluator.eval_hand(wheel, board) > HandEvaluator.eval_hand(aces, board))  # False
"""
R9 = """from pypokerengine.engine.action_checker import ActionChecker
from pypokerengine.engine.player import Player
from pypokerengine.engine.poker_constants import PokerConstants

# blinds 1/2: the first player to act may raise to 3, a raise of 1, less than the big blind (§5.6)
small, big, first = Player("sb", 100), Player("bb", 100), Player("utg", 100)
small.add_action_history(PokerConstants.Action.SMALL_BLIND, sb_amount=1)
big.add_action_history(PokerConstants.Action.BIG_BLIND, sb_amount=1)
print(ActionChecker.legal_actions([small, big, first], 2, 1)[2])  # the raise's min is 3
"""
R10 = """from pypokerengine.engine.deck import Deck
from pypokerengine.engine.player import Player
from pypokerengine.engine.round_manager import RoundManager
from pypokerengine.engine.table import Table

# heads-up, blinds 1/2: the button (small blind) calls, the big blind checks; who starts the flop?
table = Table(cheat_deck=Deck(cheat=True, cheat_card_ids=list(range(1, 10))))
for name in ("bb", "button"):
    table.seats.sitdown(Player(name, 100, name))
table.dealer_btn = 1
table.set_blind_pos(1, 0)
state, _ = RoundManager.start_new_round(1, 1, 0, table)
state, _ = RoundManager.apply_action(state, "call", 2)
state, _ = RoundManager.apply_action(state, "call", 2)
print(state["street"], state["next_player"])  # 1 1: the button acts first after the flop (§3.7)
"""
R11 = """from pypokerengine.engine.action_checker import ActionChecker
from pypokerengine.engine.player import Player
from pypokerengine.engine.poker_constants import PokerConstants

# blinds 5/10; the first player to act has 13 chips: he may move all-in, a raise for less (§7.1)
small, big, short = Player("sb", 100), Player("bb", 100), Player("short", 13)
small.add_action_history(PokerConstants.Action.SMALL_BLIND, sb_amount=5)
big.add_action_history(PokerConstants.Action.BIG_BLIND, sb_amount=5)
print(ActionChecker.legal_actions([small, big, short], 2, 5)[2])  # min -1, max -1: no raise at all
print(ActionChecker.correct_action([small, big, short], 2, 5, "raise", 13))  # yet the all-in is accepted
"""

R15 = """import clubs
from clubs.poker import Card

# three players, blinds 1/2: index 0 is the button (100 chips), 1 the small blind (10), 2 the big (50)
dealer = clubs.poker.Dealer(
    num_players=3,
    num_streets=4,
    blinds=[1, 2, 0],
    antes=0,
    raise_sizes="inf",
    num_raises="inf",
    num_suits=4,
    num_ranks=13,
    num_hole_cards=2,
    num_community_cards=[0, 3, 1, 1],
    num_cards_for_hand=5,
    mandatory_num_hole_cards=0,
    start_stack=100,
)
dealer.stacks = [100, 10, 50]
cards = ["Ac", "Kd", "Ad", "Kc", "Ah", "As", "7h", "8s", "9d", "Js", "Qh"]  # AA > AK = AK
dealer.deck.trick([Card(c) for c in cards])
dealer.reset(reset_button=True)
dealer.step(100)  # the button moves all-in
dealer.step(9)  # the small blind calls all-in for 10
dealer.step(48)  # the big blind calls all-in for 50
# aces win both pots (30 and 80); the button gets back his last 50
print(dealer.stacks)  # expected [50, 0, 110]
"""
R16 = """import clubs

# three players, blinds 1/2, 100 chips each; index 0 is the button
dealer = clubs.poker.Dealer(
    num_players=3,
    num_streets=4,
    blinds=[1, 2, 0],
    antes=0,
    raise_sizes="inf",
    num_raises="inf",
    num_suits=4,
    num_ranks=13,
    num_hole_cards=2,
    num_community_cards=[0, 3, 1, 1],
    num_cards_for_hand=5,
    mandatory_num_hole_cards=0,
    start_stack=100,
)
dealer.reset(reset_button=True)
dealer.step(20)  # the button raises to 20, a raise of 18
dealer.step(19)  # the small blind calls
observation, _, _ = dealer.step(18)  # the big blind calls; the flop comes
# the first bet on the flop may be the big blind (§5.5), but the largest raise is never reset:
print(len(observation["community_cards"]), observation["min_raise"])  # 3 18
"""
R17 = """import clubs

# three players, blinds 1/2; the button has 30 chips and moves all-in, the small blind folds
dealer = clubs.poker.Dealer(
    num_players=3,
    num_streets=4,
    blinds=[1, 2, 0],
    antes=0,
    raise_sizes="inf",
    num_raises="inf",
    num_suits=4,
    num_ranks=13,
    num_hole_cards=2,
    num_community_cards=[0, 3, 1, 1],
    num_cards_for_hand=5,
    mandatory_num_hole_cards=0,
    start_stack=100,
)
dealer.stacks = [30, 100, 100]
dealer.reset(reset_button=True)
dealer.step(30)
observation, _, _ = dealer.step(-1)
# the big blind faces the all-in with nobody left to answer a raise (§6.7), yet may raise:
print(observation["action"], observation["call"], observation["max_raise"])  # 2 28 98
"""

R18 = """from texasholdem import ActionType, TexasHoldEm

# three players, blinds 5/10; the big blind (id 1) has 4 chips and posts them all-in
game = TexasHoldEm(buyin=100, big_blind=10, small_blind=5, max_players=3)
game.btn_loc = 1  # the hand's button is id 2: id 0 posts the small blind, id 1 the big one
game.players[1].chips = 4
game.start_hand()
game.take_action(ActionType.CALL)  # the button calls
game.take_action(ActionType.CHECK)  # the small blind checks; the flop comes
# nothing is bet on the flop, yet the small blind "has bet" 4 (his share of the all-in blind's pot,
# closed before the flop) and every bet is offset by it: to 14 … 99 for 10 … 95 chips (§5.5, §6.12)
print(game.hand_phase, game.player_bet_amount(0), game.get_available_moves().raise_range)
# HandPhase.FLOP 4 range(14, 100)
"""
R19 = """import pyspiel

game = pyspiel.load_game(
    "universal_poker(betting=nolimit,bettingAbstraction=fullgame,numPlayers=4,numRounds=4,"
    "blind=5 10 0 0,firstPlayer=3 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,"
    "numBoardCards=0 3 1 1,stack=1000 1000 150 200)"
)
state = game.new_initial_state()
for card in range(8):
    state.apply_action(card)
for action in (1, 1, 1):  # the third and fourth players and the small blind call 10
    state.apply_action(action)
state.apply_action(100)  # the big blind raises to 100: a raise of 90
state.apply_action(150)  # all-in for 150: 50 more, a short raise
state.apply_action(200)  # all-in for 200: 50 more; the two together make a full raise (§7.3)
state.apply_action(1)  # the small blind calls 200
# the big blind may re-raise; the smallest raise is the last full one, 90, so to 290 (§5.6, §7.3),
# but ACPC sizes it from the last all-in's 50 over the one before:
print(state.current_player(), min(a for a in state.legal_actions() if a >= 2))  # 1 250
"""
R20 = """from rlcard.games.limitholdem.game import LimitHoldemGame

# three-handed limit: the button calls, the small blind folds, the big blind raises, the button calls
game = LimitHoldemGame(num_players=3)
game.init_game()
small = next(p for p in range(3) if game.players[p].in_chips == game.small_blind)
big = (small + 1) % 3
game.step("call")  # the button
game.step("fold")  # the small blind
game.step("raise")  # the big blind
game.step("call")  # the button: everyone still in has matched the raise, the flop should come (§6.5)
# no flop: the round counts the folded small blind among the players who must act after the raise
print(len(game.public_cards), game.game_pointer == big)  # 0 True
print(game.get_legal_actions())  # ['raise', 'fold', 'check']
"""
R21 = """from pypokerengine.engine.deck import Deck
from pypokerengine.engine.player import Player
from pypokerengine.engine.round_manager import RoundManager
from pypokerengine.engine.table import Table

# three players, blinds 1/2 and an ante of 1: the button calls, the small blind folds
table = Table(cheat_deck=Deck(cheat=True, cheat_card_ids=list(range(1, 12))))
for name in ("sb", "bb", "button"):
    table.seats.sitdown(Player(name, 100, name))
table.dealer_btn = 2
table.set_blind_pos(0, 1)
state, _ = RoundManager.start_new_round(1, 1, 1, table)  # an ante of 1
state, _ = RoundManager.apply_action(state, "call", 2)  # the button calls
state, _ = RoundManager.apply_action(state, "fold", 0)  # the small blind folds
# the big blind should now check or raise (§6.6), but the flop has come
print(state["street"], state["next_player"])  # 1 1: the flop, the big blind's option skipped
# with no ante (start_new_round(1, 1, 0, table)) the same actions give 0 1: the option is kept
"""

DEVIATIONS: tuple[Deviation, ...] = (
    Deviation(
        "pokerkit",
        "expected an error, got a result",
        ("1.1",),
        ENGINE_DEFECT,
        "pokerkit 0.7.7 evaluates a hand holding a card that is also on the board instead of refusing "
        "the deal (§1.1: every card is dealt once).",
        reproducer=(
            "from pokerkit import StandardHighHand\n\n"
            "# As is both a hole card and a board card: no error is raised\n"
            'print(StandardHighHand.from_game("AsKs", "AsQsJsTs2c"))\n'
        ),
    ),
    Deviation(
        "pokerkit",
        "expected an error, got a result",
        ("12.11",),
        READING,
        "pokerkit keeps asking the last player with chips to check after everyone else is all-in; "
        "pyholdem skips those redundant checks (§12.11), so a history that writes them is refused "
        "by pyholdem and played by pokerkit. A notation reading, no RuleSet field.",
    ),
    Deviation(
        "pokerkit",
        r"expected a result, got an error \(nobody is to act\)",
        ("6.1",),
        READING,
        "Heads-up with the big blind posted short: pokerkit asks the button to call only what was "
        "posted, which it already matched, so nobody is to act and the history's `p2 cc` (the rest of "
        "the full blind, §7.5) has no place in pokerkit's hand. The reading is the call after a short "
        "blind; the history, written under pyholdem's reading, cannot be replayed under it.",
        ruleset="short_blind_call_amount = 'posted_amount' (§7.5)",
    ),
    Deviation(
        "pokerkit",
        r"result\.legal\[\]\.call",
        ("6.1",),
        READING,
        "A big blind posted short: pokerkit's call is what was posted, pyholdem's the full blind "
        "(§7.5); later in these hands pokerkit also asks the last player with chips for the redundant "
        "check that PHH leaves out (§12.11), so no single field replays them exactly.",
        ruleset="short_blind_call_amount = 'posted_amount' (§7.5)",
    ),
    Deviation(
        "pokerkit",
        r"result\.finishing_stacks\[\]",
        ("6.1",),
        READING,
        "A big blind too short for its ante and blind: pokerkit's call is what was posted (§7.5), so "
        "the history's call is a smaller call in pokerkit and its hand is still being bet when the "
        "history ends (the stacks are mid-hand); under that reading pyholdem refuses the history "
        "(§12.11), as it should.",
        ruleset="short_blind_call_amount = 'posted_amount' (§7.5)",
    ),
    Deviation(
        "pokerkit",
        r"result\.legal\[\]\.max_to",
        ("6.1",),
        READING,
        "After two short all-ins that together are less than a full raise, pokerkit lets a player who "
        "already acted raise again; pyholdem under pokerkit's own rule set plus this one field answers "
        "exactly as pokerkit does.",
        ruleset="reopen_rule_big_bet = 'any_raise' (§7.2)",
    ),
    Deviation(
        "open-spiel",
        r"result\.legal\[\]\.min_to",
        ("6.1",),
        ENGINE_DEFECT,
        "After an all-in for less than a full raise, ACPC keeps the old minimum raise-to, so the next "
        "player may raise by less than the big blind over the all-in (no rule in any source allows a "
        "raise smaller than the last full raise, §5.6); the minimum is never "
        "all-in + last full increment.",
        reproducer=R2,
    ),
    Deviation(
        "open-spiel",
        r"result\.finishing_stacks\[\]",
        ("6.1",),
        ENGINE_DEFECT,
        "universal_poker splits a pot evenly in fractions of a chip (its returns are real numbers): an "
        "odd chip is never awarded (§8.8), so finishing stacks are not whole chips.",
        reproducer=R3,
    ),
    Deviation(
        "texasholdem",
        r"result\.legal\[\]\.max_to",
        ("5.7", "6.1", "6.9"),
        ENGINE_DEFECT,
        "texasholdem offers a raise (its `raise_range`) to the last player with chips when every other "
        "player still in is all-in or folded, a raise nobody can answer (§6.7, §6.9).",
        reproducer=R1,
    ),
    Deviation(
        "rlcard",
        r"expected a result, got an error \(it is pN's turn\)",
        (),
        ENGINE_DEFECT,
        "RLCard starts the betting after the flop with the wrong player: heads-up in no-limit the "
        "small blind (its dealer is the big blind, the blinds being dealer + 1 and dealer + 2), and in "
        "limit whoever follows the last player to act in the round before (the game pointer is never "
        "reset to the first player left of the button, §6.3, §3.7).",
        reproducer=R4,
    ),
    Deviation(
        "rlcard",
        r"result\.finishing_stacks\[\]",
        (),
        ENGINE_DEFECT,
        "RLCard's judge finds the winners of the whole hand once, then gives each side pot that none "
        "of them is in back to the players who made it, folded or not, instead of awarding it to the "
        "best hand among them (§7.7, §8.6); its odd chip also goes to a random winner (§8.8).",
        reproducer=R6,
    ),
    Deviation(
        "rlcard",
        r"result\.legal\[\]\.max_to",
        (),
        ENGINE_DEFECT,
        "RLCard offers an all-in raise to the last player with chips when every other player still in "
        "is all-in or folded: a raise nobody can answer (§6.7, §6.9).",
        reproducer=R7,
    ),
    Deviation(
        "pypokerengine",
        r"result\.legal\[\]\.min_to",
        (),
        ENGINE_DEFECT,
        "PyPokerEngine's smallest raise is the last bet plus the last increment, and it records the big "
        "blind's increment as the small blind: before the flop the minimum raise is to three small "
        "blinds, a raise smaller than the big blind (§5.6). Every hand with a raise shows it first.",
        reproducer=R9,
    ),
    Deviation(
        "pypokerengine",
        r"expected a result, got an error \(it is pN's turn\)",
        (),
        ENGINE_DEFECT,
        "Heads-up, PyPokerEngine starts every street after the flop with the small blind, and its own "
        "Dealer gives the small blind to the player after the button (the button posts the big "
        "blind), so whichever way the blinds are placed one street's order is wrong (§3.7: the button "
        "posts the small blind, acts first before the flop and last after it).",
        reproducer=R10,
    ),
    Deviation(
        "pypokerengine",
        r"result\.legal\[\]\.max_to",
        (),
        ENGINE_DEFECT,
        "`ActionChecker.legal_actions` offers no raise at all to a player whose stack is below the "
        "minimum raise, though `correct_action` accepts his all-in (§7.1: an all-in for less is "
        "always allowed while the betting is open to him).",
        reproducer=R11,
    ),
    Deviation(
        "pypokerengine",
        r"result\.finishing_stacks\[\]",
        (),
        ENGINE_DEFECT,
        "PyPokerEngine's `HandEvaluator` scores the hole cards as kickers even when the board plays, "
        "so hands that tie (§2.5) do not split the pot; it also does not know the wheel (A-2-3-4-5 "
        "loses to a pair, §2.3), and it drops the odd chips of a split pot (`int(amount / winners)`, "
        "§8.8). Pots go to the wrong players.",
        reproducer=R8,
    ),
    Deviation(
        "clubs",
        r"result\.legal\[\]\.min_to|expected a result, got an error \(clubs would round it.*",
        (),
        ENGINE_DEFECT,
        "clubs never resets its largest raise when a new street starts, so the smallest bet after the "
        "flop is the largest raise of an earlier street instead of the big blind (§5.5, §5.6); a "
        "smaller bet it rounds up, so the history's bet cannot be made.",
        reproducer=R16,
    ),
    Deviation(
        "clubs",
        r"result\.legal\[\]\.max_to",
        (),
        ENGINE_DEFECT,
        "clubs offers a raise to the last player with chips when every other player still in is "
        "all-in or folded: a raise nobody can answer (§6.7, §6.9).",
        reproducer=R17,
    ),
    Deviation(
        "clubs",
        r"result\.finishing_stacks\[\]",
        (),
        ENGINE_DEFECT,
        "clubs' `_eval_round` splits the chips left after the best hand's pots among the tied next "
        "hands whatever they put in: a short all-in that lost shares in the bigger stack's uncalled or "
        "side-pot chips (§7.6, §7.7).",
        reproducer=R15,
    ),
    Deviation(
        "open-spiel",
        r"result\.legal\[\]\.max_to",
        ("6.1",),
        READING,
        "ACPC reopens the betting on any raise, full or not: a player who bet may raise again over an "
        "all-in for less than a full raise (§7.2). The mirror rule set plays it, but these vectors were "
        "written under pokerkit's or TDA's rules, whose other fields keep one field from replaying them.",
        ruleset="reopen_rule_big_bet = 'any_raise' (§7.2)",
    ),
    Deviation(
        "texasholdem",
        r"expected a result, got an error \(nobody is to act\)",
        ("6.1",),
        READING,
        "Heads-up with the big blind posted short: texasholdem asks the button to call only what was "
        "posted, which it already matched, so nobody is to act and the history's call of the rest of "
        "the full blind (§7.5) has no place in its hand (as in pokerkit).",
        ruleset="short_blind_call_amount = 'posted_amount' (§7.5)",
    ),
    Deviation(
        "texasholdem",
        r"result\.legal\[\]\.call",
        ("6.1",),
        READING,
        "A big blind posted short: texasholdem's call is what was posted (its `Pot.chips_to_call`), "
        "pyholdem's the full blind (§7.5); later differences in these hands keep the mirror rule set "
        "from replaying them exactly.",
        ruleset="short_blind_call_amount = 'posted_amount' (§7.5)",
    ),
    Deviation(
        "texasholdem",
        r"result\.legal\[\]\.min_to",
        ("6.1", "7.3"),
        READING,
        "After a full raise and then a short all-in, texasholdem sizes the next minimum raise from the "
        "sum of the all-in raises (its reading of WSOP 2021 Rule 96, which is about reopening, §7.3), "
        "not from the last full raise (§5.6). pyholdem under this field offers texasholdem's smallest "
        "raise wherever both offer one. The same hands also show texasholdem reopening the betting for "
        "every player once the all-ins add up, even for one who faces only the last short all-in "
        "(§7.3 measures what each player faces since he acted), and a raise offered when nobody can "
        "answer it (§6.9, the engine defect listed apart), so the field alone does not replay them.",
        ruleset="min_raise_rule = 'cumulative_short_allins' (§5.6)",
        check=raises_under(min_raise_rule="cumulative_short_allins"),
    ),
    Deviation(
        "open-spiel",
        r"result\.legal\[\]\.min_to",
        ("7.3",),
        ENGINE_DEFECT,
        "ACPC sizes the next raise from the last raise over the bet before it, all-ins for less "
        "included: after a full raise and two short all-ins that together make a full raise, the "
        "smallest re-raise is the last all-in plus its own short increment, not plus the last full "
        "raise (§5.6, §7.3). The same bookkeeping as the minimum kept after a single short all-in.",
        reproducer=R19,
    ),
    Deviation(
        "texasholdem",
        r"result\.finishing_stacks\[\]",
        ("6.1", "3.11"),
        READING,
        "A big blind posted short: texasholdem's call is what was posted, so the pot it settles is "
        "smaller; pyholdem under this field (and texasholdem's odd-chip rule) ends these hands with "
        "texasholdem's stacks exactly. Their bet bounds still differ, by the engine defects listed "
        "on this page (the chips of a closed pot counted as a later street's bet; a raise offered "
        "when nobody can answer it).",
        ruleset="short_blind_call_amount = 'posted_amount' (§7.5)",
        check=stacks_under(
            short_blind_call_amount="posted_amount", odd_chip_rule="left_of_button_whole_chip"
        ),
    ),
    *(
        Deviation(
            "texasholdem",
            what,
            ("6.1", "3.11"),
            ENGINE_DEFECT,
            "After an all-in for less than a blind or a bet, texasholdem keeps that player's pot open "
            "on the later streets: every player's share of it still counts as his bet of the new "
            "street (its `player_bet_amount`), so each bet and raise *to* an amount is short by that "
            "share, the smallest bet is the big blind plus it (§5.5) and the largest is more than the "
            "stack (§6.12). A history's bet is refused, or put in short so the turn order and the "
            "stacks go astray." + note,
            reproducer=R18,
        )
        for what, note in (
            (
                r"expected a result, got an error \(not among texasholdem's available moves on the "
                r"(flop|turn|river)\)",
                " Some of these hands, written under TDA's rules, also show the call after a short "
                "blind (`short_blind_call_amount = 'posted_amount'`, §7.5) before the flop.",
            ),
            (r"expected a result, got an error \(it is pN's turn\)", ""),
            (r"result\.finishing_stacks\[\]", ""),
        )
    ),
    Deviation(
        "rlcard",
        r"expected a result, got an error \(RLCard's limit raise is to another amount\)",
        ("6.1",),
        ENGINE_DEFECT,
        "RLCard's limit round ends only when as many actions without a raise as there are players, "
        "folded players included, follow the last raise: once a player has folded before a raise, "
        "the round never ends when the others have called it (§6.5), the player who raised is asked "
        "again and the history's next street cannot be played.",
        reproducer=R20,
    ),
    Deviation(
        "pypokerengine",
        r"expected a result, got an error \((PyPokerEngine would turn it into a fold|nobody is to act)\)",
        ("6.1",),
        ENGINE_DEFECT,
        "With antes, PyPokerEngine ends the betting before the flop when the action comes back to the "
        "big blind with nothing to call: his option to raise (§6.6) is skipped, so his raise in the "
        "history lands on the flop, where it is more than he has (PyPokerEngine would fold him) or "
        "finds nobody left to act.",
        reproducer=R21,
    ),
    Deviation(
        "pypokerengine",
        "expected an error, got a result",
        ("5.8",),
        READING,
        "PyPokerEngine has no cap on the number of raises in no-limit: the fourth raise that the "
        "vector's rule set refuses is played. Under this field pyholdem ends the hand with "
        "PyPokerEngine's stacks; its bounds differ by PyPokerEngine's smallest raise (listed apart).",
        ruleset="nl_raise_cap = None (§5.8)",
        check=stacks_under(nl_raise_cap=None),
    ),
    *(
        Deviation(
            name,
            "expected an error, got a result",
            ("7.2",),
            READING,
            f"{title} reopens the betting on any raise: a player who already acted may raise again over "
            "an all-in for less than a full raise (§7.2). Under this field pyholdem ends the hand with "
            f"{title}'s stacks; its bounds differ by {title}'s smallest raise (listed apart).",
            ruleset="reopen_rule_big_bet = 'any_raise' (§7.2)",
            check=stacks_under(reopen_rule_big_bet="any_raise"),
        )
        for name, title in (("pypokerengine", "PyPokerEngine"), ("open-spiel", "universal_poker"))
    ),
    *(
        Deviation(
            name,
            "expected an error, got a result",
            ("12.11",),
            READING,
            "A PHH notation error (a board dealt out of order, cards after the hand ends): the adapter "
            "gives the engine the vector's cards up front and the engine deals them itself, so the "
            "history's notation is not the engine's to refuse. No rule and no RuleSet field.",
        )
        for name in ("open-spiel", "texasholdem", "rlcard", "pypokerengine", "clubs")
    ),
)


def classify(engine: str, what: str, section: str, example: Outcome) -> Deviation | None:
    """The known deviation a failure is, or ``None``: the first that matches its engine, differing
    field and section and, where the deviation checks it, the failure itself."""
    return next((d for d in DEVIATIONS if d.matches(engine, what, section, example)), None)

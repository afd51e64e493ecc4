"""Everyone On Board‽: 2-4 players, a standard 54-card deck, a station of trains.

Rulebook: `shared/rules/everyone-on-board.txt`. Rule ids cited by events and refusals are in
`rulebook.RULES`; where the text is open, `rulebook.RULINGS` says what was chosen and why, and
`Rulings` switches the readings that reasonable players could choose differently.

>>> import sandbox
>>> match = sandbox.new_game("everyone_on_board", players=2, seed=1)
>>> match.state.pending.prompt
'P1: Move 1 of 2'
"""

from sandbox.core.registry import GameInfo, register
from sandbox.everyone_on_board.actions import Coin, Discard, Draw, EndTurn, Move, Spot, parse
from sandbox.everyone_on_board.cards import FULL_DECK, HIDDEN, PLAY_DECK, TRAIN_CARDS, Card
from sandbox.everyone_on_board.config import Config, Rulings
from sandbox.everyone_on_board.position import position
from sandbox.everyone_on_board.rulebook import RULES, RULINGS, Rule, Ruling
from sandbox.everyone_on_board.state import Departure, State, Track, Train

GAME = GameInfo(
    id="everyone_on_board",
    title="Everyone On Board‽",
    players=(2, 4),
    rulebook="everyone-on-board.txt",
    status="playable",
    make_config=Config.make,
    config_from_dict=Config.from_dict,
    initial_state=State.start,
    position=position,
    rules=RULES,
    rulings=RULINGS,
)
register(GAME)

__all__ = [
    "FULL_DECK", "GAME", "HIDDEN", "PLAY_DECK", "RULES", "RULINGS", "TRAIN_CARDS", "Card", "Coin",
    "Config", "Departure", "Discard", "Draw", "EndTurn", "Move", "Rule", "Ruling", "Rulings",
    "Spot", "State", "Track", "Train", "parse", "position",
]

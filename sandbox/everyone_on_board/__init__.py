"""Everyone On Board‽: 2-4 players, a standard 54-card deck, a station of trains.

Rulebook: `shared/rules/everyone-on-board.txt`. Rule ids cited by events and refusals are in
`rulebook.RULES`; where the text is open, `rulebook.RULINGS` says what was chosen and why, and
`Rulings` switches the readings that reasonable players could choose differently.

>>> import sandbox
>>> match = sandbox.new_game("everyone_on_board", players=2, seed=1)
>>> match.state.pending.prompt
'P1: Move 1 of 2'
"""

from sandbox.core.picture import register_picture
from sandbox.core.registry import Bench, GameInfo, Golden, register
from sandbox.everyone_on_board import draw, frames, strategy
from sandbox.everyone_on_board.actions import Coin, Discard, Draw, EndTurn, Move, Spot, _Action, parse
from sandbox.everyone_on_board.cards import FULL_DECK, HIDDEN, PLAY_DECK, TRAIN_CARDS, Card
from sandbox.everyone_on_board.config import Config, Rulings
from sandbox.everyone_on_board.features import ENCODING
from sandbox.everyone_on_board.model import Departure, Scores, Track, Train
from sandbox.everyone_on_board.position import position
from sandbox.everyone_on_board.rulebook import RULES, RULINGS, Rule, Ruling
from sandbox.everyone_on_board.state import State

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
    goldens={
        "everyone_on_board_2p_default": Golden(
            2, 1, ("random:1", "random:2"), "2 players, suggested schedule and station, random bots"),
        "everyone_on_board_3p_greedy_vs_random": Golden(
            3, 7, ("greedy", "random:2", "random:3"), "3 players, a greedy bot against two random bots"),
        "everyone_on_board_4p_boards_turn_end": Golden(
            4, 42, ("greedy", "random:2", "greedy", "random:4"),
            "4 players, 4 tracks, schedule 6, king=boards, jack=turn-end",
            {"tracks": 4, "schedule": 6, "king": "boards", "jack": "turn-end"}),
    },
    bench=Bench(players=(2, 4), games=20),
    encoding=ENCODING,
    draw=draw.draw,
    picture_size=draw.size,
    assess=strategy.assess,
    position_examples=(
        {"players": 2, "spec": {"player": 1, "hands": {"1": "7H 9H QS", "2": "5C 6C"},
                                "tracks": {"1": {"platform": "8H", "train": "QH", "by": 2, "aboard": "10H"}},
                                "gone": [[1, 12]]}},
        {"players": 3, "spec": {"player": 2, "phase": "discard", "hands": {"2": "KD 5D"},
                                "discard": "AS 9C"}},
    ),
)
register(GAME)
register_picture(_Action, draw.action_svg)  # draw reads the actions, so they do not import it

__all__ = [
    "FULL_DECK", "GAME", "HIDDEN", "PLAY_DECK", "RULES", "RULINGS", "TRAIN_CARDS", "Card", "Coin",
    "Config", "Departure", "Discard", "Draw", "EndTurn", "Move", "Rule", "Ruling", "Rulings",
    "Scores", "Spot", "State", "Track", "Train", "frames", "parse", "position",
]

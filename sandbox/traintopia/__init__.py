"""Traintopia (Przemek Wojtkowiak; Board & Dice 2020), 2-4 players: draft tiles and wooden
elements, lay tiles with half-side offsets, score tracks, commuters, tourists and trains.

Rulebook: `shared/rules/traintopia.txt`. No tile, round card, bonus tile or objective card was
published where we could read it, and the English rulebook never says how objective cards
score: `data/` holds our reconstruction, every record labelled with its source and reasoning
(`components.PROVENANCE`), and pictures and notebooks say so.

>>> import sandbox
>>> match = sandbox.new_game("traintopia", players=3, seed=1)
>>> match.state.pending.prompt
'P3: take one of the face-up map tiles'
"""

from sandbox.core.registry import Bench, GameInfo, Golden, register
from sandbox.traintopia import draw, strategy
from sandbox.traintopia.actions import (
    Buy,
    Choose,
    Discard,
    Done,
    DrawObjective,
    Keep,
    Lay,
    Pay,
    Put,
    Reveal,
    Take,
    parse,
)
from sandbox.traintopia.components import PROVENANCE
from sandbox.traintopia.config import Config, Rulings
from sandbox.traintopia.position import EXAMPLES, position
from sandbox.traintopia.rulebook import RULES, RULINGS
from sandbox.traintopia.state import State
from sandbox.traintopia.strategy import TopiaBot

GAME = GameInfo(
    id="traintopia",
    title="Traintopia",
    players=(2, 4),
    rulebook="traintopia.txt",
    status="playable: 2-4 players (tiles, round cards, bonus tiles and objectives reconstructed)",
    make_config=Config.make,
    config_from_dict=Config.from_dict,
    initial_state=State.start,
    position=position,
    rules=RULES,
    rulings=tuple(RULINGS),
    position_examples=EXAMPLES,
    goldens={
        "traintopia_2p_greedy_vs_random": Golden(
            2, 3, ("greedy", "random:2"), "2 players, the greedy bot against a random bot, a whole game",
            max_legal=8),
        "traintopia_3p_greedy_opening": Golden(
            3, 5, ("greedy",) * 3, "3 players, greedy bots, the first 200 decisions", max_steps=200,
            max_legal=8),
        "traintopia_4p_rulings": Golden(
            4, 7, ("greedy", "random:2", "greedy", "random:4"),
            "4 players, every switchable ruling on its other reading, a whole game",
            {"districts": "tiles", "discard_tiles": "always", "objectives": "off", "tiebreak": "turn-order"},
            max_legal=8),
    },
    bots={"greedy": TopiaBot},
    bench=Bench(players=(2, 4), games=5),
    provenance=PROVENANCE,
    what_if_games=40,
    listed=True,
    draw=draw.draw,
    picture_size=draw.size,
    draw_ghost=draw.draw_ghost,
    assess=strategy.assess,
)
register(GAME)

__all__ = [
    "GAME", "RULES", "RULINGS", "Buy", "Choose", "Config", "Discard", "Done", "DrawObjective", "Keep", "Lay",
    "Pay", "Put", "Reveal", "Rulings", "State", "Take", "parse",
]

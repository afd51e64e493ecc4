"""Trains & Stations (Eric M. Lang; WizKids 2013), 3-5 players: dice on a US map.

Rulebook: `shared/rules/trains-and-stations.txt` (two passages are missing from the copy; see
`rulebook.RULINGS`). The board, the city bonuses and the 20 power cards were never published
where we could read them: `data/` holds our reconstruction, every record labelled with its
source and reasoning (`components.PROVENANCE`), and pictures and notebooks say so.

>>> import sandbox
>>> match = sandbox.new_game("trains_and_stations", players=3, seed=1)
>>> match.state.pending.prompt
'P1: choose the two power cards to keep (the third goes back to the stack)'
"""

from sandbox.core.registry import Bench, GameInfo, Golden, register
from sandbox.trains_and_stations import draw, strategy
from sandbox.trains_and_stations.actions import (
    Award,
    Deliver,
    Done,
    DrawPower,
    Erect,
    Face,
    Gather,
    Keep,
    Place,
    Reclaim,
    Upgrade,
    parse,
)
from sandbox.trains_and_stations.components import PROVENANCE
from sandbox.trains_and_stations.config import Config, Rulings
from sandbox.trains_and_stations.position import EXAMPLES, position
from sandbox.trains_and_stations.rulebook import RULES, RULINGS
from sandbox.trains_and_stations.state import State
from sandbox.trains_and_stations.strategy import StationsBot

GAME = GameInfo(
    id="trains_and_stations",
    title="Trains & Stations",
    players=(3, 5),
    rulebook="trains-and-stations.txt",
    status="playable: 3-5 players (map, city bonuses and power cards reconstructed)",
    make_config=Config.make,
    config_from_dict=Config.from_dict,
    initial_state=State.start,
    position=position,
    rules=RULES,
    rulings=tuple(RULINGS),
    position_examples=EXAMPLES,
    goldens={
        "trains_and_stations_3p_greedy": Golden(
            3, 4, ("greedy", "greedy", "random:3"),
            "3 players, two greedy bots and a random bot, a whole game",
            max_legal=8),
        "trains_and_stations_4p_opening": Golden(
            4, 7, ("greedy", "random:2", "greedy", "random:4"), "4 players, the first 200 decisions",
            max_steps=200, max_legal=8),
        "trains_and_stations_5p_rulings_opening": Golden(
            5, 9, ("greedy",) * 5,
            "5 players, greedy bots, every switchable ruling on its other reading, the "
            "first 200 decisions",
            {"strike_dice": "player-dice", "strike_vp": "to-box", "reclaim_skips": "whole-turn",
             "bonus_coins": "no-pay", "building_sets": "all-matching", "erect": "optional",
             "majority_locked": "ignore", "empty_building": "vp", "mission_link": "this-delivery",
             "missions": "one", "reclaim_scope": "stations", "shortage_vp": "only-if-none",
             "last_round": "extra-round",
             "tiebreak_gold": "goods-cards"},
            max_steps=200, max_legal=8),
    },
    bots={"greedy": StationsBot},
    bench=Bench(players=(3, 5), games=5),
    provenance=PROVENANCE,
    what_if_games=40,
    listed=True,
    draw=draw.draw,
    picture_size=draw.size,
    assess=strategy.assess,
)
register(GAME)

__all__ = [
    "GAME", "RULES", "RULINGS", "Award", "Config", "Deliver", "Done", "DrawPower", "Erect", "Face", "Gather",
    "Keep", "Place", "Reclaim", "Rulings", "State", "Upgrade", "parse", "position",
]

"""Isle of Trains: All Aboard (Dan Keltner & Seth Jaffee; Dranda Games), 2-4 players, and the
solo Challenge and Scenario modes (solo mode by Ayden Lowther).

Rulebook: `shared/rules/isle-of-trains-all-aboard.txt`. Component data (71 train cards, 7
islands, 6 ticket tiles, 18 passengers, the progress track) is in `data/`, each record with its
source; `rulebook.RULES` maps every rule to an id cited by events and refusals, and
`rulebook.RULINGS` lists where the text is open, with the switches in `Rulings`.

>>> import sandbox
>>> match = sandbox.new_game("isle_of_trains", players=2, seed=1)
>>> match.state.pending.prompt
'P1: Action 1 of 2'
>>> solo = sandbox.new_game("isle_of_trains", players=1, mode="scenario", chapter=4, seed=1)
>>> solo.state.pending.prompt
'P1: Day, action 1 of 2'
"""

from sandbox.core.decision import Frame
from sandbox.core.registry import Bench, GameInfo, Golden, register
from sandbox.isle_of_trains import draw, strategy
from sandbox.isle_of_trains.actions import (
    Build,
    Deliver,
    Discard,
    Draw,
    DrawPassenger,
    LoadCard,
    LoadPassenger,
    Part,
    Pay,
    PlaceTile,
    Spot,
    Take,
    parse,
)
from sandbox.isle_of_trains.config import Config, Rulings
from sandbox.isle_of_trains.features import ENCODING
from sandbox.isle_of_trains.model import Car, Held, Load, Player, Ticket
from sandbox.isle_of_trains.position import EXAMPLES, position
from sandbox.isle_of_trains.rulebook import RULES, RULINGS
from sandbox.isle_of_trains.state import State

GAME = GameInfo(
    id="isle_of_trains",
    title="Isle of Trains: All Aboard",
    players=(1, 4),
    default_players=2,
    what_if_games=12,  # greedy games are long: 12 per option keeps "What if" within a minute
    rulebook="isle-of-trains-all-aboard.txt",
    status="playable: 2-4 players, and solo (mode='challenge', or mode='scenario' with chapter=1..10)",
    make_config=Config.make,
    config_from_dict=Config.from_dict,
    initial_state=State.start,
    position=position,
    rules=RULES,
    rulings=RULINGS,
    position_examples=EXAMPLES,
    # Isle of Trains games run to 500-3000 plies; the 3 and 4 player files stop after 250 and 200
    # decisions (about 400 plies with the chance steps) to stay small: their outcome reads "not
    # over". The 2 player seed is a short whole game.
    goldens={
        "isle_of_trains_2p_greedy_vs_random": Golden(
            2, 11, ("greedy", "random:2"), "2 players, a greedy bot against a random bot, a whole game",
            max_legal=8),
        "isle_of_trains_3p_greedy_vs_random_opening": Golden(
            3, 2, ("greedy", "random:2", "random:3"),
            "3 players, a greedy bot against two random bots, the first 250 decisions",
            max_steps=250, max_legal=8),
        "isle_of_trains_4p_rulings_opening": Golden(
            4, 8, ("greedy", "random:2", "greedy", "random:4"),
            "4 players, two greedy and two random bots, every switchable ruling on its other reading, "
            "the first 200 decisions",
            {"town_hall": "passenger-icons", "upgrade_load": "discard", "end_check": "before-cleanup",
             "station_passengers": "all", "research_any_icons": "each", "secondary_at": "anywhere",
             "caboose_3_loaders": "owner"}, max_steps=200, max_legal=8),
        "isle_of_trains_solo_chapter_3_greedy": Golden(
            1, 37, ("greedy",), "solo, Scenario chapter 3 (60 points), won by the greedy bot",
            {"mode": "scenario", "chapter": 3}, max_legal=8),
        "isle_of_trains_solo_challenge_random": Golden(
            1, 5, ("random",), "solo Challenge, a random bot, a whole game to its rating",
            {"mode": "challenge"}, max_legal=8),
    },
    bench=Bench(players=(2, 4), games=5),
    encoding=ENCODING,
    draw=draw.draw,
    picture_size=draw.size,
    assess=strategy.assess,
)
register(GAME)

__all__ = [
    "GAME", "RULES", "RULINGS", "Build", "Car", "Config", "Deliver", "Discard", "Draw", "DrawPassenger",
    "Frame", "Held", "Load", "LoadCard", "LoadPassenger", "Part", "Pay", "PlaceTile", "Player", "Rulings",
    "Spot", "State", "Take", "Ticket", "parse", "position",
]

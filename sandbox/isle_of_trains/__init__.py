"""Isle of Trains: All Aboard (Dan Keltner & Seth Jaffee; Dranda Games), 2-4 players.

Rulebook: `shared/rules/isle-of-trains-all-aboard.txt`. Component data (71 train cards, 7
islands, 6 ticket tiles, 18 passengers, the progress track) is in `data/`, each record with its
source; `rulebook.RULES` maps every rule to an id cited by events and refusals, and
`rulebook.RULINGS` lists where the text is open, with the switches in `Rulings`.

>>> import sandbox
>>> match = sandbox.new_game("isle_of_trains", players=2, seed=1)
>>> match.state.pending.prompt
'P1: Action 1 of 2'
"""

from sandbox.core.registry import GameInfo, register
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
from sandbox.isle_of_trains.model import Car, Frame, Held, Load, Player, Ticket
from sandbox.isle_of_trains.position import position
from sandbox.isle_of_trains.rulebook import RULES, RULINGS
from sandbox.isle_of_trains.state import State

GAME = GameInfo(
    id="isle_of_trains",
    title="Isle of Trains: All Aboard",
    players=(2, 4),
    rulebook="isle-of-trains-all-aboard.txt",
    status="playable for 2-4 players; the solo Challenge and Scenario modes are still to come",
    make_config=Config.make,
    config_from_dict=Config.from_dict,
    initial_state=State.start,
    position=position,
    rules=RULES,
    rulings=RULINGS,
)
register(GAME)

__all__ = [
    "GAME", "RULES", "RULINGS", "Build", "Car", "Config", "Deliver", "Discard", "Draw", "DrawPassenger",
    "Frame", "Held", "Load", "LoadCard", "LoadPassenger", "Part", "Pay", "PlaceTile", "Player", "Rulings",
    "Spot", "State", "Take", "Ticket", "parse", "position",
]

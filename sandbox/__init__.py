"""Rules-accurate engines for four train board games, made to be learned by playing.

>>> import sandbox
>>> sandbox.games()
('everyone_on_board', 'isle_of_trains')
"""

from sandbox import bots
from sandbox.core import (
    CHANCE,
    Event,
    IllegalAction,
    InvalidNotation,
    LoadError,
    Match,
    Outcome,
    Pending,
    Verdict,
    Violation,
    catalogue,
    games,
    get_game,
    load,
    new_game,
)
from sandbox.core.registry import GameInfo, register

__version__ = "0.1.0"

from sandbox import everyone_on_board, isle_of_trains

# The games still to come are listed so users can see the whole plan and its status.
for _id, _title, _players, _rules, _status in (
    ("trains_and_stations", "Trains & Stations", (3, 5), "trains-and-stations.txt", "planned"),
    ("traintopia", "Traintopia", (2, 4), "traintopia.txt", "planned"),
):
    register(GameInfo(_id, _title, _players, _rules, _status))


__all__ = [
    "CHANCE",
    "Event",
    "IllegalAction",
    "InvalidNotation",
    "LoadError",
    "Match",
    "Outcome",
    "Pending",
    "Verdict",
    "Violation",
    "bots",
    "catalogue",
    "everyone_on_board",
    "games",
    "get_game",
    "isle_of_trains",
    "load",
    "new_game",
]

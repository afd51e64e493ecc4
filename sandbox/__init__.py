"""Rules-accurate engines for four train board games, made to be learned by playing.

>>> import sandbox
>>> sandbox.games()
('everyone_on_board', 'isle_of_trains', 'trains_and_stations', 'traintopia')
"""

from typing import TYPE_CHECKING

from sandbox import native

native.install()  # before anything below: compiled engines only while they match their source

from sandbox import bots  # noqa: E402
from sandbox.core import (  # noqa: E402
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
from sandbox.core.registry import GameInfo, game_packages, notice, register  # noqa: E402

if TYPE_CHECKING:  # loaded on first use (`__getattr__`)
    from sandbox.exercise import exercises

__version__ = "0.1.0"

# The games still to come are listed so users can see the whole plan and its status.
for _id, _title, _players, _rules, _status in (
    ("trains_and_stations", "Trains & Stations", (3, 5), "trains-and-stations.txt", "planned"),
    ("traintopia", "Traintopia", (2, 4), "traintopia.txt", "planned"),
):
    if _id not in game_packages():
        register(GameInfo(_id, _title, _players, _rules, _status))


_ON_FIRST_USE = {"simulate": "sandbox.lab", "compare": "sandbox.lab", "plots": "sandbox.plots",
        "review": "sandbox.reviewing", "exercises": "sandbox.exercise"}
"""The simulation lab, the post-game review (the module is `reviewing`) and the rule exercises
(`sandbox.exercises(game, kind=...)`, the module is `exercise`), loaded on first use (pandas,
tqdm and matplotlib only when the lab runs)."""


def __getattr__(name: str) -> object:
    """Game packages load on first use (`sandbox.isle_of_trains`, `new_game(...)`, `games()`),
    so `import sandbox` stays quick and a notebook pays only for the games it plays; so do the
    lab (`sandbox.simulate`, `sandbox.compare`, `sandbox.plots`) and the exercises."""
    import importlib

    if name in game_packages():
        return importlib.import_module(f"sandbox.{name}")
    if name in _ON_FIRST_USE:
        module = importlib.import_module(_ON_FIRST_USE[name])
        return module if name == "plots" else getattr(module, name)
    raise AttributeError(f"module 'sandbox' has no attribute {name!r}")


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
    "compare",
    "everyone_on_board",
    "exercises",
    "games",
    "get_game",
    "isle_of_trains",
    "load",
    "new_game",
    "notice",
    "plots",
    "review",
    "simulate",
]

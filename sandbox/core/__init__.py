"""The contract all games share: states, actions, verdicts, events, matches, pictures."""

from sandbox.core.errors import IllegalAction, InvalidNotation, LoadError, Verdict, Violation
from sandbox.core.events import Event
from sandbox.core.match import Match, Node
from sandbox.core.outcome import Outcome
from sandbox.core.paint import Painter, SvgPainter
from sandbox.core.pending import CHANCE, Pending
from sandbox.core.registry import GameInfo, catalogue, games, get_game
from sandbox.core.start import load, new_game
from sandbox.core.state import GameState

__all__ = [
    "CHANCE", "Event", "GameInfo", "GameState", "IllegalAction", "InvalidNotation", "LoadError",
    "Match", "Node", "Outcome", "Painter", "Pending", "SvgPainter", "Verdict", "Violation",
    "catalogue", "games", "get_game", "load", "new_game",
]

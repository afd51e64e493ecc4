"""The contract all games share: states, actions, verdicts, events, matches, pictures."""

from typing import TYPE_CHECKING

from sandbox.core.errors import IllegalAction, InvalidNotation, LoadError, Verdict, Violation
from sandbox.core.events import Event
from sandbox.core.match import Match, Node
from sandbox.core.outcome import Outcome
from sandbox.core.pending import CHANCE, Pending
from sandbox.core.registry import GameInfo, catalogue, games, get_game
from sandbox.core.start import load, new_game
from sandbox.core.state import GameState

if TYPE_CHECKING:  # loaded on first use (`__getattr__`)
    from sandbox.core.paint import Painter, SvgPainter


def __getattr__(name: str) -> object:
    """The painters load on first use: playing never draws, so `import sandbox` does not read
    them (a plain module, compiled from source wherever no bytecode is kept)."""
    if name in ("Painter", "SvgPainter"):
        from sandbox.core import paint

        return getattr(paint, name)
    raise AttributeError(f"module 'sandbox.core' has no attribute {name!r}")

__all__ = [
    "CHANCE", "Event", "GameInfo", "GameState", "IllegalAction", "InvalidNotation", "LoadError",
    "Match", "Node", "Outcome", "Painter", "Pending", "SvgPainter", "Verdict", "Violation",
    "catalogue", "games", "get_game", "load", "new_game",
]

"""Jupyter controls for the games: the live table, the stepper, the play page, keyboard shortcuts.

Widgets never decide a rule: they read the pending decision, the legal actions, `explain()`
and the events of a `sandbox` match, and draw with the game's own drawing code.

>>> import sandbox, widgets
>>> match = sandbox.new_game("everyone_on_board", players=3, seed=7)
>>> widgets.GameStepper(match, seats={2: "greedy", 3: "random"})
GameStepper(everyone_on_board, ply 22 of 22)
"""

from widgets.app import PlayApp
from widgets.canvas import CanvasPainter, TableView
from widgets.keys import Keys
from widgets.stepper import GameStepper

__all__ = ["CanvasPainter", "GameStepper", "Keys", "PlayApp", "TableView"]

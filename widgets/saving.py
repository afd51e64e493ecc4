"""The game as a file: Save offers it to download, Load takes one back (here, or in a what-if
notebook with `sandbox.load`). A save is the whole game, every hand in it: the page says so."""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from widgets.ui import button

EVERY_CARD = ("The file holds every card, yours and the others': share it when the game is "
              "over.")
"""What Save warns: a save is replayed to load, so it is the whole table, not one seat's view."""


def save_file(match: Any) -> tuple[str, str]:
    """(file name, text) of the save file of `match`: every move, the position shown."""
    return f"{match.game.id}-seed{match.seed}-ply{match.ply}.json", match.to_json()


def refusal(loaded: Any, current: Any) -> str | None:
    """Why the match `loaded` may not replace `current` on this page (None: it may): the page
    plays one game with one number of players."""
    game, players = current.game, current.config.players
    if loaded.game.id != game.id or loaded.config.players != players:
        return (f"that file is a {loaded.config.players}-player game of {loaded.game.title}; "
                f"this page plays {game.title} with {players}")
    return None


class SaveBar(W.HBox):
    """Save (then a download link, with the warning), and Load (a file upload) that calls
    `on_load(data)` with the file's bytes."""

    def __init__(self, on_load: Callable[[bytes], Any]) -> None:
        self.save_button = button("Save game", "Make this game a file to download: load it here "
                                  f"later, or in a what-if notebook with sandbox.load. {EVERY_CARD}",
                                  "ts-save")
        self.load_control = W.FileUpload(accept=".json", multiple=False, description="Load game",
                                         tooltip="Load a game saved from this page (a .json file)",
                                         layout=W.Layout(width="auto"))
        self.load_control.add_class("ts-load")
        self.link = W.HTML()
        self.link.add_class("ts-save-link")
        super().__init__([self.save_button, self.load_control, self.link],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self._on_load = on_load
        self.load_control.observe(self._uploaded, names="value")

    def offer(self, match: Any) -> None:
        """Show the link that downloads `match`, and what the file holds."""
        name, text = save_file(match)
        data = base64.b64encode(text.encode()).decode("ascii")
        self.link.value = (f"<a class='ts-download' download='{escape(name)}' "
                           f"href='data:application/json;base64,{data}'>Download {escape(name)}</a>"
                           f" <span class='ts-save-warning'>{escape(EVERY_CARD)}</span>")

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self._on_load(bytes(files[0]["content"]))

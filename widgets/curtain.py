"""The hot-seat curtain: "Pass the screen to P2", until P2 presses "I am P2: show my view"."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from widgets.ui import button


class Curtain(W.VBox):
    """Hidden until `show(name)` names the player the screen must pass to; `show(None)`
    lifts it. Its button calls `on_take`'s function."""

    def __init__(self) -> None:
        self.text = W.HTML()
        self.button = button("I am P?: show my view", "Only the player named here", "ts-take-screen")
        super().__init__([self.text, self.button], layout=W.Layout(display="none"))
        self.add_class("ts-curtain")

    def on_take(self, fn: Callable[[], Any]) -> None:
        self.button.on_click(lambda _b: fn())

    def show(self, name: str | None) -> None:
        if name is None:
            self.layout.display = "none"
            return
        who = escape(name)
        self.text.value = (f"<b>Pass the screen to {who}.</b> {who} decides next: the table, the "
                           f"choices and the log stay hidden until {who} takes the screen.")
        self.button.description = f"I am {name}: show my view"
        self.layout.display = None

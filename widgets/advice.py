"""Advice for the human deciding: a Hint (what a bot would do, and why) and "What if from
here?" (every option played on many times with the same luck). Neither plays a move, both read
only the decider's view, and an answer belongs to its position: it goes when the position does."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from sandbox.bots import by_name
from widgets.ui import WHAT_IF_HEIGHT, button

WHAT_IF_PLIES = 3000
"""A what-if game still going after this many decisions stops where it is (the lab's
"unfinished"): bot games that wander forever must not keep a student waiting."""


def hint_text(match: Any, human: int, bot_name: str) -> str:
    """What the bot `bot_name` would choose for `human` here and why, on `human`'s view."""
    bot = by_name(bot_name, seed=match.seed, game=match.game)
    choice = bot.choose(match.view(human), human)
    return f"Hint ({bot.name} bot): {choice.reason}"


class Advice:
    """The Hint and What-if buttons, the advice line, and the What-if answer (its table and
    plot) in a box of bounded height that scrolls inside, so the scores stay in sight."""

    def __init__(self, on_hint: Callable[[], Any], on_what_if: Callable[[], Any]) -> None:
        self.hint_button = button("Hint", "What a bot would do here, and why (nothing is played)",
                                  "ts-hint")
        self.what_if_button = button(
            "What if from here?", "Play every option on many times with the same luck for each, "
            "and compare them (nothing is played)", "ts-what-if")
        self.buttons = W.HBox([self.hint_button, self.what_if_button])
        self.text = W.HTML()
        self.text.add_class("ts-advice")
        self.table = W.HTML()
        self.table.add_class("ts-what-if-table")
        self.plot = W.Output()
        self.box = W.VBox([self.table, self.plot],
                          layout=W.Layout(max_height=WHAT_IF_HEIGHT, overflow="auto", display="none"))
        self.box.add_class("ts-what-if-box")
        self.hint_button.on_click(lambda _b: on_hint())
        self.what_if_button.on_click(lambda _b: on_what_if())
        self._position: tuple[Any, Any] | None = None  # (match, cursor) the advice shown answers
        self._ply = 0

    def enable(self, allowed: bool) -> None:
        self.hint_button.disabled = self.what_if_button.disabled = not allowed

    def clear(self) -> None:
        self.text.value = self.table.value = ""
        self.plot.clear_output()
        self.box.layout.display = "none"
        self._position = None

    def follow(self, match: Any) -> None:
        """The page shows `match` now: advice given on another position is taken away (a
        What-if table says which ply it had answered)."""
        if self._position is None or (self._position[0] is match and self._position[1] is match.cursor):
            return
        had_table = bool(self.table.value)
        ply = self._ply
        self.clear()
        if had_table:
            self.text.value = (f"<i>The What-if answer was for ply {ply}; the position has changed, "
                               "so it is gone: ask again here.</i>")
            self._answers(match)  # the note goes with the next change

    def _answers(self, match: Any) -> None:
        self._position = (match, match.cursor)
        self._ply = match.ply

    def hint(self, match: Any, human: int | None, bot_name: str) -> str:
        """Show and return the hint for `human` (None: nobody may be advised here)."""
        self.clear()
        if human is None:
            text = "A hint is for a human's decision, shown to that player."
        else:
            text = hint_text(match, human, bot_name)
            self._answers(match)
        self.text.value = f"<i>{escape(text)}</i>"
        return text

    def what_if(self, match: Any, human: int | None, name: str, games: int, bots: Any = "greedy",
                executor: Any = None) -> Any:
        """Compare every option of `human`'s decision by playing each on `games` times (the
        lab's `compare`, the same luck for every option, the unseen cards dealt again each game:
        only what the decider may know); show the table and plot and return the `Comparison`."""
        self.clear()
        if human is None:
            self.text.value = "<i>What if from here? is for a human's decision, shown to that player.</i>"
            return None
        from IPython.display import display

        from sandbox.lab import compare

        self.text.value = f"<i>Playing every option on {games} times…</i>"
        result = compare(match, bots=bots, games=games, viewer=human, progress=False,
                         executor=executor, max_plies=WHAT_IF_PLIES)
        self.text.value = f"<i>Best over {games} games each: {escape(result.labels[result.best])}</i>"
        self.table.value = (
            f"<b>What if from here?</b> (ply {match.ply}) {escape(name)}'s options, each played on "
            f"{games} times by {escape(str(bots))} bots with the same luck (95% intervals)"
            f"{result._repr_html_()}")
        self.box.layout.display = None
        with self.plot:
            display(result.plot())
        self._answers(match)
        return result

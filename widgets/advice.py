"""Advice for the human deciding: a Hint (what a bot would do, and why) and "What if from
here?" (every option played on many times with the same luck). Neither plays a move, both read
only the decider's view, and an answer belongs to its position: it goes when the position does.

What if from here? races the options in a background thread (the lab's anytime `compare`), so
the page stays free for clicks: a first answer at once (every option by the look-ahead), then
games refining it for up to WHAT_IF_SECONDS, with a progress bar, the games so far and a Stop
button that keeps what it has. The race works on its own copy of the match; it stops when the
position changes, when another What-if starts, and when the stepper is closed."""

from __future__ import annotations

import base64
import io
import threading
import time
import weakref
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from widgets.seating import BEST, make_bot
from widgets.ui import WHAT_IF_HEIGHT, button

WHAT_IF_PLIES = 3000
"""A what-if game still going after this many decisions stops where it is (the lab's
"unfinished"): bot games that wander forever must not keep a student waiting."""
WHAT_IF_SECONDS = 30.0
"""How long What if from here? refines its answer at most (Stop ends it sooner): long enough
for a few hundred games of the quicker games, short enough not to hold a shared machine."""
SHOW_EVERY_S = 0.25
"""The table is shown again at most this often while a race runs (a quick game's rounds come
many times a second: sending each would slow the race and the page for nothing)."""
PLOT_EVERY_S = 1.0
"""The plot is drawn again at most this often while a race runs (drawing it costs more than
the table)."""

_RUNS: weakref.WeakSet[WhatIfRun] = weakref.WeakSet()
"""The What-ifs running in this kernel: a new one stops the others (a classroom machine has
two cores for everyone)."""


class WhatIfRun:
    """One What-if racing in a background thread: `latest` is its newest answer (a lab
    `Comparison`), `stop()` ends it keeping that answer, `wait()` joins it."""

    def __init__(self, work: Callable[[WhatIfRun], Any]) -> None:
        self.stop_event = threading.Event()
        self.latest: Any = None
        self.updates = 0
        self.error: BaseException | None = None
        self.shown = self.plotted = 0.0  # when the table and the plot were last shown
        self.thread = threading.Thread(target=self._run, args=(work,), name="what-if", daemon=True)

    def _run(self, work: Callable[[WhatIfRun], Any]) -> None:
        try:
            work(self)
        except Exception as error:  # shown on the page: a thread's exception reaches nobody
            self.error = error
            raise

    def start(self) -> WhatIfRun:
        for other in list(_RUNS):
            other.stop()
        _RUNS.add(self)
        self.thread.start()
        return self

    def stop(self) -> None:
        """End the race at the next decision of the game being played; its answer stays."""
        self.stop_event.set()

    @property
    def running(self) -> bool:
        return self.thread.is_alive()

    def wait(self, timeout: float | None = None) -> Any:
        """Wait for the race to end (at most `timeout` seconds); its latest answer."""
        self.thread.join(timeout)
        return self.latest


def hint_text(match: Any, human: int, bot_name: str = BEST) -> str:
    """What the bot `bot_name` would choose for `human` here and why, on `human`'s view, naming
    the bot. `bot_name` is a bot's name, a level ("medium"), or `BEST`: the strongest bot that
    answers within a Hint's second or two in this game (`widgets.seating.hint_bot`)."""
    bot = make_bot(bot_name, match.seed, match.game, match.config.players)
    choice = bot.choose(match.view(human), human)
    return f"Hint ({_bot_title(bot)}): {choice.reason}"


def _bot_title(bot: Any) -> str:
    """How a Hint names its bot: "greedy bot", "MCTS bot, 1 s of search"."""
    if bot.name != "mcts":
        return f"{bot.name} bot"
    seconds = getattr(bot, "seconds", None)
    return f"MCTS bot, {seconds:g} s of search" if seconds else "MCTS bot"


class Advice:
    """The Hint and What-if buttons, the advice line, and the What-if answer (a progress line
    while it runs, its table and plot) in a box of bounded height that scrolls inside, so the
    scores stay in sight."""

    def __init__(self, on_hint: Callable[[], Any], on_what_if: Callable[[], Any]) -> None:
        self.hint_button = button("Hint", "What a bot would do here, and why (nothing is played)",
                                  "ts-hint")
        self.what_if_button = button(
            "What if from here?", "Play every option on many times with the same luck for each, "
            "and compare them (nothing is played)", "ts-what-if")
        self.buttons = W.HBox([self.hint_button, self.what_if_button])
        self.text = W.HTML()
        self.text.add_class("ts-advice")
        self.progress = W.FloatProgress(value=0, min=0, max=1, layout=W.Layout(width="160px"))
        self.progress.add_class("ts-what-if-progress")
        self.games_line = W.HTML()
        self.games_line.add_class("ts-what-if-games")
        self.stop_button = button("Stop", "Stop playing games: the answer so far stays",
                                  "ts-what-if-stop")
        self.running = W.HBox([self.progress, self.games_line, self.stop_button],
                              layout=W.Layout(align_items="center", display="none"))
        self.table = W.HTML()
        self.table.add_class("ts-what-if-table")
        self.plot = W.Output()
        self.box = W.VBox([self.running, self.table, self.plot],
                          layout=W.Layout(max_height=WHAT_IF_HEIGHT, overflow="auto", display="none"))
        self.box.add_class("ts-what-if-box")
        self.hint_button.on_click(lambda _b: on_hint())
        self.what_if_button.on_click(lambda _b: on_what_if())
        self.stop_button.on_click(lambda _b: self.stop())
        self._position: tuple[Any, Any] | None = None  # (match, cursor) the advice shown answers
        self._ply = 0
        self.run: WhatIfRun | None = None  # the What-if racing for this position, if any
        self._lock = threading.Lock()  # a race's thread writes only for the run still wanted

    def enable(self, allowed: bool) -> None:
        self.hint_button.disabled = self.what_if_button.disabled = not allowed

    def stop(self) -> None:
        """Stop the What-if racing (if any): the answer so far stays."""
        if self.run is not None:
            self.run.stop()

    def clear(self) -> None:
        with self._lock:  # after this, the old race writes nothing
            if self.run is not None:
                self.run.stop()
            self.run = None
            self.text.value = self.table.value = ""
            self.running.layout.display = "none"
            self.plot.clear_output()
            self.box.layout.display = "none"
            self._position = None

    def follow(self, match: Any) -> None:
        """The page shows `match` now: advice given on another position is taken away, and a
        What-if still racing for it stops (a What-if table says which ply it had answered)."""
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
                executor: Any = None, seconds: float = WHAT_IF_SECONDS) -> Any:
        """Compare every option of `human`'s decision (the lab's `compare`: the same luck for
        every option, the unseen cards dealt again each game: only what the decider may know).

        With `executor`, the fixed design at once: `games` games each, shown and returned as a
        `Comparison`. Without, the anytime race in a background thread, returned as its
        `WhatIfRun`: the look-ahead answer at once, then games (at most `games` per option)
        for up to `seconds`, the table, the games so far and (once a second) the plot updated
        as they come."""
        self.clear()
        if human is None:
            self.text.value = "<i>What if from here? is for a human's decision, shown to that player.</i>"
            return None
        if executor is not None:
            return self._fixed(match, human, name, games, bots, executor)
        return self._race(match, human, name, games, bots, seconds)

    def _fixed(self, match: Any, human: int, name: str, games: int, bots: Any, executor: Any) -> Any:
        from IPython.display import display

        from sandbox.lab import compare

        self.text.value = f"<i>Playing every option on {games} times…</i>"
        result = compare(match, bots=bots, games=games, viewer=human, progress=False,
                         executor=executor, max_plies=WHAT_IF_PLIES)
        self.text.value = f"<i>Best over {games} games each: {escape(result.labels[result.best])}</i>"
        self.table.value = (
            f"<b>What if from here?</b> (ply {match.ply}) {escape(name)}'s options, each played on "
            f"{games} times by {escape(str(bots))} bots with the same luck (95% intervals)"
            f"{result.html(notation=False)}")
        self.box.layout.display = None
        with self.plot:
            display(result.plot(words=True))
        self._answers(match)
        return result

    def _race(self, match: Any, human: int, name: str, games: int, bots: Any, seconds: float) -> WhatIfRun:
        from sandbox.lab import compare

        copy = match.branch()  # the race's own: the page goes on moving the live match
        ply = match.ply
        heading = (f"<b>What if from here?</b> (ply {ply}) {escape(name)}'s options, played on by "
                   f"{escape(str(bots))} bots with the same luck for each")

        def work(run: WhatIfRun) -> None:
            try:
                compare(copy, bots=bots, games=games, viewer=human, progress=False,
                        max_plies=WHAT_IF_PLIES, budget_s=seconds, stop=run.stop_event,
                        on_update=lambda result: self._show(run, result, heading))
            except Exception as error:
                with self._lock:
                    if run is self.run:
                        self.text.value = f"<i>What if from here? failed: {escape(str(error))}</i>"
                        self.stop_button.disabled = True
                raise

        run = WhatIfRun(work)
        self.run = run
        self.text.value = (f"<i>Playing every option on… the first answer comes at once, then "
                           f"better ones for up to {seconds:g} s (Stop keeps the answer so far).</i>")
        self.progress.value = 0
        self.games_line.value = "0 games so far"
        self.stop_button.disabled = False
        self.running.layout.display = None
        self.box.layout.display = None
        self._answers(match)
        return run.start()

    def _show(self, run: WhatIfRun, result: Any, heading: str) -> None:
        """Show an answer of `run` (called in its thread): nothing if the run is no longer the
        one wanted (the position changed, another What-if began)."""
        played = result.games_played
        done = result.finished
        if not done and played and time.perf_counter() - run.shown < SHOW_EVERY_S:
            with self._lock:
                if run is self.run:
                    run.latest = result  # what Stop keeps, shown with the race's last answer
            return
        run.shown = time.perf_counter()
        table = f"{heading}{result.html(notation=False)}{_READING}"
        picture = None
        if played and (done or time.perf_counter() - run.plotted >= PLOT_EVERY_S):
            picture = _png(result.plot(words=True))
            run.plotted = time.perf_counter()
        with self._lock:
            if run is not self.run:
                return
            run.latest = result
            run.updates += 1
            self.table.value = table
            self.games_line.value = f"{played} game{'s' * (played != 1)} so far"
            self.progress.value = 1.0 if done else min(1.0, result.elapsed_s / (result.budget_s or 1))
            self.text.value = _verdict(result, played)
            if picture is not None:
                self.plot.outputs = ({"output_type": "display_data", "metadata": {},
                                      "data": {"image/png": picture, "text/plain": "the plot"}},)
            if done:
                self.stop_button.disabled = True
                self.games_line.value = f"{played} game{'s' * (played != 1)} in {result.elapsed_s:.0f} s"


_READING = ("<p><small>Each option's games are paired with the others' (the same luck), "
            "<i>low</i>–<i>high</i> is its 95% interval; <i>dropped: clearly worse</i> options "
            "lost to the leader over the same games and get no more; <i>not reached</i> ones are "
            "ranked by the greedy bot's look-ahead only.</small></p>")


def _verdict(result: Any, played: int) -> str:
    """The advice line for a race's answer: the best so far, and how sure."""
    best = escape(result.labels[result.best])
    if not played:
        return f"<i>First answer, by the look-ahead (no game yet): {best}</i>"
    sure = ("clearly ahead of the next" if result.separated
            else "not yet separated from the next")
    if result.finished:
        how = "Stopped" if result.stopped else "Done"
        return f"<i>{how} after {played} games: best {best} ({sure})</i>"
    return f"<i>Best so far, after {played} games: {best} ({sure}); still racing…</i>"


def _png(figure: Any) -> str:
    """`figure` as base64 PNG text, drawn off the main thread (no pyplot state involved)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80, bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")

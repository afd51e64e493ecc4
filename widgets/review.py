""""Review this game": once a game's line ends, every decision of one seat compared with its
alternatives from that seat's own view (the engine's `sandbox.review`), shown as the review's
plot and the costliest decisions first. A click on one takes the table back to that position
(the page moves, through `on_goto`) and says the better option and why; the student can play
on from there, which starts a branch: the line reviewed stays, and "Back to the game reviewed"
follows it again.

The review runs in a background thread on its own copy of the match (it takes tens of seconds
for a short game at the small budget used here), so the page stays free; the engine gives no
progress while it works, so the progress shown is "reviewing n decisions…" until it is done.
Stop drops the answer (the engine's review cannot be interrupted: its thread ends on its own).
Everything shown comes from the review's rows, which are read from the reviewed seat's view,
and the panel empties whenever the page shows another seat or another game."""

from __future__ import annotations

import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from widgets.advice import _png, hint_text
from widgets.ui import WHAT_IF_HEIGHT, button

REVIEW_GAMES = 8
"""Games per decision by default: the review's least (two options of MIN_TO_DROP games each),
enough to see the big losses of a short game within tens of seconds."""
COSTLIEST = 10
"""How many of the costliest decisions are listed."""


class ReviewRun:
    """One review in a background thread: `result` is the engine's `Review` once done (None
    if it failed or was stopped), `error` what went wrong, `wait()` joins it."""

    def __init__(self, work: Callable[[], Any], done: Callable[[ReviewRun], None]) -> None:
        self.stopped = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        self._work, self._done = work, done
        self.thread = threading.Thread(target=self._run, name="review", daemon=True)

    def _run(self) -> None:
        try:
            self.result = self._work()
        except Exception as error:  # shown on the page: a thread's exception reaches nobody
            self.error = error
        self._done(self)

    def stop(self) -> None:
        """Drop the answer: nothing more is shown for this run."""
        self.stopped.set()

    @property
    def running(self) -> bool:
        return self.thread.is_alive()

    def wait(self, timeout: float | None = None) -> Any:
        """Wait for the review (at most `timeout` seconds); the `Review`, or None."""
        self.thread.join(timeout)
        return self.result


def line_over(match: Any) -> bool:
    """Whether `match`'s current line ends in a finished game (wherever its cursor is)."""
    if match.ply == match.last_ply:
        return bool(match.is_over)
    return bool(match.line()[-1].state.is_over)


def whole_line(match: Any) -> Any:
    """A copy of `match` holding its whole current line (a `branch` copies up to the cursor
    only), for a review that must not see the page move the live match."""
    ply = match.ply
    match.goto(match.last_ply)
    try:
        return match.branch()
    finally:
        match.goto(ply)


def follow_line(match: Any, nodes: list[Any]) -> None:
    """Make `nodes` (a line of `match` recorded earlier) its current line again, after the
    student played on in a branch: at each place the line parts from it, the recorded move is
    replayed (`Match.replay` follows the node already there and the line on from it)."""
    while True:
        line = match.line()
        parted = next((i for i, (a, b) in enumerate(zip(line, nodes, strict=False)) if a is not b),
                      len(line) if len(line) < len(nodes) else None)
        if parted is None:
            return
        ply = match.ply
        match.goto(parted - 1)
        match.replay(nodes[parted].action)
        match.goto(min(ply, parted - 1))


class ReviewPanel:
    """The "Review this game" button, shown once the line ends in a finished game, and the
    review's answer: a progress line with Stop while it runs, the plot, the costliest
    decisions as buttons, and the explanation of the one clicked, in a box that scrolls."""

    def __init__(self, on_review: Callable[[], Any], on_goto: Callable[[int], Any]) -> None:
        self._on_goto = on_goto
        self.button = button("Review this game", "Compare each of your decisions with the other "
                             "options, from what you could see then (nothing is played)", "ts-review")
        self.back_button = button("Back to the game reviewed", "Follow the line that was reviewed "
                                  "again (the branch you played stays in the game's tree)",
                                  "ts-review-back")
        self.buttons = W.HBox([self.button, self.back_button])
        self.progress = W.IntProgress(value=1, min=0, max=1, bar_style="info",
                                      layout=W.Layout(width="120px"))
        self.progress_line = W.HTML()
        self.stop_button = button("Stop", "Stop the review (its answer is dropped)", "ts-review-stop")
        self.running = W.HBox([self.progress, self.progress_line, self.stop_button],
                              layout=W.Layout(align_items="center", display="none"))
        self.text = W.HTML()
        self.text.add_class("ts-review-text")
        self.plot = W.Output()
        self.decisions = W.VBox()
        self.decisions.add_class("ts-review-decisions")
        self.explained = W.HTML()
        self.explained.add_class("ts-review-explained")
        self.answer = W.VBox([self.running, self.text, self.explained, self.decisions, self.plot],
                             layout=W.Layout(max_height=WHAT_IF_HEIGHT, overflow="auto"))
        self.box = W.VBox([self.buttons, self.answer], layout=W.Layout(display="none"))
        self.box.add_class("ts-review-box")
        self.button.on_click(lambda _b: on_review())
        self.stop_button.on_click(lambda _b: self.stop())
        self.back_button.on_click(lambda _b: self.back_to_line())
        self.run: ReviewRun | None = None
        self.result: Any = None  # the engine's Review shown
        self._match: Any = None  # the match reviewed (the live one) and its line then
        self._line: list[Any] = []
        self._seat: int | None = None
        self._names: Callable[[int | None], str] = str
        self._hint_bot = "greedy"
        self._lock = threading.Lock()  # the review's thread writes only for the run still wanted
        self._set_back_button()

    # --- what the page shows ---------------------------------------------------------------
    def follow(self, match: Any, seat: int | None, over: bool, covered: bool) -> None:
        """The page shows `match` from `seat`: an answer stays only for this very match and
        seat (another seat must not read it); the button is offered while the line ends in a
        finished game (`over`); nothing shows while a hot-seat curtain is down (`covered`)."""
        if self._match is not None and (self._match is not match or self._seat != seat):
            self.clear()
        wanted = over or self._match is not None
        self.box.layout.display = None if wanted and not covered else "none"
        self.button.disabled = not over or covered
        self._set_back_button()

    def clear(self) -> None:
        with self._lock:  # after this, the old review writes nothing
            if self.run is not None:
                self.run.stop()
            self.run = None
            self.result = self._match = None
            self._line = []
            self.running.layout.display = "none"
            self.text.value = self.explained.value = ""
            self.decisions.children = ()
            self.plot.outputs = ()
        self._set_back_button()

    def stop(self) -> None:
        """Stop waiting for the review running (if any): its answer is dropped."""
        with self._lock:
            run, self.run = self.run, None
            if run is None:
                return
            run.stop()
            self.running.layout.display = "none"
            self.text.value = "<i>Review stopped.</i>"

    # --- the review ------------------------------------------------------------------------
    def start(self, match: Any, seat: int | None, names: Callable[[int | None], str],
              games: int = REVIEW_GAMES, bots: Any = "greedy", hint_bot: str = "greedy") -> ReviewRun:
        """Review `match`'s line, the decisions of `seat` (None: every seat, for an author's
        whole table), `games` games per decision, in a background thread; its run is returned
        (`run.wait()` gives the engine's `Review`)."""
        from sandbox.reviewing import decisions_of, review

        self.clear()
        copy = whole_line(match)
        count = len(decisions_of(copy, seat))
        who = "every seat" if seat is None else names(seat)

        def work() -> Any:
            return review(copy, seat=seat, budget_games=games, bots=bots, progress=False)

        run = ReviewRun(work, self._finished)
        with self._lock:
            self.run = run
            self._match, self._line, self._seat = match, match.line(), seat
            self._names, self._hint_bot = names, hint_bot
            self.progress_line.value = (f"Reviewing {count} decision{'s' * (count != 1)} of {who}, "
                                        f"{games} games each…")
            self.stop_button.disabled = False
            self.running.layout.display = None
            self.box.layout.display = None
        run.thread.start()
        return run

    def _finished(self, run: ReviewRun) -> None:
        """Show `run`'s answer (called in its thread), unless it is no longer the one wanted."""
        result = run.result
        if run.stopped.is_set():
            return
        picture = _png(result.plot()) if result is not None and len(result.table) else None
        with self._lock:
            if run is not self.run or run.stopped.is_set():
                return
            self.running.layout.display = "none"
            if result is None:
                self.text.value = f"<i>The review failed: {escape(str(run.error))}</i>"
                return
            self.result = result
            self.text.value = f"<b>Review</b>: {escape(result._headline())}"
            self.decisions.children = tuple(self._decision_button(row) for row in costliest(result))
            if not self.decisions.children:
                self.explained.value = "<i>No decision to review: every move was forced or chance.</i>"
            if picture is not None:
                self.plot.outputs = ({"output_type": "display_data", "metadata": {},
                                      "data": {"image/png": picture, "text/plain": "the review's plot"}},)

    def _decision_button(self, row: dict[str, Any]) -> W.Button:
        b = button(decision_text(row), "Go back to this position: the better option is explained, "
                   "and you can play on from there", "ts-review-decision")
        b.on_click(lambda _b, ply=int(row["ply"]): self.show_decision(ply))
        return b

    def show_decision(self, ply: int) -> str:
        """Take the page back to the decision at `ply` (on the line reviewed) and explain the
        better option: the review's best, and what the hint bot would do there and why, both
        from the deciding seat's view. Returns the explanation's text."""
        result = self.result
        if result is None or self._match is None:
            raise ValueError("no review is shown: review the game first")
        rows = result.table[result.table["ply"] == ply]
        if not len(rows):
            raise ValueError(f"ply {ply} is not a decision of this review")
        row = rows.iloc[0].to_dict()
        follow_line(self._match, self._line)
        self._on_goto(ply)
        seat = int(row["seat"])
        text = explanation(row, self._names(seat), hint_text(self._match, seat, self._hint_bot))
        self.explained.value = f"<p>{escape(text)}</p>"
        self._set_back_button()
        return text

    def back_to_line(self) -> None:
        """Follow the line reviewed again (after playing on in a branch), at the same ply if the
        branch parted later, else where it parted."""
        if self._match is None:
            return
        follow_line(self._match, self._line)
        self._on_goto(self._match.ply)

    def _set_back_button(self) -> None:
        parted = self._match is not None and self._match.line() != self._line
        self.back_button.layout.display = None if parted else "none"


def costliest(result: Any, count: int = COSTLIEST) -> list[dict[str, Any]]:
    """The review's rows that were not the best found, most points lost first (then by ply),
    `count` at most."""
    table = result.table
    worse = table[table["label"] != "best"].sort_values(["points lost", "ply"], ascending=[False, True])
    return list(worse.head(count).to_dict("records"))


def decision_text(row: dict[str, Any]) -> str:
    """"ply 23: played X, best Y, −4.2 points (mistake)"."""
    return (f"ply {row['ply']}: played {row['played']}, best {row['best']}, "
            f"−{row['points lost']:.1f} points ({row['label']})")


def explanation(row: dict[str, Any], name: str, hint: str) -> str:
    """What the review found at a decision, and the hint bot's reasons there."""
    return (f"Ply {row['ply']}: {name} played {row['played']} (about {row['played points']:.1f} final "
            f"points); the best option found was {row['best']} (about {row['best points']:.1f}, "
            f"over {row['games']} games played on from {name}'s view): {row['points lost']:.1f} points "
            f"lost, {row['label']}. {hint.rstrip('.')}. Play on from here: a move other than the one played "
            "starts a branch, and the game reviewed stays.")

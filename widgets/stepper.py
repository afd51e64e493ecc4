"""`GameStepper`: step through any game of the package, play it, or let bots play it.

The stepper is a view of a `Match`: it never decides a rule. It reads the pending decision,
the legal actions, `explain()` for the refusals, the events for the log, and the drawing's
hotspots for clicks on the table. It works the same for every game.

Stepping, for every game:

* **Step** replays the next recorded move if there is one (after Back or Reset); else it
  resolves chance (a draw, a coin); else the bot seated for the pending player acts; else a
  human must decide and nothing moves.
* **Back** goes one ply back (`match.goto(ply - 1)`); **Reset** goes to ply 0.
* **Jump to end** steps until a human must decide or the game is over.
* **Play** steps at the chosen speed and stops by itself when nothing can move.
* A human decides by clicking an option in the chooser, or on the table: a click on a card,
  then a click on a place. A first click only selects (and narrows the chooser), even when one
  action matches it: the second click (a place, or the same thing again) or the chooser plays.

Sealed by default (classroom-safe): every text, picture, log line and tooltip is read from one
player's seat, through the game's own redaction (`state.view`, `Event.text_for`,
`Node.note_for`, `match.describe`, `match.explain(..., viewer=)`).

* One human seat: the table is that seat's view, and nothing on the page changes it.
* No human seat (bots only): P1's seat, or the seat given as `viewer`.
* Several human seats (hot seat): whenever the human who must decide is not the seat shown, a
  curtain hides the table, the chooser and the log ("Pass the screen to P2") until that player
  presses "I am P2: show my view". Bots playing in between show nothing new.
* The seat controls are disabled, so a seat cannot be turned into a "human" one to look at its
  hand, and there is no "Seen by" control.

`reveal=True` is for notebook authors: a "Seen by" control with the whole table and every seat
(the whole table by default), and seats that can be changed from the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as W
import traitlets

from sandbox.core.errors import IllegalAction
from sandbox.core.pending import CHANCE
from widgets.advice import WHAT_IF_PLIES, WHAT_IF_SECONDS, Advice
from widgets.canvas import TableView
from widgets.chooser import MANY_OPTIONS, SHOWN_OPTIONS, Chooser, rule_html
from widgets.curtain import Curtain
from widgets.fonts import table_fonts
from widgets.keys import Keys
from widgets.log import log_html
from widgets.review import REVIEW_GAMES, ReviewPanel, line_over
from widgets.saving import SaveBar, refusal, save_file
from widgets.scores import ScoreRow, score_rows, scores_html
from widgets.seating import WHOLE_TABLE, Seating, _Seat, _seat_of, seat_choices
from widgets.ui import _CSS, TABLE_HEIGHT, button, titled

__all__ = ["MANY_OPTIONS", "SHOWN_OPTIONS", "TABLE_HEIGHT", "WHAT_IF_PLIES", "WHOLE_TABLE",
           "GameStepper", "seat_choices", "titled"]


class GameStepper(W.VBox):
    """Buttons, seats, chooser, table, scores and the explained log over one `Match`.

    `seats` maps players to "human", "random" or "greedy" (or a bot object); unnamed seats are
    human. Sealed by default: everything shown is read from one player's seat (see the module
    docstring). `viewer` is that seat: with no human seat it picks the seat shown (default
    P1); with one human seat it can only be that seat; with several it is the first seat shown
    (default: the human to decide). `reveal=True` (for notebook authors) shows the whole table
    by default (`viewer=None`), offers every seat under "Seen by" and lets the seats change."""

    ply = traitlets.Int(0, help="the match's current ply")
    last_ply = traitlets.Int(0, help="the last ply of the current line")
    status = traitlets.Unicode("", help="'ply N of M · prompt'")
    viewer = _Seat(None, allow_none=True,
                   help="the seat everything is read from; None (reveal only): the whole table")
    reveal = traitlets.Bool(False, read_only=True,
                            help="authors' mode: the whole table and every seat can be seen")
    curtain = traitlets.Int(None, allow_none=True,
                            help="hot seat: the seat the screen must pass to before anything shows")
    seats = traitlets.Dict(help="player -> 'human', 'random' or 'greedy'")
    picked = traitlets.Tuple(help="table targets clicked so far for the pending decision")
    message = traitlets.Unicode("", help="the latest notice (a click that matched nothing, ...)")
    max_jump = traitlets.Int(5000, help="most steps one 'jump to end' takes")
    log_lines = traitlets.Int(80, help="how many log lines are shown (newest first)")
    hint_bot = traitlets.Unicode("best", help="the bot whose choice the Hint button shows "
                                 "(best: the strongest that answers in a second or two)")
    what_if_games = traitlets.Int(0, help="games played on from each option by 'What if from here?' "
                                  "(0: the game's own number, GameInfo.what_if_games)")
    review_games = traitlets.Int(REVIEW_GAMES, help="games played on from each option of each "
                                 "decision by 'Review this game'")

    def __init__(self, match: Any, seats: Mapping[int, Any] | None = None,
                 viewer: int | None = None, *, reveal: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.set_trait("reveal", bool(reveal))
        self.match = match
        self.choices = seat_choices(match.game, match.config.players)
        self._labels = {kind: label for label, kind in self.choices}
        players = match.config.players
        self.players = tuple(range(1, players + 1))
        self.bots: dict[int, Any] = {}
        given = dict(seats or {})
        unknown = set(given) - set(self.players)
        if unknown:
            raise ValueError(f"no seat {sorted(unknown)} in a {players}-player game")
        for p, spec in given.items():
            if not isinstance(spec, str):
                self.bots[p] = spec  # keep the caller's bot object (its seed, its state)
        self.seats = {p: _seat_of(given.get(p, "human"), self.choices) for p in self.players}
        self._ready = False
        start = self.seating.first_viewer(viewer)

        # controls
        self.reset_button = button("|◀ Reset", "Go back to the start (Home)", "ts-reset")
        self.back_button = button("◀ Back", "One ply back (←)", "ts-back")
        self.step_button = button("Step ▶", "Replay, deal, or let the seated bot act (→)", "ts-step")
        self.end_button = button("Jump to end ▶|", "Step until a human decides or the game ends (End)",
                                 "ts-end")
        self.play = W.Play(value=0, min=0, max=10**9, interval=700, show_repeat=False,
                           tooltip="Play / pause (Space)")
        self.speed = W.FloatSlider(value=1.5, min=0.25, max=10, step=0.25, description="moves/s",
                                   readout_format=".2f", layout=W.Layout(width="180px"),
                                   tooltip="Moves per second while playing")
        self.key_strip = Keys()
        self.seat_controls = {
            p: W.Dropdown(options=self.choices, value=self.seats[p], description=self.name(p),
                          disabled=not self.reveal, layout=W.Layout(width="130px"),
                          tooltip=(f"Who plays {self.name(p)}: a human or a bot" if self.reveal
                                   else f"Who plays {self.name(p)} (set by the page's author)"))
            for p in self.players
        }
        # "Seen by" exists only for authors: a sealed page has no way to another seat's view
        self.viewer_control: W.Dropdown | None = None
        if self.reveal:
            self.viewer_control = W.Dropdown(
                options=[("Whole table", WHOLE_TABLE)] + [(f"{self.name(p)}'s seat", p)
                                                          for p in self.players],
                value=WHOLE_TABLE if start is None else start, description="Seen by",
                tooltip="Whose seat the table, choices and log are seen from (authors only)",
                layout=W.Layout(width="150px"),
            )
        # the panels: none of them knows the stepper
        self.curtain_box = Curtain()
        self.curtain_text, self.curtain_button = self.curtain_box.text, self.curtain_box.button
        self.status_line = W.HTML()
        self.status_line.add_class("ts-status")
        self.table = TableView(None, start, max_height=TABLE_HEIGHT)
        # advice for the human deciding: never plays, reads only the decider's view
        self.adviser = Advice(on_hint=self.hint, on_what_if=self.what_if)
        self.hint_button, self.what_if_button = self.adviser.hint_button, self.adviser.what_if_button
        self.advice, self.what_if_table = self.adviser.text, self.adviser.table
        self.what_if_out = self.adviser.plot
        # once the game is over: its decisions reviewed, from the seat shown (never another's)
        self.reviewer = ReviewPanel(on_review=self.review, on_goto=self._goto_reviewed)
        self.review_button = self.reviewer.button
        self.chooser = Chooser(between=[self.table.tools, self.adviser.buttons, self.advice])
        self.chooser_title, self.filter, self.filter_note = (self.chooser.title, self.chooser.filter,
                                                             self.chooser.filter_note)
        self.options_box, self.show_all_button = self.chooser.options_box, self.chooser.show_all_button
        self.refused, self.refused_box = self.chooser.refused, self.chooser.refused_box
        # the game as a file: download it, load one back (here, or in a what-if notebook)
        self.save_bar = SaveBar(on_load=self.load)
        self.save_button, self.load_control = self.save_bar.save_button, self.save_bar.load_control
        self.save_link = self.save_bar.link
        self.score_table = W.HTML()
        self.score_table.add_class("ts-scores")
        self.log_view = W.HTML()
        self.log_view.add_class("ts-log-box")

        # wiring: every button goes through `command`, which knows what the curtain locks
        for b, name in ((self.reset_button, "reset"), (self.back_button, "back"),
                        (self.step_button, "step"), (self.end_button, "end")):
            b.on_click(lambda _b, name=name: self.command(name))
        self.chooser.on_choose(self.choose)
        self.chooser.on_show_all(lambda: self._set_picked(()))
        self.save_button.on_click(lambda _b: self.save_bar.offer(self.match))
        self.curtain_box.on_take(self.take_screen)
        self.play.observe(self._on_play_value, names="value")
        self.play.observe(self._on_playing, names="playing")
        self.speed.observe(lambda ch: setattr(self.play, "interval", int(1000 / ch["new"])), names="value")
        self.play.interval = int(1000 / self.speed.value)
        self.key_strip.on_command(self.command)
        for p, control in self.seat_controls.items():
            control.observe(lambda ch, p=p: self._seat_control_changed(p, ch["new"]), names="value")
        if self.viewer_control is not None:
            self.viewer_control.observe(
                lambda ch: setattr(self, "viewer", None if ch["new"] == WHOLE_TABLE else ch["new"]),
                names="value")
        self.observe(lambda _ch: self.refresh(), names=["viewer"])
        self.table.on_click(self.pick)
        self.table.on_place(self.choose)  # a tile's ghost, placed and confirmed
        self.table.on_miss(self._missed)

        toolbar = W.HBox([self.reset_button, self.back_button, self.step_button, self.play,
                          titled(self.speed), self.end_button,
                          self.key_strip, self.table.zoom_tools],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        seat_row = [titled(c) for c in self.seat_controls.values()]
        if self.viewer_control is not None:
            seat_row.append(titled(self.viewer_control))
        seats_row = W.HBox(seat_row, layout=W.Layout(flex_flow="row wrap"))
        # the table on the left, scaled to fit; everything a player reads and clicks beside it
        # (below it when the page is narrow: the boxes wrap)
        table_box = W.Box([self.table.frame], layout=W.Layout(flex="1 1 640px"))  # 9 px words at 1024 wide
        table_box.add_class("ts-table")
        self.panel = W.VBox([self.chooser, self.adviser.box, self.reviewer.box,
                             W.HTML("<b>Scores</b>"), self.score_table, seats_row, self.save_bar,
                             W.HTML("<b>Log</b> (newest first; hover a line for its rule)"), self.log_view],
                            layout=W.Layout(flex="1 1 300px", max_width="640px"))
        self.panel.add_class("ts-panel")
        main = W.HBox([table_box, self.panel], layout=W.Layout(flex_flow="row wrap", width="100%"))
        main.add_class("ts-main")
        self.children = [W.HTML(_CSS), table_fonts(), self.status_line, toolbar, self.curtain_box, main]
        self.viewer = start
        self._ready = True
        self.refresh()

    # --- whose view ------------------------------------------------------------------------
    @property
    def seating(self) -> Seating:
        """The seats as they are now, and what they let this page show."""
        return Seating(self.match, self.seats, self.reveal, self.bots)

    @property
    def humans(self) -> tuple[int, ...]:
        """The human seats, in seat order."""
        return self.seating.humans

    @traitlets.validate("viewer")
    def _valid_viewer(self, proposal: dict[str, Any]) -> int | None:
        value = proposal["value"]
        if value is not None and value not in self.players:
            raise traitlets.TraitError(f"viewer {value!r} is not a seat of this game")
        if not self.reveal:
            try:
                self.seating.check_sealed(value)
            except ValueError as e:
                raise traitlets.TraitError(str(e)) from None
        return value

    def _settle_viewer(self) -> None:
        """After the seats changed (from code: a sealed page cannot change them), keep the seat
        shown a valid one."""
        if self.reveal:
            return
        humans = self.humans
        if humans and (len(humans) == 1 or self.viewer not in humans):
            self.viewer = humans[0]

    def take_screen(self) -> int | None:
        """"I am P2": the player the screen was passed to shows their own view."""
        seat = self.curtain
        if seat is None:
            return None
        self.message = ""
        self.viewer = seat  # the observer refreshes
        return seat

    def name(self, player: int | None) -> str:
        """How the game names a seat."""
        return self.match.state.seat_name(player) if player is not None else "nobody"

    # --- who acts --------------------------------------------------------------------------
    def bot_for(self, player: int) -> Any:
        """The bot seated for `player`, or None for a human seat."""
        return self.seating.bot_for(player)

    def seat(self, player: int, kind: str) -> None:
        """Seat a human ("human") or a bot ("random", "greedy") for `player`.

        From code this always works; on a sealed page the seat controls are disabled."""
        kind = _seat_of(kind, self.choices)
        if self.seats.get(player) != kind:
            self.seats = {**self.seats, player: kind}
            self._settle_viewer()
        control = self.seat_controls[player]
        if control.value != kind:
            control.value = kind  # its observer calls back here; the seat is already set
            return
        self.refresh()

    def _seat_control_changed(self, player: int, kind: str) -> None:
        if not self.reveal and kind != self.seats.get(player):
            # a sealed page never changes a seat (the control is disabled; this undoes a change
            # sent anyway), so no student can make an opponent "human" to read its hand
            self.seat_controls[player].value = self.seats[player]
            return
        self.seat(player, kind)

    def _human_to_decide(self) -> int | None:
        return self.seating.human_to_decide()

    def can_progress(self) -> bool:
        """Whether Step would move the match."""
        m = self.match
        player = m.pending.player
        return (m.cursor.next is not None or player == CHANCE
                or (player is not None and self.bot_for(player) is not None))
    # --- moving ----------------------------------------------------------------------------
    def _advance(self) -> bool:
        m = self.match
        if m.cursor.next is not None:
            m.redo()
            return True
        player = m.pending.player
        if player is None:
            return False
        if player == CHANCE:
            m.deal()
            return True
        bot = self.bot_for(player)
        if bot is None:
            return False
        bots = {player: bot}
        return m.step(bots) is not None

    def step(self) -> bool:
        """One step forward (see the module docstring); False if nothing could move."""
        moved = self._advance()
        self.message = "" if moved else self._why_stuck()
        self._moved()
        return moved

    def back(self) -> bool:
        """One ply back; False at the start."""
        if self.match.ply == 0:
            return False
        self.match.goto(self.match.ply - 1)
        self.message = ""
        self._moved()
        return True

    def reset(self) -> None:
        """Back to ply 0 (the recorded line is kept: Step replays it)."""
        self.play.playing = False
        self.match.goto(0)
        self.message = ""
        self._moved()

    def jump_to_end(self) -> int:
        """Step until a human must decide or the game ends; returns the steps taken."""
        steps = 0
        while steps < self.max_jump and self._advance():
            steps += 1
        self.message = "" if steps < self.max_jump else f"stopped after {steps} steps"
        self._moved()
        return steps

    def choose(self, action: Any) -> tuple[Any, ...]:
        """Play `action` (or its notation) for the human who must decide."""
        player = self._human_to_decide()
        if player is None or self.curtain is not None:
            raise IllegalAction(action, ())  # nobody human is deciding now, or not at this screen
        events = self.match.play(action)
        self.message = ""
        self.filter.value = ""
        self._moved()
        return events

    def command(self, name: str) -> None:
        """Run a button's or a key's command: back, step, reset, end or play (play / pause).

        While the hot-seat curtain is up nothing moves: the screen must first be taken."""
        if name not in ("back", "step", "reset", "end", "play"):
            return
        if self.curtain is not None:
            self.message = f"Pass the screen to {self.name(self.curtain)} first."
            self.refresh()
            return
        if name == "play":
            self.play.playing = not self.play.playing
        else:
            {"back": self.back, "step": self.step, "reset": self.reset,
             "end": self.jump_to_end}[name]()

    def _moved(self) -> None:
        self.picked = ()
        self.refresh()

    def _on_play_value(self, change: dict[str, Any]) -> None:
        if not self.play.playing or change["new"] <= change["old"]:
            return
        if self.curtain is not None or not self.step():
            self.play.playing = False

    def _on_playing(self, change: dict[str, Any]) -> None:
        if change["new"] and (self.curtain is not None or not self.can_progress()):
            self.play.playing = False
            self.message = self._why_stuck()
            self.refresh()

    def _why_stuck(self) -> str:
        player = self.match.pending.player
        if player is None:
            return "The game is over."
        if self.curtain is not None:
            return f"Pass the screen to {self.name(self.curtain)}."
        if player != CHANCE and self.bot_for(player) is None:
            return f"{self.name(player)} (human) must decide: pick an option below or click the table."
        return ""

    # --- clicks on the table ---------------------------------------------------------------
    def pick(self, target: str) -> Any:
        """A click on the table's `target`: selects and narrows the options; a second click that
        leaves one option (a place after a card, or the same target again) plays it.

        Returns the action played, or None."""
        if self._human_to_decide() is None or self.curtain is not None:
            self.message = f"Clicked {target}: no human decision is pending."
            self.refresh()
            return None
        legal = self.match.legal_actions()
        again = target in self.picked
        picked = (*self.picked, target) if not again else self.picked
        state = self.match.state
        matching = [a for a in legal if set(picked) <= set(state.targets(a))]
        if not matching:  # start again from this click
            picked = (target,)
            matching = [a for a in legal if target in state.targets(a)]
        if not matching:
            why = state.why_not(target)
            self.message = "Nothing there can be chosen now." + (f" {why}" if why else "")
            self._set_picked(())
            return None
        if len(matching) == 1 and (len(picked) > 1 or again):  # the second click confirms
            self.choose(matching[0])
            return matching[0]
        if len(matching) == 1:  # one click never plays: a student may have meant to look first
            words = self.match.state.describe(matching[0], self._human_to_decide())
            self.message = f"{words}? Click it again, or choose it, to play it."
            self._set_picked(picked)
            return None
        self.message = (f"{len(matching)} options use what you clicked: choose one beside the table, "
                        "or click another part of the move.")  # words: a target's id means nothing
        self._set_picked(picked)
        return None

    def _missed(self) -> None:
        """A click on the felt or on a face-down card: say why nothing happened."""
        if self._human_to_decide() is None or self.curtain is not None:
            self.message = "Nothing to choose there, and no human decision is pending."
        else:
            hint = self.match.state.click_hint
            self.message = f"Nothing there can be chosen (the felt, or a face-down card): {hint}."
        self.refresh()

    def click(self, x: float, y: float) -> Any:
        """Act as if the table were clicked at canvas point (x, y)."""
        target = self.table.click(x, y)
        return target

    def _set_picked(self, picked: tuple[str, ...]) -> None:
        self.picked = picked
        self.refresh()

    # --- advice ----------------------------------------------------------------------------
    def _advised(self) -> int | None:
        """The human deciding now, if this page may advise them: the page shows their seat (or
        an author's whole table) and no curtain is down."""
        human = self._human_to_decide()
        if human is None or self.curtain is not None:
            return None
        if self.viewer not in (None, human) and not self.reveal:
            return None
        return human

    def hint(self) -> str:
        """What the hint bot would choose here and why, worked out on the decider's view;
        nothing is played."""
        return self.adviser.hint(self.match, self._advised(), self.hint_bot)

    def what_if(self, games: int | None = None, bots: Any = "greedy", executor: Any = None,
                seconds: float = WHAT_IF_SECONDS) -> Any:
        """Compare every option of the human's decision (the lab's `compare`, the same luck for
        every option, the unseen cards dealt again each game: only what the decider may know);
        the table and plot appear beside the table, in a box that scrolls, until the position
        changes. Nothing is played.

        The button's way (no `executor`): a race in a background thread, so Step, Back and the
        options still work: the first answer at once, refined for up to `seconds` (at most
        `games` per option), stopped by Stop, by a change of position or by closing the
        stepper; its `WhatIfRun` is returned (`run.wait()` gives the last answer). With an
        `executor`, the fixed design of `games` each, at once: its `Comparison` is returned."""
        human = self._advised()
        games = games or self.what_if_games or self.match.game.what_if_games
        return self.adviser.what_if(self.match, human, self.name(human), games, bots, executor,
                                    seconds)

    def review(self, games: int | None = None, bots: Any = "greedy") -> Any:
        """Review this game's line (`sandbox.review`) in a background thread: the decisions of
        the seat shown (sealed: the human's, or in a hot seat the one whose view is shown; an
        author's whole table: every seat), each compared from that seat's own view with `games`
        games per decision. Returns the `ReviewRun` (`run.wait()` gives the `Review`)."""
        if not line_over(self.match) or self.curtain is not None:
            raise ValueError("a game is reviewed once it is over")
        return self.reviewer.start(self.match, self.viewer, self.name, games or self.review_games,
                                   bots, self.hint_bot)

    def _goto_reviewed(self, ply: int) -> None:
        """The review's way back to a decision: the table shows that position."""
        self.play.playing = False
        self.match.goto(ply)
        self.message = ""
        self._moved()

    def close(self) -> None:
        """Close the page's widgets; a What-if still racing stops, and so does a review."""
        self.adviser.stop()
        self.reviewer.stop()
        super().close()

    # --- the game as a file ------------------------------------------------------------------
    def save_file(self) -> tuple[str, str]:
        """(file name, text) of the save file of this game: every move, the position shown.
        A save is the whole game (it is replayed to load), not one seat's view of it."""
        return save_file(self.match)

    def load(self, data: str | bytes) -> bool:
        """Replace the game by a saved one of the same game and number of players, keeping the
        seats and the sealing; a file that cannot be loaded is refused with the reason on the
        status line, and the game on the table stays."""
        from sandbox.core.errors import LoadError
        from sandbox.core.start import load

        try:
            match = load(data)
        except LoadError as refused:
            self.message = f"Not loaded: {refused}"
            self.refresh()
            return False
        why = refusal(match, self.match)
        if why is not None:
            self.message = f"Not loaded: {why}"
            self.refresh()
            return False
        self.match = match
        self.save_link.value = ""
        self.chooser.forget()
        self.picked = ()
        self.message = f"Loaded a saved game (seed {match.seed}, ply {match.ply} of {match.last_ply})"
        self._settle_viewer()
        self.refresh()
        return True

    # --- showing ---------------------------------------------------------------------------
    def seen(self) -> Any:
        """The current state as the viewer may know it (the whole state for the whole table)."""
        state = self.match.state
        return state if self.viewer is None else state.view(self.viewer)

    @property
    def options(self) -> tuple[Any, ...]:
        """The options on the chooser's page shown (`chooser.matching`: all that match)."""
        return self.chooser.options

    @property
    def option_buttons(self) -> tuple[W.Button, ...]:
        return self.chooser.option_buttons

    def refresh(self) -> None:
        """Redraw everything from the match (after any change made outside the stepper too)."""
        if not self._ready:
            return
        m = self.match
        self.curtain = self.seating.curtain_for(self.viewer)
        curtain = self.curtain
        self.ply, self.last_ply = m.ply, m.last_ply
        self.status = f"ply {m.ply} of {m.last_ply} · {self.seen().pending.prompt}"
        note = f" <span style='color:#a04000'>{escape(self.message)}</span>" if self.message else ""
        self.status_line.value = f"<span class='ts-status-text'>{escape(self.status)}</span>{note}"
        self.curtain_box.show(None if curtain is None else self.name(curtain))
        if curtain is None:
            self.table.show(m.state, self.viewer, marked=self.picked, placer=self._advised())
        else:
            self.table.show(m.state, self.viewer, cover=f"Pass the screen to {self.name(curtain)}", marked=())
        locked = curtain is not None
        self.reset_button.disabled = self.back_button.disabled = locked or m.ply == 0
        self.step_button.disabled = self.end_button.disabled = locked or not self.can_progress()
        self.play.disabled = locked
        self.adviser.follow(m)
        self.adviser.enable(self._advised() is not None)
        self.reviewer.follow(m, self.viewer, line_over(m), curtain is not None)
        self._show_chooser()
        self.score_table.value = scores_html(self.score_rows(), self.viewer)
        self.log_view.value = log_html(m, self.viewer, self.log_lines,
                                       None if curtain is None else self.name(curtain))

    def _chooser_seat(self, human: int) -> int | None:
        """The seat the chooser reads from while `human` decides: the viewer's, except for an
        author (reveal) looking from another seat, who sees the decider's choices."""
        if self.viewer is None or self.viewer == human or not self.reveal:
            return self.viewer
        return human

    def _show_chooser(self) -> None:
        m = self.match
        pending = m.pending
        human = self._human_to_decide()
        prompt = self.seen().pending.prompt
        rule = rule_html(m, pending.rule)
        title = ""
        if self.curtain is not None:
            seat_name = self.name(self.curtain)
            title = (f"<b>Pass the screen to {seat_name}.</b> {seat_name}'s choices show once "
                     f"{seat_name} presses “I am {seat_name}” above.")
            human = None
        elif pending.player is None:
            title = f"<b>Game over.</b><pre style='font-size:12px'>{escape(str(m.outcome))}</pre>"
        elif m.cursor.next is not None and human is None:
            title = (f"<b>{escape(prompt)}</b><br>Step replays the recorded move: "
                     f"{escape(m.describe(m.cursor.next, self.viewer))}")
        elif pending.player == CHANCE:
            title = f"<b>Chance decides:</b> {escape(prompt)}. Press Step.<br>{rule}"
        elif human is None:
            kind = self._labels[self.seats[pending.player]]
            title = (f"<b>{escape(prompt)}</b><br>{self.name(pending.player)} is seated as {kind}: "
                     f"press Step or Play to see its move.<br>{rule}")
        goal = self.seen().pending.progress if pending.player is not None else ""
        seat = self.viewer if human is None else self._chooser_seat(human)
        self.chooser.show(m, human, seat, self.picked, title, goal)

    def option_tooltips(self) -> tuple[str, ...]:
        """The tooltip of each option button, in order."""
        return tuple(b.tooltip for b in self.option_buttons)

    def score_rows(self) -> list[ScoreRow]:
        """A row per player: the score table's content (the game's live scores as the viewer may
        know them, the viewer's own hidden points apart; the final scores and results once it is
        over)."""
        return score_rows(self.match, self.seating, self.viewer)

    def log_entries(self, last: int | None = None) -> list[tuple[int, str, str, str]]:
        """(ply, text, rule id, note) per event up to now, oldest first, as the viewer may read
        them (with `last`: only the newest `last`, read cheaply from the end)."""
        return self.match.log_entries(self.viewer, last=last)

    # --- display -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"GameStepper({self.match.game.id}, ply {self.match.ply} of {self.match.last_ply})"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        from sandbox.core.picture import svg_bundle

        data = super()._repr_mimebundle_(**kwargs)
        # the table as a picture where no widget shows (a notebook opened before it is run)
        data.update(svg_bundle(self.table.svg(), repr(self)))
        return data

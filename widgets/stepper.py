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

import base64
from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as W
import traitlets

from sandbox.bots import BOTS, by_name
from sandbox.core.errors import IllegalAction
from sandbox.core.pending import CHANCE
from widgets.canvas import TableView
from widgets.fonts import table_fonts
from widgets.keys import Keys


def seat_choices(game: Any) -> tuple[tuple[str, str], ...]:
    """(label, kind) for every way to fill a seat of `game`: a human, or one of its bots (the
    bots every game has, then the game's own from `GameInfo.bots`)."""
    names = dict.fromkeys([*BOTS, *getattr(game, "bots", {})])
    return (("Human", "human"), *((f"{name.capitalize()} bot", name) for name in names))
WHAT_IF_PLIES = 3000
"""A what-if game still going after this many decisions stops where it is (the lab's
"unfinished"): bot games that wander forever must not keep a student waiting."""
MANY_OPTIONS = 30
"""From this many options on, the chooser offers a filter and shows at most SHOWN_OPTIONS buttons
(a tile in Traintopia may go to hundreds of places: clicking the table, or typing part of an
option, narrows them)."""
SHOWN_OPTIONS = 40


def titled(control: W.Widget) -> W.Widget:
    """`control` with its tooltip shown on hover over it and over its name. ipywidgets 8 shows
    the tooltip of a control that has a description nowhere, so the name moves into a label
    beside it and both carry the tip."""
    name, tip = control.description, control.tooltip
    control.description = ""
    if not name:
        return control
    label = W.HTML(f"<span title='{escape(tip)}'>{escape(name)}</span>",
                   layout=W.Layout(margin="0 2px 0 4px"))
    return W.HBox([label, control], layout=W.Layout(align_items="center"))


WHOLE_TABLE = 0  # the viewer selector's value for "the whole table" (seat 0 is chance, never a viewer)

_CSS = """<style>
.ts-status { font-family: sans-serif; font-size: 14px; }
.ts-log { font-size: 12px; line-height: 1.45; max-height: 260px; overflow-y: auto;
  border: 1px solid #ddd; padding: 4px 6px; background: #fcfcfa; }
.ts-log .ts-ply { color: #888; display: inline-block; min-width: 2.5em; text-align: right; }
.ts-log code, .ts-chooser code { color: #8a5a00; font-size: 11px; }
.ts-log .ts-note { color: #666; font-style: italic; }
.ts-scores table { border-collapse: collapse; font-size: 13px; }
.ts-scores td, .ts-scores th { border-bottom: 1px solid #ddd; padding: 2px 8px; text-align: left; }
.ts-refused { font-size: 12px; margin: 0; padding-left: 1.2em; }
.ts-curtain { font-family: sans-serif; font-size: 15px; padding: 8px 12px; margin: 4px 0;
  background: #2f3640; color: #fff; border-radius: 6px; }
.ts-main { gap: 12px; align-items: flex-start; }
.ts-table { min-width: 0; }
.ts-panel { min-width: 280px; }
</style>"""
TABLE_HEIGHT = "calc(100vh - 250px)"
"""The most height the table takes: the window's, less the bars above it, so a laptop or a
projector shows the table and the chooser beside it without scrolling."""


def _seat_of(spec: Any, choices: tuple[tuple[str, str], ...]) -> str:
    kinds = [kind for _label, kind in choices]
    if isinstance(spec, str):
        if spec not in kinds:
            raise ValueError(f"a seat is one of {', '.join(map(repr, kinds))}, not {spec!r}")
        return spec
    name = getattr(spec, "name", None)
    if name not in kinds[1:]:
        raise ValueError(f"{spec!r} is not a seat: use one of {', '.join(map(repr, kinds))} or such a bot")
    return str(name)


class _Seat(traitlets.Int):
    """A seat, or None for the whole table. Checked by the stepper's validator even when None
    (traitlets skips cross-validation of None for traits that allow it)."""

    def _validate(self, obj: Any, value: Any) -> Any:
        if value is None and self.allow_none and obj._cross_validation_lock is False:
            return self._cross_validate(obj, value)
        return super()._validate(obj, value)


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
    hint_bot = traitlets.Unicode("greedy", help="the bot whose choice the Hint button shows")
    what_if_games = traitlets.Int(0, help="games played on from each option by 'What if from here?' "
                                  "(0: the game's own number, GameInfo.what_if_games)")

    def __init__(self, match: Any, seats: Mapping[int, Any] | None = None,
                 viewer: int | None = None, *, reveal: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.set_trait("reveal", bool(reveal))
        self.match = match
        self.choices = seat_choices(match.game)
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
        self._chooser_key: Any = None
        self._ready = False
        start = self._first_viewer(viewer)

        # controls
        def button(label: str, tip: str, cls: str) -> W.Button:
            b = W.Button(description=label, tooltip=tip, layout=W.Layout(width="auto"))
            b.add_class(cls)
            return b

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
        # the hot-seat curtain
        self.curtain_text = W.HTML()
        self.curtain_button = button("I am P?: show my view", "Only the player named here",
                                     "ts-take-screen")
        self.curtain_box = W.VBox([self.curtain_text, self.curtain_button],
                                  layout=W.Layout(display="none"))
        self.curtain_box.add_class("ts-curtain")
        # views
        self.status_line = W.HTML()
        self.status_line.add_class("ts-status")
        self.table = TableView(None, start, max_height=TABLE_HEIGHT)
        self.chooser_title = W.HTML()
        self.option_buttons: tuple[W.Button, ...] = ()
        self.options: tuple[Any, ...] = ()
        self.options_box = W.VBox(layout=W.Layout(max_height="300px", overflow="auto"))
        self.show_all_button = button("Show all options", "Forget the clicks on the table", "ts-all")
        self.filter = W.Text(placeholder="type part of an option to narrow the list (e.g. 2,-2 or r1)",
                             layout=W.Layout(width="28em", display="none"))
        self.filter.add_class("ts-filter")
        self.filter_note = W.HTML()
        # advice for the human deciding: never plays, reads only the decider's view
        self.hint_button = button("Hint", "What a bot would do here, and why (nothing is played)",
                                  "ts-hint")
        self.what_if_button = button(
            "What if from here?", "Play every option on many times with the same luck for each, "
            "and compare them (nothing is played)", "ts-what-if")
        self.advice = W.HTML()
        self.advice.add_class("ts-advice")
        # the game as a file: download it, load one back (here, or in a what-if notebook)
        self.save_button = button("Save game", "Make this game a file to download: load it here "
                                  "later, or in a what-if notebook with sandbox.load", "ts-save")
        self.load_control = W.FileUpload(accept=".json", multiple=False, description="Load game",
                                         tooltip="Load a game saved from this page (a .json file)",
                                         layout=W.Layout(width="auto"))
        self.load_control.add_class("ts-load")
        self.save_link = W.HTML()
        self.save_link.add_class("ts-save-link")
        self.what_if_table = W.HTML()
        self.what_if_table.add_class("ts-what-if-table")
        self.what_if_out = W.Output()  # the plot
        self.refused = W.HTML()
        self.refused_box = W.Accordion(children=[self.refused])
        self.refused_box.selected_index = None
        self.chooser = W.VBox([self.chooser_title, W.HBox([self.hint_button, self.what_if_button]),
                               self.advice, self.filter, self.filter_note, self.options_box,
                               self.refused_box])
        self.chooser.add_class("ts-chooser")
        self.score_table = W.HTML()
        self.score_table.add_class("ts-scores")
        self.log_view = W.HTML()
        self.log_view.add_class("ts-log-box")

        # wiring: every button goes through `command`, which knows what the curtain locks
        for b, name in ((self.reset_button, "reset"), (self.back_button, "back"),
                        (self.step_button, "step"), (self.end_button, "end")):
            b.on_click(lambda _b, name=name: self.command(name))
        self.show_all_button.on_click(lambda _b: self._set_picked(()))
        self.filter.observe(lambda _c: self._refilter(), names="value")
        self.hint_button.on_click(lambda _b: self.hint())
        self.what_if_button.on_click(lambda _b: self.what_if())
        self.save_button.on_click(lambda _b: self._offer_download())
        self.load_control.observe(self._uploaded, names="value")
        self.curtain_button.on_click(lambda _b: self.take_screen())
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
        self.table.on_miss(self._missed)

        toolbar = W.HBox([self.reset_button, self.back_button, self.step_button, self.play,
                          titled(self.speed), self.end_button,
                          self.key_strip],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        seat_row = [titled(c) for c in self.seat_controls.values()]
        if self.viewer_control is not None:
            seat_row.append(titled(self.viewer_control))
        seats_row = W.HBox(seat_row, layout=W.Layout(flex_flow="row wrap"))
        # the table on the left, scaled to fit; everything a player reads and clicks beside it
        # (below it when the page is narrow: the boxes wrap)
        table_box = W.Box([self.table.canvas], layout=W.Layout(flex="2 1 420px"))
        table_box.add_class("ts-table")
        self.panel = W.VBox([self.chooser, self.what_if_table, self.what_if_out,
                             W.HTML("<b>Scores</b>"), self.score_table, seats_row,
                             W.HBox([self.save_button, self.load_control, self.save_link],
                                    layout=W.Layout(flex_flow="row wrap", align_items="center")),
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
    def humans(self) -> tuple[int, ...]:
        """The human seats, in seat order."""
        return tuple(p for p in self.players if self.seats.get(p, "human") == "human")

    def _first_viewer(self, viewer: int | None) -> int | None:
        """The seat shown at the start (checked like any later change of `viewer`)."""
        if viewer is not None and viewer not in self.players:
            raise ValueError(f"viewer {viewer!r} is not a seat of this {len(self.players)}-player game")
        if self.reveal:
            return viewer
        humans = self.humans
        if viewer is None:
            if len(humans) == 1:
                return humans[0]
            if humans:
                deciding = self.match.pending.player
                return deciding if deciding in humans else humans[0]
            return self.players[0]
        self._check_sealed(viewer)
        return viewer

    def _check_sealed(self, viewer: int | None) -> None:
        """Without reveal: always a player's seat, and only a human's when humans play."""
        humans = self.humans
        if viewer is None:
            raise ValueError("the whole table is shown only with reveal=True (for notebook authors)")
        if len(humans) == 1 and viewer != humans[0]:
            only = self.name(humans[0])
            raise ValueError(f"{only} is the only human seat, so the table is {only}'s view; pass "
                             f"reveal=True to look from {self.name(viewer)}'s seat")
        if len(humans) > 1 and viewer not in humans:
            others = ", ".join(self.name(h) for h in humans)
            raise ValueError(f"{self.name(viewer)} is not a human seat ({others} are); pass "
                             "reveal=True to look from any seat")

    @traitlets.validate("viewer")
    def _valid_viewer(self, proposal: dict[str, Any]) -> int | None:
        value = proposal["value"]
        if value is not None and value not in self.players:
            raise traitlets.TraitError(f"viewer {value!r} is not a seat of this game")
        if not self.reveal:
            try:
                self._check_sealed(value)
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

    def _curtain_for(self) -> int | None:
        """Hot seat: the human who must decide, when the table shows another seat."""
        if self.reveal or len(self.humans) < 2:
            return None
        human = self._human_to_decide()
        return human if human is not None and human != self.viewer else None

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
        kind = self.seats.get(player, "human")
        if kind == "human":
            return None
        bot = self.bots.get(player)
        if bot is None or getattr(bot, "name", None) != kind:
            bot = by_name(kind, seed=self.match.seed * 100 + player, game=self.match.game)
            self.bots[player] = bot
        return bot

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
        player = self.match.pending.player
        if player in (None, CHANCE) or self.bot_for(player) is not None:
            return None
        return player

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
            self.message = f"Nothing can be done with {target} now." + (f" {why}" if why else "")
            self._set_picked(())
            return None
        if len(matching) == 1 and (len(picked) > 1 or again):  # the second click confirms
            self.choose(matching[0])
            return matching[0]
        if len(matching) == 1:  # one click never plays: a student may have meant to look first
            words = self.match.state.describe(matching[0], self._human_to_decide())
            self.message = f"Selected: {words}. Click it again, or choose it, to play it."
            self._set_picked(picked)
            return None
        self.message = f"{len(matching)} options use {' + '.join(picked)}: click again or choose."
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
        human = self._advised()
        if human is None:
            text = "A hint is for a human's decision, shown to that player."
        else:
            bot = by_name(self.hint_bot, seed=self.match.seed, game=self.match.game)
            choice = bot.choose(self.match.view(human), human)
            text = f"Hint ({bot.name} bot): {choice.reason}"
        self.advice.value = f"<i>{escape(text)}</i>"
        return text

    def what_if(self, games: int | None = None, bots: Any = "greedy", executor: Any = None) -> Any:
        """Compare every option of the human's decision by playing each on `games` times (the
        lab's `compare`, the same luck for every option, the unseen cards dealt again each game:
        only what the decider may know); the table and plot appear under the stepper and the
        `Comparison` is returned. Nothing is played."""
        human = self._advised()
        self.what_if_out.clear_output()
        self.what_if_table.value = ""
        if human is None:
            self.advice.value = "<i>What if from here? is for a human's decision, shown to that player.</i>"
            return None
        from IPython.display import display

        from sandbox.lab import compare

        games = games or self.what_if_games or self.match.game.what_if_games
        self.advice.value = f"<i>Playing every option on {games} times…</i>"
        result = compare(self.match, bots=bots, games=games, viewer=human, progress=False,
                         executor=executor, max_plies=WHAT_IF_PLIES)
        self.advice.value = (f"<i>Best over {games} games each: {escape(result.labels[result.best])}"
                             f"</i>")
        self.what_if_table.value = (
            f"<b>What if from here?</b> {escape(self.name(human))}'s options, each played on "
            f"{games} times by {escape(str(bots))} bots with the same luck (95% intervals)"
            f"{result._repr_html_()}")
        with self.what_if_out:
            display(result.plot())
        return result

    # --- the game as a file ------------------------------------------------------------------
    def save_file(self) -> tuple[str, str]:
        """(file name, text) of the save file of this game: every move, the position shown.
        A save is the whole game (it is replayed to load), not one seat's view of it."""
        m = self.match
        return f"{m.game.id}-seed{m.seed}-ply{m.ply}.json", m.to_json()

    def _offer_download(self) -> None:
        name, text = self.save_file()
        data = base64.b64encode(text.encode()).decode("ascii")
        self.save_link.value = (f"<a class='ts-download' download='{escape(name)}' "
                                f"href='data:application/json;base64,{data}'>Download {escape(name)}</a>")

    def load(self, data: str | bytes) -> bool:
        """Replace the game by a saved one of the same game and number of players, keeping the
        seats and the sealing; a file that cannot be loaded is refused with the reason on the
        status line, and the game on the table stays."""
        from sandbox.core.errors import LoadError
        from sandbox.core.registry import load

        try:
            match = load(data)
        except LoadError as refusal:
            self.message = f"Not loaded: {refusal}"
            self.refresh()
            return False
        game, players = self.match.game, self.match.config.players
        if match.game.id != game.id or match.config.players != players:
            self.message = (f"Not loaded: that file is a {match.config.players}-player game of "
                            f"{match.game.title}; this page plays {game.title} with {players}")
            self.refresh()
            return False
        self.match = match
        self.save_link.value = ""
        self._chooser_key = None
        self.picked = ()
        self.message = f"Loaded a saved game (seed {match.seed}, ply {match.ply} of {match.last_ply})"
        self._settle_viewer()
        self.refresh()
        return True

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load(bytes(files[0]["content"]))

    # --- showing ---------------------------------------------------------------------------
    def seen(self) -> Any:
        """The current state as the viewer may know it (the whole state for the whole table)."""
        state = self.match.state
        return state if self.viewer is None else state.view(self.viewer)

    def refresh(self) -> None:
        """Redraw everything from the match (after any change made outside the stepper too)."""
        if not self._ready:
            return
        m = self.match
        self.curtain = self._curtain_for()
        curtain = self.curtain
        self.ply, self.last_ply = m.ply, m.last_ply
        self.status = f"ply {m.ply} of {m.last_ply} · {self.seen().pending.prompt}"
        note = f" <span style='color:#a04000'>{escape(self.message)}</span>" if self.message else ""
        self.status_line.value = f"<span class='ts-status-text'>{escape(self.status)}</span>{note}"
        if curtain is None:
            self.curtain_box.layout.display = "none"
            self.table.show(m.state, self.viewer, marked=self.picked)
        else:
            who = self.name(curtain)
            self.curtain_text.value = (
                f"<b>Pass the screen to {who}.</b> {who} decides next: the table, the "
                f"choices and the log stay hidden until {who} takes the screen.")
            self.curtain_button.description = f"I am {self.name(curtain)}: show my view"
            self.curtain_box.layout.display = None
            self.table.show(m.state, self.viewer, cover=f"Pass the screen to {self.name(curtain)}", marked=())
        locked = curtain is not None
        self.reset_button.disabled = self.back_button.disabled = locked or m.ply == 0
        self.step_button.disabled = self.end_button.disabled = locked or not self.can_progress()
        self.play.disabled = locked
        self.hint_button.disabled = self.what_if_button.disabled = self._advised() is None
        self._show_chooser()
        self.score_table.value = self._scores_html()
        self.log_view.value = self._log_html()

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
        key = (id(m.cursor), human, self.picked, self.viewer, self.curtain, self.filter.value)
        if key == self._chooser_key:
            return
        self._chooser_key = key
        rule = (f"<code>[{escape(pending.rule)}]</code> "
                f"<span title='{escape(m.game.cite(pending.rule))}'>"
                f"{escape(m.game.cite(pending.rule))}</span>") if pending.rule else ""
        prompt = self.seen().pending.prompt
        options: tuple[Any, ...] = ()
        refused_html = ""
        tips: list[str] = []
        seat = self.viewer
        if self.curtain is not None:
            seat_name = f"{self.name(self.curtain)}"
            title = (f"<b>Pass the screen to {seat_name}.</b> {seat_name}'s choices show once "
                     f"{seat_name} presses “I am {seat_name}” above.")
        elif pending.player is None:
            outcome = m.outcome
            title = f"<b>Game over.</b><pre style='font-size:12px'>{escape(str(outcome))}</pre>"
        elif m.cursor.next is not None and human is None:
            title = (f"<b>{escape(prompt)}</b><br>Step replays the recorded move: "
                     f"{escape(m.describe(m.cursor.next, self.viewer))}")
        elif pending.player == CHANCE:
            title = f"<b>Chance decides:</b> {escape(prompt)}. Press Step.<br>{rule}"
        elif human is None:
            kind = self._labels[self.seats[pending.player]]
            title = (f"<b>{escape(prompt)}</b><br>{self.name(pending.player)} is seated as {kind}: "
                     f"press Step or Play to see its move.<br>{rule}")
        else:
            seat = self._chooser_seat(human)
            legal = m.state.legal_actions_for(human)  # in a secret simultaneous choice, only theirs
            options = tuple(a for a in legal if set(self.picked) <= set(m.state.targets(a)))
            narrowed = f" (narrowed by your clicks: {', '.join(self.picked)})" if self.picked else ""
            title = (f"<b>{escape(prompt)}</b> — choose one of {len(options)} "
                     f"allowed options{escape(narrowed)}, or {escape(m.state.click_hint)}."
                     f"<br>{rule}")
            refused_html = self._refused_html(legal, seat)
        goal = self.seen().pending.progress if pending.player is not None else ""
        if goal:  # a solo objective (or rating) and how far it has come
            title += f"<br><span class='ts-goal'>Goal: {escape(goal)}</span>"
        self.chooser_title.value = title
        anytime = set(self.seen().pending.anytime) if options else set()
        for b in self.option_buttons:
            b.close()
        buttons = []
        cite = m.game.cite(pending.rule) if pending.rule else ""
        described = [(a, m.state.describe(a, seat)) for a in options]
        many = len(options) >= MANY_OPTIONS
        self.filter.layout.display = None if many else "none"
        if many:
            text = self.filter.value.strip().lower()
            matching = [(a, w) for a, w in described if not text or text in f"{w} ({a.notation})".lower()]
            described = matching[:SHOWN_OPTIONS]
            self.filter_note.value = (
                f"<i>{len(matching)} of {len(options)} options match"
                f"{' the filter' if text else ''}; showing {len(described)}. Type part of an option, "
                f"or {escape(m.state.click_hint)}.</i>")
        else:
            self.filter_note.value = ""
        for action, words in described:
            verdict = m.explain(action, viewer=seat)
            said = "allowed" if verdict.ok else "; ".join(str(v) for v in verdict.violations)
            tip = f"{words}: {said}" + (f" — {cite}" if cite else "")
            tips.append(tip)
            when = "At any time: " if action in anytime else ""
            b = W.Button(description=f"{when}{words}  ({action.notation})",
                         layout=W.Layout(width="auto", flex="0 0 auto"), tooltip=tip)
            b.add_class("ts-option")
            b.on_click(lambda _b, a=action: self.choose(a))
            buttons.append(b)
        self.options = tuple(a for a, _ in described)
        self.option_buttons = tuple(buttons)
        self.options_box.children = [*buttons, self.show_all_button] if self.picked else buttons
        self.refused.value = refused_html
        count = refused_html.count("<li")
        self.refused_box.set_title(0, f"Not allowed now ({count}), and why")
        self.refused_box.layout.display = None if refused_html else "none"

    def _refilter(self) -> None:
        """The filter's text changed: show the options that match it."""
        self._show_chooser()

    def _refused_html(self, legal: tuple[Any, ...], seat: int | None) -> str:
        """The moves the deciding seat might think of, refused, with every rule they break:
        asked on that seat's view, so a refusal never names what the seat cannot see."""
        m = self.match
        seen = m.state if seat is None else m.state.view(seat)
        lines = []
        allowed = set(legal)
        for action in seen.candidate_actions():
            if action in allowed:
                continue
            verdict = seen.explain(action)
            if verdict.ok:
                continue
            reasons = "; ".join(
                f"<span title='{escape(m.game.cite(v.rule))}'>{escape(v.message)} "
                f"<code>[{escape(v.rule)}]</code></span>" for v in verdict.violations)
            lines.append(f"<li><b>{escape(m.state.describe(action, seat))}</b>: {reasons}</li>")
        return f"<ul class='ts-refused'>{''.join(lines)}</ul>" if lines else ""

    def option_tooltips(self) -> tuple[str, ...]:
        """The tooltip of each option button, in order."""
        return tuple(b.tooltip for b in self.option_buttons)

    def score_rows(self) -> list[tuple[str, str, int | None, str]]:
        """(player, seat, score, note) per player: the score table's content (the game's live
        scores as the viewer may know them; the final scores and results once it is over)."""
        m = self.match
        outcome = m.outcome
        scores = outcome.scores if outcome is not None else self.seen().scores(self.viewer)
        rows = []
        for p in self.players:
            score = scores.get(p) if scores is not None else None
            note = ""
            if outcome is not None:
                note = outcome.result(p) + (f" ({outcome.rating})" if outcome.rating else "")
            elif m.pending.player == p:
                note = "to decide"
            rows.append((self.name(p), self._labels[self.seats[p]], score, note))
        return rows

    def _scores_html(self) -> str:
        body = "".join(
            f"<tr><td><b>{who}</b></td><td>{seat}</td><td>{'' if score is None else score}</td>"
            f"<td>{note}</td></tr>" for who, seat, score, note in self.score_rows())
        return f"<table><tr><th>Player</th><th>Seat</th><th>Score</th><th></th></tr>{body}</table>"

    def log_entries(self, last: int | None = None) -> list[tuple[int, str, str, str]]:
        """(ply, text, rule id, note) per event up to now, oldest first, as the viewer may read
        them (with `last`: only the newest `last`, read cheaply from the end)."""
        return self.match.log_entries(self.viewer, last=last)

    def _log_html(self) -> str:
        if self.curtain is not None:
            return (f"<div class='ts-log'><i>hidden until {self.name(self.curtain)} takes the screen"
                    "</i></div>")
        cite = self.match.game.cite
        entries = self.log_entries(last=self.log_lines + 1)
        shown = entries[::-1][: self.log_lines]
        setup = self._setup_ply()
        lines, dealt = [], []
        for ply, text, rule, note in shown:
            rule_html = f" <code>[{escape(rule)}]</code>" if rule else ""
            note_html = f" <span class='ts-note'>({escape(note)})</span>" if note else ""
            (dealt if ply <= setup else lines).append(
                f"<div class='ts-log-line' title='{escape(cite(rule)) if rule else ''}'>"
                f"<span class='ts-ply'>{ply}</span> {escape(text)}{rule_html}{note_html}</div>")
        if dealt:  # the deal folded into one line that opens on a click
            lines.append(f"<details class='ts-setup'><summary>Setup: the deal, plies 1-{setup} "
                         f"({len(dealt)} lines; click to show)</summary>{''.join(dealt)}</details>")
        if len(entries) > len(shown):
            lines.append("<div class='ts-note'>… earlier lines: match.log() has them all</div>")
        return f"<div class='ts-log'>{''.join(lines) or '<i>nothing has happened yet</i>'}</div>"

    def _setup_ply(self) -> int:
        """The last ply of the setup: the chance plies (the deal) before the first decision."""
        last = 0
        for node in self.match.history:
            if node.actor != CHANCE:
                break
            last = node.ply
        return last

    # --- display -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"GameStepper({self.match.game.id}, ply {self.match.ply} of {self.match.last_ply})"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        from sandbox.core.picture import svg_bundle

        data = super()._repr_mimebundle_(**kwargs)
        # the table as a picture where no widget shows (a notebook opened before it is run)
        data.update(svg_bundle(self.table.svg(), repr(self)))
        return data

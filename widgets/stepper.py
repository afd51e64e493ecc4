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
  then a click on a place. One legal action matching the clicks is played at once; several
  narrow the chooser.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as W
import traitlets

from sandbox.bots import by_name
from sandbox.core.errors import IllegalAction
from sandbox.core.pending import CHANCE
from widgets.canvas import TableView
from widgets.keys import Keys

SEAT_CHOICES = (("Human", "human"), ("Random bot", "random"), ("Greedy bot", "greedy"))
SEAT_LABEL = {value: label for label, value in SEAT_CHOICES}
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
</style>"""


def _seat_of(spec: Any) -> str:
    if isinstance(spec, str):
        if spec not in SEAT_LABEL:
            raise ValueError(f"a seat is 'human', 'random' or 'greedy', not {spec!r}")
        return spec
    name = getattr(spec, "name", None)
    if name not in ("random", "greedy"):
        raise ValueError(f"{spec!r} is not a seat: use 'human', 'random', 'greedy' or such a bot")
    return name


class GameStepper(W.VBox):
    """Buttons, seats, chooser, table, scores and the explained log over one `Match`.

    `seats` maps players to "human", "random" or "greedy" (or a bot object); unnamed seats are
    human. `viewer` is the seat the table is seen from (None: the whole table)."""

    ply = traitlets.Int(0, help="the match's current ply")
    last_ply = traitlets.Int(0, help="the last ply of the current line")
    status = traitlets.Unicode("", help="'ply N of M · prompt'")
    viewer = traitlets.Int(None, allow_none=True, help="seat the table is seen from; None: all")
    seats = traitlets.Dict(help="player -> 'human', 'random' or 'greedy'")
    picked = traitlets.Tuple(help="table targets clicked so far for the pending decision")
    message = traitlets.Unicode("", help="the latest notice (a click that matched nothing, ...)")
    max_jump = traitlets.Int(5000, help="most steps one 'jump to end' takes")
    log_lines = traitlets.Int(80, help="how many log lines are shown (newest first)")

    def __init__(self, match: Any, seats: Mapping[int, Any] | None = None,
                 viewer: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.match = match
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
        self.seats = {p: _seat_of(given.get(p, "human")) for p in self.players}
        self._chooser_key: Any = None

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
                                   readout_format=".2f", layout=W.Layout(width="220px"))
        self.key_strip = Keys()
        self.seat_controls = {
            p: W.Dropdown(options=SEAT_CHOICES, value=self.seats[p], description=f"P{p}",
                          layout=W.Layout(width="170px"), style={"description_width": "28px"})
            for p in self.players
        }
        self.viewer_control = W.Dropdown(
            options=[("Whole table", WHOLE_TABLE)] + [(f"P{p}'s seat", p) for p in self.players],
            value=WHOLE_TABLE if viewer is None else viewer, description="Seen by",
            layout=W.Layout(width="200px"),
        )
        # views
        self.status_line = W.HTML()
        self.status_line.add_class("ts-status")
        self.table = TableView(match.state, viewer)
        self.chooser_title = W.HTML()
        self.option_buttons: tuple[W.Button, ...] = ()
        self.options: tuple[Any, ...] = ()
        self.options_box = W.VBox(layout=W.Layout(max_height="300px", overflow="auto"))
        self.show_all_button = button("Show all options", "Forget the clicks on the table", "ts-all")
        self.refused = W.HTML()
        self.refused_box = W.Accordion(children=[self.refused])
        self.refused_box.selected_index = None
        self.chooser = W.VBox([self.chooser_title, self.options_box, self.refused_box],
                              layout=W.Layout(width="48%", min_width="300px"))
        self.chooser.add_class("ts-chooser")
        self.score_table = W.HTML()
        self.score_table.add_class("ts-scores")
        self.log_view = W.HTML()
        self.log_view.add_class("ts-log-box")

        # wiring
        self.reset_button.on_click(lambda _b: self.reset())
        self.back_button.on_click(lambda _b: self.back())
        self.step_button.on_click(lambda _b: self.step())
        self.end_button.on_click(lambda _b: self.jump_to_end())
        self.show_all_button.on_click(lambda _b: self._set_picked(()))
        self.play.observe(self._on_play_value, names="value")
        self.play.observe(self._on_playing, names="playing")
        self.speed.observe(lambda ch: setattr(self.play, "interval", int(1000 / ch["new"])), names="value")
        self.play.interval = int(1000 / self.speed.value)
        self.key_strip.on_command(self.command)
        for p, control in self.seat_controls.items():
            control.observe(lambda ch, p=p: self.seat(p, ch["new"]), names="value")
        self.viewer_control.observe(
            lambda ch: setattr(self, "viewer", None if ch["new"] == WHOLE_TABLE else ch["new"]),
            names="value")
        self.observe(lambda _ch: self.refresh(), names=["viewer"])
        self.table.on_click(self.pick)

        toolbar = W.HBox([self.reset_button, self.back_button, self.step_button, self.play,
                          self.speed, self.end_button, self.key_strip],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        seats_row = W.HBox([*self.seat_controls.values(), self.viewer_control],
                           layout=W.Layout(flex_flow="row wrap"))
        side = W.VBox([W.HTML("<b>Scores</b>"), self.score_table,
                       W.HTML("<b>Log</b> (newest first; hover a line for its rule)"), self.log_view],
                      layout=W.Layout(width="50%", min_width="300px"))
        self.children = [W.HTML(_CSS), self.status_line, toolbar, seats_row, self.table.canvas,
                         W.HBox([self.chooser, side], layout=W.Layout(flex_flow="row wrap"))]
        self.viewer = viewer
        self.refresh()

    # --- who acts --------------------------------------------------------------------------
    def bot_for(self, player: int) -> Any:
        """The bot seated for `player`, or None for a human seat."""
        kind = self.seats.get(player, "human")
        if kind == "human":
            return None
        bot = self.bots.get(player)
        if bot is None or getattr(bot, "name", None) != kind:
            bot = by_name(kind, seed=self.match.seed * 100 + player)
            self.bots[player] = bot
        return bot

    def seat(self, player: int, kind: str) -> None:
        """Seat a human ("human") or a bot ("random", "greedy") for `player`."""
        kind = _seat_of(kind)
        if self.seats.get(player) != kind:
            self.seats = {**self.seats, player: kind}
        control = self.seat_controls[player]
        if control.value != kind:
            control.value = kind  # its observer calls back here; the seat is already set
            return
        self.refresh()

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
        if player is None:
            raise IllegalAction(action, ())  # nobody human is deciding now
        events = self.match.play(action)
        self.message = ""
        self._moved()
        return events

    def command(self, name: str) -> None:
        """Run a keyboard command: back, step, reset, end or play (play / pause)."""
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
        if not self.step():
            self.play.playing = False

    def _on_playing(self, change: dict[str, Any]) -> None:
        if change["new"] and not self.can_progress():
            self.play.playing = False
            self.message = self._why_stuck()
            self.refresh()

    def _why_stuck(self) -> str:
        player = self.match.pending.player
        if player is None:
            return "The game is over."
        if player != CHANCE and self.bot_for(player) is None:
            return f"P{player} (human) must decide: pick an option below or click the table."
        return ""

    # --- clicks on the table ---------------------------------------------------------------
    def pick(self, target: str) -> Any:
        """A click on the table's `target`: narrows the options, or plays the one it names.

        Returns the action played, or None."""
        if self._human_to_decide() is None:
            self.message = f"Clicked {target}: no human decision is pending."
            self.refresh()
            return None
        legal = self.match.legal_actions()
        picked = (*self.picked, target) if target not in self.picked else self.picked
        state = self.match.state
        matching = [a for a in legal if set(picked) <= set(state.targets(a))]
        if not matching:  # start again from this click
            picked = (target,)
            matching = [a for a in legal if target in state.targets(a)]
        if not matching:
            self.message = f"Nothing can be done with {target} now."
            self._set_picked(())
            return None
        if len(matching) == 1:
            self.choose(matching[0])
            return matching[0]
        self.message = f"{len(matching)} options use {' + '.join(picked)}: click again or choose."
        self._set_picked(picked)
        return None

    def click(self, x: float, y: float) -> Any:
        """Act as if the table were clicked at canvas point (x, y)."""
        target = self.table.click(x, y)
        return target

    def _set_picked(self, picked: tuple[str, ...]) -> None:
        self.picked = picked
        self.refresh()

    # --- showing ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the match (after any change made outside the stepper too)."""
        m = self.match
        self.ply, self.last_ply = m.ply, m.last_ply
        self.status = f"ply {m.ply} of {m.last_ply} · {m.pending.prompt}"
        note = f" <span style='color:#a04000'>{escape(self.message)}</span>" if self.message else ""
        self.status_line.value = f"<span class='ts-status-text'>{escape(self.status)}</span>{note}"
        self.table.marked = self.picked
        self.table.show(m.state, self.viewer)
        self.reset_button.disabled = self.back_button.disabled = m.ply == 0
        self.step_button.disabled = self.end_button.disabled = not self.can_progress()
        self._show_chooser()
        self.score_table.value = self._scores_html()
        self.log_view.value = self._log_html()

    def _show_chooser(self) -> None:
        m = self.match
        pending = m.pending
        human = self._human_to_decide()
        key = (id(m.cursor), human, self.picked)
        if key == self._chooser_key:
            return
        self._chooser_key = key
        rule = (f"<code>[{escape(pending.rule)}]</code> "
                f"<span title='{escape(m.game.cite(pending.rule))}'>"
                f"{escape(m.game.cite(pending.rule))}</span>") if pending.rule else ""
        options: tuple[Any, ...] = ()
        refused_html = ""
        if pending.player is None:
            outcome = m.outcome
            title = f"<b>Game over.</b><pre style='font-size:12px'>{escape(str(outcome))}</pre>"
        elif m.cursor.next is not None and human is None:
            title = (f"<b>{escape(pending.prompt)}</b><br>Step replays the recorded move: "
                     f"{escape(str(m.cursor.next.action))}")
        elif pending.player == CHANCE:
            title = f"<b>Chance decides:</b> {escape(pending.prompt)}. Press Step.<br>{rule}"
        elif human is None:
            kind = SEAT_LABEL[self.seats[pending.player]]
            title = (f"<b>{escape(pending.prompt)}</b><br>P{pending.player} is seated as {kind}: "
                     f"press Step or Play to see its move.<br>{rule}")
        else:
            legal = m.legal_actions()
            options = tuple(a for a in legal if set(self.picked) <= set(m.state.targets(a)))
            narrowed = f" (narrowed by your clicks: {', '.join(self.picked)})" if self.picked else ""
            title = (f"<b>{escape(pending.prompt)}</b> — choose one of {len(options)} "
                     f"allowed options{escape(narrowed)}, or click a card then a place on the table."
                     f"<br>{rule}")
            refused_html = self._refused_html(legal)
        self.chooser_title.value = title
        for b in self.option_buttons:
            b.close()
        buttons = []
        for action in options:
            verdict = m.explain(action)
            b = W.Button(description=f"{action}  ({action.notation})",
                         layout=W.Layout(width="auto", flex="0 0 auto"),
                         tooltip=f"{verdict} — {m.game.cite(pending.rule)}")
            b.add_class("ts-option")
            b.on_click(lambda _b, a=action: self.choose(a))
            buttons.append(b)
        self.options = options
        self.option_buttons = tuple(buttons)
        self.options_box.children = [*buttons, self.show_all_button] if self.picked else buttons
        self.refused.value = refused_html
        count = refused_html.count("<li")
        self.refused_box.set_title(0, f"Not allowed now ({count}), and why")
        self.refused_box.layout.display = None if refused_html else "none"

    def _refused_html(self, legal: tuple[Any, ...]) -> str:
        m = self.match
        lines = []
        allowed = set(legal)
        for action in m.state.candidate_actions():
            if action in allowed:
                continue
            verdict = m.explain(action)
            if verdict.ok:
                continue
            reasons = "; ".join(
                f"<span title='{escape(m.game.cite(v.rule))}'>{escape(v.message)} "
                f"<code>[{escape(v.rule)}]</code></span>" for v in verdict.violations)
            lines.append(f"<li><b>{escape(str(action))}</b>: {reasons}</li>")
        return f"<ul class='ts-refused'>{''.join(lines)}</ul>" if lines else ""

    def score_rows(self) -> list[tuple[str, str, int | None, str]]:
        """(player, seat, score, note) per player: the score table's content."""
        m = self.match
        state = m.state
        outcome = m.outcome
        scores = getattr(state, "scores", None)
        rows = []
        for p in self.players:
            if outcome is not None:
                score = outcome.scores.get(p)
            elif scores is not None and len(scores) >= p:
                score = scores[p - 1]
            else:
                score = None
            note = ""
            if outcome is not None and p in outcome.winners:
                note = "winner"
            elif m.pending.player == p:
                note = "to decide"
            rows.append((f"P{p}", SEAT_LABEL[self.seats[p]], score, note))
        return rows

    def _scores_html(self) -> str:
        body = "".join(
            f"<tr><td><b>{who}</b></td><td>{seat}</td><td>{'' if score is None else score}</td>"
            f"<td>{note}</td></tr>" for who, seat, score, note in self.score_rows())
        return f"<table><tr><th>Player</th><th>Seat</th><th>Score</th><th></th></tr>{body}</table>"

    def log_entries(self) -> list[tuple[int, str, str, str]]:
        """(ply, text, rule id, note) per event up to now, oldest first, as the viewer may read."""
        out = []
        for node in self.match.history:
            for i, event in enumerate(node.events):
                out.append((node.ply, event.text_for(self.viewer), event.rule,
                            node.note if i == 0 else ""))
        return out

    def _log_html(self) -> str:
        cite = self.match.game.cite
        entries = self.log_entries()
        shown = entries[::-1][: self.log_lines]
        lines = []
        for ply, text, rule, note in shown:
            rule_html = f" <code>[{escape(rule)}]</code>" if rule else ""
            note_html = f" <span class='ts-note'>({escape(note)})</span>" if note else ""
            lines.append(f"<div class='ts-log-line' title='{escape(cite(rule)) if rule else ''}'>"
                         f"<span class='ts-ply'>{ply}</span> {escape(text)}{rule_html}{note_html}</div>")
        more = len(entries) - len(shown)
        if more > 0:
            lines.append(f"<div class='ts-note'>… {more} earlier lines: match.log() has them all</div>")
        return f"<div class='ts-log'>{''.join(lines) or '<i>nothing has happened yet</i>'}</div>"

    # --- display -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"GameStepper({self.match.game.id}, ply {self.match.ply} of {self.match.last_ply})"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data = super()._repr_mimebundle_(**kwargs)
        data["text/plain"] = repr(self)
        data["image/svg+xml"] = self.table.svg()
        return data


"""`PlayApp`: a play page for a classroom, a `GameStepper` under a "New game" bar.

The author fixes who sits where (student mode: the seats cannot be changed from the page, the
table is sealed to the human seat); the student picks the number of players and starts a new
deal whenever they like, and the bots' level (easy, medium, strong, each saying what it is).
Every game has a seed, shown on the bar: type it in again to replay the
same deal (a classmate's, or the one the teacher projected). An empty seed box deals at random.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as W

import sandbox
from widgets.seating import levels
from widgets.stepper import GameStepper
from widgets.ui import titled

SEEDS = 1_000_000
"""Fresh seeds are drawn below this: short enough to read out in a classroom."""


class PlayApp(W.VBox):
    """A "New game" bar (players, seed) above a sealed `GameStepper` for `game_id`.

    `seats` are the author's, for the first game; in a game with another number of players the
    seats it names keep their bot or human, and the others get `bot`. `options` are the game's
    own (house rulings) and stay for every new game. The bar's **Bots** level (easy, medium,
    strong) seats that level in every bot seat of the next game; "as set for this page" keeps
    the author's bots. A solo page (every setup of one player) has no level to choose."""

    def __init__(self, game_id: str, players: int | None = None, seats: Mapping[int, Any] | None = None,
                 seed: int | None = None, *, bot: str = "greedy",
                 setups: Mapping[str, Mapping[str, Any]] | None = None, setup: str = "",
                 **options: Any) -> None:
        super().__init__()
        self.info = sandbox.get_game(game_id)
        self.game_id = game_id
        self.author_seats = dict(seats or {})
        self.bot = bot
        self.options = options
        # named setups ({"Challenge": {"players": 1, "mode": "challenge"}, ...}) replace the
        # player count in the bar: the solo modes and chapters of a game
        self.setups = {label: dict(s) for label, s in (setups or {}).items()}
        lo, hi = self.info.players
        if self.setups:
            self.players_control = W.Dropdown(
                options=list(self.setups), value=setup or next(iter(self.setups)), description="Game",
                layout=W.Layout(width="auto"), tooltip="Which game the next deal is (mode, chapter)")
        else:
            self.players_control = W.Dropdown(
                options=[(f"{n} players", n) for n in range(max(lo, 2), hi + 1)] or [(f"{lo} player", lo)],
                description="Players", layout=W.Layout(width="110px"),
                tooltip="How many players the next game has")
        self.level_control = W.Dropdown(
            options=self._level_options(lo), value="", description="Bots", layout=W.Layout(width="auto"),
            tooltip="How strong the bots of the next game are (New game deals it)")
        self.level_control.add_class("ts-bot-level")
        solo = bool(self.setups) and all(int(s.get("players", 1)) == 1 for s in self.setups.values())
        self.seed_control = W.Text(placeholder="random", description="Seed", layout=W.Layout(width="110px"),
                                   tooltip="The next game's seed: the same seed deals the same game; "
                                           "empty deals at random")
        self.seed_control.add_class("ts-seed")
        self.new_button = W.Button(description="New game", tooltip="Start a new game with these players "
                                   "and this seed (empty: a fresh deal)", layout=W.Layout(width="auto"))
        self.new_button.add_class("ts-new-game")
        self.about = W.HTML()
        self.about.add_class("ts-game-seed")
        self.new_button.on_click(lambda _b: self._new_from_page())
        controls = [self.players_control, *([] if solo else [self.level_control]), self.seed_control]
        self.bar = W.HBox([*map(titled, controls), self.new_button, self.about],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.stepper: GameStepper
        self.new_game(players=players if players is not None or self.setups else lo, seed=seed)

    def seats_for(self, players: int) -> dict[int, Any]:
        """The author's seats that exist with `players` players; every other seat gets `bot`
        (and the last seat is the human's if the author's human seat is not in this game); with a
        level chosen on the bar, every bot seat gets that level."""
        seats = {p: s for p, s in self.author_seats.items() if p <= players}
        level = self.level_control.value
        if level:
            seats = {p: s for p, s in seats.items() if s == "human"}
        for p in range(1, players + 1):
            seats.setdefault(p, level or self.bot)
        if not any(s == "human" for s in seats.values()):
            seats[players] = "human"
        return seats

    def new_game(self, players: int | None = None, seed: int | str | None = None) -> GameStepper:
        """Start a game: `players` and `seed` default to the bar's (an empty seed: a fresh one)."""
        options = dict(self.options)
        if self.setups:  # the setup chosen in the bar says the players and the options
            setup = dict(self.setups[self.players_control.value])
            players = int(setup.pop("players"))
            options.update(setup)
        players = int(players if players is not None else self.players_control.value)
        given = self.seed_control.value.strip() if seed is None else str(seed)
        if given and not given.lstrip("-").isdigit():
            raise ValueError(f"a seed is a whole number, not {given!r}")
        chosen = int(given) if given else random.SystemRandom().randrange(SEEDS)
        match = sandbox.new_game(self.game_id, players=players, seed=chosen, **options)
        if getattr(self, "stepper", None) is not None:
            self.stepper.close()  # its What-if answered a game that is gone: stop it
        self.stepper = GameStepper(match, seats=self.seats_for(players))
        if not self.setups:
            self.players_control.value = players
        level = self.level_control.value
        self.level_control.options = self._level_options(players)  # "strong" is said per count
        self.level_control.value = level
        self.seed_control.value = ""
        self.seed = chosen
        what = self.players_control.value if self.setups else f"{players} players"
        humans = self.stepper.humans
        you = f"; you play {' and '.join(self.stepper.name(h) for h in humans)}" if humans else ""
        self.about.value = (f"{self.info.title}, {what}, seed <b>{chosen}</b> "
                            f"(type it in to deal this game again){you}")
        self.children = [self.bar, self.stepper]
        return self.stepper

    def _level_options(self, players: int) -> list[tuple[str, str]]:
        return [("as set for this page", ""), *((lv.label, lv.name) for lv in levels(self.game_id, players))]

    def _new_from_page(self) -> None:
        """The button: a bad seed is said on the bar, and the game on the table stays."""
        try:
            self.new_game()
        except ValueError as refusal:
            self.about.value = f"<span style='color:#b03a2e'>{refusal}</span>"

    def __repr__(self) -> str:
        what = self.players_control.value if self.setups else f"{self.players_control.value} players"
        return f"PlayApp({self.game_id}, {what}, seed {self.seed})"

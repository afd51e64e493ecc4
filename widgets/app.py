"""`PlayApp`: a play page for a classroom, a `GameStepper` under a "New game" bar.

The author fixes who sits where (student mode: the seats cannot be changed from the page, the
table is sealed to the human seat); the student picks the number of players and starts a new
deal whenever they like. Every game has a seed, shown on the bar: type it in again to replay the
same deal (a classmate's, or the one the teacher projected). An empty seed box deals at random.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as W

import sandbox
from widgets.stepper import GameStepper
from widgets.ui import titled

SEEDS = 1_000_000
"""Fresh seeds are drawn below this: short enough to read out in a classroom."""


class PlayApp(W.VBox):
    """A "New game" bar (players, seed) above a sealed `GameStepper` for `game_id`.

    `seats` are the author's, for the first game; in a game with another number of players the
    seats it names keep their bot or human, and the others get `bot`. `options` are the game's
    own (house rulings) and stay for every new game."""

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
        self.bar = W.HBox([titled(self.players_control), titled(self.seed_control), self.new_button,
                           self.about],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.stepper: GameStepper
        self.new_game(players=players if players is not None or self.setups else lo, seed=seed)

    def seats_for(self, players: int) -> dict[int, Any]:
        """The author's seats that exist with `players` players; every other seat gets `bot`
        (and the last seat is the human's if the author's human seat is not in this game)."""
        seats = {p: s for p, s in self.author_seats.items() if p <= players}
        for p in range(1, players + 1):
            seats.setdefault(p, self.bot)
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
        self.seed_control.value = ""
        self.seed = chosen
        what = self.players_control.value if self.setups else f"{players} players"
        humans = self.stepper.humans
        you = f"; you play {' and '.join(self.stepper.name(h) for h in humans)}" if humans else ""
        self.about.value = (f"{self.info.title}, {what}, seed <b>{chosen}</b> "
                            f"(type it in to deal this game again){you}")
        self.children = [self.bar, self.stepper]
        return self.stepper

    def _new_from_page(self) -> None:
        """The button: a bad seed is said on the bar, and the game on the table stays."""
        try:
            self.new_game()
        except ValueError as refusal:
            self.about.value = f"<span style='color:#b03a2e'>{refusal}</span>"

    def __repr__(self) -> str:
        what = self.players_control.value if self.setups else f"{self.players_control.value} players"
        return f"PlayApp({self.game_id}, {what}, seed {self.seed})"

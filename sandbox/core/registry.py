"""The games this package knows (a match is started by `sandbox.core.start`, above it).

One place to add a game: its package builds a `GameInfo` (rules, setup, positions, bots,
golden playthroughs, benchmark, component provenance, and the drawing and `assess` its state
calls without importing them) and calls `register`. The contract tests, the golden tests, the
benchmarks, the rule index in `docs/` and the stepper all read the registry, so nothing outside
the game's package needs editing.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Golden:
    """A golden playthrough: a seeded game written as text and diffed line by line in tests.
    `bots` names a bot per seat ("greedy", "random:2" for RandomBot(seed=2))."""

    players: int
    seed: int
    bots: tuple[str, ...]
    title: str
    options: Mapping[str, Any] = field(default_factory=dict)
    max_steps: int = 5000
    max_legal: int = 12


@dataclass(frozen=True)
class Bench:
    """What the speed benchmarks play of a game: player counts, random games per repetition."""

    players: tuple[int, ...] = (2, 4)
    games: int = 5


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    players: tuple[int, int]  # fewest, most
    rulebook: str  # file name under shared/rules
    status: str  # "playable" or what is still to come
    make_config: Callable[..., Any] | None = None  # (players, **options) -> config
    config_from_dict: Callable[[dict[str, Any]], Any] | None = None
    initial_state: Callable[[Any], Any] | None = None
    position: Callable[[Any, dict[str, Any]], Any] | None = None  # (config, spec) -> state
    rules: Mapping[str, Any] = field(default_factory=dict)  # rule id -> Rule(section, passage)
    rulings: tuple[Any, ...] = ()  # where the rulebook is open: passage, choice, why, switch
    position_examples: tuple[dict[str, Any], ...] = ()  # {"players": n, "spec": {...}}: tried by the tests
    goldens: Mapping[str, Golden] = field(default_factory=dict)  # file name -> golden playthrough
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)  # name -> factory(seed=)
    bench: Bench = field(default_factory=Bench)
    provenance: Any = None  # a components.Provenance: where the component data comes from
    listed: bool = True  # False: reachable by id (tests, a game in the making), not in games()
    encoding: Any = None  # a core.encoding.Encoding for learning agents (sandbox.rl); None: generic
    what_if_games: int = 60  # games per option for the stepper's "What if from here?" (long games: fewer)
    default_players: int | None = None  # when none is asked for (None: the fewest)
    # What a state reaches above its own module (its drawing, its bots' valuation), handed to the
    # core here so that the state's module never imports them: they import it (one way). The core
    # `GameState` methods of the same names call these; a state's own method still wins.
    draw: Callable[[Any, Any, int | None], None] | None = None  # (state, painter, viewer): the table
    picture_size: Callable[[Any], tuple[int, int]] | None = None  # state -> (width, height)
    assess: Callable[[Any, int], dict[str, float]] | None = None  # (state, player) -> greedy terms
    draw_ghost: Callable[[Any, Any, Any, float, float, float], None] | None = None
    # (state, painter, action, x, y, cell): a piece placed by pointing, previewed (`placement`)

    @property
    def usual_players(self) -> int:
        """The player count a game starts with when none is given."""
        return self.default_players if self.default_players is not None else self.players[0]

    @property
    def notice(self) -> str:
        """The reconstructed-data notice to show wherever users see this game ("" if none)."""
        return self.provenance.notice if self.provenance is not None else ""

    def cite(self, rule_id: str) -> str:
        """'section: passage' for a rule id, for logs and tooltips."""
        rule = self.rules.get(rule_id)
        if rule is None:
            ruling = next((r for r in self.rulings if r.id == rule_id), None)
            return f"Ruling: {ruling.choice}" if ruling else rule_id
        return f"{rule.section}: {rule.passage}"

    @property
    def playable(self) -> bool:
        return self.initial_state is not None

    def configure(self, players: int | None = None, **options: Any) -> Any:
        """The game's config for `players` (`usual_players` if None) and its own `options`; a
        clear ValueError for a player count the game is not for or an unknown option."""
        if self.make_config is None:
            raise ValueError(f"{self.title} is not playable yet ({self.status})")
        lo, hi = self.players
        players = self.usual_players if players is None else players
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players is a whole number ({lo}-{hi} for {self.title}), not {players!r}")
        if not lo <= players <= hi:
            raise ValueError(f"{self.title} is for {lo}-{hi} players, not {players}")
        return self.make_config(players, **options)


_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    _GAMES[info.id] = info


@cache
def game_packages() -> tuple[str, ...]:
    """The game packages under `sandbox/` (every subpackage but the core), found on disk: a new
    game is picked up by being there, with nothing to edit elsewhere."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parents[1])])
                        if m.ispkg and m.name != "core"))


def _load_all() -> None:
    for name in game_packages():
        importlib.import_module(f"sandbox.{name}")


def notice(game_id: str) -> str:
    """What a user should know about a game's component data: the sentence saying what is
    reconstructed (shown by notebooks and the README), or "" when everything is published."""
    return get_game(game_id).notice


def info_of(game_id: str) -> GameInfo | None:
    """The registered `GameInfo` of `game_id` (None if none): a dict read that loads nothing, as
    a state reads its game's hooks with it (`assess` is on the bots' hot path)."""
    return _GAMES.get(game_id)


def notice_of(game_id: str) -> str:
    """The short reconstructed-data label a game's pictures carry ("" if none)."""
    info = _GAMES.get(game_id)
    if info is None or info.provenance is None or not info.provenance.reconstructed:
        return ""
    return f"Reconstructed components: {info.provenance.what or 'see the data files'} (labelled, replaceable)"


def catalogue() -> tuple[GameInfo, ...]:
    """Every game of the package, playable or planned, with its status."""
    _load_all()
    return tuple(sorted((g for g in _GAMES.values() if g.listed), key=lambda g: (not g.playable, g.id)))


def games() -> tuple[str, ...]:
    """The ids of the games you can play now."""
    _load_all()
    return tuple(sorted(g.id for g in _GAMES.values() if g.playable and g.listed))


def get_game(game_id: str) -> GameInfo:
    if game_id not in _GAMES and isinstance(game_id, str) and game_id in game_packages():
        importlib.import_module(f"sandbox.{game_id}")
    info = _GAMES.get(game_id)
    if info is None or not info.playable:
        known = ", ".join(games())
        state = "is not playable yet" if info else "is not a game of this package"
        raise ValueError(f"{game_id!r} {state}; playable games: {known}")
    return info

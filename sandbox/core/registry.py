"""The games this package knows, and the one call that starts any of them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sandbox.core.match import Match


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


_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    _GAMES[info.id] = info


def catalogue() -> tuple[GameInfo, ...]:
    """Every game of the package, playable or planned, with its status."""
    return tuple(_GAMES.values())


def games() -> tuple[str, ...]:
    """The ids of the games you can play now."""
    return tuple(g.id for g in _GAMES.values() if g.playable)


def get_game(game_id: str) -> GameInfo:
    info = _GAMES.get(game_id)
    if info is None or not info.playable:
        known = ", ".join(games())
        state = "is not playable yet" if info else "is not a game of this package"
        raise ValueError(f"{game_id!r} {state}; playable games: {known}")
    return info


def new_game(game_id: str, players: int | None = None, seed: int = 0, *,
             auto_chance: bool = True, force: Iterable[Any] = (), position: dict[str, Any] | None = None,
             **options: Any) -> Match:
    """Start a match: `new_game("everyone_on_board", players=3, seed=7, schedule=4)`.

    `options` are the game's own (variants, house rulings); `force` queues chance outcomes
    (the deal, a coin) for tutorials; `auto_chance=False` stops at every chance decision;
    `position` starts from a position written down (see the game's `position` module)."""
    info = get_game(game_id)
    lo, hi = info.players
    players = lo if players is None else players
    if not lo <= players <= hi:
        raise ValueError(f"{info.title} is for {lo}-{hi} players, not {players}")
    config = info.make_config(players, **options)
    return Match(info, config, seed, auto_chance=auto_chance, force=force, position=position)


def load(text: str) -> Match:
    """Load a saved match (from `match.to_json()`) by replaying it; LoadError says why not."""
    from sandbox.core.save import loads

    return loads(text)

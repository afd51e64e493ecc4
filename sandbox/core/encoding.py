"""How learning code sees a game: a fixed-length observation and a fixed action numbering.

A game declares an `Encoding` in its own package (`GameInfo.encoding`, usually built in the
game's `features.py`); `sandbox.rl` turns it into PettingZoo spaces. Nothing here imports
numpy or gymnasium: an encoding is plain numbers, so `import sandbox` stays light.

Two promises an encoding keeps, so agents learn the game and nothing else:

- `observe(view, player)` reads only `view`, the state as `player` may know it
  (`state.view(player)`): the env never hands it the full state, so two states that differ
  only in what the player cannot see give the same numbers.
- actions are numbered stably: either by `action_index` (a fixed number per action whatever
  the state: "7H to platform 2" is always the same output of a policy) or, when a game declares
  none, by the action's position in `legal_actions_for(player)`, the engine's canonical order
  (the same state always numbers its actions the same way, in any process).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

DEFAULT_ACTIONS = 512
"""N of the generic action space: the most legal actions a game without its own `actions`
may offer at once (the env refuses, saying so, if a state offers more)."""


@dataclass(frozen=True)
class Encoding:
    """What an agent observes and how its actions are numbered, for one game.

    `features`: the observation's length; `observe(view, player)` gives that many numbers, each
    within [-bound, bound] (the env clips, so a stray value never breaks the space).
    `actions`: N of the `Discrete(N)` action space. `action_index(action)`: the action's fixed
    number below N, or None to number the legal actions by their position instead."""

    features: int
    observe: Callable[[Any, int], Sequence[float]]
    actions: int = DEFAULT_ACTIONS
    action_index: Callable[[Any], int] | None = None
    bound: float = 1000.0

    def __post_init__(self) -> None:
        if self.features < 1 or self.actions < 1:
            raise ValueError("an encoding needs at least one feature and one action")


def numbering(universe: Iterable[Hashable]) -> tuple[int, Callable[[Any], int]]:
    """(N, action_index) for a game that can list every action a player may ever take: each
    action is numbered by its place in `universe` (listed once, in a fixed order)."""
    index = {action: i for i, action in enumerate(universe)}

    def action_index(action: Any) -> int:
        found = index.get(action)
        if found is None:
            raise ValueError(f"{action} has no number in this game's action table")
        return found

    return len(index), action_index


def generic(max_players: int) -> Encoding:
    """The encoding of a game that declares none: who decides and the live scores, seen from the
    observing seat (seats rotated so the observer is first), and the turn. Enough for the API
    and for a baseline; a game gives its agents more in its own `features.py`."""

    def observe(view: Any, player: int) -> list[float]:
        seats = rotated(player, view.config.players, pad=max_players)
        to_move = view.to_move
        scores = view.scores(player) or {}
        turn, _ = view.turn_marker()
        return [float(view.is_over), float(turn) / 100.0,
                *(float(to_move == seat) for seat in seats),
                *(float(scores.get(seat, 0)) for seat in seats)]

    return Encoding(features=2 + 2 * max_players, observe=observe)


def rotated(player: int, players: int, pad: int = 0) -> tuple[int, ...]:
    """The seats 1..`players` starting from `player`, then seat 0 (nobody) up to `pad` places:
    features about "me, the next seat, ..." mean the same from every seat and at any player
    count, so one policy can play any of them."""
    seats = tuple((player - 1 + k) % players + 1 for k in range(players))
    return seats + (0,) * max(0, pad - players)


def one_hot(value: Any, choices: Sequence[Any]) -> list[float]:
    """1.0 where `value` is among `choices`, 0.0 elsewhere (all zeros for a value not listed)."""
    return [float(value == choice) for choice in choices]

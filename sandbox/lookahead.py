"""One decision ahead: which legal action's result the game's `assess()` values most.

The greedy bot (`sandbox.bots`), the MCTS bot's playouts (`sandbox.mcts`) and the games' own
choosers all look this way, so it sits below them: mcts no longer imports the bots that seat it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from sandbox.core.decision import Confirm, Toggle

T = TypeVar("T")
TIE = 1e-9  # values closer than this are equal


def most(options: Iterable[tuple[float, T]], rng: random.Random | None = None) -> tuple[float, T]:
    """The (value, item) of highest value. Equal values are broken at random by `rng` (each
    of k tied items with chance 1/k, one draw per tie met), or go to the first without one:
    a bot that always took the first would play by the list's order, not by the game."""
    best: tuple[float, T] | None = None
    tied = 0
    for value, item in options:
        if best is None or value > best[0] + TIE:
            best, tied = (value, item), 1
        elif value >= best[0] - TIE:
            tied += 1
            if rng is not None and rng.randrange(tied) == 0:
                best = (value, item)
    if best is None:
        raise ValueError("no options to choose from")
    return best


def weighed(state: Any, actions: Iterable[Any]) -> Iterator[Any]:
    """The actions worth weighing: each without an `alike` key, and the first of each key (the
    others lead to the same result, so one stands for them all)."""
    seen: set[Any] = set()
    for action in actions:
        key = state.alike(action)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        yield action


def best_step(state: Any, player: int, then: Callable[[Any, int], Any] | None = None,
              rng: random.Random | None = None) -> tuple[float, Any, Any]:
    """(value, action, state after) of the legal action whose result `assess()` values most for
    `player`; ties at random by `rng` (the first without one). `then(after, player)` carries
    each result on before it is valued (GreedyBot follows the player's own continuations of a
    multi-step action)."""
    legal = state.legal_actions_for(player)
    # choosing a subset: an item is selected (or unselected) only when that gains something, so
    # a selection worth nothing is confirmed, never toggled back and forth
    gates = any(isinstance(a, Confirm) for a in legal)
    now = sum(state.assess(player).values()) if gates else 0.0

    def results() -> Iterator[tuple[float, tuple[Any, Any]]]:
        for action in weighed(state, legal):
            after, _ = state.apply(action)
            if then is not None:
                after = then(after, player)
            total = sum(after.assess(player).values())
            if gates and isinstance(action, Toggle) and total <= now + TIE:
                continue
            yield total, (action, after)

    value, (action, after) = most(results(), rng)
    return value, action, after

"""Bots for every game. Each choice comes with a one-line reason, shown in the log.

Bots are handed `match.view(player)`: they decide on what that player may know, never on
hidden cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Choice:
    action: Any
    reason: str


class Bot(Protocol):
    name: str

    def choose(self, state: Any, player: int) -> Choice: ...


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded RNG."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.name = "random"
        self._rng = random.Random(seed)

    def choose(self, state: Any, player: int) -> Choice:
        legal = state.legal_actions()
        action = self._rng.choice(legal)
        return Choice(action, f"at random among {len(legal)} legal actions")

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


class GreedyBot:
    """Looks one action ahead and takes the best by the game's `assess()` terms.

    The reason names the term that gained most, e.g. "+9 aboard my train on track 2". Ties go
    to the first action in the legal order, so the bot is deterministic."""

    def __init__(self) -> None:
        self.name = "greedy"

    def choose(self, state: Any, player: int) -> Choice:
        legal = state.legal_actions()
        before = state.assess(player)
        best: tuple[float, Any, dict[str, float]] | None = None
        for action in legal:
            after, _ = state.apply(action)
            terms = after.assess(player)
            total = sum(terms.values())
            if best is None or total > best[0] + 1e-9:
                best = (total, action, terms)
        assert best is not None, "a pending decision always has a legal action"
        _, action, terms = best
        gains = {k: terms.get(k, 0.0) - before.get(k, 0.0) for k in set(terms) | set(before)}
        key = max(sorted(gains), key=lambda k: gains[k])
        if gains[key] > 1e-9:
            reason = f"{action}: {gains[key]:+.1f} {key}"
        else:
            reason = f"{action}: nothing better among {len(legal)} actions"
        return Choice(action, reason)

    def __repr__(self) -> str:
        return "GreedyBot()"


def by_name(name: str, seed: int = 0) -> Bot:
    """A bot from its short name ("random" or "greedy"), for widgets and scripts."""
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot()
    raise ValueError(f"unknown bot {name!r}; choose 'random' or 'greedy'")

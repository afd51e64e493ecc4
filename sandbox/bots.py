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
    """Looks one decision ahead and takes the best by the game's `assess()` terms.

    Where a game splits one action into several decisions of the same player (pay for a build
    card by card, the parts of a delivery, a bonus action), the state lists those decision kinds
    in `continuations`; the bot then follows its own best next choice through them before it
    judges, so "deliver" is valued by what the delivery brings. The reason names the term that
    gained most, e.g. "+9 aboard my train on track 2". Ties go to the first action in the legal
    order.

    A game whose rules allow an endless loop of small gains (Isle of Trains: a free VP token
    from an empty passenger bag, every action) declares `patience`, a number of turns; past it
    the bot mixes in more and more random actions from its own seeded RNG, so two greedy bots
    always finish. Same seed, same game."""

    def __init__(self, max_rollout: int = 24, seed: int = 0) -> None:
        self.name = "greedy"
        self.max_rollout = max_rollout
        self.seed = seed
        self._rng = random.Random(seed)

    def _best(self, state: Any, player: int) -> tuple[float, Any, Any]:
        best: tuple[float, Any, Any] | None = None
        for action in state.legal_actions():
            after, _ = state.apply(action)
            after = self._rollout(after, player)
            total = sum(after.assess(player).values())
            if best is None or total > best[0] + 1e-9:
                best = (total, action, after)
        assert best is not None, "a pending decision always has a legal action"
        return best

    def _rollout(self, state: Any, player: int) -> Any:
        """Follow the best 1-step choice while the same player continues the same action."""
        kinds = getattr(state, "continuations", ())
        for _ in range(self.max_rollout):
            pending = state.pending
            if pending.player != player or pending.kind not in kinds:
                break
            options = state.legal_actions()
            scored = []
            for action in options:
                after, _ = state.apply(action)
                scored.append((sum(after.assess(player).values()), action, after))
            state = max(scored, key=lambda x: x[0])[2] if scored else state
        return state

    def choose(self, state: Any, player: int) -> Choice:
        legal = state.legal_actions()
        patience = getattr(state, "patience", None)
        turn = getattr(state, "turn", 0)
        if patience and turn > patience and self._rng.random() < min(0.9, (turn - patience) / patience):
            action = self._rng.choice(legal)
            return Choice(action, f"{action}: a long game (turn {turn}), a random action to move it on")
        before = state.assess(player)
        _, action, after = self._best(state, player)
        terms = after.assess(player)
        gains = {k: terms.get(k, 0.0) - before.get(k, 0.0) for k in set(terms) | set(before)}
        key = max(sorted(gains), key=lambda k: gains[k])
        if gains[key] > 1e-9:
            reason = f"{action}: {gains[key]:+.1f} {key}"
        else:
            reason = f"{action}: nothing better among {len(legal)} actions"
        return Choice(action, reason)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})" if self.seed else "GreedyBot()"


def by_name(name: str, seed: int = 0) -> Bot:
    """A bot from its short name ("random" or "greedy"), for widgets and scripts."""
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot()
    raise ValueError(f"unknown bot {name!r}; choose 'random' or 'greedy'")

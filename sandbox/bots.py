"""Bots for every game. Each choice comes with a one-line reason, shown in the log.

Bots are handed `match.view(player)`: they decide on what that player may know, never on
hidden cards.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from sandbox.core.bot import Bot, Choice
from sandbox.lookahead import TIE, best_step, most, weighed


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded RNG."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.name = "random"
        self._rng = random.Random(seed)

    def choose(self, state: Any, player: int) -> Choice:
        legal = state.legal_actions_for(player)
        action = self._rng.choice(legal)
        return Choice(action, f"at random among {_actions(len(legal), 'legal ')}")

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


_CHOOSERS: dict[type, Any] = {}


def game_chooser(state: Any) -> Callable[[GreedyBot, Any, int], Choice | None] | None:
    """A game's own chooser for the greedy bot, `greedy_chooser` in the game package's `strategy`
    module if it has one (Isle of Trains solo looks days ahead): called with (bot, state, player),
    it returns the Choice with its own reason, or None to leave the choice to `best_step`."""
    cls = type(state)
    if cls not in _CHOOSERS:
        package = cls.__module__.rsplit(".", 1)[0]
        try:
            module = importlib.import_module(package + ".strategy")
        except ImportError:
            module = None
        _CHOOSERS[cls] = getattr(module, "greedy_chooser", None)
    return _CHOOSERS[cls]


class GreedyBot:
    """Looks one decision ahead and takes the best by the game's `assess()` terms.

    Where a game splits one action into several decisions of the same player (pay for a build
    card by card, the parts of a delivery, a bonus action), the state lists those decision kinds
    in `continuations`; the bot then follows its own best next choice through them before it
    judges, so "deliver" is valued by what the delivery brings. The reason names the term that
    gained most, e.g. "+9 aboard my train on track 2". Ties between equally valued actions go
    at random, from the bot's own RNG seeded by `seed`: the same seed makes the same choices.

    The bot has no way out of a loop of small gains but the game's valuation: a game whose
    rules allow one (Isle of Trains: a VP token from the empty passenger bag, every action)
    values what ends the game in its `assess` (see `isle_of_trains/strategy.py`), so two
    greedy bots finish without any random moves. A game may offer its own chooser for the
    decisions one step cannot judge (`game_chooser`: Isle of Trains solo looks days ahead)."""

    def __init__(self, max_rollout: int = 24, seed: int = 0) -> None:
        self.name = "greedy"
        self.max_rollout = max_rollout
        self.seed = seed
        self.rng = random.Random(seed)

    def _best(self, state: Any, player: int) -> tuple[float, Any, Any]:
        return best_step(state, player, then=self._rollout, rng=self.rng)

    def _rollout(self, state: Any, player: int) -> Any:
        """Follow the best 1-step choice while the same player continues the same action."""
        kinds = state.continuations
        for _ in range(self.max_rollout):
            pending = state.pending
            if pending.player != player or pending.kind not in kinds:
                break
            options = state.legal_actions_for(player)
            afters = (state.apply(action)[0] for action in weighed(state, options))
            state = most(((sum(after.assess(player).values()), after) for after in afters), self.rng)[1]
        return state

    def choose(self, state: Any, player: int) -> Choice:
        legal = state.legal_actions_for(player)
        if len(legal) == 1:
            return Choice(legal[0], f"{state.describe(legal[0], player)}: the only legal action")
        chooser = game_chooser(state)
        chosen = chooser(self, state, player) if chooser is not None else None
        if chosen is not None:
            return chosen
        before = state.assess(player)
        _, action, after = self._best(state, player)
        return Choice(action, gain_reason(state.describe(action, player), before, after.assess(player),
                                          len(legal)))

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})" if self.seed else "GreedyBot()"


def gain_reason(words: str, before: dict[str, float], after: dict[str, float], count: int) -> str:
    """A greedy choice's reason: the `assess` term that gained most, or that nothing did."""
    gains = {k: after.get(k, 0.0) - before.get(k, 0.0) for k in set(after) | set(before)}
    key = max(sorted(gains), key=lambda k: gains[k]) if gains else ""
    if key and gains[key] > TIE:
        return f"{words}: {gains[key]:+.1f} {key}"
    return f"{words}: nothing better among {_actions(count)}"


def _actions(count: int, kind: str = "") -> str:
    return f"{count} {kind}action{'s' * (count != 1)}"


def _mcts(**settings: Any) -> Bot:
    """The information-set MCTS bot (sandbox/mcts.py), imported when first seated; its "bot"
    rollouts play GreedyBot in a game without a greedy bot of its own."""
    from sandbox.mcts import MCTSBot

    return MCTSBot(**{"greedy": GreedyBot, **settings})


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": _mcts}
"""The bots every game can seat (a game adds its own in `GameInfo.bots`)."""


def by_name(name: str, seed: int = 0, game: Any = None) -> Bot:
    """A bot from its short name ("random", "greedy", "mcts", or one the game adds), for widgets and
    scripts; "random:2" gives the seed in the name."""
    if ":" in name:
        name, _, given = name.partition(":")
        seed = int(given)
    known = {**BOTS, **(dict(game.bots) if game is not None else {})}
    if name not in known:
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(sorted(known))}")
    return known[name](seed=seed)

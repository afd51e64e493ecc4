"""An information-set MCTS bot for every game, through the state contract alone.

Single-observer ISMCTS (as OpenSpiel's `ISMCTSBot`, after Cowling, Powley and Whitehouse 2012):
the bot is handed the view of its seat, never the full table. Each iteration deals one world
consistent with that view (`determinize`), then walks one shared tree in that world:

- selection: UCT among the actions legal *in this world*, each child scored by its mover's mean
  reward, with the child's availability count (how often it was legal when its parent was
  visited) in place of the parent's visits, so actions legal in few worlds are not favoured;
- expansion: one untried legal action;
- rollout: at most `depth` plies, each a one-step greedy choice by the game's `assess()` with
  probability `greedy_share` and a random legal action otherwise (pure random rollouts are too
  far from real play: they judged a sure point no better than a blunder); a game not over by
  then is judged by each seat's lead in its `assess()` total, squashed by `tanh(lead / scale)`;
- backpropagation: every seat's reward (win 1, a shared win split, loss 0; or the normalised
  assessment) added to every node of the path.

Chance decisions are sampled by their weight (`sample_chance`), as the runner does, and become
children like any action, so the tree branches on what was drawn.

Deterministic under a seed when budgeted by iterations (the default); a `seconds` budget stops
by the clock, so its choices depend on the machine.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from sandbox.bots import Choice, best_step
from sandbox.core.pending import CHANCE

Rewards = tuple[float, ...]


@dataclass(eq=False)
class _Node:
    """One place in the tree: reached by `action`, decided by `mover` (None: chance)."""

    mover: int | None
    visits: int = 0
    available: int = 0
    total: list[float] = field(default_factory=list)  # summed reward per seat (index seat - 1)
    children: dict[Any, _Node] = field(default_factory=dict)

    def mean(self, seat: int) -> float:
        return self.total[seat - 1] / self.visits if self.visits else 0.0


class MCTSBot:
    """Information-set MCTS on the view it is handed.

    `iterations` (default 200) or `seconds` bound each decision; `depth` bounds each rollout
    before the game's `assess()` judges the position; `greedy_share` is the share of rollout
    plies chosen greedily (0: random rollouts); `scale` is the lead in `assess()` points that
    counts as most of a win; `exploration` is the UCT constant (rewards lie in [0, 1])."""

    def __init__(self, iterations: int | None = None, seconds: float | None = None, seed: int = 0,
                 depth: int = 8, exploration: float = 0.7, greedy_share: float = 0.5,
                 scale: float = 5.0) -> None:
        self.name = "mcts"
        self.iterations = iterations if iterations is not None or seconds is not None else 200
        self.seconds = seconds
        self.seed = seed
        self.depth = depth
        self.exploration = exploration
        self.greedy_share = greedy_share
        self.scale = scale
        self._rng = random.Random(seed)

    # --- the decision ---------------------------------------------------------------------------
    def choose(self, state: Any, player: int) -> Choice:
        legal = state.legal_actions_for(player)
        if len(legal) == 1:
            return Choice(legal[0], f"{legal[0]}: the only legal action")
        seats = state.config.players
        root = _Node(player, total=[0.0] * seats)
        rng = self._rng
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline and done:
                break
            self._iterate(root, state.determinize(rng), rng, seats, player)
            done += 1
        ranked = [(root.children[a].visits, -i, a) for i, a in enumerate(legal) if a in root.children]
        visits, _, action = max(ranked)
        mean = root.children[action].mean(player)
        return Choice(action, f"{action}: visited {visits}/{done}, mean reward {mean:.2f}")

    def _iterate(self, root: _Node, world: Any, rng: random.Random, seats: int, player: int) -> None:
        """One descent, rollout and backup. At the root the bot's own seat decides: in a
        simultaneous decision the first seat still to commit may be another one, and the root
        must hold this seat's options."""
        path = [root]
        node = root
        expanded = False
        while not world.is_over and not expanded:
            mover = player if node is root else _mover(world)
            if mover == CHANCE:
                action = world.sample_chance(rng)
            else:
                action, expanded = self._select(node, world, mover, rng)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node(mover if mover != CHANCE else None, total=[0.0] * seats)
                expanded = True
            world, _ = world.apply(action)
            node = child
            path.append(node)
        rewards = self._rollout(world, rng, seats)
        for visited in path:
            visited.visits += 1
            for k in range(seats):
                visited.total[k] += rewards[k]

    def _select(self, node: _Node, world: Any, mover: int, rng: random.Random) -> tuple[Any, bool]:
        """(action, whether it is new): an untried legal action at random, else UCT among the
        legal ones by the mover's mean reward and the availability counts."""
        legal = world.legal_actions_for(mover)
        untried = [a for a in legal if a not in node.children]
        for a in legal:
            child = node.children.get(a)
            if child is not None:
                child.available += 1
        if untried:
            return rng.choice(untried), True
        c = self.exploration
        best, best_value = legal[0], -math.inf
        for a in legal:
            child = node.children[a]
            value = child.mean(mover) + c * math.sqrt(math.log(max(1, child.available)) / child.visits)
            if value > best_value:
                best, best_value = a, value
        return best, False

    def _rollout(self, world: Any, rng: random.Random, seats: int) -> Rewards:
        for _ in range(self.depth):
            if world.is_over:
                break
            mover = _mover(world)
            if mover == CHANCE:
                action = world.sample_chance(rng)
            elif rng.random() < self.greedy_share:
                action = best_step(world, mover)[1]  # GreedyBot's one-step look
            else:
                action = rng.choice(world.legal_actions_for(mover))
            world, _ = world.apply(action)
        return rewards(world, seats, self.scale)

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else f"iterations={self.iterations}"
        return f"MCTSBot({budget}, seed={self.seed})"


def _mover(state: Any) -> int:
    """Who decides now; in a simultaneous decision the first seat still to commit (as the runner)."""
    if state.simultaneous:
        return int(state.pending.players[0])
    return int(state.to_move)


def rewards(state: Any, seats: int, scale: float = 5.0) -> Rewards:
    """Every seat's reward in [0, 1]: at the end a win is 1, a win shared by k is 1/k, a loss 0;
    before the end `(1 + tanh(lead / scale)) / 2`, where the lead is the seat's `assess()` total
    less the best other seat's: so a rollout cut short still says who stands better, and by how
    much (a bare ranking made a one-point lead worth as much as a landslide)."""
    outcome = state.outcome
    if outcome is not None:
        winners = set(outcome.winners)
        share = 1.0 / len(winners) if winners else 0.0
        return tuple(share if seat in winners else 0.0 for seat in range(1, seats + 1))
    values = [sum(state.assess(seat).values()) for seat in range(1, seats + 1)]
    out = []
    for k, value in enumerate(values):
        rival = max((v for j, v in enumerate(values) if j != k), default=value)
        out.append((1.0 + math.tanh((value - rival) / scale)) / 2.0)
    return tuple(out)

"""An information-set MCTS bot for every game, through the state contract alone.

Single-observer ISMCTS (as OpenSpiel's `ISMCTSBot`, after Cowling, Powley and Whitehouse 2012):
the bot is handed the view of its seat, never the full table. Each iteration deals one world
consistent with that view (`determinize`), then walks one shared tree in that world:

- candidates: the actions weighed are the legal ones, or where the game's strategy module has a
  `candidates(state, player, legal)`, the ones it names: Traintopia's tile lays a shortlist of
  the places that join most (hundreds of places, each tried once, laid the tile at random: 2-8
  points a game), Trains & Stations' dice its greedy bot's rule of thumb (rollouts cannot tell
  one reroll from another); a subset chosen toggle by toggle is only built up (`_building_up`);
- selection: UCT among the candidates legal *in this world*, each child scored by its mover's mean
  reward, with the child's availability count (how often it was legal when its parent was
  visited) in place of the parent's visits, so actions legal in few worlds are not favoured;
- expansion: one untried legal action;
- rollout: at most `depth` plies, each a one-step greedy choice by the game's `assess()` with
  probability `greedy_share` and a random legal action otherwise (pure random rollouts are too
  far from real play: they judged a sure point no better than a blunder); the greedy choice
  weighs every legal action (every candidate, where the game shortlists), or with `sample` the
  best of that many drawn at random (cheaper, so more iterations fit a time budget), or with
  `policy="bot"` is the game's own greedy bot's choice; a game not over by then is judged by
  each seat's lead in its `assess()` total, squashed by `tanh(lead / scale)`;
- backpropagation: every seat's reward (win 1, a shared win split, loss 0; or the normalised
  assessment) added to every node of the path; with `margin`, each seat's raw lead too, and a
  node's value blends its win rate with where its mean lead lies among the leads seen (far
  behind, every playout is lost and only the lead still tells options apart).

Solo there is no rival to lead, so a playout is valued on the seat's own terms (`solo_value`):
in a rated game (Isle of Trains' Challenge: the outcome names a rating band) by the points
reached, or before the end by the seat's `assess()` total; in a game with an objective (a
Scenario chapter) 1 for the objective met, else a partial value below 1 from the `assess()`
total (which counts the share of the way). Points have no fixed scale, so they are normalised
by the lowest and highest seen in this decision's search (as MuZero normalises its values).

Chance decisions are sampled by their weight (`sample_chance`), as the runner does, and become
children like any action, so the tree branches on what was drawn.

Budgets: `iterations` (the default, 200) is deterministic under a seed: the same view, seed
and count give the same choice on any machine. `seconds` stops searching at a deadline (the
clock is read every few iterations, so a decision overruns it by at most a few iterations):
how many iterations fit depends on the machine and its load, so its choices are NOT
reproducible. Given both, whichever runs out first stops the search.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sandbox.core.bot import Bot, Choice
from sandbox.core.decision import Toggle, chosen
from sandbox.core.pending import CHANCE
from sandbox.lookahead import best_step

Rewards = tuple[float, ...]
Candidates = Callable[[Any, int, Any], list[Any]]


@dataclass(eq=False)
class _Node:
    """One place in the tree: reached by `action`, decided by `mover` (None: chance)."""

    mover: int | None
    visits: int = 0
    available: int = 0
    total: list[float] = field(default_factory=list)  # summed reward per seat (index seat - 1)
    children: dict[Any, _Node] = field(default_factory=dict)
    met: int = 0  # solo: playouts that met the objective (`total` sums the others' raw values)
    prior: dict[Any, float] = field(default_factory=dict)  # the root's: greedy value per action, 0-1
    lead: list[float] = field(default_factory=list)  # with a margin: summed lead per seat

    def mean(self, seat: int, solo: _Range | None = None, margins: _Margins | None = None) -> float:
        """The mean reward in [0, 1]; solo, from the raw values through the search's range;
        with `margins`, blended with where the mean lead lies in the range of leads seen."""
        if not self.visits:
            return 0.0
        if solo is None:
            won = self.total[seat - 1] / self.visits
            if margins is None or not self.lead:
                return won
            ahead = margins.share(self.lead[seat - 1], self.visits)
            return (1.0 - margins.weight) * won + margins.weight * ahead
        short = self.visits - self.met
        return (self.met + PARTIAL * short * solo.share(self.total[0], short)) / self.visits


PARTIAL = 0.8
"""Solo, with an objective: the most a playout that did not meet it is worth (meeting it is 1)."""


@dataclass(eq=False)
class _Range:
    """The lowest and highest raw solo value seen in one decision's search."""

    lo: float = math.inf
    hi: float = -math.inf

    def add(self, value: float) -> None:
        self.lo = min(self.lo, value)
        self.hi = max(self.hi, value)

    def share(self, total: float, count: int) -> float:
        """Where the mean of `count` values summing to `total` lies in the range, in [0, 1]."""
        if not count:
            return 0.0
        if self.hi - self.lo < 1e-9:
            return 0.5
        return (total / count - self.lo) / (self.hi - self.lo)


@dataclass(eq=False)
class _Margins(_Range):
    """The leads seen in one decision's search, and the weight a node's mean lead carries
    beside its win rate: far behind (or far ahead) every playout is lost (or won) and win
    rates alone tell no option from another; the lead still does."""

    weight: float = 0.0


@dataclass(frozen=True)
class Playout:
    """How rollouts choose: the share of plies chosen greedily (the rest at random among the
    candidates) and how many legal actions a greedy ply weighs, drawn at random (0: every one);
    `bot`: a greedy ply is the game's own greedy bot's choice (its drafts, lays and continuations
    as it plays them), not the bare one-step look."""

    greedy_share: float
    sample: int
    bot: bool = False


SOLO = Playout(0.9, 4)
"""Solo, where nothing else moves: mostly greedy plies over 4 sampled actions. Measured in
Isle of Trains' Challenge at 0.5 s a decision (seeds 4-7): 60 points on average, against 46
with `TABLE`'s rollouts and 41 for the greedy bot; at 1 s a decision (seeds 1-10) a median of
57 (mean 58), the greedy bot's 48. Longer rollouts (`depth=16`) scored less (44)."""
TABLE = Playout(0.5, 0)
"""Against others: half the plies greedy over every action. The sampled, mostly greedy
rollouts did not clearly pay there (2 players, 0.25 s a decision, against the greedy bot:
Everyone on Board 17.5 wins of 30, against 20 of 30 with these; Isle of Trains 5 of 10,
against 4 of 10)."""


class MCTSBot:
    """Information-set MCTS on the view it is handed.

    `iterations` (default 200; deterministic) or `seconds` (a time budget, e.g.
    `MCTSBot(seconds=1.0)`; not deterministic) bound each decision; `depth` bounds each rollout
    before the game's `assess()` judges the position; `greedy_share` is the share of rollout
    plies chosen greedily (0: random rollouts) and `sample` how many legal actions a greedy
    ply weighs (0: all), each the mode's usual (`SOLO` or `TABLE`) when left None; `scale` is
    the lead in `assess()` points that counts as most of a win; `exploration` is the UCT
    constant (rewards lie in [0, 1]); `prior` weighs a progressive bias at the root towards
    the actions the greedy one-step look values most (0, the default: it did not pay in the
    Challenge, 53 points on average against 60 at 0.5 s); `policy` "bot" plays the game's own
    greedy bot in rollouts ("step", the usual: `assess()` one step ahead); `margin` (0 to 1,
    off by default) weighs the lead beside the win rate (see the module's docstring); `greedy`
    makes the greedy bot "bot" rollouts play in a game with none of its own (`sandbox.bots`
    seats MCTS with its `GreedyBot`: the bots sit above the search, which never imports them)."""

    def __init__(self, iterations: int | None = None, seconds: float | None = None, seed: int = 0,
                 depth: int = 8, exploration: float = 0.7, greedy_share: float | None = None,
                 scale: float = 5.0, sample: int | None = None, prior: float = 0.0,
                 policy: str | None = None, margin: float | None = None,
                 greedy: Callable[..., Bot] | None = None) -> None:
        self.name = "mcts"
        self.iterations = iterations if iterations is not None or seconds is not None else 200
        self.seconds = seconds
        self.seed = seed
        self.depth = depth
        self.exploration = exploration
        self.greedy_share = greedy_share
        self.scale = scale
        self.sample = sample
        self.prior = prior
        if policy not in (None, "bot", "step"):
            raise ValueError(f"the rollout policy is 'bot' or 'step', not {policy!r}")
        self.policy = policy
        self.margin = margin
        self.greedy = greedy
        self._playout = Playout(0.5, 0)  # the one chosen for the decision at hand
        self._rng = random.Random(seed)
        self._margins: _Margins | None = None  # the decision at hand's, with a margin
        self._bots: dict[str, Bot] = {}  # the game's greedy bot, by game, for bot rollouts

    # --- the decision ---------------------------------------------------------------------------
    def choose(self, state: Any, player: int) -> Choice:
        legal = state.legal_actions_for(player)
        if len(legal) == 1:
            return Choice(legal[0], f"{state.describe(legal[0], player)}: the only legal action")
        legal = candidates(state, player)
        if len(legal) == 1:  # the game's rule of thumb decides (`candidates`)
            return Choice(legal[0], f"{state.describe(legal[0], player)}: the only action worth weighing")
        seats = state.config.players
        root = _Node(player, total=[0.0] * seats)
        if self.prior:
            root.prior = greedy_prior(state, player, legal)
        solo = _Range() if seats == 1 else None
        self._margins = _Margins(weight=self.margin) if self.margin and solo is None else None
        usual = SOLO if solo is not None else TABLE
        self._playout = Playout(usual.greedy_share if self.greedy_share is None else self.greedy_share,
                                usual.sample if self.sample is None else self.sample,
                                usual.bot if self.policy is None else self.policy == "bot")
        rng = self._rng
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            # the clock is read every few iterations (one iteration takes far less than a budget)
            if deadline is not None and done and not done % 4 and time.perf_counter() >= deadline:
                break
            self._iterate(root, state.determinize(rng), rng, seats, player, solo)
            done += 1
        ranked = [(root.children[a].visits, -i, a) for i, a in enumerate(legal) if a in root.children]
        visits, _, action = max(ranked)
        mean = root.children[action].mean(player, solo, self._margins)
        words = state.describe(action, player)  # as the seat reads it: a Hint shows it to a student
        return Choice(action, f"{words}: visited {visits}/{done}, mean reward {mean:.2f}")

    def _iterate(self, root: _Node, world: Any, rng: random.Random, seats: int, player: int,
                 solo: _Range | None) -> None:
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
                action, expanded = self._select(node, world, mover, rng, solo)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node(mover if mover != CHANCE else None, total=[0.0] * seats)
                expanded = True
            world, _ = world.apply(action)
            node = child
            path.append(node)
        world = self._rollout(world, rng)
        if solo is None:
            reward = rewards(world, seats, self.scale)
            margins = self._margins
            ahead = leads(world, seats) if margins is not None else None
            if margins is not None and ahead is not None:
                for lead in ahead:
                    margins.add(lead)
            for visited in path:
                visited.visits += 1
                for k in range(seats):
                    visited.total[k] += reward[k]
                if ahead is not None:
                    if not visited.lead:
                        visited.lead = [0.0] * seats
                    for k in range(seats):
                        visited.lead[k] += ahead[k]
            return
        met, raw = solo_value(world)
        if not met:
            solo.add(raw)
        for visited in path:
            visited.visits += 1
            visited.met += met
            visited.total[0] += 0.0 if met else raw

    def _select(self, node: _Node, world: Any, mover: int, rng: random.Random,
                solo: _Range | None) -> tuple[Any, bool]:
        """(action, whether it is new): an untried legal action at random, else UCT among the
        legal ones by the mover's mean reward and the availability counts."""
        legal = candidates(world, mover)
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
            explore = c * math.sqrt(math.log(max(1, child.available)) / child.visits)
            value = child.mean(mover, solo, self._margins) + explore
            if node.prior:  # progressive bias: the greedy look's opinion, fading with visits
                value += self.prior * node.prior.get(a, 0.0) / (1 + child.visits)
            if value > best_value:
                best, best_value = a, value
        return best, False

    def _rollout(self, world: Any, rng: random.Random) -> Any:
        """The world after at most `depth` plies of the rollout policy."""
        for _ in range(self.depth):
            if world.is_over:
                break
            mover = _mover(world)
            if mover == CHANCE:
                action = world.sample_chance(rng)
            elif rng.random() < self._playout.greedy_share:
                action = self._greedy_step(world, mover, rng)
            else:
                action = rng.choice(candidates(world, mover))
            world, _ = world.apply(action)
        return world

    def _greedy_step(self, world: Any, mover: int, rng: random.Random) -> Any:
        """GreedyBot's one-step look (`best_step`), or with `sample` the best by `assess()` of
        that many legal actions drawn at random: most of the greedy choice's worth for a
        fraction of its cost where a decision has many options."""
        if self._playout.bot:
            return self._greedy_bot(world).choose(world, mover).action
        sample = self._playout.sample
        shortlist = _hook(world) is not None
        if not sample and not shortlist:
            return best_step(world, mover, rng=rng)[1]  # ties at random, as GreedyBot breaks them
        legal = candidates(world, mover) if shortlist else world.legal_actions_for(mover)
        if sample and len(legal) > sample:
            legal = rng.sample(legal, sample)
        best, best_value = legal[0], -math.inf
        for action in legal:
            value = sum(world.apply(action)[0].assess(mover).values())
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def _greedy_bot(self, state: Any) -> Bot:
        """The game's own greedy bot (`greedy` where it has none), one per game, seeded."""
        game_id = state.game_id
        bot = self._bots.get(game_id)
        if bot is None:
            from sandbox.core.registry import get_game

            factory = dict(get_game(game_id).bots).get("greedy", self.greedy)
            if factory is None:
                raise ValueError(f"the rollout policy 'bot' plays the game's greedy bot, and "
                                 f"{game_id} has none: give MCTSBot(greedy=...) one "
                                 f"(sandbox.bots.by_name('mcts') gives GreedyBot)")
            bot = self._bots[game_id] = factory(seed=self.seed)
        return bot

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else f"iterations={self.iterations}"
        return f"MCTSBot({budget}, seed={self.seed})"


_HOOKS: dict[str, Candidates | None] = {}


def candidates(state: Any, player: int) -> list[Any]:
    """The actions the search weighs for `player`: every legal one, or where the game's strategy
    module has a `candidates(state, player, legal)` (a tile lay with hundreds of places), the
    ones it shortlists: a tree over hundreds of children never looks twice at any of them."""
    legal = state.legal_actions_for(player)
    hook = _hook(state)
    options = list(legal) if hook is None else hook(state, player, legal)
    return _building_up(state, options)


def _building_up(state: Any, options: list[Any]) -> list[Any]:
    """A subset chosen item by item is only built up, never taken apart: a toggle that takes
    an item out again (and the one that puts it back) made loops the search walked for ever,
    choosing "select d4", "unselect d4", ... while the tree learned nothing."""
    if not any(isinstance(a, Toggle) for a in options):
        return options
    frame = getattr(state, "top", None)
    picked = set(chosen(frame)) if frame is not None else set()
    kept = [a for a in options if not (isinstance(a, Toggle) and a.item in picked)]
    return kept or options


def _hook(state: Any) -> Candidates | None:
    """The game's `candidates` (in its strategy module), if it has one."""
    game_id = getattr(state, "game_id", None)
    if game_id is None:
        return None
    if game_id not in _HOOKS:
        try:
            module = importlib.import_module(f"sandbox.{game_id}.strategy")
        except ImportError:
            module = None
        _HOOKS[game_id] = getattr(module, "candidates", None)
    return _HOOKS[game_id]


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
    return tuple((1.0 + math.tanh(lead / scale)) / 2.0 for lead in leads(state, seats))


def leads(state: Any, seats: int) -> Rewards:
    """Each seat's lead over the best other seat: in final points once the game is over, else
    in `assess()` totals (negative when behind)."""
    outcome = state.outcome
    if outcome is not None:
        values = [float(outcome.scores.get(seat, 0)) for seat in range(1, seats + 1)]
    else:
        values = [sum(state.assess(seat).values()) for seat in range(1, seats + 1)]
    out = []
    for k, value in enumerate(values):
        rival = max((v for j, v in enumerate(values) if j != k), default=value)
        out.append(value - rival)
    return tuple(out)


def greedy_prior(state: Any, player: int, legal: list[Any]) -> dict[Any, float]:
    """Each legal action's one-step value by `assess()` for `player`, scaled to [0, 1]."""
    values = {a: sum(state.apply(a)[0].assess(player).values()) for a in legal}
    lo, hi = min(values.values()), max(values.values())
    return {a: (v - lo) / (hi - lo) if hi - lo > 1e-9 else 0.0 for a, v in values.items()}


def solo_value(state: Any, seat: int = 1) -> tuple[bool, float]:
    """(objective met, raw value) of a solo position, on the seat's own terms: there is no rival
    to compare with (a lead over itself was always 0, and every option scored alike). A rated
    game (its outcome names a band, as Isle of Trains' Challenge) is about its points, whatever
    its target; a game with an objective is met or not, and short of it the `assess()` total
    (which counts the share of the way) says how near; before the end, the `assess()` total."""
    outcome = state.outcome
    if outcome is None:
        return False, sum(state.assess(seat).values())
    if outcome.rating:
        return False, float(outcome.scores.get(seat, 0))
    if seat in outcome.winners:
        return True, 0.0
    return False, sum(state.assess(seat).values())

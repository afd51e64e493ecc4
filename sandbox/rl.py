"""PettingZoo environments for every game of the package (install the `rl` extra).

    from sandbox import rl
    env = rl.env("everyone_on_board", players=3, seed=7)

`env(game_id, ...)` builds a PettingZoo AEC environment for any registered game from what the
game declares, with nothing game-specific here:

- agents are "P1".."Pn" (the seats); chance (deals, draws, coins) is resolved inside the env
  with the same seeded dealer as a `Match` and `play_out` (`random.Random(f"{seed}/{ply}")`),
  so a game played here can be replayed in a `Match` with the same seed and stepped through;
- observations are `{"observation": float32 features, "action_mask": int8 mask}` (the
  PettingZoo convention for masked discrete actions), the features computed by the game's
  `Encoding` (`GameInfo.encoding`, see `sandbox.core.encoding`) from the agent's VIEW only;
- actions are `Discrete(N)`: the game's fixed action numbering if it declares one, else the
  action's position in `legal_actions_for(player)` (the engine's canonical order). A number
  that is not legal now raises `IllegalActionIndex` naming the legal ones;
- rewards come only when the game ends: +1 for a win, 0 for a shared win, -1 for a loss
  (`REWARDS`; a solo game wins or loses against its goal). Results, not scores: scores differ
  in scale from game to game and a win is what the rules reward. The final scores and the
  outcome are in every agent's `info` then. `max_plies` truncates a long game (no reward).

`BotAgent("greedy")` plays any sandbox bot by name through an env (it reads only its view).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from sandbox.bots import Bot, by_name
from sandbox.core.encoding import Encoding, generic
from sandbox.core.pending import CHANCE
from sandbox.core.registry import GameInfo, get_game

REWARDS: Mapping[str, float] = {"win": 1.0, "shared win": 0.0, "loss": -1.0}
"""The reward for each result of `Outcome.result(player)`, given once, when the game ends."""


class IllegalActionIndex(ValueError):
    """An action number that is not legal for the agent now (its mask is 0 there)."""


def env(game_id: str, players: int | None = None, seed: int = 0, *, max_plies: int | None = None,
        render_mode: str | None = None, **options: Any) -> SandboxEnv:
    """A PettingZoo AEC env for `game_id` with `players` seats (the fewest if None), the game's
    own `options`, and `seed` for the first game (each later `reset()` plays the next seed)."""
    return SandboxEnv(game_id, players, seed, max_plies=max_plies, render_mode=render_mode, **options)


def encoding_of(info: GameInfo) -> Encoding:
    """The game's declared encoding, or the generic one (who decides, scores, turn)."""
    encoding = info.encoding
    return encoding if encoding is not None else generic(info.players[1])


def agent_name(player: int) -> str:
    return f"P{player}"


def seat_of(agent: str) -> int:
    """The seat number of an agent name ("P2" -> 2)."""
    if not (isinstance(agent, str) and agent[:1] == "P" and agent[1:].isdigit()):
        raise ValueError(f"{agent!r} is not an agent: agents are named P1, P2, ...")
    return int(agent[1:])


class SandboxEnv(AECEnv):
    """One game of the package as a PettingZoo AEC env (see the module docstring)."""

    def __init__(self, game_id: str, players: int | None = None, seed: int = 0, *,
                 max_plies: int | None = None, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.info = get_game(game_id)
        self.config = self.info.configure(players, **options)
        self.encoding = encoding_of(self.info)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.metadata = {"name": f"sandbox_{game_id}_v0", "render_modes": ["ansi"],
                         "is_parallelizable": False}
        self.possible_agents = [agent_name(p) for p in range(1, self.config.players + 1)]
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.encoding.actions) for a in self.possible_agents}
        self._next_seed = seed
        self.game_seed = seed
        self.game_state: Any = None
        self.ply = 0
        self._legal_cache: tuple[Any, int, dict[int, Any]] | None = None

    # --- spaces ---------------------------------------------------------------------------------
    def _observation_space(self) -> spaces.Dict:
        bound = self.encoding.bound
        return spaces.Dict({
            "observation": spaces.Box(-bound, bound, (self.encoding.features,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.encoding.actions,), np.int8),
        })

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the game ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game: with `seed` if given, else the next seed (the env's seed first).
        `options` is PettingZoo's and unused: the game's own options are given to `env()`."""
        self.game_seed = self._next_seed if seed is None else int(seed)
        self._next_seed = self.game_seed + 1
        start = self.info.initial_state
        assert start is not None, "get_game gives playable games only"
        self.game_state = start(self.config)
        self.ply = 0
        self._legal_cache = None
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.agents[0]  # until someone decides (a game over at once keeps it)
        self._settle()
        self._after_move()
        self._accumulate_rewards()  # a game over before anyone decides still pays its results

    def step(self, action: Any) -> None:
        """Play the selected agent's action number (None once the agent is done)."""
        self._require_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self.action_of(agent, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._play(chosen)
        self._settle()
        self._after_move()
        self._accumulate_rewards()

    def _play(self, action: Any) -> None:
        self.game_state, _events = self.game_state.apply(action)
        self.ply += 1

    def _settle(self) -> None:
        """Resolve chance until a player decides or the game ends, as a Match would."""
        while self.game_state.to_move == CHANCE:
            self._play(self.game_state.sample_chance(random.Random(f"{self.game_seed}/{self.ply}")))

    def _after_move(self) -> None:
        """Select who decides next, or end the game (rewards) or cut it short (max_plies)."""
        state = self.game_state
        if state.is_over:
            outcome = state.outcome
            for agent in self.agents:
                player = seat_of(agent)
                self.rewards[agent] = REWARDS.get(outcome.result(player), 0.0) if outcome else 0.0
                self.terminations[agent] = True
                self.infos[agent] = {"result": outcome.result(player) if outcome else "",
                                     "scores": dict(outcome.scores) if outcome else {}, "plies": self.ply}
            return
        if self.max_plies is not None and self.ply >= self.max_plies:
            for agent in self.agents:
                self.truncations[agent] = True
                self.infos[agent] = {"plies": self.ply}
            return
        self.agent_selection = agent_name(self._decider())

    def _decider(self) -> int:
        """The seat that decides now (the first of several deciding at once, as the runner)."""
        state = self.game_state
        return state.pending.players[0] if state.simultaneous else state.to_move

    # --- observations and actions -----------------------------------------------------------------
    def view(self, agent: str) -> Any:
        """The game as `agent` may know it: all an agent (or a bot playing it) may read."""
        self._require_reset()
        return self.game_state.view(seat_of(agent))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = seat_of(agent)
        features = self.encoding.observe(self.view(agent), player)
        if len(features) != self.encoding.features:
            raise ValueError(f"{self.info.title}'s encoding gave {len(features)} features, "
                             f"not the {self.encoding.features} it declares")
        bound = self.encoding.bound
        observation = np.clip(np.asarray(features, dtype=np.float32), -bound, bound)
        return {"observation": observation, "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> np.ndarray:
        """1 at the number of every action `agent` may take now, 0 elsewhere."""
        mask = np.zeros(self.encoding.actions, dtype=np.int8)
        numbered = self.legal(agent)
        if numbered:
            mask[list(numbered)] = 1
        return mask

    def legal(self, agent: str) -> dict[int, Any]:
        """{number: action} for every action `agent` may take now (worked out once per state, on
        the agent's view: the same legal actions as the full state's, as every bot relies on)."""
        player = seat_of(agent)
        cached = self._legal_cache
        if cached is not None and cached[0] is self.game_state and cached[1] == player:
            return cached[2]
        actions = self.view(agent).legal_actions_for(player)  # from the view: the mask tells nothing more
        numbered = self._number(actions)
        self._legal_cache = (self.game_state, player, numbered)
        return numbered

    def _number(self, actions: tuple[Any, ...]) -> dict[int, Any]:
        size, index = self.encoding.actions, self.encoding.action_index
        if index is None:
            if len(actions) > size:
                raise RuntimeError(f"{len(actions)} legal actions in {self.info.title}, more than the "
                                   f"{size} of its action space: declare more in its Encoding")
            return dict(enumerate(actions))
        numbered: dict[int, Any] = {}
        for action in actions:
            i = index(action)
            if not 0 <= i < size or i in numbered:
                raise RuntimeError(f"{self.info.title}'s action_index gives {action} the number {i}: "
                                   f"numbers must be distinct and below {size}")
            numbered[i] = action
        return numbered

    def action_of(self, agent: str, number: Any) -> Any:
        """The legal action numbered `number` for `agent`; IllegalActionIndex if there is none."""
        if isinstance(number, (bool, np.bool_)) or not isinstance(number, (int, np.integer)):
            raise IllegalActionIndex(f"{agent} must act with a whole action number, not {number!r}")
        numbered = self.legal(agent)
        action = numbered.get(int(number))
        if action is None:
            shown = ", ".join(f"{i} ({self.game_state.describe(a, seat_of(agent))})"
                              for i, a in list(numbered.items())[:6])
            more = f", ... ({len(numbered)} in all)" if len(numbered) > 6 else ""
            raise IllegalActionIndex(f"action {int(number)} is not legal for {agent} now; legal: "
                                     f"{shown or 'none'}{more}")
        return action

    def index_of(self, agent: str, action: Any) -> int:
        """The number of `agent`'s legal action `action` (what a wrapped bot answers with)."""
        for number, legal in self.legal(agent).items():
            if legal == action:
                return number
        raise IllegalActionIndex(f"{action} is not legal for {agent} now")

    # --- the rest of the API -------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.game_state)
        return None

    def close(self) -> None:
        """Nothing to release: the env holds only an immutable state."""

    def _require_reset(self) -> None:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the env")

    def __str__(self) -> str:
        return str(self.metadata["name"])


class BotAgent:
    """A sandbox bot playing an agent through an env, by name ("greedy", "random:2", "mcts" or
    a bot the game adds): it decides on the agent's view, as in a `Match`, and answers with the
    action's number. The bot is made on first use, when the game (and its own bots) is known."""

    def __init__(self, name: str, seed: int = 0) -> None:
        self.name = name
        self.seed = seed
        self._bot: Bot | None = None
        self.reason = ""

    def act(self, env: SandboxEnv, agent: str) -> int:
        """The number of the action the bot chooses for `agent` now; its reason is kept."""
        if self._bot is None:
            self._bot = by_name(self.name, self.seed, env.info)
        choice = self._bot.choose(env.view(agent), seat_of(agent))
        self.reason = choice.reason
        return env.index_of(agent, choice.action)

    def __repr__(self) -> str:
        return f"BotAgent({self.name!r}, seed={self.seed})"

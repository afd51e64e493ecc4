"""The PettingZoo env (`sandbox.rl`) for every registered game and the solo toy: the PettingZoo
API, seeded determinism, the same games as `play_out`, observations from the view only, masks
that are the legal actions, and refusals of action numbers that are not legal."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import numpy as np
import pytest

import sandbox

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test

from sandbox import rl
from sandbox.bots import RandomBot
from sandbox.core.encoding import rotated
from sandbox.core.runner import play_out
from tests.contract.games import GAMES, SETUPS, sampled_states


def _play(env, choose, limit=100_000):
    """Play `env` to the end (or `limit` agent steps): `choose(env, agent, obs)` gives each
    live agent's number. Returns every (agent, observation, action) seen."""
    seen = []
    for agent in env.agent_iter(limit):
        obs, _reward, terminated, truncated, _info = env.last()
        action = None if terminated or truncated else choose(env, agent, obs)
        seen.append((agent, obs, action))
        env.step(action)
    return seen


def _masked_random(seed):
    rng = np.random.default_rng(seed)
    return lambda env, agent, obs: int(rng.choice(np.flatnonzero(obs["action_mask"])))


# PettingZoo's style advice this env does not follow, on purpose: agents are the seats' own
# names (P1..Pn), and observations are the standard {"observation", "action_mask"} dict.
@pytest.mark.filterwarnings("ignore:We recommend agents to be named")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize("game, players", SETUPS)
def test_pettingzoo_api(game, players):
    api_test(rl.env(game, players=players, seed=players), num_cycles=60)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_game(game):
    players = sandbox.get_game(game).players[1]

    def run(seed):
        env = rl.env(game, players=players, seed=seed, max_plies=400)
        env.reset()
        return [(a, o["observation"].tobytes(), o["action_mask"].tobytes(), x)
                for a, o, x in _play(env, _masked_random(1))]

    assert run(7) == run(7)
    if game != "ten":  # the toy can end at once whatever the seed
        assert run(7) != run(8)


def test_reset_with_a_seed_replays_and_without_moves_on():
    env = rl.env("everyone_on_board", players=3, seed=4)
    env.reset()
    first = env.observe(env.agent_selection)["observation"].copy()
    assert env.game_seed == 4
    env.reset()
    assert env.game_seed == 5
    env.reset(seed=4)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], first)


@pytest.mark.parametrize("game, players", SETUPS)
def test_bots_through_the_env_play_the_game_play_out_plays(game, players):
    """Chance resolved as the runner does, each bot on its view: the same game, move for move."""
    plies = 300
    env = rl.env(game, players=players, seed=3, max_plies=plies)
    env.reset()
    agents = {a: rl.BotAgent(f"random:{rl.seat_of(a)}") for a in env.possible_agents}
    _play(env, lambda env, agent, obs: agents[agent].act(env, agent))
    start = sandbox.get_game(game).initial_state(env.config)
    bots = {p: RandomBot(seed=p) for p in range(1, players + 1)}
    played = play_out(start, bots, seed=3, max_plies=env.ply)  # the env stops at a decision
    assert env.game_state == played.state
    assert env.ply == played.plies


def test_a_greedy_bot_agent_plays_a_whole_game_and_the_rewards_follow_the_results():
    env = rl.env("everyone_on_board", players=2, seed=2)
    env.reset()
    agents = {"P1": rl.BotAgent("greedy"), "P2": rl.BotAgent("random:2")}
    rewards = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        _obs, reward, terminated, truncated, _info = env.last()
        rewards[agent] += reward
        env.step(None if terminated or truncated else agents[agent].act(env, agent))
    outcome = env.game_state.outcome
    assert outcome is not None and not env.agents
    for agent, total in rewards.items():
        assert total == rl.REWARDS[outcome.result(rl.seat_of(agent))]
    assert agents["P1"].reason


def test_an_unknown_bot_name_is_refused_by_name():
    env = rl.env("everyone_on_board", players=2)
    env.reset()
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        rl.BotAgent("nobody").act(env, env.agent_selection)


@pytest.mark.parametrize("game, players", [s for s in SETUPS if s[1] > 1])
def test_observations_come_from_the_view_only(game, players):
    """Hidden twins (everything the viewer cannot see dealt again) give the viewer the same
    observation and mask; the twins really differ, so the check has teeth."""
    env = rl.env(game, players=players)
    env.reset()
    rng = random.Random(players)
    differ = 0
    for state in sampled_states(game, players, seed=players, every=29, limit=25):
        for player in range(1, players + 1):
            agent = rl.agent_name(player)
            twin = state.view(player).determinize(rng)
            env.game_state = state
            mine = env.observe(agent)
            env.game_state = twin
            theirs = env.observe(agent)
            assert np.array_equal(mine["observation"], theirs["observation"]), f"{state} / {agent}"
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            differ += twin != state
    assert differ > 10


def test_the_env_hands_the_encoding_a_view_so_even_a_peeking_encoding_cannot_peek():
    """An encoding that reads the other hand card by card: on the full states it would tell the
    twins apart; through the env, which hands it P1's view, it cannot."""
    from sandbox.core.encoding import Encoding

    def peek(view, player):
        return [float(c.key) for c in view.hands[1]] + [0.0] * (5 - len(view.hands[1]))

    env = rl.env("everyone_on_board", players=2)
    env.encoding = Encoding(features=5, observe=peek)
    env.reset()
    state = list(sampled_states("everyone_on_board", 2, seed=1, every=1, limit=30, chance=False))[-1]
    twin = state.view(1).determinize(random.Random(0))
    assert peek(state, 1) != peek(twin, 1), "the full states differ in P2's hand"
    env.game_state = state
    mine = env.observe("P1")["observation"]
    env.game_state = twin
    assert np.array_equal(mine, env.observe("P1")["observation"])


@pytest.mark.parametrize("game, players", SETUPS)
def test_masks_are_the_legal_actions(game, players):
    env = rl.env(game, players=players)
    env.reset()
    for state in sampled_states(game, players, seed=5, every=13, limit=30, chance=False):
        env.game_state = state
        for player in range(1, players + 1):
            agent = rl.agent_name(player)
            mask = env.observe(agent)["action_mask"]
            legal = state.legal_actions_for(player)
            assert mask.sum() == len(legal)
            assert {env.action_of(agent, int(i)) for i in np.flatnonzero(mask)} == set(legal)
            for action in legal:
                assert mask[env.index_of(agent, action)] == 1


def test_everyone_on_board_numbers_each_action_the_same_in_every_state():
    from sandbox.everyone_on_board import features

    env = rl.env("everyone_on_board", players=3)
    env.reset()
    numbers: dict = {}
    for state in sampled_states("everyone_on_board", 3, seed=2, every=3, limit=60, chance=False):
        env.game_state = state
        agent = rl.agent_name(state.to_move)
        for number, action in env.legal(agent).items():
            assert numbers.setdefault(action, number) == number
            assert features.action_index(action) == number
    assert len(numbers) > 50
    assert len(set(numbers.values())) == len(numbers)


@pytest.mark.parametrize("game", GAMES)
def test_an_action_number_that_is_not_legal_is_refused_clearly(game):
    env = rl.env(game, players=sandbox.get_game(game).players[0], seed=1)
    env.reset()
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before, ply = env.game_state, env.ply
    illegal = int(np.flatnonzero(mask == 0)[0])
    refusal = rf"action {illegal} is not legal for {agent} now; legal: "
    with pytest.raises(rl.IllegalActionIndex, match=refusal):
        env.step(illegal)
    for junk in (None, "end", 1.5, True, [0]):
        with pytest.raises(rl.IllegalActionIndex, match="whole action number"):
            env.step(junk)
    assert env.game_state is before and env.ply == ply and env.agent_selection == agent
    env.step(np.int64(np.flatnonzero(mask)[0]))  # numpy integers are numbers too
    assert env.ply > ply


def test_the_env_must_be_reset_first_and_names_its_agents():
    env = rl.env("everyone_on_board", players=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(ValueError, match="agents are named P1"):
        rl.seat_of("player_0")
    assert env.possible_agents == ["P1", "P2"]
    with pytest.raises(ValueError, match="for 2-4 players"):
        rl.env("everyone_on_board", players=5)


def test_a_long_game_is_truncated_without_reward():
    env = rl.env("isle_of_trains", players=2, seed=1, max_plies=50)
    env.reset()
    _play(env, _masked_random(0))
    assert env.ply >= 50 and env.game_state.outcome is None and not env.agents


def test_rotated_seats_put_the_observer_first():
    assert rotated(3, 4) == (3, 4, 1, 2)
    assert rotated(2, 2, pad=4) == (2, 1, 0, 0)


def test_importing_sandbox_does_not_import_the_learning_libraries():
    code = ("import sys, sandbox; sandbox.games(); "
            "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_numbering_is_the_same_in_any_process():
    """Legal-list numbers follow the engine's canonical order, never a hash order: two
    processes with different hash seeds see the same masks and play the same game."""
    code = ("import hashlib, numpy as np; from sandbox import rl\n"
            "env = rl.env('isle_of_trains', players=3, seed=5, max_plies=300); env.reset()\n"
            "rng = np.random.default_rng(0); digest = hashlib.sha256()\n"
            "for agent in env.agent_iter():\n"
            "    obs, _, done, cut, _ = env.last()\n"
            "    digest.update(obs['action_mask'].tobytes() + obs['observation'].tobytes())\n"
            "    env.step(None if done or cut else int(rng.choice(np.flatnonzero(obs['action_mask']))))\n"
            "print(digest.hexdigest(), env.ply)")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(outs) == 1

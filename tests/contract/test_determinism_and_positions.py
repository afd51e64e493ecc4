"""For every registered game: the same seed and actions give the same game, text and pictures in
any process; written positions are validated, refused with a ValueError naming what is wrong,
or settled into a state where somebody can act (or the game is over)."""

from __future__ import annotations

import copy
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import sandbox
from tests.contract.games import GAMES

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import hashlib, sys, sandbox
import tests.contract.games  # registers the solo toy
from sandbox.bots import GreedyBot, RandomBot
game, players = sys.argv[1], int(sys.argv[2])
m = sandbox.new_game(game, players=players, seed=21)
bots = {p: RandomBot(seed=p) for p in range(1, players + 1)}
bots[1] = GreedyBot()
for _ in range(400):
    if m.step(bots) is None:
        break
mid = m.line()[m.ply // 2].state
parts = [m.to_json(), m.log(), m.log(viewer=2), str(m.state), m.state.svg(), m.state.svg(viewer=1),
         mid.svg(viewer=min(2, players)), str(m.state.pending)]
print(hashlib.sha256("\\x00".join(parts).encode()).hexdigest())
"""


def fingerprint(game: str, players: int, hashseed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hashseed, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", SCRIPT, game, str(players)], capture_output=True,
                         text=True, env=env, cwd=ROOT, check=True, timeout=300)
    return out.stdout.strip()


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game_text_and_pictures_in_any_process(game):
    players = sandbox.get_game(game).players[1]
    assert fingerprint(game, players, "0") == fingerprint(game, players, "4242")


@pytest.mark.parametrize("game", GAMES)
def test_replaying_the_actions_gives_the_same_states(game):
    players = sandbox.get_game(game).players[0]
    m = sandbox.new_game(game, players=players, seed=5)
    m.run({p: sandbox.bots.RandomBot(seed=p) for p in range(1, players + 1)}, max_steps=500)
    again = sandbox.new_game(game, players=players, seed=999, auto_chance=False)
    for node in m.history:
        again.play(node.action)
    assert [n.state for n in again.history] == [n.state for n in m.history]
    assert [e[:3] for e in again.log_entries()] == [e[:3] for e in m.log_entries()]


WEIRD = [None, "", "zz", -1, 0, 99, 10**9, 1.5, [], {}, ["zz"], {"zz": 1}, True]


def mutations(spec: dict, rng: random.Random, count: int):
    """Copies of `spec` with one value (at any depth) replaced, one key dropped or one added."""
    paths = []

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                paths.append((*path, k))
                walk(v, (*path, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                paths.append((*path, i))
                walk(v, (*path, i))

    walk(spec, ())
    for _ in range(count):
        out = copy.deepcopy(spec)
        if not paths:
            yield out
            continue
        path = rng.choice(paths)
        parent = out
        for key in path[:-1]:
            parent = parent[key]
        roll = rng.random()
        if roll < 0.7:
            parent[path[-1]] = rng.choice(WEIRD)
        elif roll < 0.85 and isinstance(parent, dict):
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent["zz"] = rng.choice(WEIRD)
        yield out


@pytest.mark.parametrize("game", GAMES)
def test_written_positions_are_validated_and_settled(game):
    info = sandbox.get_game(game)
    if info.position is None:
        pytest.skip(f"{info.title} has no written positions")
    assert info.position_examples, f"{game} declares no example position for the contract tests"
    rng = random.Random(1)
    built = refused = 0
    for example in info.position_examples:
        players = example.get("players", info.players[0])
        spec = example["spec"]
        m = sandbox.new_game(game, players=players, seed=1, position=spec)
        assert m.is_over or m.legal_actions()
        for bad in mutations(spec, rng, 150):
            try:
                m = sandbox.new_game(game, players=players, seed=1, position=bad)
            except ValueError as e:
                assert str(e) and len(str(e)) < 400
                refused += 1
                continue
            assert m.is_over or m.legal_actions(), f"no decision possible from {bad}"
            again = sandbox.load(m.to_json())
            assert again.state == m.state
            built += 1
    assert refused > 20

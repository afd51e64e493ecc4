"""What the contract suite runs over: every registered game at its fewest and most players, and
seeded random states of each (chance by weight, players at random)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import sandbox
from sandbox.core import CHANCE
from tests.contract import solo_toy

GAMES = (*sandbox.games(), solo_toy.GAME.id)
"""Every registered game, and a one-player toy so that `players=1` goes through the contract."""
SETUPS = sorted({(game, n) for game in GAMES for n in sandbox.get_game(game).players})
"""(game id, players) for every game at its fewest and its most players."""
MAX_PLIES = 30_000


def start(game: str, players: int, **options):
    info = sandbox.get_game(game)
    return info.initial_state(info.make_config(players, **options))


def sampled_states(game: str, players: int, *, seed: int, every: int, limit: int,
                   chance: bool | None = None) -> Iterator:
    """Every `every`-th state of seeded random games (`limit` states; a game that ends is followed
    by the next one): chance outcomes by their weights, player actions uniformly. `chance` keeps
    only chance (True) or only player (False) decisions."""
    rng = random.Random(seed)
    state = start(game, players)
    eligible = found = 0
    for _ in range(MAX_PLIES):
        if found >= limit:
            return
        if state.is_over:
            state = start(game, players)
            continue
        is_chance = state.pending.player == CHANCE
        if chance is None or chance == is_chance:
            if eligible % every == 0:
                found += 1
                yield state
            eligible += 1
        if is_chance:
            options, weights = zip(*state.chance_outcomes())
            action = rng.choices(options, weights)[0]
        else:
            action = rng.choice(state.legal_actions())
        state, _ = state.apply(action)

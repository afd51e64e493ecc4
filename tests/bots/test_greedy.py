"""Greedy-vs-greedy games end, for every game and player count, within a bound on turns.

No game has a patience mechanism (greedy bots never move at random): they end because the
games' valuations value what ends them (see isle_of_trains/strategy.py).

The bound: two greedy players finish Everyone On Board‽ in 8-51 turns (100 seeded games per
player count, at most 55) and Isle of Trains in 24-78 turns (100 games per player count: mean
45 at 2, 3 and 4 players); benchmarks/bench_bots.py measures them. From some mid-game positions
about one Isle of Trains game in 100 still stalls (the lab stops it as "stalled").
A game past MAX_TURNS (or MAX_PLIES) is a stall, not a long game.
"""

from __future__ import annotations

import pytest

import sandbox
from sandbox.bots import GreedyBot
from sandbox.core.runner import play_out

MAX_TURNS = 300
MAX_PLIES = 3_000
SEEDS = {"everyone_on_board": (1, 2, 3), "isle_of_trains": (1,)}


def _setups() -> list[tuple[str, int, int]]:
    out = []
    for game in sandbox.games():
        fewest, most = sandbox.get_game(game).players
        out += [(game, players, seed) for players in range(fewest, most + 1)
                for seed in SEEDS.get(game, (1,))]
    return out


@pytest.mark.parametrize("game, players, seed", _setups())
def test_greedy_games_end(game, players, seed):
    match = sandbox.new_game(game, players=players, seed=seed)
    bots = {p: GreedyBot(seed=p) for p in range(1, players + 1)}
    played = play_out(match.state, bots, seed, ply=match.ply, max_plies=MAX_PLIES)
    assert played.finished, (game, players, seed, played.plies)
    assert played.state.turn_marker()[0] <= MAX_TURNS


def test_greedy_is_deterministic():
    def game():
        match = sandbox.new_game("everyone_on_board", players=3, seed=4)
        bots = {p: GreedyBot(seed=p) for p in range(1, 4)}
        return play_out(match.state, bots, 4, ply=match.ply, keep=True).actions

    assert game() == game()

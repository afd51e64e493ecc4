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

import random

import pytest

import sandbox
from sandbox.bots import GreedyBot, by_name, most
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


class _Tied:
    """A decision of five actions: "a" to "d" tie, "e" is worth more unless `best` is off."""

    continuations = ()

    def __init__(self, best: bool = False) -> None:
        self.best = best
        self.chosen = ""

    @property
    def pending(self):
        return type("Pending", (), {"player": 1, "kind": "pick"})()

    def legal_actions_for(self, player):
        return ("a", "b", "c", "d", "e") if self.best else ("a", "b", "c", "d")

    def alike(self, action):
        return None

    def apply(self, action):
        after = _Tied(self.best)
        after.chosen = action
        return after, []

    def assess(self, player):
        return {"points": 2.0 if self.chosen == "e" else 1.0 if self.chosen else 0.0}

    def describe(self, action, viewer=None):
        return f"pick {action.upper()}"


def test_greedy_breaks_ties_at_random_from_its_seed():
    """Equal-valued actions are chosen among at random, from the bot's own seed: not the first
    in the list's order; the same seed makes the same choice; a better action always wins."""
    picks = {seed: GreedyBot(seed=seed).choose(_Tied(), 1).action for seed in range(12)}
    assert len(set(picks.values())) > 1
    assert all(GreedyBot(seed=seed).choose(_Tied(), 1).action == pick for seed, pick in picks.items())
    assert {GreedyBot(seed=seed).choose(_Tied(best=True), 1).action for seed in range(12)} == {"e"}


def test_greedy_reasons_are_in_words():
    """The reason reads the action as the game describes it, not its notation or id."""
    assert GreedyBot().choose(_Tied(best=True), 1).reason == "pick E: +2.0 points"


def test_most_breaks_ties_by_its_rng_or_takes_the_first():
    options = [(1.0, "a"), (3.0, "b"), (3.0, "c"), (2.0, "d")]
    assert most(options) == (3.0, "b")
    assert {most(options, random.Random(seed))[1] for seed in range(20)} == {"b", "c"}
    assert by_name("greedy", seed=5).seed == 5

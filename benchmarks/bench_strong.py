"""Is MCTS stronger than the greedy bot here? `python benchmarks/bench_strong.py GAME --players N
[--iterations 1000] [--games 24] [--first 1]`: the figures behind the strong level
(`widgets.seating.MCTS_AGAINST_GREEDY`).

MCTS sits alone against the game's greedy bot in every other seat, the lone seat rotated with the
seed (game `s` seats it at `(s - 1) % N + 1`). Its budget is iterations, not seconds, so every
figure is reproducible and no other load on the machine weakens it: pick the count it reaches
in the strong level's second (`MCTSBot(seconds=1)` says "visited a/b": b iterations). Prints
every game as it ends, then the lone seat's wins (a shared win counts as a share) with a 95%
Wilson interval beside the fair share, and its mean points beside the greedy seats'. Games run
in parallel over the machine's cores; 3-player Traintopia at 1,000 iterations takes about 80 s
a game on one core."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sandbox
from sandbox.bots import by_name
from sandbox.lab import wilson
from sandbox.mcts import MCTSBot

Game = tuple[int, int, dict[int, int], tuple[int, ...], float]
"""seed, the lone seat, every seat's points, the winners, seconds."""


def lone_seat(seed: int, players: int) -> int:
    return (seed - 1) % players + 1


def play(game: str, players: int, iterations: int, seed: int) -> Game:
    """One game: MCTS (seeded with the game) in the lone seat, the greedy bot elsewhere."""
    started = time.perf_counter()
    info = sandbox.get_game(game)
    lone = lone_seat(seed, players)
    match = sandbox.new_game(game, players=players, seed=seed)
    match.run({p: MCTSBot(iterations=iterations, seed=seed) if p == lone else by_name("greedy", game=info)
               for p in range(1, players + 1)})
    outcome = match.outcome
    assert outcome is not None, "a game the bots did not finish"
    return seed, lone, dict(outcome.scores), tuple(outcome.winners), time.perf_counter() - started


def share(game: Game) -> float:
    """The lone seat's part of the win: 1 alone, 1/k shared by k, else 0."""
    _, lone, _, winners, _ = game
    return 1 / len(winners) if lone in winners else 0.0


def summary(games: list[Game], players: int) -> str:
    won = sum(map(share, games))
    low, high = wilson(won / len(games), len(games))
    mine = statistics.mean(points[lone] for _, lone, points, _, _ in games)
    rest = statistics.mean(statistics.mean(v for p, v in points.items() if p != lone)
                           for _, lone, points, _, _ in games)
    return (f"MCTS alone won {won:g} of {len(games)} ({won / len(games):.0%}, 95% {low:.0%}-{high:.0%}; "
            f"a fair share {1 / players:.0%}); its mean points {mine:.1f}, the greedy seats' {rest:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--iterations", type=int, default=1000, help="MCTS iterations a decision")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--first", type=int, default=1, help="the first game's seed")
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.games)
    games: list[Game] = []
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        runs = [pool.submit(play, args.game, args.players, args.iterations, s) for s in seeds]
        for run in runs:
            game = run.result()
            games.append(game)
            seed, lone, points, winners, took = game
            print(f"seed {seed}: MCTS in P{lone}; points {points}; won by "
                  f"{', '.join(f'P{p}' for p in winners)} ({took:.0f} s)", flush=True)
    print(summary(games, args.players))


if __name__ == "__main__":
    main()

"""Speed of every registered game's engine and stepper: `python benchmarks/bench_games.py
[--games N] [--reps 3] [game ...]`. What each game plays is its `GameInfo.bench` (player counts,
random games per repetition); what is measured is described in `harness.py`."""

from __future__ import annotations

import argparse

from harness import report

import sandbox

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", help="games to measure (default: every game)")
    parser.add_argument("--games", type=int, help="random games per repetition (default: the game's)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions (the median is shown)")
    args = parser.parse_args()
    for game in args.ids or sandbox.games():
        bench = sandbox.get_game(game).bench
        report(game, games=args.games or bench.games, reps=args.reps, players=bench.players)

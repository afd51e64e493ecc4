"""How the greedy bot plays Isle of Trains solo: `python benchmarks/bench_solo.py [--games 100]
[--seed 0]`.

Prints, for the Challenge and each Scenario chapter: games won (the Challenge counts a win from
its target rating, 50 points by default) with a 95% Wilson interval, the mean score, the
Challenge's ratings, and the seconds the whole run took. Games run through `sandbox.simulate`
(a process pool over the machine's cores), seeded, so the same call prints the same figures.
No timed test depends on them."""

from __future__ import annotations

import argparse
import time
from collections import Counter

import sandbox
from sandbox.isle_of_trains import solo
from sandbox.lab import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    for label, setup in solo.setups().items():
        options = {k: v for k, v in setup.items() if k != "players"}
        games = sandbox.simulate("isle_of_trains", players=1, bots="greedy", games=args.games,
                                 seed=args.seed, progress=False, **options)
        won = int((games["result"] == "win").sum())
        low, high = wilson(won / len(games), len(games))
        line = (f"{label:45s} won {won:3d}/{len(games)} ({low:.0%}-{high:.0%})  "
                f"mean {games['points'].mean():5.1f} points")
        if options["mode"] == "challenge":
            bands = Counter(solo.rating(int(p)) for p in games["points"])
            line += "  " + ", ".join(f"{name} {bands[name]}" for _, name in reversed(solo.RATINGS))
        print(line, flush=True)
    print(f"{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()

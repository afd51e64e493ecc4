"""The simulation lab's speed goals: `python benchmarks/bench_lab.py [--scale 0.1]`.

Prints, each beside its goal (this machine has 2 cores):
- 10,000 random Everyone On Board‽ 2-player games through `simulate` (goal ≤ 60 s);
- 1,000 greedy-against-greedy Isle of Trains 2-player games (goal ≤ 90 s);
- `compare` of 3 alternatives × 300 games from an Isle of Trains mid-game position, greedy bots
  (goal ≤ 60 s);
- the overhead of `simulate` over a bare loop of the same games in one process (goal ≤ 10%):
  both play the same seeded games, side by side in this run, three rounds (the medians).

Seconds do not travel between machines, so each run is also printed in reference work: its
time times the rate of OpenSpiel's pure-Python `python_block_dominoes` played at random in this
run (as in `bench_speed.py`; the mean of a measurement just before and just after the run).
"M ref" is millions of the reference's transitions the run costs, a figure that compares across
machines and loads; without the `bench` extra only seconds are printed.

`--scale` plays a fraction of each run and extrapolates the time (said so in the output).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_speed import reference

import sandbox
from sandbox import native
from sandbox.bots import by_name
from sandbox.core.runner import play_out
from sandbox.lab import game_seed

REFERENCE_SECONDS = 2.0


def timed(run: object) -> float:
    start = time.perf_counter()
    run()  # type: ignore[operator]
    return time.perf_counter() - start


def measured(run: Callable[[], object]) -> tuple[float, float | None]:
    """(seconds `run` takes, the reference's transitions a second around it: None if absent)."""
    rng = random.Random(0)
    before = reference(REFERENCE_SECONDS, rng)
    seconds = timed(run)
    after = reference(REFERENCE_SECONDS, rng)
    return seconds, None if before is None or after is None else (before + after) / 2


def line(what: str, games: int, run: Callable[[], object], goal: float, scale: float) -> None:
    seconds, ref = measured(run)
    full = seconds / scale
    note = f"(played {games}, x{1 / scale:.0f})" if scale < 1 else ""
    verdict = "meets" if full <= goal else "MISSES"
    work = f"= {full * ref / 1e6:6.1f} M ref" if ref else ""
    print(f"{what:58} {full:8.1f} s {work}  goal ≤ {goal:4.0f} s  {verdict} {note}")


def midgame() -> sandbox.Match:
    """Isle of Trains, 2 greedy players, P1's main action of turn 15 (seed 5)."""
    bots = {1: by_name("greedy"), 2: by_name("greedy")}
    m = sandbox.new_game("isle_of_trains", players=2, seed=5)
    while not (m.state.turn_marker()[0] >= 15 and m.pending.player == 1 and m.pending.kind == "action"):
        m.step(bots)
    return m


def overhead(games: int) -> tuple[float, float]:
    """(seconds of a bare loop, seconds of simulate) for the same random Everyone On Board‽
    games in this process: the medians of three rounds."""
    info = sandbox.get_game("everyone_on_board")

    def bare() -> None:
        for i in range(games):
            seed = game_seed(0, i)
            state = info.initial_state(info.configure(2))
            bots = {p: by_name("random", seed=game_seed(seed, p, "bot")) for p in (1, 2)}
            play_out(state, bots, seed)

    def lab() -> None:
        sandbox.simulate("everyone_on_board", players=2, games=games, seed=0, executor="serial",
                         progress=False)

    # three rounds, each both ways, the medians: one pair alone swung by ±10% on this machine
    rounds = [(timed(bare), timed(lab)) for _ in range(3)]
    return statistics.median(r[0] for r in rounds), statistics.median(r[1] for r in rounds)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of each run to play")
    args = parser.parse_args()
    scale = min(1.0, args.scale)
    n = max(2, round(10_000 * scale))
    print(f"engines: {native.status()}")
    line("10,000 random Everyone On Board‽ 2p games (simulate)", n,
         lambda: sandbox.simulate("everyone_on_board", players=2, games=n, seed=0,
                                  progress=False), 60, n / 10_000)
    n = max(2, round(1_000 * scale))
    line("1,000 greedy v greedy Isle of Trains 2p games (simulate)", n,
         lambda: sandbox.simulate("isle_of_trains", players=2, bots="greedy", games=n,
                                  seed=0, progress=False), 90, n / 1_000)
    m = midgame()
    alternatives = [a.notation for a in m.legal_actions()[:3]]
    n = max(2, round(300 * scale))
    line(f"compare 3 x 300 from Isle of Trains turn 15 ({', '.join(alternatives)})", 3 * n,
         lambda: sandbox.compare(m, actions=alternatives, bots="greedy", games=n, seed=0,
                                 progress=False), 60, n / 300)
    n = max(50, round(2_000 * scale))
    loop, lab = overhead(n)
    print(f"{'simulate over a bare loop, ' + str(n) + ' random EOB games, one process':58} "
          f"{100 * (lab / loop - 1):+7.1f} %  goal ≤   10 %  ({lab:.2f} s against {loop:.2f} s)")

"""History that stays small and fast: `python benchmarks/bench_history.py [--game isle_of_trains]
[--players 4] [--plies 6000] [--presses 40]`.

Plays one long seeded game with random bots (several games joined by undoing to a branch
point are not needed: Isle of Trains random games run 2,000-6,000 plies; the script picks the
first seed whose game is long enough), then measures, side by side in the same run:

- kernel-side latency of the real GameStepper's Back and Step buttons and of `match.goto`,
  near ply 30 and near the end (the two should cost the same);
- memory kept per ply by the match (tracemalloc), against the same line with every state kept
  (the reference design: one full state per ply).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sandbox
from sandbox.bots import RandomBot


def long_match(game: str, players: int, plies: int) -> sandbox.Match:
    for seed in range(100):
        m = sandbox.new_game(game, players=players, seed=seed)
        m.run({p: RandomBot(seed=seed * 10 + p) for p in range(1, players + 1)})
        if m.ply >= plies:
            return m
    raise SystemExit(f"no random {game} game of {plies} plies among 100 seeds")


def ms(samples: list[float]) -> str:
    p90 = statistics.quantiles(samples, n=10)[-1] if len(samples) > 1 else samples[0]
    return f"median {1000 * statistics.median(samples):6.2f} ms  p90 {1000 * p90:6.2f} ms"


def presses(stepper, button, count: int) -> list[float]:
    out = []
    for _ in range(count):
        t0 = time.perf_counter()
        button.click()
        out.append(time.perf_counter() - t0)
    return out


def latency(m: sandbox.Match, around: int, count: int) -> dict[str, list[float]]:
    from widgets import GameStepper

    players = m.config.players
    stepper = GameStepper(m, seats={p: "random" for p in range(1, players + 1)}, reveal=True)
    m.goto(around)
    stepper.refresh()
    back = presses(stepper, stepper.back_button, count)
    step = presses(stepper, stepper.step_button, count)
    rng = random.Random(around)
    jumps = []
    for _ in range(count):
        target = max(0, min(m.last_ply, around + rng.randint(-count, count)))
        t0 = time.perf_counter()
        m.goto(target)
        jumps.append(time.perf_counter() - t0)
    return {"Back button": back, "Step button": step, "match.goto": jumps}


def kept_bytes(build) -> tuple[int, object]:
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = build()
    gc.collect()
    size = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return size, kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="isle_of_trains")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--plies", type=int, default=6000)
    parser.add_argument("--presses", type=int, default=40)
    args = parser.parse_args()

    m = long_match(args.game, args.players, args.plies)
    print(f"{m.game.title}, {args.players} players, seed {m.seed}: {m.last_ply} plies "
          f"(Python {sys.version.split()[0]})")
    early, late = 30 + args.presses, min(args.plies, m.last_ply) - 1
    for where, ply in (("ply ~30", early), (f"ply ~{late}", late)):
        for what, samples in latency(m, ply, args.presses).items():
            print(f"  {where:>10}  {what:<12} {ms(samples)}")

    actions = [n.action for n in m.line()[1:]]
    seed = m.seed

    def replayed() -> sandbox.Match:
        again = sandbox.new_game(args.game, players=args.players, seed=seed, auto_chance=False)
        for action in actions:
            again.replay(action)
        return again

    match_bytes, again = kept_bytes(replayed)
    every_state, _states = kept_bytes(lambda: [n.state for n in again.line()])
    plies = again.last_ply
    print(f"  memory kept: {match_bytes / plies:,.0f} bytes per ply by the match; "
          f"{(match_bytes + every_state) / plies:,.0f} bytes per ply with every state kept "
          f"(the reference design): {match_bytes / (match_bytes + every_state):.0%} of it")


if __name__ == "__main__":
    main()

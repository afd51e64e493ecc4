"""Speed of the Isle of Trains: All Aboard engine (a script, not a test).

    .venv/bin/python benchmarks/bench_isle_of_trains.py [--games 5] [--reps 3]

Prints, for 2 and 4 players with the default rulings: random-play decisions per second and
games per second (RandomBot on every seat, chance by the match's seeded dealer), and the time of
one stepper-like step (apply the action, read its events' text, render the SVG), and of one press
of the real GameStepper's Step button (kernel side: the engine, the canvas commands, the chooser,
log and score table), each the median over repetitions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sandbox
from sandbox.bots import RandomBot

GAME = "isle_of_trains"


def random_games(players: int, games: int, seed0: int) -> tuple[float, int]:
    """Seconds to play `games` random games, and the decisions (plies) made."""
    plies = 0
    start = time.perf_counter()
    for g in range(games):
        m = sandbox.new_game(GAME, players=players, seed=seed0 + g)
        m.run({p: RandomBot(seed=seed0 + g + p) for p in range(1, players + 1)})
        assert m.is_over
        plies += m.ply
    return time.perf_counter() - start, plies


def stepper_step(players: int, seed: int, steps: int = 60) -> list[float]:
    """Seconds per step as a GameStepper does it: apply, events' text, SVG of the new state."""
    m = sandbox.new_game(GAME, players=players, seed=seed)
    bot = RandomBot(seed=seed)
    times = []
    for _ in range(steps):
        if m.is_over:
            break
        pending = m.pending
        if pending.is_chance:
            m.deal()
            continue
        action = bot.choose(m.state.view(pending.player), pending.player).action
        t0 = time.perf_counter()
        events = m.play(action)
        _ = [e.text_for(pending.player) for e in events]
        _ = m.state.svg(viewer=pending.player)
        times.append(time.perf_counter() - t0)
    return times


def widget_step(players: int, seed: int, steps: int = 40) -> list[float]:
    """Seconds per press of GameStepper's Step button, all seats bots (no browser attached)."""
    from widgets import GameStepper

    m = sandbox.new_game(GAME, players=players, seed=seed)
    stepper = GameStepper(m, seats={p: "random" for p in range(1, players + 1)})
    times = []
    for _ in range(steps):
        if m.is_over:
            break
        t0 = time.perf_counter()
        stepper.step_button.click()
        times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="random games per repetition")
    parser.add_argument("--reps", type=int, default=3, help="repetitions (the median is shown)")
    args = parser.parse_args()
    print(f"Isle of Trains: All Aboard engine, Python {sys.version.split()[0]}, "
          f"median of {args.reps} repetitions")
    for players in (2, 4):
        rates, game_rates, step_times, widget_times = [], [], [], []
        for rep in range(args.reps):
            seconds, plies = random_games(players, args.games, seed0=1000 * rep)
            rates.append(plies / seconds)
            game_rates.append(args.games / seconds)
            step_times += stepper_step(players, seed=rep)
            widget_times += widget_step(players, seed=rep)
        print(f"{players} players: {statistics.median(rates):8.0f} decisions/s  "
              f"{statistics.median(game_rates):6.2f} games/s  "
              f"stepper step (apply + events + SVG) {1000 * statistics.median(step_times):.2f} ms "
              f"(p90 {1000 * statistics.quantiles(step_times, n=10)[-1]:.2f} ms)  "
              f"GameStepper Step button {1000 * statistics.median(widget_times):.1f} ms "
              f"(p90 {1000 * statistics.quantiles(widget_times, n=10)[-1]:.1f} ms)")


if __name__ == "__main__":
    main()

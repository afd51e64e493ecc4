"""The measurements every game's benchmark prints (scripts, not tests).

For each player count: random-play decisions per second and games per second (RandomBot on
every seat, chance by the match's seeded dealer), the time of one engine step as a stepper does
it (apply the action, read its events' text, render the SVG), and one press of the real
GameStepper's Step button (kernel side: engine, canvas commands, chooser, log, score table),
each the median over repetitions.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sandbox
from sandbox.bots import RandomBot


def random_games(game: str, players: int, games: int, seed0: int) -> tuple[float, int]:
    """Seconds to play `games` random games, and the decisions (plies) made."""
    plies = 0
    start = time.perf_counter()
    for g in range(games):
        m = sandbox.new_game(game, players=players, seed=seed0 + g)
        m.run({p: RandomBot(seed=seed0 + g + p) for p in range(1, players + 1)})
        assert m.is_over
        plies += m.ply
    return time.perf_counter() - start, plies


def engine_step(game: str, players: int, seed: int, steps: int = 60) -> list[float]:
    """Seconds per step as a GameStepper does it: apply, events' text, SVG of the new state."""
    m = sandbox.new_game(game, players=players, seed=seed)
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


def widget_step(game: str, players: int, seed: int, steps: int = 40) -> list[float]:
    """Seconds per press of GameStepper's Step button, all seats bots (no browser attached)."""
    from widgets import GameStepper

    m = sandbox.new_game(game, players=players, seed=seed)
    stepper = GameStepper(m, seats={p: "random" for p in range(1, players + 1)}, reveal=True)
    times = []
    for _ in range(steps):
        if m.is_over:
            break
        t0 = time.perf_counter()
        stepper.step_button.click()
        times.append(time.perf_counter() - t0)
    return times


def report(game: str, *, games: int, reps: int, players: tuple[int, ...] = (2, 4)) -> None:
    """Print the figures for `game`: decisions and games per second, one engine step, one press
    of the real Step button (medians over `reps` repetitions of `games` random games)."""
    print(f"{sandbox.get_game(game).title} engine, Python {sys.version.split()[0]}, "
          f"median of {reps} repetitions")
    for n in players:
        rates, game_rates, steps, presses = [], [], [], []
        for rep in range(reps):
            seconds, plies = random_games(game, n, games, seed0=1000 * rep)
            rates.append(plies / seconds)
            game_rates.append(games / seconds)
            steps += engine_step(game, n, seed=rep)
            presses += widget_step(game, n, seed=rep)
        print(f"{n} players: {statistics.median(rates):8.0f} decisions/s  "
              f"{statistics.median(game_rates):6.2f} games/s  "
              f"engine step (apply + events + SVG) {1000 * statistics.median(steps):.2f} ms "
              f"(p90 {1000 * statistics.quantiles(steps, n=10)[-1]:.2f} ms)  "
              f"GameStepper Step button {1000 * statistics.median(presses):.1f} ms "
              f"(p90 {1000 * statistics.quantiles(presses, n=10)[-1]:.1f} ms)")

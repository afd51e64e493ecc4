"""Engine speed against a reference, side by side in one run: `python benchmarks/bench_speed.py
[--seconds 3] [--rounds 3] [--games everyone_on_board,isle_of_trains]`.

The reference is OpenSpiel's pure-Python `python_block_dominoes` (install the `bench` extra:
`pip install -e '.[bench]'`), played at random through its own API, chance by weight. Each game
of this package is played at random the same way, twice:

- through `match.play` (what a notebook or the lab does: history, chance by the seeded dealer);
- through the state's own loop (`state.to_move`, `state.legal_actions()`, `state.apply()`,
  chance sampled), as OpenSpiel's loop asks `is_chance_node()` and not for a prompt.

Transitions per second include chance. Rounds alternate reference and game so that a noisy
machine slows both alike; the ratio printed is the median of each round's ratio (a game's run
against the reference run just before it), so a load spike that hits one round of one side
moves one ratio, not the whole median; the rates printed are the median rounds. Also
printed: the time `import sandbox` takes in a fresh interpreter (engines only, no Jupyter), and
the p90 of the real GameStepper's Step button on Isle of Trains, 4 players. Under each game's
ratios, one line says what a transition of the state loop costs on average, what the 2x goal
allows, and what the commonest kinds of transition cost (a card draw, a discard): where the
commonest kinds alone cost more than the budget, no hot spot is left to remove. The printout
ends with one Markdown table (game x players x path: rate, ratio, goal, met, and match.play's
share of the state loop) to paste into docs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import sandbox  # noqa: E402
from sandbox import native  # noqa: E402
from sandbox.core import CHANCE  # noqa: E402

GOALS = {"match.play": 1.0, "state loop": 2.0}


def reference(seconds: float, rng: random.Random) -> float | None:
    """Transitions per second of random play of python_block_dominoes (None if absent)."""
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            moves += 1
    return moves / (time.perf_counter() - start)


def through_match(game: str, players: int, seconds: float, rng: random.Random) -> float:
    moves, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        m = sandbox.new_game(game, players=players, seed=seed)
        while not m.is_over:
            m.play(rng.choice(m.legal_actions()))
        moves += m.ply
        seed += 1
    return moves / (time.perf_counter() - start)


def through_state(game: str, players: int, seconds: float, rng: random.Random) -> float:
    info = sandbox.get_game(game)
    config = info.make_config(players)
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = info.initial_state(config)
        while not state.is_over:
            if state.to_move == CHANCE:  # who decides, without the prompt `pending` words
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state, _events = state.apply(action)
            moves += 1
    return moves / (time.perf_counter() - start)


def by_kind(game: str, players: int, seconds: float, rng: random.Random) -> dict[str, list[float]]:
    """The state loop again, timed per kind of transition (the action's type; "chance:" for
    chance): kind -> [transitions, seconds spent choosing and applying them]. It shows where a
    ratio's gap lies: a goal needs the average transition under a budget, and this says which
    kinds already cost more than that alone."""
    info = sandbox.get_game(game)
    config = info.make_config(players)
    kinds: dict[str, list[float]] = {}
    clock = time.perf_counter
    start = clock()
    while clock() - start < seconds:
        state = info.initial_state(config)
        while not state.is_over:
            t0 = clock()
            if state.to_move == CHANCE:
                action = state.sample_chance(rng)
                kind = f"chance:{type(action).__name__}"
            else:
                action = rng.choice(state.legal_actions())
                kind = type(action).__name__
            state, _events = state.apply(action)
            row = kinds.setdefault(kind, [0, 0.0])
            row[0] += 1
            row[1] += clock() - t0
    return kinds


def kinds_line(kinds: dict[str, list[float]], ref: float | None) -> str:
    """One line: the mean cost of a transition, the 2x goal's budget, and the commonest kinds."""
    count = sum(n for n, _ in kinds.values())
    mean = 1e6 * sum(t for _, t in kinds.values()) / count
    budget = f", the state loop's goal allows {1e6 / (GOALS['state loop'] * ref):.1f}" if ref else ""
    common = sorted(kinds.items(), key=lambda kv: -kv[1][0])[:4]
    parts = ", ".join(f"{k} {1e6 * t / n:.1f} ({n / count:.0%})" for k, (n, t) in common)
    return f"µs a transition: mean {mean:.1f}{budget}; commonest kinds: {parts}"


def import_time() -> float:
    code = "import time; t = time.perf_counter(); import sandbox; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 cwd=ROOT, check=True).stdout) for _ in range(5)]
    return statistics.median(runs)


def jupyter_free() -> bool:
    code = ("import sys, sandbox; bad = [m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'ipycanvas', 'anywidget', 'IPython', 'traitlets', 'pandas')]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return out.stdout.strip() == "[]"


def stepper_p90(presses: int = 60) -> float:
    from widgets import GameStepper

    m = sandbox.new_game("isle_of_trains", players=4, seed=3)
    stepper = GameStepper(m, seats={p: "random" for p in range(1, 5)}, reveal=True)
    times = []
    for _ in range(presses):
        t0 = time.perf_counter()
        stepper.step_button.click()
        times.append(time.perf_counter() - t0)
    return statistics.quantiles(times, n=10)[-1]


def median_of(rounds: int, run: Callable[[], float | None]) -> float | None:
    values = [run() for _ in range(rounds)]
    return None if None in values else statistics.median(values)  # type: ignore[type-var]


def summary(rows: list[tuple[str, int, str, float, float | None]]) -> str:
    """One Markdown table to paste into docs: game x players x path, the ratio to the reference,
    the goal and whether it is met; for match.play also its share of the state loop's rate
    (what a play costs beyond the rules: history, dealer, checks)."""
    loop = {(game, players): rate for game, players, how, rate, _ in rows if how == "state loop"}
    lines = ["| game | players | path | transitions/s | x reference | goal | met | of state loop |",
             "|---|---|---|---|---|---|---|---|"]
    for game, players, how, rate, ratio in rows:
        shown = f"{ratio:.2f}x" if ratio is not None else "-"
        met = "-" if ratio is None else "yes" if ratio >= GOALS[how] else "no"
        share = f"{rate / loop[game, players]:.0%}" if how == "match.play" else ""
        lines.append(f"| {game} | {players} | {how} | {rate:,.0f} | {shown} | {GOALS[how]:.1f}x | {met} "
                     f"| {share} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (the median is printed)")
    parser.add_argument("--games", default=",".join(sandbox.games()))
    parser.add_argument("--players", default="2,4")
    args = parser.parse_args()
    rng = random.Random(0)
    print(f"Python {sys.version.split()[0]}; {args.rounds} rounds of {args.seconds:g} s; "
          "transitions/s include chance")
    sandbox.new_game(args.games.split(",")[0])  # loads the engines, to say which form runs
    print(f"engines: {native.status()} (SANDBOX_PURE=1 for plain Python)")
    table: list[tuple[str, int, str, float, float | None]] = []
    for game in args.games.split(","):
        lo, hi = sandbox.get_game(game).players
        for players in sorted({min(max(int(n), lo), hi) for n in args.players.split(",")}):
            rows: dict[str, list[float]] = {"reference": [], "match.play": [], "state loop": []}
            for _ in range(args.rounds):  # alternate, so noise hits both sides alike
                ref = reference(args.seconds, rng)
                if ref is not None:
                    rows["reference"].append(ref)
                rows["match.play"].append(through_match(game, players, args.seconds, rng))
                rows["state loop"].append(through_state(game, players, args.seconds, rng))
            ref = statistics.median(rows["reference"]) if rows["reference"] else None
            for how in ("match.play", "state loop"):
                rate = statistics.median(rows[how])
                pairs = zip(rows[how], rows["reference"])  # each round against its own reference
                times = statistics.median(r / f for r, f in pairs) if ref else None
                table.append((game, players, how, rate, times))
                ratio = f"{times:5.2f}x python_block_dominoes ({ref:,.0f}/s)" if times else \
                    "(reference missing: pip install -e '.[bench]')"
                met = "met" if times and times >= GOALS[how] else "NOT met"
                goal = f"goal >= {GOALS[how]:.1f}x: {met}" if ref else ""
                print(f"{game:>18} {players}p {how:<10} {rate:9,.0f} transitions/s  {ratio}  {goal}")
            print(f"{'':>18}    {kinds_line(by_kind(game, players, args.seconds, rng), ref)}")
    print(f"import sandbox: {1000 * import_time():.0f} ms (goal <= 100 ms); "
          f"Jupyter-free: {'yes' if jupyter_free() else 'NO'}")
    print(f"GameStepper Step p90, Isle of Trains 4 players: {1000 * stepper_p90():.1f} ms (goal <= 20 ms)")
    print()
    print(summary(table))


if __name__ == "__main__":
    main()

"""Instructions a transition costs, counted rather than timed: `python benchmarks/count_instructions.py
GAME --players N [--path loop|match] [--games 6] [--against OTHER_CHECKOUT] [--misses]`.

On a shared, noisy machine two timings of the same code differ by a fifth, more than most single
changes to an engine gain. Valgrind's callgrind counts the instructions a run executes, the same
on every run of the same seeded games: so a change is measured exactly, against the checkout it
changes (`--against`, e.g. a `git worktree` of the commit before, compiled there). Instructions
are not time (a cache miss costs more than an add), but in this code, made of the same
interpreter operations throughout, the two move together; `bench_speed.py` stays the judge of
the goals.

It plays `--games` seeded games at random (the same games every run, as `bench_speed.py` does:
through the state's own loop or through `match.play`) and one game, under callgrind each, and
prints the difference per transition, so that starting Python and importing the package cancel
out. OpenSpiel's `python_block_dominoes` (the `bench` extra), counted the same way, is printed
beside it when present, as a reminder that instructions do not compare across different code:
the compiled engines run fewer instructions a transition than that interpreted game (Isle of
Trains through `match.play`: half as many) and still take as long, waiting on memory where it
runs the interpreter's own tight loop. `--misses` counts that wait too: the fetches of code and
the reads and writes of data that miss the first-level caches, as cachegrind models this
machine's (a transition of Traintopia missed as often as one of the reference with half its
instructions: docs/core.md, "Waiting on code"). Needs `valgrind` (Debian: `apt-get install
valgrind`); about 30 s of valgrind per game of Isle of Trains, twice that with `--misses`.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

GAMES = """
import random, sys
sys.path.insert(0, {root!r})
import sandbox
from sandbox.core import CHANCE
game, players, games, path = {game!r}, {players}, {games}, {path!r}
rng, plies = random.Random(1), 0
for seed in range(games):
    if path == "loop":
        info = sandbox.get_game(game)
        state = info.initial_state(info.make_config(players))
        while not state.is_over:
            if state.to_move == CHANCE:
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state, _ = state.apply(action)
            plies += 1
    else:
        match = sandbox.new_game(game, players=players, seed=seed)
        while not match.is_over:
            match.play(rng.choice(match.legal_actions()))
        plies += match.ply
print(plies)
"""

DOMINOES = """
import random
import pyspiel
from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)
game, rng, plies = pyspiel.load_game("python_block_dominoes"), random.Random(1), 0
for _ in range({games}):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        plies += 1
print(plies)
"""


MEASURES = {
    "instructions": (["--tool=callgrind", "--callgrind-out-file=/dev/null"], r"Collected : (\d+)"),
    # cachegrind's model of this machine's caches: fetches of code, reads and writes of data that missed
    # the first-level caches (what the interpreted reference spends less of, per instruction)
    "code misses": (["--tool=cachegrind", "--cache-sim=yes", "--cachegrind-out-file=/dev/null"],
                    r"I1 +misses: +([\d,]+)"),
    "data misses": (["--tool=cachegrind", "--cache-sim=yes", "--cachegrind-out-file=/dev/null"],
                    r"D1 +misses: +([\d,]+)"),
}


def counted(script: str, measures: tuple[str, ...] = ("instructions",)) -> tuple[list[int], int]:
    """(each of `measures`, transitions) of running `script` under valgrind (once per tool)."""
    found: dict[str, int] = {}
    plies = 0
    for options in dict.fromkeys(tuple(MEASURES[m][0]) for m in measures):
        env = {**os.environ, "PYTHONHASHSEED": "0"}  # sets and dicts of text iterate alike
        run = subprocess.run(["valgrind", *options, sys.executable, "-c", script], capture_output=True,
                             text=True, check=True, env=env)
        plies = int(run.stdout.split()[-1])
        for m in measures:
            if tuple(MEASURES[m][0]) == options:
                hit = re.search(MEASURES[m][1], run.stderr)
                assert hit, run.stderr[-2000:]
                found[m] = int(hit.group(1).replace(",", ""))
    return [found[m] for m in measures], plies


def per_transition(template: str, games: int, measures: tuple[str, ...] = ("instructions",),
                   **fields: object) -> tuple[list[float], int]:
    """Each of `measures` a transition over `games` games beyond one game, and those transitions."""
    one, one_plies = counted(template.format(games=1, **fields), measures)
    many, many_plies = counted(template.format(games=games, **fields), measures)
    return [(b - a) / (many_plies - one_plies) for a, b in zip(one, many)], many_plies - one_plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--path", choices=("loop", "match"), default="loop")
    parser.add_argument("--games", type=int, default=6, help="games counted beyond the first")
    parser.add_argument("--against", type=Path, help="another checkout, counted the same way")
    parser.add_argument("--misses", action="store_true",
                        help="also the first-level cache misses a transition (cachegrind: code, data)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("count_instructions.py needs valgrind (apt-get install valgrind)")
    measures = tuple(MEASURES) if args.misses else ("instructions",)
    roots = [ROOT, *([args.against.resolve()] if args.against else [])]
    rows = []
    for root in roots:
        costs, plies = per_transition(GAMES, args.games + 1, measures, root=str(root), game=args.game,
                                      players=args.players, path=args.path)
        rows.append(costs)
        print(f"{args.game} {args.players}p {args.path:5s} {root}: " + _costs(measures, costs) +
              f" ({plies:,} transitions counted)")
    if len(rows) == 2:
        print("this checkout against the other: " + ", ".join(
            f"{m} {a / b - 1:+.1%}" for m, a, b in zip(measures, rows[0], rows[1])))
    try:
        costs, plies = per_transition(DOMINOES, 201, measures)
    except subprocess.CalledProcessError:
        print("python_block_dominoes: not installed (the bench extra)")
        return
    print(f"python_block_dominoes: {_costs(measures, costs)} ({plies:,} counted): this checkout runs "
          f"{costs[0] / rows[0][0]:.2f}x fewer instructions (not time: bench_speed.py is the judge)")


def _costs(measures: tuple[str, ...], costs: list[float]) -> str:
    return ", ".join(f"{c:,.0f} {m}" for m, c in zip(measures, costs)) + " a transition"


if __name__ == "__main__":
    main()

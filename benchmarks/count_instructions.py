"""Instructions a transition costs, counted rather than timed: `python benchmarks/count_instructions.py
GAME --players N [--path loop|match] [--games 6] [--against OTHER_CHECKOUT]`.

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
runs the interpreter's own tight loop. Needs `valgrind` (Debian: `apt-get install valgrind`); about 30 s of
valgrind per game of Isle of Trains.
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


def counted(script: str) -> tuple[int, int]:
    """(instructions, transitions) of running `script` under callgrind."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"})  # sets and dicts of text iterate alike
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found, run.stderr[-2000:]
    return int(found.group(1)), int(run.stdout.split()[-1])


def per_transition(template: str, games: int, **fields: object) -> tuple[float, int]:
    """Instructions a transition over `games` games beyond one game, and those transitions."""
    one, one_plies = counted(template.format(games=1, **fields))
    many, many_plies = counted(template.format(games=games, **fields))
    return (many - one) / (many_plies - one_plies), many_plies - one_plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--path", choices=("loop", "match"), default="loop")
    parser.add_argument("--games", type=int, default=6, help="games counted beyond the first")
    parser.add_argument("--against", type=Path, help="another checkout, counted the same way")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("count_instructions.py needs valgrind (apt-get install valgrind)")
    roots = [ROOT, *([args.against.resolve()] if args.against else [])]
    rows = []
    for root in roots:
        cost, plies = per_transition(GAMES, args.games + 1, root=str(root), game=args.game,
                                     players=args.players, path=args.path)
        rows.append(cost)
        print(f"{args.game} {args.players}p {args.path:5s} {root}: {cost:,.0f} instructions a transition "
              f"({plies:,} transitions counted)")
    if len(rows) == 2:
        print(f"this checkout against the other: {rows[0] / rows[1] - 1:+.1%}")
    try:
        cost, plies = per_transition(DOMINOES, 201)
    except subprocess.CalledProcessError:
        print("python_block_dominoes: not installed (the bench extra)")
        return
    print(f"python_block_dominoes: {cost:,.0f} instructions a transition ({plies:,} counted): this "
          f"checkout runs {cost / rows[0]:.2f}x fewer (instructions, not time: bench_speed.py is the judge)")


if __name__ == "__main__":
    main()

"""What native classes would buy: `python benchmarks/bench_native_classes.py [--seconds 1]`.

The engines are compiled by Cython from their plain source (`tools/compile.py`), which keeps
Python's objects: a state is a frozen dataclass with a `__dict__`, copied into the next one.
The next factor of speed is a change of that contract, so this measures it on one kind of turn
cut down from the engines (`native_classes/`: a draft like Traintopia's Take, with its legal
actions listed, the copy, the event and the settling after it), built four ways in a temporary
folder and played at random side by side, rounds alternating:

- `dict, plain`: the engines' pattern as plain Python (Binder);
- `dict, Cython`: the same file as the engines are built today;
- `cclass, Cython`: Cython extension types, fields declared in C, a copy method;
- `mypyc`: typed dataclasses that mypyc makes native (if mypyc is installed).

Each line prints µs a turn (the median round) and the speed against `dict, Cython`. All four
must play the same games (checked). Needs Cython and a C compiler (the `fast` extra).
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent / "native_classes"
BUILDS = {  # name -> (source, how it is built)
    "dict, plain": ("pattern_dict.py", None),
    "dict, Cython": ("pattern_dict.py", "cython-plain"),
    "cclass, Cython": ("pattern_cclass.py", "cython-typed"),
    "mypyc": ("pattern_mypyc.py", "mypyc"),
}


def build(folder: Path, module: str, source: str, how: str | None) -> str:
    """Build `source` as `module` in `folder`; "" when done, else why not."""
    shutil.copy(HERE / source, folder / f"{module}.py")
    if how is None:
        return ""
    env = {**os.environ, "CFLAGS": "-O1"}  # as tools/compile.py builds the engines
    if how == "mypyc":
        if shutil.which("mypyc") is None and importlib.util.find_spec("mypyc") is None:
            return "mypyc is not installed"
        command = [sys.executable, "-m", "mypyc", f"{module}.py"]
    else:
        typing = "True" if how == "cython-typed" else "False"
        command = [sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-3", "-q",
                   "-X", f"annotation_typing={typing}", f"{module}.py"]
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
    if done.returncode:
        return (done.stderr or done.stdout).strip().splitlines()[-1]
    (folder / f"{module}.py").unlink()  # so the import finds the build, not the source
    return ""


def play(mod: ModuleType, seconds: float) -> tuple[float, tuple[object, ...]]:
    """µs a turn, playing random 4-player drafts for `seconds`; and the last game's end."""
    rng = random.Random(0)
    turns, start, end = 0, time.perf_counter(), ()
    while time.perf_counter() - start < seconds:
        state = mod.start(4)
        while state.offer:
            state, _events = mod.apply(state, rng.choice(state.legal_actions()))
            turns += 1
        end = tuple((s.vp, s.held) for s in state.seats)
    return 1e6 * (time.perf_counter() - start) / turns, end


def same_games(mods: dict[str, ModuleType]) -> bool:
    """Every build plays the same seeded games to the same end."""
    ends = set()
    for mod in mods.values():
        rng = random.Random(7)
        games = []
        for _ in range(20):
            state = mod.start(3)
            while state.offer:
                state, _events = mod.apply(state, rng.choice(state.legal_actions()))
            games.append(tuple((s.vp, s.held) for s in state.seats))
        ends.add(tuple(games))
    return len(ends) == 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (the median is printed)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sys.path.insert(0, tmp)
        mods: dict[str, ModuleType] = {}
        for i, (name, (source, how)) in enumerate(BUILDS.items()):
            why = build(folder, f"pattern_{i}", source, how)
            if why:
                print(f"{name:16} not built: {why}")
                continue
            mods[name] = importlib.import_module(f"pattern_{i}")
        print(f"Python {sys.version.split()[0]}; {args.rounds} rounds of {args.seconds:g} s; "
              f"the same games in every build: {'yes' if same_games(mods) else 'NO'}")
        times: dict[str, list[float]] = {name: [] for name in mods}
        for _ in range(args.rounds):
            for name, mod in mods.items():
                times[name].append(play(mod, args.seconds)[0])
        today = statistics.median(times["dict, Cython"]) if "dict, Cython" in times else None
        for name, values in times.items():
            cost = statistics.median(values)
            against = f"{today / cost:5.2f}x the engines' build" if today else ""
            print(f"{name:16} {cost:6.2f} µs a turn   {against}")


if __name__ == "__main__":
    main()

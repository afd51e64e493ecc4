"""Compile the engines with Cython, in place: `python tools/compile.py [--clean]`.

`./dev`'s set-up runs this. Where Cython or a C compiler is missing it says so and leaves the
plain Python, which runs everything the same (Binder, a laptop without a compiler); where they
exist it compiles the modules `sandbox.native.compilable()` selects, unchanged: annotations
are not read as C types (`annotation_typing=False`), so compiled code keeps Python's semantics
exactly, and the tests run on it. Only modules whose source changed are built again; the
manifest `sandbox/compiled.json` records the source each was built from, and `sandbox.native`
loads a compiled module only while its source still matches. `SANDBOX_COMPILE=0` skips this.
With GCC the modules are built twice, guided by a profile of random games (`guided`;
`SANDBOX_PGO=0` builds once): the compiled engines wait on fetching their code more than on
running it, and the profile lays the paths the games take side by side. With GCC or Clang every
module is also built with `TUNED` (calls into the interpreter without stubs, strings compared by
length first), for the same reason.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sandbox.native import (  # noqa: E402
    MANIFEST,
    PACKAGE,
    compilable,
    digest,
    module_name,
    read_manifest,
    switch,
)


def compiler() -> str:
    """The C compiler setuptools builds with: `CC`, else the one Python was built with."""
    return (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]


def missing() -> str | None:
    """Why compiling cannot happen here (None if it can)."""
    if not switch("SANDBOX_COMPILE", True):
        return "SANDBOX_COMPILE=0"
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed (pip install -e '.[fast]')"
    if shutil.which(compiler()) is None:
        return f"no C compiler ({compiler()}) on PATH"
    if not sysconfig.get_config_var("INCLUDEPY") or \
            not Path(sysconfig.get_config_var("INCLUDEPY"), "Python.h").exists():
        return "Python's C headers (Python.h) are missing"
    return None


def compiled_files(source: Path) -> list[Path]:
    """The compiled modules beside `source` (one per Python version built for)."""
    return [*source.parent.glob(f"{source.stem}.*.so"), *source.parent.glob(f"{source.stem}.*.pyd")]


def built_files(source: Path) -> list[Path]:
    """The compiled modules and the generated C beside `source`."""
    return [*compiled_files(source), source.with_suffix(".c")]


def remove_built(sources: list[Path]) -> int:
    """Remove what was built beside each of `sources`; returns how many files went."""
    gone = [path for source in sources for path in built_files(source) if path.exists()]
    for path in gone:
        path.unlink()
    return len(gone)


def clean() -> int:
    """Remove every compiled module, generated C file and the manifest under the package."""
    removed = remove_built(list(PACKAGE.rglob("*.py")))
    MANIFEST.unlink(missing_ok=True)
    return removed


def outdated(digests: dict[Path, str], manifest: Path = MANIFEST) -> list[Path]:
    """The sources not compiled, or compiled from other source than today's (whatever the file
    times say: the manifest's digests decide); all of them where the build was made another
    way than `recipe()` says now (other flags, another Cython)."""
    if built_recipe(manifest) != recipe():
        return list(digests)
    built = read_manifest(manifest)
    return [p for p, d in digests.items() if built.get(module_name(p)) != d or not compiled_files(p)]


def built_recipe(manifest: Path = MANIFEST) -> list[str] | None:
    """The recipe the manifest records (None if there is none)."""
    try:
        found = json.loads(manifest.read_text()).get("recipe")
    except (OSError, ValueError, AttributeError):
        return None
    return found if isinstance(found, list) else None


TRAINING = """
import random, sys, time
sys.path.insert(0, {root!r})
import sandbox
from sandbox import bots
from sandbox.core import CHANCE
rng = random.Random(1)
for info in map(sandbox.get_game, sandbox.games()):
    fewest, most = info.players
    for players in sorted({{max(fewest, 2), min(most, 4)}}):
        config, start = info.make_config(players), time.perf_counter()
        while time.perf_counter() - start < {seconds}:
            state = info.initial_state(config)
            while not state.is_over:
                chance = state.to_move == CHANCE
                action = state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
                state, _ = state.apply(action)
            match = sandbox.new_game(info.id, players=players, seed=rng.randrange(1000))
            while not match.is_over:
                match.play(rng.choice(match.legal_actions()))
        greedy, match = bots.by_name("greedy", 1, info), sandbox.new_game(info.id, players=players, seed=1)
        for _ in range(30):
            if not match.is_over:
                match.play(greedy.choose(match.state, match.state.to_move).action)
"""
"""What the profile-guided build measures before it compiles again: random games of every game
at two player counts, through the state's own loop and through `match.play` (what
`benchmarks/bench_speed.py` times, and what notebooks run on), and a greedy bot's first
decisions (the valuation the bots and what-ifs run on)."""


GENERATE = "-O2 -fprofile-generate"
USE = "-O2 -fprofile-use -fprofile-correction -Wno-missing-profile"
"""The guided build's two passes. Code the training never ran is built for size: building it as
without a profile (`-fprofile-partial-training`) measured 5% slower on Isle of Trains."""


def guided() -> bool:
    """Whether to build guided by a profile: GCC's `-fprofile-generate`, a training run, then
    `-fprofile-use`. Measured here side by side, the engines then ran about 1.15x as fast as
    at -O1 (they wait on fetching code more than on running it, and the profile packs the hot
    paths together); it takes three times as long to build. Not where the user set CFLAGS,
    where the compiler is not GCC, or with SANDBOX_PGO=0."""
    if "CFLAGS" in os.environ or not switch("SANDBOX_PGO", True):
        return False
    return compiler_family() == "gcc"


@cache
def compiler_family() -> str:
    """"gcc", "clang" or "" (another compiler, or none answering `--version`)."""
    try:
        banner = subprocess.run([compiler(), "--version"], capture_output=True, text=True).stdout.lower()
    except OSError:
        return ""
    if "clang" in banner:
        return "clang"
    return "gcc" if "gcc" in banner or "free software foundation" in banner else ""


STR_EQUAL = ROOT / "sandbox" / "str_equal.h"
"""String equality by length first, put ahead of Cython's (the file says why)."""

TUNED = ("-include", str(STR_EQUAL), "-fno-plt")
"""What GCC and Clang build every module with, whatever the other flags: `STR_EQUAL`, and calls
into the interpreter straight through its table of addresses (`-fno-plt`) instead of through a
stub of each module's own: 67 modules each calling the same interpreter functions through their
own stubs fetched that much more code. Measured here side by side at -O1: 6% fewer first-level
code misses and about 1.1x the transitions a second in Isle of Trains and Traintopia. Another
compiler builds without them: the same results."""


def tuned(extensions: list) -> list:
    """`extensions` with `TUNED` added where the compiler is GCC or Clang."""
    if compiler_family():
        for extension in extensions:
            extension.extra_compile_args = [*extension.extra_compile_args, *TUNED]
    return extensions


def recipe() -> list[str]:
    """How this machine builds the modules now: the Cython, the flags every module gets
    (`TUNED`, the checkout's own path left out) and the passes (the guided build's two, or the
    plain build's flags). The manifest records it, and a build made by another recipe is
    outdated: a change to the flags here reaches every checkout at its next set-up, where the
    digests, which hash only the sources, would leave the old build running."""
    from Cython import __version__ as cython

    tuned = [flag.replace(str(ROOT), ".") for flag in TUNED] if compiler_family() else []
    passes = [GENERATE, USE] if guided() else [os.environ.get("CFLAGS", "-O1")]
    return [f"cython {cython}", *tuned, *passes]


def build(digests: dict[Path, str], stale: list[Path], jobs: int) -> list[str]:
    """Compile the sources of `digests`, the `stale` ones afresh; returns the module names
    now compiled."""
    from Cython.Build import cythonize

    remove_built(stale)
    extensions = cythonize(
        [str(p.relative_to(ROOT)) for p in digests],
        compiler_directives={"language_level": 3, "annotation_typing": False},
        nthreads=jobs, quiet=True)
    tuned(extensions)
    temp = ROOT / "build" / "compile"
    if stale and guided():
        fresh = {module_name(p) for p in stale}
        chosen = [e for e in extensions if e.name in fresh]
        for old in temp.rglob("*.gcda"):  # counts of older sources would not fit
            old.unlink()
        print("compile: profile-guided: the instrumented build ...", flush=True)
        run_build_ext(chosen, jobs, temp, GENERATE, "-fprofile-generate", force=True)
        write_manifest(digests, [*recipe(), "instrumented"])  # redone if stopped before the end
        print("compile: profile-guided: random games of every game, measured ...", flush=True)
        trained = subprocess.run([sys.executable, "-c", TRAINING.format(root=str(ROOT), seconds=2)],
                                 cwd=ROOT).returncode == 0
        if trained:
            print("compile: profile-guided: the build the measures guide ...", flush=True)
        else:  # a build that runs the same games, not a set-up that stops here
            print("compile: the profile run failed (above); building once without a profile", flush=True)
        run_build_ext(chosen, jobs, temp, USE if trained else "-O1", force=True)
    else:
        # -O1: as fast here as -O2, built in about half the time; a user's own CFLAGS stand
        run_build_ext(extensions, jobs, temp, "" if "CFLAGS" in os.environ else "-O1")
    # modules the rule no longer selects run as plain Python
    remove_built([p for p in PACKAGE.rglob("*.py") if p not in digests])
    return write_manifest(digests)


def run_build_ext(extensions: list, jobs: int, temp: Path, cflags: str = "", ldflags: str = "",
                  force: bool = False, root: Path = ROOT) -> None:
    """setuptools' build_ext in place under `root`, with `cflags` and `ldflags` added to Python's
    own."""
    from setuptools import Distribution

    saved = {k: os.environ.get(k) for k in ("CFLAGS", "LDFLAGS")}
    if cflags:
        os.environ["CFLAGS"] = cflags
    if ldflags:
        os.environ["LDFLAGS"] = ldflags
    dist = Distribution({"ext_modules": extensions, "script_name": "tools/compile.py"})
    command = dist.get_command_obj("build_ext")
    command.inplace = True
    command.parallel = jobs
    command.force = force
    command.build_temp = str(temp)
    cwd = os.getcwd()
    os.chdir(root)
    try:
        dist.run_command("build_ext")
    finally:
        os.chdir(cwd)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def write_manifest(digests: dict[Path, str], how: list[str] | None = None) -> list[str]:
    """Record the source each compiled module was built from, and how (`recipe()` unless
    `how` says otherwise); returns their names."""
    modules = {module_name(p): d for p, d in digests.items() if compiled_files(p)}
    MANIFEST.write_text(json.dumps({"recipe": how or recipe(), "modules": modules}, indent=1, sort_keys=True)
                        + "\n")
    return sorted(modules)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules: plain Python")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if args.clean:
        print(f"compile: removed {clean()} compiled files; the engines run as plain Python")
        return 0
    why = missing()
    if why:
        print(f"compile: skipped ({why}); the engines run as plain Python, the same games, slower")
        return 0
    digests = {p: digest(p) for p in compilable()}
    changed = outdated(digests)
    if changed:
        long = "12 minutes for all of them on 2 cores, profile-guided" if guided() else \
            "4 minutes for all of them on 2 cores"
        print(f"compile: compiling {len(changed)} engine modules with Cython (about {long}; once) ...",
              flush=True)
    start = time.perf_counter()
    modules = build(digests, changed, args.jobs)
    print(f"compile: {len(modules)} engine modules compiled with Cython ({len(changed)} built now, in "
          f"{time.perf_counter() - start:.0f} s; --clean for plain Python)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

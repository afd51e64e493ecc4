"""Compile the engines with Cython, in place: `python tools/compile.py [--clean]`.

`./dev`'s set-up runs this. Where Cython or a C compiler is missing it says so and leaves the
plain Python, which runs everything the same (Binder, a laptop without a compiler); where they
exist it compiles the modules `sandbox.native.compilable()` selects, unchanged: annotations
are not read as C types (`annotation_typing=False`), so compiled code keeps Python's semantics
exactly, and the tests run on it. Only modules whose source changed are built again; the
manifest `sandbox/compiled.json` records the source each was built from, and `sandbox.native`
loads a compiled module only while its source still matches. `SANDBOX_COMPILE=0` skips this.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sandbox.native import MANIFEST, PACKAGE, compilable, digest, module_name, read_manifest  # noqa: E402


def missing() -> str | None:
    """Why compiling cannot happen here (None if it can)."""
    if os.environ.get("SANDBOX_COMPILE", "1").strip() in ("0", "false", "no"):
        return "SANDBOX_COMPILE=0"
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed (pip install -e '.[fast]')"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) on PATH"
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


def outdated(digests: dict[Path, str]) -> list[Path]:
    """The sources not compiled, or compiled from other source than today's (whatever the file
    times say: the manifest's digests decide)."""
    built = read_manifest()
    return [p for p, d in digests.items() if built.get(module_name(p)) != d or not compiled_files(p)]


def build(digests: dict[Path, str], stale: list[Path], jobs: int) -> list[str]:
    """Compile the sources of `digests`, the `stale` ones afresh; returns the module names
    now compiled."""
    from Cython.Build import cythonize
    from setuptools import Distribution

    remove_built(stale)
    os.environ.setdefault("CFLAGS", "-O1")  # as fast here as -O2, built in about half the time
    extensions = cythonize(
        [str(p.relative_to(ROOT)) for p in digests],
        compiler_directives={"language_level": 3, "annotation_typing": False},
        nthreads=jobs, quiet=True)
    dist = Distribution({"ext_modules": extensions, "script_name": "tools/compile.py"})
    command = dist.get_command_obj("build_ext")
    command.inplace = True
    command.parallel = jobs
    command.build_temp = str(ROOT / "build" / "compile")
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        dist.run_command("build_ext")
    finally:
        os.chdir(cwd)
    # modules the rule no longer selects run as plain Python
    remove_built([p for p in PACKAGE.rglob("*.py") if p not in digests])
    modules = {module_name(p): d for p, d in digests.items() if compiled_files(p)}
    MANIFEST.write_text(json.dumps({"cython": __import__("Cython").__version__, "modules": modules},
                                   indent=1, sort_keys=True) + "\n")
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
        print(f"compile: compiling {len(changed)} engine modules with Cython (about 2 minutes for all "
              "of them on 2 cores; once) ...", flush=True)
    start = time.perf_counter()
    modules = build(digests, changed, args.jobs)
    print(f"compile: {len(modules)} engine modules compiled with Cython ({len(changed)} built now, in "
          f"{time.perf_counter() - start:.0f} s; --clean for plain Python)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

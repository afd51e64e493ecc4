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


def clean() -> int:
    """Remove every compiled module, generated C file and the manifest under the package."""
    removed = 0
    for source in PACKAGE.rglob("*.py"):
        for path in built_files(source):
            if path.exists():
                path.unlink()
                removed += 1
    MANIFEST.unlink(missing_ok=True)
    return removed


def build(jobs: int) -> list[str]:
    """Compile what changed; returns the module names now compiled."""
    from Cython.Build import cythonize
    from setuptools import Distribution

    sources = compilable()
    built = read_manifest()
    for source in sources:  # built from other source than today's: built again, whatever the file times
        if built.get(module_name(source)) != digest(source):
            for path in built_files(source):
                path.unlink(missing_ok=True)
    os.environ.setdefault("CFLAGS", "-O1")  # as fast here as -O2, built in about half the time
    extensions = cythonize(
        [str(p.relative_to(ROOT)) for p in sources],
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
    kept = set(sources)
    for stray in PACKAGE.rglob("*.py"):  # modules the rule no longer selects run as plain Python
        if stray not in kept:
            for path in built_files(stray):
                path.unlink(missing_ok=True)
    modules = {module_name(p): digest(p) for p in sources if compiled_files(p)}
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
    built = read_manifest()
    changed = [p for p in compilable() if built.get(module_name(p)) != digest(p) or not compiled_files(p)]
    if changed:
        print(f"compile: compiling {len(changed)} engine modules with Cython (about 2 minutes for all "
              "of them on 2 cores; once) ...", flush=True)
    start = time.perf_counter()
    modules = build(args.jobs)
    print(f"compile: {len(modules)} engine modules compiled with Cython ({len(changed)} built now, in "
          f"{time.perf_counter() - start:.0f} s; --clean for plain Python)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

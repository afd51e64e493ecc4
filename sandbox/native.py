"""Compiled engines, used only while they match their source.

`tools/compile.py` (run by `./dev`'s set-up where Cython and a C compiler exist) compiles the
engines' modules with Cython, unchanged: the same source, every rule written once, the plain
Python still there beside it. Compiled modules are loaded only while their source is the one
they were built from (`compiled.json` records each one's SHA-256): edit a rule and that module
runs as plain Python until the next build, so a stale build can never play a rule that is no
longer written. `SANDBOX_PURE=1` loads plain Python everywhere (how the tests check that both
forms play the same games).

Which modules are compiled is a rule of names, not a list, so a new game is compiled without
edits here: every module of `sandbox.core` and of each game package (a package with a
`state.py`) except those that draw, hold tables or words, or read written positions (run once,
never per transition), plus the search modules.
"""

from __future__ import annotations

import json
import os
import sys
from functools import cache
from importlib.abc import MetaPathFinder
from importlib.machinery import ExtensionFileLoader, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "compiled.json"
PLAIN_NAMES = ("__init__", "native", "paint", "picture", "rulebook", "components", "position")
"""Modules never compiled, by name: they run once (tables, written positions) or only draw
(with every `draw*` module)."""
SEARCH = ("lookahead", "mcts", "bots")
"""Modules outside the core and the games compiled too: the bots' search."""


def switch(name: str, default: bool) -> bool:
    """Whether the environment switch `name` is on: unset or empty leaves `default`; "0",
    "false" or "no" (in any case) turn it off, anything else on. `SANDBOX_PURE` here,
    `SANDBOX_COMPILE` and `SANDBOX_PGO` in `tools/compile.py`."""
    value = os.environ.get(name, "").strip().lower()
    return value not in ("0", "false", "no") if value else default


def pure_asked() -> bool:
    """Whether `SANDBOX_PURE` asks for plain Python everywhere."""
    return switch("SANDBOX_PURE", False)


def compilable(root: Path = PACKAGE) -> list[Path]:
    """The source files the rule above selects under the package directory `root`."""
    games = [p.parent for p in sorted(root.glob("*/state.py")) if p.parent.name != "core"]
    out = []
    for folder in [root / "core", *games]:
        out += [p for p in sorted(folder.glob("*.py"))
                if p.stem not in PLAIN_NAMES and not p.stem.startswith("draw")]
    out += [root / f"{name}.py" for name in SEARCH if (root / f"{name}.py").exists()]
    return out


def module_name(source: Path, root: Path = PACKAGE) -> str:
    """`sandbox.core.state` for `<root>/core/state.py`."""
    parts = source.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts)


def digest(source: Path) -> str:
    """The SHA-256 of a source file and of the package's native classes (hashlib loaded only
    where something was compiled). A compiled module that reads a native class typed (a state's
    `Table`, cimported through its `.pxd`) was built against that class's C layout, and refuses
    to load beside another one: so a change to any module with a `.pxd`, or to the `.pxd`,
    makes every build stale, and all of them run as plain Python until the next build. So does
    a change to a C header every module is built with."""
    import hashlib

    found = hashlib.sha256(source.read_bytes())
    found.update(_declared())
    return found.hexdigest()


@cache
def _declared() -> bytes:
    """The SHA-256 of every `.pxd` of the package and the module beside it, and of the C headers
    every module is built with (`str_equal.h`), read once."""
    import hashlib

    found = hashlib.sha256()
    for pxd in sorted(PACKAGE.rglob("*.pxd")):
        found.update(pxd.read_bytes())
        module = pxd.with_suffix(".py")
        if module.exists():
            found.update(module.read_bytes())
    for header in sorted(PACKAGE.rglob("*.h")):
        found.update(header.read_bytes())
    return found.digest()


def read_manifest(path: Path = MANIFEST) -> dict[str, str]:
    """Module name -> the SHA-256 of the source it was compiled from ({} if never built)."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data.get("modules", {}) if isinstance(data, dict) else {}


class _Finder(MetaPathFinder):
    """Finds `sandbox.*` modules as the path finder does, but hands out a compiled module only
    if its source is unchanged since the build (else the plain source beside it)."""

    def __init__(self, built: dict[str, str], pure: bool) -> None:
        self.built = built
        self.pure = pure
        self.compiled: set[str] = set()
        self.stale: set[str] = set()

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if not name.startswith("sandbox."):
            return None
        spec = PathFinder.find_spec(name, path)
        if spec is None or not isinstance(spec.loader, ExtensionFileLoader) or spec.origin is None:
            return spec
        origin = Path(spec.origin)
        source = origin.with_name(origin.name.split(".")[0] + ".py")
        if not source.exists():
            return spec
        if not self.pure:
            if self.built.get(name) == digest(source):
                self.compiled.add(name)
                return spec
            self.stale.add(name)
        return spec_from_file_location(name, source)


_finder: _Finder | None = None


def install() -> None:
    """Put the finder first on `sys.meta_path` (once; `sandbox/__init__.py` does it before it
    imports anything of its own)."""
    global _finder
    if _finder is None:
        _finder = _Finder(read_manifest(), pure_asked())
        sys.meta_path.insert(0, _finder)


def status() -> str:
    """One line on what runs: how many engine modules are compiled, or why none are."""
    finder = _finder
    if finder is None or finder.pure:
        return "plain Python (SANDBOX_PURE is set)"
    if not finder.built:
        return "plain Python (not compiled: `python tools/compile.py` needs Cython and a C compiler)"
    loaded = [name for name in sys.modules if name in finder.built]
    line = f"compiled: {len(finder.compiled)} of {len(loaded)} engine modules loaded so far"
    if finder.stale:
        changed = ", ".join(sorted(finder.stale))
        line += f"; plain Python for {len(finder.stale)} changed since the build ({changed})"
    return line


def compiled_now() -> frozenset[str]:
    """The modules loaded from their compiled form."""
    return frozenset(_finder.compiled) if _finder is not None else frozenset()


__all__ = ["MANIFEST", "compilable", "compiled_now", "digest", "install", "module_name", "pure_asked",
           "read_manifest", "status"]

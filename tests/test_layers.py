"""Imports read one way: the modules of `sandbox/` and `widgets/` import one another in no circle.
The allow-list below is empty: the layer moves (architecture notes, "Order") removed every
circle, the last ones through the games' `GameInfo` hooks (a state reaches its drawing and its
bots' `assess` through its registration, never by importing them) and their `StateLike`
Protocols (the rule helpers below a state name what they read of it, not `State`).

Every import counts, wherever it is written: at module level, inside a function (a lazy
import), under `if TYPE_CHECKING:`. A module importing `a.b.c` imports `a.b.c` (not the
packages above it, which Python loads on the way but which say nothing of the layering).
A circle is a strongly connected group of modules, written as its sorted module names.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("sandbox", "widgets")


ALLOWED: set[frozenset[str]] = set()
"""The circles that may remain (each a frozenset of module names): none. The core goes twister ->
dealer -> registry -> state -> save -> match -> start; each game components -> config -> actions
-> model -> rule helpers -> state -> draw, strategy -> `__init__` (which registers them).
`test_the_circles_are_the_allowed_ones` prints any circle found."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The modules of `known` that module `name` (at `path`) imports anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package `level - 1` steps above this one
                up = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            # `from a import b` imports the module a.b if there is one, else a name of a
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        yield from (t for t in targets if t in known and t != name)


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: set(imported(name, path, known)) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.add(frozenset(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def shown(groups: set[frozenset[str]]) -> str:
    return "\n".join(sorted(" <-> ".join(sorted(g)) for g in groups)) or "(none)"


def test_the_circles_are_the_allowed_ones() -> None:
    found = circles(graph())
    assert found == ALLOWED, (f"new circles:\n{shown(found - ALLOWED)}\n"
                              f"circles gone (delete them from ALLOWED):\n{shown(ALLOWED - found)}")


def test_the_core_imports_one_way() -> None:
    """No module of `sandbox.core` is in any circle, whatever the allow-list says."""
    core = {m for group in circles(graph()) for m in group if m.startswith("sandbox.core")}
    assert not core, f"the core's modules in a circle: {sorted(core)}"


def test_the_scanner_sees_lazy_and_type_checking_imports(tmp_path: Path) -> None:
    """A circle closed only by an import in a function or under TYPE_CHECKING is found."""
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == {frozenset("abc")}
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from sandbox.core import match\n"
              "def f():\n    import sandbox.core.state\n")
    path = ROOT / "sandbox" / "core" / "probe.py"
    known = {"sandbox.core.match": path, "sandbox.core.state": path, "sandbox.core.probe": path}
    tree_path = tmp_path / "probe.py"
    tree_path.write_text(source)
    assert set(imported("sandbox.core.probe", tree_path, known)) == {"sandbox.core.match",
                                                                       "sandbox.core.state"}

"""Compiled engines and plain Python play the same games, and a stale build is never used.

`tools/compile.py` compiles the engines with Cython where a compiler exists (`./dev` does, so the
whole suite runs on the compiled form there); `SANDBOX_PURE=1` loads the plain source. Here
both forms play seeded games of every registered game, in separate interpreters, and must agree
on every action and the saved game, and so must plain Python where Cython is not installed at
all (Binder: the native classes' declarations come from `sandbox.cython_shadow`); and the
loader is shown to fall back to the source when a module changed after its build.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sandbox
from sandbox import native

ROOT = Path(__file__).resolve().parents[2]
PLAY = """
import json, sys
import sandbox, sandbox.native as native
from sandbox.bots import GreedyBot, RandomBot
out = {}
for game in sandbox.games():
    info = sandbox.get_game(game)
    players = info.usual_players
    for seed in (2, 9):
        match = sandbox.new_game(game, players=players, seed=seed)
        match.run({p: (GreedyBot(seed=seed) if p == 1 else RandomBot(seed=seed + p))
                   for p in range(1, players + 1)})
        out[f"{game}/{seed}"] = [match.to_json(), str(match.outcome), match.log(last=5)]
print(json.dumps({"games": out, "compiled": sorted(native.compiled_now()), "status": native.status()}))
"""


NO_CYTHON = "import sys; sys.modules['cython'] = None  # `import cython` fails, as if not installed\n"


def _play(pure: bool, cython: bool = True) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "SANDBOX_PURE"}
    if pure:
        env["SANDBOX_PURE"] = "1"
    code = PLAY if cython else NO_CYTHON + PLAY
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=900, check=True)
    return json.loads(done.stdout)


def test_compiled_and_plain_python_play_the_same_games() -> None:
    plain, compiled = _play(pure=True), _play(pure=False)
    bare = _play(pure=True, cython=False)
    assert plain["compiled"] == bare["compiled"] == [], plain["status"]
    assert plain["status"].startswith("plain Python")
    assert plain["games"].keys() == compiled["games"].keys() == bare["games"].keys() == {
        f"{g}/{s}" for g in sandbox.games() for s in (2, 9)}
    for key, (save, outcome, log) in plain["games"].items():
        assert compiled["games"][key] == [save, outcome, log], f"{key}: the two forms differ"
        assert bare["games"][key] == [save, outcome, log], f"{key}: plain Python without Cython differs"
    if not native.read_manifest():
        pytest.skip("not compiled here (no Cython or C compiler): both runs were plain Python")
    games = {f"sandbox.{g}.state" for g in sandbox.games()}
    assert games <= set(compiled["compiled"]), compiled["status"]
    assert "sandbox.core.state" in compiled["compiled"] and "sandbox.core.match" in compiled["compiled"]


def test_a_module_changed_since_its_build_runs_as_plain_python() -> None:
    source = ROOT / "sandbox" / "core" / "state.py"
    if not list(source.parent.glob("state.*.so")):
        pytest.skip("not compiled here (no Cython or C compiler)")
    name = "sandbox.core.state"
    current = native._Finder({name: native.digest(source)}, pure=False)
    assert current.find_spec(name, [str(source.parent)]).origin.endswith(".so")
    assert current.compiled == {name}
    stale = native._Finder({name: "0" * 64}, pure=False)  # built from other source
    assert stale.find_spec(name, [str(source.parent)]).origin == str(source)
    assert stale.stale == {name} and not stale.compiled
    pure = native._Finder({name: native.digest(source)}, pure=True)
    assert pure.find_spec(name, [str(source.parent)]).origin == str(source)
    never = native._Finder({}, pure=False)  # no manifest: never built here
    assert never.find_spec(name, [str(source.parent)]).origin == str(source)


def test_a_change_to_a_native_class_makes_every_build_stale(tmp_path: Path, monkeypatch, request) -> None:
    """A module compiled against a native class's C layout (a state's `Table`, read typed
    through its `.pxd`) refuses to load beside another layout, so every module's digest covers
    each module that has a `.pxd` and the `.pxd` itself: changing either makes every build
    stale (plain Python until the next), not just the one changed."""
    assert sorted(p.name for p in (ROOT / "sandbox").rglob("*.pxd"))  # native classes to guard
    package = tmp_path / "sandbox"
    (package / "game").mkdir(parents=True)
    (package / "game" / "table.py").write_text("class Table: ...\n")
    (package / "game" / "table.pxd").write_text("cdef class Table:\n    cdef readonly object a\n")
    (package / "game" / "rules.py").write_text("RULE = 1\n")
    monkeypatch.setattr(native, "PACKAGE", package)
    request.addfinalizer(native._declared.cache_clear)  # the real package's, read again after

    def rules_digest() -> str:
        native._declared.cache_clear()
        return native.digest(package / "game" / "rules.py")

    first = rules_digest()
    (package / "game" / "table.py").write_text("class Table: ...  # another field\n")
    second = rules_digest()
    (package / "game" / "table.pxd").write_text("cdef class Table:\n    cdef readonly object b\n")
    third = rules_digest()
    assert len({first, second, third}) == 3
    assert rules_digest() == third  # the same files, the same digest


def test_the_rule_picks_a_new_game_without_edits(tmp_path: Path) -> None:
    root = tmp_path / "sandbox"
    for path in ("core/state.py", "core/paint.py", "newgame/state.py", "newgame/rules.py",
                 "newgame/draw.py", "newgame/draw_table.py", "newgame/rulebook.py",
                 "newgame/components.py", "newgame/position.py", "newgame/__init__.py",
                 "notagame/helpers.py", "mcts.py", "lab.py"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("")
    picked = [str(p.relative_to(root)) for p in native.compilable(root)]
    assert len(picked) == len(set(picked)), f"listed twice: {picked}"
    assert set(picked) == {"core/state.py", "newgame/state.py", "newgame/rules.py", "mcts.py"}
    assert native.module_name(root / "newgame" / "rules.py", root) == "sandbox.newgame.rules"


def test_every_engine_module_of_this_package_is_selected() -> None:
    listed = [native.module_name(p) for p in native.compilable()]
    picked = set(listed)
    assert len(listed) == len(picked)
    assert {f"sandbox.{g}.state" for g in sandbox.games()} <= picked
    assert {"sandbox.core.state", "sandbox.core.match", "sandbox.core.dealer", "sandbox.core.twister",
            "sandbox.mcts"} <= picked
    assert not {n for n in picked if n.split(".")[-1].startswith("draw") or n.endswith(".native")}


def test_the_goldens_and_the_contract_pass_in_plain_python() -> None:
    """Where the suite runs on the compiled form, the goldens, every game's contract, the
    search path and the checks of how Isle of Trains and Traintopia copy a state (compiled, in
    C, out of a test's reach) are run again in plain Python (what Binder and a laptop without a
    compiler run), so neither form can drift from the other unseen."""
    if not native.read_manifest():
        pytest.skip("not compiled here: the whole suite already ran in plain Python")
    env = {**os.environ, "SANDBOX_PURE": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-x",
                           "tests/test_golden.py", "tests/contract", "tests/core/test_fast_path.py",
                           "tests/isle_of_trains/test_fast_path.py", "tests/traintopia/test_speed.py"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout.splitlines()[-1]


def _compile_tool():
    import importlib.util

    spec = importlib.util.spec_from_file_location("compile_tool", ROOT / "tools" / "compile.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_profile_guided_build_runs_its_training_on_every_game() -> None:
    """The guided build measures random games of every registered game (and a greedy bot's first
    decisions) before it builds again: the training script runs to the end here, briefly, so a
    game added or changed cannot make the set-up's build fall back to one without a profile."""
    tool = _compile_tool()
    run = subprocess.run([sys.executable, "-c", tool.TRAINING.format(root=str(ROOT), seconds=0.05)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]


def test_the_profile_guided_build_is_left_out_where_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """`SANDBOX_PGO=0`, CFLAGS of the user's own, or a compiler that is not GCC: one plain build."""
    tool = _compile_tool()
    monkeypatch.delenv("CFLAGS", raising=False)
    monkeypatch.setenv("SANDBOX_PGO", "0")
    assert not tool.guided()
    monkeypatch.setenv("SANDBOX_PGO", "1")
    monkeypatch.setenv("CFLAGS", "-O3")
    assert not tool.guided()
    monkeypatch.delenv("CFLAGS")
    monkeypatch.setenv("CC", "no-such-compiler-here")
    tool.compiler_family.cache_clear()
    assert not tool.guided()


def test_a_build_made_another_way_is_built_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The manifest records how the modules were built (`recipe`): the digests hash only the
    sources, so without it a change to the flags would leave every checkout on its old build. A
    manifest with another recipe, or none (an older build's), makes every module outdated; one
    with today's recipe and digests, none."""
    pytest.importorskip("Cython")
    tool = _compile_tool()
    monkeypatch.setenv("SANDBOX_PGO", "0")
    monkeypatch.delenv("CFLAGS", raising=False)
    sources = [tmp_path / "sandbox" / "game" / f"{name}.py" for name in ("rules", "moves")]
    for source in sources:
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("x = 1\n")
        source.with_name(f"{source.stem}.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    digests = {source: f"{i}" * 64 for i, source in enumerate(sources)}
    modules = {f"sandbox.game.{source.stem}": d for source, d in digests.items()}
    manifest = tmp_path / "compiled.json"

    def recorded(recipe: object) -> list[str]:
        manifest.write_text(json.dumps({"recipe": recipe, "modules": modules}))
        return sorted(p.stem for p in tool.outdated(digests, manifest))

    monkeypatch.setattr(tool, "module_name", lambda p: f"sandbox.game.{p.stem}")
    assert recorded(tool.recipe()) == []
    assert recorded([*tool.recipe(), "instrumented"]) == ["moves", "rules"]  # a guided build cut short
    assert recorded(None) == ["moves", "rules"]
    monkeypatch.setenv("CFLAGS", "-O3")  # the user's own flags: built again with them
    assert recorded([*tool.recipe()[:-1], "-O1"]) == ["moves", "rules"]
    monkeypatch.delenv("CFLAGS")
    if tool.compiler_family():  # a flag every module gets, changed
        before = tool.recipe()
        monkeypatch.setattr(tool, "TUNED", (*tool.TUNED, "-fno-semantic-interposition"))
        assert recorded(before) == ["moves", "rules"]
    assert str(tmp_path) not in " ".join(tool.recipe()) and str(ROOT) not in " ".join(tool.recipe())


COMPARE = '''
import cython

@cython.locals(a=str, b=str)
def same(a, b):
    return a == b

@cython.locals(a=str, b=str)
def differ(a, b):
    return a != b

@cython.locals(a=str, b=str)
def same_if(a, b):
    if a == b:
        return True
    return False

@cython.locals(a=str, b=str)
def differ_if(a, b):
    if a != b:
        return True
    return False

def is_draw(a):
    if a == "draw":
        return True
    return False
'''


def _pairs() -> list[tuple[str, str]]:
    """Strings equal and not, never the same object: lengths, contents and widths differ."""
    fresh = "".join  # a new object with the same text
    texts = ["", "d", "draw", "drawn", "drew", "é", "e", "€", "ab€", "\U0001F682", "a" * 100,
             "a" * 99 + "b"]
    return [(a, fresh([*b])) for a in texts for b in texts]


def test_compiled_string_equality_answers_as_python_does(tmp_path: Path) -> None:
    """The build puts its own string equality (`sandbox/str_equal.h`: lengths first) ahead of
    Cython's. A module built as the engines are (`tuned`) must answer `==` and `!=`
    between two str objects as Python does, across lengths, contents and character widths; and
    the name Cython guards its own with must still be the one the header defines, or the header
    would silently do nothing."""
    tool = _compile_tool()
    if tool.missing() or not tool.compiler_family():
        pytest.skip("no Cython or no GCC/Clang here")
    from Cython.Build import cythonize

    (tmp_path / "compare_probe.py").write_text(COMPARE)
    extensions = tool.tuned(cythonize([str(tmp_path / "compare_probe.py")], quiet=True,
                                      compiler_directives={"language_level": 3}))
    generated = (tmp_path / "compare_probe.c").read_text()
    for op in ("BoolEq", "BoolNe", "Eq", "Ne"):
        guard = f"__Pyx_DEFINED_PyObject_CompareStrStr{op}"
        assert f"#ifndef {guard}\n" in generated
        assert f"#define {guard}\n" in tool.STR_EQUAL.read_text()
    tool.run_build_ext(extensions, 1, tmp_path / "build", "-O1", force=True, root=tmp_path)
    sys.path.insert(0, str(tmp_path))
    try:
        import compare_probe
    finally:
        sys.path.remove(str(tmp_path))
    assert compare_probe.__file__.endswith((".so", ".pyd"))
    for a, b in _pairs():
        assert compare_probe.same(a, b) == (a == b), (a, b)
        assert compare_probe.differ(a, b) == (a != b), (a, b)
        assert compare_probe.same_if(a, b) == (a == b), (a, b)
        assert compare_probe.differ_if(a, b) == (a != b), (a, b)
        assert compare_probe.is_draw(b) == (b == "draw"), b

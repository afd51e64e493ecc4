"""Golden playthroughs of every game: seeded games written as text by the generic writer
(sandbox/core/playthrough.py), replayed now and diffed line by line.

After an intended change of the rules, the events' text or the bots, regenerate with

    .venv/bin/python tools/regenerate_golden.py

and review the diff of tests/golden/ before committing it.
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("regenerate_golden", ROOT / "tools" / "regenerate_golden.py")
regenerate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regenerate)

HOW = ("If the change is intended, run: .venv/bin/python tools/regenerate_golden.py "
       "(then review git diff tests/golden)")


@pytest.mark.parametrize("name", sorted(regenerate.ALL))
def test_golden_playthrough(name):
    path = regenerate.path_of(name)
    assert path.exists(), f"{path} is missing. {HOW}"
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = regenerate.ALL[name]().splitlines()
    if actual == expected:
        return
    first = next((i for i, (a, b) in enumerate(zip(expected, actual)) if a != b),
                 min(len(expected), len(actual)))
    diff = list(difflib.unified_diff(expected, actual, f"{path.name} (golden)", f"{path.name} (now)",
                                     lineterm="", n=3))
    shown = "\n".join(diff[:60]) + ("\n..." if len(diff) > 60 else "")
    pytest.fail(f"{path.name} differs from line {first + 1} on "
                f"({len(expected)} lines golden, {len(actual)} now):\n{shown}\n{HOW}", pytrace=False)


def test_every_playable_game_has_golden_playthroughs():
    import sandbox

    for game in sandbox.games():
        assert any(name.startswith(game) for name in regenerate.ALL), f"{game} has no golden playthrough"

"""What the golden playthroughs of this game cover (tests/test_golden.py diffs them)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("regenerate_golden", ROOT / "tools" / "regenerate_golden.py")
regenerate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regenerate)


def test_golden_playthroughs_cover_the_config_space():
    texts = {name: regenerate.path_of(name).read_text(encoding="utf-8") for name in regenerate.GOLDEN}
    assert any('"players": 2' in t for t in texts.values())
    assert any('"king": "boards"' in t and '"jack": "turn-end"' in t and '"tracks": 4' in t
               for t in texts.values())
    for text in texts.values():
        assert "outcome:\n    Game over:" in text
        assert "\nview P1:\n" in text and "chosen:" in text and "legal (" in text


def test_playthrough_is_generic_and_deterministic():
    import sandbox
    from sandbox.bots import RandomBot
    from sandbox.core.playthrough import playthrough

    def text():
        m = sandbox.new_game("everyone_on_board", players=2, seed=5, schedule=2, auto_chance=False)
        return playthrough(m, {1: RandomBot(1), 2: RandomBot(2)}, max_legal=4)
    a = text()
    assert a == text()
    assert "start at ply 0" in a and "ply 1: chance decides: Draw a card for P1" in a
    assert "... (38 more)" in a

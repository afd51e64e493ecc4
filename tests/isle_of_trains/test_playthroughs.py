"""What the golden playthroughs of this game cover (tests/test_golden.py diffs them)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("regenerate_golden", ROOT / "tools" / "regenerate_golden.py")
regenerate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regenerate)


def test_golden_playthroughs_cover_player_counts_rulings_and_an_ending():
    texts = {name: regenerate.path_of(name).read_text(encoding="utf-8") for name in regenerate.ISLE_OF_TRAINS}
    for players in (2, 3, 4):
        assert any(f'"players": {players}' in t for t in texts.values())
    assert any('"upgrade_load": "discard"' in t and '"secondary_at": "anywhere"' in t for t in texts.values())
    assert any("outcome:\n    Game over:" in t and "[end.trigger-progress]" in t for t in texts.values())
    for text in texts.values():
        assert "game: isle_of_trains" in text and "GreedyBot" in text and "RandomBot" in text
        assert "\nview P1:\n" in text and "chosen:" in text and "legal (" in text
        assert "[setup.tickets]" in text and "[setup.deal]" in text and "[setup.passengers]" in text
        assert len(text) < 250_000


def test_views_are_written_once_per_turn():
    """The writer shows every player's view when the turn changes, not at every decision."""
    text = regenerate.path_of("isle_of_trains_2p_greedy_vs_random").read_text(encoding="utf-8")
    turns = text.count("\nview P1:\n")
    assert turns == text.count("\nview P2:\n")
    last_turn = max(int(line.split()[1].rstrip(":")) for line in text.splitlines()
                    if line.startswith("    Turn "))
    assert turns <= last_turn + 1

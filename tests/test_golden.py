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

import sandbox

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

def test_everyone_on_board_goldens_cover_the_config_space():
    texts = {name: regenerate.path_of(name).read_text(encoding="utf-8")
             for name in sandbox.get_game("everyone_on_board").goldens}
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

def test_isle_of_trains_goldens_cover_player_counts_rulings_and_an_ending():
    texts = {name: regenerate.path_of(name).read_text(encoding="utf-8")
             for name in sandbox.get_game("isle_of_trains").goldens}
    for players in (2, 3, 4):
        assert any(f'"players": {players}' in t for t in texts.values())
    assert any('"upgrade_load": "discard"' in t and '"secondary_at": "anywhere"' in t for t in texts.values())
    assert any("outcome:\n    Game over:" in t and "[end.trigger-progress]" in t for t in texts.values())
    solo = [t for t in texts.values() if '"players": 1' in t]
    assert any("[scenario.win]" in t and "P1: win" in t for t in solo)  # a chapter won
    assert any("Rating: " in t and "[solo.end]" in t for t in solo)  # a Challenge to its rating
    for text in texts.values():
        bots = ("GreedyBot" in text) + ("RandomBot" in text)
        assert "game: isle_of_trains" in text and bots == (1 if text in solo else 2)
        assert "\nview P1:\n" in text and "chosen:" in text and "legal (" in text
        assert "[setup.tickets]" in text and "[setup.deal]" in text and "[setup.passengers]" in text
        assert len(text) < 250_000


def test_isle_of_trains_views_are_written_once_per_turn():
    """The writer shows every player's view when the turn changes, not at every decision."""
    text = regenerate.path_of("isle_of_trains_2p_greedy_vs_random").read_text(encoding="utf-8")
    turns = text.count("\nview P1:\n")
    assert turns == text.count("\nview P2:\n")
    last_turn = max(int(line.split()[1].rstrip(":")) for line in text.splitlines()
                    if line.startswith("    Turn "))
    assert turns <= last_turn + 1

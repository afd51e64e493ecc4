"""Save and load through the stepper: the file a student downloads loads back the same game,
at the same ply, still sealed; a file of another game, or a broken one, is refused with the
reason and leaves the game on the table."""

from __future__ import annotations

import base64
import re
from datetime import datetime, timezone

import pytest

import sandbox
from widgets import GameStepper

SEATS = {1: "greedy", 2: "random", 3: "human"}


def _downloaded(stepper: GameStepper) -> tuple[str, str]:
    stepper.save_button.click()
    link = stepper.save_link.value
    name = re.search(r"download='([^']+)'", link).group(1)
    data = re.search(r"base64,([^']+)'", link).group(1)
    return name, base64.b64decode(data).decode()


@pytest.mark.parametrize("game", ["everyone_on_board", "isle_of_trains"])
def test_a_downloaded_game_loads_back_exactly(game):
    played = GameStepper(sandbox.new_game(game, players=3, seed=11), seats=SEATS)
    played.jump_to_end()
    played.choose(played.options[0])
    played.jump_to_end()
    played.back()
    name, text = _downloaded(played)
    assert name == f"{game}-seed11-ply{played.match.ply}.json"

    fresh = GameStepper(sandbox.new_game(game, players=3, seed=99), seats=SEATS)
    fresh.load_control.value = ({"name": name, "type": "application/json", "size": len(text),
                                 "content": memoryview(text.encode()),
                                 "last_modified": datetime.now(timezone.utc)},)
    assert fresh.match.ply == played.match.ply and fresh.match.last_ply == played.match.last_ply
    assert fresh.match.state == played.match.state
    assert fresh.viewer == 3 and fresh.table.svg() == played.table.svg()  # still P3's view only
    assert fresh.status == played.status and "Loaded a saved game (seed 11" in fresh.message


def test_another_game_or_a_broken_file_is_refused_and_the_table_stays():
    stepper = GameStepper(sandbox.new_game("everyone_on_board", players=3, seed=5), seats=SEATS)
    stepper.jump_to_end()
    before = (stepper.match.state, stepper.status)
    other = sandbox.new_game("isle_of_trains", players=3, seed=5).to_json()
    assert not stepper.load(other)
    assert "Not loaded: that file is a 3-player game of Isle of Trains" in stepper.message
    four = sandbox.new_game("everyone_on_board", players=4, seed=5).to_json()
    assert not stepper.load(four) and "4-player game" in stepper.message
    assert not stepper.load(b"{ not json")
    assert stepper.message.startswith("Not loaded: ")
    tampered = stepper.match.to_json().replace('"seed": 5', '"seed": 6')
    assert not stepper.load(tampered) and "Not loaded: " in stepper.message
    assert (stepper.match.state, stepper.status) == before
    assert "Not loaded" in stepper.status_line.value

"""What if from here? as the button runs it: a race in a background thread, so the page stays
free. The first answer comes at once, better ones follow, Stop keeps the answer, and a change
of position, another What-if or closing the stepper stops the race. Waits are generous: no
assertion depends on the machine's speed."""

from __future__ import annotations

import time
from html import escape

import sandbox
from sandbox.bots import by_name
from widgets import GameStepper

LONG = 600  # seconds: a race that only a stop ends, in these tests


def human_turn(game: str = "everyone_on_board", players: int = 2, **options):
    match = sandbox.new_game(game, players=players, seed=3, **options)
    seats = {p: "greedy" for p in range(2, players + 1)}
    stepper = GameStepper(match, seats=seats)
    stepper.jump_to_end()
    assert stepper._advised() == 1
    return match, stepper


def _until(test, timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < end, "waited too long"
        time.sleep(0.02)


def test_the_first_answer_has_a_row_per_option_and_better_ones_follow():
    match, s = human_turn()
    ply, state = match.ply, match.state
    run = s.what_if(seconds=3)
    _until(lambda: run.updates >= 1)
    for action in match.legal_actions():  # every option, in words, before any game ends
        assert escape(match.state.describe(action, 1)) in s.what_if_table.value
    assert "<th>alternative</th>" not in s.what_if_table.value  # words for a class, no notation
    assert s.adviser.running.layout.display is None and f"(ply {ply})" in s.what_if_table.value
    result = run.wait(120)
    assert not run.running and result.finished and result is run.latest
    assert sorted(result.table["alternative"]) == sorted(a.notation for a in match.legal_actions())
    assert result.games_played > 0 and run.updates >= 2
    assert s.adviser.games_line.value.startswith(f"{result.games_played} games in ")
    assert s.adviser.progress.value == 1 and s.adviser.stop_button.disabled
    assert len(s.what_if_out.outputs) == 1  # the plot
    assert "dropped: clearly worse" in s.what_if_table.value or "played" in s.what_if_table.value
    assert match.ply == ply and match.state == state  # nothing played


def test_stop_keeps_the_answer_so_far():
    _match, s = human_turn()
    run = s.what_if(seconds=LONG)
    _until(lambda: run.latest is not None and run.latest.games_played >= 2)
    s.adviser.stop_button.click()
    result = run.wait(60)
    assert not run.running and result.stopped and result.games_played >= 2
    assert "<table" in s.what_if_table.value and "(stopped)" in s.what_if_table.value
    assert s.advice.value.startswith("<i>Stopped after ")
    s.refresh()  # the same position: the answer stays
    assert "<table" in s.what_if_table.value


def test_a_change_of_position_stops_the_race_and_takes_its_answer_away():
    match, s = human_turn()
    ply = match.ply
    run = s.what_if(seconds=LONG)
    assert run.running  # the call returned while the race goes on: the page is free
    _until(lambda: run.updates >= 1)
    s.choose(s.options[0])  # a click that plays
    run.wait(60)
    assert not run.running and run.stop_event.is_set()
    assert s.what_if_table.value == "" and s.adviser.box.layout.display == "none"
    assert f"was for ply {ply}" in s.advice.value
    time.sleep(0.2)
    assert s.what_if_table.value == ""  # the stopped race writes nothing more
    s.back()
    again = s.what_if(seconds=LONG)
    _until(lambda: again.updates >= 1)
    s.back()  # Back stops it too
    again.wait(60)
    assert not again.running and s.what_if_table.value == ""


def test_another_what_if_or_closing_the_stepper_stops_the_race():
    _match, s = human_turn()
    first = s.what_if(seconds=LONG)
    second = s.what_if(seconds=LONG)
    first.wait(60)
    assert not first.running and s.adviser.run is second
    _other_match, other = human_turn()
    third = other.what_if(seconds=LONG)  # one What-if at a time in a kernel
    second.wait(60)
    assert not second.running and third.running
    other.close()
    third.wait(60)
    assert not third.running


def test_solo_shows_rating_bands_never_a_win_rate():
    match = sandbox.new_game("isle_of_trains", players=1, seed=1)
    bot = by_name("greedy", seed=1)
    while match.pending.is_chance or match.ply < 67:
        match.step({1: bot})
    s = GameStepper(match)
    assert s._advised() == 1
    run = s.what_if(games=1, seconds=LONG)
    _until(lambda: run.latest is not None and run.latest.games_played >= 1)
    s.adviser.stop()
    result = run.wait(60)
    assert not any(column.startswith("win") for column in result.table.columns)
    assert any(column.startswith("rating: ") for column in result.table.columns)
    assert "win rate" not in s.what_if_table.value and "rating: " in s.what_if_table.value

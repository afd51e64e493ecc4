""""Review this game": offered once the game is over, the seat shown reviewed from its own
view, the costliest decisions first, a click going back to that position with the better option
explained, and playing on from there a branch that keeps the line reviewed."""

from __future__ import annotations

import functools

import pytest

import sandbox
from sandbox.bots import by_name
from widgets import GameStepper


def finished(seats: dict[int, str] | None = None) -> GameStepper:
    """A 2-player Everyone On Board‽ game played to its end: the human P1 plays like the random
    bot (so the review finds mistakes), P2 is the greedy bot."""
    s = GameStepper(sandbox.new_game("everyone_on_board", players=2, seed=3), seats={2: "greedy"})
    student = by_name("random", seed=5)
    while s.jump_to_end() or s._human_to_decide() is not None:
        if s._human_to_decide() is not None:
            assert s.review_button.disabled
            s.choose(student.choose(s.match.view(1), 1).action)
    assert s.match.is_over
    return s


def costliest_first(result):
    """The decisions that were not the best found, most points lost first, then by ply."""
    worse = result.table[result.table["label"] != "best"]
    return worse.sort_values(["points lost", "ply"], ascending=[False, True])


@functools.lru_cache(maxsize=1)
def _reviewed() -> tuple[GameStepper, object]:
    s = finished()
    run = s.review(games=8)
    result = run.wait(120)
    assert result is not None, run.error
    return s, result


@pytest.fixture
def reviewed():
    s, result = _reviewed()
    s.reviewer.back_to_line()
    s.match.goto(s.match.last_ply)
    s.refresh()
    return s, result


def test_the_button_is_offered_only_once_the_game_is_over():
    s = GameStepper(sandbox.new_game("everyone_on_board", players=2, seed=3), seats={2: "greedy"})
    s.jump_to_end()
    assert s.reviewer.box.layout.display == "none" and s.review_button.disabled
    with pytest.raises(ValueError, match="once it is over"):
        s.review()
    s = finished()
    assert s.reviewer.box.layout.display is None and not s.review_button.disabled
    s.back()  # the line still ends in a finished game: the review is still offered
    assert not s.review_button.disabled


def test_the_review_lists_the_human_seats_decisions_costliest_first(reviewed):
    s, result = reviewed
    assert set(result.table["seat"]) == {1}  # sealed: the human's seat only
    buttons = s.reviewer.decisions.children
    assert buttons and "decisions reviewed" in s.reviewer.text.value
    first = costliest_first(result).iloc[0]
    assert buttons[0].description == (f"ply {first['ply']}: played {first['played']}, best "
                                      f"{first['best']}, −{first['points lost']:.1f} points "
                                      f"({first['label']})")
    lost = [float(b.description.split("−")[1].split(" ")[0]) for b in buttons]
    assert lost == sorted(lost, reverse=True)
    assert s.reviewer.plot.outputs and s.reviewer.running.layout.display == "none"


def test_a_click_goes_back_to_the_decision_and_explains_the_better_option(reviewed):
    s, result = reviewed
    worst = costliest_first(result).iloc[0]
    s.reviewer.decisions.children[0].click()
    assert s.match.ply == worst["ply"] and s.ply == worst["ply"]
    assert s._human_to_decide() == 1 and s.option_buttons  # the student can play on from here
    text = s.reviewer.explained.value
    assert worst["best"].replace("&", "&amp;") in text and "Hint (greedy bot):" in text
    assert s.reviewer.decisions.children  # the list stays for the next click


def test_playing_on_from_a_decision_keeps_the_line_reviewed_as_a_branch(reviewed):
    s, result = reviewed
    m = s.match
    line = m.line()
    worst = costliest_first(result).iloc[0]
    s.reviewer.show_decision(int(worst["ply"]))
    other = next(a for a in m.legal_actions() if a.notation == worst["best action"])
    s.choose(other)
    assert m.line()[:worst["ply"] + 1] == line[:worst["ply"] + 1] and m.line() != line
    assert line[worst["ply"] + 1] in line[worst["ply"]].children  # the move played is still there
    assert s.reviewer.back_button.layout.display is None and s.reviewer.decisions.children
    s.reviewer.back_button.click()
    assert m.line() == line and m.ply == worst["ply"]
    assert s.reviewer.back_button.layout.display == "none"


def test_the_review_is_for_its_seat_only():
    s = finished()
    s.reviewer.start(s.match, 1, s.name, games=8)  # as the button does, then the page changes
    s.reviewer.follow(s.match, 2, True, False)  # another seat shown: its answer goes
    assert s.reviewer.run is None and not s.reviewer.decisions.children and not s.reviewer.text.value
    s.reviewer.follow(s.match, 1, True, True)  # a curtain down: nothing shows
    assert s.reviewer.box.layout.display == "none"


def test_stop_drops_the_review_and_the_page_stays_free():
    s = finished()
    run = s.review(games=8)
    assert s.reviewer.running.layout.display is None and "Reviewing" in s.reviewer.progress_line.value
    s.reviewer.stop_button.click()
    run.wait(120)
    assert s.reviewer.text.value == "<i>Review stopped.</i>" and s.reviewer.result is None
    assert not s.reviewer.decisions.children and s.reviewer.running.layout.display == "none"

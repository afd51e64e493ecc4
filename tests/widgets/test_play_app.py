"""The play page: a new game starts another deal, a seed deals the same game again, the seats
stay the author's and the table stays sealed to the human seat."""

from __future__ import annotations

import pytest

import sandbox
from widgets import GameStepper, PlayApp


def test_the_first_game_is_the_authors_seeded_game():
    app = PlayApp("everyone_on_board", players=3, seats={1: "greedy", 2: "random", 3: "human"}, seed=7)
    twin = GameStepper(sandbox.new_game("everyone_on_board", players=3, seed=7),
                       seats={1: "greedy", 2: "random", 3: "human"})
    assert app.stepper.match.state == twin.match.state
    assert app.stepper.viewer == 3 and app.stepper.viewer_control is None
    assert all(control.disabled for control in app.stepper.seat_controls.values())
    assert "seed <b>7</b>" in app.about.value and repr(app) == "PlayApp(everyone_on_board, 3 players, seed 7)"


def test_new_game_deals_again_and_a_typed_seed_replays_a_deal():
    app = PlayApp("isle_of_trains", players=2, seats={2: "greedy"}, seed=7)
    first = app.stepper.match.state
    app.new_button.click()  # empty seed box: a fresh deal
    assert app.seed != 7 and app.stepper.match.state != first
    assert app.children[1] is app.stepper
    app.seed_control.value = "7"
    app.new_button.click()
    assert app.seed == 7 and app.stepper.match.state == first
    assert app.seed_control.value == ""


def test_another_player_count_keeps_the_authors_seats_and_one_human():
    app = PlayApp("everyone_on_board", players=3, seats={1: "greedy", 2: "random", 3: "human"}, seed=1)
    app.players_control.value = 2
    app.new_button.click()
    assert app.stepper.match.config.players == 2
    assert app.stepper.seats == {1: "greedy", 2: "human"}
    app.players_control.value = 4
    app.new_button.click()
    assert app.stepper.seats == {1: "greedy", 2: "random", 3: "human", 4: "greedy"}
    assert app.stepper.viewer == 3


def test_a_seed_that_is_not_a_number_is_refused_and_the_game_stays():
    app = PlayApp("everyone_on_board", players=2, seats={2: "greedy"}, seed=3)
    before = app.stepper
    app.seed_control.value = "seven"
    with pytest.raises(ValueError, match="a seed is a whole number"):
        app.new_game()
    assert app.stepper is before and app.seed == 3


def test_the_button_says_what_is_wrong_with_a_seed_on_the_page():
    app = PlayApp("everyone_on_board", players=2, seats={2: "greedy"}, seed=3)
    before = app.stepper
    app.seed_control.value = "seven"
    app.new_button.click()
    assert "a seed is a whole number" in app.about.value and app.stepper is before


def test_solo_setups_choose_the_mode_and_chapter_and_the_goal_shows_under_the_prompt():
    """Isle of Trains solo: the bar chooses the Challenge or a chapter; the chooser shows the
    objective's progress [scenario.win] and offers the return at any time [solo.return]."""
    from sandbox.isle_of_trains import solo

    app = PlayApp("isle_of_trains", seats={1: "human"}, seed=3, setups=solo.setups(),
                  setup="Chapter 2: Strong Foundations")
    match = app.stepper.match
    assert (match.config.players, match.config.mode, match.config.chapter) == (1, "scenario", 2)
    assert "Goal: 0 of 4 buildings built" in app.stepper.chooser_title.value
    assert repr(app) == "PlayApp(isle_of_trains, Chapter 2: Strong Foundations, seed 3)"
    app.players_control.value = "Challenge"
    app.new_button.click()
    assert app.stepper.match.config.mode == "challenge"
    assert "Goal: 0 points now: Freeloader; Trainee at 50" in app.stepper.chooser_title.value
    spec = {"players": {1: {"tokens": 3}}, "discard": "C2"}
    stepper = GameStepper(sandbox.new_game("isle_of_trains", players=1, seed=1, position=spec),
                          seats={1: "human"})
    labels = [b.description for b in stepper.option_buttons]
    wanted = "At any time: Return Level 2 Coach from the discard pile to the top of the train deck"
    assert wanted in labels

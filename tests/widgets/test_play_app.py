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

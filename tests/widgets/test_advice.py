"""The stepper's Hint and "What if from here?": advice for the human deciding, worked out on
that player's view, never played, never shown on another seat's page."""

from __future__ import annotations

from html import escape

import sandbox
from widgets import GameStepper


def human_turn(game: str = "everyone_on_board", **seats: str):
    match = sandbox.new_game(game, players=2, seed=3)
    stepper = GameStepper(match, seats={2: "greedy"})
    stepper.jump_to_end()  # to P1's first decision
    assert stepper._advised() == 1
    return match, stepper


def test_a_hint_names_the_bots_choice_and_plays_nothing():
    match, s = human_turn()
    ply, state = match.ply, match.state
    s.hint_button.click()
    choice = sandbox.bots.by_name("greedy", seed=match.seed).choose(match.view(1), 1)
    assert s.advice.value == f"<i>Hint (greedy bot): {choice.reason.replace('&', '&amp;')}</i>"
    assert match.ply == ply and match.state == state


def test_what_if_from_here_compares_every_option_and_plays_nothing():
    match, s = human_turn()
    ply, legal = match.ply, match.legal_actions()
    result = s.what_if(games=6, executor="serial")
    assert sorted(result.table["alternative"]) == sorted(a.notation for a in legal)
    assert set(result.games["seed"]) and match.ply == ply
    assert s.advice.value.startswith("<i>Best over 6 games each: ")
    shown = s.what_if_table.value
    assert "What if from here?" in shown and escape(result.labels[result.best]) in shown
    assert "<th>alternative</th>" not in shown and "<th>alternative</th>" in result._repr_html_()


def test_no_advice_on_a_bots_turn_or_behind_a_curtain():
    match = sandbox.new_game("everyone_on_board", players=2, seed=3)
    s = GameStepper(match, seats={1: "greedy", 2: "random"})
    s.jump_to_end()
    assert s.hint_button.disabled and s.what_if_button.disabled
    assert s.hint() == "A hint is for a human's decision, shown to that player."
    assert s.what_if(games=2) is None
    hot = GameStepper(sandbox.new_game("everyone_on_board", players=2, seed=3))  # two humans
    hot.jump_to_end()
    if hot.curtain is not None:
        assert hot.hint_button.disabled and hot._advised() is None

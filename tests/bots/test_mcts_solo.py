"""The MCTS bot plays solo on its own terms: points in a rated game, the objective in a chapter,
and within a time budget.

Solo there is no rival: the bot once valued an unfinished playout by its lead over the best
other seat, which alone is itself, so every option scored 0.50 and it played at random (3 and 5
points in two Challenge games)."""

from __future__ import annotations

import time
from typing import Any

import sandbox
from sandbox.bots import GreedyBot
from sandbox.core import Outcome
from sandbox.core.runner import play_out
from sandbox.mcts import MCTSBot, solo_value
from tests.bots.toy_rounds import Rounds


def test_solo_mcts_takes_the_option_that_scores_more():
    """Every option once scored 0.50 (a lead over itself) and the bot took the first; now the
    playouts are valued by the points the seat reaches, and it takes two points a round."""
    for seed in range(3):
        choice = MCTSBot(iterations=200, seed=seed).choose(Rounds(), 1)
        assert choice.action == "two", choice.reason


def test_solo_mcts_heads_for_an_objective_out_of_reach():
    """With an objective of 40 points in thirty rounds, the end out of a rollout's reach: the
    playouts are valued by how near they come (below the 1 of meeting it), not all alike."""
    state = Rounds(left=30, objective=40)
    choice = MCTSBot(iterations=200, seed=1).choose(state, 1)
    assert choice.action == "two", choice.reason


def test_solo_value_is_the_seats_own():
    assert solo_value(Rounds(points=5)) == (False, 5.0)  # unfinished: the assessment
    assert solo_value(Rounds(points=7, left=0)) == (False, 7.0)  # rated: the points
    assert solo_value(Rounds(points=3, left=4, objective=3)) == (True, 0.0)  # objective met
    assert solo_value(Rounds(points=2, left=0, objective=3)) == (False, 2.0)  # short of it


# --- Isle of Trains solo -----------------------------------------------------------------------
def _challenge_decision(seed: int = 1) -> Any:
    match = sandbox.new_game("isle_of_trains", players=1, seed=seed, mode="challenge")
    while len(match.state.legal_actions_for(1) if match.state.to_move == 1 else ()) < 3:
        match.step({1: GreedyBot()})
    return match.state


def test_a_seconds_budget_stops_in_time():
    """Not a timed benchmark: a generous bound (five times the budget) on a shared machine."""
    state = _challenge_decision()
    bot = MCTSBot(seconds=0.2, seed=1)
    started = time.perf_counter()
    choice = bot.choose(state.view(1), 1)
    assert time.perf_counter() - started < 1.0
    assert state.is_legal(choice.action)
    assert "seconds=0.2" in repr(bot)


def test_solo_mcts_is_deterministic_with_iterations():
    state = _challenge_decision(seed=3)
    first = MCTSBot(iterations=30, seed=5).choose(state.view(1), 1)
    assert first == MCTSBot(iterations=30, seed=5).choose(state.view(1), 1)


def _play(seed: int, iterations: int, **options: Any) -> Outcome:
    match = sandbox.new_game("isle_of_trains", players=1, seed=seed, **options)
    played = play_out(match.state, {1: MCTSBot(iterations=iterations, seed=seed)}, seed, ply=match.ply)
    assert played.state.is_over
    outcome = played.state.outcome
    assert outcome is not None
    return outcome


def test_solo_mcts_plays_a_challenge_game_to_its_rating():
    """At 30 iterations a decision it scored 2 and 5 points before (every option alike)."""
    outcome = _play(1, 30, mode="challenge")
    assert outcome.rating and outcome.scores[1] >= 18, outcome  # a random bot scores 7-17


def test_solo_mcts_plays_a_scenario_chapter_to_the_end():
    outcome = _play(2, 10, mode="scenario", chapter=1)
    assert outcome.result(1) in ("win", "loss") and outcome.goal.startswith("Chapter 1")


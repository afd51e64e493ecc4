"""The greedy bot's look-ahead in the solo Challenge (`solo_strategy.day_ahead`): each of its
best-looking day actions followed to the end of the next day, so set-up that pays off days later
(a coach whose passengers bring cards and VP, a car a contract needs) beats a point now."""

from __future__ import annotations

import statistics

import sandbox
from sandbox.bots import GreedyBot, best_step
from sandbox.isle_of_trains.solo_strategy import day_ahead

from .iot_rules import game

# a Level 2 Engine, a passenger beside it, five cards: a Level 1 Hopper is +2 points now, a Level 2
# Coach +2 and two passengers, each loaded later for 3 cards and 2 VP [solo.own-benefit]
COACH_OR_HOPPER = {"players": {1: {"train": ["E2"], "hand": "GRAND C1 C2 H1 T1", "supply": "AL"}}}


def test_one_decision_ahead_the_bot_builds_for_points_now():
    view = game(COACH_OR_HOPPER, players=1).state.view(1)
    bot = GreedyBot()
    _, action, _ = best_step(view, 1, then=bot._rollout)
    assert view.describe(action, 1) == "Build Level 1 Hopper (extending)"


def test_looking_days_ahead_the_bot_builds_the_coach_whose_passengers_pay_later():
    view = game(COACH_OR_HOPPER, players=1).state.view(1)
    choice = GreedyBot().choose(view, 1)
    assert choice.reason.startswith("Build Level 2 Coach (extending)"), choice


def test_the_look_ahead_is_for_the_solo_day_actions_only():
    """Against others the one-decision greedy decides, as before (their golden games stay the
    same); so it does for the parts of an action (paying for a build). The chapters look ahead
    as the Challenge does."""
    bot = GreedyBot()
    duo = game({"players": {1: {"hand": "C1 C2"}}}, players=2).state
    chapter = game(COACH_OR_HOPPER, players=1, mode="scenario", chapter=2).state
    assert day_ahead(bot, duo.view(1), 1) is None
    assert day_ahead(bot, chapter.view(1), 1) is not None
    solo = game(COACH_OR_HOPPER, players=1).state
    build = next(a for a in solo.legal_actions_for(1)
                 if solo.describe(a, 1).startswith("Build Level 2 Coach"))
    paying = solo.apply(build)[0]
    assert paying.pending.kind != "action"
    assert day_ahead(bot, paying.view(1), 1) is None


def test_the_same_seed_plays_the_same_challenge():
    """The look-ahead deals the cards still to draw from the bot's own RNG: a seeded bot plays a
    seeded game the same way every time."""
    def play() -> str:
        m = sandbox.new_game("isle_of_trains", players=1, seed=7, mode="challenge")
        bots = {1: GreedyBot(seed=3)}
        for _ in range(40):
            m.step(bots)
        return m.log()

    assert play() == play()


CHALLENGE_SEEDS = (3, 16)
"""Two of the check's seeds (issue 29): one decision ahead the greedy bot scored 43 and 39 in
them, looking ahead 68 and 92."""


def test_the_challenge_mean_over_two_seeds_reaches_the_issue_s_60():
    """Issue 29: the greedy bot must average 60 over the check's 20 Challenge games; one decision
    ahead it averaged 54 (41 on these two seeds), looking ahead 69."""
    scores = []
    for seed in CHALLENGE_SEEDS:
        m = sandbox.new_game("isle_of_trains", players=1, seed=seed, mode="challenge")
        m.run({1: GreedyBot()})
        scores.append(m.state.scores()[1])
    assert statistics.mean(scores) >= 60, scores

"""`sandbox.review`: every decision of a match compared with its options from the deciding seat's
own view. No test is timed: budgets are games, so every table here is the same on any machine."""

from __future__ import annotations

import random
from typing import Any

import pandas as pd
import pytest

import sandbox
from sandbox.bots import GreedyBot, RandomBot
from sandbox.core import CHANCE, Match
from sandbox.lab import MIN_TO_DROP
from sandbox.reviewing import LABELS, SHARES, decisions_of, label_for, review, score_spread

EOB = "everyone_on_board"
QUIET: dict[str, Any] = dict(progress=False)
COLUMNS = ["ply", "seat", "played", "best", "played points", "best points", "played win",
           "best win", "points lost", "label", "games", "options", "action", "best action"]


def _random_game(game: str, players: int, seed: int, plies: int, **options):
    """A match played `plies` plies on by random bots (unfinished: a review takes it as it is)."""
    m = sandbox.new_game(game, players=players, seed=seed, **options)
    bots = {p: RandomBot(seed=p) for p in range(1, players + 1)}
    while m.ply < plies and not m.is_over:
        m.step(bots)
    return m


def _worst_for_seat_1(m: Match, decisions: int) -> Match:
    """Seat 1 plays the option a one-ply `assess` rates lowest (from its own view), seat 2 the
    greedy bot, until seat 1 has made `decisions` choices among two or more options."""
    greedy, made = GreedyBot(), 0
    while made < decisions and not m.is_over:
        state = m.state
        if state.to_move == 1 and len(state.legal_actions()) >= 2:
            view = state.view(1)
            worst = min(state.legal_actions(),
                        key=lambda a: sum(view.apply(a)[0].assess(1).values()))
            m.play(worst)
            made += 1
        else:
            m.step({1: greedy, 2: greedy})
    return m


def test_columns_labels_and_points_lost_never_negative():
    m = _random_game(EOB, 2, seed=3, plies=30)
    rv = review(m, budget_games=8, **QUIET)
    t = rv.table
    assert list(t.columns) == COLUMNS
    assert len(t) == len(decisions_of(m)) > 5
    assert (t["points lost"] >= 0).all()
    assert set(t["label"]) <= set(LABELS)
    assert (t.loc[t["label"] == "best", "points lost"] == 0).all()
    assert (t["games"] >= 1).all() and (t["options"] >= 2).all()
    # the thresholds are stated, in points, and scale with the game's spread
    assert rv.spread == score_spread(m) > 0
    assert rv.thresholds == {label: share * rv.spread for label, share in SHARES.items()}
    for _, row in t[t["label"] != "best"].iterrows():
        assert row["label"] == label_for(row["points lost"], rv.thresholds)
    assert "inaccuracy from" in repr(rv) and "<table" in rv._repr_html_()
    assert set(rv.summary()["seat"]) == set(t["seat"])


def test_labels_scale_with_the_spread():
    thresholds = {label: share * 20 for label, share in SHARES.items()}  # 2, 5, 10 points
    assert [label_for(lost, thresholds) for lost in (0.5, 2, 4.9, 5, 9.9, 10, 30)] == [
        "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    halved = {label: share * 10 for label, share in SHARES.items()}
    assert label_for(5, halved) == "blunder"


def test_decisions_forced_to_the_worst_option_are_found():
    m = _worst_for_seat_1(sandbox.new_game(EOB, players=2, seed=5), decisions=8)
    rv = review(m, seat=1, budget_games=8, **QUIET)
    t = rv.table
    assert set(t["seat"]) == {1} and len(t) == 8
    assert t["points lost"].sum() > 0
    assert t["label"].isin(["mistake", "blunder"]).any(), t[["played", "best", "points lost", "label"]]
    # the option played got games of its own, on the same games as the best
    assert (t.loc[t["label"] != "best", "games"] >= MIN_TO_DROP).all()


def test_forced_moves_and_chance_are_skipped():
    m = _random_game(EOB, 2, seed=8, plies=60)
    rv = review(m, budget_games=2, spread=10.0, **QUIET)
    reviewed = set(rv.table["ply"])
    skipped = 0
    for node in m.line()[1:]:
        before = node.parent.state
        decided = node.actor not in (None, CHANCE) and len(before.legal_actions_for(node.actor)) >= 2
        assert (node.ply - 1 in reviewed) == decided
        skipped += not decided
    assert skipped and reviewed
    assert any(node.actor == CHANCE for node in m.line()[1:])
    assert any(node.actor not in (None, CHANCE) and len(node.parent.state.legal_actions_for(node.actor)) == 1
               for node in m.line()[1:]), "the game should hold a forced move to skip"


def test_the_same_seed_gives_the_same_table():
    m = _random_game(EOB, 2, seed=4, plies=25)
    first = review(m, budget_games=6, seed=7, spread=10.0, **QUIET)
    again = review(m, budget_games=6, seed=7, spread=10.0, **QUIET)
    pd.testing.assert_frame_equal(first.table, again.table)
    # budget_s is turned into games by the game's pace, not the clock: repeatable too
    timed = review(m, budget_s=0.2, seed=7, spread=10.0, plies=range(10, 20), **QUIET)
    pd.testing.assert_frame_equal(timed.table, review(m, budget_s=0.2, seed=7, spread=10.0,
                                                      plies=range(10, 20), **QUIET).table)


def _twins(game: str, players: int, seed: int):
    """(state, twin, seat, action): a decision of `seat` with options, and a state that differs
    from it only in what that seat cannot see."""
    rng = random.Random(seed)
    m = _random_game(game, players, seed=seed, plies=0)
    state = m.state
    for _ in range(400):
        if state.is_over:
            break
        seat = state.to_move
        if seat not in (None, CHANCE) and not state.simultaneous and len(state.legal_actions()) >= 2:
            twin = state.view(seat).determinize(rng)
            if twin != state:
                action = rng.choice(state.legal_actions())
                if twin.is_legal(action):
                    return state, twin, seat, action
        action = (state.sample_chance(rng) if state.to_move == CHANCE
                  else rng.choice(state.legal_actions()))
        state, _ = state.apply(action)
    pytest.skip(f"no decision with hidden information found in {game}")


@pytest.mark.parametrize("game", sandbox.games())
def test_a_review_never_uses_what_the_seat_could_not_see(game):
    """The contract's hidden twins, applied to review rows: two matches that differ only in
    cards the deciding seat could not see give that seat the same review."""
    players = min(sandbox.get_game(game).players)
    players = max(players, 2)
    state, twin, seat, action = _twins(game, players, seed=11)
    tables = []
    for start in (state, twin):
        m = Match.from_state(start, seed=1)
        m.play(action)
        tables.append(review(m, seat=seat, budget_games=3, spread=10.0, **QUIET).table)
    assert len(tables[0]) == 1
    pd.testing.assert_frame_equal(tables[0], tables[1])


@pytest.mark.parametrize("game", sandbox.games())
def test_a_short_game_of_every_game(game):
    players = 3 if game == "trains_and_stations" else 2
    m = _random_game(game, players, seed=2, plies=40)
    first = [node.ply - 1 for node in decisions_of(m)][:3]
    rv = review(m, budget_games=3, spread=10.0, plies=first, **QUIET)
    t = rv.table
    assert list(t["ply"]) == first
    assert list(t.columns) == COLUMNS
    assert (t["points lost"] >= 0).all() and set(t["label"]) <= set(LABELS)
    assert t["played"].map(lambda words: isinstance(words, str) and words != "").all()


def test_solo_reviews_show_the_chance_that_matters():
    challenge = _random_game("isle_of_trains", 1, seed=1, plies=30)
    rated = review(challenge, budget_games=2, spread=10.0, plies=range(0, 30), **QUIET).table
    assert {"played rating", "best rating"} <= set(rated) and "played win" not in rated
    chapter = _random_game("isle_of_trains", 1, seed=1, plies=30, mode="scenario", chapter=1)
    objective = review(chapter, budget_games=2, spread=10.0, plies=range(0, 30), **QUIET).table
    assert {"played objective", "best objective"} <= set(objective)
    assert len(rated) and len(objective)


def test_bad_input_is_refused():
    m = _random_game(EOB, 2, seed=1, plies=10)
    with pytest.raises(ValueError, match="seat is a player from 1 to 2"):
        review(m, seat=3, **QUIET)
    with pytest.raises(ValueError, match="budget_games"):
        review(m, budget_games=0, **QUIET)
    with pytest.raises(ValueError, match="budget_s"):
        review(m, budget_s=0, **QUIET)
    with pytest.raises(ValueError, match="spread"):
        review(m, spread=0, budget_games=2, **QUIET)


def test_sandbox_exports_review():
    assert sandbox.review is review
    assert "review" in sandbox.__all__

"""A race that can be watched and stopped (`on_update`, `stop`), and one budgeted in games
(`budget_games`), the same in every run: what the What-if widget and the notebooks use. No
test is timed: the assertions hold whatever the machine's speed."""

from __future__ import annotations

import threading

import pytest

import sandbox
from sandbox.bots import by_name
from sandbox.lab import compare

EOB = "everyone_on_board"
STOP = threading.Event()  # a module global: bot objects are copied per game, an Event cannot be


def _start():
    return sandbox.new_game(EOB, players=2, seed=2)


def _prefix_of_fixed(result, fixed):
    for name, rows in result.games.groupby("alternative"):
        first = fixed.games[fixed.games["alternative"] == name].iloc[:len(rows)]
        assert rows.reset_index(drop=True).equals(first.reset_index(drop=True))


def test_a_watched_race_answers_by_the_look_ahead_first_then_after_each_round():
    m = _start()
    seen = []
    result = compare(m, bots="random", games=10, seed=4, budget_games=40, on_update=seen.append,
                     progress=False)
    first = seen[0]
    assert sorted(first.table["alternative"]) == sorted(a.notation for a in m.legal_actions())
    assert (first.table["games"] == 0).all() and first.games_played == 0 and not first.finished
    assert set(first.table["status"]) == {"not reached: look-ahead only"}
    assert list(first.table["look-ahead"]) == sorted(first.table["look-ahead"], reverse=True)
    assert "win rate" not in first.table  # no game, no rate yet
    assert len(seen) > 2 and not any(c.finished for c in seen[:-1]) and seen[-1] is result
    assert any("still racing" in set(c.table["status"]) for c in seen[1:-1])
    counts = [c.games_played for c in seen]
    assert counts == sorted(counts) and result.games_played <= 40
    assert "still racing" not in set(result.table["status"]) and result.finished


def test_a_games_budget_runs_the_same_race_every_time():
    """Decided by games alone: the same table and text in every run (a notebook's stored
    output), a prefix of the fixed design, and no time in what it says."""
    m = _start()
    one = compare(m, bots="random", games=30, seed=4, budget_games=50, progress=False)
    two = compare(m, bots="random", games=30, seed=4, budget_games=50, progress=False)
    assert one.table.equals(two.table) and repr(one) == repr(two) and one._repr_html_() == two._repr_html_()
    assert one.games_played == 50 and one.budget_s is None
    assert "50 games of a 50-game budget" in repr(one) and " s of a" not in repr(one)
    _prefix_of_fixed(one, compare(m, bots="random", games=30, seed=4, executor="serial", progress=False))


def test_stop_keeps_the_games_played_so_far():
    m = _start()
    stop = threading.Event()

    def watch(answer):
        if answer.games_played >= 3:
            stop.set()

    result = compare(m, bots="random", games=30, seed=4, budget_games=200, on_update=watch, stop=stop,
                     progress=False)
    assert result.stopped and result.finished and 3 <= result.games_played < 200
    assert "(stopped)" in repr(result)
    _prefix_of_fixed(result, compare(m, bots="random", games=30, seed=4, executor="serial", progress=False))
    stop.set()  # stopped before any game: the look-ahead answer
    early = compare(m, bots="random", budget_s=60, stop=stop, progress=False)
    assert early.stopped and early.games_played == 0 and len(early.table) == len(m.legal_actions())


class _PullsTheBrake:
    """Plays at random, and sets STOP at its third decision: the race must stop in this game."""

    name = "brake"

    def __init__(self) -> None:
        self.decisions = 0
        self.bot = by_name("random", seed=1)

    def choose(self, view, player):
        self.decisions += 1
        if self.decisions == 3:
            STOP.set()
        return self.bot.choose(view, player)


def test_stop_ends_the_game_being_played_at_its_next_decision():
    """A Traintopia game takes seconds: a stop waits for one decision, not the game's end
    (the unfinished game is dropped, none of its rows kept)."""
    STOP.clear()
    m = sandbox.new_game(EOB, players=2, seed=2)
    result = compare(m, bots={1: _PullsTheBrake(), 2: "random"}, games=5, budget_games=10, stop=STOP,
                     progress=False)
    assert result.stopped and result.games_played == 0 and len(result.games) == 0


def test_a_solo_race_never_shows_a_win_rate():
    m = sandbox.new_game("isle_of_trains", players=1, seed=1)
    bot = by_name("greedy", seed=1)
    while m.pending.is_chance or m.ply < 67:
        m.step({1: bot})
    seen = []
    actions = [a.notation for a in m.legal_actions()[:2]]
    result = compare(m, actions=actions, games=2, seed=1, budget_games=4, on_update=seen.append,
                     progress=False)
    for answer in seen:
        assert not any(column.startswith("win") for column in answer.table.columns)
        assert "win rate" not in repr(answer)
    assert any(column.startswith("rating: ") for column in result.table.columns)


def test_watching_and_stopping_need_a_race():
    m = _start()
    with pytest.raises(ValueError, match="on_update and stop watch a race"):
        compare(m, games=2, on_update=print, executor="serial", progress=False)
    with pytest.raises(ValueError, match="budget_games is a number of games, at least 1"):
        compare(m, budget_games=0, progress=False)

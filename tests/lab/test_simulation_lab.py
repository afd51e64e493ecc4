"""The simulation lab: the same table whatever runs it, comparisons that find the better choice
with common random numbers, intervals that shrink with more games, and the runner that plays
exactly as a match does."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

import sandbox
from sandbox.bots import GreedyBot, RandomBot
from sandbox.core.runner import play_out
from sandbox.lab import compare, game_seed, simulate, wilson

EOB = "everyone_on_board"


def test_the_runner_plays_exactly_as_a_match_does():
    for game in sandbox.games():
        players = max(2, sandbox.get_game(game).players[0])
        m = sandbox.new_game(game, players=players, seed=5, auto_chance=False)
        start = m.state
        bots = {1: GreedyBot(), **{p: RandomBot(seed=p) for p in range(2, players + 1)}}
        m.run(bots, max_steps=300)
        bots = {1: GreedyBot(), **{p: RandomBot(seed=p) for p in range(2, players + 1)}}
        played = play_out(start, bots, 5, max_plies=300, keep=True)
        assert played.plies == m.ply and played.state == m.state
        assert list(played.actions) == [n.action for n in m.history]


def test_a_simulation_table_has_a_row_per_game_and_seat():
    df = simulate(EOB, players=3, bots={1: "greedy", 2: "random", 3: RandomBot(seed=9)}, games=6,
                  seed=2, executor="serial", progress=False)
    assert len(df) == 18 and list(df["seat"][:3]) == [1, 2, 3]
    assert set(df["bot"]) == {"greedy", "random"}
    assert {"game", "seed", "seat", "bot", "points", "result", "won", "turns", "plies", "ending"} <= set(df)
    parts = [c for c in df.columns if c.startswith("part: ")]
    assert parts and (df[parts].fillna(0).sum(axis=1) == df["points"]).all()
    for _, game in df.groupby("game"):
        best = game["points"].max()
        assert set(game[game["won"]]["seat"]) == set(game[game["points"] == best]["seat"])
    assert (df["ending"] == "end.schedule").all()


def test_the_same_call_gives_the_same_table_on_every_executor():
    kwargs = dict(players=2, bots="random", games=30, seed=7, progress=False)
    serial = simulate(EOB, executor="serial", **kwargs)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = simulate(EOB, executor=pool, chunk=4, **kwargs)
    assert serial.equals(pooled)
    assert serial.equals(simulate(EOB, executor="serial", **kwargs))
    assert not serial.equals(simulate(EOB, executor="serial", **{**kwargs, "seed": 8}))


def test_compare_splits_every_alternative_into_runs_and_gives_the_same_answer_on_a_pool():
    """Three alternatives on two cores: one job per alternative left a core idle for a third
    of the time; each alternative's games go out in runs, and the answer does not change."""
    from sandbox.lab import _chunks

    runs = _chunks(300, total=900)
    assert [g for run in runs for g in run] == list(range(300)) and len(runs) > 1
    m = sandbox.new_game(EOB, players=2, seed=2)
    kwargs = dict(actions=m.legal_actions()[:3], bots="random", games=12, seed=4, progress=False)
    serial = compare(m, executor="serial", **kwargs)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = compare(m, executor=pool, **kwargs)
    assert serial.games.equals(pooled.games) and serial.table.equals(pooled.table)


def test_the_same_table_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    kwargs = dict(players=2, bots="random", games=12, seed=3, progress=False)
    serial = simulate(EOB, executor="serial", **kwargs)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert serial.equals(simulate(EOB, executor=client, chunk=3, **kwargs))


def test_game_seeds_do_not_depend_on_how_the_run_is_split():
    assert game_seed(1, 5) == game_seed(1, 5) != game_seed(1, 6) != game_seed(2, 5)


def test_compare_finds_the_clearly_better_move_with_common_chance():
    """One train left of a schedule of 2, P2 leading 6-0. P1's Kind King waits on track 1 while
    10♥ waits on its platform: boarding 10♥ lets the King leave on the next signal with 10
    points for P1; moving a 5 to the platform does not. Every alternative met the same chance."""
    m = sandbox.new_game(EOB, players=2, seed=1, schedule=2, position={
        "player": 1, "moves": 1, "hands": {"1": "5C 6D", "2": "7S 8S"}, "gone": [[2, 6]],
        "tracks": {"1": {"platform": "10H", "train": "KH", "by": 1}}})
    result = compare(m, actions=["10H>T1", "5C>P1"], bots="greedy", games=100, seed=1,
                     executor="serial", progress=False)
    assert result.best == "10H>T1"
    top, other = result.table.iloc[0], result.table.iloc[1]
    assert top["win low"] > other["win high"]
    seeds = result.games.groupby("alternative")["seed"].apply(list)
    assert seeds["10H>T1"] == seeds["5C>P1"]


def test_intervals_shrink_with_more_games():
    m = sandbox.new_game(EOB, players=2, seed=2)
    widths = []
    for games in (10, 60):
        t = compare(m, actions=m.legal_actions()[:2], bots="random", games=games, seed=4,
                    executor="serial", progress=False).table
        widths.append(float((t["points high"] - t["points low"]).mean()))
    assert widths[1] < widths[0]


def test_wilson_interval():
    low, high = wilson(0.5, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson(0.0, 10)[0] == 0.0 and wilson(1.0, 10)[1] == 1.0


def test_compare_prefers_the_delivery_that_wins_the_game():
    """Isle of Trains, the last action of the game: delivering 2 coal to Alpine Lodge (4 VP for
    the contract, 2 loaded VP given up) wins 14-13; taking a passenger loses 12-13."""
    m = sandbox.new_game("isle_of_trains", players=2, seed=1, position={
        "players": {1: {"train": ["E2", {"card": "H2", "loads": ["coal:C1", "coal:H1"]}], "tokens": 3},
                    2: {"train": ["E1"], "tokens": 13}},
        "actions_left": 1, "ending": "deck", "final_left": 1, "deck": "", "discard": ""})
    result = compare(m, actions=["take passenger", "deliver AL"], bots="greedy", games=12, seed=2,
                     executor="serial", progress=False, viewer=1)
    assert result.best == "deliver AL"
    table = result.table.set_index("alternative")
    assert table.loc["deliver AL", "points"] == 14 and table.loc["take passenger", "points"] == 12
    assert table.loc["deliver AL", "win low"] > table.loc["take passenger", "win high"]
    assert "P1's alternatives" in repr(result) and "deliver AL" in result._repr_html_()


def test_compare_with_a_viewer_deals_the_unseen_cards_alike_for_every_alternative():
    m = sandbox.new_game(EOB, players=2, seed=3)
    kwargs = dict(actions=m.legal_actions()[:2], bots="random", games=8, seed=5, executor="serial",
                  progress=False, viewer=1)
    first = compare(m, **kwargs)
    assert first.games.equals(compare(m, **kwargs).games)
    assert not first.games.equals(compare(m, **{**kwargs, "viewer": None}).games)


def test_bad_calls_are_refused_before_any_game_is_played():
    with pytest.raises(ValueError, match="2-4 players, not 7"):
        simulate(EOB, players=7, games=2, progress=False)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        simulate(EOB, players=2, bots="clever", games=2, executor="serial", progress=False)
    with pytest.raises(ValueError, match=r"no bot for seat \[2\]"):
        simulate(EOB, players=2, bots={1: "random"}, games=2, progress=False)
    m = sandbox.new_game(EOB, players=2, seed=1)
    with pytest.raises(ValueError, match="not a legal action now"):
        compare(m, actions=["end"], games=2, progress=False)
    m.run({1: RandomBot(), 2: RandomBot()})
    with pytest.raises(ValueError, match="needs a player's decision pending"):
        compare(m, games=2, progress=False)


def test_the_lab_is_at_the_top_level_and_loads_on_first_use():
    import subprocess
    import sys

    code = ("import sys, sandbox; assert 'pandas' not in sys.modules and 'sandbox.lab' not in sys.modules;"
            "assert sandbox.simulate.__module__ == 'sandbox.lab' and sandbox.compare.__name__ == 'compare';"
            "assert sandbox.plots.scores and 'pandas' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_each_plot_is_one_call_and_shows_what_it_says():
    pytest.importorskip("matplotlib")
    df = simulate(EOB, players=2, bots={1: "greedy", 2: "random"}, games=20, seed=1,
                  executor="serial", progress=False)
    fig = sandbox.plots.scores(df)
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert labels == [f"greedy (mean {df[df.bot == 'greedy'].points.mean():.1f})",
                      f"random (mean {df[df.bot == 'random'].points.mean():.1f})"]
    bars = sandbox.plots.seats(df).axes[0].patches
    assert [round(b.get_height(), 3) for b in bars] == [
        round(df[df.seat == s].won.mean(), 3) for s in (1, 2)]
    parts = sandbox.plots.parts(df).axes[0]
    assert [t.get_text() for t in parts.get_legend().get_texts()] == ["trains"]
    assert round(parts.patches[0].get_width(), 3) == round(df[df.bot == "greedy"].points.mean(), 3)
    lengths = sandbox.plots.lengths(df).axes[0]
    assert sum(p.get_height() for p in lengths.patches) == 20
    assert "20 games" in lengths.get_title()


def test_plots_count_every_game_of_tables_put_together():
    """Two `simulate` calls both number their games from 0; the plots count 2 x 10 games."""
    pytest.importorskip("matplotlib")
    import pandas as pd

    runs = [simulate(EOB, players=2, bots="random", games=10, seed=s, executor="serial",
                     progress=False) for s in (1, 2)]
    df = pd.concat(runs, ignore_index=True)
    lengths = sandbox.plots.lengths(df).axes[0]
    assert sum(p.get_height() for p in lengths.patches) == 20
    assert "20 games" in lengths.get_title()
    assert "20 games" in sandbox.plots.scores(df).axes[0].get_title()


class TakeFirst:
    """Always the first legal action: in Isle of Trains, take a card, then discard it again;
    nobody ever scores, so the game never ends (a stall like two stuck greedy bots)."""

    name = "take-first"

    def choose(self, state, player):
        from sandbox.bots import Choice

        return Choice(state.legal_actions_for(player)[0], "the first")


def test_a_game_where_nobody_scores_for_many_turns_is_stopped_as_stalled():
    start = sandbox.new_game("isle_of_trains", players=2, seed=3).state
    bots = {1: TakeFirst(), 2: TakeFirst()}
    played = play_out(start, bots, 3, max_plies=5000, quiet_turns=20)
    assert played.stalled and not played.state.is_over
    assert played.state.turn_marker()[0] <= start.turn_marker()[0] + 22
    assert not play_out(start, bots, 3, max_plies=300).stalled  # off unless asked
    df = simulate("isle_of_trains", players=2, bots={1: TakeFirst(), 2: TakeFirst()}, games=2,
                  executor="serial", progress=False)
    assert list(df["ending"]) == ["stalled"] * 4 and list(df["result"]) == ["unfinished"] * 4
    assert (df["plies"] < 20_000).all()  # stopped long before MAX_PLIES


def test_games_that_score_are_never_stopped_as_stalled():
    df = simulate("isle_of_trains", players=2, bots="greedy", games=3, seed=1, executor="serial",
                  progress=False)
    assert "stalled" not in set(df["ending"])

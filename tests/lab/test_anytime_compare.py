"""`compare` with a time budget: a row for every option at once, games spent where they decide
something, and the games a budget buys always a prefix of the fixed design's. No test here is
timed: budgets only bound how many games are played, and the assertions hold for any count."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

import sandbox
from sandbox.bots import by_name
from sandbox.lab import MIN_TO_DROP, compare

EOB = "everyone_on_board"
QUIET = dict(executor="serial", progress=False)


def _played_to(game: str, players: int, seed: int, bot: str, enough: object, **options: object):
    m = sandbox.new_game(game, players=players, seed=seed, **options)
    bots = {p: by_name(bot, seed=p) for p in range(1, players + 1)}
    while m.pending.is_chance or not enough(m):  # type: ignore[operator]
        m.step(bots)
    return m


def test_the_fixed_design_gives_the_table_it_always_gave():
    """games=N: the same games, numbers and order as before budgets existed (figures from the
    comparison before this change), with the new columns beside them."""
    m = sandbox.new_game(EOB, players=2, seed=2)
    result = compare(m, bots="random", games=12, seed=4, **QUIET)
    t = result.table
    assert [(r.alternative, r.games, round(r.points, 4), round(r["win rate"], 4))
            for _, r in t.iterrows()] == [
        ("10C>P1", 12, 21.9167, 0.5833), ("JS>T1", 12, 14.3333, 0.5), ("JD>T1", 12, 13.9167, 0.5),
        ("9H>P1", 12, 13.75, 0.4167), ("6D>P1", 12, 10.0833, 0.4167)]
    assert list(t.columns[:3]) == ["alternative", "in words", "group"]
    assert {"win low", "win high", "points low", "points high", "look-ahead", "status"} <= set(t)
    assert set(t["status"]) == {"played"} and result.budget_s is None
    assert not result.separated  # 0.58 against 0.50 in 12 games
    assert repr(result).splitlines()[0] == "P1's alternatives, best first (95% intervals):"
    assert "look-ahead" not in result._repr_html_() and "group" not in repr(result)


def test_a_budgeted_run_plays_a_prefix_of_the_fixed_design():
    """Per alternative, the games a budget bought are the first k games of games=N: the same
    rows, so more time only adds games."""
    m = sandbox.new_game(EOB, players=2, seed=2)
    fixed = compare(m, bots="random", games=30, seed=4, **QUIET)
    for budget in (0.001, 0.4):
        timed = compare(m, bots="random", games=30, seed=4, budget_s=budget, progress=False)
        assert set(timed.table["alternative"]) == set(fixed.table["alternative"])
        for name, rows in timed.games.groupby("alternative"):
            first = fixed.games[fixed.games["alternative"] == name].iloc[:len(rows)]
            assert rows.reset_index(drop=True).equals(first.reset_index(drop=True))
        counts = timed.table.set_index("alternative")["games"]
        sizes = timed.games.groupby("alternative").size()
        assert counts.max() >= 1 and (sizes == 2 * counts[sizes.index]).all()


def test_a_generous_budget_plays_every_option_up_to_the_cap():
    m = sandbox.new_game(EOB, players=2, seed=2)
    result = compare(m, bots="random", games=3, seed=4, budget_s=60, progress=False)
    t = result.table
    assert (t["games"] == 3).all() and set(t["status"]) == {"played"}


def test_every_legal_option_has_a_row_even_when_the_budget_buys_few_games():
    """A Traintopia tile lay: dozens of placements, each game far too long to play them all
    in a short budget. The table still has every one, valued by the look-ahead, and says
    which ones no game reached."""
    m = _played_to("traintopia", 2, 1, "random",
                   lambda m: len(m.legal_actions()) > 20 and m.legal_actions()[0].notation.startswith("lay"))
    legal = [a.notation for a in m.legal_actions()]
    result = compare(m, budget_s=0.2, viewer=m.pending.player, progress=False)
    t = result.table
    assert sorted(t["alternative"]) == sorted(legal)
    assert t["look-ahead"].notna().all()
    reached = t[t["games"] > 0]
    assert 1 <= len(reached) < len(legal)
    assert list(t["games"] > 0)[:len(reached)] == [True] * len(reached)  # the played ones first
    assert set(t.loc[t["games"] == 0, "status"]) == {"not reached: look-ahead only"}
    unreached = t[t["games"] == 0]["look-ahead"]
    assert list(unreached) == sorted(unreached, reverse=True)
    assert not result.separated
    assert "of a 0.2 s budget" in repr(result) and "look-ahead" in repr(result)


def test_clearly_worse_options_are_dropped_after_a_few_games():
    """Isle of Trains, the last action of the game: delivering 2 coal to Alpine Lodge wins
    14-13, anything else loses. Every other option is dropped after MIN_TO_DROP games, the race
    ends there with a budget far from spent, and the best is called separated."""
    m = sandbox.new_game("isle_of_trains", players=2, seed=1, position={
        "players": {1: {"train": ["E2", {"card": "H2", "loads": ["coal:C1", "coal:H1"]}], "tokens": 3},
                    2: {"train": ["E1"], "tokens": 13}},
        "actions_left": 1, "ending": "deck", "final_left": 1, "deck": "", "discard": ""})
    result = compare(m, games=100, seed=2, budget_s=60, viewer=1, progress=False)
    t = result.table
    assert result.best == "deliver AL" and result.separated
    assert set(t["status"].iloc[1:]) == {"dropped: clearly worse"}
    assert (t["games"] == MIN_TO_DROP).all()
    assert "deliver AL" in repr(result) and "the best is separated" in repr(result)


def test_options_the_game_calls_alike_are_played_once_for_the_group():
    """Isle of Trains: delivering at one destination or another where only special deliveries
    are open is the same to the game (`alike`): one group, its first played, every member a
    row naming the group, all with the same games."""
    m = _played_to("isle_of_trains", 2, 5, "greedy", lambda m: m.ply >= 100)
    alike = [a.notation for a in m.legal_actions() if m.state.alike(a) is not None]
    assert len(alike) > 2
    result = compare(m, actions=alike[:3] + ["take 1"], games=2, seed=1, **QUIET)
    t = result.table.set_index("alternative")
    assert list(t.loc[alike[:3], "group"]) == [alike[0]] * 3 and t.loc["take 1", "group"] == ""
    assert t.loc[alike[1], "points"] == t.loc[alike[0], "points"]
    games = result.games
    assert (games.loc[games["alternative"] == alike[2], "group"] == alike[0]).all()


def test_the_solo_challenge_reports_points_and_rating_bands_not_a_win_rate():
    m = _played_to("isle_of_trains", 1, 1, "greedy", lambda m: m.ply >= 67)
    result = compare(m, actions=[a.notation for a in m.legal_actions()[:2]], games=2, seed=1, **QUIET)
    t = result.table
    assert not any(column.startswith("win") for column in t.columns)
    bands = [column for column in t.columns if column.startswith("rating: ")]
    assert bands and (t[bands].sum(axis=1).round(6) == 1).all()
    assert set(bands) <= {f"rating: {name}" for name in (
        "Freeloader", "Trainee", "Engineer", "Head Conductor", "Island Conductor")}
    assert list(t["points"]) == sorted(t["points"], reverse=True)  # ranked by points
    assert "win rate" not in repr(result) and "rating: " in repr(result)


def test_a_solo_chapter_reports_the_chance_of_meeting_the_objective():
    m = _played_to("isle_of_trains", 1, 1, "greedy", lambda m: m.ply >= 20, mode="scenario", chapter=3)
    result = compare(m, actions=[a.notation for a in m.legal_actions()[:2]], games=2, seed=1, **QUIET)
    t = result.table
    assert {"objective met", "met low", "met high"} <= set(t)
    assert not any(column.startswith("win") or column.startswith("rating") for column in t.columns)


def test_when_several_decide_at_once_all_means_the_deciding_players_own():
    """Trains & Stations' secret commitments: every seat's choices are legal at once, but
    P2's alternatives are P2's, not P1's or P3's."""
    m = _played_to("trains_and_stations", 3, 3, "random", lambda m: m.state.simultaneous)
    result = compare(m, viewer=2, budget_s=0.05, progress=False)
    assert result.player == 2
    mine = {a.notation for a in m.state.legal_actions_for(2)}
    assert set(result.table["alternative"]) == mine != {a.notation for a in m.legal_actions()}


def test_a_budget_is_refused_where_it_cannot_be_kept():
    m = sandbox.new_game(EOB, players=2, seed=1)
    with pytest.raises(ValueError, match="budget_s is a time in seconds above 0"):
        compare(m, budget_s=0, progress=False)
    with ProcessPoolExecutor(max_workers=1) as pool, pytest.raises(ValueError, match="plays in this process"):
        compare(m, budget_s=1, executor=pool, progress=False)


def test_the_plot_shows_every_kind_of_table():
    pytest.importorskip("matplotlib")
    m = sandbox.new_game(EOB, players=2, seed=2)
    timed = compare(m, bots="random", games=6, seed=4, budget_s=0.01, progress=False)
    assert timed.plot(top=3).axes[0].get_xlabel() == f"P{timed.player}'s win rate"
    # the picture needs the table and the seat only, so plots never import the lab
    drawn = sandbox.plots.comparison(timed.table, timed.player, 3)
    assert drawn.axes[0].get_xlabel() == f"P{timed.player}'s win rate"
    solo = _played_to("isle_of_trains", 1, 1, "greedy", lambda m: m.ply >= 67)
    rated = compare(solo, actions=[a.notation for a in solo.legal_actions()[:2]], games=1, seed=1, **QUIET)
    left = rated.plot().axes[0]
    assert left.get_xlabel() == "share of games in each rating band" and left.get_legend() is not None


def test_the_plot_names_options_in_words_for_a_class():
    """`words=True` (the play apps' What-if) names each bar by the option in words, wrapped; the
    lab's default keeps the notation a user types."""
    pytest.importorskip("matplotlib")
    m = sandbox.new_game(EOB, players=2, seed=2)
    result = compare(m, bots="random", games=4, seed=4, progress=False, executor="serial")
    shown = result.table.iloc[:25].iloc[::-1]

    def names(figure: object) -> list[str]:
        return [label.get_text() for label in figure.axes[0].get_yticklabels()]  # type: ignore[attr-defined]

    assert names(result.plot()) == [str(a) for a in shown["alternative"]]
    worded = names(result.plot(words=True))
    assert [name.replace("\n", " ") for name in worded] == [str(w) for w in shown["in words"]]
    assert all(len(line) <= 34 for name in worded for line in name.split("\n"))

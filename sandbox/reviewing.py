"""A post-game review: every decision of a match compared with its alternatives, as the deciding
seat could have compared them at that moment.

    rv = sandbox.review(match)                 # or seat=1, budget_s=2.0, plies=range(0, 40)
    rv.table; rv.thresholds; rv.plot()

For each decision a player made among two or more legal options (forced moves and chance are
skipped), `sandbox.compare` plays the options on from the position before the move, from the
deciding seat's view: the cards it could not see are dealt again in every game (`viewer=`), so
the review never uses hindsight. The option played always gets games of its own, so it is
measured on the same games (the same luck) as the best option. How much worse it did is its
`points lost`, labelled by thresholds that scale with the game's score spread.
"""

from __future__ import annotations

import functools
import json
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sandbox.core.match import Match, Node
from sandbox.core.pending import CHANCE
from sandbox.lab import MAX_PLIES, MIN_TO_DROP, QUIET_TURNS, Comparison, compare, game_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
"""From the option played being the best found to the worst kind of loss."""

SHARES = {"inaccuracy": 0.1, "mistake": 0.25, "blunder": 0.5}
"""The least points lost for each label, as a share of the game's score spread (the standard
deviation of final points in greedy bot games of that game and setup): a tenth of a typical
swing between two games is an inaccuracy, a quarter a mistake, half a blunder. Less than a
tenth is "good" (the option played was not the best found, but close); the best found, an
option alike with it, or one that did as well on the same games is "best"."""

SPREAD_GAMES = 6
"""Greedy games played (once per game and setup, then kept) to measure the score spread."""

GAMES_PER_SECOND = {"everyone_on_board": 30.0, "isle_of_trains": 5.0, "trains_and_stations": 4.0,
                    "traintopia": 0.6}
"""How many greedy games played on from a position of a game under way fit in a second, per
game (measured in reviews on a busy two-core machine; DEFAULT_PACE for a game not listed): what
turns `budget_s` into a budget of games, so that a review does not depend on the machine's speed
or load."""
DEFAULT_PACE = 4.0
LEAST_GAMES = 2 * MIN_TO_DROP
"""A decision's fewest games: two options with MIN_TO_DROP games each, the fewest with which a
comparison drops an option as clearly worse."""


@dataclass(frozen=True)
class Review:
    """A match's decisions reviewed: `table` (one row per decision reviewed, in play order),
    `thresholds` (label -> the least points lost it takes), `spread` (the score spread the
    thresholds scale with), `budget_games` (games per decision), `comparisons` (ply -> the
    `Comparison` behind that row, to look closer: `rv.comparisons[12].table`), and `plot()`."""

    table: pd.DataFrame
    thresholds: Mapping[str, float]
    spread: float
    budget_games: int
    seed: int
    comparisons: Mapping[int, Comparison] = field(default_factory=dict, repr=False)

    def plot(self) -> Figure:
        """Points lost per decision (a bar per decision, coloured by its label, the thresholds as
        lines) above each seat's expected final points after the option it played."""
        return _plot(self)

    def summary(self) -> pd.DataFrame:
        """Per seat: decisions reviewed, points lost in all and on average, and how many of
        each label."""
        import pandas as pd

        table = self.table
        if not len(table):
            return pd.DataFrame(columns=["seat", "decisions", "points lost", "mean lost", *LABELS])
        counts = pd.crosstab(table["seat"], pd.Categorical(table["label"], LABELS), dropna=False)
        grouped = table.groupby("seat")["points lost"]
        out = pd.DataFrame({"decisions": grouped.size(), "points lost": grouped.sum(),
                            "mean lost": grouped.mean()})
        return out.join(counts).reset_index()

    def _headline(self) -> str:
        bounds = ", ".join(f"{label} from {points:.1f}" for label, points in self.thresholds.items())
        return (f"{len(self.table)} decisions reviewed, {self.budget_games} games each at most; "
                f"points lost labelled against a score spread of {self.spread:.1f} points: {bounds}")

    def __repr__(self) -> str:
        shown = self.table.drop(columns=["action", "best action"], errors="ignore")
        return self._headline() + ":\n" + shown.to_string(index=False, float_format=lambda v: f"{v:.2f}")

    def _repr_html_(self) -> str:
        shown = self.table.drop(columns=["action", "best action"], errors="ignore")
        return f"<p>{self._headline()}</p>" + shown.to_html(index=False, float_format=lambda v: f"{v:.2f}")


def review(match: Match, seat: int | None = None, budget_s: float = 1.0, *,
           budget_games: int | None = None, plies: Iterable[int] | None = None,
           bots: Any = "greedy", seed: int = 0, spread: float | None = None,
           progress: bool = True) -> Review:
    """Review every decision of `match` (its current line, finished or not) made by `seat`
    (None: every seat), each from what the deciding seat could know when it decided.

    A decision is reviewed where a player chose among two or more legal options; forced moves
    and chance are skipped. Each is an anytime `sandbox.compare` of the deciding seat's options
    from the position before the move, with `viewer` set to that seat (its unseen cards dealt
    again in every game, the same deal for every option) and `bots` playing every seat after
    it. The table's `ply` is the position's (`match.goto(ply)` shows the decision).

    Budget: `budget_games` games per decision, or, when it is not given, `budget_s` seconds
    turned into games by the game's pace (GAMES_PER_SECOND; at least LEAST_GAMES), so that the
    same seed gives the same table on any machine, however busy. The option played always gets
    games (at least MIN_TO_DROP, or as many as the best if fewer), even when the race would
    not have reached it; it is compared with the best on the games both played, game by game
    with the same luck.

    Columns: `ply`, `seat`, `played` and `best` (in words, as the seat reads them), `played
    points` and `best points` (expected final points after each), `played win` and `best win`
    (the chance of winning; solo: `played objective`/`best objective`, the chance of meeting
    the objective, or `played rating`/`best rating`, the likeliest rating band), `points lost`
    (best points - played points, never below 0), `label`, `games` (the games both played),
    `options` (legal options), `action` and `best action` (notation). The best is the
    comparison's (by win chance first, then points; solo, by what the mode is about), unless the
    option played did as well on the same games (points and win chance): then it is the best.
    So a decision can lose no points and still not be "best" (a lower chance to win).

    Labels by points lost, against the game's score spread S (the standard deviation of final
    points in SPREAD_GAMES greedy games of this game and setup; `spread` gives it instead):
    best (the best option found, one alike with it, or as good), good (under 0.1 S), inaccuracy (from
    0.1 S), mistake (from 0.25 S), blunder (from 0.5 S); the review's `thresholds` holds them
    in points. With few games these are estimates: a larger budget makes them surer."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 1 <= seat <= match.config.players):
        raise ValueError(f"seat is a player from 1 to {match.config.players}, or None for all, "
                         f"not {seat!r}")
    if budget_games is None:
        if not budget_s > 0:
            raise ValueError(f"budget_s is a time in seconds above 0, not {budget_s!r}")
        budget_games = max(LEAST_GAMES, round(budget_s * GAMES_PER_SECOND.get(match.game.id, DEFAULT_PACE)))
    elif isinstance(budget_games, bool) or not isinstance(budget_games, int) or budget_games < 1:
        raise ValueError(f"budget_games is a number of games, at least 1, not {budget_games!r}")
    wanted = None if plies is None else set(plies)
    decisions = [node for node in decisions_of(match, seat) if wanted is None or node.ply - 1 in wanted]
    spread = score_spread(match) if spread is None else float(spread)
    if not spread > 0:
        raise ValueError(f"spread is a number of points above 0, not {spread!r}")
    thresholds = {label: share * spread for label, share in SHARES.items()}
    bar = _bar(progress, len(decisions))
    rows, comparisons = [], {}
    try:
        for node in decisions:
            row, comparison = _review_decision(node, budget_games, bots, seed, thresholds)
            rows.append(row)
            comparisons[row["ply"]] = comparison
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return Review(_frame(rows), thresholds, spread, budget_games, seed, comparisons)


def decisions_of(match: Match, seat: int | None = None) -> list[Node]:
    """The nodes of `match`'s current line where a player (`seat`, or any) chose among two or
    more legal options: what a review looks at (not chance, not forced moves)."""
    out = []
    for node in match.line()[1:]:
        if node.actor is None or node.actor == CHANCE or (seat is not None and node.actor != seat):
            continue
        assert node.parent is not None
        if len(node.parent.state.legal_actions_for(node.actor)) >= 2:
            out.append(node)
    return out


def _review_decision(node: Node, budget_games: int, bots: Any, seed: int,
                     thresholds: Mapping[str, float]) -> tuple[dict[str, Any], Comparison]:
    """One row: the decision that led to `node`, compared from its seat's view."""
    assert node.parent is not None and node.actor is not None
    state, seat, played = node.parent.state, node.actor, node.action.notation
    ply = node.ply - 1
    decision_seed = game_seed(seed, ply, "review")
    result = compare(state, "all", bots=bots, seed=decision_seed, progress=False, viewer=seat,
                     budget_games=budget_games, games=budget_games)
    table = result.table
    best, mine = table.iloc[0], table[table["alternative"] == played].iloc[0]
    played_rows = _games_of(result, _lead(mine), seat)
    need = min(int(best["games"]), MIN_TO_DROP) or MIN_TO_DROP
    if len(played_rows) < need:  # the race did not get to it: the same games, played for it
        extra = compare(state, [played], bots=bots, seed=decision_seed, progress=False, viewer=seat,
                        games=need, executor="serial")
        played_rows = _games_of(extra, played, seat)
    best_rows = _games_of(result, _lead(best), seat)
    n = min(len(played_rows), len(best_rows))  # the same games for both: the same luck
    played_rows, best_rows = played_rows[:n], best_rows[:n]
    lost = max(0.0, _mean(best_rows, "points") - _mean(played_rows, "points"))
    # alike with the best, or as good on the very same games in all the ranking weighs: best too
    if _lead(mine) == _lead(best) or (
            lost == 0 and (result.kind == "rated" or _mean(played_rows, "won") >= _mean(best_rows, "won"))):
        best, best_rows, lost = mine, played_rows, 0.0
    row: dict[str, Any] = {
        "ply": ply, "seat": seat, "played": mine["in words"], "best": best["in words"],
        "played points": _mean(played_rows, "points"), "best points": _mean(best_rows, "points"),
    }
    row.update(_chances(result.kind, played_rows, best_rows))
    row.update({"points lost": lost, "label": "best" if best is mine else label_for(lost, thresholds),
                "games": n, "options": len(table), "action": played,
                "best action": str(best["alternative"])})
    return row, result


def _lead(row: Any) -> str:
    """The alternative whose games a comparison row shows: its group's first, or itself."""
    return str(row["group"]) or str(row["alternative"])


def _mean(rows: Sequence[Mapping[str, Any]], column: str) -> float:
    return statistics.fmean(float(r[column]) for r in rows)


def _games_of(result: Comparison, group: str, seat: int) -> list[dict[str, Any]]:
    """The games an alternative's group played, for `seat`, in game order."""
    games = result.games
    if not len(games):
        return []
    mine = games[(games["group"] == group) & (games["seat"] == seat)]
    mine = mine.drop_duplicates("game").sort_values("game")
    return list(mine.to_dict("records"))


def _chances(kind: str, played: Sequence[Mapping[str, Any]], best: Sequence[Mapping[str, Any]]
             ) -> dict[str, Any]:
    """The chance that matters after each option: winning; solo, meeting the objective, or the
    likeliest rating band."""
    if kind == "rated":
        return {"played rating": _likeliest(played), "best rating": _likeliest(best)}
    name = "win" if kind == "versus" else "objective"
    return {f"played {name}": _mean(played, "won"), f"best {name}": _mean(best, "won")}


def _likeliest(rows: Sequence[Mapping[str, Any]]) -> str:
    ratings = [str(r.get("rating")) for r in rows]
    return max(dict.fromkeys(ratings), key=ratings.count)


def label_for(lost: float, thresholds: Mapping[str, float]) -> str:
    """The label of a decision that was not the best found and lost `lost` points."""
    label = "good"
    for name, least in thresholds.items():  # in rising order: inaccuracy, mistake, blunder
        if lost >= least:
            label = name
    return label


def score_spread(match: Match, games: int = SPREAD_GAMES) -> float:
    """The standard deviation of final points (every seat) in `games` greedy games of `match`'s
    game and setup, from its start: how far apart two games' scores typically are, the unit
    the review's thresholds are in. Worked out once per game and setup."""
    return _spread(match.game.id, json.dumps(match.config.to_dict(), sort_keys=True), games)


@functools.lru_cache(maxsize=32)
def _spread(game: str, config_json: str, games: int) -> float:
    from sandbox.bots import by_name
    from sandbox.core.registry import get_game
    from sandbox.core.runner import play_out

    info = get_game(game)
    assert info.config_from_dict is not None
    config = info.config_from_dict(json.loads(config_json))
    points: list[float] = []
    for index in range(games):
        seed = game_seed(0, index, "spread")
        start = Match(info, config, seed)
        bots = {p: by_name("greedy", seed=game_seed(seed, p, "bot"), game=info)
                for p in range(1, config.players + 1)}
        end = play_out(start.state, bots, seed, ply=start.ply, max_plies=MAX_PLIES,
                       quiet_turns=QUIET_TURNS).state
        scores = end.outcome.scores if end.outcome else {}
        points += [float(scores.get(p, sum(end.score_parts(p).values())))
                   for p in range(1, config.players + 1)]
    spread = statistics.stdev(points) if len(points) > 1 else 0.0
    return spread if spread > 0 else 1.0  # every game scored alike: points themselves


def _frame(rows: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    import pandas as pd

    columns = ["ply", "seat", "played", "best", "played points", "best points", "played win",
               "best win", "points lost", "label", "games", "options", "action", "best action"]
    if not rows:
        return pd.DataFrame(columns=columns)
    return pd.DataFrame(list(rows))


def _bar(progress: bool, total: int) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=f"Review: {total} decisions", unit="decision")


_COLOURS = {"best": "#55a868", "good": "#8fbc8f", "inaccuracy": "#e5c07b", "mistake": "#dd8452",
            "blunder": "#c44e52"}


def _plot(result: Review) -> Figure:
    import matplotlib.pyplot as plt

    table = result.table
    fig, (lost_ax, points_ax) = plt.subplots(2, 1, figsize=(8, 5.5), sharex=True)
    plt.close(fig)
    if len(table):
        lost_ax.bar(table["ply"], table["points lost"], width=0.8,
                    color=[_COLOURS[label] for label in table["label"]])
    for label, least in result.thresholds.items():
        lost_ax.axhline(least, color=_COLOURS[label], linestyle="--", linewidth=1,
                        label=f"{label} from {least:.1f}")
    lost_ax.set_ylabel("points lost")
    lost_ax.legend(frameon=False, fontsize="small")
    lost_ax.set_title("Each decision against the best option found (from the seat's own view)")
    for seat, rows in table.groupby("seat", sort=True) if len(table) else ():
        points_ax.plot(rows["ply"], rows["played points"], marker="o", markersize=3, label=f"P{seat}")
    points_ax.set_xlabel("ply of the decision")
    points_ax.set_ylabel("expected final points")
    if len(table):
        points_ax.legend(frameon=False, fontsize="small")
    fig.tight_layout()
    return fig


__all__ = ["LABELS", "SHARES", "Review", "decisions_of", "label_for", "review", "score_spread"]

"""Pictures of a simulation table (`sandbox.simulate`), one call each.

    df = sandbox.simulate("isle_of_trains", players=2, bots={1: "greedy", 2: "random"}, games=400)
    sandbox.plots.scores(df); sandbox.plots.parts(df); sandbox.plots.seats(df); sandbox.plots.lengths(df)

Each returns a matplotlib Figure (shown once in a notebook; `fig.savefig(...)` to keep it).
Groups are the bots when seats have different bots, else the seats. Intervals are 95%: Wilson
for win rates, normal for means.
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, Any

from sandbox.stats import wilson

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860")


def _figure(width: float, height: float, cols: int = 1) -> tuple[Figure, Any]:
    """A figure made through pyplot (so notebooks render it) and closed at once (so it is
    shown once, as the returned value, not again by pyplot)."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, cols, figsize=(width, height))
    plt.close(fig)
    return fig, axes


def _groups(df: pd.DataFrame) -> tuple[str, list[Any]]:
    """The column to group by: bots if the seats differ in bot, else seats."""
    by = "bot" if df["bot"].nunique() > 1 else "seat"
    return by, list(dict.fromkeys(df[by]))


def _label(by: str, key: Any) -> str:
    return f"P{key}" if by == "seat" else str(key)


def scores(df: pd.DataFrame, bins: int = 20) -> Figure:
    """How the final points spread, per bot (or seat): overlaid histograms with the means."""
    by, keys = _groups(df)
    fig, ax = _figure(7, 3.6)
    lo, hi = float(df["points"].min()), float(df["points"].max())
    edges = [lo + (hi - lo + 1) * i / bins for i in range(bins + 1)]
    for colour, key in zip(COLOURS * 4, keys):
        points = df.loc[df[by] == key, "points"]
        ax.hist(points, bins=edges, alpha=0.5, color=colour,
                label=f"{_label(by, key)} (mean {points.mean():.1f})")
        ax.axvline(points.mean(), color=colour, linestyle="--", linewidth=1)
    ax.set_xlabel("final points")
    ax.set_ylabel("games")
    ax.legend(frameon=False)
    ax.set_title(_title(df, "Score distribution"))
    fig.tight_layout()
    return fig


def parts(df: pd.DataFrame) -> Figure:
    """Where the points come from: mean points per scoring part, stacked, per bot (or seat)."""
    by, keys = _groups(df)
    columns = [c for c in df.columns if c.startswith("part: ")]
    # tall enough for one legend line per part, beside the bars (inside, it hid them)
    fig, ax = _figure(8, max(0.9 + 0.5 * len(keys), 0.6 + 0.22 * len(columns)))
    means = df.groupby(by, sort=False)[columns].mean().reindex(keys)
    left = [0.0] * len(keys)
    names = [_label(by, k) for k in keys]
    for colour, column in zip(COLOURS * 4, columns):
        values = [float(v) for v in means[column].fillna(0)]
        ax.barh(names, values, left=left, color=colour, label=column.removeprefix("part: "))
        left = [a + b for a, b in zip(left, values)]
    ax.invert_yaxis()
    ax.set_xlabel("mean points per game")
    ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    ax.set_title(_title(df, "Points by scoring part"))
    fig.tight_layout()
    return fig


def seats(df: pd.DataFrame) -> Figure:
    """Win rate by seat (is going first an advantage?), with 95% Wilson intervals and the
    fair share (1 / players) marked."""
    players = int(df["seat"].max())
    fig, ax = _figure(6, 3.2)
    rates, low, high = [], [], []
    for seat in range(1, players + 1):
        won = df.loc[df["seat"] == seat, "won"]
        rate = float(won.mean())
        a, b = wilson(rate, len(won))
        rates.append(rate)
        low.append(rate - a)
        high.append(b - rate)
    names = [f"P{s}" for s in range(1, players + 1)]
    ax.bar(names, rates, yerr=[low, high], capsize=4, color=COLOURS[0], alpha=0.85)
    ax.axhline(1 / players, color="grey", linestyle=":", label=f"fair share 1/{players}")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (shared wins count)")
    ax.legend(frameon=False)
    ax.set_title(_title(df, "Win rate by seat"))
    fig.tight_layout()
    return fig


def lengths(df: pd.DataFrame) -> Figure:
    """How long the games last, in turns (one count per game)."""
    per_game = _games(df)["turns"]
    fig, ax = _figure(6, 3.2)
    step = max(1, math.ceil((per_game.max() - per_game.min() + 1) / 25))
    edges = list(range(int(per_game.min()), int(per_game.max()) + step + 1, step))
    ax.hist(per_game, bins=edges, color=COLOURS[2], alpha=0.85)
    ax.axvline(per_game.mean(), color="black", linestyle="--", linewidth=1,
               label=f"mean {per_game.mean():.1f} turns")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.legend(frameon=False)
    ax.set_title(_title(df, "Game length"))
    fig.tight_layout()
    return fig


def _bar_names(t: pd.DataFrame, words: bool) -> list[str]:
    """One name a bar: the alternative's notation, or its words wrapped to short lines (with the
    notation too where two alternatives read alike, as bars of one name would fall together)."""
    notation = [str(a) for a in t["alternative"]]
    if not words or "in words" not in t:
        return notation
    said = [str(w) for w in t["in words"]]
    if len(set(said)) < len(said):
        said = [f"{w} ({n})" for w, n in zip(said, notation)]
    return [textwrap.fill(w, 34) for w in said]


def comparison(table: pd.DataFrame, player: int, top: int = 25, words: bool = False) -> Figure:
    """A `compare` result's table for `player` (`Comparison.plot`): on the left the chance that
    matters (P's win rate; solo, the objective met, or the share of games in each rating band,
    stacked), on the right the expected points, each with its 95% interval, one bar per
    alternative, the `top` best, named by notation or, with `words`, in words (wrapped).
    Alternatives no game reached (a budgeted comparison) have no bars. The table's columns say
    which chance it holds (`sandbox.stats.summarise`)."""
    t = table.iloc[:top].iloc[::-1]
    names = _bar_names(t, words)
    lines = max((name.count("\n") + 1 for name in names), default=1)
    fig, (left, right) = _figure(10 + 2 * words, 0.8 + 0.45 * lines * len(t), cols=2)
    right.sharey(left)
    bands = [c for c in t.columns if c.startswith("rating: ")]
    if bands:
        start = [0.0] * len(t)
        for colour, band in zip(COLOURS * 4, bands):
            values = [float(v) for v in t[band].fillna(0)]
            left.barh(names, values, left=start, color=colour, alpha=0.85,
                      label=band.removeprefix("rating: "))
            start = [a + b for a, b in zip(start, values)]
        left.legend(frameon=False, fontsize="small")
        left.set_xlabel("share of games in each rating band")
    else:
        column, low, high = (("win rate", "win low", "win high") if "win rate" in t
                             else ("objective met", "met low", "met high"))
        left.barh(names, t[column], xerr=[t[column] - t[low], t[high] - t[column]],
                  color="#55a868", alpha=0.85, capsize=3)
        what = "win rate" if column == "win rate" else "chance to meet the objective"
        left.set_xlabel(f"P{player}'s {what}")
    left.set_xlim(0, 1)
    right.barh(names, t["points"], xerr=[t["points"] - t["points low"],
                                         t["points high"] - t["points"]],
               color="#4c72b0", alpha=0.85, capsize=3)
    right.set_xlabel(f"P{player}'s expected points")
    if words:  # the names once, on the left: wrapped words take room
        right.tick_params(labelleft=False)
    counts = sorted(set(int(n) for n in table["games"]))
    per = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    shown = f", the best {top} of {len(table)}" if len(table) > top else ""
    fig.suptitle(f"{per} games per alternative, the same chance for each (95% intervals){shown}")
    fig.tight_layout()
    return fig


def _games(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game: seat 1's. Not by the `game` column, which restarts at 0 in each
    `simulate` call, so tables concatenated from several calls repeat it."""
    return df[df["seat"] == 1]


def _title(df: pd.DataFrame, what: str) -> str:
    return f"{what} ({len(_games(df))} games)"


__all__ = ["comparison", "lengths", "parts", "scores", "seats"]

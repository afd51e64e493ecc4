"""Summaries with 95% intervals of games played: mean points (normal) and chances (Wilson).

The lab (`sandbox.lab`, which re-exports both) and its pictures (`sandbox.plots`) read them here,
so the pictures need not import the lab that draws with them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd


def summarise(rows: pd.DataFrame, by: str, solo: bool = False) -> pd.DataFrame:
    """Mean points and win rate per group, with 95% intervals (normal for points, Wilson for
    the win rate), in the groups' first-seen order. `solo`: no win rate, as nothing is won
    against anyone; where the games carry a `rating`, the share of games in each band (bands
    from the lowest points up), else the chance the objective was met (`won`)."""
    import pandas as pd

    rated = solo and "rating" in rows and rows["rating"].notna().any()
    bands = (list(rows.groupby("rating")["points"].min().sort_values().index) if rated else [])
    out = []
    for key, group in rows.groupby(by, sort=False):
        n = len(group)
        mean = float(group["points"].mean())
        half = 1.96 * float(group["points"].std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
        wins = float(group["won"].mean())
        low, high = wilson(wins, n)
        row = {by: key, "games": n, "points": mean, "points low": mean - half,
               "points high": mean + half}
        if not solo:
            row.update({"win rate": wins, "win low": low, "win high": high})
        elif rated:
            row.update({f"rating: {band}": float((group["rating"] == band).mean()) for band in bands})
        else:
            row.update({"objective met": wins, "met low": low, "met high": high})
        out.append(row)
    return pd.DataFrame(out)


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion `p` observed in `n` trials."""
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


__all__ = ["summarise", "wilson"]

"""The anytime comparison's figures: `python benchmarks/bench_whatif.py [--positions 20]
[--exhaustive 300] [--budget 3] [--games everyone_on_board,traintopia]`.

For each game, on a fixed set of positions (greedy self-play from seeds 1, 2, ..., each stopped
at a decision of its player with at least two options, further into the game the higher the
seed), it prints:
- the time to a first answer: `compare(..., budget_s=0.001)`, a row for every option (the
  look-ahead of each) and the one game always played: median and p90 (seconds);
- the time the `--budget` comparison took (median and worst; goal: within 8 s for 3);
- how often that anytime answer names the exhaustive comparison's best (`--exhaustive` games
  per option, on a process pool) or an option statistically tied with it, i.e. whose 95%
  interval overlaps the best's on the measure that ranks them (goal ≥ 90%);
- how much less play it needed: the exhaustive comparison's games over the anytime one's, each
  alike group counted once (goal ≥ 10x).

Printed figures, not a test; the exhaustive comparisons are long (every option 300 times):
`--positions 3 --exhaustive 40` gives a first look in minutes. The load average is printed
beside the figures: the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sandbox
from sandbox.bots import by_name
from sandbox.lab import Comparison, _separated, compare

GAMES: dict[str, tuple[str, int, dict[str, Any]]] = {"everyone_on_board": ("everyone_on_board", 2, {}),
         "isle_of_trains": ("isle_of_trains", 2, {}),
         "trains_and_stations": ("trains_and_stations", 3, {}),
         "traintopia": ("traintopia", 2, {}),
         "challenge": ("isle_of_trains", 1, {})}
"""Name on the command line -> (game, players, options). The Challenge is extra: solo, ranked
by expected points."""


def positions(game: str, players: int, options: dict[str, Any], count: int) -> list[sandbox.Match]:
    """`count` positions: greedy game `seed` (1..count) replayed to its player's decision at
    a share of the way through that grows with the seed (10% to 90%)."""
    found = []
    for seed in range(1, count + 1):
        decisions = [ply for ply, _ in _decisions(game, players, options, seed)]
        target = decisions[int(len(decisions) * (0.1 + 0.8 * ((seed * 0.37) % 1)))]
        for ply, match in _decisions(game, players, options, seed):
            if ply == target:
                found.append(match)
                break
    return found


def _decisions(game: str, players: int, options: dict[str, Any], seed: int
               ) -> Iterator[tuple[int, sandbox.Match]]:
    """(ply, match) at each player's decision with two options or more of a greedy game."""
    m = sandbox.new_game(game, players=players, seed=seed, **options)
    bots = {p: by_name("greedy") for p in range(1, players + 1)}
    while not m.is_over:
        if not m.pending.is_chance and not m.state.simultaneous and len(m.legal_actions()) > 1:
            yield m.ply, m
        m.step(bots)


def played(result: Comparison) -> int:
    """Games played, an alike group's once."""
    mine = result.games[result.games["seat"] == result.player]
    return len(mine.drop_duplicates(["group", "game"]))


def agrees(anytime: Comparison, exhaustive: Comparison) -> bool:
    """Whether the anytime best is the exhaustive best or tied with it there."""
    table = exhaustive.table.assign(status="played")
    row = table[table["alternative"] == anytime.best]
    if row.index[0] == 0:
        return True
    pair = table.iloc[[0, int(row.index[0])]].reset_index(drop=True)
    return not _separated(pair, exhaustive.kind)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(name: str, count: int, exhaustive: int, budget: float) -> None:
    game, players, options = GAMES[name]
    started = time.perf_counter()
    spots = positions(game, players, options, count)
    first, took, agreed, ratios, widths = [], [], [], [], []
    for m in spots:
        seat = m.pending.player
        widths.append(len(m.legal_actions()))
        t0 = time.perf_counter()
        compare(m, budget_s=0.001, viewer=seat, progress=False)
        first.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        anytime = compare(m, budget_s=budget, viewer=seat, games=exhaustive, progress=False)
        took.append(time.perf_counter() - t0)
        full = compare(m, games=exhaustive, viewer=seat, progress=False)
        agreed.append(agrees(anytime, full))
        ratios.append(played(full) / max(1, played(anytime)))
    print(f"{name} ({players}p), {len(spots)} positions, options median {statistics.median(widths):.0f} "
          f"(max {max(widths)}), {time.perf_counter() - started:.0f} s in all")
    print(f"  first answer        median {statistics.median(first):6.2f} s   "
          f"p90 {quantile(first, 0.9):6.2f} s")
    print(f"  {budget:g} s answer took   median {statistics.median(took):6.2f} s   "
          f"worst {max(took):6.2f} s   goal ≤ 8 s")
    share = sum(agreed) / len(agreed)
    print(f"  same best or tied with the {exhaustive}-game best: {share:5.0%}   goal ≥ 90%  "
          f"{'meets' if share >= 0.9 else 'MISSES'}")
    ratio = statistics.median(ratios)
    print(f"  play, exhaustive over anytime: median {ratio:5.1f}x (least {min(ratios):.1f}x)   goal ≥ 10x  "
          f"{'meets' if ratio >= 10 else 'MISSES'}", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="positions per game")
    parser.add_argument("--exhaustive", type=int, default=300, help="games per option of the reference")
    parser.add_argument("--budget", type=float, default=3.0, help="seconds of the anytime comparison")
    parser.add_argument("--games", default="everyone_on_board,isle_of_trains,trains_and_stations,traintopia",
                        help=f"comma-separated, of: {', '.join(GAMES)}")
    args = parser.parse_args()
    import pandas  # noqa: F401  loaded once, as in a notebook; not part of any answer's time

    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
    for name in args.games.split(","):
        bench(name, args.positions, args.exhaustive, args.budget)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")

"""A bot ladder for every game: `python benchmarks/bench_ladder.py [--games 200] [--quick]
[--mcts 50,200] [--players 2,3] [game ...]`.

Prints, for every game and player count, every pairing of the random bot, the greedy bot (the
game's own where it has one) and MCTS at two iteration budgets: one bot alone against the other
in every other seat, the lone seat rotated through every seat (both ways round from 3 players),
the lone bot's win rate with a 95% Wilson interval beside the even chance (1 in the players).
Then an Elo-style rating per bot per game, fitted (Bradley-Terry) from every pair of seats of
different bots in every game: the seat that won, or else scored more, beats the other, a tie is
half each; random is anchored at 0. Solo (Isle of Trains), each bot's Challenge scores (median,
quartiles, rating bands) and its win rate in every chapter, with 95% intervals.

MCTS budgets are iterations, so every figure is reproducible under its seeds (a seconds budget
depends on the machine and its load). Games run through `sandbox.simulate` (a process pool over
the machine's cores); the same seeds deal the same games for every pairing. `--quick` plays a
handful of games with tiny budgets: it checks the script runs, its figures mean nothing. The
full ladder takes hours on a small machine: MCTS decisions cost 0.05-1 s each."""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sandbox
from sandbox.lab import simulate, wilson
from sandbox.mcts import MCTSBot

MAX_PLIES = 20_000
"""A game still going after this many plies counts as unfinished (nobody wins it)."""


@dataclass(frozen=True)
class Entrant:
    """A bot of the ladder: its name in the tables and what `simulate` seats for it."""

    name: str
    spec: Any


def entrants(budgets: Sequence[int]) -> tuple[Entrant, ...]:
    return (Entrant("random", "random"), Entrant("greedy", "greedy"),
            *(Entrant(f"mcts-{n}", MCTSBot(iterations=n, seed=1)) for n in budgets))


# --- pairings ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pairing:
    """`lone` alone against `rest` in every other seat: games played, games the lone seat won."""

    lone: str
    rest: str
    players: int
    games: int
    won: int
    unfinished: int = 0

    def line(self) -> str:
        low, high = wilson(self.won / self.games, self.games) if self.games else (0.0, 1.0)
        rate = self.won / self.games if self.games else float("nan")
        against = self.rest if self.players == 2 else f"{self.players - 1} × {self.rest}"
        stopped = f"; {self.unfinished} stopped unfinished" if self.unfinished else ""
        return (f"    {self.lone:>8} vs {against:<12} won {self.won:4d}/{self.games:<4d} = {rate:4.0%} "
                f"(95% {low:4.0%}-{high:4.0%}; even {1 / self.players:.0%}){stopped}")


Pair = tuple[str, str]
Tally = dict[Pair, list[float]]  # (a, b) -> [a's score against b (win 1, tie 1/2), comparisons]


def play_pairing(game: str, players: int, lone: Entrant, rest: Entrant, games: int,
                 tally: Tally, max_plies: int = MAX_PLIES) -> Pairing:
    """`lone` in one seat, rotated through every seat (games split evenly), `rest` in the
    others; every pair of seats of the two bots is added to `tally`."""
    won = played = unfinished = 0
    for seat in range(1, players + 1):
        count = games // players + (seat <= games % players)
        if not count:
            continue
        bots = {p: lone.spec if p == seat else rest.spec for p in range(1, players + 1)}
        frame = simulate(game, players=players, bots=bots, games=count, seed=seat, progress=False,
                         max_plies=max_plies)
        names = {p: lone.name if p == seat else rest.name for p in bots}
        for _, rows in frame.groupby("game"):
            add_comparisons(rows.to_dict("records"), names, tally)
        mine = frame[frame["seat"] == seat]
        won += int(mine["won"].sum())
        played += len(mine)
        unfinished += int(mine["ending"].isin(("unfinished", "stalled")).sum())
    return Pairing(lone.name, rest.name, players, played, won, unfinished)


def add_comparisons(rows: Sequence[Mapping[str, Any]], names: Mapping[int, str], tally: Tally) -> None:
    """Every pair of seats of different bots in one game: a winner beats a non-winner, else
    more points beat fewer; equal is a tie."""
    for x, y in itertools.combinations(rows, 2):
        a, b = names[x["seat"]], names[y["seat"]]
        if a == b:
            continue
        kx, ky = (x["won"], x["points"]), (y["won"], y["points"])
        score = 1.0 if kx > ky else 0.0 if kx < ky else 0.5
        for pair, s in (((a, b), score), ((b, a), 1.0 - score)):
            entry = tally.setdefault(pair, [0.0, 0.0])
            entry[0] += s
            entry[1] += 1


# --- ratings -----------------------------------------------------------------------------------
def bradley_terry(tally: Tally, anchor: str = "random", rounds: int = 500) -> dict[str, float]:
    """Elo-style ratings (400 points: 10 to 1 odds) fitted by Bradley-Terry's MM updates, with one
    virtual tie per pair met (so a bot that won every comparison still gets a finite rating);
    `anchor` is 0."""
    bots = sorted({a for a, _ in tally})
    if not bots:
        return {}
    wins: dict[str, float] = defaultdict(float)
    meets: dict[Pair, float] = {}
    for (a, b), (score, n) in tally.items():
        wins[a] += score + 0.5
        meets[(a, b)] = n + 1.0
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(rounds):
        strength = {a: wins[a] / sum(n / (strength[a] + strength[b]) for (x, b), n in meets.items() if x == a)
                    for a in bots}
        scale = math.exp(sum(math.log(s) for s in strength.values()) / len(bots))
        strength = {a: s / scale for a, s in strength.items()}
    zero = strength.get(anchor, 1.0)
    return {a: 400 * math.log10(s / zero) for a, s in strength.items()}


def print_ratings(ratings: Mapping[str, float]) -> None:
    ranked = sorted(ratings.items(), key=lambda item: -item[1])
    print("  rating (Elo-style, random = 0): " + ", ".join(f"{a} {r:+.0f}" for a, r in ranked))


# --- solo ----------------------------------------------------------------------------------------
def solo_ladder(game: str, bots: Sequence[Entrant], games: int, max_plies: int = MAX_PLIES) -> None:
    """Each bot's Challenge scores and its win rate in every chapter (Isle of Trains' solo)."""
    from sandbox.isle_of_trains import solo

    print("  solo Challenge (points: median [quartiles], rating bands):")
    for bot in bots:
        frame = simulate(game, players=1, bots=bot.spec, games=games, seed=1, progress=False,
                         max_plies=max_plies, mode="challenge")
        q1, median, q3 = (float(frame["points"].quantile(q)) for q in (0.25, 0.5, 0.75))
        bands = Counter(solo.rating(int(p)) for p in frame["points"])
        won = int(frame["won"].sum())
        low, high = wilson(won / len(frame), len(frame))
        shown = ", ".join(f"{name} {bands[name]}" for _, name in reversed(solo.RATINGS))
        stopped = int(frame["ending"].isin(("unfinished", "stalled")).sum())
        print(f"    {bot.name:>8}: median {median:.0f} [{q1:.0f}-{q3:.0f}]; {shown}; "
              f"won (50+) {won}/{len(frame)} (95% {low:.0%}-{high:.0%})"
              + (f"; {stopped} stopped unfinished" if stopped else ""), flush=True)
    print("  solo chapters (objective met: won/games, 95% interval):")
    for label, setup in solo.setups().items():
        if setup.get("mode") != "scenario":
            continue
        options = {k: v for k, v in setup.items() if k != "players"}
        cells = []
        for bot in bots:
            frame = simulate(game, players=1, bots=bot.spec, games=games, seed=1, progress=False,
                             max_plies=max_plies, **options)
            won = int(frame["won"].sum())
            low, high = wilson(won / len(frame), len(frame))
            cells.append(f"{bot.name} {won}/{len(frame)} ({low:.0%}-{high:.0%})")
        print(f"    {label[:34]:<34} " + "; ".join(cells), flush=True)


# --- the ladder ----------------------------------------------------------------------------------
def game_ladder(game: str, bots: Sequence[Entrant], games: int, counts: Sequence[int] | None,
                max_plies: int = MAX_PLIES) -> None:
    info = sandbox.get_game(game)
    lo, hi = info.players
    print(f"{info.title}:", flush=True)
    tally: Tally = {}
    for players in range(max(lo, 2), hi + 1):
        if counts and players not in counts:
            continue
        print(f"  {players} players (lone bot's seat rotated through every seat):")
        started = time.perf_counter()
        for a, b in itertools.combinations(bots, 2):
            ways = ((a, b), (b, a)) if players > 2 else ((a, b),)
            for lone, rest in ways:
                print(play_pairing(game, players, lone, rest, games, tally, max_plies).line(), flush=True)
        print(f"    ({time.perf_counter() - started:.0f} s)")
    if tally:
        print_ratings(bradley_terry(tally))
    if lo == 1 and (not counts or 1 in counts) and game == "isle_of_trains":
        solo_ladder(game, bots, games, max_plies)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("ids", nargs="*", help="games to rank the bots in (default: every game)")
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--mcts", default="50,200",
                        help="MCTS iteration budgets (default 50,200; 'none': random and greedy only)")
    parser.add_argument("--players", default="", help="player counts only (e.g. 1,2; default all)")
    parser.add_argument("--quick", action="store_true",
                        help="a check that it runs: 2 games a pairing, MCTS at 2 and 5 iterations, "
                             "games stopped after 600 plies")
    args = parser.parse_args(argv)
    budgets = tuple(int(n) for n in args.mcts.split(",") if n.isdigit())
    games, budgets = (2, (2, 5)) if args.quick else (args.games, budgets)
    max_plies = 600 if args.quick else MAX_PLIES
    counts = [int(p) for p in args.players.split(",")] if args.players else None
    bots = entrants(budgets)
    started = time.perf_counter()
    for game in args.ids or sandbox.games():
        game_ladder(game, bots, games, counts, max_plies)
    print(f"{time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()

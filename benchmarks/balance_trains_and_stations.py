"""How Trains & Stations plays on its reconstructed board and power cards, from bot games:
`python benchmarks/balance_trains_and_stations.py [--games 100]`.

The board, the city bonuses and the power cards were reconstructed (see
`docs/trains_and_stations_components.md`); these figures are how we checked that the
reconstruction plays well: the greedy bot against random bots (it must win clearly), and
greedy-only games at 3, 4 and 5 players: the spread of the scores and the winning margin,
game length in turns and rounds, how often each route is delivered, how often each mission is
scored by the player holding it at the end and in how many games any mission scored (under the
default reading of "connected", mission_link="ever", and under "this-turn"), the goods that
came into play, and where the points come from.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import sandbox  # noqa: E402
from sandbox.bots import by_name  # noqa: E402
from sandbox.core import CHANCE  # noqa: E402
from sandbox.trains_and_stations import board as data  # noqa: E402

GAME = "trains_and_stations"


def play(players: int, seed: int, seats: dict[int, str], **rulings: str):
    """One game: (final state, routes delivered, events by kind)."""
    info = sandbox.get_game(GAME)
    state = info.initial_state(info.make_config(players, **rulings))
    bots = {p: by_name(name, seed=seed * 10 + p, game=info) for p, name in seats.items()}
    rng = random.Random(seed)
    routes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    while not state.is_over:
        p = state.to_move
        action = state.sample_chance(rng) if p == CHANCE else bots[p].choose(state.view(p), p).action
        state, events = state.apply(action)
        for e in events:
            kinds[e.kind] += 1
            if e.kind == "deliver":
                routes[e.data["route"]] += 1
    return state, routes, kinds


def greedy_against_random(games: int) -> None:
    print("Greedy (one seat, rotating) against random bots: wins of the greedy seat")
    for players in (3, 4, 5):
        wins = 0
        start = time.perf_counter()
        for g in range(games):
            seat = g % players + 1
            seats = {p: "greedy" if p == seat else "random" for p in range(1, players + 1)}
            state, _, _ = play(players, g, seats)
            wins += seat in state.outcome.winners
        print(f"  {players} players: {wins}/{games} = {wins / games:.0%}  "
              f"({(time.perf_counter() - start) / games:.2f} s a game)")


def greedy_games(games: int, **rulings: str) -> None:
    print("\nGreedy bots in every seat" + "".join(f", {k}={v!r}" for k, v in rulings.items()))
    for players in (3, 4, 5):
        scores, margins, turns = [], [], []
        routes: Counter[str] = Counter()
        held: Counter[str] = Counter()
        scored: Counter[str] = Counter()
        used: Counter[str] = Counter()
        parts: Counter[str] = Counter()
        with_mission = 0
        for g in range(games):
            seats = {p: "greedy" for p in range(1, players + 1)}
            state, delivered, _ = play(players, 1000 + g, seats, **rulings)
            final = sorted(state.outcome.scores.values(), reverse=True)
            scores += final
            margins.append(final[0] - final[1])
            turns.append(state.turn)
            routes.update(delivered)
            for seat in state.seats:
                held.update(c for c in (*seat.power, *seat.missions) if data.POWER[c].kind == "mission")
                scored.update(seat.missions)
            with_mission += any(seat.missions for seat in state.seats)
            used.update(state.used)
            for p in range(1, players + 1):
                for label, points in state.breakdown(p):
                    parts[label.split()[-1] if "monopoly" in label else label] += points
        print(f"  {players} players, {games} games: score mean {statistics.mean(scores):.1f}, "
              f"sd {statistics.pstdev(scores):.1f}, range {min(scores)}-{max(scores)}; winning margin "
              f"mean {statistics.mean(margins):.1f}; {statistics.mean(turns):.1f} turns "
              f"({statistics.mean(turns) / players:.1f} rounds)")
        print("    deliveries per game by route: " + ", ".join(
            f"{r.id} {routes[r.id] / games:.2f}" for r in data.ROUTES))
        print("    missions scored / held at the end: " + ", ".join(
            f"{c.id} {scored[c.id]}/{held[c.id]}" for c in data.POWER_CARDS if c.kind == "mission")
              + f"; a mission scored in {with_mission}/{games} games")
        print("    goods in play (share of games): " + ", ".join(
            f"{g} {used[g] / games:.0%}" for g in ("cattle", "worker", "coal", "food", "silver", "gold")))
        total = sum(parts.values())
        print("    points by source: " + ", ".join(f"{k} {v / total:.0%}" for k, v in parts.most_common()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    args = parser.parse_args()
    greedy_against_random(args.games)
    greedy_games(args.games)
    greedy_games(args.games, mission_link="this-turn")


if __name__ == "__main__":
    main()

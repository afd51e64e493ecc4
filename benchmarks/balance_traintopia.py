"""How Traintopia plays on its reconstructed tiles, round cards and objectives, from bot games:
`python benchmarks/balance_traintopia.py [--games 60]`.

Every tile, round card, bonus tile and objective card was reconstructed (see
`docs/traintopia_components.md`); these figures are how we checked that the reconstruction
plays well: the greedy bot against random bots (it must win clearly), and greedy-only games at
2, 3 and 4 players: the spread of the scores and the winning margin, tiles per network, finished
tracks per player and how long they are, identical-station tracks, how often each objective is
met by the player holding it at the end, which bonus tiles are bought, where the points come
from, and how often each seat wins. Games run in parallel on the machine's cores.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import sandbox  # noqa: E402
from sandbox.bots import by_name  # noqa: E402
from sandbox.core import CHANCE  # noqa: E402

GAME = "traintopia"


def play(job: tuple[int, int, tuple[str, ...]]) -> dict:
    """One game, summed up as plain data (sent back from a worker process)."""
    from sandbox.traintopia.model import objective_met

    players, seed, names = job
    info = sandbox.get_game(GAME)
    state = info.initial_state(info.make_config(players))
    bots = {p: by_name(names[p - 1], seed=seed * 10 + p, game=info) for p in range(1, players + 1)}
    rng = random.Random(seed)
    bought: Counter[str] = Counter()
    while not state.is_over:
        p = state.to_move
        action = state.sample_chance(rng) if p == CHANCE else bots[p].choose(state.view(p), p).action
        state, events = state.apply(action)
        bought.update(e.data["tile"] for e in events if e.kind == "buy")
    outcome = state.outcome
    seats = []
    for p, seat in enumerate(state.seats, 1):
        finished = [t for t in seat.network.tracks if t.finished]
        seats.append({
            "score": outcome.scores[p], "win": p in outcome.winners, "tiles": len(seat.network.tiles),
            "finished": [t.tiles for t in finished], "identical": sum(t.identical for t in finished),
            "objective": seat.objective, "met": objective_met(seat, seat.objective),
            "parts": dict(outcome.breakdown[p]),
        })
    return {"seats": seats, "bought": bought}


def run(jobs: list[tuple[int, int, tuple[str, ...]]]) -> list[dict]:
    workers = max(1, min(len(jobs), os.cpu_count() or 1))
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(play, jobs))


def greedy_against_random(games: int) -> None:
    print("Greedy (one seat, rotating) against random bots: wins of the greedy seat")
    for players in (2, 3, 4):
        start = time.perf_counter()
        jobs = [(players, g, tuple("greedy" if p == g % players else "random" for p in range(players)))
                for g in range(games)]
        results = run(jobs)
        wins = sum(r["seats"][g % players]["win"] for g, r in enumerate(results))
        print(f"  {players} players: {wins}/{games} = {wins / games:.0%}  "
              f"({(time.perf_counter() - start) / games:.2f} s a game on {os.cpu_count()} cores)")


def greedy_games(games: int) -> None:
    print("\nGreedy bots in every seat")
    for players in (2, 3, 4):
        results = run([(players, 1000 + g, ("greedy",) * players) for g in range(games)])
        seats = [s for r in results for s in r["seats"]]
        scores = [s["score"] for s in seats]
        margins = []
        for r in results:
            final = sorted((s["score"] for s in r["seats"]), reverse=True)
            margins.append(final[0] - final[1])
        lengths = [n for s in seats for n in s["finished"]]
        held, met = Counter(s["objective"] for s in seats), Counter(s["objective"] for s in seats if s["met"])
        parts: Counter[str] = Counter()
        for s in seats:
            parts.update(s["parts"])
        bought: Counter[str] = Counter()
        for r in results:
            bought.update(r["bought"])
        print(f"  {players} players, {games} games: score mean {statistics.mean(scores):.1f}, "
              f"sd {statistics.pstdev(scores):.1f}, range {min(scores)}-{max(scores)}; winning margin mean "
              f"{statistics.mean(margins):.1f}; tiles per network "
              f"{statistics.mean(s['tiles'] for s in seats):.1f}")
        print(f"    finished tracks per player {len(lengths) / len(seats):.2f}, length mean "
              f"{statistics.mean(lengths) if lengths else 0:.1f} tiles (longest {max(lengths, default=0)}); "
              f"identical stations {sum(s['identical'] for s in seats) / max(1, len(lengths)):.0%} of them")
        print("    objectives met / held at the end: " + ", ".join(
            f"{o} {met[o]}/{held[o]}" for o in sorted(held)))
        print("    bonus tiles bought per game: " + (", ".join(
            f"{t} {n / games:.2f}" for t, n in sorted(bought.items())) or "none"))
        total = sum(parts.values()) or 1
        print("    points by source: " + ", ".join(f"{k} {v / total:.0%}" for k, v in parts.most_common()))
        wins = [sum(r["seats"][i]["win"] for r in results) for i in range(players)]
        print("    wins by seat (a shared win counts for each): " + ", ".join(
            f"P{i} {n / games:.0%}" for i, n in enumerate(wins, 1)) + f"; a fair share {1 / players:.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per player count")
    args = parser.parse_args()
    greedy_against_random(args.games)
    greedy_games(args.games)


if __name__ == "__main__":
    main()

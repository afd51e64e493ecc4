"""How the bots play every registered game: `python benchmarks/bench_bots.py [--games 200]
[--greedy-games 200] [--iterations 100] [--players 2,3,4] [game ...]`.

Prints, per game: MCTS (a fixed iteration budget) against GreedyBot at 2 players (3 for Trains
& Stations, which starts at 3), MCTS seated first in half the games and second in the other
half, its win rate with a 95% Wilson interval and the games counted; seconds per MCTS
decision; and the mean game length in turns (the game's own `turn_marker`) for
greedy-vs-greedy at each player count and for the MCTS games, with how many games did not
finish within the ply cap. The rulebooks (`../shared/rules`, beside the repository) state no
play time, so lengths are shown beside the rulebook's turn structure only. Games run through
`sandbox.lab.simulate` (a process pool over the machine's cores). No timed test depends on these figures."""

from __future__ import annotations

import argparse
import time

import sandbox
from sandbox.lab import simulate, wilson
from sandbox.mcts import MCTSBot

MAX_PLIES = 20_000
"""A game still going after this many plies counts as unfinished (a stall, not a length)."""


def _lengths(frame) -> str:  # type: ignore[no-untyped-def]
    seat = frame[frame["seat"] == 1]
    done = seat[~seat["ending"].isin(("unfinished", "stalled"))]
    mean = done["turns"].mean() if len(done) else float("nan")
    return (f"mean {mean:.1f} turns (min {done['turns'].min()}, max {done['turns'].max()}), "
            f"{len(seat) - len(done)} unfinished of {len(seat)}")


def greedy_lengths(game: str, players: int, games: int) -> None:
    started = time.perf_counter()
    frame = simulate(game, players=players, bots="greedy", games=games, seed=1, progress=False,
                     max_plies=MAX_PLIES)
    took = time.perf_counter() - started
    print(f"  greedy vs greedy, {players} players: {_lengths(frame)}; {games} games in {took:.1f} s")


def mcts_against_greedy(game: str, games: int, iterations: int) -> None:
    """MCTS in one seat against greedy bots in the others, at 2 players (or the game's fewest):
    seat 1 in half the games, seat 2 in the other half; an even chance is 1 in `players`."""
    players = max(2, sandbox.get_game(game).players[0])
    half = games // 2
    started = time.perf_counter()
    runs = []
    for seat, count, seed in ((1, half, 2), (2, games - half, 3)):
        bots = {p: MCTSBot(iterations=iterations, seed=1) if p == seat else "greedy"
                for p in range(1, players + 1)}
        frame = simulate(game, players=players, bots=bots, games=count, seed=seed, progress=False,
                         max_plies=MAX_PLIES)
        runs.append((frame, frame[frame["seat"] == seat]))
    took = time.perf_counter() - started
    wins = sum(int(mine["won"].sum()) for _, mine in runs)
    n = sum(len(mine) for _, mine in runs)
    low, high = wilson(wins / n, n) if n else (0.0, 1.0)
    decisions = _mcts_decisions(game, players, iterations)
    print(f"  MCTS ({iterations} iterations) vs greedy, {players} players (even chance 1 in "
          f"{players}): won {wins}/{n} = {wins / n:.0%} (95% {low:.0%}-{high:.0%}); "
          f"{decisions:.3f} s per MCTS decision; {_lengths(runs[0][0])} (MCTS first), "
          f"{_lengths(runs[1][0])} (MCTS second); {took:.0f} s")


def _mcts_decisions(game: str, players: int, iterations: int, decisions: int = 20) -> float:
    """Mean seconds per MCTS decision over the first `decisions` with a real choice, serially."""
    from sandbox.bots import GreedyBot

    match = sandbox.new_game(game, players=players, seed=11)
    bot, spent, made = MCTSBot(iterations=iterations, seed=1), 0.0, 0
    while not match.is_over and made < decisions:
        state = match.state
        player = state.to_move
        if player not in (None, 0) and len(state.legal_actions()) > 1:
            started = time.perf_counter()
            choice = bot.choose(state.view(player), player)
            spent += time.perf_counter() - started
            made += 1
            match.play(choice.action)
        else:
            match.step({p: GreedyBot() for p in range(1, players + 1)})
    return spent / max(1, made)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", help="games to measure (default: every game)")
    parser.add_argument("--games", type=int, default=200, help="MCTS vs greedy games per game (default 200)")
    parser.add_argument("--greedy-games", type=int, default=200, help="greedy games per player count")
    parser.add_argument("--iterations", type=int, default=100, help="MCTS iterations per decision")
    parser.add_argument("--players", default="2,3,4", help="player counts for greedy lengths")
    parser.add_argument("--no-mcts", action="store_true", help="greedy lengths only")
    args = parser.parse_args()
    for game in args.ids or sandbox.games():
        info = sandbox.get_game(game)
        print(f"{info.title}:")
        for players in (int(p) for p in args.players.split(",")):
            if players in range(info.players[0], info.players[-1] + 1):
                greedy_lengths(game, players, args.greedy_games)
        if not args.no_mcts:
            mcts_against_greedy(game, args.games, args.iterations)

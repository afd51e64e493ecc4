"""The simulation lab: what-ifs answered by thousands of games, on a laptop or a Dask cluster.

    df = sandbox.simulate("isle_of_trains", players=2, bots="greedy", games=1000, seed=1)
    result = sandbox.compare(match, games=300)          # which choice is better, how sure
    result.table; result.plot()

`simulate` plays N seeded games and returns a pandas DataFrame, one row per game and seat.
`compare` plays every alternative of a decision on from the same position with common random
numbers (each alternative meets the same chance: the same seeds, so the same cards come off
the same piles), and reports expected points and win rates with 95% confidence intervals.

Both are deterministic: game i uses seeds derived from (seed, i) only, so the same call gives
the same table whatever runs it, serially, in a process pool, or on a Dask cluster (any
`concurrent.futures.Executor`, or a Dask `Client`). Work is sent as small specs (game, setup,
bots by name or as picklable objects, game numbers), never as states of a running match,
except the one starting position of a comparison.
"""

from __future__ import annotations

import hashlib
import math
import os
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sandbox.bots import by_name
from sandbox.core.match import Match
from sandbox.core.registry import get_game
from sandbox.core.runner import play_out

if TYPE_CHECKING:
    import pandas as pd

MAX_PLIES = 20_000
"""Where a simulated game is stopped and counted "unfinished": no rulebook here has a turn limit;
whole games last well under 5,000 plies."""
QUIET_TURNS = 500
"""A simulated game in which no player's points changed for this many turns in a row is stopped
and counted "stalled": bots can loop on moves that score nothing (two greedy Isle of Trains
players whose trains fit no contract in reach take and discard cards for ever, about one game
in a hundred from a mid-game position). The longest quiet stretch measured in whole games is
under a hundred turns (random Trains & Stations play); a stall is stopped after about 3,000
plies instead of running on to MAX_PLIES."""

SERIAL_BELOW = 24
"""Fewer games than this are played in-process: starting workers would cost more."""


def game_seed(seed: int, index: int, salt: str = "game") -> int:
    """The seed of game `index` of a run seeded `seed` (independent of how the run is split)."""
    digest = hashlib.sha256(f"{salt}/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# --- the work a worker does ------------------------------------------------------------------
@dataclass(frozen=True)
class _Job:
    """What a worker needs to play some games: plain data (and bot objects if given)."""

    game: str
    players: int
    options: Mapping[str, Any]
    bots: Mapping[int, Any]  # seat -> bot name ("greedy", "random:3") or a picklable bot
    seed: int
    position: Mapping[str, Any] | None = None
    before: Any = None  # a comparison: the state of the decision,
    action: Any = None  # the alternative played from it,
    viewer: int | None = None  # and the seat whose unseen cards are dealt again per game
    ply: int = 0  # the ply `before` stands at
    max_plies: int = 200_000


def _bot(spec: Any, seat: int, seed: int, game: Any) -> Any:
    if isinstance(spec, str):
        name, _, given = spec.partition(":")
        return by_name(name, seed=int(given) if given else game_seed(seed, seat, "bot"), game=game)
    return _fresh(spec)


def _fresh(bot: Any) -> Any:
    """A copy of a bot object in its starting state (bots may keep an RNG)."""
    import copy

    return copy.deepcopy(bot)


def _start(job: _Job, index: int) -> tuple[Any, int, int]:
    """(state, ply, seed) game `index` of `job` starts from."""
    seed = game_seed(job.seed, index)
    if job.before is not None:
        world = job.before
        if job.viewer is not None:  # the same deal for every alternative of game `index`
            world = world.view(job.viewer).determinize(random.Random(game_seed(job.seed, index, "deal")))
        state, _events = world.apply(job.action)
        return state, job.ply + 1, seed
    info = get_game(job.game)
    config = info.configure(job.players, **job.options)
    match = Match(info, config, seed, position=dict(job.position) if job.position else None)
    return match.state, match.ply, seed


def _play(job: _Job, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Play the games `indices` of `job`; one row per game and seat."""
    info = get_game(job.game)
    rows: list[dict[str, Any]] = []
    for index in indices:
        state, ply, seed = _start(job, index)
        bots = {seat: _bot(spec, seat, seed, info) for seat, spec in job.bots.items()}
        played = play_out(state, bots, seed, ply=ply, max_plies=job.max_plies, quiet_turns=QUIET_TURNS)
        rows += _rows(index, seed, job, played.state, ply + played.plies, bots, played.stalled)
    return rows


def _rows(index: int, seed: int, job: _Job, state: Any, plies: int, bots: Mapping[int, Any],
          stalled: bool = False) -> list[dict[str, Any]]:
    outcome = state.outcome
    turns = state.turn_marker()[0]
    rows = []
    for seat in range(1, job.players + 1):
        parts = state.score_parts(seat)
        row: dict[str, Any] = {
            "game": index, "seed": seed, "seat": seat, "bot": getattr(bots.get(seat), "name", "?"),
            "points": outcome.scores.get(seat, 0) if outcome else sum(parts.values()),
            "result": outcome.result(seat) if outcome else "unfinished",
            "won": bool(outcome and seat in outcome.winners),
            "turns": turns, "plies": plies,
            "ending": outcome.rule if outcome else "stalled" if stalled else "unfinished",
        }
        row.update({f"part: {label}": points for label, points in parts.items()})
        rows.append(row)
    return rows


# --- running work on any executor ------------------------------------------------------------
def _executor(executor: Any) -> tuple[Executor | None, bool]:
    """(the executor to use, whether we made it and must shut it down)."""
    if executor is None:
        return ProcessPoolExecutor(max_workers=os.cpu_count() or 1), True
    if executor == "serial":
        return None, False
    if hasattr(executor, "get_executor"):  # a Dask distributed Client
        return executor.get_executor(), False
    return executor, False


def _chunks(games: int, size: int | None = None, total: int | None = None) -> list[Sequence[int]]:
    """Game numbers 0..games-1 in runs for the workers: about four runs per core over all the
    work (`total` games, these and others), so that no core waits while another plays a long
    run, and at most 50 games each (each run is one message there and back)."""
    size = size or max(1, min(50, math.ceil((total or games) / (4 * (os.cpu_count() or 1)))))
    return [range(i, min(i + size, games)) for i in range(0, games, size)]


def _run(jobs: Sequence[tuple[_Job, Sequence[int]]], executor: Any, progress: bool, label: str,
         total: int) -> list[dict[str, Any]]:
    """Play every (job, game numbers) pair; rows in job and game order whatever ran them."""
    bar = _bar(progress, total, label)
    results: dict[int, list[dict[str, Any]]] = {}
    pool, own = (None, False) if total < SERIAL_BELOW and executor is None else _executor(executor)
    started = time.perf_counter()
    try:
        if pool is None:
            for k, (job, indices) in enumerate(jobs):
                results[k] = _play(job, indices)
                _tick(bar, len(indices), started)
        else:
            futures = {pool.submit(_play, job, indices): (k, len(indices))
                       for k, (job, indices) in enumerate(jobs)}
            for future in as_completed(futures):
                k, n = futures[future]
                results[k] = future.result()
                _tick(bar, n, started)
    finally:
        if own and pool is not None:
            pool.shutdown()
        if bar is not None:
            bar.close()
    return [row for k in range(len(jobs)) for row in results[k]]


def _bar(progress: bool, total: int, label: str) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=label, unit="game")


def _tick(bar: Any, n: int, started: float) -> None:
    if bar is not None:
        bar.update(n)
        bar.set_postfix_str(f"{bar.n / max(1e-9, time.perf_counter() - started):.1f} games/s")


def _seats(bots: Any, players: int) -> dict[int, Any]:
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Mapping):
        if isinstance(bots, Mapping):
            raise TypeError("bots is a bot name for every seat, or a mapping seat -> name or bot")
        return {p: bots for p in range(1, players + 1)}
    missing = set(range(1, players + 1)) - set(bots)
    if missing:
        raise ValueError(f"no bot for seat{'s' * (len(missing) > 1)} {sorted(missing)}")
    return dict(bots)


# --- simulate ----------------------------------------------------------------------------------
def simulate(game: str, players: int | None = None, bots: Any = "random", games: int = 100,
             seed: int = 0, executor: Any = None, progress: bool = True,
             position: Mapping[str, Any] | None = None, chunk: int | None = None,
             max_plies: int = MAX_PLIES, **options: Any) -> pd.DataFrame:
    """Play `games` seeded games and return one row per game and seat: the game's seed, the
    seat, its bot, points, every breakdown part, the result, turns, plies and the ending rule.

    `bots`: one name for every seat ("random", "greedy", "mcts") or a mapping seat -> name or
    bot object. `executor`: None (a process pool over the machine's cores), "serial", any
    `concurrent.futures.Executor`, or a Dask `Client`. The table is the same whatever runs it.
    `position` starts every game from a written position; `options` are the game's own.
    A game still going after `max_plies` decisions is stopped: its rows say "unfinished"; one
    where no player's points changed for QUIET_TURNS turns is stopped too, as "stalled"."""
    import pandas as pd

    info = get_game(game)
    players = info.usual_players if players is None else players
    info.configure(players, **options)  # refuse a bad setup here, not in a worker
    job = _Job(game, players, options, _seats(bots, players), seed, position, max_plies=max_plies)
    rows = _run([(job, part) for part in _chunks(games, chunk)], executor, progress,
                f"{info.title}: {games} games", games)
    return pd.DataFrame(rows)


# --- compare -------------------------------------------------------------------------------------
@dataclass
class Comparison:
    """Alternatives of one decision compared by simulation: `table` (one row per alternative,
    best first: by win rate, then expected points), `games` (one row per alternative, game and
    seat), and `plot()`."""

    player: int
    table: pd.DataFrame
    games: pd.DataFrame
    labels: dict[str, str] = field(default_factory=dict)

    @property
    def best(self) -> str:
        return str(self.table.iloc[0]["alternative"])

    def plot(self) -> Any:
        """Win rate and expected points, each with its 95% interval, one bar per alternative."""
        from sandbox.plots import _figure

        t = self.table.iloc[::-1]
        fig, (left, right) = _figure(10, 0.8 + 0.45 * len(t), cols=2)
        right.sharey(left)
        left.barh(t["alternative"], t["win rate"], xerr=[t["win rate"] - t["win low"],
                                                         t["win high"] - t["win rate"]],
                  color="#55a868", alpha=0.85, capsize=3)
        left.set_xlim(0, 1)
        left.set_xlabel(f"P{self.player}'s win rate")
        right.barh(t["alternative"], t["points"], xerr=[t["points"] - t["points low"],
                                                        t["points high"] - t["points"]],
                   color="#4c72b0", alpha=0.85, capsize=3)
        right.set_xlabel(f"P{self.player}'s expected points")
        per = int(self.table["games"].iloc[0]) if len(self.table) else 0
        fig.suptitle(f"{per} games per alternative, the same chance for each (95% intervals)")
        fig.tight_layout()
        return fig

    def __repr__(self) -> str:
        columns = ["alternative", "games", "points", "points low", "points high", "win rate",
                   "win low", "win high"]
        return (f"P{self.player}'s alternatives, best first (95% intervals):\n"
                + self.table[columns].to_string(index=False, float_format=lambda v: f"{v:.2f}"))

    def _repr_html_(self) -> str:
        return self.table.to_html(index=False, float_format=lambda v: f"{v:.2f}")


def compare(source: Any, actions: Iterable[Any] | str = "all", bots: Any = "greedy", games: int = 100,
            seed: int = 0, executor: Any = None, progress: bool = True, viewer: int | None = None,
            max_plies: int = MAX_PLIES) -> Comparison:
    """Play each alternative of the pending decision on from `source` (a Match or a state) and
    compare them: expected points and win rate of the deciding player, with 95% intervals.

    Every alternative meets the same chance (common random numbers): game i of each uses the
    same seeds, so a difference comes from the choice, not from luck. `actions` is "all" (the
    legal actions) or a list (objects or notation). With `viewer`, each game first deals the
    cards that seat cannot see again at random (the same deal for every alternative): the
    question as that player can ask it."""
    import pandas as pd

    state = source.state if isinstance(source, Match) else source
    ply = source.ply if isinstance(source, Match) else 0
    player = state.to_move
    if player is None or player == 0:
        raise ValueError("compare needs a player's decision pending (not chance, not the end)")
    chosen = list(state.legal_actions()) if actions == "all" else [state.read(a) for a in actions]
    if not chosen:
        raise ValueError("there is no alternative to compare")
    for action in chosen:
        if not state.is_legal(action):
            raise ValueError(f"{action} is not a legal action now: {state.explain(action)}")
    info = get_game(state.game_id)
    seats = _seats(bots, state.config.players)
    # each alternative's games in runs: one job per alternative kept a core idle for a third
    # of a 3-alternative comparison on 2 cores
    jobs = [(_Job(info.id, state.config.players, {}, seats, seed, before=state, action=action,
                  viewer=viewer, ply=ply, max_plies=max_plies), part)
            for action in chosen for part in _chunks(games, total=games * len(chosen))]
    rows = _run(jobs, executor, progress, f"{info.title}: {len(chosen)} alternatives x {games}",
                games * len(chosen))
    labels = {action.notation: state.describe(action, player) for action in chosen}
    frame = pd.DataFrame(rows)
    frame.insert(0, "alternative", [a.notation for a in chosen for _ in range(games) for _ in
                                    range(state.config.players)])
    mine = frame[frame["seat"] == player]
    table = summarise(mine, "alternative")
    table.insert(1, "in words", table["alternative"].map(labels))
    ranked = table.sort_values(["win rate", "points"], ascending=False, kind="stable")
    return Comparison(player, ranked.reset_index(drop=True), frame, labels)


def summarise(rows: pd.DataFrame, by: str) -> pd.DataFrame:
    """Mean points and win rate per group, with 95% intervals (normal for points, Wilson for
    the win rate), in the groups' first-seen order."""
    import pandas as pd

    out = []
    for key, group in rows.groupby(by, sort=False):
        n = len(group)
        mean = float(group["points"].mean())
        half = 1.96 * float(group["points"].std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
        wins = float(group["won"].mean())
        low, high = wilson(wins, n)
        out.append({by: key, "games": n, "points": mean, "points low": mean - half,
                    "points high": mean + half, "win rate": wins, "win low": low, "win high": high})
    return pd.DataFrame(out)


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion `p` observed in `n` trials."""
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


__all__ = ["Comparison", "compare", "game_seed", "simulate", "summarise", "wilson"]

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
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sandbox.bots import by_name
from sandbox.core.match import Match
from sandbox.core.registry import get_game
from sandbox.core.runner import play_out
from sandbox.stats import summarise, wilson

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


class _Stopped(Exception):
    """A race's `stop` was set during a game: that game is dropped, the ones before it kept."""


@dataclass(frozen=True)
class _Halting:
    """A bot that gives the game up as soon as `stop` is set, so a stopped race ends within one
    decision rather than one whole game (a Traintopia game takes seconds)."""

    bot: Any
    stop: Any  # a threading.Event or anything with is_set()

    def choose(self, view: Any, player: int) -> Any:
        if self.stop.is_set():
            raise _Stopped
        return self.bot.choose(view, player)


def _play(job: _Job, indices: Sequence[int], stop: Any = None) -> list[dict[str, Any]]:
    """Play the games `indices` of `job`; one row per game and seat. With `stop`, raises
    _Stopped at the first decision after it is set."""
    info = get_game(job.game)
    rows: list[dict[str, Any]] = []
    for index in indices:
        state, ply, seed = _start(job, index)
        bots = {seat: _bot(spec, seat, seed, info) for seat, spec in job.bots.items()}
        deciders = bots if stop is None else {seat: _Halting(bot, stop) for seat, bot in bots.items()}
        played = play_out(state, deciders, seed, ply=ply, max_plies=job.max_plies, quiet_turns=QUIET_TURNS)
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
        if outcome is not None and outcome.rating:  # a solo game that rates the score
            row["rating"] = outcome.rating
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
MIN_TO_DROP = 4
"""Games an alternative plays beside the leader before a budgeted comparison may drop it: with
fewer, "clearly worse" is a guess (three lost games against three won is not rare)."""

_VERSUS, _RATED, _OBJECTIVE = "versus", "rated", "objective"
_RANKED_BY = {_VERSUS: (("win rate", "won"), ("points", "points")),
              _RATED: (("points", "points"),),
              _OBJECTIVE: (("objective met", "won"), ("points", "points"))}
"""What a comparison ranks by, per kind of game, first to last: (table column, games column).
Against others, the win rate; in a rated solo game (Isle of Trains' Challenge) the points, as
there is nothing to win; in a solo game with an objective, the chance of meeting it."""
_BOUNDS = {"win rate": ("win low", "win high"), "points": ("points low", "points high"),
           "objective met": ("met low", "met high")}


@dataclass
class Comparison:
    """Alternatives of one decision compared by simulation: `table` (one row per alternative,
    best first: by win rate, then expected points; solo, by what the mode is about), `games`
    (one row per alternative, game and seat), and `plot()`.

    `separated` says whether the best's interval clears the next one's on what decides the
    ranking; `budget_s` is the time a budgeted comparison was given and `budget_games` the
    games (both None: a fixed design), `elapsed_s` the time it took. An `on_update` answer of
    a race still running is not `finished`; `stopped` says a race was stopped before its end."""

    player: int
    table: pd.DataFrame
    games: pd.DataFrame
    labels: dict[str, str] = field(default_factory=dict)
    separated: bool = False
    budget_s: float | None = None
    elapsed_s: float = 0.0
    kind: str = _VERSUS
    budget_games: int | None = None
    finished: bool = True
    stopped: bool = False

    @property
    def raced(self) -> bool:
        """Whether this is an anytime comparison (a budget of time or games), not a fixed design."""
        return self.budget_s is not None or self.budget_games is not None

    @property
    def games_played(self) -> int:
        """Games played in all (a group of alike alternatives plays once for all of them)."""
        if not len(self.games):
            return 0
        return len(self.games[self.games["seat"] == self.player].drop_duplicates(["group", "game"]))

    @property
    def best(self) -> str:
        return str(self.table.iloc[0]["alternative"])

    def plot(self, top: int = 25, words: bool = False) -> Any:
        """The chance that matters (win rate, the objective met, or each rating band) and the
        expected points, each with its 95% interval, one bar per alternative: the `top` best,
        named by their notation, or `words` (as the play apps' What-if shows them to a class)."""
        from sandbox.plots import comparison

        return comparison(self.table, self.player, top, words=words)

    def _shown(self, columns: Sequence[str]) -> list[str]:
        """`columns` less those with nothing to say: `group` where nothing is alike, the race's
        `look-ahead` and `status` in a fixed design (whose display stays as it always was)."""
        hidden = {"group"} if (self.table["group"] == "").all() else set()
        if not self.raced:
            hidden |= {"look-ahead", "status"}
        return [c for c in columns if c not in hidden and c in self.table]  # none before a game

    def _headline(self) -> str:
        said = f"P{self.player}'s alternatives, best first (95% intervals)"
        if not self.raced:
            return said
        played = int((self.table["games"] > 0).sum())
        # a games budget alone says no time: its table is the same in every run
        spent = (f"{self.elapsed_s:.1f} s of a {self.budget_s:g} s budget" if self.budget_s is not None
                 else f"{self.games_played} games of a {self.budget_games}-game budget")
        end = "" if self.finished else " (so far: still racing)"
        end = " (stopped)" if self.stopped else end
        return (f"{said}; {spent}, {played} of {len(self.table)} played; the best is "
                f"{'' if self.separated else 'not '}separated from the next{end}")

    def __repr__(self) -> str:
        columns = ["alternative", "group", "games", "points", "points low", "points high"]
        columns += {_VERSUS: ["win rate", "win low", "win high"],
                    _OBJECTIVE: ["objective met", "met low", "met high"]}.get(
            self.kind, [c for c in self.table.columns if c.startswith("rating: ")])
        return (self._headline() + ":\n" + self.table[self._shown(columns + ["look-ahead", "status"])]
                .to_string(index=False, float_format=lambda v: f"{v:.2f}"))

    def html(self, notation: bool = True) -> str:
        """The table as HTML. Without `notation`, the alternatives are named in words alone (no
        `alternative` or `group` column of notation): what the play apps' What-if shows a class,
        while the lab's own view keeps the notation a user types."""
        columns = self._shown(list(self.table.columns))
        if not notation:
            columns = [c for c in columns if c not in ("alternative", "group")]
        html = self.table[columns].to_html(index=False, float_format=lambda v: f"{v:.2f}")
        return html if not self.raced else f"<p>{self._headline()}</p>{html}"

    def _repr_html_(self) -> str:
        return self.html()


def compare(source: Any, actions: Iterable[Any] | str = "all", bots: Any = "greedy", games: int = 100,
            seed: int = 0, executor: Any = None, progress: bool = True, viewer: int | None = None,
            max_plies: int = MAX_PLIES, budget_s: float | None = None, budget_games: int | None = None,
            on_update: Callable[[Comparison], Any] | None = None, stop: Any = None) -> Comparison:
    """Play each alternative of the pending decision on from `source` (a Match or a state) and
    compare them: expected points and win rate of the deciding player, with 95% intervals
    (solo: no win rate, as nothing is won against anyone; the chance of each rating band where
    the game rates the score, else the chance of meeting the objective).

    Every alternative meets the same chance (common random numbers): game i of each uses the
    same seeds, so a difference comes from the choice, not from luck. `actions` is "all" (the
    legal actions) or a list (objects or notation). With `viewer`, each game first deals the
    cards that seat cannot see again at random (the same deal for every alternative): the
    question as that player can ask it. Alternatives the game calls `alike` are played once
    for the group (the table names the group in `group`).

    `games=N` alone is the fixed design: N games each, the same table for a seed on any
    executor. With `budget_s`, an anytime comparison in this process (starting workers would
    cost more than a first answer within seconds is worth): every alternative is first valued
    by the greedy bot's look-ahead (the game's `assess`, one decision ahead; the `look-ahead`
    column), then the best valued get games in rounds, game i of each the same as in the fixed
    design, so the games an alternative got are a prefix of its N (`games` caps them) and more
    time only adds games. From MIN_TO_DROP games on, an alternative clearly worse than the
    leader over the same games (the paired difference's 95% interval below zero) is dropped,
    one that cannot beat it by MARGIN is settled; either gets no more games and the next best
    valued takes its place. The race ends when one is left, when all have `games`, or when
    the next game would overrun the budget. An alternative no game reached has a row with its
    look-ahead value. "all" is the deciding player's actions (where several decide at once,
    the viewer's).

    `budget_games=N` races the same way on a budget of N games in all instead of (or as well
    as) a time: decided by the games alone, the same table on any machine, for notebooks whose
    stored outputs must not change from run to run. A race can be watched and stopped (a
    widget runs it in a thread): `on_update(comparison)` is called with the look-ahead answer
    before any game, then after each round (and at most once a second within a long one), and
    last with the answer returned (`finished`); `stop` (a threading.Event) set ends the race at
    the next decision of any game, keeping the games finished before it (`stopped`)."""
    started = time.perf_counter()
    state = source.state if isinstance(source, Match) else source
    ply = source.ply if isinstance(source, Match) else 0
    player = state.to_move
    if player is None or player == 0:
        raise ValueError("compare needs a player's decision pending (not chance, not the end)")
    # several decide at once: the viewer's own decision
    if state.simultaneous and viewer is not None and viewer in state.pending.players:
        player = viewer
    if budget_s is not None and not budget_s > 0:
        raise ValueError(f"budget_s is a time in seconds above 0, not {budget_s!r}")
    if budget_games is not None and not budget_games >= 1:
        raise ValueError(f"budget_games is a number of games, at least 1, not {budget_games!r}")
    raced = budget_s is not None or budget_games is not None
    if not raced and (on_update is not None or stop is not None):
        raise ValueError("on_update and stop watch a race: give budget_s or budget_games too")
    if raced and executor not in (None, "serial"):
        raise ValueError("a budgeted comparison plays in this process: leave out executor "
                         "(or give games=N alone to play on an executor)")
    # "all": the deciding player's own (where several decide at once, not the others' too)
    chosen = (list(state.legal_actions_for(player)) if actions == "all"
              else [state.read(a) for a in actions])
    if not chosen:
        raise ValueError("there is no alternative to compare")
    for action in chosen:
        if not state.is_legal(action):
            raise ValueError(f"{action} is not a legal action now: {state.explain(action)}")
    info = get_game(state.game_id)
    seats = _seats(bots, state.config.players)
    group = _alike_groups(state, chosen)
    firsts = [a for a in chosen if group[a.notation] == a.notation]

    def job(action: Any) -> _Job:
        return _Job(info.id, state.config.players, {}, seats, seed, before=state, action=action,
                    viewer=viewer, ply=ply, max_plies=max_plies)

    look = _look_ahead(state, player, firsts)
    labels = {action.notation: state.describe(action, player) for action in chosen}

    def answer(played: Mapping[str, Sequence[Any]], left: Mapping[str, str], finished: bool = True
               ) -> Comparison:
        frame = _games_frame(chosen, group, played)
        table, kind = _table(state, player, chosen, group, look, labels, frame, played, left, finished)
        return Comparison(player, table, frame, labels, _separated(table, kind), budget_s,
                          time.perf_counter() - started, kind, budget_games, finished,
                          bool(stop is not None and stop.is_set()))

    if not raced:
        # each alternative's games in runs: one job per alternative kept a core idle for a third
        # of a 3-alternative comparison on 2 cores
        jobs = [(job(a), part) for a in firsts for part in _chunks(games, total=games * len(firsts))]
        rows = _run(jobs, executor, progress, f"{info.title}: {len(firsts)} alternatives x {games}",
                    games * len(firsts))
        per = games * state.config.players
        return answer({a.notation: rows[k * per:(k + 1) * per] for k, a in enumerate(firsts)}, {})
    report = None
    if on_update is not None:
        def report(played: Mapping[str, Sequence[Any]], left: Mapping[str, str]) -> None:
            on_update(answer(played, left, finished=False))

        report({}, {})  # the first answer: every option by its look-ahead, before any game
    ranked_first = sorted(firsts, key=lambda a: -look[a.notation])
    deadline = math.inf if budget_s is None else started + budget_s
    played, left = _race([job(a) for a in ranked_first], player, games, deadline, budget_games,
                         stop, report)
    result = answer(played, left)
    if on_update is not None:
        on_update(result)
    return result


def _table(state: Any, player: int, chosen: Sequence[Any], group: Mapping[str, str],
           look: Mapping[str, float], labels: Mapping[str, str], frame: pd.DataFrame,
           played: Mapping[str, Sequence[Any]], left: Mapping[str, str], finished: bool
           ) -> tuple[pd.DataFrame, str]:
    """A comparison's table, ranked, and its kind: one row per alternative, its games summed up
    for `player` (none: its look-ahead only). In a race still running (not `finished`), those
    still in the field say so."""
    import pandas as pd

    kind = _kind(state.config.players, frame)
    mine = frame[frame["seat"] == player] if len(frame) else frame
    summary = summarise(mine, "alternative", solo=state.config.players == 1) if len(mine) else None
    table = pd.DataFrame({"alternative": [a.notation for a in chosen]})
    if summary is not None:
        table = table.merge(summary, on="alternative", how="left", sort=False)
    table["games"] = table["games"].fillna(0).astype(int) if "games" in table else 0
    table.insert(1, "in words", table["alternative"].map(labels))
    table.insert(2, "group", [group[a.notation] if _shared(group, a) else "" for a in chosen])
    table["look-ahead"] = [look[group[a.notation]] for a in chosen]
    going = "played" if finished else _RACING
    table["status"] = [_UNREACHED if not played.get(group[a.notation]) else
                       left.get(group[a.notation], going) for a in chosen]
    return _rank(table, kind), kind


def _alike_groups(state: Any, actions: Sequence[Any]) -> dict[str, str]:
    """Each alternative's notation -> the notation of the first alternative the game calls
    alike with it (itself when none is): the group is played once, by its first."""
    first: dict[Any, str] = {}
    group = {}
    for action in actions:
        key = state.alike(action)
        group[action.notation] = (first.setdefault(key, action.notation) if key is not None
                                  else action.notation)
    return group


def _shared(group: Mapping[str, str], action: Any) -> bool:
    lead = group[action.notation]
    return sum(1 for g in group.values() if g == lead) > 1


def _look_ahead(state: Any, player: int, actions: Sequence[Any]) -> dict[str, float]:
    """Each alternative's value as the greedy bot weighs it (the game's `assess` for `player`,
    after the alternative and the player's own continuations of it), on what the player sees:
    an estimate for every alternative in milliseconds, before any game."""
    from sandbox.bots import GreedyBot

    bot = GreedyBot()
    values = {}
    for action in actions:
        actor = state.actor(action) if state.simultaneous else player  # another's secret choice
        after, _events = state.view(actor).apply(action)
        values[action.notation] = sum(bot._rollout(after, actor).assess(actor).values())
    return values


_Report = Callable[[Mapping[str, Sequence[Any]], Mapping[str, str]], Any]
"""A race's report: called with every alternative's rows so far and those that left the field."""


def _race(jobs: Sequence[_Job], player: int, most: int, deadline: float, budget_games: int | None = None,
          stop: Any = None, report: _Report | None = None,
          report_every_s: float = 1.0) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    """Budgeted games over a field of the alternatives best valued by the look-ahead (`jobs`
    in that order): round i brings every alternative of the field to i + 1 games (at most
    `most`), the leader first, while the typical game so far still fits before `deadline` (and,
    with `budget_games`, while fewer games than that were played: a budget that decides by
    games alone, the same race on any machine); after each round the ones clearly worse than
    the leader, or unable to beat it by a margin that matters, leave the field, and the next
    best valued take the places of those and of the ones at `most` games. The field holds as
    many as can get MIN_TO_DROP games each in the budget (at least two), so a short budget is
    spent where games can decide something, not one game on each of a hundred alternatives.

    `stop` (a threading.Event) set ends the race at the next decision of any game, keeping the
    games finished before it. `report(rows, left)` is called after each round and, within a
    round, at most every `report_every_s` seconds after a game. Returns every alternative's
    rows (games 0..k-1, as in the fixed design) and the status of those that left the field."""
    rows: dict[str, list[dict[str, Any]]] = {j.action.notation: [] for j in jobs}
    by_name = {j.action.notation: j for j in jobs}
    waiting, left = list(by_name), dict[str, str]()
    took: list[float] = []
    reported = [time.perf_counter()]

    def count(name: str) -> int:
        return len(rows[name]) // by_name[name].players

    def tell(always: bool) -> None:
        if report is not None and (always or time.perf_counter() - reported[0] >= report_every_s):
            report(rows, left)
            reported[0] = time.perf_counter()

    def play(name: str) -> bool:
        """Play `name`'s next game if it fits in the budget (the very first always does, unless
        stopped)."""
        now = time.perf_counter()
        if stop is not None and stop.is_set():
            return False
        if budget_games is not None and len(took) >= budget_games:
            return False
        if took and now + statistics.median(took) > deadline:
            return False
        try:
            rows[name] += _play(by_name[name], [count(name)], stop)
        except _Stopped:
            return False
        took.append(time.perf_counter() - now)
        tell(always=False)
        return True

    if not play(waiting[0]):
        return rows, left
    # a rated solo game (the rating in its outcome) is about points: its "won" is a target
    measures = ("points",) if any("rating" in row for row in rows[waiting[0]]) else ("won", "points")
    affordable = (deadline - time.perf_counter()) / statistics.median(took)
    if budget_games is not None:
        affordable = min(affordable, budget_games - len(took))
    size = max(2, int(affordable // MIN_TO_DROP))
    field: list[str] = []
    index = 0
    while True:
        while sum(1 for name in field if count(name) < most) < size and waiting:
            field.append(waiting.pop(0))
        target = min(index + 1, most)
        for name in field:
            while count(name) < target:
                if not play(name):
                    return rows, left
        field = _leader_first(field, rows, player, measures)
        left.update(_settled(field, rows, player, measures, target))
        field = [name for name in field if name not in left]
        if not waiting and (len(field) <= 1 or all(count(name) >= most for name in field)):
            break
        tell(always=True)
        index += 1
    return rows, left


def _results(rows: Sequence[Mapping[str, Any]], player: int, measures: Sequence[str]
             ) -> list[list[float]]:
    """Each measure ("won", "points") of `player`, game by game."""
    mine = [r for r in rows if r["seat"] == player]
    return [[float(r[measure]) for r in mine] for measure in measures]


def _leader_first(names: Sequence[str], rows: Mapping[str, Sequence[Mapping[str, Any]]],
                  player: int, measures: Sequence[str]) -> list[str]:
    """The alternatives by their means so far, measure by measure (stable: ties keep their
    order)."""
    def key(name: str) -> list[float]:
        return [-statistics.fmean(values) for values in _results(rows[name], player, measures)]

    return sorted(names, key=key)


MARGIN = {"won": 0.05, "points": 1.0}
"""The least gain over the leader that matters: an alternative whose 95% interval rules out
beating the leader by this much (in the chance to win, or in points where every game's win was
the same) gets no more games in a budgeted comparison: more games would not change the choice
by that much."""


def _settled(ranked: Sequence[str], rows: Mapping[str, Sequence[Mapping[str, Any]]],
             player: int, measures: Sequence[str], n: int) -> dict[str, str]:
    """The alternatives that need no more games, against the leader (`ranked[0]`) over their
    first `n` games, game by game with the same chance: "dropped" where the 95% interval of
    the difference lies below zero, "settled" where it lies below MARGIN (or where every game
    came out the same for 2 x MIN_TO_DROP games), on the first measure where the games
    differ. A solo game's "won" is its objective: the same test holds."""
    if n < MIN_TO_DROP or len(ranked) < 2:
        return {}
    best = [values[:n] for values in _results(rows[ranked[0]], player, measures)]
    out = {}
    for name in ranked[1:]:
        for measure, mine, theirs in zip(measures, _results(rows[name], player, measures), best):
            diff = [a - b for a, b in zip(mine[:n], theirs)]
            if all(d == 0 for d in diff):
                continue  # the same in every game: the next measure decides
            high = statistics.fmean(diff) + 1.96 * statistics.stdev(diff) / math.sqrt(n)
            if high < 0:
                out[name] = _DROPPED
            elif high < MARGIN[measure]:
                out[name] = _SETTLED
            break
        else:
            if n >= 2 * MIN_TO_DROP:
                out[name] = _SETTLED
    return out


def _games_frame(chosen: Sequence[Any], group: Mapping[str, str],
                 played: Mapping[str, Sequence[Mapping[str, Any]]]) -> pd.DataFrame:
    """One row per alternative, game and seat: an alternative alike with another shows the
    games its group's first played."""
    import pandas as pd

    names, groups, rows = [], [], []
    for action in chosen:
        lead = group[action.notation]
        for row in played.get(lead, ()):
            names.append(action.notation)
            groups.append(lead)
            rows.append(row)
    frame = pd.DataFrame(rows)
    frame.insert(0, "alternative", names)
    frame.insert(1, "group", groups)
    return frame


def _kind(players: int, frame: pd.DataFrame) -> str:
    """What the table is about: winning against others, a solo rating, or a solo objective."""
    if players > 1:
        return _VERSUS
    return _RATED if "rating" in frame and frame["rating"].notna().any() else _OBJECTIVE


_DROPPED, _SETTLED = "dropped: clearly worse", "settled: no real gain on the leader"
_UNREACHED = "not reached: look-ahead only"
_RACING = "still racing"
"""The status of an alternative still in the field of a race not finished yet (an `on_update`
answer); once the race ends it is "played"."""


def _rank(table: pd.DataFrame, kind: str) -> pd.DataFrame:
    """The alternatives still in the race by what matters (ties keep the given order), then
    those settled near the leader, then the dropped ones (clearly worse than a leader over the
    same games, though fewer games may flatter them), each by what matters, then the ones no
    game reached, by their look-ahead value."""
    import pandas as pd

    if not (table["games"] > 0).any():  # the look-ahead answer, before any game
        return table.sort_values("look-ahead", ascending=False, kind="stable").reset_index(drop=True)
    # a chance by the centre of its Wilson interval: the same order as the chance itself among
    # alternatives with as many games (a fixed design), but 2 wins in 2 games no longer ahead
    # of 5 in 5 in a budgeted one
    keyed = table.assign(**{f"_{column}": (table[_BOUNDS[column][0]] + table[_BOUNDS[column][1]]) / 2
                            for column, _ in _RANKED_BY[kind] if column != "points"})
    keys = [column if column == "points" else f"_{column}" for column, _ in _RANKED_BY[kind]]
    parts = [keyed[keyed["status"].isin(statuses)].sort_values(keys, ascending=False, kind="stable")
             for statuses in (("played", _RACING), (_SETTLED,), (_DROPPED,))]
    parts.append(keyed[keyed["games"] == 0].sort_values("look-ahead", ascending=False, kind="stable"))
    parts = [part for part in parts if len(part)]
    ranked = pd.concat(parts) if len(parts) > 1 else parts[0]
    return ranked.drop(columns=[k for k in keys if k.startswith("_")]).reset_index(drop=True)


def _separated(ranked: pd.DataFrame, kind: str) -> bool:
    """Whether the best's 95% interval clears the next's on the first measure where their
    values differ (the measure that ranked them), or every other alternative was dropped as
    clearly worse over the same games."""
    if len(ranked) < 2 or (ranked["status"].iloc[1:] == _DROPPED).all():
        return True
    best, other = ranked.iloc[0], ranked.iloc[1]
    if other["games"] == 0 or best["games"] == 0:
        return False
    for column, _ in _RANKED_BY[kind]:
        if best[column] != other[column]:
            low, high = _BOUNDS[column]
            return bool(best[low] > other[high])
    return False


__all__ = ["Comparison", "compare", "game_seed", "simulate", "summarise", "wilson"]

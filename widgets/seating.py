"""Who sits where, and whose view a sealed page shows: the stepper's seats without a widget.

Sealed (the default): one human seat shows that seat only; several human seats take turns
behind a curtain; bots only show P1's seat (or the one asked for). `reveal` (authors) allows
any seat and the whole table."""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import traitlets

from sandbox.bots import BOTS, by_name
from sandbox.core.pending import CHANCE

WHOLE_TABLE = 0  # the viewer selector's value for "the whole table" (seat 0 is chance, never a viewer)

STRONG_SECONDS = 1.0
"""The strong level's (and a Hint's, where MCTS is the strongest) thinking time a decision."""

MCTS_AGAINST_GREEDY: dict[tuple[str, int], str] = {
    ("isle_of_trains", 1): "weaker",
    ("traintopia", 2): "stronger",
    ("traintopia", 3): "stronger",
    ("traintopia", 4): "stronger",
    ("everyone_on_board", 2): "even",
}
"""How the MCTS bot plays against the greedy bot, where measured so ("stronger", "even"); every
other game and player count: "weaker". The figures (MCTS at 1 s a decision, seats alternated,
95% Wilson intervals; benchmarks/bench_ladder.py measures them all again):
- the greedy bot beats the random bot in 92-98% of games at 3-4 players in every game; in
  Everyone On Board‽ at 2 players in 86% (83-89%, 600 games): a game of 4 trains on 1 track
  is that much luck (MCTS at 300 iterations wins 88% against the random bot, 78-94%);
- Traintopia, 2 players: MCTS won 13 of 14 (93%, 69-99%; seeds 11-18 added 7 of 8), searching
  a tile lay among the places that join most (before, 0 of 4: it laid tiles at random among
  hundreds of places);
- Traintopia, 3 and 4 players: MCTS alone against greedy bots in every other seat, at 1,000
  iterations a decision (what 1 s reaches compiled), won 18 of 24 at 3 players (75%, 55-88%;
  a fair share 33%; its mean points 64.5, theirs 56.7) and 23.5 of 48 at 4 (49%, 35-63%; a fair
  share 25%; 47.4 against 40.0); at 400 iterations (about what 1 s reached in plain Python here,
  what Binder runs) 16.5 of 24 at 3 players (69%, 49-84%) and 14 of 24 at 4 (58%, 39-76%);
  `benchmarks/bench_strong.py traintopia --players 3` (`--players 4 --games 48`,
  `--iterations 400`) plays them again;
- Everyone On Board‽, 2 players: 12 of 20 (60%, 39-78%): about even;
- Trains & Stations, 3 players: 1 of 6 (17%, 3-56%; a fair share 33%): weaker;
- Isle of Trains, 2 players: 5 of 8 (62%, 31-86%): too few games to call it even, so it stays
  "weaker" until a longer run says otherwise (MCTS at 100-200 iterations won less than half);
- Isle of Trains solo (the Challenge): the greedy bot, which solo looks two days ahead
  (`isle_of_trains/solo_strategy.py`), scores a mean of 69 points (seeds 1-20; 62 on seeds
  101-120); MCTS at 1 s a decision 48 and 64 (seeds 1-2; a median of 57 over seeds 1-10), so the
  greedy bot is the strong one and the Hint's.
So "strong" seats MCTS where it is stronger or even, and the greedy bot, said so in its label,
where MCTS is weaker; the Hint asks MCTS only where it is measured stronger (the greedy bot
answers at once, and is no weaker elsewhere)."""


@dataclass(frozen=True)
class Level:
    """A bot level of the seat menus: its `name` (a seat's kind) and what it is."""

    name: str
    what: str

    @property
    def label(self) -> str:
        return f"{self.name} ({self.what})"


LEVEL_BOTS = {"easy": "random", "medium": "greedy"}
"""The bot each fixed level seats (by `sandbox.bots.by_name`, so a game's own greedy bot where it
has one); "strong" depends on the game (`strong_bot`)."""


def mcts_verdict(game_id: str, players: int) -> str:
    """"stronger", "even" or "weaker": how MCTS was measured against the greedy bot here."""
    return MCTS_AGAINST_GREEDY.get((game_id, players), "weaker")


def strong_bot(game_id: str, players: int) -> str:
    """The bot the strong level seats: "mcts" (`STRONG_SECONDS` a decision) or "greedy"."""
    return "greedy" if mcts_verdict(game_id, players) == "weaker" else "mcts"


def hint_bot(game_id: str, players: int) -> str:
    """The strongest bot that answers within a Hint's second or two: MCTS where it is measured
    stronger than the greedy bot, else the greedy bot."""
    return "mcts" if mcts_verdict(game_id, players) == "stronger" else "greedy"


def levels(game_id: str, players: int) -> tuple[Level, ...]:
    """The easy, medium and strong levels of `game_id` at `players`, each saying what it is."""
    strong = {
        "stronger": "MCTS: plays many short games ahead, about 1 s a move",
        "even": "MCTS: plays many short games ahead, about 1 s a move; measured about even "
                "with medium here",
        "weaker": "the greedy bot, as medium: MCTS was measured weaker in this game",
    }[mcts_verdict(game_id, players)]
    return (Level("easy", "random bot: any legal move"),
            Level("medium", "greedy bot: the best move one step ahead"),
            Level("strong", strong))


BEST = "best"
"""The Hint's bot by default: the strongest that answers within its budget (`hint_bot`)."""


def make_bot(kind: str, seed: int, game: Any, players: int) -> Any:
    """The bot for a seat (or a Hint) of `kind`: a level, `BEST`, or a bot's own name
    ("random", "greedy", "mcts", one the game adds, "greedy:3")."""
    game_id = getattr(game, "id", "")
    name = (strong_bot(game_id, players) if kind == "strong" else
            hint_bot(game_id, players) if kind == BEST else LEVEL_BOTS.get(kind, kind))
    if kind in ("strong", BEST) and name == "mcts":
        from sandbox.mcts import MCTSBot

        bot: Any = MCTSBot(seconds=STRONG_SECONDS, seed=seed)
    else:
        bot = by_name(name, seed=seed, game=game)
    _SEATED_AS[bot] = kind
    return bot


_SEATED_AS: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
"""The kind each bot made by `make_bot` was made for (a level's bot has another name)."""


def seat_choices(game: Any, players: int | None = None) -> tuple[tuple[str, str], ...]:
    """(label, kind) for every way to fill a seat of `game`: a human, the levels by name (easy,
    medium, strong, saying what each is at `players`, by default the game's usual count), then
    the bots by their own names (the bots every game has, then the game's own from
    `GameInfo.bots`), which pages, saves and authors' seats have always used."""
    game_id = getattr(game, "id", "")
    count = players if players is not None else getattr(game, "usual_players", 2)
    names = dict.fromkeys([*BOTS, *getattr(game, "bots", {})])
    return (("Human", "human"), *((level.label, level.name) for level in levels(game_id, count)),
            *((f"{name.capitalize()} bot", name) for name in names))


def _seat_of(spec: Any, choices: tuple[tuple[str, str], ...]) -> str:
    kinds = [kind for _label, kind in choices]
    if isinstance(spec, str):
        if spec not in kinds:
            raise ValueError(f"a seat is one of {', '.join(map(repr, kinds))}, not {spec!r}")
        return spec
    name = getattr(spec, "name", None)
    if name not in kinds[1:]:
        raise ValueError(f"{spec!r} is not a seat: use one of {', '.join(map(repr, kinds))} or such a bot")
    return str(name)


class _Seat(traitlets.Int):
    """A seat, or None for the whole table. Checked by the stepper's validator even when None
    (traitlets skips cross-validation of None for traits that allow it)."""

    def _validate(self, obj: Any, value: Any) -> Any:
        if value is None and self.allow_none and obj._cross_validation_lock is False:
            return self._cross_validate(obj, value)
        return super()._validate(obj, value)


@dataclass(frozen=True)
class Seating:
    """The seats of `match` ({player: "human" or a bot's name}) and what they allow a page to
    show. `bots` keeps the bot objects made so far (a caller's own, with its seed and state)."""

    match: Any
    seats: Mapping[int, str]
    reveal: bool = False
    bots: dict[int, Any] = field(default_factory=dict)

    @property
    def choices(self) -> tuple[tuple[str, str], ...]:
        """(label, kind) of every way to fill a seat (`seat_choices`)."""
        return seat_choices(self.match.game, self.match.config.players)

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(range(1, self.match.config.players + 1))

    @property
    def humans(self) -> tuple[int, ...]:
        """The human seats, in seat order."""
        return tuple(p for p in self.players if self.seats.get(p, "human") == "human")

    def name(self, player: int | None) -> str:
        """How the game names a seat."""
        return self.match.state.seat_name(player) if player is not None else "nobody"

    def bot_for(self, player: int) -> Any:
        """The bot seated for `player`, or None for a human seat."""
        kind = self.seats.get(player, "human")
        if kind == "human":
            return None
        bot = self.bots.get(player)
        if bot is None or _SEATED_AS.get(bot, getattr(bot, "name", None)) != kind:
            bot = make_bot(kind, self.match.seed * 100 + player, self.match.game, self.match.config.players)
            self.bots[player] = bot
        return bot

    def human_to_decide(self) -> int | None:
        """The human who must decide now, if any."""
        player = self.match.pending.player
        if player in (None, CHANCE) or self.bot_for(player) is not None:
            return None
        return int(player)

    def first_viewer(self, viewer: int | None) -> int | None:
        """The seat shown at the start (checked like any later change of the viewer)."""
        if viewer is not None and viewer not in self.players:
            raise ValueError(f"viewer {viewer!r} is not a seat of this {len(self.players)}-player game")
        if self.reveal:
            return viewer
        humans = self.humans
        if viewer is None:
            if len(humans) == 1:
                return humans[0]
            if humans:
                deciding = self.match.pending.player
                return deciding if deciding in humans else humans[0]
            return self.players[0]
        self.check_sealed(viewer)
        return viewer

    def check_sealed(self, viewer: int | None) -> None:
        """Without reveal: always a player's seat, and only a human's when humans play."""
        humans = self.humans
        if viewer is None:
            raise ValueError("the whole table is shown only with reveal=True (for notebook authors)")
        if len(humans) == 1 and viewer != humans[0]:
            only = self.name(humans[0])
            raise ValueError(f"{only} is the only human seat, so the table is {only}'s view; pass "
                             f"reveal=True to look from {self.name(viewer)}'s seat")
        if len(humans) > 1 and viewer not in humans:
            others = ", ".join(self.name(h) for h in humans)
            raise ValueError(f"{self.name(viewer)} is not a human seat ({others} are); pass "
                             "reveal=True to look from any seat")

    def curtain_for(self, viewer: int | None) -> int | None:
        """Hot seat: the human who must decide, when the table shows another seat."""
        if self.reveal or len(self.humans) < 2:
            return None
        human = self.human_to_decide()
        return human if human is not None and human != viewer else None

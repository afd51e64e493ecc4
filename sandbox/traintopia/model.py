"""A player's seat and what their network is worth: the scoring rules that read a network.

Immediate scoring (a Commuter's districts, a Tourist's landmarks, the Inspector) and final
scoring (finished tracks, Mailbags, Trains, the longest track, objectives) both read tracks
from `geometry.Network`; the state decides when they apply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from sandbox.core.events import Event
from sandbox.core.state import evolve, native_fields
from sandbox.traintopia.actions import COMMUTERS, DRAFTED
from sandbox.traintopia.components import OBJECTIVES, SUPPLY
from sandbox.traintopia.geometry import Cell, Network, Track

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
    from sandbox.traintopia.config import Config
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

_COMPILED = cython.compiled  # read at run time (Cython would call the plain path unreachable)

EMPTY_NETWORK = Network()
HIDDEN = "?"
"""An objective card another player holds, as a view shows it."""

LIMITED = DRAFTED
"""One of each per track [elements.commuter-limit] [elements.tourist-limit] [elements.mail-train-limit]."""

# identical / different stations, by length 2-3, 4-5, 6-7, 8+ [scoring.finished-table]
FINISHED_VP = {True: (2, 3, 5, 8), False: (4, 5, 7, 10)}
TRAIN_VP = ((4, 10), (2, 4), (0, 0))  # (at least n tokens, VP) [scoring.trains]
LONGEST_VP = {2: (6,), 3: (6, 3, 0), 4: (6, 3, 1, 0)}  # [scoring.longest]
MONEY_TOKENS = SUPPLY.get("money", 24)  # [components.money]


def event(kind: str, text: str, rule: str, actor: int | None = None, **data: Any) -> Event:
    return Event.lazy(kind, text, rule=rule, actor=actor, **data)


class Later:
    """Words of an event worked out when its text is read: `words(*args)`. The table it reads
    (tiles, tracks, a network) never changes, so the words come out the same whenever read."""

    __slots__ = ("args", "words")

    def __init__(self, words: Callable[..., str], *args: Any) -> None:
        self.words = words
        self.args = args

    def __str__(self) -> str:
        return self.words(*self.args)

    def __format__(self, spec: str) -> str:
        return format(self.words(*self.args), spec)

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other) if isinstance(other, Later) else NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return repr(str(self))


@cython.dataclasses.dataclass(frozen=True)
@cython.cclass
class Seat:
    """One player's things: their network, the wooden pieces on it (piece, tile, rail; in the
    order placed), the cells whose money symbol holds a token, VP tokens, their objective card
    (hidden from the others), tiles taken and not laid yet, the End Game Bonus chosen.

    Compiled, a native class (its fields in C slots, declared again in `model.pxd`, no
    `__dict__`): a transition copies a seat in two of its steps, and a copy is its seven slots
    written in C (`evolved`). In plain Python, the frozen dataclass it reads as."""

    network: Network = EMPTY_NETWORK
    pieces: tuple[tuple[str, int, int], ...] = ()
    money: tuple[Cell, ...] = ()
    vp: int = 0
    objective: str = ""
    held: tuple[str, ...] = ()
    bonus: str = ""

    def evolved(self, changes: dict[str, Any]) -> Seat:
        """A copy with `changes` (field name -> value) written in, without `__init__`'s checks:
        `core.state.evolve` where compiled (in plain Python, `evolve`); the rules call `evolved_seat`."""
        if _COMPILED:
            return evolved_seat(self, changes)
        return evolve(self, **changes)

    def has(self, piece: str) -> bool:
        """Whether a `piece` is on one of the seat's tracks (a bot asks before asking track by
        track: most seats carry no Train or Mailbag for most of the game)."""
        return any(p == piece for p, _, _ in self.pieces)

    def on(self, track: Track) -> tuple[str, ...]:
        """The pieces on `track`."""
        pieces = self.pieces
        if not pieces:  # most seats, most of the game, as a bot weighs every track
            return ()
        rails = track.rail_set
        return tuple(p for p, t, r in pieces if (t, r) in rails)


@cython.cfunc
@cython.locals(seat=Seat, changes=dict)
@cython.returns(Seat)
def evolved_seat(seat: Seat, changes: dict[str, Any]) -> Seat:
    """`Seat.evolved` compiled, as a C function (declared in `model.pxd`, called by the rules
    directly): the slots copied, then each change written (compiled only: plain, a seat is
    frozen)."""
    new = cython.declare(Seat, Seat.__new__(Seat))  # typed (to mypy, frozen fields are read-only)
    new.network, new.pieces, new.money, new.vp = seat.network, seat.pieces, seat.money, seat.vp
    new.objective, new.held, new.bonus = seat.objective, seat.held, seat.bonus
    for name, value in changes.items():
        if name == "network":
            new.network = value
        elif name == "held":
            new.held = value
        elif name == "pieces":
            new.pieces = value
        elif name == "money":
            new.money = value
        elif name == "vp":
            new.vp = value
        elif name == "objective":
            new.objective = value
        elif name == "bonus":
            new.bonus = value
        else:
            raise TypeError(f"Seat has no field {name!r}")
    return new


if cython.compiled:  # `core.state.evolve` copies a seat through `evolved`
    native_fields(Seat)


def along(network: Network, track: Track, colour: str, by_tiles: bool = False) -> int:
    """VP a Commuter (or the Inspector) scoring `colour` makes on `track`: each district of that
    colour or mixed along it [elements.commuter] [elements.mixed] [example.commuter-grey]
    [example.commuter-green] [example.commuter-yellow]. Along: a cell the track runs
    through [ruling.districts-along]; `by_tiles`: any cell of a tile the track crosses."""
    if by_tiles:
        tiles = {t for t, _ in track.rails}
        cells = [c for p in tiles for c in network.tiles[p].footprint()]
    else:
        cells = list(track.cells)
    laid = network.index.cells  # cell -> (tile, feature): `Network.feature`, without a call a cell
    vp = 0
    for c in cells:
        hit = laid.get(c)
        if hit is not None and hit[1] in (colour, "mixed"):
            vp += 1
    return vp


def landmarks(network: Network, track: Track) -> int:
    """VP a Tourist makes on `track`: each landmark next to it, orthogonally or diagonally, by
    its value [elements.tourist] [example.tourist]."""
    laid = network.index.cells  # cell -> (tile, feature), as in `along`
    vp = 0
    for c in track.near:
        hit = laid.get(c)
        if hit is not None and hit[1].startswith("landmark"):
            vp += int(hit[1][-1])
    return vp


def finished_vp(track: Track, doubled: bool) -> int:
    """A finished track by its length and stations, doubled by a Mailbag [scoring.finished-table]
    [scoring.mailbag] [example.mailbag]; a one-tile track is shorter than the table
    [ruling.one-tile-track]. Three station kinds, the Railhead a kind of its own
    [ruling.station-kinds]."""
    if not track.finished:
        return 0
    return length_vp(track.tiles, track.identical, doubled)


def length_vp(tiles: int, identical: bool, doubled: bool) -> int:
    """What a finished track of `tiles` tiles scores by the table [scoring.finished-table]."""
    if tiles < 2:
        return 0
    return FINISHED_VP[identical][min((tiles - 2) // 2, 3)] * (2 if doubled else 1)


def train_tokens(seat: Seat) -> int:
    """Money tokens next to a track carrying a Train, each counted once [scoring.trains]."""
    near: set[Cell] = set()
    for track in seat.network.tracks:
        if "train" in seat.on(track):
            near |= track.near
    return sum(1 for c in seat.money if c in near)


def train_vp(tokens: int) -> int:
    return next(vp for least, vp in TRAIN_VP if tokens >= least)


def longest(seat: Seat) -> int:
    return seat.network.longest


def objective_met(seat: Seat, card: str) -> bool:
    """Whether `seat` meets objective `card` now [ruling.objectives]."""
    found = OBJECTIVES.get(card)
    if found is None:
        return False
    tracks = seat.network.tracks
    finished = [t for t in tracks if t.finished]
    kind = found.kind
    if kind == "finished_length":
        return any(t.tiles >= found.param("tiles") for t in finished)
    if kind == "finished_count":
        return len(finished) >= found.param("count")
    if kind == "identical_count":
        return sum(t.identical for t in finished) >= found.param("count")
    if kind == "all_commuters":
        return any(all(c in on for c in COMMUTERS) for on in map(seat.on, tracks))
    if kind == "tourist_count":
        return sum("tourist" in seat.on(t) for t in tracks) >= found.param("count")
    if kind == "money_left":
        return len(seat.money) >= found.param("count")
    if kind == "district_count":
        cells = [f for _, f in seat.network.index.cells.values()]  # each laid cell's feature
        mixed = cells.count("mixed")
        return max(cells.count(c) for c in ("grey", "yellow", "green")) + mixed >= found.param("count")
    if kind == "landmark_value":
        return sum(int(f[-1]) for _, f in seat.network.index.cells.values()
                   if f.startswith("landmark")) >= found.param("value")
    if kind == "track_length":
        return longest(seat) >= found.param("tiles")
    raise ValueError(f"objective {card} has a condition the engine does not know: {kind}")


class StateLike(Protocol):
    """What final scoring (`scoring.py`) reads of a `State`: scoring sits below `state.py`, which
    imports it, so it names this instead of importing `State` (imports go one way). `State` has
    all of it; mypy checks so wherever one is passed."""

    @property
    def config(self) -> Config: ...
    @property
    def players(self) -> int: ...

    def seat(self, p: int) -> Seat: ...

    def distance(self, p: int) -> int: ...

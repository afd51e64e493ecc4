"""The pieces of an Isle of Trains table: loads, cars, player areas, tickets.

All immutable. A turn's sub-decisions (pay for a build, discard after a draw, a bonus action,
the parts of a delivery) are the core's decision frames (`sandbox.core.decision.Frame`) on a
stack: plain data, so a game in the middle of a decision saves, loads and undoes like any other.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from sandbox.core.decision import Frame
from sandbox.core.frozen import made
from sandbox.isle_of_trains.components import card_name, card_types

if TYPE_CHECKING:
    from sandbox.core.errors import Violation
    from sandbox.isle_of_trains.config import Config

CARDS = card_types()


def car_of(card: str, loads: tuple[Load, ...]) -> Car:
    """`Car(card, loads)`, made directly (see `frame_of`): a load on or off a car is the
    commonest change to a train."""
    return made(Car, {"card": card, "loads": loads})


CACHE_LIMIT = 2_000
"""Entries each cache holds before it starts again. Kept small: every entry is objects the
cycle collector walks on each full collection, and at 100,000 entries a long run of random
games played through `match.play` slowed by a fifth as the caches filled (greedy games hit
no more often with the larger cache)."""

_FRAMES: dict[tuple[Any, ...], Frame] = {}


def distinct(held: tuple[str, ...], known: Container[str]) -> list[str]:
    """The different entries of a hand or a supply that are in `known`, in order: both are kept
    sorted, so copies sit side by side (a card hidden in a view is in no table)."""
    out = []
    last = None
    for x in held:
        if x != last:
            last = x
            if x in known:
                out.append(x)
    return out


def make_frame(kind: str, player: int, **data: Any) -> Frame:
    """`Frame.make`, shared: the small frames a turn pushes again and again (draw 2 for P3, pay 4
    for the H2) are made once. Frames are immutable, so sharing them changes nothing."""
    key = (kind, player, *data.items())
    found = _FRAMES.get(key)
    if found is None:
        if len(_FRAMES) >= CACHE_LIMIT:
            _FRAMES.clear()
        found = _FRAMES[key] = Frame.make(kind, player, **data)
    return found


@dataclass(frozen=True, order=True)
class Load:
    """Cargo or a passenger on a car. Cargo is a train card (its id) that counts as `kind`;
    a passenger has `kind` "passenger" and its destination."""

    kind: str  # coal, oil, box, passenger
    card: str = ""  # the train card loaded as cargo
    dest: str = ""  # the passenger's destination
    face_down: bool = False
    by: int = 0  # who loaded a face-down card: the one player who knows what it is

    def __str__(self) -> str:
        from sandbox.isle_of_trains.actions import place  # actions reads this module

        if self.kind == "passenger":
            return f"a passenger for {place(self.dest)}"
        return f"{self.kind} ({card_name(self.card)}{', face down' if self.face_down else ''})"


@dataclass(frozen=True)
class Car:
    card: str  # the card type id
    loads: tuple[Load, ...] = ()


def capacity(train: tuple[Car, ...]) -> int:
    """Engine capacity: the engine's green gauges plus Caboose 6's [build.engine-capacity]
    [caboose.6]."""
    return sum(CARDS[c.card].capacity for c in train)


def weight(train: tuple[Car, ...]) -> int:
    """Every other car's red gauges [build.weight]."""
    return sum(CARDS[c.card].weight for c in train)


@dataclass(frozen=True)
class Held:
    """An island card a player took. side None: beside the engine (primary done, secondary
    open); 0 or 1: flipped and tucked, showing that secondary contract's total."""

    island: str
    side: int | None = None


@dataclass(frozen=True)
class Player:
    hand: tuple[str, ...] = ()  # card ids, sorted
    train: tuple[Car, ...] = ()  # the engine first, then cars left to right
    buildings: tuple[str, ...] = ()
    supply: tuple[str, ...] = ()  # passengers beside the engine (their destinations), sorted
    islands: tuple[Held, ...] = ()
    tokens: int = 0  # VP tokens, unlimited, kept as a number [setup.vp-tokens] [components.vp-tokens]
    delivered: tuple[str, ...] = ()  # destinations of passengers delivered to ticket tiles
    progress_train: bool = False

    @property
    def island_beside_engine(self) -> Held | None:
        for held in self.islands:
            if held.side is None:
                return held
        return None


@dataclass(frozen=True)
class Ticket:
    destination: str
    tile: int  # the ticket tile's id
    filled: tuple[str, ...] = ()  # passengers placed, left to right


class StateLike(Protocol):
    """What the rule helpers (`delivery`, `loading`, `scoring`, `solo`) read of a `State`: they
    sit below `state.py`, which imports them, so they name this instead of importing `State`
    (imports go one way). `State` has all of it; mypy checks so wherever one is passed."""

    @property
    def config(self) -> Config: ...
    @property
    def players(self) -> tuple[Player, ...]: ...
    @property
    def discard(self) -> tuple[str, ...]: ...
    @property
    def bag(self) -> tuple[str, ...]: ...
    @property
    def islands(self) -> tuple[str, ...]: ...
    @property
    def tickets(self) -> tuple[Ticket, ...]: ...
    @property
    def progress(self) -> int: ...
    @property
    def current(self) -> int: ...
    @property
    def stack(self) -> tuple[Frame, ...]: ...
    @property
    def ending(self) -> str: ...
    @property
    def end_space(self) -> int: ...
    @property
    def memo(self) -> dict[Any, Any]: ...

    def player(self, p: int) -> Player: ...

    def destinations(self) -> tuple[str, ...]: ...

    def scores(self, viewer: int | None = None) -> dict[int, int]: ...

    def breakdown(self, player: int) -> tuple[tuple[str, int], ...]: ...

    def _with_player(self, p: int, **changes: Any) -> tuple[Player, ...]: ...

    def _in_hand(self, p: int, card: str, rule: str) -> list[Violation]: ...


S = TypeVar("S", bound=StateLike)
"""A state a rule helper hands back changed: the caller's own type (a `State` for `state.py`)."""

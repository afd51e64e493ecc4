"""The pieces of an Isle of Trains table: loads, cars, player areas, tickets, pending frames.

All immutable. A turn's sub-decisions (pay for a build, discard after a draw, a bonus action,
the parts of a delivery) are `Frame`s on a stack: plain data, so a game in the middle of a
decision saves, loads and undoes like any other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
        if self.kind == "passenger":
            return f"passenger to {self.dest}"
        return f"{self.kind} ({self.card}{', face down' if self.face_down else ''})"


@dataclass(frozen=True)
class Car:
    card: str  # the card type id
    loads: tuple[Load, ...] = ()


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
        return next((h for h in self.islands if h.side is None), None)


@dataclass(frozen=True)
class Ticket:
    destination: str
    tile: int  # the ticket tile's id
    filled: tuple[str, ...] = ()  # passengers placed, left to right


@dataclass(frozen=True)
class Frame:
    """A pending sub-decision: its kind, who decides, and a small immutable payload."""

    kind: str
    player: int
    data: tuple[tuple[str, Any], ...] = field(default=())

    def get(self, key: str, default: Any = None) -> Any:
        return next((v for k, v in self.data if k == key), default)

    def with_(self, **changes: Any) -> Frame:
        data = dict(self.data)
        data.update(changes)
        return Frame(self.kind, self.player, tuple(sorted(data.items())))

    @classmethod
    def make(cls, kind: str, player: int, **data: Any) -> Frame:
        return cls(kind, player, tuple(sorted(data.items())))

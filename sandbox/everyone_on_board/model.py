"""The pieces of an Everyone On Board‽ table: trains, tracks, the trains that left, the scores.

Plain immutable data, below the rules (`state`) and the helpers that read a table (`legal`,
`draw`), so those import it one way; `state` re-exports every name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from sandbox.everyone_on_board.cards import Card


class Train(NamedTuple):
    """A train at the station: its Ticket Collector, who controls it, the Passengers aboard.
    (Tracks and trains are small tuples: every Move builds one or two.)"""

    collector: Card
    controller: int
    aboard: tuple[Card, ...] = ()

    @property
    def value(self) -> int:
        """Passengers score their face value when the train leaves [passenger.score]."""
        return sum(c.rank for c in self.aboard)


class Track(NamedTuple):
    """A track: the Passengers waiting on its platform (sorted) and the train on it, if any."""

    platform: tuple[Card, ...] = ()
    train: Train | None = None


@dataclass(frozen=True)
class Departure:
    track: int
    controller: int
    collector: Card
    passengers: tuple[Card, ...]
    points: int

    @property
    def label(self) -> str:
        if self.track == 0:  # written into a position (see position.py), details unknown
            return "a train that left before this position"
        aboard = "+".join(str(c.rank) for c in self.passengers) or "empty"
        return f"train {self.collector} on track {self.track}: {aboard}"


class Scores(tuple[int, ...]):
    """The points each seat has banked, in seat order: a tuple (`state.scores == (11, 0)`,
    `state.scores[0]`). Called, it is the core's live-score hook: `state.scores(viewer)` is
    {player: points}, the same from every seat (the trains that left are public)."""

    __slots__ = ()

    def __call__(self, viewer: int | None = None) -> dict[int, int]:
        return dict(enumerate(self, 1))

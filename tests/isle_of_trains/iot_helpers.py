"""Set up Isle of Trains positions directly, for rule tests."""

from __future__ import annotations

from dataclasses import replace

from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains.actions import CODE
from sandbox.isle_of_trains.config import Config
from sandbox.isle_of_trains.model import Car, Load, Player, Ticket
from sandbox.isle_of_trains.state import State


def car(card: str, *loads: str) -> Car:
    """car("H2", "coal:H1") — loads written kind:card or passenger:DEST."""
    out = []
    for spec in loads:
        kind, what = spec.split(":")
        out.append(Load("passenger", dest=what) if kind == "passenger" else Load(kind, card=what))
    return Car(card, tuple(out))


def table(players: list[Player], *, tiles: dict[str, int] | None = None, current: int = 1,
          **changes) -> State:
    """A table after setup with these players; the unused cards form the deck, the unused
    passengers the bag. Ticket tiles default to 1-6 in destination order."""
    config = Config.make(len(players))
    deck = list(data.deck())
    bag = [CODE[n] for n in data.passengers()]
    for pl in players:
        for c in [*pl.hand, *pl.buildings, *(x.card for x in pl.train),
                  *(ld.card for x in pl.train for ld in x.loads if ld.card)]:
            deck.remove(c)
        for d in [*pl.supply, *(ld.dest for x in pl.train for ld in x.loads if ld.dest)]:
            bag.remove(d)
    for c in changes.get("display", ()):
        if c:
            deck.remove(c)
    tiles = tiles or {}
    tickets = tuple(Ticket(CODE[d.name], tiles.get(CODE[d.name], i))
                    for i, d in enumerate(data.destinations(), 1))
    state = State(config, tuple(players), tuple(sorted(deck)), (), ("", "", ""), tuple(sorted(bag)),
                  tuple(i.name for i in data.islands(len(players))), tickets, turn=1, current=current)
    return replace(state, **changes)


def hand(text: str) -> tuple[str, ...]:
    return tuple(sorted(text.split()))

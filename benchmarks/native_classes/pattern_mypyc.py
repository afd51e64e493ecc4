"""The same turn for mypyc: typed classes with declared fields (mypyc makes them native, with
no `__dict__`), each copy made field by field. Plain dataclasses, not frozen ones: mypyc builds
a frozen dataclass's guarded `__init__`, and the turn then costs more than the `__dict__` pattern."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Take:
    item: str


@dataclass
class Frame:
    kind: str
    player: int


@dataclass
class Seat:
    vp: int
    money: tuple[str, ...]
    held: tuple[str, ...]


@dataclass
class State:
    round: int
    current: int
    starter: int
    phase: str
    frames: tuple[Frame, ...]
    seats: tuple[Seat, ...]
    offer: tuple[str, ...]
    supply: tuple[str, ...]
    bag: tuple[str, ...]
    played: tuple[str, ...]
    boxed: tuple[str, ...]
    money_left: int
    used: tuple[str, ...]
    card: str
    players: int
    _legal: tuple[Take, ...] | None = None

    def copy(self) -> State:
        return State(self.round, self.current, self.starter, self.phase, self.frames, self.seats, self.offer,
                     self.supply, self.bag, self.played, self.boxed, self.money_left, self.used, self.card,
                     self.players)

    def legal_actions(self) -> tuple[Take, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple([Take(item) for item in self.offer])
        return legal


def apply(state: State, action: Take) -> tuple[State, tuple[tuple[object, ...], ...]]:
    top = state.frames[-1]
    p = top.player
    item = action.item
    offer = list(state.offer)
    offer.remove(item)
    seats = list(state.seats)
    seat = seats[p - 1]
    seats[p - 1] = Seat(seat.vp + 1, seat.money, (*seat.held, item))
    events: list[tuple[object, ...]] = [("draft", "P{} drafts {}", "draft.turn", p, (p, item))]
    new = state.copy()
    new.offer, new.seats, new.frames = tuple(offer), tuple(seats), (*state.frames[:-1], Frame("after", p))
    while True:  # settle: end the turn, hand the next seat its turn
        if not new.frames:
            nxt = p % new.players + 1
            new.current, new.used, new.frames = nxt, (), (*new.frames, Frame("turn", nxt))
            continue
        top = new.frames[-1]
        if top.kind == "after" and not new.seats[top.player - 1].money:
            new.frames = new.frames[:-1]
            continue
        return new, tuple(events)


def start(players: int) -> State:
    return State(1, 1, 1, "round", (Frame("turn", 1),), tuple(Seat(0, (), ()) for _ in range(players)),
                 tuple(f"tile{i:02}" for i in range(12)), (), (), (), (), 10, (), "", players)

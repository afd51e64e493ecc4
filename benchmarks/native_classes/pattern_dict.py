"""The engines' pattern today, cut down to one kind of turn (a draft like Traintopia's Take):
frozen dataclasses, the next state a copy of the last one's `__dict__` changed in place
(`core.state.evolve`), actions made without `__init__`, the legal actions kept in `__dict__`
beside the fields, events as tuples. Built by Cython as the engines are (no types read)."""

from __future__ import annotations

from dataclasses import dataclass

_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True)
class Take:
    item: str


@dataclass(frozen=True)
class Frame:
    kind: str
    player: int


@dataclass(frozen=True)
class Seat:
    vp: int
    money: tuple
    held: tuple


@dataclass(frozen=True)
class State:
    round: int
    current: int
    starter: int
    phase: str
    frames: tuple
    seats: tuple
    offer: tuple
    supply: tuple
    bag: tuple
    played: tuple
    boxed: tuple
    money_left: int
    used: tuple
    card: str
    players: int

    def legal_actions(self) -> tuple:
        own = self.__dict__
        legal = own.get("_legal")
        if legal is None:
            legal = own["_legal"] = tuple(map(_take, self.offer))
        return legal


def _take(item: str) -> Take:
    action = _new(Take)
    action.__dict__["item"] = item
    return action


def evolve(state, **changes):
    new = _new(type(state))
    _set(new, "__dict__", state.__dict__.copy())
    new.__dict__.pop("_legal", None)
    new.__dict__.update(changes)
    return new


def apply(state: State, action: Take) -> tuple[State, tuple]:
    top = state.frames[-1]
    p = top.player
    item = action.item
    offer = list(state.offer)
    offer.remove(item)
    seats = list(state.seats)
    seat = seats[p - 1]
    seats[p - 1] = evolve(seat, held=(*seat.held, item), vp=seat.vp + 1)
    events = [("draft", "P{} drafts {}", "draft.turn", p, (p, item))]
    new = evolve(state, offer=tuple(offer), seats=tuple(seats),
                 frames=(*state.frames[:-1], Frame("after", p)))
    while True:  # settle: end the turn, hand the next seat its turn
        top = new.frames[-1] if new.frames else None
        if top is None:
            nxt = p % new.players + 1
            new.__dict__.update(current=nxt, used=(), frames=(*new.frames, Frame("turn", nxt)))
            continue
        if top.kind == "after" and not new.seats[top.player - 1].money:
            new.__dict__["frames"] = new.frames[:-1]
            continue
        return new, tuple(events)


def start(players: int) -> State:
    return State(1, 1, 1, "round", (Frame("turn", 1),), tuple(Seat(0, (), ()) for _ in range(players)),
                 tuple(f"tile{i:02}" for i in range(12)), (), (), (), (), 10, (), "", players)

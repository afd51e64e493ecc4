"""The same turn with Cython extension types: fields declared (in C slots, ints as C ints),
a copy method in place of the `__dict__` copy, the legal actions a declared field. The engines
declare native classes the same way (Traintopia's `Lay`; `sandbox/cython_shadow.py` stands in
for Cython's shadow module where Cython is absent), but states written so need a change of the
state contract: a copy method per class and memos as fields (see `bench_native_classes.py`)."""

from __future__ import annotations

import cython


@cython.cclass
class Take:
    item = cython.declare(str, visibility="readonly")

    def __init__(self, item: str) -> None:
        self.item = item


@cython.cclass
class Frame:
    kind = cython.declare(str, visibility="readonly")
    player = cython.declare(cython.int, visibility="readonly")

    def __init__(self, kind: str, player: cython.int) -> None:
        self.kind = kind
        self.player = player


@cython.cclass
class Seat:
    vp = cython.declare(cython.int, visibility="readonly")
    money = cython.declare(tuple, visibility="readonly")
    held = cython.declare(tuple, visibility="readonly")

    @cython.ccall
    def copy(self) -> Seat:
        new: Seat = Seat.__new__(Seat)
        new.vp, new.money, new.held = self.vp, self.money, self.held
        return new


@cython.cclass
class State:
    round = cython.declare(cython.int, visibility="readonly")
    current = cython.declare(cython.int, visibility="readonly")
    starter = cython.declare(cython.int, visibility="readonly")
    phase = cython.declare(str, visibility="readonly")
    frames = cython.declare(tuple, visibility="readonly")
    seats = cython.declare(tuple, visibility="readonly")
    offer = cython.declare(tuple, visibility="readonly")
    supply = cython.declare(tuple, visibility="readonly")
    bag = cython.declare(tuple, visibility="readonly")
    played = cython.declare(tuple, visibility="readonly")
    boxed = cython.declare(tuple, visibility="readonly")
    money_left = cython.declare(cython.int, visibility="readonly")
    used = cython.declare(tuple, visibility="readonly")
    card = cython.declare(str, visibility="readonly")
    players = cython.declare(cython.int, visibility="readonly")
    _legal = cython.declare(object)

    @cython.ccall
    def copy(self) -> State:
        n: State = State.__new__(State)
        n.round, n.current, n.starter, n.phase = self.round, self.current, self.starter, self.phase
        n.frames, n.seats, n.offer, n.supply = self.frames, self.seats, self.offer, self.supply
        n.bag, n.played, n.boxed, n.money_left = self.bag, self.played, self.boxed, self.money_left
        n.used, n.card, n.players = self.used, self.card, self.players
        return n

    def legal_actions(self) -> tuple:
        if self._legal is None:
            self._legal = tuple([Take(item) for item in self.offer])
        return self._legal


def apply(state: State, action: Take) -> tuple[State, tuple]:
    top: Frame = state.frames[-1]
    p: cython.int = top.player
    item = action.item
    offer = list(state.offer)
    offer.remove(item)
    seats = list(state.seats)
    seat: Seat = seats[p - 1]
    changed: Seat = seat.copy()
    changed.held = (*seat.held, item)
    changed.vp = seat.vp + 1
    seats[p - 1] = changed
    events = [("draft", "P{} drafts {}", "draft.turn", p, (p, item))]
    new: State = state.copy()
    new.offer, new.seats, new.frames = tuple(offer), tuple(seats), (*state.frames[:-1], Frame("after", p))
    while True:  # settle: end the turn, hand the next seat its turn
        if not new.frames:
            nxt: cython.int = p % new.players + 1
            new.current, new.used, new.frames = nxt, (), (*new.frames, Frame("turn", nxt))
            continue
        top = new.frames[-1]
        if top.kind == "after" and not (cython.cast(Seat, new.seats[top.player - 1])).money:
            new.frames = new.frames[:-1]
            continue
        return new, tuple(events)


def start(players: int) -> State:
    s: State = State.__new__(State)
    s.round, s.current, s.starter, s.phase, s.frames = 1, 1, 1, "round", (Frame("turn", 1),)
    seats = []
    for _ in range(players):
        seat: Seat = Seat.__new__(Seat)
        seat.vp, seat.money, seat.held = 0, (), ()
        seats.append(seat)
    s.seats, s.offer = tuple(seats), tuple([f"tile{i:02}" for i in range(12)])
    s.supply, s.bag, s.played, s.boxed, s.money_left = (), (), (), (), 10
    s.used, s.card, s.players = (), "", players
    return s

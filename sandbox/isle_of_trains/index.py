"""What the rules read about a train, worked out once per train.

Trains are immutable and shared: a state copied for the next step keeps every train that did
not change, so a train's numbers (weight, capacity, cabooses, loads, free places) and the legal
builds onto it are worked out once and reused by every later state with the same train. The
index sits beside the player it belongs to and is checked by identity (`index.train is
player.train`), so it can never describe another train.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sandbox.isle_of_trains.actions import BUILDS
from sandbox.isle_of_trains.components import card_types
from sandbox.isle_of_trains.model import CACHE_LIMIT

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
    from sandbox.isle_of_trains.model import Car, Player
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

CARDS = card_types()


BUILDS_BY_TRAIN: dict[tuple[tuple[str, ...], str, int], tuple[Any, ...]] = {}
"""The legal builds by (the train's cards, the card built, the other cards in hand): a build
reads nothing else, so trains that differ only in their loads share them."""
SHAPES: dict[tuple[str, ...], tuple[Any, ...]] = {}
"""What a build reads of a train, by the train's cards."""
BUILDINGS = {cid: (BUILDS[cid, 0, 0],) for cid, t in CARDS.items() if t.category == "building"}
"""A building's one build: it reads nothing of the train, so it needs no entry per train."""


BASES: dict[tuple[str, ...], tuple[Any, ...]] = {}
"""What a train's cards alone say, by the cards (`_base`): a train whose loads change keeps
its cards, so only its loads are counted again."""


def _base(cards: tuple[str, ...]) -> tuple[Any, ...]:
    """Weight, capacity, VP badges, cabooses, whether Caboose 5 is one, and (position, what it
    holds, spaces) of every car that holds something."""
    weight = capacity = vp = 0
    cabooses: list[str] = []
    holders: list[tuple[int, str, int]] = []
    for pos, card in enumerate(cards, 1):
        t = CARDS[card]
        weight += t.weight
        capacity += t.capacity
        vp += t.vp
        if t.category == "caboose":
            cabooses.append(card)
        if t.holds is not None:
            holders.append((pos, t.holds, t.spaces))
    found = frozenset(cabooses)
    return weight, capacity, vp, found, "K5" in found, tuple(holders)


@cython.dataclasses.dataclass(eq=False)
@cython.cclass
class TrainIndex:
    """One train in numbers, made by `indexed` (once per train: `index_of`).

    Compiled, a native class: its fields in C slots, written in C as it is made (a transition
    makes one for every third train that changes, on average), read by the rules as any
    attribute; in plain Python, the dataclass it reads as. Compared by identity, as before."""

    train: tuple[Car, ...]
    cards: tuple[str, ...]  # the card of each car, engine first: all a build reads
    # every car's red gauges [build.weight], green gauges [build.engine-capacity] [caboose.6],
    # VP badges [score.cars]; the cabooses, each one of a kind; Caboose 5 [caboose.5]
    weight: int
    capacity: int
    vp: int
    cabooses: frozenset[str]
    k5: bool
    cargo: tuple[str, ...]  # the kinds of the cargo loaded, car by car
    passengers: int  # passengers loaded
    loads: int  # everything loaded
    seats: int  # passengers the coaches can still seat
    free: tuple[tuple[int, str], ...]  # (position, what it holds) of every car with a free space
    _shape: tuple[Any, ...] | None = None
    # the loads into each free place, for the seat the train is at (`loading.places`)
    places: tuple[int, tuple[Any, ...]] | None = None

    def shape(self) -> tuple[Any, ...]:
        """What a build reads (made when first asked): the cars by category with their position
        and the numbers an upgrade compares (level, cost, weight, capacity), and the cars that
        may be dropped to make weight (never the engine) [build.drop-car] with the weight each
        frees beyond its capacity and whether it is Caboose 5. Numbers only, not the cards
        themselves: the cycle collector then stops walking an entry after its first collection
        (thousands of them, walked again at every full collection, slowed every match played
        later by a tenth)."""
        if self._shape is None:
            self._shape = SHAPES.get(self.cards)
            if self._shape is None:
                by_category: dict[str, list[tuple[int, int, int, int, int]]] = {}
                drops = []
                for pos, card in enumerate(self.cards, 1):
                    t = CARDS[card]
                    by_category.setdefault(t.category, []).append(
                        (pos, t.level or 0, t.cost, t.weight, t.capacity))
                    if pos >= 2:
                        drops.append((pos, t.weight - t.capacity, t.id == "K5"))
                if len(SHAPES) >= CACHE_LIMIT:
                    SHAPES.clear()
                shape = ({k: tuple(v) for k, v in by_category.items()}, tuple(drops))
                self._shape = SHAPES[self.cards] = shape
        return self._shape

    def legal_builds(self, card: str, payable: int) -> tuple[Any, ...]:
        """The legal Builds of `card` onto this train with `payable` other cards in hand, in the
        order the chooser lists them (extend, each drop, then each upgrade and its drops).
        Every number a build compares with the cards left to pay is at most the card's cost, so
        a hand that can pay it all is one key, whatever its size."""
        t = CARDS[card]
        cost = t.cost
        if t.category == "building":  # pays its cost only, whatever the train [build.building-cost-only]
            return BUILDINGS[card] if cost <= payable else ()
        key = (self.cards, card, payable if payable < cost else cost)
        found = BUILDS_BY_TRAIN.get(key)
        if found is None:
            if len(BUILDS_BY_TRAIN) >= CACHE_LIMIT:
                BUILDS_BY_TRAIN.clear()
            found = BUILDS_BY_TRAIN[key] = tuple(self._builds(card, key[2]))
        return found

    def _builds(self, card: str, payable: int) -> list[Any]:
        t = CARDS[card]
        category, cost = t.category, t.cost
        out = []
        by_category, drops = self.shape()
        if category != "engine":  # extend; a train has one engine [build.one-engine]
            over = self.weight + t.weight - self.capacity - t.capacity  # [build.capacity]
            k5 = self.k5  # 1 less to extend with Caboose 5 [caboose.5] [ruling.caboose-5]
            if over <= 0 and max(0, cost - k5) <= payable:
                out.append(BUILDS[card, 0, 0])
            for pos, frees, is_k5 in drops:
                if frees >= over and max(0, cost - (k5 and not is_k5)) <= payable:
                    out.append(BUILDS[card, 0, pos])
            if category == "caboose":  # [build.no-upgrade-caboose-building]
                return out
        level = t.level or 0
        for up, old_level, old_cost, old_weight, old_capacity in by_category.get(category, ()):
            # a higher level only, skipping allowed [ruling.upgrade-higher] [build.skip-level]
            if level <= old_level:
                continue
            difference = cost - old_cost  # [build.upgrade-cost]
            if difference < 0 or difference > payable:
                continue
            over = self.weight - old_weight + t.weight - (self.capacity - old_capacity + t.capacity)
            if over <= 0:
                out.append(BUILDS[card, up, 0])
            for pos, frees, _ in drops:
                if pos != up and frees >= over:
                    out.append(BUILDS[card, up, pos])
        return out


@cython.ccall
@cython.locals(index=TrainIndex, passengers=cython.Py_ssize_t, loads=cython.Py_ssize_t,
               seats=cython.Py_ssize_t, pos=cython.Py_ssize_t, spaces=cython.Py_ssize_t, cargo=list,
               free=list)
def indexed(train: tuple[Car, ...]) -> TrainIndex:
    """The index of `train`: what its cards say (`_base`, kept by the cards), then its loads."""
    cards = tuple([car.card for car in train])
    base = BASES.get(cards)
    if base is None:
        if len(BASES) >= CACHE_LIMIT:
            BASES.clear()
        base = BASES[cards] = _base(cards)
    index = TrainIndex.__new__(TrainIndex)
    index.train, index.cards = train, cards
    index.weight, index.capacity, index.vp, index.cabooses, index.k5, holders = base
    passengers = loads = seats = 0
    cargo = []
    free = []
    for pos, holds, spaces in holders:  # only a car that holds something is loaded [load.space]
        held = train[pos - 1].loads
        if spaces > len(held):
            free.append((pos, holds))
            if holds == "passenger":
                seats += spaces - len(held)
        if held:
            for ld in held:
                loads += 1
                if ld.kind == "passenger":
                    passengers += 1
                else:
                    cargo.append(ld.kind)
    index.cargo, index.free = tuple(cargo), tuple(free)
    index.passengers, index.loads, index.seats = passengers, loads, seats
    index._shape = index.places = None
    return index


@cython.locals(own=dict, index=TrainIndex)
def index_of(player: Player) -> TrainIndex:
    """The index of `player`'s train (made once per train)."""
    own = player.__dict__
    index = own.get("_index")
    if index is None or index.train is not player.train:
        index = own["_index"] = indexed(player.train)
    return index

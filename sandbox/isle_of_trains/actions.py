"""Actions of Isle of Trains: All Aboard and their short notation.

Cards are named by their type id (E1 engine, C2 coach, H3 hopper, T1 tanker, X2 boxcar,
K1..K10 cabooses, BANK, GRAND, ...): copies are interchangeable. Places on a train are
`P2.3`: player 2's third card from the left (the engine is 1). Destinations by code: AL, BI,
CE, CM, DC, FB (and RS, the Research Station island).

    take 2 | take deck | take passenger
    build C3 | build C3 up 2 | build X1 drop 4 | build BANK
    pay C1 | discard C1 | skip | done
    load H1 P2.3 | load H1 P2.3 down | load BI P1.1   (a passenger bound for Billington's)
    deliver BI, then: primary | secondary 1 | use 3 | ticket 3 | special 3 | done
    a passenger is named by its destination where a car carries several:
        special 2 DC | ticket9 2 DC | ticket10 2 AL | use 2 DC (Caboose 7)
    a building to discard (which one a new building replaces, or Caboose 4 gone): discard GRAND
    solo, at any time: return C1   (the top card of the discard pile back on top of the deck)
    chance: draw C1 | passenger BI | tile 4
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sandbox.core.errors import InvalidNotation, quote
from sandbox.isle_of_trains.components import card_name as card

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

DESTINATIONS = {
    "AL": "Alpine Lodge",
    "BI": "Billington's",
    "CE": "Camp Eagle",
    "CM": "Cactus Mines",
    "DC": "Devon City",
    "FB": "Flint Beach",
    "RS": "Research Station",
}
CODE = {name: code for code, name in DESTINATIONS.items()}


def place(code: object) -> str:
    """A destination's name from its code (the code itself, as text, if it is none)."""
    return DESTINATIONS.get(code, str(code)) if isinstance(code, str) else str(code)


@dataclass(frozen=True, order=True)
class Spot:
    """A card in a player's train: player (from 1) and position (from 1, the engine)."""

    player: int
    pos: int

    @property
    def notation(self) -> str:
        return f"P{self.player}.{self.pos}"

    def __str__(self) -> str:
        return f"P{self.player}'s card {self.pos}"


@dataclass(frozen=True, order=True)
class Take:
    source: str  # "1", "2", "3" (a display slot), "deck" or "passenger"

    @property
    def notation(self) -> str:
        return f"take {self.source}"

    def targets(self) -> tuple[str, ...]:
        source = str(self.source)
        return (f"display:{source}" if source.isdigit() else source,)

    def __str__(self) -> str:
        source = str(self.source)
        if source.isdigit():
            return f"Take the card in display slot {source}"
        return {"deck": "Take the top card of the train deck",
                "passenger": "Take a passenger from the bag"}.get(source, f"Take from {quote(self.source)}")


@dataclass(frozen=True, order=True)
class Build:
    card: str
    up: int = 0  # position of the car upgraded (0: extend, or a building)
    drop: int = 0  # position of a car discarded first to make weight (0: none)

    @property
    def notation(self) -> str:
        out = f"build {self.card}"
        if self.up:
            out += f" up {self.up}"
        if self.drop:
            out += f" drop {self.drop}"
        return out

    def targets(self) -> tuple[str, ...]:
        return (f"card:{self.card}",) + ((f"car:{self.up}",) if self.up else ("train-end",))

    def __str__(self) -> str:
        how = f"upgrading card {self.up}" if self.up else "extending"
        drop = f", discarding card {self.drop} first" if self.drop else ""
        return f"Build {card(self.card)} ({how}{drop})"


@dataclass(frozen=True, order=True)
class Pay:
    """One card from the hand to the discard pile, paying for a build [build.pay]."""

    card: str

    @property
    def notation(self) -> str:
        return f"pay {self.card}"

    def targets(self) -> tuple[str, ...]:
        return (f"card:{self.card}",)

    def __str__(self) -> str:
        return f"Pay with {card(self.card)}"


@dataclass(frozen=True, order=True)
class Discard:
    """One card to the discard pile: from the hand (a benefit's discard, the hand limit, the extra
    card of a face-down load) or, when the decision is which building goes, a building."""

    card: str

    @property
    def notation(self) -> str:
        return f"discard {self.card}"

    def targets(self) -> tuple[str, ...]:
        return (f"card:{self.card}",)

    def __str__(self) -> str:
        return f"Discard {card(self.card)}"


@dataclass(frozen=True, order=True)
class LoadCard:
    card: str
    into: Spot
    face_down: bool = False

    @property
    def notation(self) -> str:
        return f"load {self.card} {self.into.notation}" + (" down" if self.face_down else "")

    def targets(self) -> tuple[str, ...]:
        return (f"card:{self.card}", f"car:{self.into.notation}")

    def __str__(self) -> str:
        down = " face down, as any cargo" if self.face_down else ""
        return f"Load {card(self.card)} into {self.into}{down}"


@dataclass(frozen=True, order=True)
class LoadPassenger:
    dest: str  # destination code
    into: Spot

    @property
    def notation(self) -> str:
        return f"load {self.dest} {self.into.notation}"

    def targets(self) -> tuple[str, ...]:
        return (f"passenger:{self.dest}", f"car:{self.into.notation}")

    def __str__(self) -> str:
        return f"Load a passenger for {place(self.dest)} into {self.into}"


@dataclass(frozen=True, order=True)
class Deliver:
    dest: str

    @property
    def notation(self) -> str:
        return f"deliver {self.dest}"

    def targets(self) -> tuple[str, ...]:
        return (f"destination:{self.dest}",)

    def __str__(self) -> str:
        return f"Deliver to {place(self.dest)}"


@dataclass(frozen=True, order=True)
class Part:
    """A part of a delivery: primary, secondary K (the island's contract K), use N (a load from car
    N for the contract being paid), ticket N (a matching passenger on car N to the ticket tile),
    ticket9 N / ticket10 N (Cabooses 9 and 10), special N (a load of car N, for 2 cards).

    `dest` names which passenger of car N goes (by its destination): given for every part that
    moves a passenger the player chooses (special, ticket9, ticket10, and use through Caboose 7);
    cargo in one car is interchangeable (it counts only as the car's type), so it needs none."""

    kind: str
    pos: int = 0
    dest: str = ""

    @property
    def notation(self) -> str:
        out = f"{self.kind} {self.pos}" if self.pos else str(self.kind)
        return f"{out} {self.dest}" if self.dest else out

    def targets(self) -> tuple[str, ...]:
        return (f"car:{self.pos}",) if self.pos else (str(self.kind),)

    def __str__(self) -> str:
        fixed = {"primary": "Deliver to the primary contract", "done": "Finish the delivery",
                 "skip": "Skip the bonus action"}
        kind = self.kind if isinstance(self.kind, str) else ""  # a malformed object still prints
        if kind in fixed and not self.pos:
            return fixed[kind]
        car = f"card {self.pos}"
        who = f"the passenger for {place(self.dest)} on {car}" if self.dest else ""
        text = {
            "secondary": f"Deliver to secondary contract {self.pos}",
            "use": f"Pay with {who} as any cargo (Caboose 7)" if who else f"Pay with cargo from {car}",
            "ticket": f"Deliver a passenger on {car} to the ticket tile",
            "ticket9": f"Deliver {who or 'a passenger on ' + car} to its own ticket tile (Caboose 9)",
            "ticket10": f"Deliver {who or 'a passenger on ' + car} to this ticket tile (Caboose 10)",
            "special": f"Special delivery of {who or 'a load on ' + car}",
        }.get(kind)
        return text or f"{str(self.kind).capitalize()} {self.pos}"


@dataclass(frozen=True, order=True)
class Draw:
    """Chance: the card that comes off the train deck."""

    card: str

    @property
    def notation(self) -> str:
        return f"draw {self.card}"

    def targets(self) -> tuple[str, ...]:
        return ("deck",)

    def __str__(self) -> str:
        return f"Draw {card(self.card)}"


@dataclass(frozen=True, order=True)
class DrawPassenger:
    """Chance: the passenger that comes out of the bag."""

    dest: str

    @property
    def notation(self) -> str:
        return f"passenger {self.dest}"

    def targets(self) -> tuple[str, ...]:
        return ("bag",)

    def __str__(self) -> str:
        return f"Draw a passenger for {place(self.dest)}"


@dataclass(frozen=True, order=True)
class PlaceTile:
    """Chance, at setup: the ticket tile placed under the next destination."""

    tile: int

    @property
    def notation(self) -> str:
        return f"tile {self.tile}"

    def targets(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return f"Ticket tile {self.tile}"


@dataclass(frozen=True, order=True)
class Return:
    """Solo, at any time: the top card of the discard pile goes back on top of the train deck,
    for VP tokens."""

    card: str

    @property
    def notation(self) -> str:
        return f"return {self.card}"

    def targets(self) -> tuple[str, ...]:
        return ("discard",)

    def __str__(self) -> str:
        return f"Return {card(self.card)} from the discard pile to the top of the train deck"


Action = (
    Take
    | Build
    | Pay
    | Discard
    | LoadCard
    | LoadPassenger
    | Deliver
    | Part
    | Draw
    | DrawPassenger
    | PlaceTile
    | Return
)

_SPOT = re.compile(r"^P(\d+)\.(\d+)$", re.IGNORECASE)
_NUMBER = re.compile(r"^\d{1,4}$")
PARTS_WITH_PASSENGER = ("use", "ticket9", "ticket10", "special")
HELP = ("write e.g. 'take deck', 'build C3 up 2', 'pay C1', 'load H1 P2.3', 'deliver BI', "
        "'primary', 'use 3', 'special 2 DC', 'done'")


def _spot(text: str) -> Spot:
    m = _SPOT.match(text)
    if not m or len(text) > 12:
        raise InvalidNotation(text, f"{quote(text)} is not a place on a train: write P2.3 (player 2, card 3)")
    return Spot(int(m.group(1)), int(m.group(2)))


def _number(text: str) -> int:
    if not _NUMBER.match(text):
        raise ValueError(text)
    return int(text)


def parse(text: str) -> Action:
    """Read an action's notation (see the module docstring). Linear in the text's length."""
    if not isinstance(text, str):
        raise InvalidNotation(text, f"{quote(text)} is not an action: an action is written as text, "
                                    "like 'take deck'")
    words = text.split()
    if not words:
        raise InvalidNotation(text, f"{quote(text)} is an empty action: {HELP}")
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb == "take" and len(rest) == 1 and rest[0].lower() in ("1", "2", "3", "deck", "passenger"):
            return Take(rest[0].lower())
        if verb == "build" and rest and len(rest) % 2 == 1:
            card, numbers = rest[0].upper(), {"up": 0, "drop": 0}
            pairs = iter(rest[1:])
            for key, value in zip(pairs, pairs):  # each option once: 'build C3 up 2 drop 4'
                key = key.lower()
                if key not in numbers or numbers[key]:
                    raise ValueError(key)
                numbers[key] = _number(value)
            return Build(card, numbers["up"], numbers["drop"])
        if verb == "return" and len(rest) == 1:
            return Return(rest[0].upper())
        if verb in ("pay", "discard", "draw") and len(rest) == 1:
            card = rest[0].upper()
            return Pay(card) if verb == "pay" else Discard(card) if verb == "discard" else Draw(card)
        if verb == "load" and len(rest) in (2, 3):
            what, spot = rest[0].upper(), _spot(rest[1])
            down = len(rest) == 3 and rest[2].lower() == "down"
            if len(rest) == 3 and not down:
                raise ValueError(rest[2])
            if what in DESTINATIONS and not down:
                return LoadPassenger(what, spot)
            return LoadCard(what, spot, down)
        if verb in ("deliver", "passenger") and len(rest) == 1 and rest[0].upper() in DESTINATIONS:
            return (Deliver if verb == "deliver" else DrawPassenger)(rest[0].upper())
        if verb == "tile" and len(rest) == 1:
            return PlaceTile(_number(rest[0]))
        if verb in ("primary", "done", "skip") and not rest:
            return Part(verb)
        if verb in ("secondary", "use", "ticket", "ticket9", "ticket10", "special") and len(rest) in (1, 2):
            dest = rest[1].upper() if len(rest) == 2 else ""
            if dest and (verb not in PARTS_WITH_PASSENGER or dest not in DESTINATIONS):
                raise ValueError(dest)
            return Part(verb, _number(rest[0]), dest)
    except InvalidNotation:
        raise
    except (ValueError, IndexError):
        pass
    raise InvalidNotation(text, f"{quote(text)} is not an action: {HELP}")


# --- interned actions ------------------------------------------------------------------------------
# The fast path hands out one shared object per action (the same `Build("C3", 2)` every time), so
# generating the legal actions builds no dataclass, and `apply` finds them by identity.

@cython.cclass
class Interned(dict):  # the type itself, not dict[Any, Any]: a native class subclasses it
    """Objects made once, when first asked for, by `make(*key)` (or `make(key)`): actions by
    their fields (`BUILDS["C3", 2, 0]`), and a few texts an event repeats.

    Compiled, a native subclass of dict: `BUILDS[key]` then runs dict's own lookup in C. A
    subclass made by a class statement looks up `dict.__getitem__` as a method at every `[]`
    (CPython fills the slot of a heap type so), which cost Isle of Trains' state loop about 60
    instructions a lookup, 29 lookups a transition."""

    make: Any

    def __init__(self, make: Any) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        made = self[key] = self.make(*key) if isinstance(key, tuple) else self.make(key)
        return made


TAKES = Interned(Take)
BUILDS = Interned(Build)  # (card, up, drop)
PAYS = Interned(Pay)
DISCARDS = Interned(Discard)
LOAD_CARDS = Interned(LoadCard)  # (card, Spot, face_down)
LOAD_PASSENGERS = Interned(LoadPassenger)  # (dest, Spot)
SPOTS = Interned(Spot)  # (player, pos)
DELIVERS = Interned(Deliver)
PARTS = Interned(Part)  # (kind, pos, dest)
DRAWS = Interned(Draw)
DRAW_PASSENGERS = Interned(DrawPassenger)
TILES = Interned(PlaceTile)
RETURNS = Interned(Return)
SKIP = PARTS["skip", 0, ""]
DONE = PARTS["done", 0, ""]

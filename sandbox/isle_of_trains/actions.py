"""Actions of Isle of Trains: All Aboard and their short notation.

Cards are named by their type id (E1 engine, C2 coach, H3 hopper, T1 tanker, X2 boxcar,
K1..K10 cabooses, BANK, GRAND, ...): copies are interchangeable. Places on a train are
`P2.3`: player 2's third card from the left (the engine is 1). Destinations by code: AL, BI,
CE, CM, DC, FB (and RS, the Research Station island).

    take 2 | take deck | take passenger
    build C3 | build C3 up 2 | build X1 drop 4 | build BANK
    pay C1 | discard C1 | skip | done
    load H1 P2.3 | load H1 P2.3 down | load BI P1.1   (a passenger bound for Billington's)
    deliver BI, then: primary | secondary 1 | use 3 | ticket 3 | special 3
    chance: draw C1 | passenger BI | tile 4
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sandbox.core.errors import InvalidNotation

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
        return (f"display:{self.source}" if self.source.isdigit() else self.source,)

    def __str__(self) -> str:
        if self.source.isdigit():
            return f"Take the card in display slot {self.source}"
        return (
            "Take the top card of the train deck"
            if self.source == "deck"
            else "Take a passenger from the bag"
        )


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
        return f"Build {self.card} ({how}{drop})"


@dataclass(frozen=True, order=True)
class Pay:
    """One card discarded from the hand: to pay a cost, or as the extra card of a face-down load."""

    card: str

    @property
    def notation(self) -> str:
        return f"pay {self.card}"

    def targets(self) -> tuple[str, ...]:
        return (f"card:{self.card}",)

    def __str__(self) -> str:
        return f"Pay with {self.card}"


@dataclass(frozen=True, order=True)
class Discard:
    card: str

    @property
    def notation(self) -> str:
        return f"discard {self.card}"

    def targets(self) -> tuple[str, ...]:
        return (f"card:{self.card}",)

    def __str__(self) -> str:
        return f"Discard {self.card}"


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
        return f"Load {self.card} into {self.into}" + (" face down, as any cargo" if self.face_down else "")


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
        return f"Load a passenger for {DESTINATIONS[self.dest]} into {self.into}"


@dataclass(frozen=True, order=True)
class Deliver:
    dest: str

    @property
    def notation(self) -> str:
        return f"deliver {self.dest}"

    def targets(self) -> tuple[str, ...]:
        return (f"destination:{self.dest}",)

    def __str__(self) -> str:
        return f"Deliver to {DESTINATIONS[self.dest]}"


@dataclass(frozen=True, order=True)
class Part:
    """A part of a delivery: primary, secondary 1/2, use N (a load from car N for the contract
    being paid), ticket N (the passenger on car N to the ticket tile), special N (the last load
    of car N, for 2 cards)."""

    kind: str
    pos: int = 0

    @property
    def notation(self) -> str:
        return f"{self.kind} {self.pos}" if self.pos else self.kind

    def targets(self) -> tuple[str, ...]:
        return (f"car:{self.pos}",) if self.pos else (self.kind,)

    def __str__(self) -> str:
        return {
            "primary": "Deliver to the primary contract",
            "done": "Finish the delivery",
            "skip": "Skip the bonus action",
        }.get(self.kind, f"{self.kind.capitalize()} {self.pos}")


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
        return f"Draw {self.card}"


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
        return f"Draw a passenger for {DESTINATIONS[self.dest]}"


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
)

_SPOT = re.compile(r"^P(\d+)\.(\d+)$", re.IGNORECASE)


def _spot(text: str) -> Spot:
    m = _SPOT.match(text)
    if not m:
        raise InvalidNotation(text, f"{text!r} is not a place on a train: write P2.3 (player 2, card 3)")
    return Spot(int(m.group(1)), int(m.group(2)))


def parse(text: str) -> Action:
    """Read an action's notation (see the module docstring)."""
    if not isinstance(text, str):
        raise InvalidNotation(repr(text), "an action is written as text, like 'take deck'")
    words = text.split()
    if not words:
        raise InvalidNotation(text, "an empty action")
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb == "take" and len(rest) == 1 and rest[0].lower() in ("1", "2", "3", "deck", "passenger"):
            return Take(rest[0].lower())
        if verb == "build" and rest:
            card, opts = rest[0].upper(), [w.lower() for w in rest[1:]]
            up = drop = 0
            while opts:
                key, value = opts[0], int(opts[1])
                if key == "up":
                    up = value
                elif key == "drop":
                    drop = value
                else:
                    raise ValueError(key)
                opts = opts[2:]
            return Build(card, up, drop)
        if verb in ("pay", "discard", "draw") and len(rest) == 1:
            return {"pay": Pay, "discard": Discard, "draw": Draw}[verb](rest[0].upper())
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
            return PlaceTile(int(rest[0]))
        if verb in ("primary", "done", "skip") and not rest:
            return Part(verb)
        if verb in ("secondary", "use", "ticket", "ticket9", "ticket10", "special") and len(rest) == 1:
            return Part(verb, int(rest[0]))
    except (ValueError, IndexError):
        pass
    raise InvalidNotation(
        text,
        f"{text!r} is not an action: write e.g. 'take deck', 'build C3 up 2', "
        "'pay C1', 'load H1 P2.3', 'deliver BI', 'primary', 'use 3', 'done'",
    )

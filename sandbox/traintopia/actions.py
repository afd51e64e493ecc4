"""Actions of Traintopia and their short notation.

Tiles by their ids in `data/tiles.json` (M01-M50 map tiles, S1-S4 starting tiles, B01-B10
bonus tiles, RH the Railhead); wooden elements as tourist, train, mailbag, commuter.grey,
commuter.yellow, commuter.green and inspector; a track by its first rail ("t3r0": rail 0 of the
fourth tile you laid); a cell of your network as "x,y" (the starting tile's top-left cell is
0,0; every tile is 2 × 2 cells).

    take M12 | take tourist | take commuter.grey      (draft from the middle of the table)
    lay M12 2,-2 r1                                   (top-left cell 2,-2, turned once clockwise)
    put tourist t3r0 | put commuter.grey t0r0 as yellow | put inspector t0r0 as green
    discard                                           (the drafted element for 1 VP)
    buy B03 | objective | pay 3,1 | keep O5 | done    (money-token actions)
    bonus railhead                                    (the End Game Bonus card)
    chance: reveal M12 | reveal R4 | reveal O2 | reveal commuter.grey
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from sandbox.core.errors import InvalidNotation, quote

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

COLOURS = ("grey", "yellow", "green")
COMMUTERS = tuple(f"commuter.{c}" for c in COLOURS)  # a Commuter of each colour, as a piece
DRAFTED = ("tourist", "train", "mailbag", *COMMUTERS)  # what a round offers
PIECES = (*DRAFTED, "inspector")
BONUSES = ("inspector", "railhead", "train", "mailbag")  # the End Game Bonus card's four spaces


def piece_name(piece: str) -> str:
    """'commuter.grey' -> 'grey Commuter'."""
    if piece.startswith("commuter."):
        return f"{piece.split('.')[1]} Commuter"
    return {"inspector": "Railway Inspector", "railhead": "Railhead"}.get(piece, piece.title())


@dataclass(frozen=True, order=True)
class Reveal:
    """Chance: a tile, round card, objective card or commuter comes up."""

    item: str

    @property
    def notation(self) -> str:
        return f"reveal {self.item}"

    def targets(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return f"Reveal {piece_name(self.item) if '.' in self.item else self.item}"


@dataclass(frozen=True, order=True)
class Take:
    """Draft a tile or wooden element from the middle of the table (setup: a face-up tile)."""

    item: str

    @property
    def notation(self) -> str:
        return f"take {self.item}"

    def targets(self) -> tuple[str, ...]:
        return (f"offer:{self.item}",)

    def __str__(self) -> str:
        return f"Take {piece_name(self.item) if self.item in PIECES else 'tile ' + self.item}"


@cython.dataclasses.dataclass(frozen=True, order=True)
@cython.freelist(128)
@cython.no_gc
@cython.cclass
class Lay:
    """Add a tile to your network: its top-left cell and its turn (quarter turns clockwise).

    Compiled, an extension type (a native class: its fields in C slots, no `__dict__`), as a
    lay decision lists 60-75 of them; in plain Python, the frozen dataclass it reads as. The
    two agree on everything an action does (`tests/core/test_native_classes.py`). Compiled, a
    lay freed is kept to be made again (`freelist`), and the cycle collector never walks one
    (`no_gc`): it holds a tile's name and three numbers, which can close no cycle."""

    tile: str
    x: int
    y: int
    turn: int

    @property
    def notation(self) -> str:
        return f"lay {self.tile} {self.x},{self.y} r{self.turn}"

    def targets(self) -> tuple[str, ...]:
        return (f"spot:{self.x},{self.y}", f"turn:{self.turn}", f"hand:{self.tile}")

    def __str__(self) -> str:
        turned = f", turned {self.turn * 90}°" if self.turn else ""
        return f"Lay {self.tile} at {self.x},{self.y}{turned}"


@dataclass(frozen=True, order=True)
class Put:
    """Place a wooden element on a track (commuters and the inspector score a colour: for a
    commuter another than its own costs a money token)."""

    piece: str
    track: str
    colour: str = ""

    @property
    def notation(self) -> str:
        return f"put {self.piece} {self.track}" + (f" as {self.colour}" if self.colour else "")

    def targets(self) -> tuple[str, ...]:
        return (f"track:{self.track}",)

    def __str__(self) -> str:
        scoring = ""
        if self.colour and self.piece == "inspector":
            scoring = f", scoring {self.colour}"
        elif self.colour:
            scoring = f", paying 1 Money to score {self.colour}"
        return f"Put the {piece_name(self.piece)} on track {self.track}{scoring}"


@dataclass(frozen=True, order=True)
class Discard:
    """Return the drafted element to the box and score 1 VP instead."""

    @property
    def notation(self) -> str:
        return "discard"

    def targets(self) -> tuple[str, ...]:
        return ("discard",)

    def __str__(self) -> str:
        return "Discard it for 1 VP"


@dataclass(frozen=True, order=True)
class Buy:
    """Money action: take a face-up bonus tile (then lay it)."""

    tile: str

    @property
    def notation(self) -> str:
        return f"buy {self.tile}"

    def targets(self) -> tuple[str, ...]:
        return (f"bonus:{self.tile}",)

    def __str__(self) -> str:
        return f"Spend 1 Money: buy bonus tile {self.tile}"


@dataclass(frozen=True, order=True)
class DrawObjective:
    """Money action: draw an objective card, then keep one of the two."""

    @property
    def notation(self) -> str:
        return "objective"

    def targets(self) -> tuple[str, ...]:
        return ("objective",)

    def __str__(self) -> str:
        return "Spend 1 Money: draw an objective card and keep one of two"


@dataclass(frozen=True, order=True)
class Pay:
    """The money token spent: the one covering cell x,y of your network."""

    x: int
    y: int

    @property
    def notation(self) -> str:
        return f"pay {self.x},{self.y}"

    def targets(self) -> tuple[str, ...]:
        return (f"money:{self.x},{self.y}",)

    def __str__(self) -> str:
        return f"Spend the Money token at {self.x},{self.y}"


@dataclass(frozen=True, order=True)
class Keep:
    """Keep this objective card; the other goes to the bottom of the deck."""

    card: str

    @property
    def notation(self) -> str:
        return f"keep {self.card}"

    def targets(self) -> tuple[str, ...]:
        return (f"card:{self.card}",)

    def __str__(self) -> str:
        return f"Keep objective {self.card}"


@dataclass(frozen=True, order=True)
class Done:
    """End your turn (no more money actions)."""

    @property
    def notation(self) -> str:
        return "done"

    def targets(self) -> tuple[str, ...]:
        return ("done",)

    def __str__(self) -> str:
        return "End your turn"


@dataclass(frozen=True, order=True)
class Choose:
    """End Game Bonus: take one of the card's elements."""

    bonus: str

    @property
    def notation(self) -> str:
        return f"bonus {self.bonus}"

    def targets(self) -> tuple[str, ...]:
        return (f"bonus:{self.bonus}",)

    def __str__(self) -> str:
        return f"Take the {piece_name(self.bonus)} from the End Game Bonus card"


@cache
def reveal(item: str) -> Reveal:
    """The one `Reveal(item)` the engine hands out (and likewise `take`, `buy`, `put`): legal
    actions are listed at every decision, and a few hundred distinct ones serve every game."""
    return Reveal(item)


@cache
def take(item: str) -> Take:
    return Take(item)


@cache
def buy(tile: str) -> Buy:
    return Buy(tile)


@cache
def put(piece: str, track: str, colour: str = "") -> Put:
    return Put(piece, track, colour)


HELP = ("write e.g. 'take M12', 'take commuter.grey', 'lay M12 2,-2 r1', 'put tourist t3r0', "
        "'put commuter.grey t0r0 as yellow', 'discard', 'buy B03', 'objective', 'pay 3,1', "
        "'keep O5', 'done', 'bonus railhead', 'reveal M12'")
_CELL = re.compile(r"^(-?\d{1,3}),(-?\d{1,3})$")
_TURN = re.compile(r"^r([0-3])$")


def _cell(text: str, word: str) -> tuple[int, int]:
    found = _CELL.match(word)
    if found is None:
        raise InvalidNotation(text, f"{quote(word)} is not a cell: write it as x,y (like 2,-2)")
    return int(found.group(1)), int(found.group(2))


def parse(text: str) -> Any:
    """Read an action's notation (see the module docstring)."""
    if not isinstance(text, str):
        raise InvalidNotation(text, f"{quote(text)} is not an action: an action is written as text, "
                                    "like 'take M12'")
    words = text.split()
    if not words:
        raise InvalidNotation(text, f"{quote(text)} is an empty action: {HELP}")
    verb, rest = words[0].lower(), words[1:]
    simple = {"discard": Discard(), "objective": DrawObjective(), "done": Done()}
    if verb in simple and not rest:
        return simple[verb]
    if verb == "reveal" and len(rest) == 1:
        return Reveal(rest[0])
    if verb == "take" and len(rest) == 1:
        return Take(rest[0])
    if verb == "lay" and len(rest) == 3:
        x, y = _cell(text, rest[1])
        turn = _TURN.match(rest[2].lower())
        if turn is None:
            raise InvalidNotation(text, f"{quote(rest[2])} is not a turn: r0, r1, r2 or r3 "
                                        "(quarter turns clockwise)")
        return Lay(rest[0], x, y, int(turn.group(1)))
    if verb == "put" and len(rest) in (2, 4) and (len(rest) == 2 or rest[2].lower() == "as"):
        return Put(rest[0].lower(), rest[1], rest[3].lower() if len(rest) == 4 else "")
    if verb == "buy" and len(rest) == 1:
        return Buy(rest[0])
    if verb == "pay" and len(rest) == 1:
        return Pay(*_cell(text, rest[0]))
    if verb == "keep" and len(rest) == 1:
        return Keep(rest[0])
    if verb == "bonus" and len(rest) == 1:
        return Choose(rest[0].lower())
    raise InvalidNotation(text, f"{quote(text)} is not an action: {HELP}")


ACTION_TYPES = (Reveal, Take, Lay, Put, Discard, Buy, DrawObjective, Pay, Keep, Done, Choose)

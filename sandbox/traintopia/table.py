"""Traintopia's state, its fields: the seats, the decisions pending, the piles and the middle.

`State` (in `state.py`) adds the rules to them. Compiled, `Table` is a native class: its fields
are C slots (declared again in `table.pxd`), read without a lookup by the rules typed with it
(`cython.locals(self=Table)`) and copied field by field in C (`evolved`,
`amended`: `core.state.native_fields`). In plain Python it is the frozen dataclass it reads as, and a
state copies as every other game's does. A change here or in `table.pxd` makes every compiled
module stale until the next build (`sandbox.native.digest`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sandbox.core.chance import Pile
from sandbox.traintopia.actions import BONUSES
from sandbox.traintopia.model import MONEY_TOKENS

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
    from sandbox.core.decision import Frame
    from sandbox.traintopia.config import Config
    from sandbox.traintopia.model import Seat
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

NO_CARDS: Pile[str] = Pile()


@cython.dataclasses.dataclass(frozen=True)
@cython.cclass
class Table:
    """Everything on the table, the fields of a `State`: compiled, a native class; in plain
    Python, the frozen dataclass it reads as."""

    config: Config
    seats: tuple[Seat, ...]
    frames: tuple[Frame, ...]
    phase: str = "setup"  # setup | round | bonus | over
    round: int = 0
    starter: int = 1  # who holds the Commuter bag [setup.starting-player]
    current: int = 0  # whose draft turn it is (0 between turns)
    offer: tuple[str, ...] = ()  # face up in the middle: tiles and elements (sorted)
    card: str = ""  # this round's card
    rounds: Pile[str] = NO_CARDS
    tiles: Pile[str] = NO_CARDS
    starts: Pile[str] = NO_CARDS
    objectives: Pile[str] = NO_CARDS
    bag: Pile[str] = NO_CARDS
    supply: tuple[tuple[str, int], ...] = ()  # tourists, trains, mailbags left beside the table
    bonus_tiles: tuple[str, ...] = ()
    bonuses: tuple[str, ...] = BONUSES  # still on the End Game Bonus card
    money_left: int = MONEY_TOKENS
    used: tuple[str, ...] = ()  # money actions taken this turn
    played: tuple[str, ...] = ()  # round cards played, in order
    boxed: tuple[str, ...] = ()  # tiles and elements returned to the box, face up (sorted)
    seen_by: int | None = None

    def evolved(self, changes: dict[str, Any]) -> Table:
        """A copy with `changes` (field name -> value) written in: one call, the copy and
        the writes in C (compiled only: `core.state.evolve` makes one or two a transition)."""
        return written(copied(self), changes)

    def amended(self, changes: dict[str, Any]) -> None:
        """`changes` written into a copy no one holds yet (compiled only)."""
        written(self, changes)


@cython.cfunc
@cython.locals(table=Table, changes=dict)
@cython.returns(Table)
def written(table: Table, changes: dict[str, Any]) -> Table:
    """`Table.amended` as a C function (declared in `table.pxd`), returning the table: the rules
    call it at every step of a transition, where a method would be looked up first (compiled
    only: plain, a table is frozen)."""
    for name, value in changes.items():
        _write(table, name, value)
    return table


@cython.cfunc
@cython.locals(table=Table)
@cython.returns(Table)
def copied(table: Table) -> Table:
    """A new object of `table`'s class with its fields and nothing else (compiled only; declared
    in `table.pxd`, so that a transition's first copy is a C call)."""
    cls = type(table)
    new = cython.declare(Table, cls.__new__(cls))  # compiled: its slots set in C
    new.config = table.config
    new.seats = table.seats
    new.frames = table.frames
    new.phase = table.phase
    new.round = table.round
    new.starter = table.starter
    new.current = table.current
    new.offer = table.offer
    new.card = table.card
    new.rounds = table.rounds
    new.tiles = table.tiles
    new.starts = table.starts
    new.objectives = table.objectives
    new.bag = table.bag
    new.supply = table.supply
    new.bonus_tiles = table.bonus_tiles
    new.bonuses = table.bonuses
    new.money_left = table.money_left
    new.used = table.used
    new.played = table.played
    new.boxed = table.boxed
    new.seen_by = table.seen_by
    return new


@cython.cfunc
@cython.locals(table=Table)
def _write(table: Table, name: str, value: Any) -> None:
    """Set field `name` of a copy no one holds yet (compiled only: plain, it is frozen). The
    names are tried in the order a game writes them most (the frames every transition)."""
    own = cython.declare(Table, table)  # typed (to mypy, frozen fields are read-only)
    if name == "frames":
        own.frames = value
    elif name == "seats":
        own.seats = value
    elif name == "offer":
        own.offer = value
    elif name == "used":
        own.used = value
    elif name == "current":
        own.current = value
    elif name == "tiles":
        own.tiles = value
    elif name == "money_left":
        own.money_left = value
    elif name == "objectives":
        own.objectives = value
    elif name == "card":
        own.card = value
    elif name == "bag":
        own.bag = value
    elif name == "boxed":
        own.boxed = value
    elif name == "bonus_tiles":
        own.bonus_tiles = value
    elif name == "rounds":
        own.rounds = value
    elif name == "round":
        own.round = value
    elif name == "played":
        own.played = value
    elif name == "supply":
        own.supply = value
    elif name == "starter":
        own.starter = value
    elif name == "starts":
        own.starts = value
    elif name == "bonuses":
        own.bonuses = value
    elif name == "phase":
        own.phase = value
    elif name == "config":
        own.config = value
    elif name == "seen_by":
        own.seen_by = value
    else:
        raise TypeError(f"{type(table).__name__} has no field {name!r}")


__all__ = ["NO_CARDS", "Table"]

"""Isle of Trains' state, its fields: everything on the table and in hand.

`State` (in `state.py`) adds the rules to them. Compiled, `Table` is a native class: its fields
are C slots (declared again in `table.pxd`, which lets `state.py` read them typed), read without
a lookup and copied field by field in C (`evolved`, `amended`: `core.state.native_fields`). In plain
Python it is the frozen dataclass it reads as, and a state copies as every other game's does. A
change here or in `table.pxd` makes every compiled module stale until the next build
(`sandbox.native.digest`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
    from sandbox.core.decision import Frame
    from sandbox.isle_of_trains.config import Config
    from sandbox.isle_of_trains.model import Player, Ticket
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

ACTIONS = 2
"""Actions a turn [turn.two-actions]."""


@cython.dataclasses.dataclass(frozen=True)
@cython.cclass
class Table:
    """Everything on the table and in hand, the fields of a `State`.

    Compiled, a native class: its fields are C slots that the rules, typed
    (`cython.locals(self=Table)`), read without a lookup, and a transition's copy is made field
    by field in C (`evolved`, `amended`: `core.state.native_fields`). In plain Python, the frozen
    dataclass it reads as."""

    config: Config
    players: tuple[Player, ...]
    deck: tuple[str, ...]  # the train deck, unordered (kept sorted): draws are chance
    discard: tuple[str, ...]  # last on top
    display: tuple[str, ...]  # three slots; "" is an empty slot
    bag: tuple[str, ...]  # passengers (destination codes), sorted
    islands: tuple[str, ...]  # island cards still on the table
    tickets: tuple[Ticket, ...]  # one per destination; tile 0 until placed
    progress: int = 0
    current: int = 1
    turn: int = 0  # 0 during setup
    actions_left: int = ACTIONS
    stack: tuple[Frame, ...] = ()  # pending sub-decisions; the last is on top
    took_display: bool = False
    ending: str = ""  # "", "progress" or "deck": what triggered the end
    final_left: int = 0  # final turns still to play after the trigger
    over: bool = False
    seen_by: int | None = None  # a view: the player it is seen by (None: the whole table)
    removed: tuple[str, ...] = ()  # out of the game: only a written position puts cards here, sorted
    returned: tuple[str, ...] = ()  # solo: discards put back on top of the deck, the last on top

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
    call it where a method would be looked up first (compiled only: plain, a table is frozen)."""
    for name, value in changes.items():
        _write(table, name, value)
    return table


@cython.cfunc
@cython.locals(table=Table)
@cython.returns(Table)
def copied(table: Table) -> Table:
    """A new object of `table`'s class with its fields and nothing else (compiled only; declared
    in `table.pxd`, so that the rules copy a state with a C call)."""
    cls = type(table)
    new = cython.declare(Table, cls.__new__(cls))  # compiled: its slots set in C
    new.config = table.config
    new.players = table.players
    new.deck = table.deck
    new.discard = table.discard
    new.display = table.display
    new.bag = table.bag
    new.islands = table.islands
    new.tickets = table.tickets
    new.progress = table.progress
    new.current = table.current
    new.turn = table.turn
    new.actions_left = table.actions_left
    new.stack = table.stack
    new.took_display = table.took_display
    new.ending = table.ending
    new.final_left = table.final_left
    new.over = table.over
    new.seen_by = table.seen_by
    new.removed = table.removed
    new.returned = table.returned
    return new


@cython.cfunc
@cython.locals(table=Table)
def _write(table: Table, name: str, value: Any) -> None:
    """Set field `name` of a copy no one holds yet (compiled only: plain, it is frozen). The
    names are tried in the order a game writes them most (the stack every transition)."""
    own = cython.declare(Table, table)  # typed (to mypy, frozen fields are read-only)
    if name == "stack":
        own.stack = value
    elif name == "players":
        own.players = value
    elif name == "deck":
        own.deck = value
    elif name == "discard":
        own.discard = value
    elif name == "display":
        own.display = value
    elif name == "actions_left":
        own.actions_left = value
    elif name == "current":
        own.current = value
    elif name == "turn":
        own.turn = value
    elif name == "took_display":
        own.took_display = value
    elif name == "bag":
        own.bag = value
    elif name == "tickets":
        own.tickets = value
    elif name == "progress":
        own.progress = value
    elif name == "islands":
        own.islands = value
    elif name == "final_left":
        own.final_left = value
    elif name == "ending":
        own.ending = value
    elif name == "over":
        own.over = value
    elif name == "returned":
        own.returned = value
    elif name == "removed":
        own.removed = value
    elif name == "seen_by":
        own.seen_by = value
    elif name == "config":
        own.config = value
    else:
        raise TypeError(f"{type(table).__name__} has no field {name!r}")


__all__ = ["ACTIONS", "Table"]

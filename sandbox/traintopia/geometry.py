"""Where tiles go: a fine grid, tracks and their ends.

Every tile is 2 × 2 cells, so the rulebook's half-side offsets are whole cells and "at least
half of one of its sides touches the side of another Tile" [tiles.placing] is exactly "shares a
cell edge with the network" (no overlap, any rotation). A rail leaves a tile at one of 8 ports,
the half-sides, numbered clockwise from the top-left (see `components`); a port becomes a
*port key* on the table: the cell it leaves and the direction (0 N, 1 E, 2 S, 3 W).

A `Network` is one player's tiles in the order laid. It keeps, up to date with every tile laid
(not recomputed), which cell holds what, which rail leaves through which port, which rails form
one track (a union of rails joined port to port) and the empty cells along its edge. Legal
placements are generated from that edge: every position whose footprint covers an empty cell
next to the network, in each distinct rotation, checked for dead ends [tiles.no-dead-ends] and
loops [tiles.no-loops] on the 8 ports alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from sandbox.core.frozen import made
from sandbox.traintopia.components import PORT_CELL, TILES, Tile

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

if cython.compiled:  # a lay's C slots, written here as the spots are found (`lay_options`)
    from cython.cimports.sandbox.traintopia.actions import Lay
else:
    from sandbox.traintopia.actions import Lay

_COMPILED = cython.compiled  # read at run time (Cython would call the plain path unreachable)

Cell = tuple[int, int]
PortKey = tuple[int, int, int]  # the cell a rail leaves and the direction it leaves in
RailId = tuple[int, int]  # (tile index in the network, rail index on the tile)

STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W
SIDE_NAMES = ("top", "right", "bottom", "left")
PORT_DIR = (0, 0, 1, 1, 2, 2, 3, 3)
LOCAL = ((0, 0), (1, 0), (0, 1), (1, 1))  # cell 0 top-left .. 3 bottom-right
_TURN_CELL = (1, 3, 0, 2)  # a quarter turn clockwise: cell 0 -> 1 -> 3 -> 2 -> 0
AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))  # a cell and its 8 neighbours

_MARGIN = cython.declare(cython.Py_ssize_t, 3)
"""Positions added beyond what a tile needs on each side a network's window of positions grows
by (`_Places`), so that it grows once every few tiles laid outward rather than at each."""

_NUMBERED = cython.declare(cython.Py_ssize_t, 128)
_NUMBERS = tuple(range(-_NUMBERED, _NUMBERED))
"""Python's numbers for the cells a lay names, made once (`_spots`): Python keeps its own only
from -5 to 256, and a network grows left and up as often as right and down, so listing the lays
made and freed a number for most cells left of or above the starting tile."""


def turned_cell(cell: int, turn: int) -> int:
    for _ in range(turn % 4):
        cell = _TURN_CELL[cell]
    return cell


def turned_port(port: int, turn: int) -> int:
    return (port + 2 * turn) % 8


def facing(key: PortKey) -> PortKey:
    """The port key of the neighbouring cell's edge that `key` meets."""
    x, y, d = key
    dx, dy = STEP[d]
    return x + dx, y + dy, (d + 2) % 4


def beyond(key: PortKey) -> Cell:
    """The cell a port leads into."""
    x, y, d = key
    dx, dy = STEP[d]
    return x + dx, y + dy


@dataclass(frozen=True)
class RailShape:
    """A rail of a turned tile, in cells relative to the tile's top-left cell."""

    ports: tuple[PortKey, ...]  # its port ends (one or two)
    station: bool  # whether it ends at the tile's station
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Shape:
    """A tile turned `turn` quarter turns clockwise, relative to its top-left cell."""

    tile: str
    turn: int
    features: tuple[tuple[Cell, str], ...]  # the 4 cells and what each shows
    rails: tuple[RailShape, ...]
    station: str
    station_cell: Cell | None
    edge: tuple[tuple[PortKey, bool], ...]  # the 8 half-sides, and whether a rail leaves there

    @property
    def look(self) -> tuple[object, ...]:
        """What a player sees of it: two turns that look alike are one placement."""
        return (self.features, frozenset(frozenset(r.ports) | {r.station} for r in self.rails),
                self.station_cell)


def _port_key(port: int, turn: int) -> PortKey:
    p = turned_port(port, turn)
    x, y = LOCAL[PORT_CELL[p]]
    return x, y, PORT_DIR[p]


@cache
def shape(tile_id: str, turn: int) -> Shape:
    tile: Tile = TILES[tile_id]
    features = tuple(sorted((LOCAL[turned_cell(c, turn)], f) for c, f in enumerate(tile.cells)))
    rails = []
    for rail in tile.rails:
        ports = tuple(_port_key(e, turn) for e in rail.ports)
        cells = tuple(sorted(LOCAL[turned_cell(c, turn)] for c in rail.cells))
        rails.append(RailShape(ports, rail.to_station, cells))
    used = {k for r in rails for k in r.ports}
    edge = tuple((_port_key(p, turn), _port_key(p, turn) in used) for p in range(8))
    cell = LOCAL[turned_cell(tile.station_cell, turn)] if tile.station else None
    return Shape(tile_id, turn, features, tuple(rails), tile.station, cell, edge)


@cache
def turns(tile_id: str) -> tuple[int, ...]:
    """The rotations of a tile that look different (a symmetric tile has fewer than 4)."""
    seen: dict[object, int] = {}
    for t in range(4):
        seen.setdefault(shape(tile_id, t).look, t)
    return tuple(sorted(seen.values()))


@dataclass(frozen=True, order=True)
class Placed:
    """A tile on the table: its top-left cell and its rotation (quarter turns clockwise)."""

    tile: str
    x: int
    y: int
    turn: int

    @property
    def shape(self) -> Shape:
        return shape(self.tile, self.turn)

    def footprint(self) -> tuple[Cell, ...]:
        return tuple((self.x + dx, self.y + dy) for dx, dy in LOCAL)

    @cached_property
    def rails(self) -> Rails:
        """Per rail, where it lies on the table: its cells, its station's kind ("" for none),
        and per port end the port, the port it faces and the cell beyond. Worked out once per
        tile laid, for every network after that holds it (their tracks are rebuilt from it)."""
        return _rails(self.tile, self.x, self.y, self.turn)


Rails = tuple[tuple[tuple[Cell, ...], str, tuple[tuple[PortKey, PortKey, Cell], ...]], ...]


def placed_at(tile_id: str, x: int, y: int, turn: int) -> Placed:
    """`Placed(tile_id, x, y, turn)` made from fields already checked (a lay handed out, a
    placement found), without the frozen dataclass's `__init__`, which runs as plain Python
    and costs several times the object: a tile is placed at every lay."""
    return made(Placed, {"tile": tile_id, "x": x, "y": y, "turn": turn})


@cython.cfunc
@cython.locals(x=cython.Py_ssize_t, y=cython.Py_ssize_t, dx=cython.Py_ssize_t, dy=cython.Py_ssize_t,
               d=cython.Py_ssize_t, fx=cython.Py_ssize_t, fy=cython.Py_ssize_t, out=list, ports=list)
def _rails(tile_id: str, x: int, y: int, turn: int) -> Rails:
    """`Placed.rails`, in plain loops (generators cost more than the tuples they make)."""
    out = []
    for cells, station, ends in _links(tile_id, turn):
        ports = []
        for dx, dy, d, fx, fy, fd in ends:
            ports.append(((x + dx, y + dy, d), (x + fx, y + fy, fd), (x + fx, y + fy)))
        out.append((tuple([(x + dx, y + dy) for dx, dy in cells]), station, tuple(ports)))
    return tuple(out)


@cython.cfunc
def _rails_of(placed: Placed) -> Rails:
    """`placed.rails`, kept where its cached property keeps it, without the lock that property
    takes at every first read (a tile's rails are first read as it is laid)."""
    own = placed.__dict__
    rails: Rails | None = own.get("rails")
    if rails is None:
        rails = own["rails"] = _rails(placed.tile, placed.x, placed.y, placed.turn)
    return rails


@dataclass(frozen=True)
class TrackEnd:
    """How a track ends: at a station (its kind), open to an empty cell, or blocked (a rail
    against a tile edge without one: only the Railhead may cause that)."""

    kind: str  # "station" | "open" | "blocked"
    station: str = ""
    key: PortKey | None = None  # the open port


@dataclass(frozen=True)
class Track:
    """A line of rails: its name (its first rail, "t3r0"), rails, tiles crossed (each once
    [scoring.finished-length]), cells run through and its two ends."""

    name: str
    rails: tuple[RailId, ...]
    tiles: int
    cells: frozenset[Cell]
    ends: tuple[TrackEnd, ...]

    # Worked out once per track: a track outlives the tile laid after it (a network keeps the
    # tracks no tile touched), and a bot weighing a placement reads these for every track.
    @cached_property
    def finished(self) -> bool:
        """Stations at both ends [scoring.finished]."""
        return len(self.ends) == 2 and all(e.kind == "station" for e in self.ends)

    @property
    def identical(self) -> bool:
        return self.finished and self.ends[0].station == self.ends[1].station

    @cached_property
    def rail_set(self) -> frozenset[RailId]:
        """Its rails, to ask whether a piece is on it."""
        return frozenset(self.rails)

    @cached_property
    def near(self) -> frozenset[Cell]:
        """The cells next to the track, orthogonally or diagonally, and its own [elements.tourist]
        [ruling.adjacency]."""
        return frozenset((x + dx, y + dy) for x, y in self.cells for dx, dy in AROUND)


def rail_name(rail: RailId) -> str:
    """A rail's name, "t3r0" (a track is named by its first rail): formatted once per rail, as
    every put lists every track by name."""
    name = _RAIL_NAMES.get(rail)
    if name is None:
        name = _RAIL_NAMES[rail] = _spelled(rail)
        _RAILS_NAMED[name] = rail
        t, r = rail
        if 0 <= t < _NAMED_TILES and 0 <= r < _RAILS_A_TILE:
            i = t * _RAILS_A_TILE + r
            _NAMES.extend([""] * (i + 1 - len(_NAMES)))
            _NAMES[i] = name
    return name


@cython.cfunc
@cython.locals(t=cython.Py_ssize_t, r=cython.Py_ssize_t, i=cython.Py_ssize_t)
def _name_of(rail: RailId) -> str:
    """`rail_name`, read by the rail's place in `_NAMES` where it has one: no pair hashed."""
    t, r = rail
    i = t * 8 + r  # `_RAILS_A_TILE`, written out so that it stays C arithmetic
    if 0 <= r < 8 and 0 <= i < len(_NAMES):
        name: str = _NAMES[i]
        if name:
            return name
    return rail_name(rail)


@cython.locals(heads=list, out=list)
def _named(heads: list[RailId]) -> tuple[tuple[str, RailId], ...]:
    """(name, rail) of each of `heads`, in a plain loop: a put lists every track by name."""
    out = []
    for head in heads:
        out.append((_name_of(head), head))
    return tuple(out)


def _spelled(rail: RailId) -> str:
    return f"t{rail[0]}r{rail[1]}"


def named_rail(name: str) -> RailId | None:
    """The rail called `name` (None if no rail is called that): `rail_name` read backwards."""
    rail = _RAILS_NAMED.get(name)
    if rail is None and name[:1] == "t" and "r" in name:
        tile, _, index = name[1:].partition("r")
        if tile.isdigit() and index.isdigit():
            rail = (int(tile), int(index))
            if _spelled(rail) != name:  # "t03r1" names no rail
                return None
    return rail


_RAIL_NAMES: dict[RailId, str] = {}
_RAILS_NAMED: dict[str, RailId] = {}
"""Rail names both ways, for rails of networks only (a few hundred at most: the tiles a network
holds by the rails a tile has); a name read from outside is parsed, never kept."""

_RAILS_A_TILE = 8  # a tile has at most 4 rails (8 ports, none used twice: `components` checks)
_NAMED_TILES = 256  # far more tiles than a network holds
_NAMES: list[str] = []
"""The same names by the rail's place, `tile * _RAILS_A_TILE + rail` ("" where none is made yet):
a put lists every track by name, and a list read by place costs a tenth of a dict read by pair."""


class _Places:
    """Where a tile may go, by its top-left cell, on a window of positions laid out for C.

    Per position, `masks` holds two bytes, the half-sides of its footprint against a rail
    (bits 0-7) and against a tile (bits 8-15 of the packed mask `spots` reads), and `over` one,
    set when its footprint overlaps a laid tile. A position may take a tile when it is not over
    one and some half-side of it is against one. Positions lie column by column (x, then y), so
    reading the window in order lists them in the order of their cells; the window covers every
    position a laid tile changed (outside it, nothing touches the network) and grows as tiles
    are laid beyond it. A copy is two byte strings copied whole, where tables of positions were
    copied entry by entry and changed with a hashed lookup for each position. Compiled, a native
    class (`geometry.pxd`): the functions typed with it read its fields in C."""

    __slots__ = ("h", "masks", "over", "w", "x0", "y0")

    def __init__(self) -> None:
        self.x0 = self.y0 = self.w = self.h = 0  # the window: w columns of h positions from (x0, y0)
        self.masks = bytearray()
        self.over = bytearray()

    def copy(self) -> _Places:
        new = cython.declare(_Places, _Places.__new__(_Places))  # compiled, its slots written in C
        new.x0, new.y0, new.w, new.h = self.x0, self.y0, self.w, self.h
        new.masks = self.masks[:]
        new.over = self.over[:]
        return new

    def open(self) -> dict[Cell, int]:
        """Each position a tile may go to and its packed mask (for tests and reading)."""
        return {cell: packed for cell, packed, over in self._positions() if packed and not over}

    def overlapped(self) -> set[Cell]:
        """The positions whose footprint overlaps a laid tile."""
        return {cell for cell, _, over in self._positions() if over}

    def _positions(self) -> list[tuple[Cell, int, int]]:
        return [((self.x0 + i // self.h, self.y0 + i % self.h),
                 self.masks[2 * i + 1] << 8 | self.masks[2 * i], self.over[i])
                for i in range(self.w * self.h)]


class _Index:
    """What a network knows of itself, updated tile by tile (shared, never changed once made).
    Compiled, a native class (`geometry.pxd`): a lay reads and writes its tables and its window
    in C, not through Python's attribute lookup."""

    __slots__ = ("cells", "group", "members", "merged", "places", "ports")

    def __init__(self) -> None:
        self.merged = False  # whether the last tile laid made two tracks one (`_add`)
        self.cells: dict[Cell, tuple[int, str]] = {}  # cell -> (tile index, feature)
        self.ports: dict[PortKey, RailId] = {}  # a rail's port end -> the rail
        self.group: dict[RailId, RailId] = {}  # rail -> the first rail of its track
        self.members: dict[RailId, tuple[RailId, ...]] = {}  # a track's first rail -> its rails, in order
        self.places = _Places()  # where a tile may go

    def copy(self) -> _Index:
        """A copy to lay one more tile into: each table cloned (`dict.copy` clones a table
        with holes left by removals too, where `dict(...)` inserts every key again, hashing
        each cell anew), and no empty tables made first only to be replaced."""
        new = cython.declare(_Index, _Index.__new__(_Index))
        new.cells = self.cells.copy()
        new.ports = self.ports.copy()
        new.group = self.group.copy()
        new.members = self.members.copy()
        new.places = self.places.copy()
        return new


@dataclass(frozen=True)
class Network:
    """One player's tiles, in the order laid ("t0" is the starting tile)."""

    tiles: tuple[Placed, ...] = ()

    @cached_property
    @cython.locals(index=_Index)
    def index(self) -> _Index:
        index = _Index()
        for i, placed in enumerate(self.tiles):
            _add(index, i, placed)
        return index

    @cython.locals(index=_Index)
    def with_tile(self, placed: Placed) -> Network:
        """This network and one more tile, its index carried on rather than rebuilt."""
        new = made(Network, {"tiles": (*self.tiles, placed)})
        index = self.index.copy()
        _add(index, len(self.tiles), placed)
        new.__dict__["index"] = index
        # its tracks are worked out when first asked, from the nearest network before it whose
        # tracks are known: several tiles laid in between cost one update, not one each (and
        # the networks in between are not kept alive for it)
        own = self.__dict__
        new.__dict__["_before"] = self if "tracks" in own else own.get("_before", self)
        return new

    @cached_property
    def tracks(self) -> tuple[Track, ...]:
        before = self.__dict__.pop("_before", None)  # one whose tracks are known, or a first one
        if before is None:
            return tuple(self._track(rails) for _, rails in sorted(self.index.members.items()))
        return self._tracks_after(before.tracks, self.tiles[len(before.tiles):])

    @cython.locals(index=_Index)
    def _tracks_after(self, before: tuple[Track, ...], laid: tuple[Placed, ...]) -> tuple[Track, ...]:
        """This network's tracks, from the tracks before `laid` (its last tiles) were laid: a
        track is built again only if a tile joined it or covers a cell one of its ends faces,
        that is, if a rail of it leaves by a port facing one of the tile's 8 half-sides."""
        index = self.index
        group, members, ports = index.group, index.members, index.ports
        touched: set[RailId] = set()
        for i, placed in enumerate(laid, len(self.tiles) - len(laid)):
            touched.update(group[(i, r)] for r in range(len(_links(placed.tile, placed.turn))))
            x, y = placed.x, placed.y
            for bx, by, fd in _BEYOND:
                rail = ports.get((x + bx, y + by, fd))
                if rail is not None:
                    touched.add(group[rail])
        kept = {head: track for track in before if (head := group[track.rails[0]]) not in touched}
        for head in touched:
            kept[head] = self._track(members[head])
        return tuple(track for _, track in sorted(kept.items()))

    def __getstate__(self) -> dict[str, object]:
        return {"tiles": self.tiles}  # the index is rebuilt when asked for

    @cached_property
    def longest(self) -> int:
        """The most tiles one of its tracks crosses (0 with no track) [scoring.longest]."""
        return max((t.tiles for t in self.tracks), default=0)

    # --- what is where ------------------------------------------------------------------
    def feature(self, cell: Cell) -> str:
        hit = self.index.cells.get(cell)
        return hit[1] if hit else ""

    def occupied(self, cell: Cell) -> bool:
        return cell in self.index.cells

    def cells_with(self, prefix: str) -> tuple[Cell, ...]:
        return tuple(sorted(c for c, (_, f) in self.index.cells.items() if f.startswith(prefix)))

    def bounds(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) cells, inclusive."""
        xs = [x for x, _ in self.index.cells] or [0]
        ys = [y for _, y in self.index.cells] or [0]
        return min(xs), min(ys), max(xs), max(ys)

    # --- tracks ---------------------------------------------------------------------------
    @cached_property
    def track_of(self) -> dict[RailId, Track]:
        return {rail: t for t in self.tracks for rail in t.rails}

    def track(self, name: str) -> Track | None:
        """The track called `name` (None if there is none). Until the network's tracks are
        worked out it is built alone, as they would build it: putting an element on a track
        needs that track, not every track caught up with the tiles laid since."""
        known = self.__dict__.get("tracks")
        if known is not None:
            return next((t for t in known if t.name == name), None)
        members = self.index.members
        head = named_rail(name)
        return None if head is None or head not in members else self._track(members[head])

    def track_names(self) -> tuple[tuple[str, RailId], ...]:
        """Each track's name and first rail, in the order of `tracks`, without working the tracks
        out: a track's first rail is the least of its rails, its head in the index."""
        return _named(sorted(self.index.members))

    def _track(self, rails: Sequence[RailId]) -> Track:
        """The track of `rails` (in order): cells, tiles crossed and ends."""
        cells: set[Cell] = set()
        ends: list[TrackEnd] = []
        ports, laid, tiles = self.index.ports, self.index.cells, self.tiles
        for t, r in rails:
            rail_cells, station, links = tiles[t].rails[r]
            cells.update(rail_cells)
            if station:
                ends.append(_station_end(station))
            for key, faced, past in links:
                if faced in ports:
                    continue  # joined to the next rail
                if past in laid:
                    ends.append(_BLOCKED)
                else:
                    ends.append(made(TrackEnd, {"kind": "open", "station": "", "key": key}))
        return made(Track, {"name": _name_of(rails[0]), "rails": tuple(rails),
                            "tiles": len({t for t, _ in rails}), "cells": frozenset(cells),
                            "ends": tuple(ends)})

    # --- placing --------------------------------------------------------------------------
    def placements(self, tile_id: str) -> tuple[Placed, ...]:
        """Every legal way to lay `tile_id` [tiles.placing] [tiles.no-dead-ends] [tiles.no-loops]."""
        return tuple(placed_at(tile_id, x, y, t) for (x, y), ts in self.spots(tile_id) for t in ts)

    def spots(self, tile_id: str) -> list[tuple[Cell, tuple[int, ...]]]:
        """Every legal placement of `tile_id` as (top-left cell, its turns), cells in order: the
        same verdict as `faults`, as bit masks. For each position, which of the 8 half-sides
        face a tile (`occupied`) and which face a rail (`rails`); a turn of the tile, whose
        rails leave by `mask`, has no dead end exactly when `(mask ^ rails) & occupied` is 0,
        and can close a loop only when it joins two rails or more. What a pair of masks admits
        is worked out once per kind of tile (`_fits`)."""
        if not self.tiles:
            return [((0, 0), (0,))]
        return _spots(self.index, tile_id, _fits(tile_id), False)

    def lay_options(self, tile_id: str) -> list[Lay]:
        """`Lay(tile_id, x, y, turn)` for every placement `spots` lists, in its order, made as
        the spots are found: a lay decision lists 60-75 of them, and the (cell, turns) pairs
        `spots` returns cost as much to make and free as the lays themselves."""
        if not self.tiles:
            return [_lay(tile_id, 0, 0, 0)]
        return _spots(self.index, tile_id, _fits(tile_id), True)

    def faults(self, placed: Placed, stop: bool = False) -> list[tuple[str, str]]:
        """Why `placed` may not be laid: (rule, reason) pairs, empty when it may."""
        if not self.tiles:
            return []
        cells, ports = self.index.cells, self.index.ports
        x, y = placed.x, placed.y
        out: list[tuple[str, str]] = []
        over = [c for c in placed.footprint() if c in cells]
        if over:
            out.append(("tiles.placing", f"it would overlap a tile at {_cells(over)}"))
            if stop:
                return out
        touching = False
        for (dx, dy, d), rail in placed.shape.edge:
            key = (x + dx, y + dy, d)
            if beyond(key) not in cells:
                continue
            touching = True
            other = facing(key) in ports
            if rail != other:
                whose = "its rail" if rail else "the rail of the tile next to it"
                reason = (f"{whose} would end against a tile edge on its {SIDE_NAMES[d]} side, "
                          f"between cells {_cells([(key[0], key[1]), beyond(key)])}")
                if ("tiles.no-dead-ends", reason) not in out:
                    out.append(("tiles.no-dead-ends", reason))
                if stop:
                    return out
        if not touching and not over:
            out.append(("tiles.placing", "it would not touch your network along at least half a side"))
            if stop:
                return out
        if not out and self._loops(placed):
            out.append(("tiles.no-loops", "it would close a track into a loop"))
        return out

    def _loops(self, placed: Placed) -> bool:
        """Whether laying `placed` would join a track to itself."""
        return _closes_loop(self.index, placed.tile, placed.x, placed.y, placed.turn)

    @cython.locals(index=_Index, places=_Places)
    def railhead_placements(self, tile_id: str) -> tuple[Placed, ...]:
        """Where the Railhead may go: against an open end of an unfinished track, overlapping
        nothing; any other edge is allowed [bonus.railhead]."""
        found: set[tuple[int, int, int]] = set()  # (x, y, turn): sorted as the Placed they become
        index = self.index
        ports, cells, places = index.ports, index.cells, index.places
        # An open end is a rail's port joined to no rail and facing no tile (`_track`'s "open"),
        # and a finished track has stations at both ends: so every open end is one of an
        # unfinished track, found from the ports without working the tracks out.
        for key in ports:
            if facing(key) in ports:
                continue
            ox, oy = beyond(key)
            if (ox, oy) in cells:
                continue
            for px, py, t in _ports_leaving(tile_id)[(key[2] + 2) % 4]:  # facing the end
                if not _over(places, ox - px, oy - py):  # overlaps nothing
                    found.add((ox - px, oy - py, t))
        return tuple(placed_at(tile_id, x, y, t) for x, y, t in sorted(found))


@cython.cfunc
@cython.locals(index=_Index, places=_Places,
               fits=bytearray, masks=bytearray, over=bytearray, bits=cython.p_uchar,
               under=cython.p_uchar, known=cython.p_uchar, out=list, i=cython.Py_ssize_t, h=cython.Py_ssize_t,
               fit=cython.Py_ssize_t, t=cython.Py_ssize_t, x=cython.Py_ssize_t, y=cython.Py_ssize_t,
               kept=cython.Py_ssize_t, tiles=cython.Py_ssize_t, rails=cython.Py_ssize_t,
               kind=cython.Py_ssize_t, other=cython.Py_ssize_t, x0=cython.Py_ssize_t, y0=cython.Py_ssize_t,
               ternary=tuple, as_lays=cython.bint, at_x=object, at_y=object, numbers=tuple)
def _spots(index: _Index, tile_id: str, fits: bytearray, as_lays: bool) -> list[Any]:
    """`Network.spots` (or, `as_lays`, `Network.lay_options`) over the window of positions, read
    in order as C bytes."""
    out = []
    places = index.places
    masks, over, h, x0, y0 = places.masks, places.over, places.h, places.x0, places.y0
    bits, under, known = masks, over, fits  # compiled, the bytes themselves, read without a check each
    ternary, numbers = _TERNARY, _NUMBERS
    for i in range(places.w * h):
        tiles = bits[2 * i + 1]
        if under[i] or not tiles:
            continue
        rails = bits[2 * i]
        kind, other = ternary[tiles], ternary[rails]  # compiled, read as C numbers, then added
        kind = 2 * (kind + other)
        if not known[kind]:
            known[kind + 1] = _fit(tile_id, tiles << 8 | rails)
            known[kind] = 1
        fit = known[kind + 1]
        if fit == 0:
            continue
        x, y = x0 + i // h, y0 + i % h
        if fit > 15:  # turns that join two rails or more: kept unless they close a loop
            kept = 0
            for t in range(4):
                if fit >> t & 1 and not (fit >> 4 >> t & 1 and _closes_loop(index, tile_id, x, y, t)):
                    kept |= 1 << t
            fit = kept
            if fit == 0:
                continue
        if as_lays:
            # as Python numbers once, for every turn laid there: those of the table made at import
            at_x = numbers[x + _NUMBERED] if -_NUMBERED <= x < _NUMBERED else x
            at_y = numbers[y + _NUMBERED] if -_NUMBERED <= y < _NUMBERED else y
            for t in range(4):
                if fit >> t & 1:
                    out.append(_lay(tile_id, at_x, at_y, t))
        else:
            out.append(((x, y), _TURNS[fit]))
    return out


@cython.cfunc
@cython.inline
@cython.locals(lay=Lay)
def _lay(tile_id: str, x: int, y: int, turn: int) -> Lay:
    """`Lay(tile_id, x, y, turn)`: compiled, a bare native object whose C slots are written here
    (Python's call protocol and `__init__`'s argument parsing cost twice the object); in plain
    Python, made without the frozen dataclass's `__init__`."""
    if _COMPILED:
        lay = Lay.__new__(Lay)
        lay.tile, lay.x, lay.y, lay.turn = tile_id, x, y, turn
        return lay
    return made(Lay, {"tile": tile_id, "x": x, "y": y, "turn": turn})


@cython.cfunc
@cython.locals(index=_Index, x=cython.Py_ssize_t, y=cython.Py_ssize_t, turn=cython.Py_ssize_t,
               ports=dict, group=dict, heads=list, r=cython.Py_ssize_t, n=cython.Py_ssize_t,
               k=cython.Py_ssize_t, a=cython.Py_ssize_t, b=cython.Py_ssize_t, fx=cython.Py_ssize_t,
               fy=cython.Py_ssize_t, fd=cython.Py_ssize_t)
@cython.returns(cython.bint)
def _closes_loop(index: _Index, tile_id: str, x: int, y: int, turn: int) -> bool:
    """Whether laying `tile_id` at (x, y), turned `turn`, would join a track to itself: a union-find
    over the tile's rails and the tracks they meet, in a C array of 16 (the tile data's check
    refuses a port used twice, so 8 ports make at most 8 rails and meet at most 8 tracks), each
    port meeting a rail an edge; a loop is an edge between two already joined."""
    parent = cython.declare(cython.uint[16])
    ports, group = index.ports, index.group
    heads: list[RailId] = []  # the tracks met, by their first rail: node n + k is heads[k]
    links = _links(tile_id, turn)
    n = len(links)
    for r in range(n):
        parent[r] = r
    for r in range(n):
        for _, _, _, fx, fy, fd in links[r][2]:
            other = ports.get((x + fx, y + fy, fd))
            if other is None:
                continue
            head = group[other]
            k = 0
            while k < len(heads) and heads[k] != head:
                k += 1
            if k == len(heads):
                heads.append(head)
                parent[n + k] = n + k
            a = r
            while parent[a] != a:
                a = parent[a]
            b = n + k
            while parent[b] != b:
                b = parent[b]
            if a == b:
                return True
            parent[b] = a
    return False


_BLOCKED = TrackEnd("blocked")


@cache
def _station_end(kind: str) -> TrackEnd:
    return TrackEnd("station", kind)


@cache
def _links(tile_id: str, turn: int) -> tuple[tuple[tuple[Cell, ...], str, tuple[tuple[int, ...], ...]], ...]:
    """Per rail of a turned tile: its cells, its station's kind ("" for none), and per port end
    (dx, dy, d) with the port it faces, (fx, fy, fd), all from the tile's top-left cell."""
    sh = shape(tile_id, turn)
    return tuple((rail.cells, sh.station if rail.station else "",
                  tuple((*k, *facing(k)) for k in rail.ports)) for rail in sh.rails)


@cache
def _ports_leaving(tile_id: str) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per direction (N E S W): (dx, dy, turn) of every rail end of the tile, in each of its 4
    turns, that leaves it in that direction, from its top-left cell."""
    out: list[list[tuple[int, int, int]]] = [[], [], [], []]
    for t in range(4):
        for rail in shape(tile_id, t).rails:
            for px, py, d in rail.ports:
                out[d].append((px, py, t))
    return tuple(map(tuple, out))


_HALF_SIDES = tuple(_port_key(p, 0) for p in range(8))  # the footprint's 8 half-sides, by bit
_BEYOND = tuple((*beyond(k), facing(k)[2]) for k in _HALF_SIDES)
"""Per half-side of the footprint: the cell beyond it and the side of that cell it meets."""


@cache
def rail_mask(tile_id: str, turn: int) -> int:
    """The half-sides a turned tile's rails leave by, as bits of `_HALF_SIDES`."""
    keys = {k for rail in shape(tile_id, turn).rails for k in rail.ports}
    return sum(1 << bit for bit, k in enumerate(_HALF_SIDES) if k in keys)


@cache
def _signature(tile_id: str) -> tuple[tuple[int, int], ...]:
    """A tile's distinct turns and the half-sides each one's rails leave by: tiles alike in this
    fit the same places."""
    return tuple((t, rail_mask(tile_id, t)) for t in turns(tile_id))


_FITS: dict[tuple[tuple[int, int], ...], bytearray] = {}
"""Per signature, per kind of position: whether it is worked out (byte 2k) and the turns without
a dead end (bits 0-3) and those of them joining two rails or more (bits 4-7) (byte 2k + 1). A
kind is one of 3^8 (`_TERNARY`); filled as positions come up; bytes, so the cycle collector never
walks these tables."""

_TERNARY = tuple(sum(3 ** k for k in range(8) if b >> k & 1) for b in range(256))
"""A byte's bits as a number in base 3, a 1 for each bit set. A position's rail bits are some of
its tile bits, so `_TERNARY[tiles] + _TERNARY[rails]` is its kind, one of 3^8: each half-side
against nothing, a tile, or a rail."""

_TURNS = tuple(tuple(t for t in range(4) if bits >> t & 1) for bits in range(16))
"""The turns a 4-bit set of them holds, in order."""


@cython.cfunc
def _fits(tile_id: str) -> bytearray:
    signature = _signature(tile_id)
    table = _FITS.get(signature)
    if table is None:
        table = _FITS[signature] = bytearray(2 * 3 ** 8)
    return table


@cython.ccall
def _fit(tile_id: str, packed: int) -> int:
    occupied, rails = packed >> 8, packed & 0xFF
    fit = 0
    for t, mask in _signature(tile_id):
        if not (mask ^ rails) & occupied:
            fit |= 1 << t
            if (mask & occupied).bit_count() >= 2:
                fit |= 16 << t
    return fit


@cache
def _reach(tile_id: str, turn: int) -> tuple[tuple[int, int, int], ...]:
    """Per position (from a laid tile's top-left cell) that overlaps it nowhere and has a
    half-side against one of its cells: (its offset, the bits that tile sets there, packed as
    `spots` reads them). Positions nearer overlap the tile and are dropped."""
    keys = {k for rail in shape(tile_id, turn).rails for k in rail.ports}
    out = []
    for ox, oy, faces in _TOUCH:
        if -1 <= ox <= 1 and -1 <= oy <= 1:
            continue
        packed = 0
        for dx, dy, bit, fd in faces:
            packed |= bit << 8
            if (dx, dy, fd) in keys:
                packed |= bit
        out.append((ox, oy, packed))
    return tuple(out)


@cython.cfunc
@cython.locals(index=_Index,
               x=cython.Py_ssize_t, y=cython.Py_ssize_t, dx=cython.Py_ssize_t, dy=cython.Py_ssize_t,
               r=cython.Py_ssize_t, cells=dict, ports=dict, group=dict, members=dict)
def _add(index: _Index, i: int, placed: Placed) -> None:
    """Lay tile `i` into `index`: cells, ports, tracks joined, the places next to it."""
    x, y = placed.x, placed.y
    cells, ports, group, members = index.cells, index.ports, index.group, index.members
    for (dx, dy), feature in shape(placed.tile, placed.turn).features:
        cells[(x + dx, y + dy)] = (i, feature)
    merged = False
    for r, (_, _, links) in enumerate(_rails_of(placed)):
        rid = (i, r)
        group[rid] = rid
        members[rid] = (rid,)
        for key, faced, _ in links:
            ports[key] = rid
            other = ports.get(faced)
            if other is not None:
                gone = _join(index, rid, other)
                if gone is not None and gone[0] < i:  # both heads were tracks before this tile
                    merged = True
    index.merged = merged
    _resides(index, placed)


def _touching() -> tuple[tuple[int, int, tuple[tuple[int, int, int, int], ...]], ...]:
    by_position: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
    for dx, dy in LOCAL:
        for bit, (bx, by, fd) in enumerate(_BEYOND):
            by_position.setdefault((dx - bx, dy - by), []).append((dx, dy, 1 << bit, fd))
    return tuple((ox, oy, tuple(faces)) for (ox, oy), faces in by_position.items())


_TOUCH = _touching()
"""Per position (from the tile's top-left cell) with a half-side facing one of the tile's cells:
each such half-side as (the cell, relative to the tile; its bit; the side of the cell it meets).
Grouped by position, so each position's overlap is looked up once."""


@cython.cfunc
@cython.locals(places=_Places, x=cython.Py_ssize_t, y=cython.Py_ssize_t)
def _over(places: _Places, x: int, y: int) -> bool:
    """Whether the footprint of the position (x, y) overlaps a laid tile (none outside the
    window: it covers every position a tile laid changed)."""
    x -= places.x0
    y -= places.y0
    return 0 <= x < places.w and 0 <= y < places.h and places.over[x * places.h + y] == 1


@cython.cfunc
@cython.locals(places=_Places,
               x0=cython.Py_ssize_t, y0=cython.Py_ssize_t, x1=cython.Py_ssize_t, y1=cython.Py_ssize_t,
               w=cython.Py_ssize_t, h=cython.Py_ssize_t, c=cython.Py_ssize_t, k=cython.Py_ssize_t,
               at=cython.Py_ssize_t, was=cython.Py_ssize_t, px=cython.Py_ssize_t, py=cython.Py_ssize_t,
               pw=cython.Py_ssize_t, ph=cython.Py_ssize_t, masks=bytearray, over=bytearray,
               old_masks=bytearray, old_over=bytearray, bits=cython.p_uchar, under=cython.p_uchar,
               old_bits=cython.p_uchar, old_under=cython.p_uchar)
def _widen(places: _Places, x0: int, y0: int, x1: int, y1: int) -> None:
    """Grow the window to hold the positions from (x0, y0) to (x1, y1), with a margin on each
    side it grows; what it held moves along, column by column."""
    px, py, pw, ph = places.x0, places.y0, places.w, places.h
    if pw and x0 >= px and y0 >= py and x1 < px + pw and y1 < py + ph:
        return
    if not pw:
        x0, y0, x1, y1 = x0 - _MARGIN, y0 - _MARGIN, x1 + _MARGIN, y1 + _MARGIN
    else:  # a margin only where the window grows, and never less than it was
        x0 = x0 - _MARGIN if x0 < px else px
        y0 = y0 - _MARGIN if y0 < py else py
        x1 = x1 + _MARGIN if x1 >= px + pw else px + pw - 1
        y1 = y1 + _MARGIN if y1 >= py + ph else py + ph - 1
    w, h = x1 - x0 + 1, y1 - y0 + 1
    masks, over = bytearray(2 * w * h), bytearray(w * h)
    old_masks, old_over = places.masks, places.over
    bits, under, old_bits, old_under = masks, over, old_masks, old_over
    for c in range(pw):
        at = (px + c - x0) * h + py - y0  # the column's first position, moved
        was = c * ph
        for k in range(ph):
            under[at + k] = old_under[was + k]
            bits[2 * (at + k)] = old_bits[2 * (was + k)]
            bits[2 * (at + k) + 1] = old_bits[2 * (was + k) + 1]
    places.x0, places.y0, places.w, places.h, places.masks, places.over = x0, y0, w, h, masks, over


@cython.cfunc
@cython.locals(index=_Index, places=_Places,
               masks=bytearray, over=bytearray, bits=cython.p_uchar, under=cython.p_uchar,
               h=cython.Py_ssize_t, base=cython.Py_ssize_t,
               i=cython.Py_ssize_t, dx=cython.Py_ssize_t, dy=cython.Py_ssize_t, ox=cython.Py_ssize_t,
               oy=cython.Py_ssize_t, packed=cython.Py_ssize_t, x=cython.Py_ssize_t, y=cython.Py_ssize_t)
def _resides(index: _Index, placed: Placed) -> None:
    """The positions a tile laid changes: those it overlaps (its top-left cell within one cell of
    the tile's, every tile being 2 × 2) are over it for good; those with a half-side against one
    of its cells gain that bit (and the rail bit where a rail leaves there). A laid cell never
    changes again, so the bits only ever grow."""
    places = index.places
    x, y = placed.x, placed.y
    _widen(places, x - 2, y - 2, x + 2, y + 2)  # every position `_reach` names
    masks, over, h = places.masks, places.over, places.h
    bits, under = masks, over  # compiled, the bytes themselves: every index is inside the window
    base = (x - places.x0) * h + y - places.y0
    for dx in range(-1, 2):
        for dy in range(-1, 2):
            i = base + dx * h + dy
            under[i] = 1
            bits[2 * i] = bits[2 * i + 1] = 0
    for ox, oy, packed in _reach(placed.tile, placed.turn):
        i = base + ox * h + oy
        if not under[i]:
            bits[2 * i] |= packed & 0xFF
            bits[2 * i + 1] |= packed >> 8


@cython.cfunc
@cython.locals(index=_Index)
def _join(index: _Index, a: RailId, b: RailId) -> RailId | None:
    """One track of the two: every rail then names the earlier head, and the later one, which
    no longer heads a track, is returned (None: the two were one track already)."""
    ha, hb = index.group[a], index.group[b]
    if ha == hb:
        return None
    head, gone = min(ha, hb), max(ha, hb)
    moved = index.members.pop(gone)
    for rail in moved:
        index.group[rail] = head
    index.members[head] = tuple(sorted((*index.members[head], *moved)))
    return gone


def _cells(cells: list[Cell]) -> str:
    return " and ".join(f"{x},{y}" for x, y in cells)

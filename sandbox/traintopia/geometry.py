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

from dataclasses import dataclass
from functools import cache, cached_property

from sandbox.traintopia.components import PORT_CELL, TILES, Tile

Cell = tuple[int, int]
PortKey = tuple[int, int, int]  # the cell a rail leaves and the direction it leaves in
RailId = tuple[int, int]  # (tile index in the network, rail index on the tile)

STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W
SIDE_NAMES = ("top", "right", "bottom", "left")
PORT_DIR = (0, 0, 1, 1, 2, 2, 3, 3)
LOCAL = ((0, 0), (1, 0), (0, 1), (1, 1))  # cell 0 top-left .. 3 bottom-right
_TURN_CELL = (1, 3, 0, 2)  # a quarter turn clockwise: cell 0 -> 1 -> 3 -> 2 -> 0
AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))  # a cell and its 8 neighbours


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

    @property
    def finished(self) -> bool:
        """Stations at both ends [scoring.finished]."""
        return len(self.ends) == 2 and all(e.kind == "station" for e in self.ends)

    @property
    def identical(self) -> bool:
        return self.finished and self.ends[0].station == self.ends[1].station

    @cached_property
    def open_into(self) -> frozenset[Cell]:
        """The cells its open ends lead into (a tile laid there touches the track)."""
        return frozenset(beyond(e.key) for e in self.ends if e.key is not None)

    def near(self) -> frozenset[Cell]:
        """The cells next to the track, orthogonally or diagonally, and its own [elements.tourist]
        [ruling.adjacency]."""
        return frozenset((x + dx, y + dy) for x, y in self.cells for dx, dy in AROUND)


def rail_name(rail: RailId) -> str:
    return f"t{rail[0]}r{rail[1]}"


class _Index:
    """What a network knows of itself, updated tile by tile (shared, never changed once made)."""

    __slots__ = ("cells", "group", "ports", "sides")

    def __init__(self) -> None:
        self.cells: dict[Cell, tuple[int, str]] = {}  # cell -> (tile index, feature)
        self.ports: dict[PortKey, RailId] = {}  # a rail's port end -> the rail
        self.group: dict[RailId, RailId] = {}  # rail -> the first rail of its track
        # where a tile may go (its top-left cell), with masks of its 8 half-sides: those against
        # a tile and those against a rail (see `Network.placements`)
        self.sides: dict[Cell, tuple[int, int]] = {}

    def copy(self) -> _Index:
        new = _Index()
        new.cells = dict(self.cells)
        new.ports = dict(self.ports)
        new.group = dict(self.group)
        new.sides = dict(self.sides)
        return new


@dataclass(frozen=True)
class Network:
    """One player's tiles, in the order laid ("t0" is the starting tile)."""

    tiles: tuple[Placed, ...] = ()

    @cached_property
    def index(self) -> _Index:
        index = _Index()
        for i, placed in enumerate(self.tiles):
            _add(index, i, placed)
        return index

    def with_tile(self, placed: Placed) -> Network:
        """This network and one more tile, its index carried on rather than rebuilt."""
        new = Network((*self.tiles, placed))
        index = self.index.copy()
        _add(index, len(self.tiles), placed)
        new.__dict__["index"] = index
        known = self.__dict__.get("tracks")
        if known is not None:  # the tracks the tile leaves alone carry on as they are
            new.__dict__["tracks"] = new._tracks_after(known, placed)
        return new

    def _tracks_after(self, before: tuple[Track, ...], placed: Placed) -> tuple[Track, ...]:
        """This network's tracks, from the tracks before `placed` (its last tile) was laid: a
        track is built again only if the tile joined it or covers a cell one of its ends faces."""
        group = self.index.group
        last = len(self.tiles) - 1
        touched = {group[(last, r)] for r in range(len(placed.shape.rails))}
        foot = set(placed.footprint())
        kept = {}
        for track in before:
            head = group[track.rails[0]]
            if head in touched or not foot.isdisjoint(track.open_into):
                touched.add(head)
            else:
                kept[head] = track
        rails: dict[RailId, list[RailId]] = {}
        for rail, head in group.items():
            if head in touched:
                rails.setdefault(head, []).append(rail)
        kept.update((head, self._track(sorted(members))) for head, members in rails.items())
        return tuple(track for _, track in sorted(kept.items()))

    def __getstate__(self) -> dict[str, object]:
        return {"tiles": self.tiles}  # the index is rebuilt when asked for

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
    def tracks(self) -> tuple[Track, ...]:
        groups: dict[RailId, list[RailId]] = {}
        for rail, head in self.index.group.items():
            groups.setdefault(head, []).append(rail)
        return tuple(self._track(sorted(rails)) for _, rails in sorted(groups.items()))

    @cached_property
    def track_of(self) -> dict[RailId, Track]:
        return {rail: t for t in self.tracks for rail in t.rails}

    def track(self, name: str) -> Track | None:
        return next((t for t in self.tracks if t.name == name), None)

    def _track(self, rails: list[RailId]) -> Track:
        cells: set[Cell] = set()
        ends: list[TrackEnd] = []
        for t, r in rails:
            placed = self.tiles[t]
            rail = placed.shape.rails[r]
            cells.update((placed.x + dx, placed.y + dy) for dx, dy in rail.cells)
            if rail.station:
                ends.append(TrackEnd("station", placed.shape.station))
            for dx, dy, d in rail.ports:
                key = (placed.x + dx, placed.y + dy, d)
                if facing(key) in self.index.ports:
                    continue  # joined to the next rail
                kind = "blocked" if beyond(key) in self.index.cells else "open"
                ends.append(TrackEnd(kind, key=key if kind == "open" else None))
        return Track(rail_name(rails[0]), tuple(rails), len({t for t, _ in rails}), frozenset(cells),
                     tuple(ends))

    # --- placing --------------------------------------------------------------------------
    def placements(self, tile_id: str) -> tuple[Placed, ...]:
        """Every legal way to lay `tile_id` [tiles.placing] [tiles.no-dead-ends] [tiles.no-loops]."""
        return tuple(Placed(tile_id, x, y, t) for x, y, t in self.spots(tile_id))

    def spots(self, tile_id: str) -> list[tuple[int, int, int]]:
        """(x, y, turn) of every legal placement of `tile_id`: the same verdict as `faults`, as
        bit masks. For each position, which of the 8 half-sides face a tile (`occupied`) and
        which face a rail (`rails`); a turn of the tile, whose rails leave by `mask`, has no
        dead end exactly when `(mask ^ rails) & occupied` is 0, and can close a loop only when
        it joins two rails or more."""
        if not self.tiles:
            return [(0, 0, 0)]
        out = []
        masks = [(t, rail_mask(tile_id, t)) for t in turns(tile_id)]
        sides = self.index.sides
        for x, y in sorted(sides):
            occupied, rails = sides[(x, y)]
            for t, mask in masks:
                if (mask ^ rails) & occupied:
                    continue
                if (mask & occupied).bit_count() < 2 or not self._loops(Placed(tile_id, x, y, t)):
                    out.append((x, y, t))
        return out

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
        ports, group = self.index.ports, self.index.group
        joined: dict[object, object] = {}

        def find(a: object) -> object:
            while joined.get(a, a) != a:
                a = joined[a]
            return a

        for i, rail in enumerate(placed.shape.rails):
            sides: list[object] = []
            for dx, dy, d in rail.ports:
                other = ports.get(facing((placed.x + dx, placed.y + dy, d)))
                if other is not None:
                    sides.append(find(group[other]))
            own = find(("new", i))
            for side in sides:
                side = find(side)  # earlier rails of this tile may have joined it already
                if side == own:
                    return True
                joined[side] = own
        return False

    def railhead_placements(self, tile_id: str) -> tuple[Placed, ...]:
        """Where the Railhead may go: against an open end of an unfinished track, overlapping
        nothing; any other edge is allowed [bonus.railhead]."""
        out = set()
        cells = self.index.cells
        for track in self.tracks:
            if track.finished:
                continue
            for end in track.ends:
                if end.kind != "open" or end.key is None:
                    continue
                ox, oy = beyond(end.key)
                want = (end.key[2] + 2) % 4
                for t in range(4):
                    for rail in shape(tile_id, t).rails:
                        for px, py, d in rail.ports:
                            if d != want:
                                continue
                            placed = Placed(tile_id, ox - px, oy - py, t)
                            if not any(c in cells for c in placed.footprint()):
                                out.add(placed)
        return tuple(sorted(out))


_HALF_SIDES = tuple(_port_key(p, 0) for p in range(8))  # the footprint's 8 half-sides, by bit
_BEYOND = tuple((*beyond(k), facing(k)[2]) for k in _HALF_SIDES)
"""Per half-side of the footprint: the cell beyond it and the side of that cell it meets."""


@cache
def rail_mask(tile_id: str, turn: int) -> int:
    """The half-sides a turned tile's rails leave by, as bits of `_HALF_SIDES`."""
    keys = {k for rail in shape(tile_id, turn).rails for k in rail.ports}
    return sum(1 << bit for bit, k in enumerate(_HALF_SIDES) if k in keys)


def _add(index: _Index, i: int, placed: Placed) -> None:
    """Lay tile `i` into `index`: cells, ports, tracks joined, the places next to it."""
    sh = placed.shape
    x, y = placed.x, placed.y
    for (dx, dy), feature in sh.features:
        cell = (x + dx, y + dy)
        index.cells[cell] = (i, feature)
    for r, rail in enumerate(sh.rails):
        rid = (i, r)
        index.group[rid] = rid
        for dx, dy, d in rail.ports:
            key = (x + dx, y + dy, d)
            index.ports[key] = rid
            other = index.ports.get(facing(key))
            if other is not None:
                _join(index, rid, other)
    _resides(index, x, y)


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


def _resides(index: _Index, x: int, y: int) -> None:
    """The positions a tile laid at x, y changes: those it overlaps go; those with a half-side
    against one of its cells gain that bit (and the rail bit where a rail leaves there). A
    laid cell never changes again, so the bits only ever grow."""
    cells, ports, sides = index.cells, index.ports, index.sides
    for py in (y - 1, y, y + 1):
        for px in (x - 1, x, x + 1):
            sides.pop((px, py), None)
    for ox, oy, faces in _TOUCH:
        px, py = x + ox, y + oy
        if (px, py) in cells or (px + 1, py) in cells or (px, py + 1) in cells \
                or (px + 1, py + 1) in cells:  # the footprint overlaps a tile
            continue
        occupied, rails = sides.get((px, py), (0, 0))
        for dx, dy, bit, fd in faces:
            occupied |= bit
            if (x + dx, y + dy, fd) in ports:
                rails |= bit
        sides[(px, py)] = (occupied, rails)


def _join(index: _Index, a: RailId, b: RailId) -> None:
    """One track of the two: every rail then names the earlier head."""
    ha, hb = index.group[a], index.group[b]
    if ha == hb:
        return
    head, gone = min(ha, hb), max(ha, hb)
    for rail, h in index.group.items():
        if h == gone:
            index.group[rail] = head


def _cells(cells: list[Cell]) -> str:
    return " and ".join(f"{x},{y}" for x, y in cells)

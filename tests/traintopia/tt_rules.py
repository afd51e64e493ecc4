"""Helpers for the Traintopia rule tests: states from written positions (with defaults), refusals
checked with the rule they cite, quick plays, and an independent tracer of tracks read straight
from the tile data (`components.TILES`), so geometry tests do not only ask the engine about itself.

Cells: every tile is 2 x 2 cells; a tile at x, y covers x..x+1, y..y+1; the starting tile sits
at 0, 0 unturned. Ports are numbered clockwise from the top edge of the top-left cell (0, 1 top,
2, 3 right, 4, 5 bottom, 6, 7 left); a quarter turn clockwise moves port p to p + 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import sandbox
from sandbox.core.errors import IllegalAction
from sandbox.traintopia import Config, State, position
from sandbox.traintopia.components import PORT_CELL, STATION, TILES
from sandbox.traintopia.geometry import Network, Placed

GAME = "traintopia"


# --- positions ---------------------------------------------------------------------------------

def at(spec: dict[str, Any] | None = None, players: int = 2, **rulings: str) -> State:
    """The state written in `spec` (sandbox/traintopia/position.py): by default 2 players, each
    on their starting tile (P1 S1, P2 S2), round 1, P1 to draft from an offer of two tourists."""
    spec = dict(spec or {})
    spec.setdefault("offer", ["tourist", "tourist"])
    return position(Config.make(players, **rulings), spec)


def seat_spec(*tiles: tuple[str, int, int, int] | list[Any], pieces=(), **more: Any) -> dict[str, Any]:
    """A player's spec: tiles [tile, x, y, turn] (the starting tile S1 at 0, 0 if none given)."""
    tiles = [list(t) for t in tiles] or [["S1", 0, 0, 0]]
    return {"tiles": tiles, "pieces": [list(p) for p in pieces], **more}


def match(spec: dict[str, Any] | None = None, players: int = 2, seed: int = 1, force=(),
          **rulings: str) -> sandbox.Match:
    """A match from a written position; `force` queues chance outcomes ("reveal M12", ...)."""
    spec = dict(spec or {})
    spec.setdefault("offer", ["tourist", "tourist"])
    return sandbox.new_game(GAME, players=players, seed=seed, position=spec, force=list(force), **rulings)


def play(state: State, *actions: Any) -> tuple[State, list]:
    """`state` after `actions` (notation or objects), with every event."""
    events: list = []
    for action in actions:
        state, evs = state.apply(action)
        events += evs
    return state, events


# --- refusals ----------------------------------------------------------------------------------

def rules(state: State, action: Any) -> list[str]:
    """The rules `action` breaks now (empty when it is legal)."""
    return [v.rule for v in state.explain(action).violations]


def _snapshot(state: State) -> dict[str, Any]:
    return dict(state.__getstate__())


def refused(state: State | sandbox.Match, action: Any, rule: str) -> None:
    """`action` is refused by `explain()` citing `rule`, is not a legal action, and `apply()`
    raises IllegalAction leaving the state as it was (a Match: `play()` likewise)."""
    if isinstance(state, sandbox.Match):
        m = state
        assert rule in rules(m.state, action), (action, m.explain(action))
        before, ply = m.state, m.ply
        with pytest.raises(IllegalAction):
            m.play(action)
        assert m.state is before and m.ply == ply
        state = m.state
    verdict = state.explain(action)
    assert not verdict.ok, (action, "was allowed")
    assert rule in [v.rule for v in verdict.violations], (rule, str(verdict))
    assert state.read(action) not in state.legal_actions()
    before = _snapshot(state)
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    assert rule in [v.rule for v in raised.value.violations]
    assert _snapshot(state) == before


def legal(state: State | sandbox.Match, action: Any) -> bool:
    """Whether `action` is allowed now; `explain()` and `legal_actions()` must agree."""
    if isinstance(state, sandbox.Match):
        state = state.state
    ok = state.explain(action).ok
    assert ok == (state.read(action) in state.legal_actions()), action
    return ok


def options(state: State) -> set[str]:
    return {a.notation for a in state.legal_actions()}


def of(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


# --- an independent tracer -----------------------------------------------------------------------

STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W
LOCAL = ((0, 0), (1, 0), (0, 1), (1, 1))  # cells 0-3 of a tile
CELL_TURN = {0: 1, 1: 3, 3: 2, 2: 0}  # a quarter turn clockwise


def turn_cell(cell: int, turn: int) -> int:
    for _ in range(turn):
        cell = CELL_TURN[cell]
    return cell


def port_key(x: int, y: int, port: int, turn: int) -> tuple[int, int, int]:
    """The table cell a tile's port leaves and its direction (0 N, 1 E, 2 S, 3 W)."""
    p = (port + 2 * turn) % 8
    dx, dy = LOCAL[PORT_CELL[p]]
    return x + dx, y + dy, p // 2


def meets(key: tuple[int, int, int]) -> tuple[int, int, int]:
    x, y, d = key
    dx, dy = STEP[d]
    return x + dx, y + dy, (d + 2) % 4


def into(key: tuple[int, int, int]) -> tuple[int, int]:
    x, y, d = key
    dx, dy = STEP[d]
    return x + dx, y + dy


@dataclass
class Traced:
    rails: list[tuple[int, int]]
    tiles: int
    cells: set[tuple[int, int]]
    ends: list[str]  # "station:<kind>", "open" or "blocked", one per loose end
    loop: bool


def footprint(tile: str, x: int, y: int, turn: int) -> dict[tuple[int, int], str]:
    """The cells a tile covers and each one's feature."""
    return {(x + LOCAL[turn_cell(c, turn)][0], y + LOCAL[turn_cell(c, turn)][1]): f
            for c, f in enumerate(TILES[tile].cells)}


def trace(tiles: list[Placed] | tuple[Placed, ...] | Network) -> list[Traced]:
    """Every track of a network, worked out from the tile data alone."""
    if isinstance(tiles, Network):
        tiles = tiles.tiles
    cells: dict[tuple[int, int], str] = {}
    ports: dict[tuple[int, int, int], tuple[int, int]] = {}
    info: dict[tuple[int, int], tuple[list, str, set]] = {}
    for i, p in enumerate(tiles):
        cells.update(footprint(p.tile, p.x, p.y, p.turn))
        tile = TILES[p.tile]
        for r, rail in enumerate(tile.rails):
            keys = [port_key(p.x, p.y, e, p.turn) for e in rail.ends if e != STATION]
            station = tile.station if STATION in rail.ends else ""
            rc = {(p.x + LOCAL[turn_cell(c, p.turn)][0], p.y + LOCAL[turn_cell(c, p.turn)][1])
                  for c in rail.cells}
            info[(i, r)] = (keys, station, rc)
            for k in keys:
                ports[k] = (i, r)
    parent = {rid: rid for rid in info}

    def find(a):
        while parent[a] != a:
            a = parent[a]
        return a

    joins: dict[tuple[int, int], int] = {}
    links = set()
    for k, rid in ports.items():
        other = ports.get(meets(k))
        if other is not None and (meets(k), k) not in links:
            links.add((k, meets(k)))
            a, b = find(rid), find(other)
            if a != b:
                parent[max(a, b)] = min(a, b)
    for k, _ in links:
        joins[find(ports[k])] = joins.get(find(ports[k]), 0) + 1
    groups: dict[tuple[int, int], list] = {}
    for rid in info:
        groups.setdefault(find(rid), []).append(rid)
    out = []
    for head, rails in sorted(groups.items()):
        ends, rc = [], set()
        for rid in rails:
            keys, station, cs = info[rid]
            rc |= cs
            if station:
                ends.append(f"station:{station}")
            for k in keys:
                if meets(k) in ports:
                    continue
                ends.append("blocked" if into(k) in cells else "open")
        out.append(Traced(sorted(rails), len({t for t, _ in rails}), rc, ends,
                          joins.get(head, 0) >= len(rails)))
    return out


def cells_of(tiles) -> dict[tuple[int, int], str]:
    if isinstance(tiles, Network):
        tiles = tiles.tiles
    out: dict[tuple[int, int], str] = {}
    for p in tiles:
        out.update(footprint(p.tile, p.x, p.y, p.turn))
    return out


def own_faults(tiles, placed: Placed) -> set[str]:
    """The rules a placement breaks, worked out from the tile data alone: overlap or no side
    contact [tiles.placing], a rail against a railless edge either way [tiles.no-dead-ends], a
    track joined to itself [tiles.no-loops] (checked only when nothing else is wrong)."""
    if isinstance(tiles, Network):
        tiles = tiles.tiles
    cells = cells_of(tiles)
    mine = footprint(placed.tile, placed.x, placed.y, placed.turn)
    out = set()
    if any(c in cells for c in mine):
        out.add("tiles.placing")
    ports = {k for p in tiles for r in TILES[p.tile].rails for e in r.ends if e != STATION
             for k in [port_key(p.x, p.y, e, p.turn)]}
    own = {port_key(placed.x, placed.y, e, placed.turn) for r in TILES[placed.tile].rails
           for e in r.ends if e != STATION}
    touching = False
    for port in range(8):
        key = port_key(placed.x, placed.y, port, 0)  # the 8 half-sides of the footprint
        if into(key) not in cells or into(key) in mine:
            continue
        touching = True
        if (key in own) != (meets(key) in ports):
            out.add("tiles.no-dead-ends")
    if not touching and "tiles.placing" not in out:
        out.add("tiles.placing")
    if not out and any(t.loop for t in trace([*tiles, placed])):
        out.add("tiles.no-loops")
    return out

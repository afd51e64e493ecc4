"""Traintopia components, loaded from the JSON files in `data/`.

The engine reads every tile, card and count from here, so that a correction (or the real tiles,
should they ever be read) is one edit in one file. Almost nothing was published: the tiles, the
round cards and the objective cards are our reconstruction, each record saying why
(docs/traintopia_components.md).

Files (records read by `sandbox.core.components.records`, each with `source` and `ref`/`why`):

- `tiles.json`: 50 map, 4 starting, 10 bonus tiles and the railhead (`set`: map | start | bonus |
  railhead). A tile is a square of 2 x 2 cells (0 top-left, 1 top-right, 2 bottom-left,
  3 bottom-right); `cells` gives each cell's feature ("" a park, a district grey | yellow |
  green | mixed, a landmark landmark1-3, or money); `rails` each run between two of the 8 ports
  (numbered clockwise from the top edge of cell 0, `PORT_CELL`) or from a port to the tile's
  `station` ({`kind`, `cell`} or null), through the `cells` listed. Written by
  `tools/make_traintopia_tiles.py`.
- `round_cards.json`: 9 cards: `elements` (the wooden elements on the card's spaces, a
  "commuter" drawn at random from the bag) and `tiles` (Map Tiles revealed, by player count).
- `objectives.json`: 8 cards: `name`, `text`, `condition` (`kind` and its numbers, one of
  `OBJECTIVE_KINDS`) and `vp`, scored when met at the end of the game (our ruling: the English
  rulebook never says).
- `supply.json`: counts by id (`commuter.grey`, `tourist`, `money`, `map_tile`, ...).

A record may carry `field_sources` {field: source} for fields whose source differs from the
record's: the rulebook's example round card, reconstructed but for its elements. `load()` checks
every file on its own (tile geometry, features, ids) and against the others: the tile and card
counts against the supply, and the round cards against the wooden elements and the map tiles
that remain after setup, for every player count. `ComponentError` names the file, the record and
the field of anything wrong.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sandbox.core.components import SOURCES, ComponentError, Provenance, records

PACKAGE = "sandbox.traintopia"
PORT_CELL: tuple[int, ...] = (0, 1, 1, 3, 3, 2, 2, 0)  # port p leaves the tile from cell PORT_CELL[p]
CELL_NEIGHBOURS: tuple[tuple[int, ...], ...] = ((1, 2), (0, 3), (0, 3), (1, 2))  # orthogonal, in the 2 x 2
STATION = "station"
STATION_KINDS = ("circle", "square", "diamond")
RAILHEAD_KIND = "railhead"  # the railhead's station is a kind of its own
DISTRICTS = ("grey", "yellow", "green")  # commuter colours; "mixed" counts for each
MIXED = "mixed"
LANDMARK_VALUE: Mapping[str, int] = {"landmark1": 1, "landmark2": 2, "landmark3": 3}
MONEY = "money"
PARK = ""
FEATURES = (PARK, *DISTRICTS, MIXED, *LANDMARK_VALUE, MONEY)
ELEMENTS = ("tourist", "commuter", "train", "mailbag")
PLAYERS = (2, 3, 4)
DECK_SIZE: Mapping[int, int] = {2: 8, 3: 9, 4: 8}  # Setup 4: 9 round cards with 3 players, else 8
SETUP_TILES_PER_PLAYER = 2  # Setup 12: reveal players x 2 Map Tiles
ON_BONUS_CARD = ("train", "mailbag")  # Setup 5: one of each waits on the End Game Bonus card
MAX_SPACES = 4  # "up to four wooden components" (component-data-2.md §2.2)
MAX_MONEY = 2  # money symbols on one tile (our design limit)
SETS: Mapping[str, tuple[str, str]] = {  # set -> (supply id of its count, id pattern)
    "map": ("map_tile", r"M\d\d"), "start": ("start_tile", r"S\d"),
    "bonus": ("bonus_tile", r"B\d\d"), "railhead": ("railhead", r"RH")}
OBJECTIVE_KINDS: Mapping[str, tuple[str, ...]] = {  # condition kind -> its numbers
    "finished_length": ("tiles",), "finished_count": ("count",), "identical_count": ("count",),
    "all_commuters": (), "tourist_count": ("count",), "money_left": ("count",),
    "district_count": ("count",), "landmark_value": ("value",), "track_length": ("tiles",)}
SUPPLY_IDS = (*(f"commuter.{d}" for d in DISTRICTS), "tourist", "train", "mailbag", "railway_inspector",
              "bag", "money", "vp_token", "map_tile", "start_tile", "bonus_tile", "railhead", "round_card",
              "objective_card", "end_game_bonus_card", "player_aid_card")
COMMUTERS = 15  # rulebook, Game Components: "15 Commuters"
# Part 2 example card: its elements, and the Map Tiles it reveals with 3 players
RULEBOOK_EXAMPLE = (("tourist", "commuter", "train", "mailbag"), 3, 6)
WHAT = ("the 50 map tiles, 4 starting tiles, 10 bonus tiles, the railhead, the 9 round cards (one partly "
        "known), the 8 objective cards and the commuters' colour split")


# --- records -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rail:
    """A rail printed on a tile: between two ports, or from a port to the tile's station
    (`STATION`), running through `cells` (ascending, orthogonally connected)."""

    ends: tuple[int | str, int | str]
    cells: tuple[int, ...]

    @property
    def ports(self) -> tuple[int, ...]:
        """The ports it leaves the tile by (one for a station rail)."""
        return tuple(e for e in self.ends if isinstance(e, int))

    @property
    def to_station(self) -> bool:
        return STATION in self.ends


@dataclass(frozen=True)
class Tile:
    """A map, starting or bonus tile, or the railhead: four cells' features, its rails and its
    station (`station` the kind, "" for none; `station_cell` -1 for none)."""

    id: str
    set: str  # map | start | bonus | railhead
    cells: tuple[str, str, str, str]
    rails: tuple[Rail, ...]
    station: str
    station_cell: int
    source: str
    why: str
    ref: str = ""

    def rail_at(self, port: int) -> Rail | None:
        """The rail leaving by `port`, if any."""
        return next((r for r in self.rails if port in r.ports), None)

    @property
    def ports(self) -> tuple[int, ...]:
        """The ports rails leave by, ascending."""
        return tuple(sorted(p for r in self.rails for p in r.ports))


@dataclass(frozen=True)
class RoundCard:
    """The wooden elements on a round card's spaces and the Map Tiles to reveal per player count."""

    id: str
    elements: tuple[str, ...]
    tiles: tuple[tuple[int, int], ...]  # (players, tiles)
    source: str
    ref: str = ""
    why: str = ""
    field_sources: tuple[tuple[str, str], ...] = ()

    def tiles_for(self, players: int) -> int:
        """The Map Tiles to reveal with `players` players."""
        for n, tiles in self.tiles:
            if n == players:
                return tiles
        raise ValueError(f"round card {self.id}: no tile count for {players} players")

    def count(self, element: str) -> int:
        return self.elements.count(element)


@dataclass(frozen=True)
class Objective:
    """A secret objective: when its condition (`kind` with `params`) is met at the end of the game
    it scores `vp` (our ruling; the rulebook never says)."""

    id: str
    name: str
    text: str
    kind: str
    params: tuple[tuple[str, int], ...]
    vp: int
    source: str
    why: str = ""

    def param(self, name: str) -> int:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(f"objective {self.id} ({self.kind}) has no {name!r}")


@dataclass(frozen=True)
class Components:
    """Everything `load()` read, checked."""

    tiles: tuple[Tile, ...]
    round_cards: tuple[RoundCard, ...]
    objectives: tuple[Objective, ...]
    supply: tuple[tuple[str, int], ...]
    provenance: Provenance


# --- checks --------------------------------------------------------------------------------------

def _get(r: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in r:
        raise ComponentError(f"{where}: no {key!r}")
    return r[key]


def _int(value: Any, where: str, field: str, low: int = 0, high: int | None = None) -> int:
    if (isinstance(value, bool) or not isinstance(value, int) or value < low
            or (high is not None and value > high)):
        span = f"{low}-{high}" if high is not None else f">= {low}"
        raise ComponentError(f"{where}: {field} = {value!r} is not a whole number {span}")
    return value


def _str(r: Mapping[str, Any], key: str, where: str, choices: Collection[str] | None = None) -> str:
    v = _get(r, key, where)
    if not isinstance(v, str) or not v.strip():
        raise ComponentError(f"{where}: {key} = {v!r} is not a text")
    if choices is not None and v not in choices:
        raise ComponentError(f"{where}: {key} = {v!r} is not one of {', '.join(choices)}")
    return v


def _unique(ids: Iterable[str], what: str) -> None:
    if dupes := sorted(i for i, n in Counter(ids).items() if n > 1):
        raise ComponentError(f"{what}: ids used twice: {', '.join(dupes)}")


def _fields(r: Mapping[str, Any], where: str) -> tuple[tuple[str, str], ...]:
    """`field_sources`, checked: fields the record has, known sources, a `ref` for any not
    reconstructed."""
    fields = r.get("field_sources", {})
    if not isinstance(fields, dict):
        raise ComponentError(f"{where}: field_sources is not an object")
    for field, source in fields.items():
        if field not in r:
            raise ComponentError(f"{where}: field_sources names a field it does not have: {field!r}")
        if source not in SOURCES:
            raise ComponentError(f"{where}: field_sources[{field!r}] = {source!r} is not one of "
                                 f"{', '.join(SOURCES)}")
        if source != "reconstructed" and not r.get("ref"):
            raise ComponentError(f"{where}: field {field!r} is {source} but the record has no 'ref'")
    return tuple(sorted(fields.items()))


def _connected(cells: Collection[int]) -> bool:
    todo, seen = [min(cells)], {min(cells)}
    while todo:
        for n in CELL_NEIGHBOURS[todo.pop()]:
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


# --- tiles.json ----------------------------------------------------------------------------------

def _rail(r: Any, where: str, station_cell: int) -> Rail:
    """One rail, checked: two different ends (ports 0-7 or the station, never station to
    station), its cells ascending, holding each end's cell and orthogonally connected."""
    if not isinstance(r, dict):
        raise ComponentError(f"{where} is not an object")
    ends = _get(r, "ends", where)
    if not isinstance(ends, list) or len(ends) != 2:
        raise ComponentError(f"{where}: ends = {ends!r} is not two ends")
    for e in ends:
        if e != STATION:
            _int(e, where, "an end", 0, 7)
    if ends[0] == ends[1]:
        raise ComponentError(f"{where}: ends = {ends!r}: a rail runs between two different "
                             + ("ports" if ends[0] != STATION else "ends, never from a station to a station"))
    if STATION in ends and station_cell < 0:
        raise ComponentError(f"{where}: ends at a station but the tile has none")
    cells = _get(r, "cells", where)
    if not isinstance(cells, list) or not cells:
        raise ComponentError(f"{where}: cells = {cells!r} is not a list of cells")
    for c in cells:
        _int(c, where, "a cell", 0, 3)
    if cells != sorted(set(cells)):
        raise ComponentError(f"{where}: cells = {cells!r} is not ascending without repeats")
    needed = {station_cell if e == STATION else PORT_CELL[e] for e in ends}
    if missing := sorted(needed - set(cells)):
        raise ComponentError(f"{where}: cells = {cells!r} miss cell(s) {missing} where its ends are "
                             f"(ends {ends!r})")
    if not _connected(cells):
        raise ComponentError(f"{where}: cells = {cells!r} are not orthogonally connected within the 2 x 2")
    return Rail((ends[0], ends[1]), tuple(cells))


def _tile(r: Mapping[str, Any]) -> Tile:
    where = f"tiles.json tile {r.get('id', '?')!r}"
    tid = _str(r, "id", where)
    tset = _str(r, "set", where, SETS)
    if not re.fullmatch(SETS[tset][1], tid):
        raise ComponentError(f"{where}: id {tid!r} is not one of a {tset} tile ({SETS[tset][1]})")
    cells = _get(r, "cells", where)
    if not isinstance(cells, list) or len(cells) != 4:
        raise ComponentError(f"{where}: cells = {cells!r} is not four features")
    for i, c in enumerate(cells):
        if c not in FEATURES:
            raise ComponentError(f"{where}: cells[{i}] = {c!r} is not one of "
                                 f"{', '.join(map(repr, FEATURES))}")
    station = _get(r, "station", where)
    kind, station_cell = "", -1
    if station is not None:
        if not isinstance(station, dict):
            raise ComponentError(f"{where}: station = {station!r} is not null or {{'kind': ..., 'cell': n}}")
        kinds = (RAILHEAD_KIND,) if tset == "railhead" else STATION_KINDS
        kind = _str(station, "kind", f"{where} station", kinds)
        station_cell = _int(_get(station, "cell", f"{where} station"), f"{where} station", "cell", 0, 3)
        if cells[station_cell] != PARK:
            raise ComponentError(f"{where}: the station's cell {station_cell} shows {cells[station_cell]!r}; "
                                 "a station's cell has no other feature")
    elif tset in ("start", "railhead"):
        raise ComponentError(f"{where}: station = null, but a {tset} tile is a station")
    rows = _get(r, "rails", where)
    if not isinstance(rows, list):
        raise ComponentError(f"{where}: rails = {rows!r} is not a list")
    rails = tuple(_rail(x, f"{where} rails[{i}]", station_cell) for i, x in enumerate(rows))
    if twice := sorted(p for p, n in Counter(p for x in rails for p in x.ports).items() if n > 1):
        raise ComponentError(f"{where}: port(s) {twice} used by more than one rail")
    if station is not None and (n := sum(x.to_station for x in rails)) != 1:
        raise ComponentError(f"{where}: {n} rails end at the station; a station has exactly one")
    if (money := cells.count(MONEY)) > MAX_MONEY:
        raise ComponentError(f"{where}: {money} money symbols; at most {MAX_MONEY} on a tile")
    if tset == "map" and all(c == PARK for c in cells):
        raise ComponentError(f"{where}: cells show nothing; every map tile has a district, landmark or money")
    _fields(r, where)
    return Tile(tid, tset, (cells[0], cells[1], cells[2], cells[3]), rails, kind, station_cell,
                r["source"], r.get("why", ""), r.get("ref", ""))


def read_tiles(supply: Mapping[str, int], package: str = PACKAGE) -> tuple[Tile, ...]:
    """Every tile, checked one by one and counted by set against the supply."""
    tiles = tuple(_tile(r) for r in records(package, "tiles"))
    _unique((t.id for t in tiles), "tiles.json")
    for tset, (count_id, _) in SETS.items():
        if (n := sum(t.set == tset for t in tiles)) != supply[count_id]:
            raise ComponentError(f"tiles.json: {n} {tset} tiles, not {supply[count_id]} "
                                 f"(supply.json {count_id})")
    return tiles


# --- round_cards.json ----------------------------------------------------------------------------

def read_round_cards(supply: Mapping[str, int], package: str = PACKAGE) -> tuple[RoundCard, ...]:
    """The round cards, checked one by one, for the rulebook's example card, and against the
    budgets: the wooden elements in the box (less one Train and one Mailbag on the End Game Bonus
    card) over the whole deck, and for every player count the Map Tiles left after setup over the
    cards that player count uses (any of them: 2 and 4 players leave out a random card)."""
    cards = []
    for r in records(package, "round_cards"):
        where = f"round_cards.json card {r.get('id', '?')!r}"
        cid = _str(r, "id", where)
        if not re.fullmatch(r"R\d", cid):
            raise ComponentError(f"{where}: id {cid!r} is not R1-R9")
        elements = _get(r, "elements", where)
        if not isinstance(elements, list) or not 1 <= len(elements) <= MAX_SPACES:
            raise ComponentError(f"{where}: elements = {elements!r} is not a list of 1-{MAX_SPACES} elements")
        for e in elements:
            if e not in ELEMENTS:
                raise ComponentError(f"{where}: elements: {e!r} is not one of {', '.join(ELEMENTS)}")
        tiles = _get(r, "tiles", where)
        if not isinstance(tiles, dict) or sorted(tiles) != sorted(map(str, PLAYERS)):
            raise ComponentError(f"{where}: tiles = {tiles!r} is not a count for each of {PLAYERS} players")
        counts = tuple((n, _int(tiles[str(n)], where, f"tiles[{n!r}]", 1)) for n in PLAYERS)
        cards.append(RoundCard(cid, tuple(elements), counts, r["source"], r.get("ref", ""), r.get("why", ""),
                               _fields(r, where)))
    _unique((c.id for c in cards), "round_cards.json")
    if len(cards) != supply["round_card"]:
        raise ComponentError(f"round_cards.json: {len(cards)} cards, not {supply['round_card']} "
                             "(supply.json round_card)")
    elements, players, tiles = RULEBOOK_EXAMPLE
    if not any(sorted(c.elements) == sorted(elements) and c.tiles_for(players) == tiles for c in cards):
        raise ComponentError(f"round_cards.json: no card is the rulebook's example ({', '.join(elements)} "
                             f"and {tiles} Map Tiles with {players} players; Part 2: Draft)")
    have = {"tourist": supply["tourist"], "commuter": sum(supply[f"commuter.{d}"] for d in DISTRICTS),
            "train": supply["train"], "mailbag": supply["mailbag"]}
    for e in ON_BONUS_CARD:
        have[e] -= 1
    for e in ELEMENTS:
        if (asked := sum(c.count(e) for c in cards)) > have[e]:
            raise ComponentError(f"round_cards.json: the cards ask for {asked} {e}s; only {have[e]} are "
                                 "available to them (supply.json, less the End Game Bonus card)")
    for n in PLAYERS:
        left = supply["map_tile"] - SETUP_TILES_PER_PLAYER * n
        worst = sorted((c.tiles_for(n) for c in cards), reverse=True)[:DECK_SIZE[n]]
        if sum(worst) > left:
            raise ComponentError(f"round_cards.json: with {n} players {DECK_SIZE[n]} cards can reveal "
                                 f"{sum(worst)} Map Tiles; only {left} are left after setup")
    return tuple(cards)


# --- objectives.json -----------------------------------------------------------------------------

def read_objectives(supply: Mapping[str, int], package: str = PACKAGE) -> tuple[Objective, ...]:
    """The objective cards, each with a condition the engine knows and exactly its numbers."""
    cards = []
    for r in records(package, "objectives"):
        where = f"objectives.json card {r.get('id', '?')!r}"
        oid = _str(r, "id", where)
        if not re.fullmatch(r"O\d", oid):
            raise ComponentError(f"{where}: id {oid!r} is not O1-O9")
        condition = _get(r, "condition", where)
        if not isinstance(condition, dict):
            raise ComponentError(f"{where}: condition = {condition!r} is not an object")
        kind = _str(condition, "kind", f"{where} condition", OBJECTIVE_KINDS)
        wanted = OBJECTIVE_KINDS[kind]
        if sorted(k for k in condition if k != "kind") != sorted(wanted):
            raise ComponentError(f"{where}: condition {kind} takes {', '.join(wanted) or 'no numbers'}, "
                                 f"not {condition!r}")
        params = tuple((k, _int(condition[k], f"{where} condition", k, 1)) for k in wanted)
        cards.append(Objective(oid, _str(r, "name", where), _str(r, "text", where), kind, params,
                               _int(_get(r, "vp", where), where, "vp", 1), r["source"], r.get("why", "")))
    _unique((c.id for c in cards), "objectives.json")
    if len(cards) != supply["objective_card"]:
        raise ComponentError(f"objectives.json: {len(cards)} cards, not {supply['objective_card']} "
                             "(supply.json objective_card)")
    return tuple(cards)


# --- supply.json ---------------------------------------------------------------------------------

def read_supply(package: str = PACKAGE) -> dict[str, int]:
    """Counts by id: every id of `SUPPLY_IDS` exactly once, and the rulebook's 15 Commuters."""
    supply: dict[str, int] = {}
    for r in records(package, "supply"):
        where = f"supply.json {r.get('id', '?')!r}"
        sid = _str(r, "id", where, SUPPLY_IDS)
        if sid in supply:
            raise ComponentError(f"supply.json: ids used twice: {sid}")
        supply[sid] = _int(_get(r, "count", where), where, "count", 1)
        if "values" in r:  # the VP tokens' denominations
            if not isinstance(r["values"], list) or not r["values"]:
                raise ComponentError(f"{where}: values = {r['values']!r} is not a list of values")
            for v in r["values"]:
                _int(v, where, "a value", 1)
        _fields(r, where)
    if missing := [s for s in SUPPLY_IDS if s not in supply]:
        raise ComponentError(f"supply.json: no {', '.join(missing)}")
    if (n := sum(supply[f"commuter.{d}"] for d in DISTRICTS)) != COMMUTERS:
        raise ComponentError(f"supply.json: {n} commuters, not {COMMUTERS} ('15 Commuters', Game Components)")
    return supply


# --- everything ----------------------------------------------------------------------------------

def load(package: str = PACKAGE) -> Components:
    """All four files of `package` (another package holds a corrected copy), checked one by one
    and against each other; ComponentError says what is wrong and where."""
    supply = read_supply(package)
    tiles = read_tiles(supply, package)
    round_cards = read_round_cards(supply, package)
    objectives = read_objectives(supply, package)
    provenance = Provenance.of({f"{name}.json": records(package, name)
                                for name in ("tiles", "round_cards", "objectives", "supply")}, WHAT)
    return Components(tiles, round_cards, objectives, tuple(supply.items()), provenance)


COMPONENTS = load()
TILES: dict[str, Tile] = {t.id: t for t in COMPONENTS.tiles}
MAP_TILES: tuple[str, ...] = tuple(t.id for t in COMPONENTS.tiles if t.set == "map")
START_TILES: tuple[str, ...] = tuple(t.id for t in COMPONENTS.tiles if t.set == "start")
BONUS_TILES: tuple[str, ...] = tuple(t.id for t in COMPONENTS.tiles if t.set == "bonus")
RAILHEAD: str = next(t.id for t in COMPONENTS.tiles if t.set == "railhead")
ROUND_CARDS: dict[str, RoundCard] = {c.id: c for c in COMPONENTS.round_cards}
OBJECTIVES: dict[str, Objective] = {o.id: o for o in COMPONENTS.objectives}
SUPPLY: dict[str, int] = dict(COMPONENTS.supply)
PROVENANCE: Provenance = COMPONENTS.provenance

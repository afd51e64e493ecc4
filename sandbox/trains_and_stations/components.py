"""Trains & Stations components, loaded from the JSON files in `data/`.

The engine reads every city, route space, card and number from here, so that a correction (or
the real board, should it ever be read) is one edit in one file.

Files (records read by `sandbox.core.components.records`, each with `source` and `ref`/`why`):

- `board.json`: `cities` (`id`, `name`, `slots`, `bonus` {`kind`: vp | power | die, `amount`},
  drawing `x`/`y` in the `box`, `lat`/`lon`) and `routes` (`id`, `name`, `cities`, `spaces`:
  each {`id`, `x`, `y`, `neighbours`: route spaces and cities}). Top-level `projection`,
  `slot_rule` and `bonus_rule` explain the reconstructed positions, slots and bonuses.
- `power_cards.json`: 20 cards; a `mission` has `cities` (two) and `vp`, a `goods` card `goods`
  (two different goods).
- `goods.json`: `goods` (`id`, `name`, `count`, `monopoly_vp`, `starts_on`), `buildings` (`id`,
  `name`, `face`, `per_player`, `starts_with`), `upgrades` (`building`, `levels`: the goods of
  each level of its chart, several where the active player chooses).
- `tables.json`: `dice`, `faces`, `vp_cards`, `vp_stacks` (per player count) and `numbers` (the
  rulebook's counts and limits by id: coins, starting supplies, rerolls, strikes, trades).

A record may carry `field_sources` {field: source} for fields whose source differs from the
record's: a reconstructed city whose name the rulebook gives, say. The board is a graph: a
route is one group of rail squares (its spaces touch each other, never another route's), and a
space's `neighbours` are exactly what "next to" means in the placement rule (Step 3), so
`Board.open_spaces` is that rule and nothing else.
"""

from __future__ import annotations

import heapq
import json
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any

from sandbox.core.components import SOURCES, ComponentError, Provenance, records

PACKAGE = "sandbox.trains_and_stations"
CITY_COUNT = 9  # research: "nur neun Städte" (component-data.md §2.2)
POWER_CARD_COUNT = 20  # rulebook, Components
SLOTS = (2, 3)  # rulebook, Locations: "Stations have either 2 or 3 building locations"
BONUS_KINDS = ("vp", "power", "die")  # Majority Bonus: "additional VP, a Power card, or a Bonus die"
CARD_KINDS = ("mission", "goods")  # rulebook, Step 4.4 and Miscellany
GOODS = ("cattle", "worker", "coal", "food", "silver", "gold")
BUILDINGS = ("ranch", "mine", "hotel")
FACES = ("train", "locked", "coin", "ranch", "mine", "hotel")
PLAYERS = (3, 4, 5)
DICE_TOTAL = 50  # rulebook, Components: "50 custom six-sided dice"
CARD_TOTAL = 120  # rulebook, Components: "120 cards" = 60 goods + 20 power + 40 VP
NUMBERS = ("coin_tokens", "start_coins", "start_vp_cards", "power_dealt", "power_kept", "dice_rolled",
           "min_dice", "reclaim_at", "reroll_cost", "strike_locked", "strike_vp", "set_size",
           "coins_per_die", "max_coins", "vp_per_city", "depleted_goods_vp", "trade_rate")
KNOWN_CITIES = ("seattle", "los_angeles", "billings", "detroit", "san_antonio", "boston")
WHAT = ("the map (routes, route spaces, three city names, city bonuses, most building slots), "
        "the 20 power cards and the Mine's upgrade row")


# --- records -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Origin:
    """Where a record comes from: its `source`, the passage (`ref`) and the reasoning (`why`);
    `fields` lists the fields whose source differs from the record's."""

    source: str
    ref: str = ""
    why: str = ""
    fields: tuple[tuple[str, str], ...] = ()

    def of(self, field: str) -> str:
        """The source of one field."""
        return dict(self.fields).get(field, self.source)


@dataclass(frozen=True)
class City:
    """A station: its building slots, its majority bonus (`amount` of `bonus`: vp, power, die)
    and where to draw it."""

    id: str
    name: str
    slots: int
    bonus: str
    amount: int
    x: float
    y: float
    lat: float
    lon: float
    origin: Origin

    @property
    def bonus_text(self) -> str:
        """'+2 VP', '1 Power card', '2 Bonus dice'."""
        if self.bonus == "vp":
            return f"+{self.amount} VP"
        one, many = {"power": ("Power card", "Power cards"), "die": ("Bonus die", "Bonus dice")}[self.bonus]
        return f"{self.amount} {one if self.amount == 1 else many}"


@dataclass(frozen=True)
class Space:
    """One route space: a die sits here. `spaces` and `cities` are what it is next to."""

    id: str
    route: str
    x: float
    y: float
    spaces: tuple[str, ...]
    cities: tuple[str, ...]

    @property
    def neighbours(self) -> tuple[str, ...]:
        return self.spaces + self.cities


@dataclass(frozen=True)
class Route:
    """One group of rail squares between two or more cities: filling all its spaces is one
    delivery to every city it touches (rulebook, Step 4)."""

    id: str
    name: str
    cities: tuple[str, ...]
    spaces: tuple[Space, ...]
    origin: Origin

    @property
    def length(self) -> int:
        return len(self.spaces)

    @property
    def junctions(self) -> tuple[str, ...]:
        """Spaces where three or more arms of track meet."""
        return tuple(s.id for s in self.spaces if len(s.neighbours) >= 3)


@dataclass(frozen=True)
class Board:
    """The map. Lookups by id, the placement rule and distances along routes."""

    box: tuple[int, int]
    projection: str
    slot_rule: str
    bonus_rule: str
    cities: tuple[City, ...]
    routes: tuple[Route, ...]

    @cached_property
    def _city(self) -> dict[str, City]:
        return {c.id: c for c in self.cities}

    @cached_property
    def _route(self) -> dict[str, Route]:
        return {r.id: r for r in self.routes}

    @cached_property
    def _space(self) -> dict[str, Space]:
        return {s.id: s for r in self.routes for s in r.spaces}

    @property
    def spaces(self) -> tuple[Space, ...]:
        return tuple(self._space.values())

    def city(self, city_id: str) -> City:
        return self._city[city_id]

    def route(self, route_id: str) -> Route:
        return self._route[route_id]

    def space(self, space_id: str) -> Space:
        return self._space[space_id]

    def routes_at(self, city_id: str) -> tuple[Route, ...]:
        return tuple(r for r in self.routes if city_id in r.cities)

    def delivery_rate(self, city_id: str) -> float:
        """How often a station takes deliveries, relatively: the sum over its routes of 1/spaces
        (a route of n spaces needs n train dice per delivery). The reconstructed slots follow it
        (`slot_rule`)."""
        return sum(1 / r.length for r in self.routes_at(city_id))

    def open_spaces(self, occupied: Collection[str]) -> tuple[str, ...]:
        """The empty spaces a Train or Locked Train die may go on: "next to a Station or next to
        another space already occupied by a Train or Locked Train die" (rulebook, Step 3)."""
        taken = set(occupied)
        if unknown := sorted(taken - set(self._space)):
            raise ValueError(f"no route spaces {unknown}")
        return tuple(s.id for s in self.spaces
                     if s.id not in taken and (s.cities or any(n in taken for n in s.spaces)))

    def chain(self, a: str, b: str, via: Iterable[str] | None = None) -> tuple[str, ...] | None:
        """The routes (of `via`, default all) whose completion connects cities `a` and `b` with the
        fewest route spaces to fill; None if they cannot. A route counts whole: all its spaces
        must be filled for it to deliver."""
        routes = self.routes if via is None else tuple(self._route[r] for r in via)
        best: dict[str, tuple[int, tuple[str, ...]]] = {a: (0, ())}
        queue: list[tuple[int, str]] = [(0, a)]
        while queue:
            cost, city = heapq.heappop(queue)
            if city == b:
                return best[city][1]
            if cost > best[city][0]:
                continue
            for r in routes:
                if city in r.cities:
                    for other in r.cities:
                        step = cost + r.length
                        if other not in best or step < best[other][0]:
                            best[other] = (step, best[city][1] + (r.id,))
                            heapq.heappush(queue, (step, other))
        return None

    def distance(self, a: str, b: str) -> int | None:
        """Route spaces to fill to connect `a` and `b` (the missions' measure of length)."""
        found = self.chain(a, b)
        return None if found is None else sum(self._route[r].length for r in found)

    def connected(self, a: str, b: str, via: Iterable[str] | None = None) -> bool:
        """Whether completing the routes `via` (default all) connects `a` and `b`."""
        return a == b or self.chain(a, b, via) is not None


@dataclass(frozen=True)
class PowerCard:
    """A Mission (two cities, `vp` when connected) or a card showing two goods."""

    id: str
    kind: str
    cities: tuple[str, ...]
    vp: int
    goods: tuple[str, ...]
    origin: Origin

    @property
    def is_mission(self) -> bool:
        return self.kind == "mission"

    @property
    def pair(self) -> str:
        """A mission's two cities as one key ('detroit-seattle'): copies of the same Mission share
        it (rulebook, Step 4.4: 'two of the same Mission'); '' for a goods card."""
        return "-".join(sorted(self.cities))


@dataclass(frozen=True)
class Good:
    id: str
    name: str
    count: int
    monopoly_vp: int
    starts_on: str | None  # the building space its stack starts on; None: beside the board
    origin: Origin


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    face: str  # the die face three of which erect it
    per_player: int
    starts_with: str  # the good on its space at setup
    origin: Origin


@dataclass(frozen=True)
class Upgrade:
    """A building's upgrade chart: the goods of each level, in order; a level with several goods
    is the active player's choice (the Hotel's Silver or Food)."""

    building: str
    levels: tuple[tuple[str, ...], ...]
    origin: Origin


@dataclass(frozen=True)
class Die:
    id: str
    count: int
    per_player: int | None  # None: a shared pool
    colour: str
    origin: Origin


@dataclass(frozen=True)
class Face:
    id: str
    name: str
    origin: Origin


@dataclass(frozen=True)
class VpCard:
    value: int
    count: int
    origin: Origin


@dataclass(frozen=True)
class VpStack:
    """The VP cards used for a player count: all, less `removed_5vp` five-point cards."""

    players: int
    removed_5vp: int
    total: int
    origin: Origin


@dataclass(frozen=True)
class Number:
    id: str
    value: int
    origin: Origin


@dataclass(frozen=True)
class GoodsTable:
    goods: tuple[Good, ...]
    buildings: tuple[Building, ...]
    upgrades: tuple[Upgrade, ...]


@dataclass(frozen=True)
class Tables:
    dice: tuple[Die, ...]
    faces: tuple[Face, ...]
    vp_cards: tuple[VpCard, ...]
    vp_stacks: tuple[VpStack, ...]
    numbers: tuple[Number, ...]

    def number(self, number_id: str) -> int:
        """A rulebook number by id (see NUMBERS)."""
        for n in self.numbers:
            if n.id == number_id:
                return n.value
        raise KeyError(number_id)

    def vp_stack(self, players: int) -> VpStack:
        """The VP cards on the board for `players` (rulebook, Setup)."""
        for s in self.vp_stacks:
            if s.players == players:
                return s
        raise KeyError(players)


@dataclass(frozen=True)
class Components:
    board: Board
    power_cards: tuple[PowerCard, ...]
    goods: GoodsTable
    tables: Tables
    provenance: Provenance

    def records(self) -> dict[str, tuple[Any, ...]]:
        """Every record with an `origin`, by file, for provenance checks and counts."""
        return {"board.json": (*self.board.cities, *self.board.routes),
                "power_cards.json": self.power_cards,
                "goods.json": (*self.goods.goods, *self.goods.buildings, *self.goods.upgrades),
                "tables.json": (*self.tables.dice, *self.tables.faces, *self.tables.vp_cards,
                                *self.tables.vp_stacks, *self.tables.numbers)}


# --- field readers: a wrong or missing field names the file, the record and the field -----------

def _get(r: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in r:
        raise ComponentError(f"{where} has no {key!r} field")
    return r[key]


def _int(r: Mapping[str, Any], key: str, where: str, low: int = 1) -> int:
    v = _get(r, key, where)
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise ComponentError(f"{where}: {key} = {v!r} is not a whole number of at least {low}")
    return v


def _num(r: Mapping[str, Any], key: str, where: str, high: float | None = None) -> float:
    v = _get(r, key, where)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or (
            high is not None and not 0 <= v <= high):
        bounds = f" in 0..{high:g}" if high is not None else ""
        raise ComponentError(f"{where}: {key} = {v!r} is not a number{bounds}")
    return float(v)


def _str(r: Mapping[str, Any], key: str, where: str, choices: Iterable[str] | None = None) -> str:
    v = _get(r, key, where)
    if not isinstance(v, str) or not v.strip():
        raise ComponentError(f"{where}: {key} = {v!r} is not a text")
    allowed = tuple(choices) if choices is not None else None
    if allowed is not None and v not in allowed:
        raise ComponentError(f"{where}: {key} = {v!r} is not one of {', '.join(allowed)}")
    return v


def _id(r: Mapping[str, Any], where: str, key: str = "id") -> str:
    """An id as actions are written: one lower-case word ('san_antonio', 's12', 'p07')."""
    v = _str(r, key, where)
    if v != v.lower() or not v.replace("_", "").isalnum():
        raise ComponentError(f"{where}: {key} {v!r} is not one lower-case word (actions name it)")
    return v


def _strs(r: Mapping[str, Any], key: str, where: str, choices: Collection[str] | None = None,
          size: int | None = None) -> tuple[str, ...]:
    v = _get(r, key, where)
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ComponentError(f"{where}: {key} = {v!r} is not a list of ids")
    if len(set(v)) != len(v):
        raise ComponentError(f"{where}: {key} = {v!r} names something twice")
    if size is not None and len(v) != size:
        raise ComponentError(f"{where}: {key} = {v!r} should name {size}")
    if choices is not None and (unknown := [x for x in v if x not in choices]):
        raise ComponentError(f"{where}: {key} names unknown {', '.join(map(repr, unknown))}")
    return tuple(v)


def _origin(r: Mapping[str, Any], where: str) -> Origin:
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
    return Origin(r["source"], r.get("ref", ""), r.get("why", ""), tuple(sorted(fields.items())))


def _unique(ids: Iterable[str], what: str) -> None:
    if dupes := sorted(i for i, n in Counter(ids).items() if n > 1):
        raise ComponentError(f"{what}: ids used twice: {', '.join(dupes)}")


def _document(package: str, name: str) -> dict[str, Any]:
    """The whole file, for its top-level keys (`records()` has checked it reads)."""
    data = json.loads(resources.files(package).joinpath("data").joinpath(f"{name}.json")
                      .read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ComponentError(f"{package} data/{name}.json is not an object")
    return data


# --- board.json ----------------------------------------------------------------------------------

def read_board(package: str = PACKAGE) -> Board:
    """The map from `board.json`, checked: 9 cities with 2-3 slots and a bonus; every route one
    connected group of spaces whose neighbours exist and agree both ways, touching the cities it
    names; every city reachable; and the rulebook's facts about the map."""
    city_rows = records(package, "board", key="cities")
    route_rows = records(package, "board", key="routes")
    doc = _document(package, "board")
    box = doc.get("box")
    if not (isinstance(box, list) and len(box) == 2 and all(isinstance(v, int) and v > 0 for v in box)):
        raise ComponentError(f"board.json: box = {box!r} is not [width, height]")
    width, height = box
    meta = {k: _str(doc, k, "board.json") for k in ("projection", "slot_rule", "bonus_rule")}

    cities = []
    for r in city_rows:
        where = f"board.json city {r.get('id', '?')!r}"
        bonus = _get(r, "bonus", where)
        if not isinstance(bonus, dict):
            raise ComponentError(f"{where}: bonus = {bonus!r} is not {{'kind': ..., 'amount': n}}")
        slots = _int(r, "slots", where)
        if slots not in SLOTS:
            raise ComponentError(f"{where}: {slots} building slots; a station has 2 or 3 (Locations)")
        cities.append(City(_id(r, where), _str(r, "name", where), slots,
                           _str(bonus, "kind", f"{where} bonus", BONUS_KINDS),
                           _int(bonus, "amount", f"{where} bonus"),
                           _num(r, "x", where, width), _num(r, "y", where, height),
                           _num(r, "lat", where), _num(r, "lon", where), _origin(r, where)))
    if len(cities) != CITY_COUNT:
        raise ComponentError(f"board.json: {len(cities)} cities, not {CITY_COUNT}")
    city_ids = {c.id for c in cities}
    _unique((c.id for c in cities), "board.json cities")

    # spaces first (all of them), then each route's group
    space_rows: dict[str, tuple[str, Mapping[str, Any]]] = {}
    for r in route_rows:
        rid = _id(r, f"board.json route {r.get('id', '?')!r}")
        rows = _get(r, "spaces", f"board.json route {rid}")
        if not isinstance(rows, list) or not rows:
            raise ComponentError(f"board.json route {rid}: spaces is not a non-empty list")
        for s in rows:
            if not isinstance(s, dict):
                raise ComponentError(f"board.json route {rid}: a space is not an object: {s!r}")
            sid = _id(s, f"board.json route {rid} space")
            if sid in space_rows or sid in city_ids:
                raise ComponentError(f"board.json route {rid}: space id {sid!r} is used twice")
            space_rows[sid] = (rid, s)
    _unique((_id(r, "board.json route") for r in route_rows), "board.json routes")

    spaces: dict[str, Space] = {}
    for sid, (rid, s) in space_rows.items():
        where = f"board.json route {rid} space {sid}"
        near = _strs(s, "neighbours", where)
        if not near:
            raise ComponentError(f"{where} has no neighbours")
        for n in near:
            if n == sid:
                raise ComponentError(f"{where} lists itself as a neighbour")
            if n not in space_rows and n not in city_ids:
                raise ComponentError(f"{where}: neighbour {n!r} is neither a route space nor a city")
            if n in space_rows:
                other_route, other = space_rows[n]
                if other_route != rid:
                    raise ComponentError(f"{where} touches space {n} of route {other_route}: spaces that "
                                         "touch are one group of rail squares, one route")
                if sid not in other.get("neighbours", []):
                    raise ComponentError(f"{where} lists {n} as a neighbour but {n} does not list {sid}")
        spaces[sid] = Space(sid, rid, _num(s, "x", where, width), _num(s, "y", where, height),
                            tuple(n for n in near if n in space_rows),
                            tuple(n for n in near if n in city_ids))

    routes = []
    for r in route_rows:
        rid = r["id"]
        where = f"board.json route {rid}"
        named = _strs(r, "cities", where, city_ids)
        if len(named) < 2:
            raise ComponentError(f"{where} joins {len(named)} city; a route runs between two or more")
        members = tuple(spaces[s["id"]] for s in r["spaces"])
        touched = {c for s in members for c in s.cities}
        if touched != set(named):
            raise ComponentError(f"{where} names cities {sorted(named)}, its spaces touch {sorted(touched)}")
        seen, todo = {members[0].id}, [members[0].id]
        while todo:
            for n in spaces[todo.pop()].spaces:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(members):
            apart = sorted(s.id for s in members if s.id not in seen)
            raise ComponentError(f"{where}: spaces {apart} are not joined to {members[0].id}; a route is "
                                 "one connected group of rail squares")
        routes.append(Route(rid, _str(r, "name", where), named, members, _origin(r, where)))

    board = Board((width, height), meta["projection"], meta["slot_rule"], meta["bonus_rule"],
                  tuple(cities), tuple(routes))
    if idle := [c.id for c in cities if not board.routes_at(c.id)]:
        raise ComponentError(f"board.json: no route reaches {', '.join(idle)}")
    first = cities[0].id
    if cut := [c.id for c in cities if not board.connected(first, c.id)]:
        raise ComponentError(f"board.json: {', '.join(cut)} cannot be reached from {first} along routes")
    _check_rulebook_map(board)
    return board


def _check_rulebook_map(board: Board) -> None:
    """What the rulebook says of the map (its examples in Steps 3 and 4)."""
    names = {c.id for c in board.cities}
    if missing := [c for c in KNOWN_CITIES if c not in names]:
        raise ComponentError(f"board.json: no {', '.join(missing)}, which the rulebook or research names")
    if board.city("san_antonio").slots != 2:
        raise ComponentError("board.json: 'San Antonio can have 2 Buildings' (rulebook, Locations)")
    groups = [r for r in board.routes if set(r.cities) == {"seattle", "los_angeles", "billings"}]
    if len(groups) != 1 or not groups[0].junctions:
        raise ComponentError("board.json: one route must join Seattle, Los Angeles and Billings through a "
                             "junction: the rulebook delivers them as one group (Step 4 example)")
    if not any(set(r.cities) == {"billings", "detroit"} for r in board.routes):
        raise ComponentError("board.json: Billings-Detroit is a route of its own (Step 4 example)")
    if any({"seattle", "detroit"} <= set(r.cities) for r in board.routes):
        raise ComponentError("board.json: Seattle and Detroit are joined through Billings, by no route of "
                             "their own (Step 4 example: 'either of those Routes')")


# --- power_cards.json ----------------------------------------------------------------------------

def read_power_cards(board: Board, goods: Collection[str], package: str = PACKAGE) -> tuple[PowerCard, ...]:
    """The 20 power cards, checked against the board (missions' cities exist and can be connected)
    and the goods (two-goods cards show two different goods)."""
    cards = []
    for r in records(package, "power_cards"):
        where = f"power_cards.json {r.get('id', '?')}"
        kind = _str(r, "kind", where, CARD_KINDS)
        other = ("goods",) if kind == "mission" else ("cities", "vp")
        if extra := [k for k in other if k in r]:
            raise ComponentError(f"{where}: a {kind} card has no {', '.join(extra)}")
        if kind == "mission":
            pair = _strs(r, "cities", where, {c.id for c in board.cities}, size=2)
            if not board.connected(*pair):
                raise ComponentError(f"{where}: no chain of routes connects {pair[0]} and {pair[1]}")
            card = PowerCard(_id(r, where), kind, pair, _int(r, "vp", where), (), _origin(r, where))
        else:
            shown = _strs(r, "goods", where, goods, size=2)
            card = PowerCard(_id(r, where), kind, (), 0, shown, _origin(r, where))
        cards.append(card)
    if len(cards) != POWER_CARD_COUNT:
        raise ComponentError(f"power_cards.json: {len(cards)} cards, not {POWER_CARD_COUNT}")
    _unique((c.id for c in cards), "power_cards.json")
    return tuple(cards)


# --- goods.json ----------------------------------------------------------------------------------

def read_goods(package: str = PACKAGE) -> GoodsTable:
    """Goods, buildings and upgrade charts, checked against each other and the rulebook's names."""
    goods = []
    for r in records(package, "goods", key="goods"):
        where = f"goods.json good {r.get('id', '?')!r}"
        starts = _get(r, "starts_on", where)
        if starts is not None and starts not in BUILDINGS:
            raise ComponentError(f"{where}: starts_on = {starts!r} is not a building or null")
        goods.append(Good(_str(r, "id", where, GOODS), _str(r, "name", where), _int(r, "count", where),
                          _int(r, "monopoly_vp", where), starts, _origin(r, where)))
    if sorted(g.id for g in goods) != sorted(GOODS):
        raise ComponentError(f"goods.json: goods {[g.id for g in goods]}, not {list(GOODS)}")
    if len({g.count for g in goods}) != 1:
        raise ComponentError("goods.json: every good has the same count ('10 each', rulebook, Components)")
    buildings = []
    for r in records(package, "goods", key="buildings"):
        where = f"goods.json building {r.get('id', '?')!r}"
        b = Building(_str(r, "id", where, BUILDINGS), _str(r, "name", where), _str(r, "face", where, FACES),
                     _int(r, "per_player", where), _str(r, "starts_with", where, GOODS), _origin(r, where))
        if next(g for g in goods if g.id == b.starts_with).starts_on != b.id:
            raise ComponentError(f"{where}: starts with {b.starts_with}, whose stack does not start on it")
        buildings.append(b)
    if sorted(b.id for b in buildings) != sorted(BUILDINGS):
        raise ComponentError(f"goods.json: buildings {[b.id for b in buildings]}, not {list(BUILDINGS)}")
    upgrades = []
    for r in records(package, "goods", key="upgrades"):
        where = f"goods.json upgrade {r.get('building', '?')!r}"
        building = _str(r, "building", where, BUILDINGS)
        rows = _get(r, "levels", where)
        if not isinstance(rows, list) or not rows:
            raise ComponentError(f"{where}: levels is not a list of levels")
        levels = tuple(_strs({"level": row}, "level", where, GOODS) for row in rows)
        start = next(b.starts_with for b in buildings if b.id == building)
        if levels[0] != (start,) or levels[-1] != ("gold",):
            raise ComponentError(f"{where}: a chart runs from the building's first good ({start}) to Gold, "
                                 f"not {levels}")
        upgrades.append(Upgrade(building, levels, _origin(r, where)))
    if sorted(u.building for u in upgrades) != sorted(BUILDINGS):
        raise ComponentError("goods.json: one upgrade chart per building")
    return GoodsTable(tuple(goods), tuple(buildings), tuple(upgrades))


# --- tables.json ---------------------------------------------------------------------------------

def read_tables(package: str = PACKAGE) -> Tables:
    """Dice, faces, VP cards and stacks, and the rulebook's numbers, with their sums checked."""
    dice = []
    for r in records(package, "tables", key="dice"):
        where = f"tables.json die {r.get('id', '?')!r}"
        per = None if _get(r, "per_player", where) is None else _int(r, "per_player", where)
        dice.append(Die(_str(r, "id", where, ("player", "bonus")), _int(r, "count", where), per,
                        _str(r, "colour", where), _origin(r, where)))
    if sorted(d.id for d in dice) != ["bonus", "player"] or sum(d.count for d in dice) != DICE_TOTAL:
        raise ComponentError(f"tables.json: player and bonus dice, {DICE_TOTAL} in all (Components)")
    if any(d.per_player is not None and d.count != d.per_player * max(PLAYERS) for d in dice):
        raise ComponentError(f"tables.json: player dice are per_player x {max(PLAYERS)} colours")

    faces = []
    for r in records(package, "tables", key="faces"):
        where = f"tables.json face {r.get('id', '?')!r}"
        faces.append(Face(_str(r, "id", where, FACES), _str(r, "name", where), _origin(r, where)))
    if sorted(f.id for f in faces) != sorted(FACES):
        raise ComponentError(f"tables.json: die faces {[f.id for f in faces]}, not one each of {list(FACES)}")

    cards = []
    for r in records(package, "tables", key="vp_cards"):
        where = f"tables.json VP card {r.get('value', '?')}"
        cards.append(VpCard(_int(r, "value", where), _int(r, "count", where), _origin(r, where)))
    _unique((str(c.value) for c in cards), "tables.json vp_cards")
    full = sum(c.value * c.count for c in cards)
    fives = sum(c.count for c in cards if c.value == 5)

    stacks = []
    for r in records(package, "tables", key="vp_stacks"):
        where = f"tables.json VP stack for {r.get('players', '?')} players"
        s = VpStack(_int(r, "players", where, 3), _int(r, "removed_5vp", where, 0), _int(r, "total", where),
                    _origin(r, where))
        if s.total != full - 5 * s.removed_5vp or s.removed_5vp > fives:
            raise ComponentError(f"{where}: total {s.total} is not {full} less {s.removed_5vp} five-VP cards")
        stacks.append(s)
    if sorted(s.players for s in stacks) != list(PLAYERS):
        raise ComponentError(f"tables.json: one VP stack for each of {PLAYERS} players")

    numbers = []
    for r in records(package, "tables", key="numbers"):
        where = f"tables.json number {r.get('id', '?')!r}"
        numbers.append(Number(_str(r, "id", where, NUMBERS), _int(r, "value", where), _origin(r, where)))
    if sorted(n.id for n in numbers) != sorted(NUMBERS):
        raise ComponentError(f"tables.json: numbers {sorted(n.id for n in numbers)}, not {sorted(NUMBERS)}")
    return Tables(tuple(dice), tuple(faces), tuple(cards), tuple(stacks), tuple(numbers))


# --- everything ----------------------------------------------------------------------------------

def load(package: str = PACKAGE) -> Components:
    """All four files of `package` (another package holds a corrected copy), checked one by one
    and against each other; ComponentError says what is wrong and where."""
    board = read_board(package)
    goods = read_goods(package)
    tables = read_tables(package)
    cards = read_power_cards(board, [g.id for g in goods.goods], package)
    total = sum(g.count for g in goods.goods) + len(cards) + sum(c.count for c in tables.vp_cards)
    if total != CARD_TOTAL:
        raise ComponentError(f"{total} goods, power and VP cards, not {CARD_TOTAL} (rulebook, Components)")
    parts = Components(board, cards, goods, tables, Provenance({}))
    provenance = Provenance.of({name: [{"source": r.origin.source} for r in rows]
                                for name, rows in parts.records().items()}, WHAT)
    return Components(board, cards, goods, tables, provenance)


COMPONENTS = load()
BOARD = COMPONENTS.board
CITY: dict[str, City] = {c.id: c for c in BOARD.cities}
ROUTE: dict[str, Route] = {r.id: r for r in BOARD.routes}
SPACE: dict[str, Space] = {s.id: s for s in BOARD.spaces}
POWER: dict[str, PowerCard] = {c.id: c for c in COMPONENTS.power_cards}
GOOD: dict[str, Good] = {g.id: g for g in COMPONENTS.goods.goods}
BUILDING: dict[str, Building] = {b.id: b for b in COMPONENTS.goods.buildings}
PROVENANCE = COMPONENTS.provenance

"""Isle of Trains: All Aboard components, loaded from the JSON files in `data/`.

The engine reads every number from here and never hard-codes a card, an island or a ticket tile,
so that a correction is one edit in one place.

Files (one record per component, each with `source` and `ref`):

- `cards.json`: the 35 train-card types of the base deck (71 cards; the promo Time Engine is left
  out). Fields: `id` (short code used in notation: E1-E3, C1-C3, H1-H3, T1-T3, X1-X3, K1-K10, and
  BANK COALF CUSTOMS GRAND MIDDLE NORTH OILR RAILY SOUTH TOWN for the buildings), `name`, `category`,
  `level`, `count`, `cost`, `vp`, `spaces`, `holds`, `weight` (red gauges), `capacity` (green
  gauges), `cargo` (the icon the card shows when loaded as cargo), `passengers_on_build`, `benefit`
  (what a player loading into this car gets), `ability` (cabooses), `scoring` (buildings).
- `islands.json`: the 7 island cards: primary contract, secondary contracts (the cargo delivered
  for the secondary itself, its "+N", and the printed totals on the back), `min_players`,
  `destination` (whether a destination tile and passengers go with it), table `position`.
- `tickets.json`: the 6 base ticket tiles, three rewards each, left to right.
- `passengers.json`: the six destinations, their passenger colour and count, in a fixed order.
- `progress.json`: the progress track (length, start) and the game-end space by player count.

Provenance. `source` is one of `rulebook` (stated in the rulebook), `published` (read off the
published components; see `shared/research/component-data.md` section 1, which cites the licensed
Board Game Arena port and its card art) or `reconstructed` (designed here because nothing could be
read). `ref` says where. A record may carry `field_sources`, {field: source}, for single fields
whose source differs from the record's; e.g. a card read off the art whose benefit the rulebook
also prints. Nothing here is reconstructed at present.

To replace the data (a corrected card, a reprint): edit the JSON, keep the field names and types,
update `source` and `ref`, and run `validate()` (the tests do). The checks spell out the known
totals (71 cards, per-level counts, cargo-icon totals, island back = front + secondary), so a
deliberate change to those must change the checks with it.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from sandbox.core.words import plural

SOURCES = frozenset({"rulebook", "published", "reconstructed"})
CARGO_TYPES = ("coal", "oil", "box")
ICONS = (*CARGO_TYPES, "any")  # what a card shows when loaded as cargo; "any" = all three
CAR_CATEGORIES = ("engine", "coach", "hopper", "tanker", "boxcar")  # the upgradable ones
CATEGORIES = (*CAR_CATEGORIES, "caboose", "building")
HOLDS = ("passenger", *ICONS)
BONUSES = ("L", "B", "D", "A", "L/D")  # bonus Load / Build / Deliver / any Action / Load or Deliver
DECK_SIZE = 71
LEVEL_COUNTS = {"engine": (4, 6, 5), "coach": (4, 3, 2), "hopper": (4, 3, 2), "tanker": (4, 3, 2),
                "boxcar": (4, 3, 2)}
SINGLES = {"caboose": 10, "building": 10}  # categories of one-of-a-kind cards, and how many kinds
ICON_TOTALS = {"coal": 22, "oil": 20, "box": 15, "any": 14}  # over the 71 cards, research 1.3


@dataclass(frozen=True)
class Cargo:
    """Cargo icons on a contract. A value object, so contracts compare and add by content;
    `any` is the Research Station's segmented icon, met by cargo of any type."""

    coal: int = 0
    oil: int = 0
    box: int = 0
    any: int = 0

    @classmethod
    def of(cls, data: dict[str, int]) -> Cargo:
        unknown = set(data) - set(ICONS)
        if unknown:
            raise ValueError(f"unknown cargo icons {sorted(unknown)}")
        return cls(**data)

    def __add__(self, other: Cargo) -> Cargo:
        return Cargo(self.coal + other.coal, self.oil + other.oil, self.box + other.box,
                     self.any + other.any)

    @property
    def total(self) -> int:
        return self.coal + self.oil + self.box + self.any

    def count(self, icon: str) -> int:
        return getattr(self, icon)

    def as_dict(self) -> dict[str, int]:
        return {icon: self.count(icon) for icon in ICONS}

    def __str__(self) -> str:
        return " + ".join(f"{n} {icon}" for icon, n in self.as_dict().items() if n) or "nothing"


@dataclass(frozen=True)
class Benefit:
    """What the loader gains for loading into another player's car (rulebook: Load, step 3),
    in the order it is gained: draw `cards`, then `discard`, take `vp` tokens, then the bonus
    action. `on` is what must be loaded to trigger it (the car's own contents)."""

    on: str
    cards: int = 0
    discard: int = 0
    vp: int = 0
    bonus: str | None = None

    @property
    def bonus_choices(self) -> tuple[str, ...]:
        """The bonus actions to choose from: ("L", "D") for the Level 3 Tanker, else one or none."""
        return tuple(self.bonus.split("/")) if self.bonus else ()

    def __str__(self) -> str:
        parts = [f"+{plural(self.cards, 'card')}"] if self.cards else []
        parts += [f"discard {self.discard}"] if self.discard else []
        parts += [f"+{self.vp} VP"] if self.vp else []
        parts += [f"+{self.bonus}"] if self.bonus else []
        return f"{self.on} loaded: " + ", ".join(parts)


@dataclass(frozen=True)
class CardType:
    """One kind of train card; the deck holds `count` copies. Every card is three things at once
    (a car or building to build, a payment, a cargo to load), so all three faces live here."""

    id: str
    name: str
    category: str
    level: int | None
    count: int
    cost: int
    vp: int
    spaces: int
    holds: str | None
    weight: int
    capacity: int
    cargo: str
    passengers_on_build: int
    benefit: Benefit | None
    ability: str | None
    scoring: str | None
    source: str
    ref: str
    field_sources: tuple[tuple[str, str], ...] = ()

    @property
    def is_building(self) -> bool:
        return self.category == "building"

    @property
    def upgradable(self) -> bool:
        """Engines and cars of the four car categories upgrade within their category; cabooses and
        buildings never do (rulebook: Build, other notes)."""
        return self.category in CAR_CATEGORIES

    def source_of(self, field: str) -> str:
        """The source of one field: its own entry in `field_sources`, else the record's."""
        return dict(self.field_sources).get(field, self.source)

    def __str__(self) -> str:
        return f"{self.name} ({self.id})"


@dataclass(frozen=True)
class Contract:
    """One contract as the card prints it. For a primary, `cargo`/`vp` are what you deliver and
    score; for a secondary they are the extra cargo delivered for it and its "+N", while
    `total_cargo`/`total_vp` are the back's printed totals (primary + secondary), which is what
    end-game scoring and the Coal Factory, Oil Refinery and Customs House read."""

    cargo: Cargo
    vp: int
    total_cargo: Cargo
    total_vp: int


@dataclass(frozen=True)
class Island:
    """An island card. `destination` is False for the Research Station, which has no destination
    tile, ticket tile or passengers; `min_players` keeps it out of 2-3 player games."""

    name: str
    colour: str
    position: int
    primary: Contract
    secondaries: tuple[Contract, ...]
    min_players: int
    destination: bool
    source: str
    ref: str
    field_sources: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Reward:
    """One ticket-tile space: draw `cards`, take `vp` tokens, then an optional bonus action."""

    cards: int = 0
    vp: int = 0
    bonus: str | None = None

    def __str__(self) -> str:
        parts = [f"+{plural(self.cards, 'card')}"] if self.cards else []
        parts += [f"+{self.vp} VP"] if self.vp else []
        parts += [f"+{self.bonus}"] if self.bonus else []
        return ", ".join(parts)


@dataclass(frozen=True)
class TicketTile:
    """A ticket tile: passengers fill its spaces left to right, each claiming that space's reward."""

    id: int
    rewards: tuple[Reward, ...]
    source: str
    ref: str


@dataclass(frozen=True)
class Destination:
    """A named destination with a tile: its passenger colour and how many passengers go there."""

    name: str
    colour: str
    count: int
    source: str
    ref: str


# --- loading -------------------------------------------------------------------------------------

@cache
def _raw(name: str) -> Any:
    text = (files("sandbox.isle_of_trains") / "data" / f"{name}.json").read_text(encoding="utf-8")
    return json.loads(text)


def _fs(record: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(record.get("field_sources", {}).items()))


def _card(r: dict[str, Any]) -> CardType:
    b = r["benefit"]
    benefit = Benefit(b["on"], b["cards"], b["discard"], b["vp"], b["bonus"]) if b else None
    return CardType(r["id"], r["name"], r["category"], r["level"], r["count"], r["cost"], r["vp"],
                    r["spaces"], r["holds"], r["weight"], r["capacity"], r["cargo"],
                    r["passengers_on_build"], benefit, r["ability"], r["scoring"], r["source"],
                    r["ref"], _fs(r))


def _island(r: dict[str, Any]) -> Island:
    p = Cargo.of(r["primary"]["cargo"])
    primary = Contract(p, r["primary"]["vp"], p, r["primary"]["vp"])
    secondaries = tuple(Contract(Cargo.of(s["cargo"]), s["plus_vp"], Cargo.of(s["total_cargo"]),
                                 s["total_vp"]) for s in r["secondary"])
    return Island(r["name"], r["colour"], r["position"], primary, secondaries, r["min_players"],
                  r["destination"], r["source"], r["ref"], _fs(r))


@cache
def _card_types() -> tuple[CardType, ...]:
    return tuple(_card(r) for r in _raw("cards"))


def card_name(code: object, with_code: bool = False) -> str:
    """A card's printed name from its code: "Level 1 Hopper" for "H1". The one name of a card in
    every text a person reads: options, refusals, the log and tooltips (the code is drawn nowhere;
    only the notation carries it). `with_code` is kept for callers that once asked for the code,
    and reads the same. A hidden card ("??") or an unknown code reads as given."""
    known = _by_id().get(code) if isinstance(code, str) else None
    if known is None:
        return str(code)
    return known.name


def card_types() -> dict[str, CardType]:
    """All 35 card types by id, in file order (a fresh dict; the records are immutable)."""
    return {c.id: c for c in _card_types()}


@cache
def _by_id() -> dict[str, CardType]:
    """The card types by id, made once: what `card_name` reads for every load in the log
    (never handed out, so nobody can change it)."""
    return card_types()


@cache
def deck() -> tuple[str, ...]:
    """The 71 cards of the base deck as ids, sorted, one entry per physical card."""
    return tuple(sorted(c.id for c in _card_types() for _ in range(c.count)))


@cache
def all_islands() -> tuple[Island, ...]:
    """All 7 island cards, in table position order."""
    return tuple(sorted((_island(r) for r in _raw("islands")), key=lambda i: i.position))


def islands(players: int, research_station: bool | None = None) -> tuple[Island, ...]:
    """The island cards laid out for `players` (rulebook Setup 1: 6, or 7 in a 4 player game).
    `research_station` overrides the player-count rule (solo scenarios add it by name)."""
    return tuple(i for i in all_islands()
                 if (i.min_players <= players if research_station is None
                     else research_station or i.destination))


@cache
def ticket_tiles() -> tuple[TicketTile, ...]:
    """The 6 base ticket tiles, by id."""
    return tuple(sorted((TicketTile(r["id"], tuple(Reward(**w) for w in r["rewards"]), r["source"],
                                    r["ref"]) for r in _raw("tickets")), key=lambda t: t.id))


@cache
def destinations() -> tuple[Destination, ...]:
    """The six destinations with tiles, in `passengers.json`'s `order`."""
    by_name = {r["name"]: Destination(r["name"], r["colour"], r["count"], r["source"], r["ref"])
               for r in _raw("passengers")["destinations"]}
    return tuple(by_name[n] for n in _raw("passengers")["order"])


@cache
def passengers() -> tuple[str, ...]:
    """The 18 passengers, each named by its destination, with multiplicity, in destination order."""
    return tuple(d.name for d in destinations() for _ in range(d.count))


def progress_length() -> int:
    return int(_raw("progress")["length"])


def end_space(players: int) -> int:
    """The progress-track space that triggers the end of the game (2p: 4, 3p: 5, 4p: 6)."""
    spaces = _raw("progress")["end_space"]
    if str(players) not in spaces:
        raise ValueError(f"the progress track is used with {sorted(spaces)} players, not {players}")
    return int(spaces[str(players)])


# --- validation ----------------------------------------------------------------------------------

_CARD_FIELDS: dict[str, type | tuple[type, ...]] = {
                "id": str, "name": str, "category": str, "level": (int, type(None)), "count": int,
                "cost": int, "vp": int, "spaces": int, "holds": (str, type(None)), "weight": int,
                "capacity": int, "cargo": str, "passengers_on_build": int,
                "benefit": (dict, type(None)), "ability": (str, type(None)),
                "scoring": (str, type(None)), "source": str, "ref": str}


def _provenance(where: str, record: dict[str, Any]) -> list[str]:
    out = []
    if record.get("source") not in SOURCES:
        out.append(f"{where}: source {record.get('source')!r} is not one of {sorted(SOURCES)}")
    if not isinstance(record.get("ref"), str) or not record["ref"].strip():
        out.append(f"{where}: empty ref")
    for field, source in record.get("field_sources", {}).items():
        if field not in record:
            out.append(f"{where}: field_sources names unknown field {field!r}")
        if source not in SOURCES:
            out.append(f"{where}: field_sources[{field!r}] = {source!r} is not a source")
    return out


def _check_cards(records: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    malformed = False
    for r in records:
        where = f"cards.json {r.get('id', '?')}"
        out += _provenance(where, r)
        wrong = [f"{where}: {field} = {r.get(field)!r} has the wrong type"
                 for field, kind in _CARD_FIELDS.items()
                 if not isinstance(r.get(field), kind) or isinstance(r.get(field), bool)]
        if wrong:
            out += wrong
            malformed = True
            continue
        cat = r["category"]
        if cat not in CATEGORIES:
            out.append(f"{where}: unknown category {cat!r}")
        if (r["level"] in (1, 2, 3)) != (cat in CAR_CATEGORIES):
            out.append(f"{where}: level {r['level']!r} does not fit category {cat}")
        if r["cargo"] not in ICONS:
            out.append(f"{where}: cargo icon {r['cargo']!r}")
        if r["holds"] not in (*HOLDS, None) or (r["holds"] is None) != (r["spaces"] == 0):
            out.append(f"{where}: holds {r['holds']!r} with {r['spaces']} spaces")
        if cat in ("engine", "coach") and r["holds"] != "passenger":
            out.append(f"{where}: engines and coaches carry passengers")
        if min(r["cost"], r["vp"], r["weight"], r["capacity"], r["passengers_on_build"]) < 0:
            out.append(f"{where}: negative number")
        if r["weight"] and r["capacity"]:
            out.append(f"{where}: a card shows red or green gauges, not both")
        if (cat == "engine" and r["capacity"] <= 0) or (r["capacity"] and cat not in ("engine", "caboose")):
            out.append(f"{where}: capacity {r['capacity']} (engines have it, Caboose 6 adds to it)")
        b = r["benefit"]
        if b is not None:
            if set(b) != {"on", "cards", "discard", "vp", "bonus"}:
                out.append(f"{where}: benefit fields {sorted(b)}")
            elif b["on"] != r["holds"] or b["bonus"] not in (None, *BONUSES) or b["discard"] not in (0, 1):
                out.append(f"{where}: benefit {b}")
        if (b is not None) != (cat in CAR_CATEGORIES):
            out.append(f"{where}: benefits belong to engines and cars")
        if (r["ability"] is not None) != (cat == "caboose"):
            out.append(f"{where}: abilities belong to cabooses")
        if (r["scoring"] is not None) != (cat == "building"):
            out.append(f"{where}: scoring belongs to buildings")
    if malformed:
        return out
    ids = [r["id"] for r in records]
    dupes = sorted(i for i, n in Counter(ids).items() if n > 1)
    if dupes:
        out.append(f"cards.json: duplicate ids {dupes}")
    total = sum(r["count"] for r in records)
    if total != DECK_SIZE:
        out.append(f"cards.json: {total} cards, not {DECK_SIZE}")
    for cat, levels in LEVEL_COUNTS.items():
        got = tuple(sum(r["count"] for r in records if r["category"] == cat and r["level"] == lv)
                    for lv in (1, 2, 3))
        if got != levels:
            out.append(f"cards.json: {cat} counts per level {got}, not {levels}")
    for cat, kinds in SINGLES.items():
        counts = [r["count"] for r in records if r["category"] == cat]
        if len(counts) != kinds or set(counts) != {1}:
            out.append(f"cards.json: {cat}s should be {kinds} kinds of 1 card each, got {counts}")
    icons: Counter[str] = Counter()
    for r in records:
        icons[r["cargo"]] += r["count"]
    if dict(icons) != ICON_TOTALS:
        out.append(f"cards.json: cargo icons {dict(icons)}, not {ICON_TOTALS}")
    return out


def _check_islands(records: list[dict[str, Any]], dest_names: list[str]) -> list[str]:
    out: list[str] = []
    for r in records:
        where = f"islands.json {r.get('name', '?')}"
        out += _provenance(where, r)
        try:
            primary = Cargo.of(r["primary"]["cargo"])
            if r["primary"]["vp"] <= 0 or primary.total == 0:
                out.append(f"{where}: empty primary contract")
            if not r["secondary"]:
                out.append(f"{where}: no secondary contract")
            for n, s in enumerate(r["secondary"], 1):
                if primary + Cargo.of(s["cargo"]) != Cargo.of(s["total_cargo"]):
                    out.append(f"{where}: secondary {n} back cargo != primary + secondary")
                if r["primary"]["vp"] + s["plus_vp"] != s["total_vp"]:
                    out.append(f"{where}: secondary {n} back VP {s['total_vp']} != "
                               f"{r['primary']['vp']} + {s['plus_vp']}")
            if r["min_players"] not in (2, 3, 4) or not isinstance(r["destination"], bool):
                out.append(f"{where}: min_players / destination")
        except (KeyError, TypeError, ValueError) as exc:
            out.append(f"{where}: malformed ({exc!r})")
    names = [r.get("name") for r in records]
    if len(records) != 7 or len(set(names)) != 7:
        out.append(f"islands.json: 7 distinct islands expected, got {names}")
    if sorted(r.get("position", 0) for r in records) != list(range(1, 8)):
        out.append("islands.json: positions must be 1-7")
    if sorted(r["name"] for r in records if r.get("destination")) != sorted(dest_names):
        out.append("islands.json: the islands with a destination are not passengers.json's destinations")
    if sum(1 for r in records if r.get("min_players", 2) <= 3) != 6:
        out.append("islands.json: 6 islands must be used with 2-3 players (rulebook Setup 1)")
    return out


def _check_tickets(records: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for r in records:
        where = f"tickets.json {r.get('id', '?')}"
        out += _provenance(where, r)
        rewards = r.get("rewards", [])
        if len(rewards) != 3:
            out.append(f"{where}: {len(rewards)} rewards, not 3")
        for w in rewards:
            if set(w) != {"cards", "vp", "bonus"} or w["bonus"] not in (None, "L", "B") \
                    or not (w["cards"] or w["vp"] or w["bonus"]):
                out.append(f"{where}: reward {w}")
    if sorted(r.get("id") or 0 for r in records) != [1, 2, 3, 4, 5, 6]:
        out.append("tickets.json: ids must be 1-6")
    return out


def _check_passengers(data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    records = data.get("destinations", [])
    for r in records:
        out += _provenance(f"passengers.json {r.get('name', '?')}", r)
    names = [r.get("name") for r in records]
    if len(set(names)) != 6 or sorted(data.get("order", [])) != sorted(names):
        out.append("passengers.json: six distinct destinations, each once in order")
    if sum(r.get("count", 0) for r in records) != 18 or {r.get("count") for r in records} != {3}:
        out.append("passengers.json: 18 passengers, 3 per destination")
    if len({r.get("colour") for r in records}) != 6:
        out.append("passengers.json: colours must be distinct")
    return out


def _check_progress(data: dict[str, Any]) -> list[str]:
    out = _provenance("progress.json", data)
    ends = data.get("end_space", {})
    if sorted(ends) != ["2", "3", "4"] or not all(0 < v <= data.get("length", 0) for v in ends.values()):
        out.append(f"progress.json: end spaces {ends} for length {data.get('length')}")
    return out


def validate() -> list[str]:
    """Every problem found in the data files, in words; empty when the data is sound. Checks the
    provenance of every record, the schema, unique ids, and the totals the research and the
    rulebook give."""
    pax = _raw("passengers")
    return (_check_cards(_raw("cards")) + _check_islands(_raw("islands"), pax.get("order", []))
            + _check_tickets(_raw("tickets")) + _check_passengers(pax) + _check_progress(_raw("progress")))


def check() -> None:
    """Raise ValueError listing every problem `validate()` finds."""
    problems = validate()
    if problems:
        raise ValueError("component data:\n" + "\n".join(problems))

"""Actions of Trains & Stations and their short notation.

Dice faces: train, locked, coin, ranch, mine, hotel. Dice rolled this turn are d1, d2, ... in
the order gathered (your own dice first, then bonus dice). Cities and route spaces by their ids
in `data/board.json`; power cards by theirs in `data/power_cards.json`.

    gather | gather 2            (roll your dice, and 2 of your bonus dice)
    reclaim                      (5 or more of your dice on the board: take them back, end the turn)
    toggle d3 | confirm          (which dice to roll or reroll, which to save)
    place s12 | place s12 bonus | place s12 locked | place s12 bonus locked
    build ranch seattle | done   (erect a building; no more buildings)
    deliver r3                   (which completed route to deliver first)
    award P2                     (the active player breaks a tie or hands out short cards)
    upgrade ranch | upgrade hotel silver
    keep p07 p12                 (setup: the two power cards you keep)
    P2 commits trade cattle cattle coal p12 | P2 commits trade nothing   (speculation, secret)
    chance: shows locked | power p07
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sandbox.core.decision import Commit, Confirm, Toggle
from sandbox.core.errors import InvalidNotation, quote

FACES = ("train", "locked", "coin", "ranch", "mine", "hotel")
BUILDINGS = ("ranch", "mine", "hotel")
GOODS = ("cattle", "worker", "coal", "food", "silver", "gold")
FACE_NAMES = {"train": "Train", "locked": "Locked Train", "coin": "Coin", "ranch": "Ranch",
              "mine": "Mine", "hotel": "Hotel"}


@dataclass(frozen=True, order=True)
class Gather:
    """Step 1: roll your player dice (saved ones count first) and `bonus` of your bonus dice."""

    bonus: int = 0

    @property
    def notation(self) -> str:
        return f"gather {self.bonus}" if self.bonus else "gather"

    def targets(self) -> tuple[str, ...]:
        return ("gather",)

    def __str__(self) -> str:
        extra = f" and {self.bonus} bonus {'die' if self.bonus == 1 else 'dice'}" if self.bonus else ""
        return f"Gather your dice{extra} and roll"


@dataclass(frozen=True, order=True)
class Reclaim:
    """Step 1, instead: take all your dice back from the board and end the turn."""

    @property
    def notation(self) -> str:
        return "reclaim"

    def targets(self) -> tuple[str, ...]:
        return ("reclaim",)

    def __str__(self) -> str:
        return "Reclaim all your dice from the board and end your turn"


@dataclass(frozen=True, order=True)
class Face:
    """Chance: the face one die shows."""

    face: str

    @property
    def notation(self) -> str:
        return f"shows {self.face}"

    def targets(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return f"The die shows {FACE_NAMES.get(self.face, self.face)}"


@dataclass(frozen=True, order=True)
class Place:
    """Step 3: put a Train (or Locked Train) die, yours or a bonus die, on a route space."""

    space: str
    bonus: bool = False
    locked: bool = False

    @property
    def notation(self) -> str:
        return " ".join(["place", self.space] + ["bonus"] * self.bonus + ["locked"] * self.locked)

    def targets(self) -> tuple[str, ...]:
        return (f"space:{self.space}",)

    def __str__(self) -> str:
        die = ("a bonus " if self.bonus else "your ") + ("Locked Train" if self.locked else "Train")
        return f"Place {die} die on {space_text(self.space)}"


@dataclass(frozen=True, order=True)
class Erect:
    """Step 3: three matching building faces erect that building at a city."""

    building: str
    city: str

    @property
    def notation(self) -> str:
        return f"build {self.building} {self.city}"

    def targets(self) -> tuple[str, ...]:
        return (f"city:{self.city}",)

    def __str__(self) -> str:
        return f"Erect a {self.building.title()} at {city_name(self.city)}"


@dataclass(frozen=True, order=True)
class Done:
    """No more buildings this turn."""

    @property
    def notation(self) -> str:
        return "done"

    def targets(self) -> tuple[str, ...]:
        return ("done",)

    def __str__(self) -> str:
        return "Erect no more buildings"


@dataclass(frozen=True, order=True)
class Deliver:
    """Step 4: of several completed routes, the one to deliver next (the active player's order)."""

    route: str

    @property
    def notation(self) -> str:
        return f"deliver {self.route}"

    def targets(self) -> tuple[str, ...]:
        return (f"route:{self.route}",)

    def __str__(self) -> str:
        return f"Deliver {route_text(self.route)} next"


@dataclass(frozen=True, order=True)
class Award:
    """The active player's call: who wins a tied majority, or who gets the next short card."""

    player: int

    @property
    def notation(self) -> str:
        return f"award P{self.player}"

    def targets(self) -> tuple[str, ...]:
        return (f"seat:{self.player}",)

    def __str__(self) -> str:
        return f"Award it to P{self.player}"


@dataclass(frozen=True, order=True)
class Upgrade:
    """Step 5: the depleted stack to upgrade (and, for the Hotel, Silver or Food)."""

    building: str
    good: str = ""

    @property
    def notation(self) -> str:
        return f"upgrade {self.building}" + (f" {self.good}" if self.good else "")

    def targets(self) -> tuple[str, ...]:
        return (f"stack:{self.building}",)

    def __str__(self) -> str:
        to = f" to {self.good.title()}" if self.good else ""
        return f"Upgrade the {self.building.title()}'s goods{to}"


@dataclass(frozen=True, order=True)
class Keep:
    """Setup: the two power cards a player keeps of the three dealt."""

    cards: tuple[str, ...]

    @property
    def notation(self) -> str:
        return "keep " + " ".join(self.cards)

    def targets(self) -> tuple[str, ...]:
        return tuple(f"power:{c}" for c in self.cards)

    def __str__(self) -> str:
        return "Keep " + " and ".join(power_name(c) for c in self.cards)


@dataclass(frozen=True, order=True)
class DrawPower:
    """Chance: the power card that comes off the face-down stack."""

    card: str

    @property
    def notation(self) -> str:
        return f"power {self.card}"

    def targets(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return f"A power card is drawn: {power_name(self.card)}"


def city_name(city: str) -> str:
    from sandbox.trains_and_stations.components import CITY

    found = CITY.get(city)
    return found.name if found is not None else str(city)


def route_text(route: str) -> str:
    """A route by the cities it joins, as the map shows them: "the Billings – Detroit route"."""
    from sandbox.trains_and_stations.components import BOARD

    try:
        return f"the {BOARD.route(route).name} route"
    except (KeyError, TypeError):
        return f"route {route}"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 < 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def space_text(space: str) -> str:
    """A route space by its route and how far it is from the nearest city along it: "Billings –
    Detroit, 2nd space from Billings" (the ids are drawn nowhere on the map)."""
    from sandbox.trains_and_stations.components import BOARD

    try:
        found = BOARD.space(space)
    except (KeyError, TypeError):
        return f"route space {space}"
    route = BOARD.route(found.route)
    best: tuple[int, str] | None = None  # (spaces from the city, the city)
    for city in route.cities:  # spaces from each city along the route
        seen = {s.id: 1 for s in route.spaces if city in s.cities}
        todo = list(seen)
        while todo:
            here = todo.pop(0)
            for n in BOARD.space(here).spaces:
                if n not in seen:
                    seen[n] = seen[here] + 1
                    todo.append(n)
        if space in seen and (best is None or seen[space] < best[0]):
            best = seen[space], city
    if best is None:
        return f"{route.name}, a route space"
    return f"{route.name}, {_ordinal(best[0])} space from {city_name(best[1])}"


def power_name(card: str) -> str:
    """A power card named by what it says: "the mission Seattle to Detroit (7 VP)", "the Gold +
    Silver card"."""
    from sandbox.trains_and_stations.components import POWER

    found = POWER.get(card)
    if found is None:
        return f"power card {card}"
    if found.kind == "mission":
        a, b = (city_name(c) for c in found.cities)
        return f"the mission {a} to {b} ({found.vp} VP)"
    return f"the {' + '.join(g.title() for g in found.goods)} card"


def power_text(card: str) -> str:
    """A power card in words: "Seattle to Detroit, 7 VP" or "Gold + Silver"."""
    from sandbox.trains_and_stations.components import POWER

    found = POWER.get(card)
    if found is None:
        return str(card)
    if found.kind == "mission":
        a, b = (city_name(c) for c in found.cities)
        return f"mission {a} to {b}, {found.vp} VP"
    return " + ".join(g.title() for g in found.goods)


def trade_text(items: tuple[str, ...]) -> str:
    """A speculation trade as notation: 'trade nothing' or 'trade cattle cattle p12'."""
    return "trade " + (" ".join(items) if items else "nothing")


HELP = ("write e.g. 'gather', 'gather 2', 'reclaim', 'toggle d3', 'confirm', 'place s12', "
        "'place s12 bonus locked', 'build ranch seattle', 'done', 'deliver r3', 'award P2', "
        "'upgrade hotel silver', 'keep p07 p12', 'P2 commits trade cattle cattle', 'shows locked', "
        "'power p07'")
_SEAT = re.compile(r"^p(\d)$", re.IGNORECASE)
_COMMIT = re.compile(r"^p(\d) commits (trade .+)$", re.IGNORECASE)


def parse(text: str) -> Any:
    """Read an action's notation (see the module docstring)."""
    if not isinstance(text, str):
        raise InvalidNotation(text, f"{quote(text)} is not an action: an action is written as text, "
                                    "like 'gather'")
    words = text.lower().split()
    if not words:
        raise InvalidNotation(text, f"{quote(text)} is an empty action: {HELP}")
    verb, rest = words[0], words[1:]
    if (found := _COMMIT.match(" ".join(words))) is not None:
        return Commit(int(found.group(1)), found.group(2))
    if verb == "gather" and len(rest) <= 1 and (not rest or rest[0].isdigit()):
        return Gather(int(rest[0]) if rest else 0)
    if verb in ("reclaim", "confirm", "done") and not rest:
        return {"reclaim": Reclaim(), "confirm": Confirm(), "done": Done()}[verb]
    if verb == "toggle" and len(rest) == 1:
        return Toggle(rest[0])
    if verb == "shows" and len(rest) == 1 and rest[0] in FACES:
        return Face(rest[0])
    extras = rest[1:]
    if verb == "place" and rest and set(extras) <= {"bonus", "locked"} and len(set(extras)) == len(extras):
        return Place(rest[0], "bonus" in rest[1:], "locked" in rest[1:])
    if verb == "build" and len(rest) == 2 and rest[0] in BUILDINGS:
        return Erect(rest[0], rest[1])
    if verb == "deliver" and len(rest) == 1:
        return Deliver(rest[0])
    if verb == "award" and len(rest) == 1 and (seat := _SEAT.match(rest[0])) is not None:
        return Award(int(seat.group(1)))
    if verb == "upgrade" and len(rest) in (1, 2) and rest[0] in BUILDINGS:
        if len(rest) == 2 and rest[1] not in GOODS:
            raise InvalidNotation(text, f"{quote(rest[1])} is not a good ({', '.join(GOODS)})")
        return Upgrade(rest[0], rest[1] if len(rest) == 2 else "")
    if verb == "keep" and rest:
        return Keep(tuple(sorted(rest)))
    if verb == "power" and len(rest) == 1:
        return DrawPower(rest[0])
    raise InvalidNotation(text, f"{quote(text)} is not an action: {HELP}")


ACTION_TYPES = (Gather, Reclaim, Face, Place, Erect, Done, Deliver, Award, Upgrade, Keep, DrawPower,
                Toggle, Confirm, Commit)

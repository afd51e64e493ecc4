"""The component data as the engine reads it at every step: positions as indexes.

Route spaces are numbered in board order, so a board position is a tuple with one entry per
space; each space knows its neighbours by number and whether it is next to a station, and each
route its spaces, so the placement rule and "is this route complete?" are index lookups. Every
number here comes from `components` (the data files): replacing a file changes the game.
"""

from __future__ import annotations

from sandbox.trains_and_stations.components import (
    BOARD,
    COMPONENTS,
    GOOD,
    POWER,
    City,
    PowerCard,
    Route,
    Space,
)

CITIES: tuple[City, ...] = BOARD.cities
CITY: dict[str, City] = {c.id: c for c in CITIES}
CITY_INDEX: dict[str, int] = {c.id: i for i, c in enumerate(CITIES)}
ROUTES: tuple[Route, ...] = BOARD.routes
ROUTE: dict[str, Route] = {r.id: r for r in ROUTES}
SPACES: tuple[Space, ...] = BOARD.spaces
SPACE_INDEX: dict[str, int] = {s.id: i for i, s in enumerate(SPACES)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(SPACE_INDEX[n] for n in s.spaces) for s in SPACES)
NEXT_TO_CITY: tuple[bool, ...] = tuple(bool(s.cities) for s in SPACES)
BESIDE: tuple[tuple[int, ...], ...] = tuple(tuple(i for i, near in enumerate(NEIGHBOURS) if j in near)
                                            for j in range(len(SPACES)))
"""Per space, the spaces that have it among their neighbours (a die there makes them open)."""
ROUTE_SPACES: dict[str, tuple[int, ...]] = {r.id: tuple(SPACE_INDEX[s.id] for s in r.spaces) for r in ROUTES}
CITY_RATE: dict[str, float] = {c.id: BOARD.delivery_rate(c.id) for c in CITIES}
POWER_CARDS: tuple[PowerCard, ...] = COMPONENTS.power_cards
NUMBER: dict[str, int] = {n.id: n.value for n in COMPONENTS.tables.numbers}
VP_TOTAL: dict[int, int] = {s.players: s.total for s in COMPONENTS.tables.vp_stacks}
MONOPOLY: dict[str, int] = {g.id: g.monopoly_vp for g in GOOD.values()}
GOODS_EACH: dict[str, int] = {g.id: g.count for g in GOOD.values()}
CHART: dict[str, tuple[tuple[str, ...], ...]] = {u.building: u.levels for u in COMPONENTS.goods.upgrades}
"""Each building's goods, level by level (the first is what it starts with); several goods on a
level are the active player's choice."""


def pair(card: PowerCard) -> str:
    """A mission's two cities as one key (duplicate missions share it)."""
    return "-".join(sorted(card.cities))


__all__ = ["BESIDE", "CHART", "CITIES", "CITY", "CITY_INDEX", "CITY_RATE", "GOOD", "GOODS_EACH", "MONOPOLY",
           "NEIGHBOURS", "NEXT_TO_CITY", "NUMBER", "POWER", "POWER_CARDS", "ROUTE", "ROUTES", "ROUTE_SPACES",
           "SPACES", "SPACE_INDEX", "VP_TOTAL", "pair"]

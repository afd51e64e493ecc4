"""The table of Trains & Stations, drawn once against any painter.

Top to bottom: the header (game, setup, turn, whose decision, whose view, and that the map is
reconstructed); the US map with its routes, route spaces and the dice on them (coloured by
owner, bonus dice white, Locked Trains with a padlock), the nine cities with their building
locations, buildings and majority bonus; a band with the three goods spaces and their upgrade
charts, the VP stacks, the power stack and the bonus pool; the dice rolled this turn, drawn as
dice with the six symbols (chosen dice raised); then one row per player.

Hotspots: "space:s12", "city:seattle", "d3" (a die of this turn's roll), "stack:ranch",
"route:r3", "seat:2", "power:p07" (the viewer's own power cards), "gather", "reclaim", "done",
"confirm".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from sandbox.core.decision import chosen
from sandbox.core.paint import cut, focus_panels, text_width
from sandbox.core.words import plural
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations.actions import BUILDINGS

if TYPE_CHECKING:
    from sandbox.core.paint import Painter
    from sandbox.trains_and_stations.state import State

W = 980  # at most 595 px on a 1024 x 768 window: TEXT stays 9 px there
M = 8
TEXT = 15  # the size of every word a player reads: 11 px or more on a 1400 x 900 window
MAP_Y = 56  # the map's top edge on the page
K = 0.74  # the map's scale: the board's coordinates are in a 1000 x 600 box, drawn this much
MAP_X = M - M * K  # so the map's left edge (board x = M) is the page's margin
MAP_H = 570  # the board's height, in its own coordinates (the sea below Florida left out)
MAP_TEXT = TEXT / K  # words on the map, in board coordinates: TEXT on the page
RIGHT_X = round(MAP_X + (W - M) * K) + 12  # the column beside the map: goods, stacks, the roll
RIGHT_W = W - M - RIGHT_X
PANELS_Y = MAP_Y + round(MAP_H * K) + 8
PANELS_H = 180
GAP = 6
PW = 560  # the panel of the player in focus; the others are compact, in a column beside it
FOOTER = 16  # the core's reconstructed-data notice
FELT, INK, MUTED = "#f3efe3", "#1d1d1d", "#5f5a50"
LAND, SEA, TRACK = "#e7dcc0", "#c9dce6", "#8a7b62"
LEGAL = "#0e8f7e"  # the ring round a route space a die may go to now
PLAYER_COLOURS = ("#1f6fb4", "#c0392b", "#238b45", "#e0a21b", "#7b4fa0")
GOOD_COLOURS = {"cattle": "#9a5b26", "worker": "#4f6d7a", "coal": "#262626", "food": "#6b8e23",
                "silver": "#9ea7ad", "gold": "#d4a017"}
BONUS_TEXT = {"vp": "+{} VP", "power": "{} Power", "die": "{} Bonus die"}
# the contiguous US, coarse, as (longitude, latitude): a backdrop only
OUTLINE = ((-124.7, 48.4), (-123.0, 49.0), (-95.2, 49.0), (-89.6, 48.0), (-84.8, 46.5), (-82.4, 45.3),
           (-82.5, 42.6), (-79.0, 43.3), (-76.0, 44.2), (-74.9, 45.0), (-71.5, 45.0), (-69.2, 47.4),
           (-67.0, 44.8), (-70.0, 43.7), (-70.6, 41.6), (-74.0, 40.6), (-75.5, 38.5), (-76.0, 36.9),
           (-75.5, 35.2), (-78.0, 33.8), (-81.0, 31.6), (-80.0, 27.0), (-80.4, 25.2), (-82.7, 27.5),
           (-84.3, 30.0), (-89.0, 30.2), (-94.0, 29.6), (-97.2, 27.6), (-97.4, 25.9), (-99.5, 27.5),
           (-101.4, 29.8), (-103.0, 29.0), (-104.7, 30.0), (-106.5, 31.8), (-111.0, 31.3),
           (-114.8, 32.5), (-117.1, 32.5), (-118.5, 34.0), (-120.6, 34.6), (-122.4, 37.2),
           (-123.8, 39.8), (-124.2, 42.0), (-124.1, 46.2))


def project(lon: float, lat: float) -> tuple[float, float]:
    """The board's projection (data/board.json `projection`), in board coordinates."""
    return 40 + (lon + 125) / 58 * 920, 40 + (49 - lat) / 24 * 520


def size(state: State) -> tuple[int, int]:
    """A landscape table (as a window is), whatever the number of players: the map as large as
    the room leaves, the player in focus large below it, the others compact beside."""
    return W, PANELS_Y + PANELS_H + FOOTER


def fit(text: str, width: float, size: float = TEXT, bold: bool = False) -> str:
    """`text` cut to what `width` holds at font `size`."""
    return cut(text, max(4, int(width / text_width("x", size, bold))))


def player_colour(player: int) -> str:
    return PLAYER_COLOURS[(player - 1) % len(PLAYER_COLOURS)]


# --- dice -------------------------------------------------------------------------------------

def die(p: Painter, x: float, y: float, face: str, *, s: float = 30, fill: str = "#ffffff",
        raised: bool = False) -> None:
    """A die at (x, y) (top left), `s` wide, showing `face` as its symbol."""
    ink = "#ffffff" if fill not in ("#ffffff", "#e0a21b") else INK
    if raised:
        p.rect(x - 3, y - 3, s + 6, s + 6, fill="#ffd54a", radius=6)
    p.rect(x, y, s, s, fill=fill, stroke="#333333", width=1.2, radius=5)
    symbol(p, x + s / 2, y + s / 2, face, s * 0.8, ink)


def symbol(p: Painter, cx: float, cy: float, face: str, s: float, ink: str) -> None:
    """The six die faces in vector: Train, Locked Train, Coin, Ranch (longhorn), Mine (cart),
    Hotel (bell)."""
    u = s / 10
    if face in ("train", "locked"):
        p.rect(cx - 4 * u, cy - 1.5 * u, 6 * u, 3 * u, fill=ink)  # boiler
        p.rect(cx + 1 * u, cy - 3.5 * u, 3 * u, 5 * u, fill=ink)  # cab
        p.rect(cx - 3.5 * u, cy - 3.5 * u, 1.2 * u, 2 * u, fill=ink)  # funnel
        for wx in (-2.8, 0, 2.8):
            p.circle(cx + wx * u, cy + 2.4 * u, 1.1 * u, fill=ink)
        if face == "locked":
            p.arc(cx, cy - 1.2 * u, 2.2 * u, 180, 360, stroke="#c0392b", width=max(1.0, u * 0.8))
            p.rect(cx - 2.8 * u, cy - 1.2 * u, 5.6 * u, 4 * u, fill="#c0392b")
            p.circle(cx, cy + 0.6 * u, 0.7 * u, fill="#ffffff")
    elif face == "coin":
        p.circle(cx, cy, 4 * u, fill="#d4a017", stroke=ink, width=max(1.0, u * 0.5))
        p.text(cx, cy + 2 * u, "$", size=6 * u, fill=INK, anchor="middle", bold=True)
    elif face == "ranch":  # a longhorn: head and horns
        p.path([("M", cx - 4.5 * u, cy - 3 * u), ("Q", cx - 3 * u, cy - 0.5 * u, cx - 1.2 * u, cy - 1.6 * u),
                ("L", cx + 1.2 * u, cy - 1.6 * u), ("Q", cx + 3 * u, cy - 0.5 * u, cx + 4.5 * u, cy - 3 * u)],
               stroke=ink, width=max(1.0, u * 0.9))
        p.polygon([(cx - 1.6 * u, cy - 1.8 * u), (cx + 1.6 * u, cy - 1.8 * u), (cx + 0.9 * u, cy + 3.5 * u),
                   (cx - 0.9 * u, cy + 3.5 * u)], fill=ink)
    elif face == "mine":  # a mine cart on two wheels
        p.polygon([(cx - 4 * u, cy - 2.5 * u), (cx + 4 * u, cy - 2.5 * u), (cx + 3 * u, cy + 1.5 * u),
                   (cx - 3 * u, cy + 1.5 * u)], fill=ink)
        p.circle(cx - 1.8 * u, cy + 2.8 * u, 1.1 * u, fill=ink)
        p.circle(cx + 1.8 * u, cy + 2.8 * u, 1.1 * u, fill=ink)
    elif face == "hotel":  # a desk bell
        p.path([("M", cx - 3.6 * u, cy + 1.6 * u), ("A", cx, cy + 1.6 * u, 3.6 * u, 180, 360), ("Z",)],
               fill=ink)
        p.rect(cx - 4.6 * u, cy + 1.8 * u, 9.2 * u, 1.2 * u, fill=ink)
        p.circle(cx, cy - 2.6 * u, 0.8 * u, fill=ink)
    else:
        p.text(cx, cy + 3 * u, "?", size=8 * u, fill=ink, anchor="middle", bold=True)


def padlock(p: Painter, cx: float, cy: float, s: float) -> None:
    p.arc(cx, cy - s * 0.1, s * 0.28, 180, 360, stroke="#ffffff", width=1.5)
    p.rect(cx - s * 0.36, cy - s * 0.1, s * 0.72, s * 0.5, fill="#ffffff")


# --- the map ------------------------------------------------------------------------------------

def _legal_spaces(state: State, viewer: int | None) -> set[str]:
    """The route spaces the player placing may put a die on, shown to them (or the whole table)."""
    decider = state.to_move
    if state.over or state.pending.kind != "place" or viewer not in (None, decider):
        return set()
    return {space for a in state.legal_actions() if (space := getattr(a, "space", None))}


def _map(state: State, p: Painter, viewer: int | None = None) -> None:
    """The map, drawn in the board's own coordinates scaled by `K` (its words at `MAP_TEXT`)."""
    p.push()
    p.translate(MAP_X, MAP_Y)
    p.scale(K)
    try:
        _board(state, p, viewer)
    finally:
        p.pop()


def _board(state: State, p: Painter, viewer: int | None) -> None:
    p.rect(M, 0, W - 2 * M, MAP_H, fill=SEA, radius=8)
    p.polygon([project(lon, lat) for lon, lat in OUTLINE], fill=LAND, stroke="#b9a98a", width=1.5)
    spaces = {s.id: s for s in data.SPACES}
    cities = {c.id: c for c in data.CITIES}

    def at(name: str) -> tuple[float, float]:
        if name in spaces:
            return spaces[name].x, spaces[name].y
        return cities[name].x, cities[name].y

    for s in data.SPACES:  # track first, under everything
        for other in (*s.spaces, *s.cities):
            if other in cities or other > s.id:
                (x1, y1), (x2, y2) = at(s.id), at(other)
                p.line(x1, y1, x2, y2, stroke=TRACK, width=4)
    for route in data.ROUTES:
        x, y = _route_label(route)
        p.text(x, y, route.id, size=ROUTE_TEXT, fill=MUTED, bold=True)
        xs = [s.x for s in route.spaces]
        ys = [s.y for s in route.spaces]
        p.hotspot(min(xs) - 12, min(ys) - 12, max(xs) - min(xs) + 24, max(ys) - min(ys) + 24,
                  f"route:{route.id}")
    legal = _legal_spaces(state, viewer)
    for i, s in enumerate(data.SPACES):
        if s.id in legal:
            p.rect(s.x - 14, s.y - 14, 28, 28, fill="#bfeee6", stroke=LEGAL, width=2.5, radius=6)
        _space(p, s.x, s.y, state.board[i])
        p.hotspot(s.x - 13, s.y - 13, 26, 26, f"space:{s.id}")
    for i, c in enumerate(data.CITIES):
        _city(state, p, c, state.buildings[i])


def _space(p: Painter, x: float, y: float, code: str) -> None:
    s = 22
    if not code:
        p.rect(x - s / 2, y - s / 2, s, s, fill="#fbf8ef", stroke=TRACK, width=1.2, radius=3)
        return
    owner = code[0]
    fill = "#ffffff" if owner == "B" else player_colour(int(owner))
    p.rect(x - s / 2, y - s / 2, s, s, fill=fill, stroke="#333333", width=1.2, radius=4)
    ink = INK if fill in ("#ffffff", "#e0a21b") else "#ffffff"
    if code.endswith("L"):
        symbol(p, x, y, "locked", s * 0.9, ink)
    else:
        symbol(p, x, y, "train", s * 0.9, ink)


def _city(state: State, p: Painter, c: data.City, built: tuple[tuple[int, str], ...]) -> None:
    """A station with its building locations fanned above it (a building: its owner's colour and
    the first letter of its kind), its name and majority bonus where `city_labels` put them."""
    x, y = c.x, c.y
    p.circle(x, y, 17, fill="#fffaf0", stroke=INK, width=3)
    p.circle(x, y, 6, fill=INK)
    for k, (bx, by) in enumerate(_slots(c)):  # the building locations round the station
        if k < len(built):
            owner, kind = built[k]
            p.rect(bx, by, SLOT, SLOT, fill=player_colour(owner), stroke="#333333", radius=2)
            p.text(bx + SLOT / 2, by + SLOT * 0.8, kind[0].upper(), size=SLOT * 0.85, fill="#ffffff",
                   anchor="middle", bold=True)
        else:
            p.rect(bx, by, SLOT, SLOT, fill="#ffffff", stroke="#2d5fb0", width=1.5, radius=2)
    label = city_labels()[c.id]
    p.text(label.x, label.y, c.name, size=MAP_TEXT, anchor=label.anchor, bold=True, fill=INK)
    p.text(label.x, label.y + LINE, _majority(c), size=MAP_TEXT, anchor=label.anchor, fill="#6b4a00")
    p.hotspot_circle(x, y, 24, f"city:{c.id}")


SLOT = 18  # a building location, in board coordinates
LINE = MAP_TEXT * 1.1  # from a city's name to its bonus
ROUTE_TEXT = MAP_TEXT * 0.9  # a route's name ("r3"): no word, a little smaller


def _slots(c: data.City) -> list[tuple[float, float]]:
    """The top-left corners of a city's building locations (board coordinates), fanned above it."""
    return [(c.x + 31 * math.cos(a) - SLOT / 2, c.y + 31 * math.sin(a) - SLOT / 2)
            for a in (math.radians(-90 + (k - (c.slots - 1) / 2) * 40) for k in range(c.slots))]


def _majority(c: data.City) -> str:
    """The bonus the city's majority takes (the legend beside the map says so)."""
    return BONUS_TEXT[c.bonus].format(c.amount)


def _route_label(route: data.Route) -> tuple[float, float]:
    """Where a route's name is written (its baseline's start, board coordinates)."""
    return route_labels()[route.id]


@cache
def route_labels() -> dict[str, tuple[float, float]]:
    """Each route's name beside one of its middle spaces, where it covers the least of the
    spaces, stations, building locations and the names placed before it."""
    taken: list[Box] = [(s.x - 12, s.y - 12, s.x + 12, s.y + 12) for s in data.SPACES]
    for c in data.CITIES:
        taken.append((c.x - 19, c.y - 19, c.x + 19, c.y + 19))
        taken += [(bx, by, bx + SLOT, by + SLOT) for bx, by in _slots(c)]
    out: dict[str, tuple[float, float]] = {}
    for route in data.ROUTES:
        wide = text_width(route.id, ROUTE_TEXT, True)
        k = len(route.spaces) // 2
        middles = [route.spaces[k], *route.spaces[max(0, k - 1):k], *route.spaces[k + 1:k + 2]]
        options = [(m.x + dx, m.y + dy) for m in middles
                   for dx, dy in ((15, -14), (-15 - wide, -14), (15, 6 + ROUTE_TEXT),
                                  (-15 - wide, 6 + ROUTE_TEXT), (-wide / 2, -15),
                                  (-wide / 2, 15 + ROUTE_TEXT), (15, ROUTE_TEXT / 3),
                                  (-15 - wide, ROUTE_TEXT / 3))]
        costs = [_covers((_text_box(x, y, route.id, ROUTE_TEXT, "start", bold=True),), taken)
                 for x, y in options]
        best = options[costs.index(min(costs))]
        out[route.id] = best
        taken.append(_text_box(*best, route.id, ROUTE_TEXT, "start", bold=True))
    return out


Box = tuple[float, float, float, float]  # left, top, right, bottom


def _text_box(x: float, baseline: float, text: str, size: float, anchor: str, bold: bool = False) -> Box:
    """Roughly where a line of text lies."""
    width = text_width(text, size, bold)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return left, baseline - size * 0.8, left + width, baseline + size * 0.25


@dataclass(frozen=True)
class Label:
    """Where a city's name and majority bonus are written: the name's baseline at (x, y), board
    coordinates, the bonus a line below, both aligned by `anchor`."""

    x: float
    y: float
    anchor: str

    def boxes(self, c: data.City) -> tuple[Box, Box]:
        return (_text_box(self.x, self.y, c.name, MAP_TEXT, self.anchor, bold=True),
                _text_box(self.x, self.y + LINE, _majority(c), MAP_TEXT, self.anchor))


# Where a label may go, in order of preference: below the station, beside it, above its slots
_BELOW = 19 + MAP_TEXT * 0.8
_PREFERRED = (("middle", 0, _BELOW), ("start", 24, 3), ("end", -24, 3), ("start", 12, _BELOW),
              ("end", -12, _BELOW), ("middle", 0, -44 - LINE), ("start", 16, -36 - LINE),
              ("end", -16, -36 - LINE))
# then the nearest of the spots around, when those cover something
_PLACES = _PREFERRED + tuple(sorted(
    ((anchor, dx, dy) for anchor in ("middle", "start", "end") for dx in range(-40, 41, 8)
     for dy in range(-76, 64, 6)),
    key=lambda place: abs(place[1]) + abs(place[2]) + 20 * (place[0] != "middle")))


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def map_obstacles() -> list[Box]:
    """What a city label must not cover: route spaces (and the dice on them), stations, building
    locations and route names (board coordinates)."""
    boxes: list[Box] = [(s.x - 12, s.y - 12, s.x + 12, s.y + 12) for s in data.SPACES]
    for c in data.CITIES:
        boxes.append((c.x - 19, c.y - 19, c.x + 19, c.y + 19))
        boxes += [(bx, by, bx + SLOT, by + SLOT) for bx, by in _slots(c)]
    for route in data.ROUTES:
        x, y = _route_label(route)
        boxes.append(_text_box(x, y, route.id, ROUTE_TEXT, "start", bold=True))
    return boxes


_INSIDE: Box = (M, 0, W - M, MAP_H)  # the map


def _covers(boxes: tuple[Box, ...], taken: list[Box]) -> float:
    """How much of `taken` the boxes cover, and a large amount for any part outside the map."""
    total = 0.0
    for box in boxes:
        total += sum(_overlap(box, other) for other in taken)
        if box[0] < _INSIDE[0] or box[1] < _INSIDE[1] or box[2] > _INSIDE[2] or box[3] > _INSIDE[3]:
            total += 10_000
    return total


@cache
def city_labels() -> dict[str, Label]:
    """Each city's label, placed where it covers nothing on the map, or the least (the board
    is data: a replaced board.json gets readable labels with no code change)."""
    taken = map_obstacles()
    labels: dict[str, Label] = {}
    for c in data.CITIES:
        options = [Label(c.x + dx, c.y + dy, anchor) for anchor, dx, dy in _PLACES]
        costs = [_covers(label.boxes(c), taken) for label in options]
        best = options[costs.index(min(costs))]  # the first of the least covering
        labels[c.id] = best
        taken += best.boxes(c)
    return labels


# --- beside the map: goods, VP, power stack, bonus pool, this turn's roll -------------------------

def _side(state: State, p: Painter) -> None:
    x, w = RIGHT_X, RIGHT_W
    y = MAP_Y
    for b in BUILDINGS:  # a goods space each: its stack, the good, the monopoly, the upgrade chart
        k = BUILDINGS.index(b)
        good, left = state.stacks[k]
        fill = GOOD_COLOURS.get(good, "#ffffff")
        p.rect(x, y, w, 62, fill="#ebe4d2", radius=6)
        p.rect(x + 6, y + 6, 40, 32, fill=fill if good else "#ffffff", stroke="#333333", radius=4)
        p.text(x + 26, y + 28, str(left) if good else "—", size=TEXT, anchor="middle", bold=True,
               fill="#ffffff" if good and good not in ("silver", "gold") else INK)
        p.text(x + 52, y + 18, f"{b.title()} space", size=TEXT, bold=True)
        worth = f"{good.title()} · monopoly {data.GOOD[good].monopoly_vp} VP" if good else "empty for good"
        p.text(x + 52, y + 36, fit(worth, w - 56), size=TEXT)
        chart = " → ".join("/".join(g.title() for g in level) for level in data.CHART[b])
        p.text(x + 6, y + 56, fit(chart, w - 10), size=TEXT, fill=MUTED)
        p.hotspot(x, y, w, 62, f"stack:{b}")
        y += 68
    p.text(x, y + 14, f"VP stacks: {max(state.vp_stack, 0)} VP left", size=TEXT, bold=True)
    if state.ending:
        y += 20
        p.text(x, y + 14, "empty: last round", size=TEXT, fill="#c0392b", bold=True)
    p.text(x, y + 34, fit(f"Power cards: {len(state.power_deck)} in the stack", w), size=TEXT)
    p.text(x, y + 54, f"Bonus pool: {plural(state.pool, 'die', 'dice')}", size=TEXT)
    p.text(x, y + 74, fit("City bonus: to the majority", w), size=TEXT, fill="#6b4a00")
    _tray(state, p, y + 84)


def _tray(state: State, p: Painter, y: float) -> None:
    """This turn's roll: dice with their symbols (chosen dice raised), named d1, d2..."""
    x, w = RIGHT_X, RIGHT_W
    if not state.tray:
        if state.turn and not state.over:
            p.text(x, y + 16, f"P{state.current}'s dice: not rolled yet", size=TEXT, fill=MUTED)
        return
    frame = state.stack[-1] if state.stack else None
    picked = set(chosen(frame)) if frame is not None and frame.get("items") is not None else set()
    p.text(x, y + 16, f"P{state.current} rolls:", size=TEXT, bold=True)
    per_row = max(1, int((w + 6) // 40))
    for i, d in enumerate(state.tray):
        dx = x + 4 + (i % per_row) * 40
        dy = y + 26 + (i // per_row) * 50
        name = f"d{i + 1}"
        fill = "#ffffff" if d.bonus else player_colour(state.current)
        die(p, dx, dy, d.face, s=32, fill=fill, raised=name in picked)
        p.text(dx + 16, dy + 46, name, size=13, anchor="middle", fill=MUTED)
        p.hotspot(dx, dy, 32, 32, name)
    if state.struck:
        rows = (len(state.tray) + per_row - 1) // per_row
        p.text(x, y + 26 + rows * 50 + 10, "Strike! (3 Locked Trains)", size=TEXT, fill="#c0392b", bold=True)


# --- players ----------------------------------------------------------------------------------------

def _decider(state: State) -> int | None:
    who = state.to_move
    return who if isinstance(who, int) and 1 <= who <= state.players else None


def focus(state: State, viewer: int | None) -> int:
    """The player drawn large: the one deciding, when the table is seen by them or by all;
    else the viewer (their own seat); else the current player. At the end, the best score,
    from every seat."""
    if state.over:
        return max(range(1, state.players + 1), key=lambda pl: (state.seat(pl).vp, -pl))
    decider = _decider(state)
    if decider is not None and viewer in (None, decider):
        return decider
    return viewer if viewer is not None else decider or state.current


def _panels(state: State, viewer: int | None) -> dict[int, tuple[float, float, float, float]]:
    """Each player's panel (x, y, w, h): the focus large on the left, the others in a column."""
    return focus_panels(state.players, focus(state, viewer), (M, PANELS_Y, PW, PANELS_H),
                        (M + PW + 8, PANELS_Y, W - 2 * M - PW - 8, PANELS_H), GAP)


def _title(state: State, player: int) -> str:
    s = state.seat(player)
    hat = " (Conductor)" if player == 1 else ""
    return f"P{player}{hat} · {s.vp} VP · {plural(s.coins, 'coin')}"


def _player(state: State, p: Painter, player: int, viewer: int | None,
            box: tuple[float, float, float, float]) -> None:
    x, y, w, h = box
    s = state.seat(player)
    active = player == state.current and state.turn and not state.over
    colour = player_colour(player)
    p.rect(x, y, w, h, fill="#fffaf0" if active else "#f8f4ea", stroke=colour, width=2.5 if active else 1,
           radius=6)
    p.rect(x + 6, y + 6, 14, 14, fill=colour, radius=3)
    p.hotspot(x, y, w, min(h, 30), f"seat:{player}")
    sees = state.sees(viewer, player)
    on_board = f"{plural(state.on_board(player), 'die', 'dice')} on the board"
    if w != PW:  # compact: the public facts in a line or two
        p.text(x + 26, y + 18, fit(_title(state, player), w - 32, bold=True), size=TEXT, bold=True)
        facts = f"{on_board.replace('the board', 'board')} · {plural(len(s.goods), 'good')} · " \
            f"{plural(len(s.power), 'power card')}"
        if h >= 40:
            p.text(x + 26, y + 36, fit(facts, w - 32), size=TEXT, fill=MUTED)
        if h >= 60:
            left = " · ".join(f"{b.title()} {s.left(b)}" for b in BUILDINGS)
            p.text(x + 26, y + 56, fit(f"buildings left: {left}", w - 32), size=TEXT, fill=MUTED)
        if h >= 80 and s.saved:
            p.text(x + 26, y + 76, f"saved: {len(s.saved)}", size=TEXT, fill=MUTED)
        return
    p.text(x + 26, y + 18, fit(_title(state, player), w - 32, bold=True), size=TEXT, bold=True)
    line = f"{on_board} · bonus dice {s.bonus}"
    p.text(x + 8, y + 40, line, size=TEXT)
    sx = x + 16 + text_width(line, TEXT)
    if s.saved:
        p.text(sx, y + 40, "saved:", size=TEXT, fill=MUTED)
        for k, face in enumerate(s.saved):
            die(p, sx + 52 + k * 26, y + 26, face, s=22, fill=colour)
    left = " · ".join(f"{b.title()} {s.left(b)}" for b in BUILDINGS)
    p.text(x + 8, y + 60, f"buildings left: {left}", size=TEXT)
    if s.missions:
        vp = sum(data.POWER[c].vp for c in s.missions)
        p.text(x + w - 8, y + 60, f"missions done: {len(s.missions)} ({vp} VP)", size=TEXT, fill="#238b45",
               anchor="end")
    if sees:
        counts = {g: s.goods.count(g) for g in dict.fromkeys(s.goods)}
        p.text(x + 8, y + 82, "goods:" if counts else "goods: none", size=TEXT, fill=MUTED)
        for k, (g, n) in enumerate(counts.items()):
            gx = x + 62 + k * 92
            p.rect(gx, y + 67, 88, 21, fill=GOOD_COLOURS[g], radius=3)
            p.text(gx + 44, y + 82, f"{g.title()} {n}", size=TEXT, anchor="middle",
                   fill=INK if g in ("silver", "gold") else "#ffffff")
    else:
        p.text(x + 8, y + 82, f"goods: {len(s.goods)} face down", size=TEXT, fill=MUTED)
    cw = (w - 16 - 2 * 6) / 3
    for k, card in enumerate(s.power):
        cx = x + 8 + (k % 3) * (cw + 6)
        cy = y + 94 + (k // 3) * 42
        if sees and card in data.POWER:
            _power_card(p, cx, cy, cw, card)
            p.hotspot(cx, cy, cw, 38, f"power:{card}")
        else:
            p.rect(cx, cy, cw, 38, fill="#4a3b2a", radius=3)
            p.text(cx + cw / 2, cy + 25, "power card", size=TEXT, fill="#e9dcc3", anchor="middle")


def _power_card(p: Painter, x: float, y: float, w: float, card: str) -> None:
    """A power card face: a mission (its two cities and VP) or a goods card (its two goods)."""
    c = data.POWER[card]
    p.rect(x, y, w, 38, fill="#fffaf0", stroke="#4a3b2a", width=1.5, radius=3)
    if c.kind == "mission":
        a, b = (data.CITY[k].name for k in c.cities)
        both = f"{a} – {b}"
        if text_width(both, TEXT, True) <= w - 12:
            p.text(x + 6, y + 16, both, size=TEXT, bold=True)
            p.text(x + 6, y + 33, f"mission · {c.vp} VP", size=TEXT, fill=MUTED)
        else:  # the second city on the second line, its VP at the right: no name or VP is cut
            vp = f"{c.vp} VP"
            p.text(x + 6, y + 16, f"{a} –", size=TEXT, bold=True)
            p.text(x + 6, y + 33, fit(b, w - 18 - text_width(vp, TEXT), bold=True), size=TEXT, bold=True)
            p.text(x + w - 6, y + 33, vp, size=TEXT, fill=MUTED, anchor="end")
    else:
        for k, g in enumerate(c.goods):
            p.rect(x + 6 + k * 20, y + 4, 17, 14, fill=GOOD_COLOURS[g], radius=2)
        p.text(x + 50, y + 16, "goods card", size=TEXT, fill=MUTED)
        p.text(x + 6, y + 33, fit(" + ".join(g.title() for g in c.goods), w - 12), size=TEXT)


def draw(state: State, p: Painter, viewer: int | None = None) -> None:
    w, h = size(state)
    p.rect(0, 0, w, h, fill=FELT)
    p.text(M, 24, state.title, size=20, bold=True)
    note = f"{state.config.describe()} · map, bonuses and power cards reconstructed"
    p.text(w - M, 22, fit(note, w - 240), size=TEXT, fill="#8a5a00", anchor="end")
    seen = "the whole table" if viewer is None else f"seen by P{viewer}"
    turn = "setup" if state.turn == 0 else f"Turn {state.turn}"
    prompt = state.pending.prompt if not state.over else "game over"
    p.text(M, 46, fit(f"{turn} · {prompt} · {seen}", w - 2 * M), size=TEXT, fill="#333333")
    _map(state, p, viewer)
    _side(state, p)
    for player, box in sorted(_panels(state, viewer).items()):
        _player(state, p, player, viewer, box)


__all__ = ["die", "draw", "focus", "size", "symbol"]

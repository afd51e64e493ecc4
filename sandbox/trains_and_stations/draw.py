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
from sandbox.core.paint import cut, text_width
from sandbox.core.words import plural
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations.actions import BUILDINGS

if TYPE_CHECKING:
    from sandbox.core.paint import Painter
    from sandbox.trains_and_stations.state import State

W = 1000
M = 12
MAP_Y = 58  # the map's top edge; the board's coordinates are in a 1000 x 600 box
MAP_H = 600
BAND_Y = MAP_Y + MAP_H + 8
BAND_H = 112
TRAY_Y = BAND_Y + BAND_H + 8
TRAY_H = 58
PLAYERS_Y = TRAY_Y + TRAY_H + 8
ROW_H = 62
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
    """The board's projection (data/board.json `projection`), onto the page."""
    return 40 + (lon + 125) / 58 * 920, MAP_Y + 40 + (49 - lat) / 24 * 520


def size(state: State) -> tuple[int, int]:
    return W, PLAYERS_Y + state.players * ROW_H + 24


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
    p.rect(M, MAP_Y, W - 2 * M, MAP_H, fill=SEA, radius=8)
    p.polygon([project(lon, lat) for lon, lat in OUTLINE], fill=LAND, stroke="#b9a98a", width=1.5)
    p.text(M + 10, MAP_Y + MAP_H - 10, "Reconstructed: this map, its city bonuses and the power cards were "
           "never published where we could read them (see data/, each record labelled)", size=10,
           fill="#8a5a00")
    spaces = {s.id: s for s in data.SPACES}
    cities = {c.id: c for c in data.CITIES}

    def at(name: str) -> tuple[float, float]:
        if name in spaces:
            return spaces[name].x, MAP_Y + spaces[name].y
        return cities[name].x, MAP_Y + cities[name].y

    for s in data.SPACES:  # track first, under everything
        for other in (*s.spaces, *s.cities):
            if other in cities or other > s.id:
                (x1, y1), (x2, y2) = at(s.id), at(other)
                p.line(x1, y1, x2, y2, stroke=TRACK, width=4)
    for route in data.ROUTES:
        x, y = _route_label(route)
        p.text(x, MAP_Y + y, route.id, size=9, fill=MUTED)
        xs = [s.x for s in route.spaces]
        ys = [MAP_Y + s.y for s in route.spaces]
        p.hotspot(min(xs) - 12, min(ys) - 12, max(xs) - min(xs) + 24, max(ys) - min(ys) + 24,
                  f"route:{route.id}")
    legal = _legal_spaces(state, viewer)
    for i, s in enumerate(data.SPACES):
        if s.id in legal:
            p.rect(s.x - 14, MAP_Y + s.y - 14, 28, 28, fill="#bfeee6", stroke=LEGAL, width=2.5, radius=6)
        _space(p, s.x, MAP_Y + s.y, state.board[i])
        p.hotspot(s.x - 12, MAP_Y + s.y - 12, 24, 24, f"space:{s.id}")
    for i, c in enumerate(data.CITIES):
        _city(state, p, c, state.buildings[i])


def _space(p: Painter, x: float, y: float, code: str) -> None:
    s = 20
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
    x, y = c.x, MAP_Y + c.y
    p.circle(x, y, 17, fill="#fffaf0", stroke=INK, width=2)
    for k, (bx, by) in enumerate(_slots(c)):  # the building locations round the station
        by += MAP_Y
        if k < len(built):
            owner, kind = built[k]
            p.rect(bx, by, 14, 14, fill=player_colour(owner), stroke="#333333", radius=2)
            p.text(bx + 7, by + 11, kind[0].upper(), size=9, fill="#ffffff", anchor="middle", bold=True)
        else:
            p.rect(bx, by, 14, 14, fill="#ffffff", stroke="#2d5fb0", width=1.2, radius=2)
    p.text(x, y + 4, c.name[:3].upper(), size=10, anchor="middle", bold=True)
    label = city_labels()[c.id]
    p.text(label.x, MAP_Y + label.y, c.name, size=11, anchor=label.anchor, bold=True, fill=INK)
    p.text(label.x, MAP_Y + label.y + 13, _majority(c), size=9, anchor=label.anchor, fill=MUTED)
    p.hotspot_circle(x, y, 20, f"city:{c.id}")


def _slots(c: data.City) -> list[tuple[float, float]]:
    """The top-left corners of a city's building locations (board coordinates), fanned above it."""
    return [(c.x + 27 * math.cos(a) - 7, c.y + 27 * math.sin(a) - 7)
            for a in (math.radians(-90 + (k - (c.slots - 1) / 2) * 38) for k in range(c.slots))]


def _majority(c: data.City) -> str:
    return f"majority: {BONUS_TEXT[c.bonus].format(c.amount)}"


def _route_label(route: data.Route) -> tuple[float, float]:
    middle = route.spaces[len(route.spaces) // 2]
    return middle.x + 14, middle.y - 12


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
        return (_text_box(self.x, self.y, c.name, 11, self.anchor, bold=True),
                _text_box(self.x, self.y + 13, _majority(c), 9, self.anchor))


# Where a label may go, in order of preference: below the station, beside it, above its slots
_PLACES = (("middle", 0, 31), ("start", 24, 3), ("end", -24, 3), ("start", 8, 31), ("end", -8, 31),
           ("middle", 0, -52), ("start", 14, -40), ("end", -14, -40))


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
        boxes += [(bx, by, bx + 14, by + 14) for bx, by in _slots(c)]
    for route in data.ROUTES:
        x, y = _route_label(route)
        boxes.append(_text_box(x, y, route.id, 9, "start"))
    return boxes


_INSIDE: Box = (M - 4, 0, W - M + 4, MAP_H - 24)  # the map, above its footnote


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


# --- the band: goods, VP, power stack, bonus pool ------------------------------------------------

def _band(state: State, p: Painter) -> None:
    y = BAND_Y
    p.rect(M, y, W - 2 * M, BAND_H, fill="#ebe4d2", radius=6)
    for k, b in enumerate(BUILDINGS):
        x = M + 10 + k * 200
        good, left = state.stacks[k]
        p.text(x, y + 18, f"{b.title()} space", size=12, bold=True)
        fill = GOOD_COLOURS.get(good, "#ffffff")
        p.rect(x, y + 26, 56, 40, fill=fill if good else "#ffffff", stroke="#333333", radius=4)
        p.text(x + 28, y + 51, str(left) if good else "—", size=14, anchor="middle", bold=True,
               fill="#ffffff" if good and good not in ("silver", "gold") else INK)
        p.text(x + 64, y + 42, good.title() if good else "empty for good", size=12)
        worth = f"monopoly {data.GOOD[good].monopoly_vp} VP" if good else ""
        p.text(x + 64, y + 58, worth, size=10, fill=MUTED)
        chart = " → ".join("/".join(g.title() for g in level) for level in data.CHART[b])
        p.text(x, y + 84, chart, size=10, fill=MUTED)
        p.hotspot(x, y + 26, 180, 40, f"stack:{b}")
    x = M + 620
    p.text(x, y + 18, "VP stacks", size=12, bold=True)
    p.text(x, y + 42, f"{max(state.vp_stack, 0)} VP left", size=14, bold=True)
    if state.ending:
        p.text(x, y + 60, "empty: last round", size=11, fill="#c0392b", bold=True)
    x = M + 740
    p.text(x, y + 18, "Power cards", size=12, bold=True)
    p.rect(x, y + 26, 40, 54, fill="#4a3b2a", stroke="#8c7660", radius=4)
    p.text(x + 20, y + 58, str(len(state.power_deck)), size=14, anchor="middle", fill="#ffffff", bold=True)
    x = M + 850
    p.text(x, y + 18, "Bonus pool", size=12, bold=True)
    for k in range(state.pool):
        p.rect(x + (k % 5) * 22, y + 28 + (k // 5) * 22, 18, 18, fill="#ffffff", stroke="#333333", radius=3)


# --- this turn's roll ------------------------------------------------------------------------------

def _tray(state: State, p: Painter) -> None:
    y = TRAY_Y
    if not state.tray:
        if state.turn and not state.over:
            p.text(M, y + 20, f"P{state.current}'s dice: not rolled yet", size=12, fill=MUTED)
        return
    frame = state.stack[-1] if state.stack else None
    picked = set(chosen(frame)) if frame is not None and frame.get("items") is not None else set()
    p.text(M, y + 20, f"P{state.current} rolls:", size=12, bold=True)
    for i, d in enumerate(state.tray):
        x = M + 90 + i * 44
        name = f"d{i + 1}"
        fill = "#ffffff" if d.bonus else player_colour(state.current)
        die(p, x, y + 4, d.face, s=32, fill=fill, raised=name in picked)
        p.text(x + 16, y + 50, name, size=9, anchor="middle", fill=MUTED)
        p.hotspot(x, y + 4, 32, 32, name)
    if state.struck:
        p.text(M + 110 + len(state.tray) * 44, y + 26, "Strike! (3 Locked Trains)", size=12, fill="#c0392b",
               bold=True)


# --- players ----------------------------------------------------------------------------------------

def _player(state: State, p: Painter, player: int, viewer: int | None) -> None:
    y = PLAYERS_Y + (player - 1) * ROW_H
    s = state.seat(player)
    active = player == state.current and state.turn
    p.rect(M, y, W - 2 * M, ROW_H - 6, fill="#fffaf0" if active else "#f8f4ea",
           stroke=player_colour(player), width=2.5 if active else 1, radius=6)
    p.rect(M + 6, y + 8, 16, 16, fill=player_colour(player), radius=3)
    hat = " (Conductor)" if player == 1 else ""
    p.text(M + 28, y + 21, f"P{player}{hat}", size=13, bold=True)
    p.hotspot(M, y, 140, ROW_H - 6, f"seat:{player}")
    p.text(M + 28, y + 40, f"{s.vp} VP · {plural(s.coins, 'coin')}", size=11)
    p.text(M + 28, y + 54, f"{plural(state.on_board(player), 'die', 'dice')} on the board", size=10,
           fill=MUTED)
    x = M + 190
    p.text(x, y + 18, "saved", size=10, fill=MUTED)
    for k, face in enumerate(s.saved):
        die(p, x + k * 24, y + 24, face, s=20, fill=player_colour(player))
    x = M + 320
    p.text(x, y + 18, f"bonus dice {s.bonus}", size=10, fill=MUTED)
    p.text(x, y + 36, "buildings left", size=10, fill=MUTED)
    p.text(x, y + 50, "  ".join(f"{b[0].upper()}{s.left(b)}" for b in BUILDINGS), size=11)
    x = M + 450
    sees = state.sees(viewer, player)
    if sees:
        counts = {g: s.goods.count(g) for g in dict.fromkeys(s.goods)}
        p.text(x, y + 18, "goods", size=10, fill=MUTED)
        for k, (g, n) in enumerate(counts.items()):
            gx = x + k * 62
            p.rect(gx, y + 24, 58, 22, fill=GOOD_COLOURS[g], radius=3)
            p.text(gx + 29, y + 39, f"{g.title()} {n}", size=10, anchor="middle",
                   fill=INK if g in ("silver", "gold") else "#ffffff")
    else:
        p.text(x, y + 18, "goods: face down", size=10, fill=MUTED)
        p.rect(x, y + 24, 34, 24, fill="#4a3b2a", radius=3)
    x = M + 770
    p.text(x, y + 18, "power cards", size=10, fill=MUTED)
    step = min(50.0, (W - M - 50 - x) / max(1, len(s.power) - 1))  # more than four overlap
    for k, card in enumerate(s.power):
        cx = x + k * step
        if sees and card in data.POWER:
            _power_card(p, cx, y + 22, card)
            p.hotspot(cx, y + 22, 46, 30, f"power:{card}")
        else:
            p.rect(cx, y + 22, 30, 30, fill="#4a3b2a", radius=3)
    if s.missions:
        vp = sum(data.POWER[c].vp for c in s.missions)
        p.text(M + 190, y + 56, f"missions: {' '.join(s.missions)} ({vp} VP)", size=10, fill="#238b45")


def _power_card(p: Painter, x: float, y: float, card: str) -> None:
    c = data.POWER[card]
    p.rect(x, y, 46, 30, fill="#fffaf0", stroke="#4a3b2a", radius=3)
    if c.kind == "mission":
        a, b = (data.CITY[k].name[:3].upper() for k in c.cities)
        p.text(x + 23, y + 12, f"{a}-{b}", size=8, anchor="middle", bold=True)
        p.text(x + 23, y + 25, f"{c.vp} VP", size=9, anchor="middle")
    else:
        for k, g in enumerate(c.goods):
            p.rect(x + 4 + k * 20, y + 6, 18, 18, fill=GOOD_COLOURS[g], radius=2)


def draw(state: State, p: Painter, viewer: int | None = None) -> None:
    w, h = size(state)
    p.rect(0, 0, w, h, fill=FELT)
    p.text(M, 24, state.title, size=18, bold=True)
    p.text(w - M, 22, f"{state.config.describe()} · map, bonuses and power cards reconstructed", size=11,
           fill="#8a5a00", anchor="end")
    seen = "the whole table" if viewer is None else f"seen by P{viewer}"
    turn = "setup" if state.turn == 0 else f"Turn {state.turn}"
    prompt = state.pending.prompt if not state.over else "game over"
    p.text(M, 46, f"{turn} · {cut(prompt, 100)} · {seen}", size=12, fill="#333333")
    _map(state, p, viewer)
    _band(state, p)
    _tray(state, p)
    for player in range(1, state.players + 1):
        _player(state, p, player, viewer)


__all__ = ["die", "draw", "size", "symbol"]

"""The table of Traintopia, drawn once against any painter.

Top to bottom: the header (game, setup, round, the decision pending, whose view, and that the
components are reconstructed); the middle of the table: the round card with its element spaces,
the offer (map tiles drawn small, wooden elements as pieces), the map tile stack and the supply,
the face-up bonus tiles, the End Game Bonus card with what is left on it and the objective deck;
then the players: the one in focus (`focus`: the player deciding, else the viewer) in a large
panel on the left, the others compact in a column beside it, so the table is as wide as a window
is and every word is drawn at `TEXT` (11 px on a 1400 x 900 window). Each panel has its network
scaled to fit: tiles with their cells tinted by feature, rails, stations, money symbols (a gold
disc where a token covers one) and the wooden pieces on each track, drawn beside the track's
first rail where they hide the least rail; and a strip at its foot with what the player holds,
or the tools of the decision pending (the four turns of the tile to lay, the two objective
cards to keep from); a compact panel has one line of facts.

Hotspots: "offer:M12" / "offer:tourist" (the middle), "bonus:B03" (face-up bonus tiles),
"bonus:railhead" (the End Game Bonus card), "objective" (the objective deck, or its button);
in the panel of the player deciding, seen by that player or the whole table: "track:t3r0" (every
rail segment of a track), "money:2,1" (a money token), "spot:4,-2" (an empty cell within two of
the network during a lay: where the new tile's top-left quarter would go), "turn:0" .. "turn:3"
(the tile to lay, turned), "hand:M12" (one of two tiles held at setup), "card:O4" (an objective
to keep), "discard", "done".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from sandbox.core.paint import cut, focus_panels
from sandbox.core.pending import CHANCE
from sandbox.core.words import plural
from sandbox.traintopia.actions import BONUSES, Lay, Put, piece_name
from sandbox.traintopia.components import DECK_SIZE, LANDMARK_VALUE, OBJECTIVES, ROUND_CARDS, TILES
from sandbox.traintopia.geometry import STEP, Shape, shape
from sandbox.traintopia.words import objective_words

if TYPE_CHECKING:
    from sandbox.core.paint import Painter
    from sandbox.traintopia.geometry import Cell, Network, RailShape
    from sandbox.traintopia.model import Seat
    from sandbox.traintopia.state import State

Point = tuple[float, float]

W = 1000
M = 12
TEXT = 14  # the size of every word a player reads: 11 px or more on a 1400 x 900 window
GLYPH = 0.54  # a character's mean width, in font sizes (the table font, Table Sans)
BOLD = 1.12  # how much wider bold text runs
MID_Y = 62  # the middle of the table
ROW1_H = 126
ROW2_Y = MID_Y + ROW1_H + 8
ROW2_H = 100
PANELS_Y = ROW2_Y + ROW2_H + 8
PANELS_H = 380
GAP = 10
PW = 600  # the panel of the player in focus; the others are compact, in a column beside it
SIDE_X = M + PW + GAP
SIDE_W = W - M - SIDE_X
TITLE_H = 34
STRIP_H = 74
CELL_CAP = 40.0  # a small network is not drawn huge
FOOTER = 18  # the core's reconstructed-data notice

FELT, INK, MUTED, WARN = "#f3efe3", "#1d1d1d", "#5f5a50", "#8a5a00"
BOX, BOX_EDGE = "#fffaf0", "#b9ab8c"
PARK, TILE_EDGE, RAIL = "#e9efdb", "#7d7563", "#2f2b26"
DISTRICT = {"grey": "#9aa0a6", "yellow": "#f2c14e", "green": "#6ab04c"}
LANDMARK, LANDMARK_CELL = "#7a4f3a", "#f1e4d3"
GOLD, GOLD_EDGE = "#e3b21c", "#8a6d00"
STATION = {"circle": "#c0392b", "square": "#1f7a8c", "diamond": "#d35400", "railhead": "#f1c40f"}
PIECE = {"tourist": "#ffffff", "train": "#151515", "mailbag": "#2d6cdf", "inspector": "#7b3fa0",
         "commuter": "#d5d5d5"}
PLAYER_COLOURS = ("#1f6fb4", "#c0392b", "#238b45", "#e0a21b")
LEGAL, GLOW = "#1f6fb4", "#7fd3f5"  # the glow of a clickable track: sky blue, unlike any district


def size(state: State) -> tuple[int, int]:
    """A landscape table (as a window is), whatever the number of players: the player in focus
    large, the others compact beside."""
    return W, PANELS_Y + PANELS_H + FOOTER


def fit(text: str, width: float, size: float = TEXT) -> str:
    """`text` cut to what `width` holds at font `size` (bold: `BOLD * size`)."""
    return cut(text, max(4, int(width / (GLYPH * size))))


def player_colour(player: int) -> str:
    return PLAYER_COLOURS[(player - 1) % len(PLAYER_COLOURS)]


# --- pieces and stations ---------------------------------------------------------------------------

def piece(p: Painter, name: str, cx: float, cy: float, s: float) -> None:
    """A wooden element `s` tall centred at (cx, cy): a Commuter (a figure in its colour; plain
    "commuter": the bag's random draw), a Tourist (white figure), a Train (black engine), a
    Mailbag (blue bag), the Railway Inspector (purple figure in a cap), the Railhead (a star)."""
    line = max(0.6, s * 0.07)
    if name.startswith("commuter") or name in ("tourist", "inspector"):
        colour = name.split(".")[1] if "." in name else ""
        fill = DISTRICT.get(colour, PIECE.get(name, PIECE["commuter"]))
        p.polygon([(cx - 0.3 * s, cy + 0.45 * s), (cx - 0.17 * s, cy - 0.08 * s),
                   (cx + 0.17 * s, cy - 0.08 * s), (cx + 0.3 * s, cy + 0.45 * s)], fill=fill, stroke=INK,
                  width=line)
        p.circle(cx, cy - 0.28 * s, 0.17 * s, fill=fill, stroke=INK, width=line)
        if name == "inspector":
            p.rect(cx - 0.2 * s, cy - 0.5 * s, 0.4 * s, 0.12 * s, fill=INK)
        elif name == "commuter":
            p.text(cx, cy + 0.35 * s, "?", size=0.4 * s, fill=INK, anchor="middle", bold=True)
    elif name == "train":
        ink = PIECE["train"]
        p.rect(cx - 0.45 * s, cy - 0.12 * s, 0.62 * s, 0.34 * s, fill=ink, radius=0.05 * s)
        p.rect(cx + 0.1 * s, cy - 0.36 * s, 0.34 * s, 0.58 * s, fill=ink, radius=0.04 * s)
        p.rect(cx - 0.36 * s, cy - 0.34 * s, 0.12 * s, 0.22 * s, fill=ink)
        for wx in (-0.3, -0.02, 0.27):
            p.circle(cx + wx * s, cy + 0.3 * s, 0.11 * s, fill=ink, stroke="#ffffff", width=line * 0.6)
    elif name == "mailbag":
        fill = PIECE["mailbag"]
        p.polygon([(cx - 0.13 * s, cy - 0.2 * s), (cx + 0.13 * s, cy - 0.2 * s),
                   (cx + 0.22 * s, cy - 0.42 * s), (cx - 0.22 * s, cy - 0.42 * s)], fill=fill, stroke=INK,
                  width=line)
        p.circle(cx, cy + 0.12 * s, 0.33 * s, fill=fill, stroke=INK, width=line)
        p.rect(cx - 0.16 * s, cy - 0.24 * s, 0.32 * s, 0.08 * s, fill="#f5deb3")
    elif name == "railhead":
        star(p, cx, cy, 0.5 * s, STATION["railhead"], line)
    else:
        p.circle(cx, cy, 0.35 * s, fill="#ffffff", stroke=INK, width=line)
        p.text(cx, cy + 0.15 * s, "?", size=0.45 * s, anchor="middle", bold=True)


def star(p: Painter, cx: float, cy: float, r: float, fill: str, line: float) -> None:
    points = []
    for k in range(10):
        a = math.radians(-90 + 36 * k)
        radius = r if k % 2 == 0 else r * 0.45
        points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    p.polygon(points, fill=fill, stroke=INK, width=line)


def station(p: Painter, kind: str, cx: float, cy: float, c: float) -> None:
    """A station in a cell `c` wide: circle, square, diamond, or the Railhead's flagged star."""
    fill = STATION.get(kind, "#888888")
    line = max(0.8, c * 0.07)
    if kind == "circle":
        p.circle(cx, cy, 0.3 * c, fill=fill, stroke="#ffffff", width=line)
    elif kind == "square":
        p.rect(cx - 0.27 * c, cy - 0.27 * c, 0.54 * c, 0.54 * c, fill=fill, stroke="#ffffff", width=line)
    elif kind == "diamond":
        r = 0.36 * c
        p.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill, stroke="#ffffff",
                  width=line)
    else:  # the Railhead: a star under a little flag
        p.line(cx + 0.05 * c, cy - 0.1 * c, cx + 0.05 * c, cy - 0.48 * c, stroke=INK, width=line)
        p.polygon([(cx + 0.05 * c, cy - 0.48 * c), (cx + 0.38 * c, cy - 0.38 * c),
                   (cx + 0.05 * c, cy - 0.28 * c)], fill="#c0392b")
        star(p, cx, cy + 0.05 * c, 0.36 * c, fill, max(0.6, c * 0.05))


def landmark(p: Painter, cx: float, cy: float, s: float, value: int) -> None:
    """A landmark: a tower `s` tall with its value."""
    p.polygon([(cx - 0.32 * s, cy + 0.5 * s), (cx - 0.32 * s, cy - 0.12 * s), (cx, cy - 0.5 * s),
               (cx + 0.32 * s, cy - 0.12 * s), (cx + 0.32 * s, cy + 0.5 * s)], fill=LANDMARK)
    p.text(cx, cy + 0.38 * s, str(value), size=max(6.0, 0.5 * s), fill="#ffffff", anchor="middle", bold=True)


def coin(p: Painter, cx: float, cy: float, r: float, covered: bool) -> None:
    """A money symbol: a gold disc where a token covers it, else an empty ring."""
    if covered:
        p.circle(cx, cy, r, fill=GOLD, stroke=GOLD_EDGE, width=max(0.7, r * 0.15))
        p.text(cx, cy + 0.42 * r, "$", size=max(6.0, 1.2 * r), fill=INK, anchor="middle", bold=True)
    else:
        p.circle(cx, cy, r, fill="#ffffff", stroke=GOLD, width=max(0.8, r * 0.22))
        p.text(cx, cy + 0.42 * r, "$", size=max(6.0, 1.2 * r), fill=GOLD_EDGE, anchor="middle")


# --- tiles -----------------------------------------------------------------------------------------

def _rail_points(rail: RailShape, sh: Shape) -> list[Point]:
    """A rail in tile units (a cell is 1): its first port's midpoint, the centres of its cells in
    order, and its other port's midpoint (a rail to the station stops at the station)."""
    def mid(key: tuple[int, int, int]) -> Point:
        x, y, d = key
        return x + 0.5 + STEP[d][0] * 0.5, y + 0.5 + STEP[d][1] * 0.5

    ends: list[tuple[int, int]] = [(k[0], k[1]) for k in rail.ports]
    if rail.station and sh.station_cell is not None:
        ends.append(sh.station_cell)
    start = ends[0]
    goal = ends[-1]
    cells = set(rail.cells)
    order = _walk(start, goal, cells) or sorted(cells)
    points: list[Point] = []
    if rail.ports:
        points.append(mid(rail.ports[0]))
    points += [(x + 0.5, y + 0.5) for x, y in order]
    if len(rail.ports) > 1:
        points.append(mid(rail.ports[1]))
    return points


def _walk(start: Cell, goal: Cell, cells: set[Cell]) -> list[Cell]:
    """A path from `start` to `goal` through every cell of `cells`, stepping orthogonally."""
    def go(path: list[Cell]) -> list[Cell]:
        if len(path) == len(cells):
            return path if path[-1] == goal else []
        x, y = path[-1]
        for dx, dy in STEP:
            nxt = (x + dx, y + dy)
            if nxt in cells and nxt not in path:
                found = go([*path, nxt])
                if found:
                    return found
        return []

    return go([start]) if start in cells else []


def _smooth(points: Sequence[Point]) -> list[tuple]:
    """Path commands through `points`, corners rounded with quadratic curves."""
    if len(points) < 2:
        return []
    cmds: list[tuple] = [("M", *points[0])]
    for i in range(1, len(points) - 1):
        a, b = points[i], points[i + 1]
        cmds.append(("Q", a[0], a[1], (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    cmds.append(("L", *points[-1]))
    return cmds


def _samples(points: Sequence[Point]) -> list[Point]:
    """Points along the smoothed rail, to keep glyphs off it."""
    out = list(points)
    for i in range(1, len(points) - 1):
        (ax, ay), (bx, by), (cx, cy) = points[i - 1], points[i], points[i + 1]
        sx, sy = (ax + bx) / 2 if i > 1 else ax, (ay + by) / 2 if i > 1 else ay
        ex, ey = (bx + cx) / 2, (by + cy) / 2
        for t in (0.25, 0.5, 0.75):
            u = 1 - t
            out.append((u * u * sx + 2 * u * t * bx + t * t * ex, u * u * sy + 2 * u * t * by + t * t * ey))
    return out


CORNERS = ((0.26, 0.26), (0.74, 0.26), (0.26, 0.74), (0.74, 0.74))


def _spot_for(cell: tuple[int, int], near: Sequence[Point]) -> tuple[Point, bool]:
    """Where a cell's glyph goes (tile units): its centre when no rail runs near, else the corner
    farthest from the rails; and whether it was moved to a corner (then drawn smaller)."""
    x, y = cell
    close = [(px, py) for px, py in near if x - 0.05 <= px <= x + 1.05 and y - 0.05 <= py <= y + 1.05]
    if not close:
        return (x + 0.5, y + 0.5), False
    best, far = CORNERS[0], -1.0
    for cx, cy in CORNERS:
        gap = min((x + cx - px) ** 2 + (y + cy - py) ** 2 for px, py in close)
        if gap > far + 1e-9:
            best, far = (cx, cy), gap
    return (x + best[0], y + best[1]), True


def tile(p: Painter, sh: Shape, x: float, y: float, c: float, *, covered: Iterable[tuple[int, int]] = (),
         glow: Iterable[int] = ()) -> list[list[Point]]:
    """A tile turned as `sh`, its top-left corner at (x, y), each cell `c` wide: its cells tinted
    by feature, rails, station. `covered`: the cells (tile units) whose money symbol holds a
    token; `glow`: the rails to underline. Returns each rail's points in page coordinates."""
    covered = set(covered)
    p.rect(x, y, 2 * c, 2 * c, fill=PARK, stroke=TILE_EDGE, width=max(0.6, c * 0.04), radius=c * 0.22)
    rails = [_rail_points(r, sh) for r in sh.rails]
    near = [pt for pts in rails for pt in _samples(pts)]
    inset = c * 0.07
    for (dx, dy), feature in sh.features:
        cx0, cy0 = x + dx * c, y + dy * c
        if feature in DISTRICT:
            p.rect(cx0 + inset, cy0 + inset, c - 2 * inset, c - 2 * inset, fill=DISTRICT[feature],
                   radius=c * 0.12)
        elif feature == "mixed":
            band = (c - 2 * inset) / 3
            for k, colour in enumerate(("grey", "yellow", "green")):
                p.rect(cx0 + inset + k * band, cy0 + inset, band, c - 2 * inset, fill=DISTRICT[colour])
        elif feature in LANDMARK_VALUE:
            p.rect(cx0 + inset, cy0 + inset, c - 2 * inset, c - 2 * inset, fill=LANDMARK_CELL,
                   radius=c * 0.12)
    for k, pts in enumerate(rails):
        if k in set(glow):
            p.path(_smooth([(x + a * c, y + b * c) for a, b in pts]), stroke=GLOW, width=c * 0.5)
    for pts in rails:
        page = [(x + a * c, y + b * c) for a, b in pts]
        p.path(_smooth(page), stroke=RAIL, width=max(1.5, c * 0.2))
        p.path(_smooth(page), stroke="#d9d2bf", width=max(0.5, c * 0.04), dash=(c * 0.12, c * 0.12))
    for (dx, dy), feature in sh.features:
        if feature in LANDMARK_VALUE or feature == "money":
            (gx, gy), moved = _spot_for((dx, dy), near)
            s = c * (0.42 if moved else 0.62)
            if feature == "money":
                coin(p, x + gx * c, y + gy * c, s * 0.42, (dx, dy) in covered)
            else:
                landmark(p, x + gx * c, y + gy * c, s, LANDMARK_VALUE[feature])
    if sh.station and sh.station_cell is not None:
        sx, sy = sh.station_cell
        station(p, sh.station, x + (sx + 0.5) * c, y + (sy + 0.5) * c, c)
    return [[(x + a * c, y + b * c) for a, b in pts] for pts in rails]


def _segment(a: Point, b: Point, half: float) -> list[Point]:
    """A rectangle `2 * half` wide around the segment a-b (a rail's clickable strip)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * half, dx / length * half
    ex, ey = dx / length * half * 0.3, dy / length * half * 0.3
    return [(a[0] - ex + nx, a[1] - ey + ny), (b[0] + ex + nx, b[1] + ey + ny),
            (b[0] + ex - nx, b[1] + ey - ny), (a[0] - ex - nx, a[1] - ey - ny)]


# --- the middle of the table -----------------------------------------------------------------------

X_OFFER, X_SUPPLY = M + 188, M + 702
SUPPLY_W = W - M - X_SUPPLY


def _box(p: Painter, x: float, y: float, w: float, h: float, title: str) -> None:
    p.rect(x, y, w, h, fill=BOX, stroke=BOX_EDGE, radius=6)
    p.text(x + 8, y + 18, fit(title, w - 16, BOLD * TEXT), size=TEXT, bold=True, fill=INK)


def _round_card(state: State, p: Painter) -> None:
    x, y, w = M, MID_Y, X_OFFER - M - 8
    total = DECK_SIZE[state.players]
    left = fit(f"{len(state.rounds)} of {total} left in the deck", w - 16)
    if not state.card:
        _box(p, x, y, w, ROW1_H, "Round card")
        words = "dealt after setup" if state.phase == "setup" else "none face up"
        p.text(x + 8, y + 44, words, size=TEXT, fill=MUTED)
        p.text(x + 8, y + ROW1_H - 10, left, size=TEXT, fill=MUTED)
        return
    card = ROUND_CARDS[state.card]
    _box(p, x, y, w, ROW1_H, f"Round card {card.id}")
    for k in range(4):  # the element spaces, empty where the card has none
        cx = x + 26 + k * 42
        p.circle(cx, y + 48, 17, fill="#f6efe0", stroke=BOX_EDGE)
        if k < len(card.elements):
            piece(p, card.elements[k], cx, y + 49, 25)
    p.text(x + 8, y + 88, fit(f"{card.tiles_for(state.players)} map tiles ({state.players} players)", w - 16),
           size=TEXT)
    p.text(x + 8, y + ROW1_H - 10, left, size=TEXT, fill=MUTED)


def _offer(state: State, p: Painter) -> None:
    x, y, w = X_OFFER, MID_Y, X_SUPPLY - X_OFFER - 8
    title = "Face-up map tiles: take one" if state.phase == "setup" else "Middle of the table: draft one"
    _box(p, x, y, w, ROW1_H, title)
    if not state.offer:
        p.text(x + 8, y + 56, "empty", size=TEXT, fill=MUTED)
    cx: float = x + 10
    elements = 0
    for k, item in enumerate(state.offer):
        if item in TILES:
            c = 23.0
            tile(p, shape(item, 0), cx, y + 28, c)
            p.text(cx + c, y + 28 + 2 * c + 17, item, size=TEXT, anchor="middle", fill=MUTED)
            p.hotspot(cx - 2, y + 26, 2 * c + 4, 2 * c + 22, f"offer:{item}")
            cx += 2 * c + 10
        else:  # narrow slots: the names take two lines, every other one lower
            p.rect(cx + 2, y + 34, 36, 42, fill="#f6efe0", stroke=BOX_EDGE, radius=4)
            piece(p, item, cx + 20, y + 55, 30)
            label = item.split(".")[1] if item.startswith("commuter.") else item
            p.text(cx + 20, y + 94 + 17 * (elements % 2), label, size=TEXT, anchor="middle", fill=MUTED)
            p.hotspot(cx, y + 26, 40, 74, f"offer:{item}")
            cx += 44
            elements += 1
        if k + 1 < len(state.offer) and cx > x + w - 44:
            p.text(x + w - 8, y + 18, f"+{len(state.offer) - k - 1} more", size=TEXT, anchor="end",
                   fill=MUTED)
            break


def _supply(state: State, p: Painter) -> None:
    x, y, w = X_SUPPLY, MID_Y, SUPPLY_W
    _box(p, x, y, w, ROW1_H, "Stack and supply")
    p.rect(x + 8, y + 24, 38, 30, fill="#5d6d4e", stroke="#3b4632", radius=5)
    p.text(x + 27, y + 44, str(len(state.tiles)), size=TEXT, anchor="middle", fill="#ffffff", bold=True)
    p.text(x + 52, y + 36, fit("map tiles in the stack", w - 58), size=TEXT)
    p.text(x + 52, y + 53, fit(f"bag: {plural(len(state.bag), 'commuter')}", w - 58), size=TEXT, fill=MUTED)
    coin(p, x + 27, y + 68, 11, True)
    p.text(x + 52, y + 74, fit(f"{state.money_left} money tokens in the supply", w - 58), size=TEXT)
    beside = dict(state.supply)
    words = " · ".join(plural(beside.get(k, 0), k) for k in ("tourist", "train", "mailbag"))
    p.text(x + 8, y + 98, "beside the table:", size=TEXT, fill=MUTED)
    p.text(x + 8, y + 116, fit(words, w - 16), size=TEXT, fill=MUTED)


def _bonus_tiles(state: State, p: Painter) -> None:
    x, y, w = M, ROW2_Y, 430
    _box(p, x, y, w, ROW2_H, "Bonus tiles (1 money token each)")
    c = 19.0
    for k, t in enumerate(state.bonus_tiles):
        bx = x + 8 + k * (2 * c + 4)
        tile(p, shape(t, 0), bx, y + 26, c)
        p.text(bx + c, y + 26 + 2 * c + 17, t, size=TEXT, anchor="middle", fill=MUTED)
        p.hotspot(bx - 2, y + 24, 2 * c + 4, 2 * c + 22, f"bonus:{t}")
    if not state.bonus_tiles:
        p.text(x + 10, y + 50, "all bought", size=TEXT, fill=MUTED)


def _bonus_card(state: State, p: Painter) -> None:
    x, y, w = M + 438, ROW2_Y, X_SUPPLY - M - 438 - 8
    _box(p, x, y, w, ROW2_H, "End Game Bonus card")
    for k, b in enumerate(BONUSES):
        cx = x + 36 + k * 64
        if b in state.bonuses:
            p.circle(cx, y + 48, 20, fill="#f6efe0", stroke=BOX_EDGE)
            piece(p, b, cx, y + 49, 29)
            p.hotspot_circle(cx, y + 48, 22, f"bonus:{b}")
        else:
            p.path([("A", cx, y + 48, 20, 0, 360)], stroke=BOX_EDGE, dash=(3, 3))
        name = piece_name(b).replace("Railway ", "")
        p.text(cx, y + 88, fit(name, 70), size=TEXT, anchor="middle",
               fill=INK if b in state.bonuses else MUTED)


def _objective_deck(state: State, p: Painter, viewer: int | None) -> None:
    x, y, w = X_SUPPLY, ROW2_Y, SUPPLY_W
    _box(p, x, y, w, ROW2_H, "Objective deck")
    left = len(state.objectives)
    p.rect(x + 8, y + 26, 38, 56, fill="#34495e", stroke="#22313f", radius=4)
    p.text(x + 27, y + 60, "?", size=20, anchor="middle", fill="#ffffff", bold=True)
    p.hotspot(x + 8, y + 26, 38, 56, "objective")
    p.text(x + 54, y + 42, fit(f"{left} card{'s' * (left != 1)} (secret)", w - 60), size=TEXT)
    p.text(x + 54, y + 62, fit("draw: 1 money token,", w - 60), size=TEXT, fill=MUTED)
    p.text(x + 54, y + 80, fit("keep one of two", w - 60), size=TEXT, fill=MUTED)


# --- the players -------------------------------------------------------------------------------------

def _decider(state: State) -> int | None:
    who = state.to_move
    return None if who is None or who == CHANCE else who


def focus(state: State, viewer: int | None) -> int:
    """The player drawn large: the one deciding, when the table is seen by them or by all;
    else the viewer (their own network); else P1. At the end, the best score, from every seat."""
    if state.phase == "over":
        scores = state.scores()
        return max(range(1, state.players + 1), key=lambda pl: (scores.get(pl, 0), -pl))
    decider = _decider(state)
    if decider is not None and viewer in (None, decider):
        return decider
    return viewer if viewer is not None else decider or 1


def _panels(state: State, viewer: int | None) -> dict[int, tuple[float, float, float, float]]:
    """Each player's panel (x, y, w, h): the focus large on the left, the others in a column."""
    return focus_panels(state.players, focus(state, viewer), (M, PANELS_Y, PW, PANELS_H),
                        (SIDE_X, PANELS_Y, SIDE_W, PANELS_H), GAP)


def _button(p: Painter, x: float, y: float, w: float, text: str, target: str) -> None:
    p.rect(x, y, w, 24, fill="#fdf6e3", stroke=INK, width=1.2, radius=4)
    p.text(x + w / 2, y + 17, text, size=TEXT, anchor="middle", bold=True)
    p.hotspot(x, y, w, 24, target)


def _player(state: State, p: Painter, player: int, viewer: int | None,
            box: tuple[float, float, float, float]) -> None:
    x, y, w, h = box
    large = w == PW
    seat = state.seat(player)
    decider = _decider(state)
    deciding = player == decider
    tools = large and deciding and viewer in (None, player)
    p.rect(x, y, w, h, fill="#fffdf7" if deciding else "#f8f4ea", stroke=player_colour(player),
           width=3 if deciding else 1.2, radius=8)
    p.rect(x + 8, y + 8, 14, 14, fill=player_colour(player), radius=3)
    secret = objective_words(seat.objective) if state.sees(viewer, player) else "?"
    if not seat.objective:
        secret = "-"
    score = state.scores().get(player, seat.vp) if state.phase == "over" else seat.vp
    title = f"P{player} · {score} VP · money {len(seat.money)}"
    p.text(x + 28, y + 21, fit(title, w - 36, BOLD * TEXT), size=TEXT, bold=True)
    notes = [f"objective: {secret}"]  # its own line: a card's name does not fit beside the rest
    if state.phase == "round" and player == state.starter:
        notes.append("starts the round (bag)")
    if deciding:
        notes.append("to decide")
    p.text(x + 28, y + 38, fit(" · ".join(notes), w - 36, BOLD * TEXT), size=TEXT,
           fill=player_colour(player), bold=True)
    if tools:
        _buttons(state, p, x, y)
    if large:
        _network(state, p, player, seat, x + 8, y + TITLE_H + 10, w - 16, h - TITLE_H - STRIP_H - 16, tools)
        _strip(state, p, player, seat, x + 8, y + h - STRIP_H - 4, w - 16, tools, viewer)
        return
    foot = 22  # a compact panel: the network small, one line of facts under it
    _network(state, p, player, seat, x + 6, y + TITLE_H + 10, w - 12, h - TITLE_H - 14 - foot, False)
    p.text(x + 8, y + h - 8, fit(_facts(seat), w - 16), size=TEXT, fill=MUTED)


def _facts(seat: Seat) -> str:
    tracks = seat.network.tracks
    finished = sum(t.finished for t in tracks)
    longest = max((t.tiles for t in tracks), default=0)
    facts = [plural(len(seat.network.tiles), "tile"), f"{plural(len(tracks), 'track')} ({finished} finished)",
             f"longest {plural(longest, 'tile')}"]
    if seat.bonus:
        facts.append(f"End Game Bonus: {piece_name(seat.bonus)}")
    return " · ".join(facts)


def _buttons(state: State, p: Painter, x: float, y: float) -> None:
    legal = {a.notation for a in state.legal_actions()}
    names = [("discard", "Discard (1 VP)", 124), ("objective", "Draw objective", 124),
             ("done", "End turn", 88)]
    bx = x + PW - 8
    for target, text, width in reversed(names):
        if target in legal:
            bx -= width
            _button(p, bx, y + 5, width, text, target)
            bx -= 6


def _network(state: State, p: Painter, player: int, seat: Seat, ax: float, ay: float, aw: float, ah: float,
             tools: bool) -> None:
    network: Network = seat.network
    p.rect(ax, ay, aw, ah, fill="#f1ede0", radius=6)
    if not network.tiles:
        p.text(ax + aw / 2, ay + ah / 2, "no tile yet", size=12, anchor="middle", fill=MUTED)
        return
    left, top, right, bottom = network.bounds()
    left, top, right, bottom = left - 2, top - 2, right + 2, bottom + 2
    cols, rows = right - left + 1, bottom - top + 1
    c = min(CELL_CAP, (aw - 8) / cols, (ah - 8) / rows)
    c = math.floor(c * 2) / 2
    ox = ax + (aw - cols * c) / 2 - left * c
    oy = ay + (ah - rows * c) / 2 - top * c
    top_frame = state.top
    kind = top_frame.kind if top_frame is not None and tools else ""
    legal = state.legal_actions() if tools else ()
    occupied = network.index.cells

    if kind == "lay":  # where a tile may go: every empty cell near, the legal top-left cells outlined
        near = {(cx + dx, cy + dy) for cx, cy in occupied for dx in range(-2, 3) for dy in range(-2, 3)}
        spots = sorted(near - set(occupied))
        allowed = {(a.x, a.y) for a in legal if isinstance(a, Lay)}
        for sx, sy in spots:
            px, py = ox + sx * c, oy + sy * c
            if (sx, sy) in allowed:
                p.path([("M", px + 2, py + 2), ("L", px + c - 2, py + 2), ("L", px + c - 2, py + c - 2),
                        ("L", px + 2, py + c - 2), ("Z",)], fill="#eaf1f9", stroke=LEGAL, width=1,
                       dash=(3, 2))
                # the cell's label, as the lay options name it ("at -2,-1")
                p.text(px + c / 2, py + c / 2 + 3, f"{sx},{sy}", size=max(6.0, 0.24 * c), fill=MUTED,
                       anchor="middle")
            p.hotspot(px, py, c, c, f"spot:{sx},{sy}")

    glowing: set[str] = set()
    if kind == "put":
        glowing = {a.track for a in legal if isinstance(a, Put)}
    track_of = network.track_of
    covered = set(seat.money)
    rails: dict[tuple[int, int], list[Point]] = {}
    for t, placed in enumerate(network.tiles):
        glow = [r for r in range(len(placed.shape.rails)) if track_of[(t, r)].name in glowing]
        local = {(cx - placed.x, cy - placed.y) for cx, cy in covered}
        drawn = tile(p, placed.shape, ox + placed.x * c, oy + placed.y * c, c, covered=local, glow=glow)
        for r, pts in enumerate(drawn):
            rails[(t, r)] = pts

    _pieces(p, seat, network, rails, c)

    if not tools:
        return
    money_spots = [(mx, my) for mx, my in seat.money]
    if kind != "pay":
        for mx, my in money_spots:
            _money_hotspot(p, network, mx, my, ox, oy, c)
    for (t, r), pts in sorted(rails.items()):
        name = track_of[(t, r)].name
        for a, b in zip(pts, pts[1:]):
            p.hotspot_polygon(_segment(a, b, c * 0.28), f"track:{name}")
    if kind == "pay":  # the tokens on top while one is to be chosen
        for mx, my in money_spots:
            _money_hotspot(p, network, mx, my, ox, oy, c)


def _money_hotspot(p: Painter, network: Network, mx: int, my: int, ox: float, oy: float, c: float) -> None:
    hit = network.index.cells.get((mx, my))
    if hit is None:
        return
    placed = network.tiles[hit[0]]
    sh = placed.shape
    rails = [_rail_points(r, sh) for r in sh.rails]
    near = [pt for pts in rails for pt in _samples(pts)]
    (gx, gy), moved = _spot_for((mx - placed.x, my - placed.y), near)
    r = c * (0.42 if moved else 0.62) * 0.42 + 2
    p.hotspot_circle(ox + (placed.x + gx) * c, oy + (placed.y + gy) * c, r, f"money:{mx},{my}")


def _pieces(p: Painter, seat: Seat, network: Network, rails: dict[tuple[int, int], list[Point]],
            c: float) -> None:
    """The wooden pieces of each track, in a row near the track's first rail."""
    track_of = network.track_of
    by_track: dict[str, list[str]] = {}
    first: dict[str, tuple[int, int]] = {}
    for name, t, r in seat.pieces:
        track = track_of.get((t, r))
        if track is None:
            continue
        by_track.setdefault(track.name, []).append(name)
        first[track.name] = track.rails[0]
    s = max(9.0, c * 0.62)
    near = [pt for pts in rails.values() for pt in _samples(pts)]
    for name in sorted(by_track):
        pts = rails.get(first[name])
        if not pts:
            continue
        if len(pts) > 2:
            ax, ay = pts[len(pts) // 2]
        else:
            ax, ay = (pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2
        items = by_track[name]
        step = s * 0.72
        ax, ay = _beside_rails(ax, ay, step * (len(items) - 1) + s * 0.84, s * 0.95, c, near)
        x0 = ax - step * (len(items) - 1) / 2
        p.rect(x0 - s * 0.42, ay - s * 0.45, step * (len(items) - 1) + s * 0.84, s * 0.95, fill="#fffdf7",
               stroke=MUTED, width=0.6, radius=s * 0.2)
        for k, item in enumerate(items):
            piece(p, item, x0 + k * step, ay + s * 0.02, s * 0.82)


def _beside_rails(ax: float, ay: float, w: float, h: float, c: float, near: Sequence[Point]) -> Point:
    """Where a badge `w` x `h` near (ax, ay) hides the least rail: of the spots around it, the
    one whose box keeps farthest from every rail (junctions and curves stay in sight)."""
    reach = 2 * c + w
    near = [(qx, qy) for qx, qy in near if abs(qx - ax) < reach and abs(qy - ay) < reach]

    def clearance(cx: float, cy: float) -> float:
        corners = [(cx + dx * w / 2, cy + dy * h / 2) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        return min(math.hypot(px - qx, py - qy) for px, py in corners for qx, qy in near)

    d = c * 0.5
    spots = [(ax + dx * d, ay + dy * d) for dx, dy in ((0, 0), (1, 1), (-1, 1), (1, -1), (-1, -1),
                                                        (0, 1), (0, -1), (1, 0), (-1, 0))]
    return max(spots, key=lambda spot: clearance(*spot)) if near else (ax, ay)


def _strip(state: State, p: Painter, player: int, seat: Seat, x: float, y: float, w: float, tools: bool,
           viewer: int | None) -> None:
    """The foot of a panel: the decision's tools for the player deciding, else what they hold."""
    p.rect(x, y, w, STRIP_H, fill="#f6f1e4", radius=5)
    top = state.top
    kind = top.kind if top is not None and tools else ""
    if kind == "lay" and top is not None:
        _lay_strip(state, p, top.get("tiles", ()), x, y, w, bool(top.get("railhead")))
        return
    if kind == "keep" and top is not None:
        p.text(x + 8, y + 17, fit("Keep one objective card; the other goes under the deck", w - 16),
               size=TEXT, bold=True)
        cards = sorted({seat.objective, top.get("drawn")})
        cw = (w - 24) / 2
        for k, card in enumerate(cards):
            cx = x + 8 + k * (cw + 8)
            p.rect(cx, y + 24, cw, 48, fill="#fdf6e3", stroke="#34495e", width=1.5, radius=5)
            found = OBJECTIVES.get(card)
            if found is not None and state.sees(viewer, player):
                p.text(cx + 6, y + 42, fit(objective_words(card), cw - 12), size=TEXT,
                       bold=True)
                p.text(cx + 6, y + 64, fit(found.text, cw - 12, TEXT), size=TEXT, fill=MUTED)
            else:
                p.text(cx + 6, y + 52, "objective card", size=TEXT, fill=MUTED)
            p.hotspot(cx, y + 24, cw, 48, f"card:{card}")
        return
    hint = {"put": f"Click a highlighted track to put the {piece_name(str(top.get('piece', '')))} there"
                   if top is not None else "",
            "pay": "Click the money token to spend",
            "turn": "Draft: click a tile or element (or spend money: bonus tile, objective)",
            "after": "Spend a money token (bonus tile, objective) or end your turn",
            "pick": "Click a face-up map tile in the middle to take it",
            "choose-bonus": "Click an element on the End Game Bonus card"}.get(kind, "")
    if hint:
        p.text(x + 8, y + 17, fit(hint, w - 16, BOLD * TEXT), size=TEXT, bold=True,
               fill=player_colour(player))
    ty = y + 36 if hint else y + 18
    p.text(x + 8, ty, fit(_facts(seat), w - 16), size=TEXT, fill=MUTED)
    if seat.held:
        p.text(x + 8, ty + 28, "in hand:", size=TEXT)
        for k, t in enumerate(seat.held):
            tile(p, shape(t, 0), x + 74 + k * 76, ty + 8, 14)
            p.text(x + 74 + k * 76 + 34, ty + 28, t, size=TEXT, fill=MUTED)


def _lay_strip(state: State, p: Painter, tiles: Sequence[str], x: float, y: float, w: float,
               railhead: bool) -> None:
    legal = [a for a in state.legal_actions() if isinstance(a, Lay)]
    what = "the Railhead against an open end" if railhead else " or ".join(tiles) or "a tile"
    hint = f"Lay {what}: point at a cell, R turns it, click twice to lay"
    p.text(x + 8, y + 15, fit(hint, w - 16, BOLD * TEXT), size=TEXT, bold=True)
    two = len(tiles) > 1
    c = 12.0 if two else 14.0
    cx = x + 8
    ty = y + 20
    for t in tiles:
        if two:  # which of the two tiles taken at setup
            p.rect(cx - 2, ty - 2, 2 * c + 4, 2 * c + 4, fill="#fdf6e3", stroke=INK, width=1.2, radius=4)
            tile(p, shape(t, 0), cx, ty, c)
            p.text(cx + c, ty + 2 * c + 16, t, size=TEXT, anchor="middle", bold=True)
            p.hotspot(cx - 2, ty - 2, 2 * c + 4, 2 * c + 20, f"hand:{t}")
            cx += 2 * c + 22
        for r in range(4):
            tile(p, shape(t, r), cx + 11, ty, c)
            ok = any(a.tile == t and a.turn == r for a in legal)
            same = next(k for k in range(4) if shape(t, k).look == shape(t, r).look)
            label = f"{r * 90}°" if same == r else f"= {same * 90}°"  # a symmetric tile: one placement
            p.text(cx + 11 + c, ty + 2 * c + 16, label, size=TEXT, anchor="middle",
                   fill=INK if ok else "#a33")
            if not ok:  # no legal place turned so
                p.line(cx + 11 + c - 16, ty + 2 * c + 10, cx + 11 + c + 16, ty + 2 * c + 10, stroke="#a33",
                       width=1.2)
            p.hotspot(cx, ty - 2, 2 * c + 22, 2 * c + 22, f"turn:{r}")
            cx += 2 * c + 26
        cx += 8


def ghost(p: Painter, lay: Lay, x: float, y: float, c: float) -> None:
    """The tile of `lay` turned as it would be laid, its top-left quarter at (x, y): drawn on a
    pale backing under a dashed edge, so it reads as a preview and not as a laid tile."""
    p.rect(x - 3, y - 3, 2 * c + 6, 2 * c + 6, fill="#ffffff", radius=c * 0.3)
    tile(p, shape(lay.tile, lay.turn), x, y, c)
    p.path([("M", x - 3, y - 3), ("L", x + 2 * c + 3, y - 3), ("L", x + 2 * c + 3, y + 2 * c + 3),
            ("L", x - 3, y + 2 * c + 3), ("Z",)], stroke=LEGAL, width=2, dash=(5, 3))


def draw_ghost(state: State, p: Painter, lay: Lay, x: float, y: float, c: float) -> None:
    """The game's `GameInfo.draw_ghost` hook (`GameState.draw_ghost`): a tile previewed under the
    pointer looks the same whatever the table, so the state is not read."""
    ghost(p, lay, x, y, c)


# --- the whole table ---------------------------------------------------------------------------------

def draw(state: State, p: Painter, viewer: int | None = None) -> None:
    w, h = size(state)
    p.rect(0, 0, w, h, fill=FELT)
    if state.phase == "over":
        stage = "game over"
    elif state.round == 0:
        stage = "Setup"
    elif state.phase == "bonus":
        stage = "End Game Bonus"
    else:
        stage = f"Round {state.round} of {DECK_SIZE[state.players]}"
    prompt = state.pending.prompt if state.phase != "over" else "final scores"
    seen = "the whole table" if viewer is None else f"seen by P{viewer}"
    p.text(M, 22, fit(f"{state.title} · {state.players} players · {stage} · {prompt} · {seen}", W - 2 * M,
                      BOLD * TEXT), size=TEXT, bold=True)
    rulings = state.config.describe().partition(", ")[2]
    p.text(M, 42, fit("Reconstructed components: tiles, round cards, bonus tiles and objectives "
                      "(labelled, replaceable)", W - 2 * M - (300 if rulings else 0), TEXT),
           size=TEXT, fill=WARN)
    if rulings:
        p.text(W - M, 42, fit(f"rulings: {rulings}", 290, TEXT), size=TEXT, fill=MUTED, anchor="end")
    _round_card(state, p)
    _offer(state, p)
    _supply(state, p)
    _bonus_tiles(state, p)
    _bonus_card(state, p)
    _objective_deck(state, p, viewer)
    for player, box in sorted(_panels(state, viewer).items()):
        _player(state, p, player, viewer, box)


__all__ = ["coin", "draw", "draw_ghost", "ghost", "landmark", "piece", "size", "station", "tile"]

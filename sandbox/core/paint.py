"""A small painter interface: every game draws its table once, against this.

Two back ends share it: `SvgPainter` here (deterministic text for `_repr_svg_`, static
previews and regression outputs) and the ipycanvas painter in `widgets.canvas`. Besides
rectangles, lines, circles, polygons and text, a painter draws paths (lines, arcs, quadratic
and cubic curves) and keeps a stack of transforms (`push`, `translate`, `rotate`, `scale`,
`pop`), so maps, routes, rotated tiles and dice are drawn in their own coordinates. Drawing code
also names clickable regions (`hotspot`, `hotspot_polygon`, `hotspot_circle`), stored in table
coordinates whatever transform was active, so a click on a live canvas maps back to the thing
drawn there.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

FONT = "DejaVu Sans, Verdana, sans-serif"


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide `text` is drawn in FONT at `size` (a DejaVu Sans letter averages 0.55 of
    the size, 0.62 bold): for laying out text that must fit or keep clear of something, as no
    back end can measure before it draws."""
    return len(text) * size * (0.62 if bold else 0.55)


def cut(text: str, chars: int) -> str:
    """`text` shortened to at most `chars` characters, an ellipsis marking the cut."""
    return text if len(text) <= chars else text[:chars - 1] + "…"

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as in SVG and canvas
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

PathCommand = tuple
"""One step of a path, in the path's coordinates:
("M", x, y) move, ("L", x, y) line, ("Q", cx, cy, x, y) quadratic curve,
("C", c1x, c1y, c2x, c2y, x, y) cubic curve, ("A", cx, cy, r, start_deg, end_deg) circular arc
(clockwise on screen from start to end, angles from the x axis), ("Z",) close."""

Box = tuple[float, float, float, float]


def focus_panels(players: int, big: int, large: Box, side: Box, gap: float) -> dict[int, Box]:
    """The players' panels (x, y, w, h) of a focus view: `big` in the `large` box, the others
    stacked in the `side` box, `gap` apart, in seat order. A table drawn this way fits a
    window's shape and keeps the seat that matters at a readable size."""
    others = [pl for pl in range(1, players + 1) if pl != big]
    x, y, w, h = side
    each = (h - gap * (len(others) - 1)) / max(1, len(others))
    out = {big: large}
    for k, pl in enumerate(others):
        out[pl] = (x, y + k * (each + gap), w, each)
    return out

def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def apply(m: Matrix, x: float, y: float) -> Point:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass(frozen=True)
class Hotspot:
    """A clickable region in table coordinates: its bounding box, and its exact shape when it is
    not an upright rectangle (`points`: a polygon; `radius`: a circle centred in the box)."""

    x: float
    y: float
    w: float
    h: float
    target: str
    points: tuple[Point, ...] = ()
    radius: float = 0.0

    @property
    def centre(self) -> Point:
        if self.points:
            return (sum(p[0] for p in self.points) / len(self.points),
                    sum(p[1] for p in self.points) / len(self.points))
        return self.x + self.w / 2, self.y + self.h / 2

    def contains(self, x: float, y: float) -> bool:
        if not (self.x <= x < self.x + self.w and self.y <= y < self.y + self.h):
            return False
        if self.radius:
            cx, cy = self.centre
            return (x - cx) ** 2 + (y - cy) ** 2 <= self.radius ** 2
        if self.points:
            return _inside(self.points, x, y)
        return True


def _inside(points: Sequence[Point], x: float, y: float) -> bool:
    """Even-odd rule: whether (x, y) lies inside the polygon."""
    inside = False
    j = len(points) - 1
    for i, (xi, yi) in enumerate(points):
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _box(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


class Painter(ABC):
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.hotspots: list[Hotspot] = []
        self.matrix: Matrix = IDENTITY
        self._saved: list[Matrix] = []

    # --- shapes (each back end) -------------------------------------------------------------
    @abstractmethod
    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None,
             stroke: str | None = None, width: float = 1, radius: float = 0) -> None: ...

    @abstractmethod
    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000",
             width: float = 1) -> None: ...

    @abstractmethod
    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None,
               stroke: str | None = None, width: float = 1) -> None: ...

    @abstractmethod
    def polygon(self, points: Sequence[Point], *, fill: str | None = None,
                stroke: str | None = None, width: float = 1) -> None: ...

    @abstractmethod
    def path(self, commands: Sequence[PathCommand], *, fill: str | None = None,
             stroke: str | None = None, width: float = 1, dash: Sequence[float] = ()) -> None:
        """A path of lines, arcs and curves (see `PathCommand`)."""

    @abstractmethod
    def text(self, x: float, y: float, text: str, *, size: float = 12, fill: str = "#000",
             anchor: str = "start", bold: bool = False) -> None:
        """Text whose baseline is at y; anchor is start, middle or end."""

    def arc(self, cx: float, cy: float, r: float, start: float, end: float, *,
            stroke: str = "#000", width: float = 1) -> None:
        """A circular arc from `start` to `end` degrees, clockwise on screen."""
        self.path([("A", cx, cy, r, start, end)], stroke=stroke, width=width)

    # --- transforms --------------------------------------------------------------------------
    def push(self) -> None:
        """Save the current transform (and, on a canvas, the drawing state)."""
        self._saved.append(self.matrix)

    def pop(self) -> None:
        """Go back to the transform saved by the matching `push`."""
        self.matrix = self._saved.pop()

    def translate(self, dx: float, dy: float) -> None:
        self.matrix = _times(self.matrix, (1.0, 0.0, 0.0, 1.0, dx, dy))

    def rotate(self, degrees: float) -> None:
        """Turn clockwise on screen by `degrees` around the current origin."""
        t = math.radians(degrees)
        c, s = math.cos(t), math.sin(t)
        self.matrix = _times(self.matrix, (c, s, -s, c, 0.0, 0.0))

    def scale(self, sx: float, sy: float | None = None) -> None:
        self.matrix = _times(self.matrix, (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0))

    def to_table(self, x: float, y: float) -> Point:
        """Where the point (x, y) of the current coordinates lies on the table."""
        return apply(self.matrix, x, y)

    # --- clickable regions ---------------------------------------------------------------------
    def hotspot(self, x: float, y: float, w: float, h: float, target: str) -> None:
        if self.matrix == IDENTITY:
            self.hotspots.append(Hotspot(x, y, w, h, target))
        else:
            self.hotspot_polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], target)

    def hotspot_polygon(self, points: Sequence[Point], target: str) -> None:
        pts = tuple(self.to_table(x, y) for x, y in points)
        self.hotspots.append(Hotspot(*_box(pts), target, points=pts))

    def hotspot_circle(self, cx: float, cy: float, r: float, target: str) -> None:
        x, y = self.to_table(cx, cy)
        a, b, c, d, _e, _f = self.matrix
        radius = r * math.sqrt(abs(a * d - b * c))
        self.hotspots.append(Hotspot(x - radius, y - radius, 2 * radius, 2 * radius, target,
                                     radius=radius))

    def hit(self, x: float, y: float) -> str | None:
        """The target drawn topmost at (x, y), if any."""
        for spot in reversed(self.hotspots):
            if spot.contains(x, y):
                return spot.target
        return None


def _n(value: float) -> str:
    """Numbers printed the same way every time: integers where possible, else 1 decimal."""
    rounded = round(value, 1)
    if rounded == 0:
        return "0"
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def _m(value: float) -> str:
    """Transform coefficients: 4 decimals, trailing zeros cut."""
    text = f"{round(value, 4):.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def arc_points(cx: float, cy: float, r: float, start: float, end: float) -> tuple[Point, Point, bool]:
    """The endpoints of an arc and whether it sweeps more than half a turn."""
    a, b = math.radians(start), math.radians(end)
    sweep = (end - start) % 360 or (360 if end != start else 0)
    return ((cx + r * math.cos(a), cy + r * math.sin(a)), (cx + r * math.cos(b), cy + r * math.sin(b)),
            sweep > 180)


class SvgPainter(Painter):
    """Paints into a deterministic SVG string: fixed attribute order, no ids, rounded numbers."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(width, height)
        self._parts: list[str] = []

    def _transform(self) -> str:
        if self.matrix == IDENTITY:
            return ""
        return f' transform="matrix({" ".join(_m(v) for v in self.matrix)})"'

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> str:
        out = f' fill="{fill or "none"}"'
        if stroke:
            out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
        return out + self._transform()

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=1, radius=0):
        r = f' rx="{_n(radius)}"' if radius else ""
        self._parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{r}'
            f"{self._paint(fill, stroke, width)}/>"
        )

    def line(self, x1, y1, x2, y2, *, stroke="#000", width=1):
        self._parts.append(
            f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
            f' stroke="{stroke}" stroke-width="{_n(width)}"{self._transform()}/>'
        )

    def circle(self, cx, cy, r, *, fill=None, stroke=None, width=1):
        self._parts.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}"{self._paint(fill, stroke, width)}/>'
        )

    def polygon(self, points, *, fill=None, stroke=None, width=1):
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self._parts.append(f'<polygon points="{pts}"{self._paint(fill, stroke, width)}/>')

    def path(self, commands, *, fill=None, stroke=None, width=1, dash=()):
        d: list[str] = []
        for cmd in commands:
            op, args = cmd[0], cmd[1:]
            if op == "A":
                cx, cy, r, start, end = args
                (x1, y1), (x2, y2), large = arc_points(cx, cy, r, start, end)
                d.append(f"{'L' if d else 'M'}{_n(x1)},{_n(y1)}")
                if (end - start) % 360 == 0 and end != start:  # a whole circle: two halves
                    mx, my = 2 * cx - x1, 2 * cy - y1
                    d.append(f"A{_n(r)},{_n(r)} 0 0 1 {_n(mx)},{_n(my)}")
                    d.append(f"A{_n(r)},{_n(r)} 0 0 1 {_n(x1)},{_n(y1)}")
                else:
                    d.append(f"A{_n(r)},{_n(r)} 0 {int(large)} 1 {_n(x2)},{_n(y2)}")
            elif op == "Z":
                d.append("Z")
            else:
                d.append(op + " ".join(f"{_n(a)},{_n(b)}" for a, b in zip(args[::2], args[1::2])))
        dashes = f' stroke-dasharray="{" ".join(_n(v) for v in dash)}"' if dash else ""
        self._parts.append(f'<path d="{" ".join(d)}"{self._paint(fill, stroke, width)}{dashes}/>')

    def text(self, x, y, text, *, size=12, fill="#000", anchor="start", bold=False):
        weight = ' font-weight="bold"' if bold else ""
        self._parts.append(
            f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"'
            f' text-anchor="{anchor}"{weight}{self._transform()}>{escape(text)}</text>'
        )

    def svg(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}"'
            f' viewBox="0 0 {self.width} {self.height}" font-family="{FONT}">'
        )
        return "\n".join([head, *self._parts, "</svg>"])

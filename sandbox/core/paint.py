"""A small painter interface: every game draws its table once, against this.

Two back ends share it: `SvgPainter` here (deterministic text for `_repr_svg_`, static
previews and regression outputs) and the ipycanvas painter in `widgets.canvas`. Drawing code
also names clickable regions (`hotspot`), so a click on a live canvas maps back to the thing
drawn there.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

FONT = "DejaVu Sans, Verdana, sans-serif"


@dataclass(frozen=True)
class Hotspot:
    x: float
    y: float
    w: float
    h: float
    target: str

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h


class Painter(ABC):
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.hotspots: list[Hotspot] = []

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
    def polygon(self, points: Sequence[tuple[float, float]], *, fill: str | None = None,
                stroke: str | None = None, width: float = 1) -> None: ...

    @abstractmethod
    def text(self, x: float, y: float, text: str, *, size: float = 12, fill: str = "#000",
             anchor: str = "start", bold: bool = False) -> None:
        """Text whose baseline is at y; anchor is start, middle or end."""

    def hotspot(self, x: float, y: float, w: float, h: float, target: str) -> None:
        self.hotspots.append(Hotspot(x, y, w, h, target))

    def hit(self, x: float, y: float) -> str | None:
        """The target drawn topmost at (x, y), if any."""
        for spot in reversed(self.hotspots):
            if spot.contains(x, y):
                return spot.target
        return None


def _n(value: float) -> str:
    """Numbers printed the same way every time: integers where possible, else 1 decimal."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


class SvgPainter(Painter):
    """Paints into a deterministic SVG string: fixed attribute order, no ids, rounded numbers."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(width, height)
        self._parts: list[str] = []

    @staticmethod
    def _paint(fill: str | None, stroke: str | None, width: float) -> str:
        out = f' fill="{fill or "none"}"'
        if stroke:
            out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
        return out

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=1, radius=0):
        r = f' rx="{_n(radius)}"' if radius else ""
        self._parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{r}'
            f"{self._paint(fill, stroke, width)}/>"
        )

    def line(self, x1, y1, x2, y2, *, stroke="#000", width=1):
        self._parts.append(
            f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
            f' stroke="{stroke}" stroke-width="{_n(width)}"/>'
        )

    def circle(self, cx, cy, r, *, fill=None, stroke=None, width=1):
        self._parts.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}"{self._paint(fill, stroke, width)}/>'
        )

    def polygon(self, points, *, fill=None, stroke=None, width=1):
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self._parts.append(f'<polygon points="{pts}"{self._paint(fill, stroke, width)}/>')

    def text(self, x, y, text, *, size=12, fill="#000", anchor="start", bold=False):
        weight = ' font-weight="bold"' if bold else ""
        self._parts.append(
            f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"'
            f' text-anchor="{anchor}"{weight}>{escape(text)}</text>'
        )

    def svg(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}"'
            f' viewBox="0 0 {self.width} {self.height}" font-family="{FONT}">'
        )
        return "\n".join([head, *self._parts, "</svg>"])

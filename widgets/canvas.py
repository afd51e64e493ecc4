"""The live table: an ipycanvas back end of the painter interface, and a view that redraws it.

`CanvasPainter` turns the painter calls every game's drawing code makes (see
`sandbox.core.paint`) into ipycanvas commands, so the live canvas shows exactly what the SVG
back end writes. `TableView` owns a Canvas sized from the state's picture, redraws it in one
batch (`hold_canvas`), turns clicks into hotspot targets ("card:7H", "platform:2"), repaints
for a browser page that connects late (Voila, a page reload), and shows as the deterministic
SVG where no widget can run (GitHub, nbviewer, nbval).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import traitlets
from ipycanvas import Canvas, hold_canvas

from sandbox.core.paint import FONT, Hotspot, Painter, SvgPainter

ALIGN = {"start": "left", "middle": "center", "end": "right"}
MARK = "#e67e22"  # outline of the things picked on the table, waiting for a second click


class CanvasPainter(Painter):
    """Paints on an ipycanvas `Canvas` (or anything with the same drawing methods).

    The caller batches: draw inside `with hold_canvas():` so a whole table is one message."""

    def __init__(self, canvas: Any, width: int | None = None, height: int | None = None) -> None:
        super().__init__(width if width is not None else canvas.width,
                         height if height is not None else canvas.height)
        self.canvas = canvas

    # --- helpers -----------------------------------------------------------------------------
    def _finish(self, fill: str | None, stroke: str | None, width: float) -> None:
        """Fill then stroke the current path."""
        c = self.canvas
        if fill:
            c.fill_style = fill
            c.fill()
        if stroke:
            c.stroke_style = stroke
            c.line_width = width
            c.stroke()

    def _round_rect_path(self, x: float, y: float, w: float, h: float, r: float) -> None:
        c = self.canvas
        r = max(0.0, min(r, w / 2, h / 2))
        c.begin_path()
        c.move_to(x + r, y)
        c.arc_to(x + w, y, x + w, y + h, r)
        c.arc_to(x + w, y + h, x, y + h, r)
        c.arc_to(x, y + h, x, y, r)
        c.arc_to(x, y, x + w, y, r)
        c.close_path()

    # --- the painter interface ----------------------------------------------------------------
    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=1, radius=0):
        c = self.canvas
        if radius:
            self._round_rect_path(x, y, w, h, radius)
            self._finish(fill, stroke, width)
            return
        if fill:
            c.fill_style = fill
            c.fill_rect(x, y, w, h)
        if stroke:
            c.stroke_style = stroke
            c.line_width = width
            c.stroke_rect(x, y, w, h)

    def line(self, x1, y1, x2, y2, *, stroke="#000", width=1):
        c = self.canvas
        c.stroke_style = stroke
        c.line_width = width
        c.stroke_line(x1, y1, x2, y2)

    def circle(self, cx, cy, r, *, fill=None, stroke=None, width=1):
        c = self.canvas
        if fill:
            c.fill_style = fill
            c.fill_circle(cx, cy, r)
        if stroke:
            c.stroke_style = stroke
            c.line_width = width
            c.stroke_circle(cx, cy, r)

    def polygon(self, points: Sequence[tuple[float, float]], *, fill=None, stroke=None, width=1):
        c = self.canvas
        pts = [(float(x), float(y)) for x, y in points]
        if fill:
            c.fill_style = fill
            c.fill_polygon(pts)
        if stroke:
            c.stroke_style = stroke
            c.line_width = width
            c.stroke_polygon(pts)

    def text(self, x, y, text, *, size=12, fill="#000", anchor="start", bold=False):
        c = self.canvas
        c.font = f"{'bold ' if bold else ''}{size:g}px {FONT}"
        c.text_align = ALIGN.get(anchor, "left")
        c.text_baseline = "alphabetic"  # y is the baseline, as in SVG
        c.fill_style = fill
        c.fill_text(text, x, y)


def _fresh_switch() -> None:
    """Make ipycanvas name the target canvas again before its next command.

    ipycanvas (0.14) sends 'switchCanvas' only when the target canvas changes; a browser page that
    connects later (Voila, a reload) never saw the first one and drops every later command, which
    leaves the canvas blank. The attribute is private, hence the guard."""
    import ipycanvas.canvas as ipc

    manager = getattr(ipc, "_CANVAS_MANAGER", None)
    if manager is not None and hasattr(manager, "_current_canvas"):
        manager._current_canvas = None


class TableView(traitlets.HasTraits):
    """A game's table on a live canvas.

    `show(state, viewer)` redraws; `on_click(callback)` registers `callback(target)` for clicks
    on a hotspot ("card:7H", "platform:2", ...); `marked` outlines targets already picked."""

    viewer = traitlets.Int(None, allow_none=True, help="whose seat the table is seen from; None: all")
    marked = traitlets.Tuple(help="hotspot targets outlined on the table")
    last_target = traitlets.Unicode(None, allow_none=True, help="the target of the latest click")

    def __init__(self, state: Any = None, viewer: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        width, height = state.picture_size() if state is not None else (320, 200)
        self.canvas = Canvas(width=width, height=height)
        self._fit()
        self.state = state
        self.hotspots: tuple[Hotspot, ...] = ()
        self.draws = 0  # how many times the table was painted (for tests and curiosity)
        self._callbacks: list[Callable[[str], Any]] = []
        self.canvas.on_client_ready(self._repaint_for_client)
        self.canvas.on_mouse_down(self._clicked)
        self.viewer = viewer
        self.observe(lambda _change: self.redraw(), names=["viewer", "marked"])
        if state is not None:
            self.redraw()

    # --- drawing -----------------------------------------------------------------------------
    def _fit(self) -> None:
        """Natural size, shrunk (keeping its shape) when the page is narrower."""
        layout = self.canvas.layout
        layout.width, layout.max_width, layout.height = f"{self.canvas.width}px", "100%", "auto"

    def _seen(self) -> Any:
        return self.state if self.viewer is None else self.state.view(self.viewer)

    def show(self, state: Any, viewer: int | None = None) -> None:
        """Draw `state` as `viewer` sees it (None: the whole table)."""
        self.state = state
        if viewer != self.viewer:
            self.viewer = viewer  # the observer redraws
        else:
            self.redraw()

    def redraw(self) -> None:
        if self.state is None:
            return
        width, height = self.state.picture_size()
        if (self.canvas.width, self.canvas.height) != (width, height):
            self.canvas.width, self.canvas.height = width, height
            self._fit()
        painter = CanvasPainter(self.canvas, width, height)
        with hold_canvas():
            self.canvas.clear()
            self._seen().draw(painter, self.viewer)
            self._outline(painter)
        self.hotspots = tuple(painter.hotspots)
        self.draws += 1

    def _outline(self, painter: CanvasPainter) -> None:
        for spot in painter.hotspots:
            if spot.target in self.marked:
                painter.rect(spot.x - 2, spot.y - 2, spot.w + 4, spot.h + 4, stroke=MARK, width=3,
                             radius=5)

    def _repaint_for_client(self) -> None:
        _fresh_switch()
        self.redraw()

    def svg(self) -> str:
        """The current picture as deterministic SVG (the same drawing code, the SVG back end)."""
        if self.state is None:
            return '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"></svg>'
        painter = SvgPainter(*self.state.picture_size())
        self._seen().draw(painter, self.viewer)
        for spot in painter.hotspots:
            if spot.target in self.marked:
                painter.rect(spot.x - 2, spot.y - 2, spot.w + 4, spot.h + 4, stroke=MARK, width=3,
                             radius=5)
        return painter.svg()

    # --- clicks --------------------------------------------------------------------------------
    def target_at(self, x: float, y: float) -> str | None:
        """The hotspot drawn topmost at canvas point (x, y), if any."""
        for spot in reversed(self.hotspots):
            if spot.contains(x, y):
                return spot.target
        return None

    def centre_of(self, target: str) -> tuple[float, float]:
        """Where to click to hit `target` (the middle of its topmost hotspot)."""
        for spot in reversed(self.hotspots):
            if spot.target == target:
                return spot.x + spot.w / 2, spot.y + spot.h / 2
        raise KeyError(f"nothing on the table is called {target!r}")

    def on_click(self, callback: Callable[[str], Any], remove: bool = False) -> None:
        """Call `callback(target)` when a hotspot is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def click(self, x: float, y: float) -> str | None:
        """Act as if the canvas were clicked at (x, y); returns the target hit."""
        return self._clicked(x, y)

    def _clicked(self, x: float, y: float) -> str | None:
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        target = self.target_at(x, y)
        self.last_target = target
        if target is not None:
            for callback in list(self._callbacks):
                callback(target)
        return target

    # --- display -----------------------------------------------------------------------------
    def _label(self) -> str:
        game = getattr(self.state, "game_id", "empty")
        seen = "" if self.viewer is None else f", seen by P{self.viewer}"
        return f"TableView({game}, {self.canvas.width}x{self.canvas.height}{seen})"

    def __repr__(self) -> str:
        return self._label()

    def _repr_mimebundle_(self, include: Iterable[str] | None = None,
                          exclude: Iterable[str] | None = None, **kwargs: Any) -> dict[str, Any]:
        data = self.canvas._repr_mimebundle_(**kwargs)
        data["image/svg+xml"] = self.svg()
        data["text/plain"] = self._label()
        return data

"""The live table: an ipycanvas back end of the painter interface, and a view that redraws it.

`CanvasPainter` turns the painter calls every game's drawing code makes (see
`sandbox.core.paint`) into ipycanvas commands, so the live canvas shows exactly what the SVG
back end writes. `TableView` owns a Canvas sized from the state's picture, redraws it in one
batch (`hold_canvas`), turns clicks into hotspot targets ("card:7H", "platform:2"), repaints
for a browser page that connects late (Voila, a page reload), and shows as the deterministic
SVG where no widget can run (GitHub, nbviewer, nbval). A cover (the stepper's hot-seat curtain)
replaces the whole picture: nothing of the table is drawn or clickable under it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as W
import traitlets
from ipycanvas import Canvas, hold_canvas

from sandbox.core.paint import FONT, Hotspot, Painter, SvgPainter
from widgets.fonts import FAMILY, table_fonts
from widgets.ghost import GhostFlow, GhostTools, Placements

ALIGN = {"start": "left", "middle": "center", "end": "right"}
MARK = "#e67e22"  # outline of the things picked on the table, waiting for a second click
NEXT = "#0e8f7e"  # dashed outline of what may be clicked next, with the things picked
GHOST_KEYS = {"r": "turn", "R": "turn", "Enter": "lay", "Escape": "cancel"}
"""Keys the focused table takes while a piece is to be laid (it is focused by a click on it)."""
COVER = "#2f3640"  # the curtain drawn instead of the table (not a card back's colour)
CANVAS_FONT = f'"{FAMILY}", {FONT}'  # the bundled font first (see widgets/fonts.py)
ZOOMS = (1.0, 1.5, 2.0, 3.0)
"""The table's sizes: 1 fits its room; larger ones are panned by scrolling (the wheel, the bars)."""


def _outline_of(spot: Hotspot) -> list[tuple]:
    """Path commands just outside a hotspot's own shape: its polygon, circle or box."""
    if spot.points:
        first, *rest = spot.points
        return [("M", *first), *(("L", *pt) for pt in rest), ("Z",)]
    if spot.radius:
        cx, cy = spot.centre
        return [("A", cx, cy, spot.radius + 2, 0, 360)]
    x, y, w, h = spot.x - 2, spot.y - 2, spot.w + 4, spot.h + 4
    return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]


def draw_cover(painter: Painter, text: str) -> None:
    """The curtain: a plain panel with `text`, drawn over the whole picture."""
    w, h = painter.width, painter.height
    painter.rect(0, 0, w, h, fill=COVER)
    painter.text(w / 2, h / 2 - 4, text, size=24, fill="#ffffff", anchor="middle", bold=True)
    painter.text(w / 2, h / 2 + 24, "The table stays hidden until that player takes the screen.",
                 size=13, fill="#c8ced6", anchor="middle")


class CanvasPainter(Painter):
    """Paints on an ipycanvas `Canvas` (or anything with the same drawing methods).

    The caller batches: draw inside `with hold_canvas():` so a whole table is one message.
    Styles (fill, stroke, line width, font, alignment) are sent only when they change: a table
    sets the same few colours thousands of times, and each setting is a command on the wire."""

    def __init__(self, canvas: Any, width: int | None = None, height: int | None = None) -> None:
        super().__init__(width if width is not None else canvas.width,
                         height if height is not None else canvas.height)
        self.canvas = _commands(canvas)
        self._set = _style_setter(canvas)
        self._styles: dict[str, Any] = {}
        self._style_stack: list[dict[str, Any]] = []
        self.style_sets = 0  # how many style settings were sent (for tests and benchmarks)

    # --- helpers -----------------------------------------------------------------------------
    def _style(self, name: str, value: Any) -> None:
        if self._styles.get(name, _UNSET) != value:
            self._set(name, value)
            self._styles[name] = value
            self.style_sets += 1

    def _finish(self, fill: str | None, stroke: str | None, width: float) -> None:
        """Fill then stroke the current path."""
        c = self.canvas
        if fill:
            self._style("fill_style", fill)
            c.fill()
        if stroke:
            self._style("stroke_style", stroke)
            self._style("line_width", width)
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

    # --- transforms: the canvas keeps its own, saved and restored with its styles ------------
    def push(self) -> None:
        super().push()
        self.canvas.save()
        self._style_stack.append(dict(self._styles))

    def pop(self) -> None:
        super().pop()
        self.canvas.restore()
        self._styles = self._style_stack.pop()

    def translate(self, dx: float, dy: float) -> None:
        super().translate(dx, dy)
        self.canvas.translate(dx, dy)

    def rotate(self, degrees: float) -> None:
        super().rotate(degrees)
        self.canvas.rotate(math.radians(degrees))

    def scale(self, sx: float, sy: float | None = None) -> None:
        super().scale(sx, sy)
        self.canvas.scale(sx, sx if sy is None else sy)

    # --- the painter interface ----------------------------------------------------------------
    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=1, radius=0):
        c = self.canvas
        if radius:
            self._round_rect_path(x, y, w, h, radius)
            self._finish(fill, stroke, width)
            return
        if fill:
            self._style("fill_style", fill)
            c.fill_rect(x, y, w, h)
        if stroke:
            self._style("stroke_style", stroke)
            self._style("line_width", width)
            c.stroke_rect(x, y, w, h)

    def line(self, x1, y1, x2, y2, *, stroke="#000", width=1):
        self._style("stroke_style", stroke)
        self._style("line_width", width)
        self.canvas.stroke_line(x1, y1, x2, y2)

    def circle(self, cx, cy, r, *, fill=None, stroke=None, width=1):
        c = self.canvas
        if fill:
            self._style("fill_style", fill)
            c.fill_circle(cx, cy, r)
        if stroke:
            self._style("stroke_style", stroke)
            self._style("line_width", width)
            c.stroke_circle(cx, cy, r)

    def polygon(self, points: Sequence[tuple[float, float]], *, fill=None, stroke=None, width=1):
        c = self.canvas
        pts = [(float(x), float(y)) for x, y in points]
        if fill:
            self._style("fill_style", fill)
            c.fill_polygon(pts)
        if stroke:
            self._style("stroke_style", stroke)
            self._style("line_width", width)
            c.stroke_polygon(pts)

    def path(self, commands, *, fill=None, stroke=None, width=1, dash=()):
        c = self.canvas
        c.begin_path()
        for cmd in commands:
            op, args = cmd[0], cmd[1:]
            if op == "M":
                c.move_to(*args)
            elif op == "L":
                c.line_to(*args)
            elif op == "Q":
                c.quadratic_curve_to(*args)
            elif op == "C":
                c.bezier_curve_to(*args)
            elif op == "A":
                cx, cy, r, start, end = args
                c.arc(cx, cy, r, math.radians(start), math.radians(end), False)
            elif op == "Z":
                c.close_path()
        if dash:
            c.set_line_dash(list(dash))
        self._finish(fill, stroke, width)
        if dash:
            c.set_line_dash([])

    def text(self, x, y, text, *, size=12, fill="#000", anchor="start", bold=False):
        self._style("font", f"{'bold ' if bold else ''}{size:g}px {CANVAS_FONT}")
        self._style("text_align", ALIGN.get(anchor, "left"))
        self._style("text_baseline", "alphabetic")  # y is the baseline, as in SVG
        self._style("fill_style", fill)
        self.canvas.fill_text(text, x, y)


_UNSET = object()


def _style_setter(canvas: Any) -> Callable[[str, Any], None]:
    """How to send one style setting to `canvas`: straight to ipycanvas's command queue when
    its (private) manager is there, skipping the traitlets validation that costs ~40 µs a
    setting; else by plain attribute assignment (what ipycanvas documents)."""
    fast = _commands(canvas)
    if isinstance(fast, _Commands):
        return fast.set
    return lambda name, value: setattr(canvas, name, value)


class _Commands:
    """The drawing calls CanvasPainter makes, sent straight to ipycanvas's command queue: the
    very commands its methods send, without two layers of Python calls (and argument copying)
    each. A table at ply 6,000 is ~3,000 commands, so this is most of a redraw's time.
    Anything else goes to the canvas itself."""

    def __init__(self, canvas: Any, codes: Mapping[str, int]) -> None:
        self._canvas = canvas
        self._send = canvas._canvas_manager.send_command
        self._codes = codes
        self._names = canvas.ATTRS

    def _go(self, name: str, args: tuple[Any, ...]) -> None:
        # tuples of numbers and text: the collector stops tracking them at its first look, so a
        # batch of thousands waiting for the flush never ages into a full collection
        self._send(self._canvas, (self._codes[name], args, 0))

    def set(self, name: str, value: Any) -> None:
        self._send(self._canvas, (self._codes["set"], (self._names[name], value)))

    def fill_rect(self, x, y, w, h):
        self._go("fillRect", (x, y, w, h))

    def stroke_rect(self, x, y, w, h):
        self._go("strokeRect", (x, y, w, h))

    def stroke_line(self, x1, y1, x2, y2):
        self._go("strokeLine", (x1, y1, x2, y2))

    def fill_circle(self, x, y, r):
        self._go("fillCircle", (x, y, r))

    def stroke_circle(self, x, y, r):
        self._go("strokeCircle", (x, y, r))

    def begin_path(self):
        self._go("beginPath", ())

    def close_path(self):
        self._go("closePath", ())

    def move_to(self, x, y):
        self._go("moveTo", (x, y))

    def line_to(self, x, y):
        self._go("lineTo", (x, y))

    def arc_to(self, x1, y1, x2, y2, r):
        self._go("arcTo", (x1, y1, x2, y2, r))

    def fill(self):
        self._go("fill", ("nonzero",))

    def stroke(self):
        self._go("stroke", ())

    def fill_text(self, text, x, y):
        self._go("fillText", (text, x, y))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._canvas, name)


def _commands(canvas: Any) -> Any:
    """`canvas`, or its fast command path when it is a real ipycanvas Canvas whose (private)
    command queue is where we expect it (checked, so a newer ipycanvas falls back safely)."""
    if isinstance(canvas, _Commands) or not isinstance(canvas, Canvas):
        return canvas
    try:
        from ipycanvas.canvas import COMMANDS

        names = ("fillRect", "strokeRect", "strokeLine", "fillCircle", "strokeCircle", "beginPath",
                 "closePath", "moveTo", "lineTo", "arcTo", "fill", "stroke", "fillText", "set")
        if all(n in COMMANDS for n in names) and callable(canvas._canvas_manager.send_command) \
                and isinstance(canvas.ATTRS, dict):
            return _Commands(canvas, COMMANDS)
    except (ImportError, AttributeError):
        pass
    return canvas


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
    on a hotspot ("card:7H", "platform:2", ...); `marked` outlines targets already picked;
    `show(state, viewer, cover="...")` draws a curtain with that text instead of the table.

    `show(..., placer=p)`: seat `p` decides and may act from this table. When its decision lays
    a piece (the game's `placement` hook), a ghost of the piece follows the pointer over the
    legal places (`ghost`, the flow; `tools`, its buttons), turns with R, is placed by a click and
    laid by a second click or Enter: `on_place(callback)` receives the legal action."""

    viewer = traitlets.Int(None, allow_none=True, help="whose seat the table is seen from; None: all")
    zoom = traitlets.Float(1.0, help="1: the table fits its room; more: that many times larger, "
                                     "in a frame panned by scrolling")
    marked = traitlets.Tuple(help="hotspot targets outlined on the table")
    last_target = traitlets.Unicode(None, allow_none=True, help="the target of the latest click")

    def __init__(self, state: Any = None, viewer: int | None = None, *, max_height: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        width, height = state.picture_size() if state is not None else (320, 200)
        self.canvas = Canvas(width=width, height=height)
        self.max_height = max_height
        # align_items: a flex box stretches its child to its own height, out of the table's shape
        self.frame = W.Box([self.canvas], layout=W.Layout(width="100%", align_items="flex-start"))
        self.frame.add_class("ts-table-frame")
        self.zoom_tools = self._zoom_buttons()
        self._fit()
        self.observe(lambda _change: self._fit(), names=["zoom"])
        self.state = state
        self.cover: str | None = None
        self.hotspots: tuple[Hotspot, ...] = ()
        self.draws = 0  # how many times the table was painted (for tests and curiosity)
        self._callbacks: list[Callable[[str], Any]] = []
        self._missed: list[Callable[[], Any]] = []
        self.canvas.on_client_ready(self._repaint_for_client)
        table_fonts().serve(self)  # drawn again once the page has the table font
        self.canvas.on_mouse_down(self._clicked)
        self.canvas.on_mouse_move(self._pointed)
        self.canvas.on_mouse_out(lambda _x, _y: self._point_at(None))
        self.canvas.on_key_down(lambda key, *_mods: self.key(key))
        self.placer: int | None = None
        self.ghost: GhostFlow | None = None
        self._places: dict[str, Hotspot] = {}  # the legal places of the piece selected, as drawn
        self._placed: list[Callable[[Any], Any]] = []
        self.tools = GhostTools()
        self.tools.wire(self.turn, self.lay, self.cancel)
        self.viewer = viewer
        self._quiet = False  # show() changes several traits and redraws once
        self.observe(lambda _change: None if self._quiet else self.redraw(), names=["viewer", "marked"])
        if state is not None:
            self.redraw()

    # --- drawing -----------------------------------------------------------------------------
    def _fit(self) -> None:
        """Natural size, shrunk (keeping its shape) to the width it is given and to `max_height`
        (a CSS length, e.g. "calc(100vh - 190px)"). A canvas keeps its proportions under both
        limits, and the browser maps clicks back to the picture's own coordinates."""
        layout = self.canvas.layout
        # the page measures the room below the table (widgets/keys.py) and says it in
        # --ts-table-room; `max_height` is the fallback until it has
        room = None if self.max_height is None else f"var(--ts-table-room, {self.max_height})"
        if self.zoom <= 1:
            layout.width, layout.height, layout.max_width, layout.max_height = "auto", "auto", "100%", room
            layout.flex = None
            self.frame.layout.overflow, self.frame.layout.max_height = "visible", None
        else:  # larger than the room: the frame keeps the room's size and scrolls (pans)
            layout.width, layout.height, layout.max_width, layout.max_height = (
                f"{round(100 * self.zoom)}%", "auto", None, None)
            layout.flex = "0 0 auto"  # the frame is a flex box: it would shrink the table back
            self.frame.layout.overflow, self.frame.layout.max_height = "auto", room
        minus, plus, fit = self.zoom_tools.children
        minus.disabled = fit.disabled = self.zoom <= ZOOMS[0]
        plus.disabled = self.zoom >= ZOOMS[-1]

    def _zoom_buttons(self) -> W.HBox:
        """+, − and Fit: the table larger (a map or network read up close, moved about with the
        wheel or the scroll bars), smaller, or fitted to its room again. Clicks still land on
        what is under the pointer: the canvas maps them back to the picture's coordinates."""
        tips = {"−": "Zoom out", "+": "Zoom in: the table larger; move about with the wheel or the bars",
                "Fit": "The whole table in its room"}
        buttons = []
        for label, tip in tips.items():
            b = W.Button(description=label, tooltip=tip, layout=W.Layout(width="auto", min_width="34px"))
            b.add_class({"−": "ts-zoom-out", "+": "ts-zoom-in", "Fit": "ts-zoom-fit"}[label])
            b.on_click(lambda _b, how=label: self.zoom_by(how))
            buttons.append(b)
        return W.HBox(buttons, layout=W.Layout(align_items="center"))

    def zoom_by(self, how: str) -> None:
        """"+" the next size up, "−" the next down, "Fit" the table fitted to its room."""
        if how == "Fit":
            self.zoom = 1.0
            return
        sizes = ZOOMS if how == "+" else ZOOMS[::-1]
        ahead = [z for z in sizes if (z > self.zoom if how == "+" else z < self.zoom)]
        self.zoom = ahead[0] if ahead else self.zoom

    def _seen(self) -> Any:
        return self.state if self.viewer is None else self.state.view(self.viewer)

    def show(self, state: Any, viewer: int | None = None, cover: str | None = None,
             marked: Iterable[str] | None = None, placer: int | None = None) -> None:
        """Draw `state` as `viewer` sees it (None: the whole table), or a curtain saying
        `cover` in its place; `marked` replaces the outlined targets; `placer`: the seat that
        may lay a piece from this table now (see the class). One redraw in all."""
        if state is not self.state or placer != self.placer or cover is not None:
            self.ghost = self._flow(state, placer if cover is None else None)
        self.placer = placer
        self.state = state
        self.cover = cover
        self._quiet = True
        try:
            if marked is not None:
                self.marked = tuple(marked)
            self.viewer = viewer
        finally:
            self._quiet = False
        self.redraw()
        self._show_tools()

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
            self._paint(painter)
        self.hotspots = tuple(painter.hotspots)
        self.draws += 1

    def _paint(self, painter: Painter) -> None:
        """The picture on any painter: the curtain, or the table as the viewer sees it."""
        if self.cover is not None:
            draw_cover(painter, self.cover)
            return
        self._seen().paint(painter, self.viewer)
        self._outline(painter)
        self._paint_ghost(painter)

    def _outline(self, painter: Painter) -> None:
        """The things picked, outlined; and, once something is picked, every target that goes
        with it in a legal option (a spot for the tile picked, a track for the element), dashed."""
        following = self.following()
        for spot in list(painter.hotspots):
            if spot.target in self.marked:
                painter.rect(spot.x - 2, spot.y - 2, spot.w + 4, spot.h + 4, stroke=MARK, width=3,
                             radius=5)
            elif spot.target in following:
                painter.path(_outline_of(spot), stroke=NEXT, width=2.5, dash=(5, 3))

    def following(self) -> frozenset[str]:
        """The targets a legal option uses together with every target picked (`marked`): where
        the next click may go. Nothing while nothing is picked."""
        state = self.state
        if not self.marked or state is None or self.cover is not None or getattr(state, "is_over", False):
            return frozenset()
        picked = set(self.marked)
        found: set[str] = set()
        for action in state.legal_actions():
            targets = set(state.targets(action))
            if picked <= targets:
                found |= targets
        return frozenset(found - picked)

    # --- the ghost of a piece to lay -----------------------------------------------------------
    @staticmethod
    def _flow(state: Any, placer: int | None) -> GhostFlow | None:
        """A fresh ghost when `placer` must lay a piece in `state`, else None."""
        if state is None or placer is None or getattr(state, "placement", None) is None \
                or state.to_move != placer:
            return None
        placements = Placements.of(state, state.legal_actions())
        return GhostFlow(placements) if placements else None

    def _paint_ghost(self, painter: Painter) -> None:
        """Every place the selected piece may go, dashed; the piece selected, outlined; the ghost
        at its place (placed: outlined, with what the second click does, and clickable whole)."""
        flow = self.ghost
        self._places = {}
        if flow is None or self.cover is not None:
            return
        places = set(flow.placements.places(flow.piece))
        for spot in list(painter.hotspots):
            if spot.target in places:
                self._places.setdefault(spot.target, spot)
                painter.path(_outline_of(spot), stroke=NEXT, width=2, dash=(5, 3))
            elif spot.target == flow.piece and len(flow.placements.pieces) > 1:
                painter.rect(spot.x - 2, spot.y - 2, spot.w + 4, spot.h + 4, stroke=MARK, width=3, radius=5)
        at = self._places.get(flow.place or "")
        action = flow.action
        if at is None or action is None:
            return
        self._draw_ghost(painter, at, action, flow.placed)

    def _draw_ghost(self, painter: Painter, spot: Hotspot, action: Any, placed: bool) -> None:
        c = spot.w
        self.state.draw_ghost(painter, action, spot.x, spot.y, c)
        if placed:
            painter.rect(spot.x - 5, spot.y - 5, 2 * c + 10, 2 * c + 10, stroke=MARK, width=3, radius=6)
            painter.rect(spot.x - 5, spot.y - 27, 146, 20, fill="#fffdf7", stroke=MARK, width=1.5, radius=4)
            painter.text(spot.x + 1, spot.y - 12, "click again: lay · R: turn", size=12, fill="#1d1d1d",
                         bold=True)
            painter.hotspot(spot.x, spot.y, 2 * c, 2 * c, spot.target)  # any quarter confirms

    def _ghost_changed(self) -> None:
        """Redraw the table and the ghost's buttons after the ghost moved, turned or was placed."""
        self.redraw()
        self._show_tools()

    def _show_tools(self) -> None:
        flow = self.ghost
        action = flow.action if flow is not None else None
        words = "" if action is None else self.state.describe(action, self.viewer)
        self.tools.show(flow if self.cover is None else None, words)

    def _pointed(self, x: float, y: float) -> None:
        """The pointer moved: the ghost follows it over the places its piece may go. Cheap when
        the pointer stays in one place (every move of the mouse arrives here; the page sends at
        most a few a second, see widgets/keys.py): the table is redrawn only when the ghost moves."""
        if self.ghost is None or self.ghost.placed or not (math.isfinite(x) and math.isfinite(y)):
            return
        self._point_at(next((t for t, spot in self._places.items() if spot.contains(x, y)), None))

    def _point_at(self, place: str | None) -> None:
        if self.ghost is not None and self.ghost.hover(place):
            self._ghost_changed()

    def hover(self, x: float, y: float) -> None:
        """Act as if the pointer moved to canvas point (x, y)."""
        self._pointed(x, y)

    def _ghost_click(self, target: str) -> bool:
        """A click while a piece is to be laid: a place (the first click places the ghost, a
        second on it lays it), a piece in hand (selects it) or a turn preview (turns the ghost).
        Returns whether the click is done with; a place or piece clicked goes on to `on_click`
        too (the chooser narrows to its options), as does every other click."""
        flow = self.ghost
        if flow is None:
            return False
        if flow.takes(target):
            action = flow.click(target)
            if action is not None:
                self._lay(action)
                return True
            self._ghost_changed()
            return False
        if target in flow.placements.by_piece:
            flow.select(target)
            self._ghost_changed()
            return False
        if target.startswith("turn:") and target[5:].isdigit():
            flow.prefer(int(target[5:]))
            self._ghost_changed()
            return True
        return False

    def key(self, key: str) -> str | None:
        """A key pressed on the focused table: R turns the ghost, Enter lays it, Escape picks it
        up again. Returns what the key did, or None."""
        what = GHOST_KEYS.get(key)
        if what is None or self.ghost is None:
            return None
        {"turn": self.turn, "lay": self.lay, "cancel": self.cancel}[what]()
        return what

    def turn(self) -> bool:
        """Turn the ghost to the next legal turn at its place."""
        if self.ghost is None or not self.ghost.turn_next():
            return False
        self._ghost_changed()
        return True

    def lay(self) -> Any:
        """Lay the placed ghost: `on_place` callbacks get its action. None when nothing is placed."""
        flow = self.ghost
        if flow is None or not flow.placed or flow.action is None:
            return None
        action = flow.action
        self._lay(action)
        return action

    def cancel(self) -> bool:
        if self.ghost is None or not self.ghost.cancel():
            return False
        self._ghost_changed()
        return True

    def _lay(self, action: Any) -> None:
        for placed in list(self._placed):
            placed(action)

    def on_place(self, callback: Callable[[Any], Any]) -> None:
        """Call `callback(action)` when a placed ghost is laid (a second click, Enter, Lay ✓)."""
        self._placed.append(callback)

    def _repaint_for_client(self) -> None:
        _fresh_switch()
        self.redraw()

    def svg(self) -> str:
        """The current picture as deterministic SVG (the same drawing code, the SVG back end)."""
        if self.state is None:
            return '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"></svg>'
        painter = SvgPainter(*self.state.picture_size())
        self._paint(painter)
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
                return spot.centre
        raise KeyError(f"nothing on the table is called {target!r}")

    def on_click(self, callback: Callable[[str], Any], remove: bool = False) -> None:
        """Call `callback(target)` when a hotspot is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def on_miss(self, callback: Callable[[], Any]) -> None:
        """Call `callback()` when a click hits nothing that can be chosen (felt, a face-down card)."""
        self._missed.append(callback)

    def click(self, x: float, y: float) -> str | None:
        """Act as if the canvas were clicked at (x, y); returns the target hit."""
        return self._clicked(x, y)

    def _clicked(self, x: float, y: float) -> str | None:
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        target = self.target_at(x, y)
        self.last_target = target
        if target is not None and self._ghost_click(target):
            return target
        if target is None:
            for missed in list(self._missed):
                missed()
        else:
            for callback in list(self._callbacks):
                callback(target)
        return target

    # --- display -----------------------------------------------------------------------------
    def _label(self) -> str:
        game = getattr(self.state, "game_id", "empty")
        seen = "" if self.viewer is None else f", seen by P{self.viewer}"
        if self.cover is not None:
            seen = ", covered"
        return f"TableView({game}, {self.canvas.width}x{self.canvas.height}{seen})"

    def __repr__(self) -> str:
        return self._label()

    def _repr_mimebundle_(self, include: Iterable[str] | None = None,
                          exclude: Iterable[str] | None = None, **kwargs: Any) -> dict[str, Any]:
        from sandbox.core.picture import svg_bundle

        data = self.canvas._repr_mimebundle_(**kwargs)
        data.update(svg_bundle(self.svg(), self._label()))  # the picture where no widget shows
        return data

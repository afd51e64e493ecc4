"""CanvasPainter speaks ipycanvas; TableView draws in one batch, maps clicks, shows as SVG."""

from __future__ import annotations

import ipycanvas.canvas as ipc
import pytest

import sandbox
from sandbox.core.paint import SvgPainter
from widgets import CanvasPainter, TableView
from widgets.canvas import CANVAS_FONT, _fresh_switch


class Recorder:
    """Stands in for an ipycanvas Canvas: records every call and every style set."""

    def __init__(self, width: int = 100, height: int = 80) -> None:
        object.__setattr__(self, "calls", [])
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)

    def __setattr__(self, name, value):
        self.calls.append(("set", name, value))

    def __getattr__(self, name):
        def call(*args):
            self.calls.append((name, *args))
        return call

    def names(self):
        return [c[0] if c[0] != "set" else f"{c[1]}=" for c in self.calls]


@pytest.fixture
def match():
    return sandbox.new_game("everyone_on_board", players=3, seed=7)


def test_plain_rect_fills_then_strokes():
    c = Recorder()
    CanvasPainter(c).rect(1, 2, 30, 40, fill="#fff", stroke="#000", width=2)
    assert c.calls == [("set", "fill_style", "#fff"), ("fill_rect", 1, 2, 30, 40),
                       ("set", "stroke_style", "#000"), ("set", "line_width", 2),
                       ("stroke_rect", 1, 2, 30, 40)]


def test_rounded_rect_is_a_path_of_four_arcs():
    c = Recorder()
    CanvasPainter(c).rect(10, 10, 34, 48, fill="#ffffff", stroke="#7f7f7f", radius=4)
    assert c.names() == ["begin_path", "move_to", "arc_to", "arc_to", "arc_to", "arc_to", "close_path",
                         "fill_style=", "fill", "stroke_style=", "line_width=", "stroke"]
    assert ("move_to", 14, 10) in c.calls
    assert ("arc_to", 44, 10, 44, 58, 4) in c.calls


def test_rect_with_only_an_outline_never_fills():
    c = Recorder()
    CanvasPainter(c).rect(0, 0, 5, 5, stroke="#b0b0b0", radius=2)
    assert "fill" not in c.names() and "stroke" in c.names()


def test_line_circle_polygon():
    c = Recorder()
    p = CanvasPainter(c)
    p.line(0, 1, 2, 3, stroke="#6b5b45", width=2)
    p.circle(5, 6, 7, fill="#abc", stroke="#000")
    p.polygon([(0, 0), (10, 0), (5, 5)], fill="#fff", stroke="#111", width=2)
    assert ("stroke_line", 0, 1, 2, 3) in c.calls
    assert ("fill_circle", 5, 6, 7) in c.calls and ("stroke_circle", 5, 6, 7) in c.calls
    assert ("fill_polygon", [(0.0, 0.0), (10.0, 0.0), (5.0, 5.0)]) in c.calls
    assert ("stroke_polygon", [(0.0, 0.0), (10.0, 0.0), (5.0, 5.0)]) in c.calls


@pytest.mark.parametrize(("anchor", "align"), [("start", "left"), ("middle", "center"), ("end", "right")])
def test_text_font_anchor_and_alphabetic_baseline(anchor, align):
    c = Recorder()
    CanvasPainter(c).text(12, 24, "Track 1", size=12, fill="#333", anchor=anchor, bold=True)
    assert c.calls == [("set", "font", f"bold 12px {CANVAS_FONT}"), ("set", "text_align", align),
                       ("set", "text_baseline", "alphabetic"), ("set", "fill_style", "#333"),
                       ("fill_text", "Track 1", 12, 24)]


def test_hotspots_are_those_of_the_svg_back_end(match):
    c = Recorder(*match.state.picture_size())
    live, svg = CanvasPainter(c), SvgPainter(*match.state.picture_size())
    match.state.draw(live, 3)
    match.state.draw(svg, 3)
    assert live.hotspots == svg.hotspots
    assert {h.target for h in live.hotspots} >= {"platform:1", "track:2", "deck", "discard", "card:5D"}


def test_a_redraw_is_one_message(match, monkeypatch):
    table = TableView(match.state)
    sent = []
    monkeypatch.setattr(ipc._CANVAS_MANAGER, "_send_custom", lambda cmd, buffers=(): sent.append(cmd))
    ipc._CANVAS_MANAGER._current_canvas = None
    table.show(match.state)
    assert len(sent) == 1  # everything inside hold_canvas(): one batch, switchCanvas included
    assert table.draws == 2
    assert (table.canvas.width, table.canvas.height) == match.state.picture_size()


def test_late_client_gets_a_fresh_switch_and_a_repaint(match):
    table = TableView(match.state)
    ipc._CANVAS_MANAGER._current_canvas = table.canvas
    _fresh_switch()
    assert ipc._CANVAS_MANAGER._current_canvas is None
    draws = table.draws
    table._repaint_for_client()
    assert table.draws == draws + 1


def test_clicks_map_to_hotspot_targets(match):
    table = TableView(match.state, viewer=3)
    seen = []
    table.on_click(seen.append)
    x, y = table.centre_of("card:5D")
    assert table.click(x, y) == "card:5D"
    assert table.click(*table.centre_of("platform:2")) == "platform:2"
    assert table.click(1, 1) is None
    assert seen == ["card:5D", "platform:2"]
    assert table.last_target is None


def test_viewer_hides_other_hands(match):
    table = TableView(match.state, viewer=3)
    assert table.svg() == match.state.view(3).svg(3)
    assert "card:8C" not in {h.target for h in table.hotspots}  # P1's card, face down for P3
    table.viewer = None
    assert table.svg() == match.state.svg()
    assert "card:8C" in {h.target for h in table.hotspots}


def test_marked_targets_are_outlined(match):
    table = TableView(match.state)
    plain = table.svg()
    table.marked = ("card:8C",)
    assert table.svg() != plain and table.svg().count('stroke="#e67e22"') == 1


def test_display_bundle_has_widget_svg_and_stable_text(match):
    table = TableView(match.state, viewer=2)
    data = table._repr_mimebundle_()
    assert data["text/plain"] == "TableView(everyone_on_board, 820x566, seen by P2)"
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"] == match.state.view(2).svg(2)
    assert repr(table) == data["text/plain"]


def test_what_may_follow_a_pick_is_outlined_dashed():
    """Once a piece is picked, every target a legal option uses with it is outlined (dashed, in
    its own colour): here the spots and turns that go with the setup tile picked."""
    from widgets.canvas import NEXT

    match = sandbox.new_game("traintopia", players=2, seed=3)
    while match.state.pending.kind != "lay":
        match.play(match.legal_actions()[0])
    state = match.state
    table = TableView(state)
    assert table.following() == frozenset() and NEXT not in table.svg()
    lay = match.legal_actions()[0]
    table.marked = (f"hand:{lay.tile}",)
    expected = {t for a in match.legal_actions() if a.tile == lay.tile for t in state.targets(a)}
    assert table.following() == expected - {f"hand:{lay.tile}"}
    assert {f"spot:{lay.x},{lay.y}", f"turn:{lay.turn}"} <= table.following()
    outlined = sum(1 for h in table.hotspots if h.target in table.following())
    assert table.svg().count(f'stroke="{NEXT}"') == outlined


def test_the_table_height_is_the_room_the_page_measures():
    """The page (widgets/keys.py) says the room below the table in --ts-table-room; the given
    height is the fallback."""
    table = TableView(None, max_height="calc(100vh - 250px)")
    assert table.canvas.layout.max_height == "var(--ts-table-room, calc(100vh - 250px))"
    assert TableView(None).canvas.layout.max_height is None


def test_zoom_makes_the_table_larger_in_a_frame_panned_by_scrolling(match):
    """+ draws the table larger than its room, in a frame of the room's height that scrolls
    (the wheel or the bars pan it); Fit puts it back. Clicks still name what is under them:
    hotspots are in the picture's own coordinates, whatever size the page shows it at."""
    table = TableView(match.state, viewer=3, max_height="calc(100vh - 250px)")
    plus, minus, fit = (next(b for b in table.zoom_tools.children if b.description == d)
                        for d in ("+", "−", "Fit"))
    assert table.zoom == 1 and minus.disabled and fit.disabled and not plus.disabled
    assert table.frame.layout.overflow == "visible" and table.canvas.layout.max_width == "100%"
    plus.click()
    plus.click()
    assert table.zoom == 2.0 and table.canvas.layout.width == "200%"
    assert table.canvas.layout.max_width is None and table.canvas.layout.max_height is None
    assert table.frame.layout.overflow == "auto"
    assert table.frame.layout.max_height == "var(--ts-table-room, calc(100vh - 250px))"
    assert table.click(*table.centre_of("card:5D")) == "card:5D"
    plus.click()
    plus.click()
    assert table.zoom == 3.0 and plus.disabled
    minus.click()
    assert table.zoom == 2.0
    fit.click()
    assert table.zoom == 1 and table.canvas.layout.width == "auto" and fit.disabled
    assert table.canvas.layout.max_height == "var(--ts-table-room, calc(100vh - 250px))"

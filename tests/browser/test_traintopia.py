"""Voila: Traintopia's play app. The human (P3) takes a face-up tile by clicking it on the real
canvas, then lays its setup tiles by their ghost (a click places it, a turn preview or R turns
it, a second click lays it), at 1024 x 768 too with nothing scrolled; a twin of the same seeded
game in this process says what each click must do."""

from __future__ import annotations

import pytest
from browser_tools import IOT_FELT, wait_canvas_changed, wait_status, wait_table_drawn

pytestmark = pytest.mark.browser

NOTEBOOK = "traintopia/03_play_against_bots.ipynb"
FELT = IOT_FELT  # the same felt colour, #f3efe3 (sandbox/traintopia/draw.py)
WIDTH = 1000  # the table's width in its own units (draw.W)


def _click(page, twin, target: str, times: int = 1) -> None:
    """Click a thing drawn on the canvas, as on the twin's table, where the page shows it: nothing is
    scrolled first (test_table_size.py checks that the first click counts)."""
    box = page.locator("canvas").bounding_box()
    scale = box["width"] / WIDTH
    x, y = twin.table.centre_of(target)
    for _ in range(times):
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
        page.wait_for_timeout(300)
        twin.click(x, y)


def _jump(page, twin) -> None:
    """Jump to end while bots or chance have moves to make."""
    if twin.can_progress():
        page.click("button.ts-end")
        twin.jump_to_end()
        wait_status(page, twin.status)


def test_take_a_tile_and_lay_it_by_a_spot_and_a_turn(voila_server, page, shots):
    from sandbox.traintopia.actions import Lay, Take
    from widgets import PlayApp

    twin = PlayApp("traintopia", players=3, seats={1: "greedy", 2: "greedy", 3: "human"}, seed=7).stepper
    page.goto(f"{voila_server}/voila/render/{NOTEBOOK}")
    _jump(page, twin)  # the deal
    wait_status(page, twin.status, timeout=90)
    before = wait_table_drawn(page, felt=FELT)
    assert "P3: take one of the face-up map tiles" in twin.status  # the snake starts with the last

    take = next(a for a in twin.match.legal_actions() if isinstance(a, Take))
    _click(page, twin, f"offer:{take.item}", times=2)  # select, then take
    assert take.item in twin.match.state.seat(3).held
    wait_status(page, twin.status)
    _jump(page, twin)  # the bots take theirs, P3 its second, then P1 and P2 lay theirs
    while twin.match.pending.kind == "pick":
        take = next(a for a in twin.match.legal_actions() if isinstance(a, Take))
        _click(page, twin, f"offer:{take.item}", times=2)
        wait_status(page, twin.status)
        _jump(page, twin)
    assert twin.match.pending.kind == "lay" and twin.match.pending.player == 3, twin.status
    before = wait_canvas_changed(page, before, felt=FELT)
    page.screenshot(path=str(shots / "voila_traintopia_lay.png"), full_page=True)

    lay = sorted(a for a in twin.match.legal_actions() if isinstance(a, Lay))[-1]
    tiles = len(twin.match.state.seat(3).network.tiles)
    _click(page, twin, f"hand:{lay.tile}")  # which of the two tiles: its ghost is the one shown
    assert twin.table.ghost.piece == f"hand:{lay.tile}"
    _click(page, twin, f"spot:{lay.x},{lay.y}")  # the ghost placed where its top-left quarter goes
    _click(page, twin, f"turn:{lay.turn}")  # a turn preview turns the placed ghost
    assert twin.table.ghost.action == lay and len(twin.match.state.seat(3).network.tiles) == tiles
    _click(page, twin, f"spot:{lay.x},{lay.y}")  # the second click on the ghost lays it
    assert len(twin.match.state.seat(3).network.tiles) == tiles + 1
    assert twin.match.state.seat(3).network.tiles[-1].tile == lay.tile
    wait_status(page, twin.status)
    wait_canvas_changed(page, before, felt=FELT)
    page.screenshot(path=str(shots / "voila_traintopia_laid.png"), full_page=True)


IN_VIEW_JS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
                        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const options = Array.from(document.querySelectorAll('.ts-chooser button.ts-option'));
  return {canvas: box(document.querySelector('.ts-table canvas')),
          chooser: box(document.querySelector('.ts-chooser')),
          options: options.slice(0, 3).map(box), count: options.length,
          tools: box(document.querySelector('.ts-ghost-tools')),
          scrolled: window.scrollY + document.scrollingElement.scrollTop,
          width: window.innerWidth, height: window.innerHeight};
}"""


STATUS_JS = """() => {
  const status = document.querySelector('.ts-status');
  const text = document.createRange();
  text.selectNodeContents(status);
  const lines = Array.from(text.getClientRects()).map((r) => r.bottom);
  return {box: status.getBoundingClientRect().bottom, last: Math.max(...lines),
          toolbar: document.querySelector('button.ts-reset').getBoundingClientRect().top};
}"""
"""Where the status line's box ends, where its last line of text ends, and where the Reset,
Back, Step toolbar under it begins."""


def _in_view(box: dict, width: int, height: int) -> bool:
    return box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= height and box["right"] <= width


def test_a_ghost_tile_laid_by_clicks_and_the_r_key_at_1024x768(voila_server, page, shots):
    """At 1024 x 768, nothing scrolled: the table and the first options are in the window; the
    pointer over a legal cell shows the tile's ghost, a click places it, R turns it to the next
    legal turn there, and a second click lays that very tile as the engine's legal action."""
    from sandbox.traintopia.actions import Lay, Take
    from widgets import PlayApp

    page.set_viewport_size({"width": 1024, "height": 768})
    twin = PlayApp("traintopia", players=3, seats={1: "greedy", 2: "greedy", 3: "human"}, seed=7).stepper
    page.goto(f"{voila_server}/voila/render/{NOTEBOOK}")
    wait_status(page, "ply", timeout=90)
    _jump(page, twin)
    while twin.match.pending.kind == "pick":
        take = next(a for a in twin.match.legal_actions() if isinstance(a, Take))
        _click(page, twin, f"offer:{take.item}", times=2)
        wait_status(page, twin.status)
        _jump(page, twin)
    assert twin.match.pending.kind == "lay" and twin.match.pending.player == 3, twin.status
    before = wait_table_drawn(page, felt=FELT)

    seen = page.evaluate(IN_VIEW_JS)
    assert seen["scrolled"] == 0
    assert _in_view(seen["canvas"], 1024, 768), seen
    assert seen["count"] and all(_in_view(b, 1024, 768) for b in seen["options"]), seen
    assert _in_view(seen["tools"], 1024, 768), seen  # Turn ⟳, Lay ✓, Cancel

    table = twin.table
    flow = table.ghost
    turns: dict[str, list[int]] = {}
    for a in twin.match.legal_actions():
        if isinstance(a, Lay) and f"hand:{a.tile}" == flow.piece:
            turns.setdefault(f"spot:{a.x},{a.y}", []).append(a.turn)
    place = next(p for p, t in sorted(turns.items()) if len(t) >= 2)
    box = page.locator(".ts-table canvas").bounding_box()
    scale = box["width"] / WIDTH
    x, y = table.centre_of(place)
    at = (box["x"] + x * scale, box["y"] + y * scale)

    page.mouse.move(*at)  # the ghost under the pointer
    table.hover(x, y)
    assert table.ghost.place == place
    before = wait_canvas_changed(page, before, felt=FELT)
    page.mouse.click(*at)  # placed, waiting for the second click
    table.click(x, y)
    assert table.ghost.placed
    before = wait_canvas_changed(page, before, felt=FELT)
    shown = table.ghost.turn
    page.keyboard.press("r")  # the table has the focus since the click
    assert table.key("r") == "turn" and table.ghost.turn != shown
    before = wait_canvas_changed(page, before, felt=FELT)
    page.screenshot(path=str(shots / "voila_traintopia_ghost_1024.png"))
    status = page.evaluate(STATUS_JS)  # the longest status yet: the move, and what a click narrowed
    assert "options use what you clicked" in twin.message
    assert status["last"] <= status["box"] <= status["toolbar"], status  # every line read whole
    expected = table.ghost.action
    assert expected in twin.match.legal_actions()
    ply = twin.match.ply
    page.mouse.click(*at)  # the second click lays it
    table.click(x, y)
    assert twin.match.history[ply].action == expected
    wait_status(page, twin.status)
    words = next(text for at_ply, text, _rule, _note in twin.log_entries(last=8)
                 if at_ply == ply + 1 and text.startswith("P3 lays"))
    page.wait_for_function("(words) => document.querySelector('.ts-log-box').innerText.includes(words)",
                           arg=words, timeout=15_000)  # the page laid the very tile, cell and turn
    assert page.evaluate(IN_VIEW_JS)["scrolled"] == 0

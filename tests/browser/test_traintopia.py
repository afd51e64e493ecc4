"""Voila: Traintopia's play app. The human (P3) takes a face-up tile by clicking it on the real
canvas, then lays its setup tiles by clicking a spot and a turn preview; a twin of the same
seeded game in this process says what each click must do."""

from __future__ import annotations

import pytest
from browser_tools import IOT_FELT, wait_canvas_changed, wait_status, wait_table_drawn

pytestmark = pytest.mark.browser

NOTEBOOK = "traintopia/03_play_against_bots.ipynb"
FELT = IOT_FELT  # the same felt colour, #f3efe3 (sandbox/traintopia/draw.py)
WIDTH = 1000  # the table's width in its own units (draw.W)


def _click(page, twin, target: str, times: int = 1) -> None:
    """Click a thing drawn on the canvas, as `twin.pick`, where the page shows it: nothing is
    scrolled first (test_table_size.py checks that the first click counts)."""
    box = page.locator("canvas").bounding_box()
    scale = box["width"] / WIDTH
    x, y = twin.table.centre_of(target)
    for _ in range(times):
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
        page.wait_for_timeout(300)
        twin.pick(target)


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
    _click(page, twin, f"hand:{lay.tile}")  # which of the two tiles
    _click(page, twin, f"spot:{lay.x},{lay.y}")  # where its top-left quarter goes
    _click(page, twin, f"turn:{lay.turn}")  # how it is turned: one option left, played
    assert len(twin.match.state.seat(3).network.tiles) == tiles + 1
    assert twin.match.state.seat(3).network.tiles[-1].tile == lay.tile
    wait_status(page, twin.status)
    wait_canvas_changed(page, before, felt=FELT)
    page.screenshot(path=str(shots / "voila_traintopia_laid.png"), full_page=True)

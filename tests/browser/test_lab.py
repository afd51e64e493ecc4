"""JupyterLab: run the play-against-bots notebooks, press the stepper's Step, see table and kernel move."""

from __future__ import annotations

import time

import pytest
from browser_tools import (
    IOT_FELT,
    canvas_pixels,
    run_all,
    run_new_cell,
    status_text,
    wait_canvas_changed,
    wait_kernel_ready,
    wait_status,
    wait_table_drawn,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "everyone_on_board/03_play_against_bots.ipynb"
CANVAS = ".jp-OutputArea-output canvas"


def test_step_in_lab_moves_table_and_kernel(lab_server, page, shots):
    t0 = time.monotonic()
    page.goto(f"{lab_server}/lab/tree/{NOTEBOOK}?reset")  # ?reset: no tabs restored
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=60_000)
    wait_kernel_ready(page)
    run_all(page)
    page.wait_for_selector(CANVAS, state="attached", timeout=60_000)
    assert wait_status(page, "ply 22 of 22").startswith("ply 22 of 22 · P1: Move 1 of 2")
    before = wait_table_drawn(page, CANVAS)
    assert (before["width"], before["height"]) == (820, 566)

    page.click("button.ts-step")
    after_status = wait_status(page, "ply 23 of 23")
    assert "P1: Move 2 of 2" in after_status
    after = wait_canvas_changed(page, before, CANVAS)
    assert after["inked"] > 5000

    # the kernel moved too: ask it in a new cell
    run_new_cell(page, "print(app.stepper.status)")
    page.wait_for_selector(".jp-OutputArea-output pre:has-text('ply 23 of 23 · P1: Move 2 of 2')",
                           timeout=30_000)
    canvas = page.locator(CANVAS)
    canvas.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "lab_after_step.png"))
    assert canvas_pixels(page, CANVAS)["hash"] == after["hash"]  # nothing repainted it back
    assert status_text(page).startswith("ply 23 of 23")
    print(f"lab: {time.monotonic() - t0:.1f}s")


IOT_NOTEBOOK = "isle_of_trains/03_play_against_bots.ipynb"


def test_isle_of_trains_step_in_lab_moves_table_and_kernel(lab_server, page, shots):
    """Isle of Trains: Step draws a new table on the canvas and the kernel's match moves on."""
    import sandbox
    from widgets import GameStepper

    # the same seeded game in this process says what one step must show
    twin = GameStepper(sandbox.new_game("isle_of_trains", players=3, seed=7),
                       seats={1: "greedy", 2: "random", 3: "human"}, viewer=3)
    start = twin.status
    twin.step()
    after_step = twin.status
    assert after_step != start

    t0 = time.monotonic()
    page.goto(f"{lab_server}/lab/tree/{IOT_NOTEBOOK}?reset")
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=60_000)
    wait_kernel_ready(page)
    run_all(page)
    page.wait_for_selector(CANVAS, state="attached", timeout=60_000)
    assert wait_status(page, start) == start
    before = wait_table_drawn(page, CANVAS, felt=IOT_FELT)

    page.click("button.ts-step")
    assert wait_status(page, after_step) == after_step
    after = wait_canvas_changed(page, before, CANVAS, felt=IOT_FELT)
    assert after["inked"] > 5000

    # the kernel moved too: ask it in a new cell
    run_new_cell(page, "print(app.stepper.status)")
    page.wait_for_selector(f".jp-OutputArea-output pre:has-text('{after_step}')", timeout=30_000)
    page.locator(CANVAS).scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "lab_iot_after_step.png"))
    assert canvas_pixels(page, CANVAS, IOT_FELT)["hash"] == after["hash"]
    print(f"lab, Isle of Trains: {time.monotonic() - t0:.1f}s")

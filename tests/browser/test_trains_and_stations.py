"""Voila: Trains & Stations' play app. The human (P3) keeps power cards, rolls, chooses a die to
reroll by clicking it on the real canvas, rerolls, and places a Train by clicking a route space;
a twin of the same seeded game in this process says what each click must do."""

from __future__ import annotations

import pytest
from browser_tools import IOT_FELT, wait_canvas_changed, wait_status, wait_table_drawn

from sandbox.trains_and_stations.draw import W as WIDTH  # the table's width in its own units

pytestmark = pytest.mark.browser

NOTEBOOK = "trains_and_stations/03_play_against_bots.ipynb"
FELT = IOT_FELT  # the same felt colour, #f3efe3 (sandbox/trains_and_stations/draw.py)


def _click_twice(page, twin, target: str) -> None:
    """Click a thing drawn on the canvas twice (select, then play), as `twin.pick` twice, where
    the page shows it: nothing is scrolled first (test_table_size.py checks the first click)."""
    box = page.locator("canvas").bounding_box()
    scale = box["width"] / WIDTH
    x, y = twin.table.centre_of(target)
    for _ in range(2):
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
        page.wait_for_timeout(300)
        twin.pick(target)


def _option(page, twin, notation: str) -> None:
    """Click the chooser's option, then Jump to end while bots or chance have moves to make."""
    shown = [a.notation for a in twin.options]  # the buttons read in words, in this order
    page.locator("button.ts-option").nth(shown.index(notation)).click()
    twin.choose(notation)
    wait_status(page, twin.status)
    if twin.can_progress():
        page.click("button.ts-end")
        twin.jump_to_end()
        wait_status(page, twin.status)


def test_roll_reroll_a_clicked_die_and_place_a_train_by_click(voila_server, page, shots):
    from sandbox.trains_and_stations.board import SPACE_INDEX
    from widgets import PlayApp

    twin = PlayApp("trains_and_stations", players=3, seats={1: "greedy", 2: "greedy", 3: "human"},
                   seed=7).stepper
    page.goto(f"{voila_server}/voila/render/{NOTEBOOK}")
    wait_status(page, twin.status, timeout=90)
    wait_table_drawn(page, felt=FELT)

    page.click("button.ts-end")  # the bots keep their power cards
    twin.jump_to_end()
    wait_status(page, twin.status)
    _option(page, twin, twin.options[0].notation)  # P3 keeps two; the bots play their turns
    assert "P3: gather your dice" in twin.status
    _option(page, twin, "gather")  # the dice are rolled, one chance decision each
    assert "choose dice to reroll" in twin.status
    rolled = wait_table_drawn(page, felt=FELT)
    page.screenshot(path=str(shots / "voila_trains_and_stations_roll.png"), full_page=True)

    tray = twin.match.state.tray
    die = next(f"d{i + 1}" for i, d in enumerate(tray) if d.face not in ("train", "locked"))
    _click_twice(page, twin, die)  # select a die to reroll, on the canvas
    assert die in twin.match.state.stack[-1].get("chosen")
    wait_status(page, twin.status)
    selected = wait_canvas_changed(page, rolled, felt=FELT)
    _option(page, twin, "confirm")  # pay a Coin and reroll it
    while twin.match.pending.kind == "reroll":  # stop rerolling
        _option(page, twin, "confirm")
    assert twin.match.pending.kind == "place", twin.status
    before = wait_canvas_changed(page, selected, felt=FELT)
    space = twin.options[0].space
    _click_twice(page, twin, f"space:{space}")  # a route space next to a station
    assert twin.match.state.board[SPACE_INDEX[space]].startswith("3")  # P3's die is on it
    assert wait_status(page, twin.status).startswith(twin.status)
    wait_canvas_changed(page, before, felt=FELT)
    page.screenshot(path=str(shots / "voila_trains_and_stations_placed.png"), full_page=True)

"""Voila: the solo notebook's play app: the bar chooses a chapter, the chooser shows its
objective's progress, and a move is played by a click on a real control."""

from __future__ import annotations

import pytest
from browser_tools import wait_canvas_changed, wait_status, wait_table_drawn

pytestmark = pytest.mark.browser

NOTEBOOK = "isle_of_trains/04_solo.ipynb"
FELT = (0xF3, 0xEF, 0xE3)  # Isle of Trains' table


def test_a_chapter_is_chosen_in_the_bar_and_its_goal_follows_the_game(voila_server, page, shots):
    from sandbox.isle_of_trains import solo
    from widgets import PlayApp

    twin = PlayApp("isle_of_trains", seats={1: "human"}, seed=3, setups=solo.setups(),
                   setup="Chapter 2: Strong Foundations")
    page.goto(f"{voila_server}/voila/render/{NOTEBOOK}")
    page.wait_for_selector("canvas", state="attached", timeout=90_000)
    wait_status(page, "P1: Day, action 1 of 2", timeout=90)
    before = wait_table_drawn(page, felt=FELT)
    page.wait_for_selector(".ts-goal:has-text('Trainee at 50')")  # the Challenge first
    page.select_option("select", label="Chapter 2: Strong Foundations")
    page.fill(".ts-seed input", "3")
    page.click("button.ts-new-game")
    page.wait_for_selector(".ts-game-seed:has-text('Chapter 2: Strong Foundations, seed 3')")
    page.wait_for_selector(".ts-goal:has-text('0 of 4 buildings built')")
    assert wait_status(page, twin.stepper.status).startswith(twin.stepper.status)
    drawn = wait_canvas_changed(page, before, timeout=30, felt=FELT)
    page.click("button.ts-option:has-text('Take a passenger from the bag')")
    wait_status(page, "P1: Day, action 2 of 2")
    wait_canvas_changed(page, drawn, timeout=30, felt=FELT)
    page.screenshot(path=str(shots / "voila_solo_chapter_2.png"), full_page=True)

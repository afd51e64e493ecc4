"""Voila: the play-against-bots notebook as an app; the table must show and follow Step."""

from __future__ import annotations

import re
import time

import pytest
from browser_tools import hex_rgb, pixel_at, wait_canvas_changed, wait_status, wait_table_drawn

pytestmark = pytest.mark.browser

NOTEBOOK = "everyone_on_board/03_play_against_bots.ipynb"


def test_step_in_voila_moves_table_and_status(voila_server, page, shots):
    t0 = time.monotonic()
    page.goto(f"{voila_server}/voila/render/{NOTEBOOK}")
    page.wait_for_selector("canvas", state="attached", timeout=60_000)
    before_status = wait_status(page, "ply 22 of 22", timeout=60)
    # a blank canvas here is the ipycanvas late-client bug that TableView repaints around
    before = wait_table_drawn(page)
    page.screenshot(path=str(shots / "voila_before_step.png"), full_page=True)

    page.click("button.ts-step")
    after_status = wait_status(page, "ply 23 of 23")
    assert after_status != before_status
    assert "P1: Move 2 of 2" in after_status
    after = wait_canvas_changed(page, before)
    page.screenshot(path=str(shots / "voila_after_step.png"), full_page=True)
    # the keyboard strip: focus it, → steps, ← goes back
    page.click(".ts-keys")
    page.keyboard.press("ArrowRight")
    wait_status(page, "ply 24 of 24")
    page.keyboard.press("ArrowLeft")
    wait_status(page, "ply 23 of 24")
    assert wait_canvas_changed(page, before)["hash"] == after["hash"]
    print(f"voila: {time.monotonic() - t0:.1f}s")


def test_new_game_in_voila_deals_the_typed_seed(voila_server, page, shots):
    """The bar of the play app: a typed seed and New game put another deal on the table."""
    from widgets import PlayApp

    twin = PlayApp("everyone_on_board", players=3, seats={1: "greedy", 2: "random", 3: "human"}, seed=3)
    assert twin.stepper.status != "ply 22 of 22"
    page.goto(f"{voila_server}/voila/render/{NOTEBOOK}")
    wait_status(page, "ply 22 of 22", timeout=60)
    before = wait_table_drawn(page)
    page.fill(".ts-seed input", "3")
    page.click("button.ts-new-game")
    assert wait_status(page, twin.stepper.status).startswith(twin.stepper.status)
    page.wait_for_selector(".ts-game-seed:has-text('seed 3')")
    wait_canvas_changed(page, before, timeout=30)  # the new game's table, drawn on the new canvas
    page.screenshot(path=str(shots / "voila_new_game.png"), full_page=True)


def test_clicks_on_the_voila_table_play_the_human_move(voila_server, page, shots):
    """Jump to the human's turn, then click a card and a platform on the real canvas."""
    import sandbox
    from widgets import GameStepper

    # the same seeded game in this process tells where things are drawn
    twin = GameStepper(sandbox.new_game("everyone_on_board", players=3, seed=7),
                       seats={1: "greedy", 2: "random", 3: "human"}, viewer=3)
    twin.jump_to_end()
    move = next(a for a in twin.options if a.notation.endswith(">P2"))
    card, place = move.targets()
    page.goto(f"{voila_server}/voila/render/{NOTEBOOK}")
    wait_status(page, "ply 22 of 22", timeout=60)
    wait_table_drawn(page)
    page.click("button.ts-end")
    wait_status(page, twin.status)
    before = wait_table_drawn(page)
    box = page.locator("canvas").bounding_box()
    scale = box["width"] / 820
    for target in (card, place):
        x, y = twin.table.centre_of(target)
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
        page.wait_for_timeout(300)
    twin.pick(card)
    twin.pick(place)
    assert wait_status(page, twin.status).startswith(twin.status)
    wait_canvas_changed(page, before)
    page.screenshot(path=str(shots / "voila_after_click.png"), full_page=True)
    page.locator(".ts-log").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "voila_chooser_and_log.png"))


def test_the_voila_app_is_sealed(voila_server, page, shots):
    """The classroom app: no whole-table view anywhere, the opponents' hands drawn face down."""
    import sandbox
    from sandbox.everyone_on_board.draw import BACK
    from widgets import GameStepper

    # the same seeded game in this process: where each hand's cards are drawn, and what P3 sees
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    author = GameStepper(match, seats={1: "greedy", 2: "random"}, reveal=True)
    sealed = GameStepper(match, seats={1: "greedy", 2: "random", 3: "human"})
    assert sealed.viewer == 3 and sealed.table.svg() == match.state.svg(viewer=3)
    # every card back of P3's picture (the opponents' hands, the deck), sampled on the strip a
    # fanned card shows; the whole table draws those hands face up, so they are the opponents'
    backs = [tuple(float(v) for v in found) for found in re.findall(
        rf'<rect x="([-0-9.]+)" y="([-0-9.]+)" width="[-0-9.]+" height="([-0-9.]+)" rx="4" fill="{BACK}"',
        sealed.table.svg())]
    assert len(backs) >= sum(len(match.state.hand(p)) for p in (1, 2))
    assert author.table.svg().count(f'fill="{BACK}"') <= len(backs) - 10  # their hands face up there
    opponents = [(x + 2.5, y + h / 2) for x, y, h in backs]
    spots = {spot.target: spot for spot in sealed.table.hotspots}  # P3's own cards, as P3 sees them
    mine = [spots[f"card:{c.notation}"] for c in match.state.hand(3)]
    own = [(spot.x + 2.5, spot.y + spot.h - 6) for spot in mine]  # each face's blank bottom-left corner

    page.goto(f"{voila_server}/voila/render/{NOTEBOOK}")
    wait_status(page, "ply 22 of 22", timeout=60)
    wait_table_drawn(page)
    html = page.content()
    assert "Whole table" not in html and "Seen by" not in html
    assert page.locator("option", has_text="Whole table").count() == 0
    # the three seats and the New game bar's Players and Bots (the level of the next game's
    # bots), and no "Seen by"
    assert page.locator("select").count() == 5
    assert page.locator(".ts-chooser select, .widget-dropdown:has-text('Seen by')").count() == 0
    assert page.locator("select:enabled").count() == 2  # the seat controls are locked
    back = hex_rgb(BACK)
    assert [pixel_at(page, x, y) for x, y in opponents] == [back] * len(opponents)
    assert all(pixel_at(page, x, y) == (255, 255, 255) for x, y in own)  # P3's own cards, face up
    page.locator("canvas").screenshot(path=str(shots / "voila_sealed_table.png"))

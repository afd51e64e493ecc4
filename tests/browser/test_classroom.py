"""The play page as a class sees it in Voila: the table and the chooser side by side without
scrolling on a laptop and a projector, nothing fetched from outside the server, no console
errors or widget version warnings, the table font loaded, a tooltip on every control; Hint,
What if, a first click that only selects, and save / load through the page."""

from __future__ import annotations

import json

import pytest
from browser_tools import IOT_FELT, wait_status, wait_table_drawn

import sandbox
from widgets import GameStepper

pytestmark = pytest.mark.browser

EOB = "everyone_on_board/03_play_against_bots.ipynb"
IOT = "isle_of_trains/03_play_against_bots.ipynb"
SEATS = {1: "greedy", 2: "random", 3: "human"}

BOXES_JS = """() => {
  const box = (s) => { const e = document.querySelector(s); if (!e) return null;
    const b = e.getBoundingClientRect(); return {x: b.x, y: b.y, right: b.right, bottom: b.bottom}; };
  const untitled = [...document.querySelectorAll('button, input, select')].filter(
    (e) => e.offsetParent !== null && !e.closest('[title]') && !e.closest('.ts-keys')
      && !e.parentElement.querySelector(':scope > label[title]')  // a described widget's label
      && !(e.getAttribute('aria-label') || ''))
    .map((e) => e.outerHTML.slice(0, 60) + ' in ' + (e.parentElement.className || '').slice(0, 60));
  return {canvas: box('canvas'), option: box('.ts-option'), hint: box('.ts-hint'),
          view: {width: window.innerWidth, height: window.innerHeight},
          scrolled: [window.scrollX, window.scrollY, document.scrollingElement.scrollTop],
          fonts: [...document.fonts].filter((f) => f.family.includes('Table Sans')).map((f) => f.status),
          untitled};
}"""


def _open(browser, base: str, notebook: str, width: int, height: int, felt=None):
    context = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    page = context.new_page()
    page.console_lines = []
    page.outside = []
    page.on("console", lambda m: page.console_lines.append(f"{m.type}: {m.text}"))
    page.on("request", lambda r: page.outside.append(r.url)
            if not r.url.startswith((base, "data:", "blob:")) else None)
    page.goto(f"{base}/voila/render/{notebook}")
    wait_status(page, "ply", timeout=90)
    wait_table_drawn(page, **({"felt": felt} if felt else {}))
    return context, page


def _inside(box: dict, view: dict) -> bool:
    return box["x"] >= 0 and box["y"] >= 0 and box["right"] <= view["width"] + 0.5 \
        and box["bottom"] <= view["height"] + 0.5


@pytest.mark.parametrize("size", [(1400, 900), (1024, 768)], ids=["1400x900", "1024x768"])
def test_table_and_chooser_fit_side_by_side_and_the_page_is_clean(voila_server, browser, shots, size):
    twin = GameStepper(sandbox.new_game("isle_of_trains", players=3, seed=7), seats=SEATS)
    twin.jump_to_end()
    context, page = _open(browser, voila_server, IOT, *size, felt=IOT_FELT)
    try:
        page.click("button.ts-end")
        wait_status(page, twin.status, timeout=60)
        page.wait_for_selector(".ts-option", timeout=30_000)
        page.wait_for_timeout(500)
        seen = page.evaluate(BOXES_JS)
        page.screenshot(path=str(shots / f"classroom_iot_{size[0]}x{size[1]}.png"))
        assert seen["scrolled"] == [0, 0, 0]
        assert _inside(seen["canvas"], seen["view"]), seen  # the whole table, no scrolling
        assert _inside(seen["option"], seen["view"]) and _inside(seen["hint"], seen["view"]), seen
        assert seen["option"]["x"] > seen["canvas"]["right"]  # beside the table, not under it
        assert seen["fonts"] == ["loaded", "loaded"]  # the bundled table font, both weights
        assert seen["untitled"] == [], "\n".join(seen["untitled"])  # every control says what it does
        warned = ("Unsatisfied version", "No satisfying version")
        bad = [line for line in page.console_lines
               if line.startswith("error") or any(w in line for w in warned)]
        assert bad == []
        assert page.outside == []  # nothing from a CDN: works offline and on Binder
    finally:
        context.close()


def test_first_click_selects_hint_advises_and_nothing_is_played(voila_server, browser, shots):
    twin = GameStepper(sandbox.new_game("everyone_on_board", players=3, seed=7), seats=SEATS)
    twin.jump_to_end()
    card, _place = next(a for a in twin.options if a.notation.endswith(">P2")).targets()
    options = len(twin.options)
    narrowed = sum(card in twin.match.state.targets(a) for a in twin.options)
    context, page = _open(browser, voila_server, EOB, 1400, 900)
    try:
        page.click("button.ts-end")
        status = wait_status(page, twin.status)
        # the chooser is redrawn after the status line: wait for all its options, not a count mid-way
        page.wait_for_function(f"document.querySelectorAll('.ts-option').length == {options}")
        box = page.locator("canvas").bounding_box()
        scale = box["width"] / twin.table.canvas.width
        x, y = twin.table.centre_of(card)
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
        page.wait_for_selector(".ts-status:has-text('options use what you clicked')")
        assert page.inner_text(".ts-status .ts-status-text") == status  # selected, not played
        page.wait_for_function(f"document.querySelectorAll('.ts-option').length == {narrowed}")
        assert narrowed < options
        page.click("button.ts-hint")
        page.wait_for_selector(".ts-advice:has-text('Hint (greedy bot)')")
        assert page.inner_text(".ts-status .ts-status-text") == status
        page.click("button.ts-what-if")
        page.wait_for_selector(".ts-what-if-table table", timeout=120_000)
        assert page.locator(".ts-what-if-table tr").count() >= 3
        assert page.inner_text(".ts-status .ts-status-text") == status
        page.screenshot(path=str(shots / "classroom_hint_what_if.png"), full_page=True)
    finally:
        context.close()


def test_save_and_load_through_the_page(voila_server, browser, tmp_path):
    context, page = _open(browser, voila_server, EOB, 1400, 900)
    try:
        page.click("button.ts-end")
        status = wait_status(page, "P3:")
        page.click("button.ts-back")
        ply = int(status.split()[1])  # "ply 28 of 28 · P3: ..."
        back = wait_status(page, f"ply {ply - 1} of")  # wait for the page to show the step back
        assert back != status
        page.click("button.ts-save")
        with page.expect_download() as download:
            page.click("a.ts-download")
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        match = sandbox.load(saved.read_text())
        assert match.seed == 7 and f"ply {match.ply} of {match.last_ply}" in back
        page.fill(".ts-seed input", "3")
        page.click("button.ts-new-game")
        page.wait_for_selector(".ts-game-seed:has-text('seed 3')")
        with page.expect_file_chooser() as chooser:
            page.click("button.ts-load")
        chooser.value.set_files(str(saved))
        page.wait_for_selector(".ts-status:has-text('Loaded a saved game (seed 7')")
        assert wait_status(page, back.split(" · ")[0]).startswith(back.split(" · ")[0])
        assert json.loads(saved.read_text())["game"] == "everyone_on_board"
    finally:
        context.close()

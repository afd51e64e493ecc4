"""Voila: every game's play app on a laptop (1400 x 900) and an old projector (1024 x 768).

Measured in the browser, on the page as it opens (nothing is scrolled first):
- the smallest word drawn on the table, in CSS px: the canvas's font size (recorded as the page
  draws) times the canvas's displayed scale; at least 11 px at 1400 x 900 and 9 px at 1024 x 768;
- the table wholly in the window (the own seat's panel is on it) and the chooser beside it;
- the first click on a thing of the table counts as the click of a twin stepper (the same seeded
  game in this process) at the same thing, and scrolls nothing; also with a table taller than
  the window, which the browser used to scroll into view between the click and its reading.
"""

from __future__ import annotations

import pytest
from browser_tools import FELT, IOT_FELT, wait_status, wait_table_drawn

pytestmark = pytest.mark.browser

SIZES = {"laptop": (1400, 900, 11.0), "projector": (1024, 768, 9.0)}
GAMES = {  # the app's notebook, the table's felt
    "everyone_on_board": ("everyone_on_board/03_play_against_bots.ipynb", FELT),
    "isle_of_trains": ("isle_of_trains/03_play_against_bots.ipynb", IOT_FELT),
    "trains_and_stations": ("trains_and_stations/03_play_against_bots.ipynb", IOT_FELT),
    "traintopia": ("traintopia/03_play_against_bots.ipynb", IOT_FELT),
}
SEATS = {"everyone_on_board": {1: "greedy", 2: "random", 3: "human"},
         "isle_of_trains": {1: "greedy", 2: "random", 3: "human"},
         "trains_and_stations": {1: "greedy", 2: "greedy", 3: "human"},
         "traintopia": {1: "greedy", 2: "greedy", 3: "human"}}
NOT_YET_READABLE: dict[tuple[str, str], str] = {}  # (game, window): why its smallest word is below

# every fillText of the page, with its font size in canvas units (times the canvas transform)
RECORD_TEXT_JS = """() => {
  const fill = CanvasRenderingContext2D.prototype.fillText;
  window.__tsTexts = [];
  CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
    const size = /([0-9.]+)px/.exec(this.font);
    const t = this.getTransform();
    window.__tsTexts.push([String(text), size ? parseFloat(size[1]) * Math.hypot(t.a, t.b) : 0,
                           this.canvas.width, this.canvas.height]);
    return fill.call(this, text, x, y, ...rest);
  };
}"""

MEASURE_JS = """(notice) => {
  const c = document.querySelector('.ts-table canvas');
  const r = c.getBoundingClientRect();
  // the words of the table now on the page: the latest drawing's texts, not a "$" or a number,
  // nor the core's reconstructed-data footnote (the table's header says it in full size)
  const words = window.__tsTexts.filter(([text, size, w, h]) => w === c.width && h === c.height
    && /[A-Za-z]{2}/.test(text) && !text.startsWith(notice));
  const smallest = words.reduce((a, b) => (b[1] < a[1] ? b : a), ['', Infinity]);
  const option = document.querySelector('.ts-chooser button.ts-option, .ts-chooser .ts-options button');
  const chooser = document.querySelector('.ts-chooser').getBoundingClientRect();
  return {scale: r.width / c.width, top: r.top, bottom: r.bottom, right: r.right,
          smallest: smallest[1] * (r.width / c.width), word: smallest[0],
          chooserTop: chooser.top, chooserLeft: chooser.left,
          optionBottom: option ? option.getBoundingClientRect().bottom : null,
          height: window.innerHeight};
}"""


def _open(browser, voila_server, game: str, window: str):
    width, height, _least = SIZES[window]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.add_init_script(f"({RECORD_TEXT_JS})()")
    notebook, felt = GAMES[game]
    page.goto(f"{voila_server}/voila/render/{notebook}")
    wait_status(page, "ply", timeout=90)
    wait_table_drawn(page, felt=felt, timeout=60)
    return context, page


def _twin(game: str):
    from widgets import PlayApp

    return PlayApp(game, players=3, seats=SEATS[game], seed=7).stepper


def _to_the_human(page, twin) -> None:
    """Jump to end while bots or chance have moves to make, on the page and on the twin."""
    if twin.can_progress():
        page.click("button.ts-end")
        twin.jump_to_end()
        wait_status(page, twin.status)
    page.wait_for_timeout(800)  # the redraw after the jump


def _first_target(twin) -> str:
    """A thing on the table the human may click: the first target of the first option that
    has one drawn."""
    drawn = {h.target for h in twin.table.hotspots}
    for option in twin.options:
        for target in twin.match.state.targets(option):
            if target in drawn:
                return target
    raise AssertionError(f"no option of {twin.status!r} can be clicked on the table")


def _click(page, twin, target: str) -> None:
    """One click on `target`, where the page shows it now: nothing is scrolled first."""
    canvas = page.locator(".ts-table canvas")
    box = canvas.bounding_box()
    scale = box["width"] / page.evaluate("() => document.querySelector('.ts-table canvas').width")
    x, y = twin.table.centre_of(target)
    page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
    twin.pick(target)
    page.wait_for_selector(f".ts-status:has-text({twin.message[:60]!r})", timeout=15_000)
    assert canvas.bounding_box()["y"] == box["y"], "the click scrolled the page"


@pytest.mark.parametrize("window", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_table_fits_the_window_and_its_words_are_readable_and_the_first_click_counts(
        voila_server, browser, shots, game, window):
    from sandbox.core.registry import notice_of

    context, page = _open(browser, voila_server, game, window)
    try:
        twin = _twin(game)
        _to_the_human(page, twin)
        seen = page.evaluate(MEASURE_JS, notice_of(game)[:40] or "\u0000")
        page.screenshot(path=str(shots / f"size_{game}_{window}.png"))
        print(game, window, seen)
        # the whole table in the window as the page opens: the own seat's panel is on it
        assert seen["top"] >= 0 and seen["bottom"] <= seen["height"] + 1, seen
        # the chooser beside the table, its top in the window
        assert seen["chooserLeft"] >= seen["right"] - 1 and seen["chooserTop"] < seen["height"], seen
        _click(page, twin, _first_target(twin))
        least = SIZES[window][2]
        if seen["smallest"] < least and (game, window) in NOT_YET_READABLE:
            pytest.xfail(f"{seen['smallest']:.1f} px ({seen['word']!r}): {NOT_YET_READABLE[game, window]}")
        assert seen["smallest"] >= least, seen
    finally:
        context.close()


def test_a_table_taller_than_the_window_takes_the_first_click_where_it_lands(voila_server, browser, shots):
    """A canvas cut off by the window's foot: the browser scrolled it into view as it took the
    focus, between the click and ipycanvas reading where it was, and the click landed elsewhere."""
    context, page = _open(browser, voila_server, "traintopia", "laptop")
    try:
        twin = _twin("traintopia")
        _to_the_human(page, twin)
        # more above the table than the page measured it for (the chooser's text grew, say)
        page.evaluate("() => { document.querySelector('.ts-main').style.marginTop = '300px'; }")
        page.wait_for_timeout(300)
        box = page.locator(".ts-table canvas").bounding_box()
        assert box["y"] + box["height"] > 900  # cut off by the window
        _click(page, twin, _first_target(twin))
        page.screenshot(path=str(shots / "size_tall_table_clicked.png"))
    finally:
        context.close()


def test_zoomed_in_the_table_is_panned_in_its_frame_and_clicks_still_land(voila_server, browser, shots):
    """＋ twice at 1024 x 768: Trains & Stations' map drawn twice as large in a frame that keeps
    the room's size (the page does not grow or scroll); the frame is panned to a legal target,
    as a person does with the wheel, and one click there counts."""
    context, page = _open(browser, voila_server, "trains_and_stations", "projector")
    try:
        twin = _twin("trains_and_stations")
        _to_the_human(page, twin)
        fitted = page.locator(".ts-table canvas").bounding_box()
        page.click("button.ts-zoom-in")
        page.click("button.ts-zoom-in")
        page.wait_for_function("() => document.querySelector('.ts-table canvas')"
                               f".getBoundingClientRect().width > {1.8 * fitted['width']}")
        frame = page.locator(".ts-table-frame").bounding_box()
        assert frame["height"] <= fitted["height"] + 40 and page.evaluate("() => window.scrollY") == 0
        target = _first_target(twin)
        x, y = twin.table.centre_of(target)
        page.evaluate("""([x, y]) => {  // pan: the target to the frame's middle
            const c = document.querySelector('.ts-table canvas'), f = c.closest('.ts-table-frame');
            const k = c.getBoundingClientRect().width / c.width;
            f.scrollLeft = x * k - f.clientWidth / 2; f.scrollTop = y * k - f.clientHeight / 2; }""", [x, y])
        page.wait_for_timeout(300)
        page.screenshot(path=str(shots / "size_trains_and_stations_zoomed.png"))
        _click(page, twin, target)
    finally:
        context.close()

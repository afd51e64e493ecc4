"""What the browser tests read off a page: canvas pixels, the stepper's status, Lab's kernel."""

from __future__ import annotations

import time

FELT = (244, 241, 232)  # the table's background, #f4f1e8 (sandbox/everyone_on_board/draw.py)
IOT_FELT = (243, 239, 227)  # #f3efe3 (sandbox/isle_of_trains/draw.py)

CANVAS_JS = """([sel, felt]) => {
  const c = document.querySelector(sel);
  if (!c || !c.width) return null;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 0, inked = 0;
  for (let i = 0; i < d.length; i += 4) {
    h = (Math.imul(h, 31) + d[i] * 3 + d[i + 1] * 5 + d[i + 2] * 7 + d[i + 3]) | 0;
    if (d[i + 3] && !(d[i] === felt[0] && d[i + 1] === felt[1] && d[i + 2] === felt[2])) inked++;
  }
  return {hash: h, corner: [d[0 + 4 * (3 * c.width + 3)], d[1 + 4 * (3 * c.width + 3)],
          d[2 + 4 * (3 * c.width + 3)]], inked, width: c.width, height: c.height};
}"""

READY_JS = """async () => {
  // needs --LabApp.expose_app_in_browser=True
  const app = window.jupyterapp;
  if (!app) return null;
  let last = null, stable = 0;
  for (let i = 0; i < 600; i++) {
    const w = app.shell.currentWidget;
    const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
    const ok = k && k.connectionStatus === 'connected' && k.status === 'idle';
    if (ok && k.id === last) { if (++stable >= 5) return k.id; } else { stable = 0; }
    last = ok ? k.id : null;
    await new Promise(r => setTimeout(r, 100));
  }
  throw new Error('kernel never became connected+idle');
}"""


PIXEL_JS = """([sel, x, y]) => {
  const c = document.querySelector(sel);
  if (!c || !c.width) return null;
  return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
}"""


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """'#34495e' -> (52, 73, 94)."""
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def pixel_at(page, x: float, y: float, selector: str = "canvas") -> tuple[int, int, int] | None:
    """The colour drawn at canvas point (x, y), in the canvas's own pixels (not the page's)."""
    rgb = page.evaluate(PIXEL_JS, [selector, int(x), int(y)])
    return None if rgb is None else tuple(rgb)


def canvas_pixels(page, selector: str = "canvas", felt: tuple = FELT) -> dict | None:
    """A hash of the canvas, its corner colour and how many pixels are not the felt."""
    return page.evaluate(CANVAS_JS, [selector, list(felt)])


def wait_table_drawn(page, selector: str = "canvas", timeout: float = 30, felt: tuple = FELT) -> dict:
    """Wait until the canvas shows the table: the felt in the corner and plenty drawn on it."""
    deadline = time.monotonic() + timeout
    pix = None
    while time.monotonic() < deadline:
        pix = canvas_pixels(page, selector, felt)
        if pix and tuple(pix["corner"]) == felt and pix["inked"] > 5000:
            page.wait_for_timeout(200)  # let a batch being painted finish
            return canvas_pixels(page, selector, felt)
        page.wait_for_timeout(100)
    raise AssertionError(f"the canvas never showed the table: {pix}")


def wait_canvas_changed(page, before: dict, selector: str = "canvas", timeout: float = 15,
                        felt: tuple = FELT) -> dict:
    deadline = time.monotonic() + timeout
    pix = None
    while time.monotonic() < deadline:
        pix = canvas_pixels(page, selector, felt)
        if pix and pix["hash"] != before["hash"] and tuple(pix["corner"]) == felt:
            return pix
        page.wait_for_timeout(100)
    raise AssertionError(f"the canvas did not change: before {before}, now {pix}")


def status_text(page) -> str:
    return page.inner_text(".ts-status .ts-status-text")


def wait_status(page, text: str, timeout: float = 20) -> str:
    page.wait_for_selector(f".ts-status .ts-status-text:has-text('{text}')", timeout=timeout * 1000)
    return status_text(page)


def wait_kernel_ready(page) -> None:
    """Connected, idle and the same kernel for 0.5 s: 'Run All' sent earlier can be lost."""
    page.wait_for_selector(
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']",
        timeout=60_000)
    if page.evaluate(READY_JS) is None:
        page.wait_for_timeout(2000)


def run_all(page) -> None:
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")


def run_new_cell(page, code: str) -> None:
    """Add a code cell below the last one, type `code` into it and run it (Shift+Enter)."""
    page.locator(".jp-Notebook .jp-CodeCell").last.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # the new cell is selected, in command mode
    page.keyboard.press("Enter")  # edit it
    page.keyboard.type(code)
    page.keyboard.press("Shift+Enter")

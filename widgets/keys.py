"""Keyboard shortcuts for a stepper, as a tiny anywidget (inline JavaScript, no build step).

Click the key strip (or tab to it), then: ← back, → step, Home reset, End jump to the end,
Space play / pause. The keys only act while the strip has the focus, so they never fight the
notebook's own shortcuts; each key sends one command to the kernel, where the stepper acts.

Its script also looks after the page's tables (once per page): a table is sized to the room
below its top in the window (`--ts-table-room`, read by `TableView`), a click on it never
scrolls the page before ipycanvas reads where it landed, and the pointer's moves over it reach
the kernel a few times a second at most (the ghost of a tile to lay follows them; the table
itself takes R, Enter and Escape while it has the focus, see `TableView`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

KEYMAP = {
    "ArrowLeft": "back",
    "ArrowRight": "step",
    "Home": "reset",
    "End": "end",
    " ": "play",
}
COMMANDS = ("back", "step", "reset", "end", "play")

_ESM = """
const KEYS = {ArrowLeft: "back", ArrowRight: "step", Home: "reset", End: "end", " ": "play"};
// ipycanvas focuses a canvas on mouse down, then reads the click's position: a canvas cut off by
// the window's edge scrolls into view in between, so the click lands elsewhere. The tables of the
// page (in .ts-table) are focused without scrolling, patched in the capture phase, before
// ipycanvas sees the event (once per page, whatever the number of steppers).
function keepTablesStill() {
  if (window.__tsTablesStill) return;
  window.__tsTablesStill = true;
  window.addEventListener("mousedown", (event) => {
    const canvas = event.target;
    if (!(canvas instanceof HTMLCanvasElement) || !canvas.closest(".ts-table") || canvas.__tsStill) return;
    canvas.__tsStill = true;
    canvas.focus = (options) => HTMLElement.prototype.focus.call(canvas, { ...options, preventScroll: true });
  }, true);
}
// ipycanvas sends every mouse move over a canvas to the kernel, where the ghost of a tile to lay
// follows the pointer: over a table, at most one move each MOVE_MS passes, and the last one of a
// burst is sent once the pointer rests, so the kernel always learns where it stopped.
const MOVE_MS = 60;
function throttleTableMoves() {
  if (window.__tsMovesThrottled) return;
  window.__tsMovesThrottled = true;
  let last = 0;
  let late = null;
  window.addEventListener("mousemove", (event) => {
    const canvas = event.target;
    if (!(canvas instanceof HTMLCanvasElement) || !canvas.closest(".ts-table") || event.__tsLate) return;
    clearTimeout(late);
    const now = performance.now();
    if (now - last >= MOVE_MS) { last = now; return; }
    event.stopImmediatePropagation();
    const again = new MouseEvent("mousemove", event);
    again.__tsLate = true;
    const rest = MOVE_MS - (now - last);
    late = setTimeout(() => { last = performance.now(); canvas.dispatchEvent(again); }, rest);
  }, true);
}
// The room a table has: from its top to the window's foot (the page's own top, not where it is
// scrolled to), set as --ts-table-room on its box for the canvas's max-height. A table that
// would get less than half the window (deep in a notebook) gets the window less the room of
// JupyterLab's bars: scrolled to, it shows whole.
function fitTables() {
  for (const box of document.querySelectorAll(".ts-table")) {
    let top = 0;
    for (let node = box; node; node = node.offsetParent) top += node.offsetTop;
    const room = window.innerHeight - top - 12;
    const height = room >= window.innerHeight / 2 ? room : window.innerHeight - 130;
    box.style.setProperty("--ts-table-room", `${Math.max(200, Math.floor(height))}px`);
  }
}
function keepTablesFitted() {
  if (window.__tsTablesFitted) return;
  window.__tsTablesFitted = true;
  window.addEventListener("resize", fitTables);
  new MutationObserver(() => requestAnimationFrame(fitTables)).observe(document.body,
    { childList: true, subtree: true });
  fitTables();
}
function render({ model, el }) {
  keepTablesStill();
  keepTablesFitted();
  throttleTableMoves();
  requestAnimationFrame(fitTables);
  const box = document.createElement("div");
  box.className = "ts-keys";
  box.tabIndex = 0;
  box.setAttribute("role", "application");
  box.setAttribute("aria-label", "Keyboard shortcuts for the stepper");
  box.setAttribute("data-lm-suppress-shortcuts", "true");   // JupyterLab: leave these keys to us
  const show = () => { box.textContent = model.get("label"); };
  box.addEventListener("keydown", (event) => {
    const command = KEYS[event.key];
    if (!command || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    model.send({ command });
  });
  box.addEventListener("mousedown", () => box.focus());
  model.on("change:label", show);
  show();
  el.appendChild(box);
}
export default { render };
"""

_CSS = """
.ts-keys { display: inline-block; padding: 4px 8px; border: 1px dashed #999; border-radius: 4px;
  font-size: 12px; color: #555; cursor: pointer; user-select: none; }
.ts-keys:focus { outline: 2px solid #e67e22; border-color: transparent; color: #222; }
"""


class Keys(anywidget.AnyWidget):
    """Focusable key strip that turns ←/→/Home/End/Space into stepper commands."""

    _esm = _ESM
    _css = _CSS
    label = traitlets.Unicode("⌨ click here, then ← → Home End Space").tag(sync=True)
    last_command = traitlets.Unicode("", help="the latest command received")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], Any]] = []
        self.on_msg(self._received)

    def on_command(self, handler: Callable[[str], Any]) -> None:
        """Call `handler(command)` for each key pressed: back, step, reset, end or play."""
        self._handlers.append(handler)

    def press(self, key: str) -> str | None:
        """Act as if `key` (a KeyboardEvent.key name such as "ArrowRight") were pressed."""
        command = KEYMAP.get(key)
        if command is not None:
            self._received(self, {"command": command}, [])
        return command

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        command = content.get("command") if isinstance(content, dict) else None
        if command not in COMMANDS:
            return
        self.last_command = command
        for handler in list(self._handlers):
            handler(command)

    def __repr__(self) -> str:
        return "Keys(← back, → step, Home reset, End end, Space play/pause)"

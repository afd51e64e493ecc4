"""Keyboard shortcuts for a stepper, as a tiny anywidget (inline JavaScript, no build step).

Click the key strip (or tab to it), then: ← back, → step, Home reset, End jump to the end,
Space play / pause. The keys only act while the strip has the focus, so they never fight the
notebook's own shortcuts; each key sends one command to the kernel, where the stepper acts.
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
function render({ model, el }) {
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

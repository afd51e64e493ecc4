"""The live table's font, loaded into the page: a tiny anywidget with no view of its own.

The canvas can only draw with fonts the page has loaded, and it does not redraw when one
arrives, so the table names "Table Sans" (DejaVu Sans cut down and renamed, `widgets/fonts/`,
made by `tools/make_table_font.py`) first and this widget loads it with the browser's FontFace
API, from the files sent with the widget (no request leaves the page: it works offline and on
Binder). When the page has it, every live table is drawn again. Until then, and where no widget
runs, the next fonts in the list are used.
"""

from __future__ import annotations

import base64
import weakref
from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets

FAMILY = "Table Sans"
FONTS = Path(__file__).with_name("fonts")

_ESM = """
const FAMILY = "Table Sans";
function loaded(model) {
  // once per page: later views of the same widget wait on the same loading
  if (!window.__tableSans) {
    const faces = [["normal", model.get("regular")], ["bold", model.get("bold")]].map(
      ([weight, data]) => new FontFace(FAMILY, `url(data:font/woff;base64,${data})`, { weight }));
    window.__tableSans = Promise.all(faces.map((face) => face.load())).then((done) => {
      done.forEach((face) => document.fonts.add(face));
    });
  }
  return window.__tableSans;
}
function render({ model, el }) {
  el.style.display = "none";
  loaded(model).then(() => model.send({ event: "ready" }),
                     (error) => model.send({ event: "failed", error: String(error) }));
}
export default { render };
"""


class TableFonts(anywidget.AnyWidget):
    """Loads the table font into the page; redraws the registered tables once it is there."""

    _esm = _ESM
    regular = traitlets.Unicode().tag(sync=True)
    bold = traitlets.Unicode().tag(sync=True)
    loaded = traitlets.Int(0, help="how many page views have reported the font loaded")
    failure = traitlets.Unicode("", help="the page's error, if the font could not be loaded")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(regular=_encoded("table-sans.woff"), bold=_encoded("table-sans-bold.woff"),
                         **kwargs)
        self._tables: weakref.WeakSet[Any] = weakref.WeakSet()
        self.on_msg(self._received)

    def serve(self, table: Any) -> None:
        """Redraw `table` (anything with `redraw()`) whenever a page has loaded the font."""
        self._tables.add(table)

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        event = content.get("event") if isinstance(content, dict) else None
        if event == "ready":
            self.loaded += 1
            for table in list(self._tables):
                table.redraw()
        elif event == "failed":
            self.failure = str(content.get("error", ""))[:200]

    def __repr__(self) -> str:
        return f"TableFonts({FAMILY})"


def _encoded(name: str) -> str:
    return base64.b64encode((FONTS / name).read_bytes()).decode("ascii")


@cache
def table_fonts() -> TableFonts:
    """The one font loader of this kernel: its files go to the page once, however many tables."""
    return TableFonts()

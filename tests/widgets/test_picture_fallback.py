"""The stepper and the table view carry the table as SVG and as an HTML <img> beside the widget
view: JupyterLab shows the <img> in a notebook that is not trusted (opened before it is run),
and the live widget wherever a kernel runs."""

from __future__ import annotations

import base64
import re

from IPython.core.formatters import DisplayFormatter

import sandbox
from widgets import GameStepper, TableView

WIDGET = "application/vnd.jupyter.widget-view+json"
IMG = re.compile(r'^<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)">$')


def img_svg(html: str) -> str:
    found = IMG.match(html)
    assert found, html[:120]
    return base64.b64decode(found.group(1), validate=True).decode("utf-8")


def test_stepper_bundle_has_widget_svg_and_img():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    s = GameStepper(match, reveal=True)
    data, _ = DisplayFormatter().format(s)  # what a cell ending in `stepper` sends
    assert set(data) == {WIDGET, "image/svg+xml", "text/html", "text/plain"}
    assert data[WIDGET]["model_id"] == s.model_id
    assert data["image/svg+xml"] == match.state.svg()
    assert img_svg(data["text/html"]) == data["image/svg+xml"]
    assert data["text/plain"] == repr(s) == "GameStepper(everyone_on_board, ply 22 of 22)"
    again = s._repr_mimebundle_()
    assert (again["text/html"], again["image/svg+xml"]) == (data["text/html"], data["image/svg+xml"])


def test_sealed_stepper_img_is_the_deciders_view():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    data = GameStepper(match)._repr_mimebundle_()
    assert img_svg(data["text/html"]) == match.state.svg(viewer=1) == data["image/svg+xml"]


def test_table_view_bundle_has_widget_svg_and_img():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    table = TableView(match.state, viewer=2)
    data = table._repr_mimebundle_()
    assert set(data) == {WIDGET, "image/svg+xml", "text/html", "text/plain"}
    assert data["image/svg+xml"] == match.state.view(2).svg(2)
    assert img_svg(data["text/html"]) == data["image/svg+xml"]
    assert data["text/plain"] == "TableView(everyone_on_board, 820x566, seen by P2)"

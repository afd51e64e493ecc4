"""Every table picture's display bundle: the SVG, the same SVG as an HTML <img> (what JupyterLab
shows in a notebook that is not trusted), and one line of plain text."""

from __future__ import annotations

import base64
import re

import pytest
from IPython.core.formatters import DisplayFormatter

import sandbox
from sandbox.bots import RandomBot
from sandbox.core.picture import Picture, picture_of, register_picture, svg_bundle, svg_img

IMG = re.compile(r'^<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)">$')


def shown(obj) -> dict:
    """What IPython sends to the front end for `obj` (the path a notebook cell takes)."""
    data, _ = DisplayFormatter().format(obj)
    return data


def img_svg(html: str) -> str:
    """The SVG inside an <img> made by svg_img (fails unless it is exactly that shape)."""
    found = IMG.match(html)
    assert found, html[:120]
    return base64.b64decode(found.group(1), validate=True).decode("utf-8")


def check(data: dict, svg: str) -> str:
    assert set(data) == {"image/svg+xml", "text/html", "text/plain"}
    assert data["image/svg+xml"] == svg
    assert img_svg(data["text/html"]) == svg
    text = data["text/plain"]
    assert text and "\n" not in text and len(text) < 200 and "object at 0x" not in text
    return text


def test_img_holds_the_exact_svg_and_is_deterministic():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><text>‽ & é</text></svg>'
    assert img_svg(svg_img(svg)) == svg  # utf-8 round trip, non-ASCII included
    assert svg_img(svg) == svg_img(svg)
    assert svg_img(svg, 'a "b" <c>').endswith('alt="a &quot;b&quot; &lt;c&gt;">')
    assert svg_bundle(svg, "t") == {"image/svg+xml": svg, "text/html": svg_img(svg, "t"),
                                    "text/plain": "t"}


@pytest.mark.parametrize("game", ["everyone_on_board", "isle_of_trains"])
def test_state_match_and_view_show_svg_and_img(game):
    m = sandbox.new_game(game, players=3, seed=7)
    state = m.state
    assert check(shown(state), state.svg()) == f"<{game} table: turn 1, P1 to decide>"
    assert shown(state) == shown(state)  # same position, same bytes (nbval compares them)
    view = state.view(2)  # drawn as P2 sees it, as state.svg(viewer=2) draws it
    assert check(shown(view), state.svg(viewer=2)) == f"<{game} table: turn 1, P1 to decide, seen by P2>"
    assert check(shown(m), state.svg()) == repr(m)
    assert state._repr_svg_() == state.svg()  # the SVG alone, as before


def test_finished_game_says_the_scores():
    m = sandbox.new_game("everyone_on_board", players=2, seed=3)
    m.run({1: RandomBot(seed=1), 2: RandomBot(seed=2)})
    assert m.is_over
    text = check(shown(m.state), m.state.svg())
    scores = ", ".join(f"P{p} {s}" for p, s in m.outcome.scores.items())
    assert text == f"<everyone_on_board table: game over, {scores}>"


def test_action_picture():
    m = sandbox.new_game("everyone_on_board", players=3, seed=7)
    action = m.legal_actions()[0]
    assert check(shown(action), action._repr_svg_()) == repr(action)


def test_a_registered_picture_draws_the_class_and_its_subclasses():
    """A piece below its drawing code shows through what its package registered, found by the
    nearest class (the Everyone On Board actions: `draw.action_svg` reads them)."""
    class Piece:
        pass

    class Small(Piece):
        pass

    with pytest.raises(LookupError, match="no picture registered for Small"):
        picture_of(Small())
    register_picture(Piece, lambda obj: f"<svg>{type(obj).__name__}</svg>")
    assert picture_of(Small()) == "<svg>Small</svg>"
    register_picture(Small, lambda obj: "<svg>own</svg>")
    assert picture_of(Small()) == "<svg>own</svg>"


def test_picture_replaces_ipython_svg():
    m = sandbox.new_game("everyone_on_board", players=3, seed=7)
    svg = m.state.svg(viewer=2)
    assert check(shown(Picture(svg)), svg) == "table picture"
    assert check(shown(Picture(svg, "P2's view")), svg) == "P2's view"

"""Table pictures in Jupyter: one display bundle for every picture a notebook shows.

JupyterLab renders `image/svg+xml` only for trusted outputs (its SVG renderer is not "safe"), so
in a notebook opened before it is run (not trusted: every committed notebook) a bundle with
only the SVG shows its `text/plain`. The bundle therefore also carries `text/html`: an
`<img>` whose `src` is the same SVG as a base64 `data:` URL, which the HTML sanitizer keeps.
Lab ranks `text/html` (50) above `image/svg+xml` (80), so trusted outputs show the `<img>`
too; it is the picture Lab's own SVG renderer would draw (that renderer also uses an
`<img>` with a `data:` URL). A widget's view (rank -10) still wins wherever a kernel runs.

The text is a pure function of the SVG: the same SVG gives the same bytes (nbval compares
`text/html` and `image/svg+xml` in the stored outputs).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape
from typing import Any

SVG = "image/svg+xml"
HTML = "text/html"
PLAIN = "text/plain"


def svg_img(svg: str, alt: str = "") -> str:
    """`svg` as an HTML `<img>` with a base64 `data:` URL (what untrusted notebooks show)."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img src="data:{SVG};base64,{data}" alt="{escape(alt)}">'


def svg_bundle(svg: str, text: str) -> dict[str, str]:
    """The display bundle of a picture: the SVG, the same SVG as an HTML `<img>`, and `text`
    (one line saying what the picture shows) for plain-text front ends."""
    return {SVG: svg, HTML: svg_img(svg, text), PLAIN: text}


_PICTURES: dict[type, Callable[[Any], str]] = {}


def register_picture(cls: type, draw: Callable[[Any], str]) -> None:
    """Show `cls` and its subclasses as `draw(obj)`. A game's package registers its pieces'
    drawing code (`__init__` imports both), so a piece below the drawing code (an action
    drawn by `draw.py`, which reads the actions) does not import what imports it."""
    _PICTURES[cls] = draw


def picture_of(obj: object) -> str:
    """The SVG of `obj`, drawn by what was registered for its class or the nearest base."""
    for klass in type(obj).__mro__:
        draw = _PICTURES.get(klass)
        if draw is not None:
            return draw(obj)
    raise LookupError(f"no picture registered for {type(obj).__name__} (core.picture.register_picture)")


class Picture:
    """An SVG to display with the HTML fallback, e.g. `display(Picture(state.svg(viewer=2)))`
    where a notebook would write `display(SVG(...))` (which untrusted notebooks show as text)."""

    def __init__(self, svg: str, text: str = "table picture") -> None:
        self.svg = svg
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, str]:
        return svg_bundle(self.svg, self.text)


__all__ = ["Picture", "picture_of", "register_picture", "svg_bundle", "svg_img"]

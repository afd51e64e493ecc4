"""What every panel of the stepper shares: the page's style sheet, the table's height, a
labelled control, a button, and a rule's words as the panels quote them."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

_CSS = """<style>
.ts-status { font-family: sans-serif; font-size: 14px; line-height: 1.4; height: 44px; overflow-y: auto; }
.ts-status > .widget-html-content { line-height: 1.4; }
/* ^ two lines, always: a message after a click never moves the table under the next click (the
   HTML widget's own line is a control's height, 28 px, which would leave room for one and a half) */
.ts-log { font-size: 12px; line-height: 1.45; max-height: 260px; overflow-y: auto;
  border: 1px solid #ddd; padding: 4px 6px; background: #fcfcfa; }
.ts-log .ts-ply { color: #888; display: inline-block; min-width: 2.5em; text-align: right; }
.ts-log code, .ts-chooser code { color: #8a5a00; font-size: 11px; }
.ts-log .ts-note { color: #666; font-style: italic; }
.ts-scores table { border-collapse: collapse; font-size: 13px; }
.ts-scores td, .ts-scores th { border-bottom: 1px solid #ddd; padding: 2px 8px; text-align: left; }
.ts-scores .ts-hidden-note { font-size: 12px; color: #555; margin-top: 2px; }
.ts-chooser > .widget-html > .widget-html-content, .ts-ghost-tools .widget-html-content {
  min-width: 0; line-height: 1.35; }  /* min-width: a long rule line is cut, not the text widened */
.ts-rule { font-size: 12px; color: #555; }
.ts-rule summary { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: pointer; }
.ts-rule[open] summary { white-space: normal; }
.ts-rule-more { font-style: italic; }
.ts-how { border-bottom: 1px dotted #888; cursor: help; }
.ts-ghost-tools { gap: 4px; margin: 2px 0; }
.ts-ghost-note { font-size: 13px; display: block; }
.ts-option.jupyter-button { white-space: normal; height: auto; min-height: 26px; line-height: 1.25;
  padding: 2px 8px; margin-top: 1px; margin-bottom: 1px; text-align: left; }
/* ^ a long option wraps (never cut with "…"), compactly: the first options stay in the window */
.ts-zoom-in.jupyter-button, .ts-zoom-out.jupyter-button, .ts-zoom-fit.jupyter-button {
  height: 24px; line-height: 22px; padding: 0 8px; }  /* no taller than the key strip beside them */
.ts-refused { font-size: 12px; margin: 0; padding-left: 1.2em; }
.ts-curtain { font-family: sans-serif; font-size: 15px; padding: 8px 12px; margin: 4px 0;
  background: #2f3640; color: #fff; border-radius: 6px; }
.ts-main { gap: 12px; align-items: flex-start; }
.ts-table { min-width: 0; }
.ts-panel { min-width: 280px; }
.ts-what-if-box { border: 1px solid #ddd; }
.ts-load.jupyter-button { font-size: 0; }
.ts-load.jupyter-button::before { content: "Load game"; font-size: var(--jp-widgets-font-size, 13px); }
</style>"""
"""The page's style. `.ts-load`: the file upload names itself "Load game (0)", counting the
files picked; the button shows "Load game" alone (the count says nothing to a student)."""
TABLE_HEIGHT = "calc(100vh - 250px)"
"""The most height the table takes: the window's, less the bars above it, so a laptop or a
projector shows the table and the chooser beside it without scrolling."""
WHAT_IF_HEIGHT = "360px"
"""The most height a What-if answer takes (it scrolls inside): the scores stay in sight."""


def titled(control: W.Widget) -> W.Widget:
    """`control` with its tooltip shown on hover over it and over its name. ipywidgets 8 shows
    the tooltip of a control that has a description nowhere, so the name moves into a label
    beside it and both carry the tip."""
    name, tip = control.description, control.tooltip
    control.description = ""
    if not name:
        return control
    label = W.HTML(f"<span title='{escape(tip)}'>{escape(name)}</span>",
                   layout=W.Layout(margin="0 2px 0 4px"))
    return W.HBox([label, control], layout=W.Layout(align_items="center"))


def button(label: str, tip: str, cls: str) -> W.Button:
    """A button sized to its words, with a tooltip and a class the browser tests find it by."""
    b = W.Button(description=label, tooltip=tip, layout=W.Layout(width="auto"))
    b.add_class(cls)
    return b


def rule_words(game: Any, rule: str) -> str:
    """The rulebook's words for `rule`, as a panel quotes them: a passage that ends in a colon
    introduces a list the quote leaves out, so it ends in "…" instead of promising more."""
    words = game.cite(rule).rstrip()
    return f"{words[:-1].rstrip()} …" if words.endswith(":") else words

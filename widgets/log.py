"""The explained log as HTML: newest first, each line with its rule, the deal folded away."""

from __future__ import annotations

from html import escape
from typing import Any

from sandbox.core.pending import CHANCE
from widgets.ui import rule_words


def setup_ply(match: Any) -> int:
    """The last ply of the setup: the chance plies (the deal) before the first decision."""
    last = 0
    for node in match.history:
        if node.actor != CHANCE:
            break
        last = node.ply
    return int(last)


def log_html(match: Any, viewer: int | None, lines: int, hidden_for: str | None = None) -> str:
    """The newest `lines` log lines as `viewer` may read them; `hidden_for` (a seat's name):
    nothing but a note that the log waits for that player to take the screen."""
    if hidden_for is not None:
        return f"<div class='ts-log'><i>hidden until {escape(hidden_for)} takes the screen</i></div>"
    entries = match.log_entries(viewer, last=lines + 1)
    shown = entries[::-1][:lines]
    setup = setup_ply(match)
    html: list[str] = []
    dealt: list[str] = []
    for ply, text, rule, note in shown:
        rule_html = f" <code>[{escape(rule)}]</code>" if rule else ""
        note_html = f" <span class='ts-note'>({escape(note)})</span>" if note else ""
        tip = escape(rule_words(match.game, rule)) if rule else ""
        (dealt if ply <= setup else html).append(
            f"<div class='ts-log-line' title='{tip}'>"
            f"<span class='ts-ply'>{ply}</span> {escape(text)}{rule_html}{note_html}</div>")
    if dealt:  # the deal folded into one line that opens on a click
        html.append(f"<details class='ts-setup'><summary>Setup: the deal, plies 1-{setup} "
                    f"({len(dealt)} lines; click to show)</summary>{''.join(dealt)}</details>")
    if len(entries) > len(shown):
        html.append("<div class='ts-note'>… earlier lines: match.log() has them all</div>")
    return f"<div class='ts-log'>{''.join(html) or '<i>nothing has happened yet</i>'}</div>"

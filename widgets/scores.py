"""The score table: each seat's points as the viewer may know them, the points only one seat
can see (its own hidden cards) shown apart, so a human's score is not inflated silently."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from html import escape
from typing import Any

from widgets.seating import Seating


@dataclass(frozen=True)
class ScoreRow:
    """One seat's line: `score` is what the viewer may know (None: the game keeps no running
    score); `hidden` of it is points only that seat can see (its own cards in hand, face down),
    from the parts named in `hidden_parts`."""

    player: str
    seat: str
    score: int | None
    note: str
    hidden: int = 0
    hidden_parts: tuple[str, ...] = ()

    @property
    def public(self) -> int | None:
        """The points every seat can count."""
        return None if self.score is None else self.score - self.hidden


def _public_split(state: Any, viewer: int | None, player: int, known: int) -> tuple[int, tuple[str, ...]]:
    """(hidden points, their parts) of `player`'s `known` score: the engine's score of `player`
    from another seat (which sees only what is public of it) is the public part."""
    others = [q for q in range(1, state.config.players + 1) if q != player]
    if not others:  # a solo game: nobody to hide from
        return 0, ()
    outsider = others[0]
    public = (state.scores(outsider) or {}).get(player)
    if public is None or public == known:
        return 0, ()
    mine = state if viewer is None else state.view(viewer)
    parts = Counter(mine.breakdown(player)) - Counter(state.view(outsider).breakdown(player))
    return known - public, tuple(label for (label, _points) in parts.elements())


def score_rows(match: Any, seating: Seating, viewer: int | None) -> list[ScoreRow]:
    """Every seat's row: the live scores as `viewer` may know them (the final scores and
    results once the game is over). The viewer's own hidden points (every seat's, on the
    whole table) are split out."""
    outcome = match.outcome
    state = match.state
    seen = state if viewer is None else state.view(viewer)
    scores = outcome.scores if outcome is not None else seen.scores(viewer)
    labels = {kind: label for label, kind in seating.choices}
    rows = []
    for p in seating.players:
        score = scores.get(p) if scores is not None else None
        note, hidden = "", 0
        parts: tuple[str, ...] = ()
        if outcome is not None:
            note = outcome.result(p) + (f" ({outcome.rating})" if outcome.rating else "")
        else:
            if match.pending.player == p:
                note = "to decide"
            if score is not None and viewer in (None, p):
                hidden, parts = _public_split(state, viewer, p, score)
        rows.append(ScoreRow(seating.name(p), labels[seating.seats[p]], score, note, hidden, parts))
    return rows


def _cell(row: ScoreRow, viewer: int | None) -> str:
    if row.score is None:
        return ""
    if not row.hidden:
        return str(row.score)
    whose = "your" if viewer is not None else f"{row.player}'s"
    what = f" ({escape(', '.join(row.hidden_parts))})" if row.hidden_parts else ""
    sign = "+" if row.hidden > 0 else "−"
    tip = (f"{row.public} points everyone can count, {sign} {abs(row.hidden)} from {whose} own "
           f"hidden cards{what}: the other seats cannot count them until the end")
    return f"<span title='{tip}'>{row.public} {sign} {abs(row.hidden)} hidden</span>"


def scores_html(rows: list[ScoreRow], viewer: int | None = None) -> str:
    """The rows as a table, and a line saying what the hidden points are."""
    body = "".join(
        f"<tr><td><b>{escape(r.player)}</b></td><td>{escape(r.seat)}</td><td>{_cell(r, viewer)}</td>"
        f"<td>{escape(r.note)}</td></tr>" for r in rows)
    notes = []
    for r in rows:
        if r.hidden:
            whose = "your" if viewer is not None else f"{r.player}'s"
            what = f" ({', '.join(r.hidden_parts)})" if r.hidden_parts else ""
            who = "you" if viewer is not None else r.player
            notes.append(f"{r.player}: {r.public} {'+' if r.hidden > 0 else '−'} {abs(r.hidden)} "
                         f"hidden, from {whose} own hidden cards{what}: only {who} can count them "
                         "until the end."
                         + (" No score here counts another seat's hidden cards." if viewer else ""))
    note = "".join(f"<div class='ts-hidden-note'>{escape(n)}</div>" for n in notes)
    return f"<table><tr><th>Player</th><th>Seat</th><th>Score</th><th></th></tr>{body}</table>{note}"

"""Laying a piece by pointing at it: a ghost of the piece follows the pointer over the places it
may go, turns with a button or the R key, is placed by one click and laid by a second.

The engine decides everything: the places, the turns and the action played are only ever those
of the decision's legal actions, read through the game's `placement(action)` hook ((piece
target, place target, turn), e.g. ("hand:M12", "spot:2,-1", 1) for a Traintopia tile lay). The
flow below is the pointer's state (which piece, which place, which turn, placed or not), kept
apart from any widget so that tests drive it directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as W

from widgets.ui import button


@dataclass(frozen=True)
class Placements:
    """The legal placements of one decision: piece -> place -> turn -> the action, in the
    engine's order (the first piece, place and turn are the engine's first)."""

    by_piece: Mapping[str, Mapping[str, Mapping[int, Any]]]

    @classmethod
    def of(cls, state: Any, actions: Iterable[Any]) -> Placements:
        """The placements among `actions`, as `state.placement` names them (none when the game
        has no such hook)."""
        placement = getattr(state, "placement", None)
        found: dict[str, dict[str, dict[int, Any]]] = {}
        if placement is None:
            return cls(found)
        for action in actions:
            where = placement(action)
            if where is not None:
                piece, place, turn = where
                found.setdefault(piece, {}).setdefault(place, {}).setdefault(turn, action)
        return cls(found)

    def __bool__(self) -> bool:
        return bool(self.by_piece)

    @property
    def pieces(self) -> tuple[str, ...]:
        return tuple(self.by_piece)

    def places(self, piece: str | None) -> tuple[str, ...]:
        return tuple(self.by_piece.get(piece or "", {}))

    def turns(self, piece: str | None, place: str | None) -> tuple[int, ...]:
        return tuple(self.by_piece.get(piece or "", {}).get(place or "", {}))

    def action(self, piece: str | None, place: str | None, turn: int | None) -> Any:
        return self.by_piece.get(piece or "", {}).get(place or "", {}).get(turn if turn is not None else -1)


class GhostFlow:
    """Where the ghost is: the piece selected, the place pointed at (or placed, waiting for the
    second click), and the turn preferred. A place or turn outside the legal ones is never taken:
    the ghost shows, and a confirmation plays, only a legal action."""

    def __init__(self, placements: Placements) -> None:
        self.placements = placements
        self.piece: str | None = placements.pieces[0] if placements else None
        self.place: str | None = None
        self.placed = False  # the first click placed the ghost; the second lays it
        self.preferred = 0  # the turn asked for (R); shown where it is legal

    @property
    def turn(self) -> int | None:
        """The turn the ghost shows at its place: the preferred one where it is legal there,
        else the first legal one."""
        turns = self.placements.turns(self.piece, self.place)
        if not turns:
            return None
        return self.preferred if self.preferred in turns else turns[0]

    @property
    def action(self) -> Any:
        """The legal action the ghost shows (None while it is nowhere)."""
        return self.placements.action(self.piece, self.place, self.turn)

    def takes(self, place: str) -> bool:
        """Whether the selected piece may go to `place` (some turn of it)."""
        return bool(self.placements.turns(self.piece, place))

    def select(self, piece: str) -> bool:
        """Select `piece` (a click in the hand); False when it cannot be laid now."""
        if piece not in self.placements.by_piece:
            return False
        if piece != self.piece:
            self.piece, self.place, self.placed = piece, None, False
        return True

    def hover(self, place: str | None) -> bool:
        """The pointer is over `place` (None: over nothing the piece may go to). A placed ghost
        stays where it was placed. Returns whether the ghost moved."""
        if self.placed:
            return False
        place = place if place is not None and self.takes(place) else None
        if place == self.place:
            return False
        self.place = place
        return True

    def click(self, place: str) -> Any:
        """A click on `place`: the first places the ghost there (the first click always counts,
        wherever the pointer was before), a second on the placed ghost returns its action to play."""
        if not self.takes(place):
            return None
        if self.placed and place == self.place:
            return self.action
        self.place, self.placed = place, True
        return None

    def turn_next(self) -> bool:
        """Turn the ghost to its place's next legal turn (R, the Turn button). With no place yet,
        the next quarter turn is preferred. Returns whether the ghost changed."""
        turns = self.placements.turns(self.piece, self.place)
        if not turns:
            self.preferred = (self.preferred + 1) % 4
            return False
        now = self.turn
        following = turns[(turns.index(now) + 1) % len(turns)] if now in turns else turns[0]
        self.preferred = following
        return following != now

    def prefer(self, turn: int) -> bool:
        """A click on a turn preview: that turn from now on, where it is legal."""
        before = self.turn
        self.preferred = turn
        return self.turn != before

    def cancel(self) -> bool:
        """Pick the ghost up again (Escape, Cancel); False when it was not placed."""
        if not self.placed:
            return False
        self.placed = False
        return True


class GhostTools(W.HBox):
    """What the ghost says and the buttons beside it: Turn ⟳ (R), Lay ✓ (Enter), Cancel (Esc).
    Shown only while a piece is to be laid."""

    def __init__(self) -> None:
        super().__init__(layout=W.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.note = W.HTML()
        self.turn_button = button("Turn ⟳", "Turn the tile to its next legal turn here (R)", "ts-ghost-turn")
        self.lay_button = button("Lay ✓", "Lay the placed tile (Enter, or click it again)", "ts-ghost-lay")
        self.cancel_button = button("Cancel", "Pick the placed tile up again (Esc)", "ts-ghost-cancel")
        self.children = [self.turn_button, self.lay_button, self.cancel_button, self.note]
        self.add_class("ts-ghost-tools")

    def wire(self, turn: Callable[[], Any], lay: Callable[[], Any], cancel: Callable[[], Any]) -> None:
        self.turn_button.on_click(lambda _b: turn())
        self.lay_button.on_click(lambda _b: lay())
        self.cancel_button.on_click(lambda _b: cancel())

    def show(self, flow: GhostFlow | None, words: str) -> None:
        """Follow `flow` (None: hide); `words`: the action the ghost shows, as the seat reads it."""
        self.layout.display = None if flow is not None else "none"
        if flow is None:
            return
        self.turn_button.disabled = flow.place is None
        self.lay_button.disabled = self.cancel_button.disabled = not flow.placed
        if flow.placed:
            text = f"<b>{escape(words)}?</b> Click it again, press Enter or Lay ✓ to lay it; R turns it."
        elif flow.place is not None:
            text = f"{escape(words)}: click to place it there (R turns it)."
        else:
            text = "Point at a highlighted cell: the tile shows there; click to place it, R turns it."
        self.note.value = f"<span class='ts-ghost-note'>{text}</span>"

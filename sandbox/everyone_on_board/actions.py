"""Actions of Everyone On Board‽ and their short notation.

Cards are unique, so a Move names only the card and where it goes: `7H>P2` (to platform 2),
`7H>T2` (aboard the train on track 2), `QS>T3` (a Ticket Collector to track 3). Then
`discard 7H`, `end`; and chance: `draw 7H` (or just `7H`), `leaves` / `stays` (a Queen's
coin).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sandbox.core.errors import InvalidNotation
from sandbox.everyone_on_board.cards import Card


class _Pictured:
    """Actions show as a small picture in Jupyter (the card and where it goes)."""

    def _repr_svg_(self) -> str:
        from sandbox.everyone_on_board.draw import action_svg

        return action_svg(self)


@dataclass(frozen=True, order=True)
class Spot:
    """A place a card can go: platform n ("P") or the track / train n ("T"); n from 1."""

    kind: str
    n: int

    @property
    def notation(self) -> str:
        return f"{self.kind}{self.n}"

    def __str__(self) -> str:
        return f"platform {self.n}" if self.kind == "P" else f"track {self.n}"


@dataclass(frozen=True, order=True)
class Move(_Pictured):
    """One card to one place: a Move carries a single card [move.one-card]."""

    card: Card
    to: Spot

    @property
    def notation(self) -> str:
        return f"{self.card.notation}>{self.to.notation}"

    def targets(self) -> tuple[str, ...]:
        where = "platform" if self.to.kind == "P" else "track"
        return (f"card:{self.card.notation}", f"{where}:{self.to.n}")

    def __str__(self) -> str:
        return f"Move {self.card} to {self.to}"


@dataclass(frozen=True, order=True)
class Discard(_Pictured):
    card: Card

    @property
    def notation(self) -> str:
        return f"discard {self.card.notation}"

    def targets(self) -> tuple[str, ...]:
        return (f"card:{self.card.notation}", "discard")

    def __str__(self) -> str:
        return f"Discard {self.card}"


@dataclass(frozen=True, order=True)
class EndTurn(_Pictured):
    @property
    def notation(self) -> str:
        return "end"

    def targets(self) -> tuple[str, ...]:
        return ("end",)

    def __str__(self) -> str:
        return "End the turn"


@dataclass(frozen=True, order=True)
class Draw(_Pictured):
    """Chance: the card that comes off the draw pile."""

    card: Card

    @property
    def notation(self) -> str:
        return f"draw {self.card.notation}"

    def targets(self) -> tuple[str, ...]:
        return ("deck",)

    def __str__(self) -> str:
        return f"Draw {self.card}"


@dataclass(frozen=True, order=True)
class Coin(_Pictured):
    """Chance: whether a Quirky Queen's train leaves (50%)."""

    leaves: bool

    @property
    def notation(self) -> str:
        return "leaves" if self.leaves else "stays"

    def targets(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return "The Queen's train leaves" if self.leaves else "The Queen's train stays"


Action = Move | Discard | EndTurn | Draw | Coin

_MOVE = re.compile(r"^\s*(.+?)\s*(?:>|->|\bto\b)\s*([PT])\s*(\d+)\s*$", re.IGNORECASE)


def parse(text: str) -> Action:
    """Read an action's notation (see the module docstring)."""
    if not isinstance(text, str):
        raise InvalidNotation(repr(text), "an action is written as text, like '7H>P2'")
    t = text.strip()
    low = t.lower()
    if low in ("end", "end turn", "pass", "done"):
        return EndTurn()
    if low in ("leaves", "leave", "stays", "stay"):
        return Coin(low.startswith("leave"))
    for word, kind in (("discard", Discard), ("x", Discard), ("draw", Draw)):
        if low.startswith(word + " "):
            return kind(Card.parse(t[len(word) + 1:]))
    m = _MOVE.match(t)
    if m:
        card, kind, n = m.groups()
        return Move(Card.parse(card), Spot(kind.upper(), int(n)))
    try:  # a card alone names the card drawn: `force=["AS", "7H"]` queues draws
        return Draw(Card.parse(t))
    except InvalidNotation:
        pass
    raise InvalidNotation(t, f"{t!r} is not an action: write '7H>P2' (to platform 2), '7H>T2' "
                             "(aboard train 2), 'QS>T3' (Ticket Collector to track 3), "
                             "'discard 7H', 'end', 'draw 7H', 'leaves' or 'stays'")

"""Actions of Everyone On Board‽ and their short notation.

Cards are unique, so a Move names only the card and where it goes: `7H>P2` (to platform 2),
`7H>T2` (aboard the train on track 2), `QS>T3` (a Ticket Collector to track 3). Then
`discard 7H`, `end`; and chance: `draw 7H` (or just `7H`), `leaves` / `stays` (a Queen's
coin).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from sandbox.core.errors import InvalidNotation, quote
from sandbox.core.picture import picture_of, svg_bundle
from sandbox.everyone_on_board.cards import CARDS, Card

MAX_TRACKS = 12
"""The most tracks a station has [setup.station]: the tables below cover them all."""


class _Action:
    """An action of this game: a small frozen dataclass that hashes once.

    Every legal set hashes every legal action, so the hash is worked out when the action is
    built (the actions the engine hands out are built once, in the tables below) and each
    class sets `__hash__ = _Action._cached_hash` in its body. The hash is the one a frozen
    dataclass would give; an action with an unhashable field still refuses to be hashed. A
    pickle or copy rebuilds the action from its fields (never a stale hash)."""

    _hash: int | None

    def __post_init__(self) -> None:
        try:
            h: int | None = hash(tuple(getattr(self, f.name) for f in fields(self)))  # type: ignore[arg-type]
        except TypeError:
            h = None
        object.__setattr__(self, "_hash", h)

    def _cached_hash(self) -> int:
        h = self._hash
        if h is None:
            raise TypeError(f"unhashable action: {object.__repr__(self)}")
        return h

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), tuple(getattr(self, f.name) for f in fields(self))  # type: ignore[arg-type]

    def _repr_svg_(self) -> str:
        """Actions show as a small picture in Jupyter (the card and where it goes), drawn by
        `draw.action_svg` (registered by the package: draw reads this module)."""
        return picture_of(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, str]:
        """The picture as SVG and as an HTML <img> of it (which untrusted notebooks show)."""
        return svg_bundle(self._repr_svg_(), repr(self))


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
class Move(_Action):
    """One card to one place: a Move carries a single card [move.one-card]."""

    card: Card
    to: Spot

    __hash__ = _Action._cached_hash

    @property
    def notation(self) -> str:
        return f"{self.card.notation}>{self.to.notation}"

    def targets(self) -> tuple[str, ...]:
        where = "platform" if self.to.kind == "P" else "track"
        return (f"card:{self.card.notation}", f"{where}:{self.to.n}")

    def __str__(self) -> str:
        return f"Move {self.card} to {self.to}"


@dataclass(frozen=True, order=True)
class Discard(_Action):
    card: Card

    __hash__ = _Action._cached_hash

    @property
    def notation(self) -> str:
        return f"discard {self.card.notation}"

    def targets(self) -> tuple[str, ...]:
        return (f"card:{self.card.notation}", "discard")

    def __str__(self) -> str:
        return f"Discard {self.card}"


@dataclass(frozen=True, order=True)
class EndTurn(_Action):
    __hash__ = _Action._cached_hash

    @property
    def notation(self) -> str:
        return "end"

    def targets(self) -> tuple[str, ...]:
        return ("end",)

    def __str__(self) -> str:
        return "End the turn"


@dataclass(frozen=True, order=True)
class Draw(_Action):
    """Chance: the card that comes off the draw pile."""

    card: Card

    __hash__ = _Action._cached_hash

    @property
    def notation(self) -> str:
        return f"draw {self.card.notation}"

    def targets(self) -> tuple[str, ...]:
        return ("deck",)

    def __str__(self) -> str:
        return f"Draw {self.card}"


@dataclass(frozen=True, order=True)
class Coin(_Action):
    """Chance: whether a Quirky Queen's train leaves (50%)."""

    leaves: bool

    __hash__ = _Action._cached_hash

    @property
    def notation(self) -> str:
        return "leaves" if self.leaves else "stays"

    def targets(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return "The Queen's train leaves" if self.leaves else "The Queen's train stays"


Action = Move | Discard | EndTurn | Draw | Coin

# --- interned actions: every action the engine hands out, built once -------------------------
SPOTS: tuple[Spot, ...] = tuple(Spot(kind, n) for n in range(1, MAX_TRACKS + 1) for kind in "PT")
"""Every spot in the order candidates list them: P1, T1, P2, T2, ..."""
MOVES: tuple[tuple[Move, ...], ...] = tuple(tuple(Move(c, spot) for spot in SPOTS) for c in CARDS)
"""MOVES[card.key]: that card to every spot, in the order of SPOTS."""
TO_PLATFORM: tuple[tuple[Move, ...], ...] = tuple(m[0::2] for m in MOVES)
"""TO_PLATFORM[card.key][n - 1]: the card to platform n."""
TO_TRACK: tuple[tuple[Move, ...], ...] = tuple(m[1::2] for m in MOVES)
"""TO_TRACK[card.key][n - 1]: the card to track (the train on track) n."""
DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in CARDS)
DRAWS: tuple[Draw, ...] = tuple(Draw(c) for c in CARDS)
END = EndTurn()
LEAVES, STAYS = Coin(True), Coin(False)


def interned(action: Action) -> Action:
    """The engine's own object for `action` if it has one (an equal action, hashed once and
    compared by identity in legal sets), else `action` itself."""
    card = getattr(action, "card", None)
    if type(card) is not Card or card.key < 0 or CARDS[card.key] != card:
        return END if type(action) is EndTurn else action
    if type(action) is Move:
        to = action.to
        if type(to) is Spot and to.kind in ("P", "T") and type(to.n) is int and 1 <= to.n <= MAX_TRACKS:
            return MOVES[card.key][2 * to.n - 2 + (to.kind == "T")]
        return action
    if type(action) is Discard:
        return DISCARDS[card.key]
    if type(action) is Draw:
        return DRAWS[card.key]
    return action


_DIGITS = "0123456789"


def _move_parts(text: str) -> tuple[str, str, int] | None:
    """(card text, "P" or "T", n) if `text` reads as a Move ("7H>P2", "7h -> p2", "10♥ to T3"),
    else None. Read from the end by hand, one pass, so any input costs time linear in its
    length (a backtracking pattern was quadratic or worse on long runs of spaces)."""
    end = len(text)
    start = end
    while start > 0 and text[start - 1] in _DIGITS:
        start -= 1
    if start == end:
        return None
    n = int(text[start:end])
    k = start
    while k > 0 and text[k - 1].isspace():
        k -= 1
    if k == 0 or text[k - 1].upper() not in "PT":
        return None
    kind = text[k - 1].upper()
    head = text[: k - 1]
    rest = head.rstrip()
    if rest.endswith(">"):  # ">" or "->"
        card = rest[:-2] if rest.endswith("->") else rest[:-1]
    elif rest[-2:].lower() == "to" and len(rest) < len(head) and (len(rest) == 2 or not (
            rest[-3].isalnum() or rest[-3] == "_")):  # the word "to", spaces after it
        card = rest[:-2]
    else:
        return None
    card = card.strip()
    return (card, kind, n) if card else None


def parse(text: str) -> Action:
    """Read an action's notation (see the module docstring). Linear in the length of `text`.
    The action read is the engine's own object (see `interned`)."""
    return interned(_parse(text))


def _parse(text: str) -> Action:
    if not isinstance(text, str):
        raise InvalidNotation(text, f"{quote(text)} is not text: an action is written as text, "
                                    "like '7H>P2'")
    t = text.strip()
    low = t.lower()
    if low in ("end", "end turn", "pass", "done"):
        return END
    if low in ("leaves", "leave", "stays", "stay"):
        return LEAVES if low.startswith("leave") else STAYS
    for word, kind in (("discard", Discard), ("x", Discard), ("draw", Draw)):
        if low.startswith(word + " "):
            return kind(Card.parse(t[len(word) + 1:]))
    parts = _move_parts(t)
    if parts:
        card, spot, n = parts
        return Move(Card.parse(card), Spot(spot, n))
    try:  # a card alone names the card drawn: `force=["AS", "7H"]` queues draws
        return Draw(Card.parse(t))
    except InvalidNotation:
        pass
    raise InvalidNotation(t, f"{quote(t)} is not an action: write '7H>P2' (to platform 2), '7H>T2' "
                             "(aboard train 2), 'QS>T3' (Ticket Collector to track 3), "
                             "'discard 7H', 'end', 'draw 7H', 'leaves' or 'stays'")

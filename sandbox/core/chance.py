"""Chance as data: piles, bags and dice whose outcomes the match draws, records and can force.

A game keeps these in its state and asks them for the outcomes of a chance decision; the
`Match` samples one by its weight with its seeded dealer (never the state), records it as an
action, and a tutorial may force it instead ("suppose the die shows a Locked Train").

- `Pile`: cards face down, a known top over an unordered rest over the cards put under it.
  Cards put back on top (Isle of Trains solo) are drawn first and need no chance; the rest is
  drawn by chance, each distinct card weighted by its copies, kept sorted so that equal piles
  are equal whatever the order of events that made them; cards put under the pile (Traintopia's
  objective deck) come up last, in the order they went under, again with no chance.
- `Bag`: an unordered pile with no top (passengers, commuters).
- `Dice`: n dice with named faces. A roll of all of them is one outcome (`Roll`), sampled die
  by die; its outcomes are never listed (6^n of them), only sampled, weighed and checked.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sandbox.core.frozen import made

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True)
class Pile(Generic[T]):
    """Cards face down: `top` (last is the top card, order known) over `rest` (sorted: order
    unknown to everyone) over `under` (put under the pile: first is the first to come up)."""

    rest: tuple[T, ...] = ()
    top: tuple[T, ...] = ()
    under: tuple[T, ...] = ()

    @classmethod
    def of(cls, cards: Iterable[T]) -> Pile[T]:
        return cls(tuple(sorted(cards)))  # type: ignore[type-var]

    def __len__(self) -> int:
        return len(self.rest) + len(self.top) + len(self.under)

    def __bool__(self) -> bool:
        return bool(self.rest or self.top or self.under)

    def __contains__(self, card: object) -> bool:
        return card in self.top or card in self.rest or card in self.under

    @property
    def known(self) -> T | None:
        """The next card when its place is known (put back on top, or the first put under
        once the rest is drawn), else None."""
        if self.top:
            return self.top[-1]
        return self.under[0] if self.under and not self.rest else None

    def outcomes(self) -> tuple[tuple[T, float], ...]:
        """(card, probability) for the next draw: a known next card for sure, else every
        distinct card of the rest weighted by its copies, in sorted order."""
        known = self.known
        if known is not None:
            return ((known, 1.0),)
        counts = Counter(self.rest)
        total = len(self.rest)
        return tuple((card, counts[card] / total) for card in dict.fromkeys(self.rest))

    def sample(self, rng: random.Random) -> T:
        """The next card as the dealer draws it (the same as `rng.choices` over `outcomes`)."""
        if self.top:
            return self.top[-1]
        if not self.rest and self.under:
            return self.under[0]
        # `rest` is sorted, so each card's copies lie together and the card at a uniform index
        # is the very card `rng.choices` picks by weight from the same single `random()`
        return self.rest[int(rng.random() * len(self.rest))]

    def can_draw(self, card: object) -> bool:
        if self.top:
            return card == self.top[-1]
        return card in self.rest if self.rest else bool(self.under) and card == self.under[0]

    def without(self, card: T) -> Pile[T]:
        """The pile after `card` is drawn (from the top when the next card is known)."""
        if self.top or not self.rest:
            known = self.known
            if known is None:
                raise ValueError(f"the pile is empty: {card} cannot be drawn")
            if card != known:
                raise ValueError(f"the next card is {known}, not {card}")
            if self.top:
                return _pile(self.rest, self.top[:-1], self.under)
            return _pile((), (), self.under[1:])
        rest = self.rest
        i = bisect_left(rest, card)  # type: ignore[call-overload]
        if i < len(rest) and rest[i] == card:  # found by halving: the rest is kept sorted
            return _pile(rest[:i] + rest[i + 1:], (), self.under)
        left = list(rest)  # a pile made unsorted by hand: looked for card by card
        left.remove(card)
        return _pile(tuple(left), (), self.under)

    def on_top(self, card: T) -> Pile[T]:
        """The pile with `card` put back face down on top (its place is then known)."""
        return _pile(self.rest, (*self.top, card), self.under)

    def put_under(self, card: T) -> Pile[T]:
        """The pile with `card` put face down under it: it comes up after every card above."""
        return _pile(self.rest, self.top, (*self.under, card))

    def shuffled_in(self, cards: Iterable[T]) -> Pile[T]:
        """The pile with `cards` shuffled into it: nothing about the order is known any more."""
        return Pile(tuple(sorted((*self.rest, *self.top, *self.under, *cards))))  # type: ignore[type-var]

    def hidden(self, card: T) -> Pile[T]:
        """The pile as a player who cannot see it knows it: as many `card`s (a card back),
        except a top they saw put back; cards put under it are hidden too, as they go under
        face down."""
        return Pile((card,) * len(self.rest), self.top, (card,) * len(self.under))

    def cards(self) -> tuple[T, ...]:
        return (*self.under, *self.rest, *self.top)


def _pile(rest: tuple[T, ...], top: tuple[T, ...], under: tuple[T, ...]) -> Pile[T]:
    """`Pile(rest, top, under)`, made directly (`made`): a draw makes a pile at nearly every
    chance step."""
    return made(Pile, {"rest": rest, "top": top, "under": under})


Bag = Pile
"""A bag is a pile nobody ever puts anything on top of."""


@dataclass(frozen=True, order=True)
class Die:
    """A die: its faces by name (a face may repeat)."""

    name: str
    faces: tuple[str, ...]


@dataclass(frozen=True, order=True)
class Roll:
    """Chance: the faces a roll shows, one per die in the order rolled."""

    faces: tuple[str, ...]

    @property
    def notation(self) -> str:
        return "roll " + " ".join(self.faces)

    def __str__(self) -> str:
        return "Roll: " + ", ".join(self.faces)


@dataclass(frozen=True)
class Dice:
    """Dice rolled together: one `Roll` is one outcome."""

    dice: tuple[Die, ...]

    def sample(self, rng: random.Random) -> Roll:
        return Roll(tuple(rng.choice(d.faces) for d in self.dice))

    def weight(self, roll: Roll) -> float:
        """The probability of `roll` (0 if it cannot happen)."""
        if len(roll.faces) != len(self.dice):
            return 0.0
        p = 1.0
        for die, face in zip(self.dice, roll.faces):
            p *= die.faces.count(face) / len(die.faces)
        return p

    def check(self, roll: Any) -> str:
        """Why `roll` cannot be a roll of these dice ("" if it can)."""
        if not isinstance(roll, Roll) or not isinstance(roll.faces, tuple):
            return f"{roll!r} is not a roll of the dice"
        if len(roll.faces) != len(self.dice):
            return f"{len(self.dice)} dice are rolled, not {len(roll.faces)}"
        for i, (die, face) in enumerate(zip(self.dice, roll.faces), 1):
            if face not in die.faces:
                faces = ", ".join(sorted(set(die.faces)))
                return f"die {i} ({die.name}) has no face {face!r}: its faces are {faces}"
        return ""


def weighted(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """One outcome drawn by its weight."""
    options, weights = zip(*outcomes)
    return rng.choices(options, weights)[0]

"""The standard 54-card deck and the role each card plays in Everyone On Board‽.

Rulebook, "Card Roles": 5-10 are Passengers, J/Q/K Ticket Collectors, Aces and Jokers All
Aboard! cards, 2-4 Train Cards (set aside to show who controls a Ticket Collector).
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import attrgetter

from sandbox.core.errors import InvalidNotation, quote

SUITS = "SHDC"
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FROM_SYMBOL = {v: k for k, v in SYMBOL.items()}
RANK_NAME = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKER, HIDDEN_RANK = 0, -1

_KEYS: dict[tuple[object, object], int] = {}
"""(rank, suit) -> key, for the 54 cards and the face-down card (filled below)."""


@dataclass(frozen=True, order=True)
class Card:
    """A card. Jokers have rank 0 and suit "1" or "2"; a face-down card has rank -1.

    `key` numbers the 54 cards and the face-down card 0-54 in card order (it is no part of
    equality, order or hash): the engine's tables of interned actions are indexed by it, and
    cards sort by it in C (`BY_KEY`). Anything else built as a Card has key -1."""

    rank: int
    suit: str
    key: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            key = _KEYS.get((self.rank, self.suit), -1)
        except TypeError:  # a malformed card (an unhashable field): no card of the deck
            key = -1
        object.__setattr__(self, "key", key)

    @property
    def is_hidden(self) -> bool:
        return self.rank == HIDDEN_RANK

    @property
    def is_passenger(self) -> bool:
        return 5 <= self.rank <= 10

    @property
    def is_collector(self) -> bool:
        return self.rank in (11, 12, 13)

    @property
    def is_all_aboard(self) -> bool:
        return self.rank in (JOKER, 1)

    @property
    def is_train_card(self) -> bool:
        return self.rank in (2, 3, 4)

    @property
    def is_red(self) -> bool:
        return self.suit in "HD"

    @property
    def role(self) -> str:
        if self.is_passenger:
            return "Passenger"
        if self.is_collector:
            return {11: "Ticket Collector (Jerky Jack)", 12: "Ticket Collector (Quirky Queen)",
                    13: "Ticket Collector (Kind King)"}[self.rank]
        if self.is_all_aboard:
            return "All Aboard! card"
        if self.is_train_card:
            return "Train Card"
        return "face-down card"

    @property
    def notation(self) -> str:
        if self.is_hidden:
            return "??"
        if self.rank == JOKER:
            return f"JK{self.suit}"
        return f"{RANK_NAME.get(self.rank, self.rank)}{self.suit}"

    def __str__(self) -> str:
        """The card as a player reads it: "7♥", "Q♠", "Joker". The two Jokers are the same in
        play, so they read the same; their notation (JK1, JK2) tells them apart in saves."""
        if self.is_hidden:
            return "??"
        if self.rank == JOKER:
            return "Joker"
        return f"{RANK_NAME.get(self.rank, self.rank)}{SYMBOL[self.suit]}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read "7H", "10♥", "TH", "qs", "JK1" (a Joker) or "??"."""
        raw = text.strip()
        t = raw.upper()
        if t == "??":
            return HIDDEN
        m = re.fullmatch(r"(?:JK|JOKER|\*)\s*([12])", t)
        if m:
            return CARDS[_KEYS[JOKER, m.group(1)]]
        if t in ("JK", "JOKER", "*"):
            raise InvalidNotation(raw, f"{quote(raw)} names either Joker: write JK1 or JK2")
        m = re.fullmatch(r"(10|[2-9AJQKT])\s*([SHDC♠♥♦♣])", t)
        if not m:
            raise InvalidNotation(raw, f"{quote(raw)} is not a card: write rank then suit, like "
                                       "7H, 10S, QD, AC, or JK1 for a Joker")
        rank_text, suit = m.groups()
        rank = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}.get(rank_text) or int(rank_text)
        return CARDS[_KEYS[rank, FROM_SYMBOL.get(suit, suit)]]


def _numbered() -> tuple[Card, ...]:
    """The face-down card and the 54 cards, once each, in card order, numbered by `key`."""
    faces = [(HIDDEN_RANK, "?"), (JOKER, "1"), (JOKER, "2")]
    faces += [(rank, suit) for suit in SUITS for rank in range(1, 14)]
    for key, face in enumerate(sorted(faces)):
        _KEYS[face] = key
    return tuple(Card(rank, suit) for rank, suit in sorted(faces))


CARDS: tuple[Card, ...] = _numbered()
"""Every card once (the face-down card first), indexed by `key`: `Card.parse` hands these out."""
NOTATIONS: tuple[str, ...] = tuple(c.notation for c in CARDS)
"""NOTATIONS[card.key]: the card's notation, written once (events carry it as data)."""
BY_KEY = attrgetter("key")
"""Sort cards with `key=BY_KEY`: the same order as comparing cards, without calling Python."""
HIDDEN = CARDS[0]

FULL_DECK: tuple[Card, ...] = tuple(
    [CARDS[_KEYS[rank, suit]] for suit in SUITS for rank in range(1, 14)]
    + [CARDS[_KEYS[JOKER, "1"]], CARDS[_KEYS[JOKER, "2"]]]
)
"""All 54 cards: four suits of A-K and two Jokers [setup.deck]."""

TRAIN_CARDS: tuple[Card, ...] = tuple(c for c in FULL_DECK if c.is_train_card)
PLAY_DECK: tuple[Card, ...] = tuple(sorted(c for c in FULL_DECK if not c.is_train_card))
"""The 42 cards shuffled for play once the 2s, 3s and 4s are set aside."""


# --- sorted piles (hands, platforms, the draw pile): kept in card order, searched by bisection ---
def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """`cards` in card order."""
    return tuple(sorted(cards, key=BY_KEY))


def with_card(pile: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted `pile` with `card` put in its place."""
    out = list(pile)
    insort(out, card, key=BY_KEY)
    return tuple(out)


def without_card(pile: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted `pile` without `card` (found by bisection; by a scan if the pile is not
    sorted)."""
    i = bisect_left(pile, card.key, key=BY_KEY)
    if i == len(pile) or (pile[i] is not card and pile[i] != card):
        i = pile.index(card)
    return pile[:i] + pile[i + 1:]


def holds(pile: tuple[Card, ...], card: Card) -> bool:
    """Whether the sorted `pile` holds `card`."""
    i = bisect_left(pile, card.key, key=BY_KEY)
    return i < len(pile) and (pile[i] is card or pile[i] == card)

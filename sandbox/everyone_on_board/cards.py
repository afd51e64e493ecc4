"""The standard 54-card deck and the role each card plays in Everyone On Board‽.

Rulebook, "Card Roles": 5-10 are Passengers, J/Q/K Ticket Collectors, Aces and Jokers All
Aboard! cards, 2-4 Train Cards (set aside to show who controls a Ticket Collector).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sandbox.core.errors import InvalidNotation

SUITS = "SHDC"
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FROM_SYMBOL = {v: k for k, v in SYMBOL.items()}
RANK_NAME = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKER, HIDDEN_RANK = 0, -1


@dataclass(frozen=True, order=True)
class Card:
    """A card. Jokers have rank 0 and suit "1" or "2"; a face-down card has rank -1."""

    rank: int
    suit: str

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
        if self.is_hidden:
            return "??"
        if self.rank == JOKER:
            return f"Joker{self.suit}"
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
            return cls(JOKER, m.group(1))
        m = re.fullmatch(r"(10|[2-9AJQKT])\s*([SHDC♠♥♦♣])", t)
        if not m:
            raise InvalidNotation(raw, f"{raw!r} is not a card: write rank then suit, like 7H, "
                                       "10S, QD, AC, or JK1 for a Joker")
        rank_text, suit = m.groups()
        rank = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}.get(rank_text) or int(rank_text)
        return cls(rank, FROM_SYMBOL.get(suit, suit))


HIDDEN = Card(HIDDEN_RANK, "?")

FULL_DECK: tuple[Card, ...] = tuple(
    [Card(rank, suit) for suit in SUITS for rank in range(1, 14)] + [Card(JOKER, "1"), Card(JOKER, "2")]
)
"""All 54 cards: four suits of A-K and two Jokers [setup.deck]."""

TRAIN_CARDS: tuple[Card, ...] = tuple(c for c in FULL_DECK if c.is_train_card)
PLAY_DECK: tuple[Card, ...] = tuple(sorted(c for c in FULL_DECK if not c.is_train_card))
"""The 42 cards shuffled for play once the 2s, 3s and 4s are set aside."""

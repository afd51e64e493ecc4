"""The pending decision: who decides next, what they are asked, and under which rule."""

from __future__ import annotations

from dataclasses import dataclass

CHANCE = 0
"""The seat of chance (the dealer, the coin). Players are numbered from 1."""


@dataclass(frozen=True)
class Pending:
    player: int | None  # a player (1..n), CHANCE, or None once the game is over
    kind: str  # a short name for the decision: "move", "discard", "draw", ...
    prompt: str
    rule: str
    options: tuple[object, ...] = ()
    chances: tuple[float, ...] = ()  # with CHANCE: the probability of each option

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE

    def __str__(self) -> str:
        who = "chance: " if self.is_chance else ""  # a player's prompt already names them
        return f"{who}{self.prompt} [{self.rule}] ({len(self.options)} options)"

"""A game's setup: the player count and the readings chosen where the rulebook is open (each
switch is explained by its ruling in `rulebook.RULINGS`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from sandbox.core.switches import RulingsConfig, Switches

TITLE = "Traintopia"


@dataclass(frozen=True)
class Rulings(Switches):
    """Switches for ambiguous or missing passages (see `rulebook.RULINGS`), the default first."""

    TITLE: ClassVar[str] = TITLE

    districts: str = "rail-cells"  # or "tiles": every district on a tile the track crosses counts
    discard_tiles: str = "unplaceable"  # or "always": a drafted tile may be discarded for 1 VP
    objectives: str = "all-or-nothing"  # or "off": objective cards score nothing (the English text)
    tiebreak: str = "shared"  # or "turn-order": tied players are split by the last round's order
    special_actions: str = "once-each"  # or "repeat": a turn's 3 tokens may repeat a money action

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "districts": ("rail-cells", "tiles"),
        "discard_tiles": ("unplaceable", "always"),
        "objectives": ("all-or-nothing", "off"),
        "tiebreak": ("shared", "turn-order"),
        "special_actions": ("once-each", "repeat"),
    }


@dataclass(frozen=True)
class Config(RulingsConfig):
    """2-4 players and the rulings."""

    SWITCHES: ClassVar[type[Switches]] = Rulings
    PLAYERS: ClassVar[tuple[int, int]] = (2, 4)
    TITLE: ClassVar[str] = TITLE

    players: int
    rulings: Rulings = field(default_factory=Rulings)

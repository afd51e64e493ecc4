"""How a game's rulebook is written down: rules the engine cites, and rulings where it is open.

Every event and every refusal names a `Rule` id, so a reader can go from what happened to the
rulebook's own words. A `Ruling` records a passage that is silent or ambiguous: the choice made,
why, and the switch (a field of the game's `Rulings`) that picks another reading.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    id: str
    section: str
    passage: str


@dataclass(frozen=True)
class Ruling:
    id: str
    passage: str
    choice: str
    why: str
    switch: str = ""  # the Rulings field that selects another reading, if any

"""What a bot is: anything with a `name` that, handed a state and a player, returns a `Choice`
(the action and a one-line reason, shown in the log).

It sits in the core, below the match and the playthroughs that seat bots, so they name a bot
without importing the bots themselves (`sandbox.bots`, which re-exports both names).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Choice:
    action: Any
    reason: str


class Bot(Protocol):
    name: str

    def choose(self, state: Any, player: int) -> Choice: ...

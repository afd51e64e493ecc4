"""A one-player toy game for the contract tests: `players=1` through matches, saves, views,
bots and the stepper, before a real solo mode exists.

"Ten": twelve cards (1-4, three of each) lie face down in an unordered pile. The player draws
(a chance decision: which card comes off the pile) or stops. Reaching exactly 10 wins at once;
going over loses at once; stopping below 10 loses. The rating names how close the player came.
It is registered unlisted: `sandbox.get_game("ten")` finds it, `sandbox.games()` does not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from sandbox.core import Event, Outcome, Pending
from sandbox.core.errors import InvalidNotation, Violation, quote
from sandbox.core.pending import CHANCE
from sandbox.core.registry import GameInfo, Golden, register
from sandbox.core.state import GameState, evolve

PILE = tuple(sorted([1, 2, 3, 4] * 3))
GOAL = 10


@dataclass(frozen=True, order=True)
class Draw:
    @property
    def notation(self) -> str:
        return "draw"

    def __str__(self) -> str:
        return "Draw a card"


@dataclass(frozen=True, order=True)
class Stop:
    @property
    def notation(self) -> str:
        return "stop"

    def __str__(self) -> str:
        return "Stop"


@dataclass(frozen=True, order=True)
class Card:
    """Chance: the card that comes off the pile."""

    value: int

    @property
    def notation(self) -> str:
        return f"card {self.value}"

    def __str__(self) -> str:
        return f"a {self.value} comes off the pile"


@dataclass(frozen=True)
class Config:
    players: int = 1

    def __post_init__(self) -> None:
        if self.players != 1:
            raise ValueError(f"Ten is a solo game, not for {self.players} players")

    @classmethod
    def make(cls, players: int, **options: Any) -> Config:
        if options:
            raise ValueError(f"Ten has no options (got {', '.join(options)})")
        return cls(players)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        if set(data) != {"players"}:
            raise ValueError("Ten's config is {'players': 1}")
        return cls(data["players"])

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players}

    def describe(self) -> str:
        return "1 player"


@dataclass(frozen=True)
class State(GameState[Any, Config]):
    config: Config
    pile: tuple[int, ...] = PILE
    total: int = 0
    drawing: bool = False  # a card is coming off the pile
    stopped: bool = False
    seen_by: int | None = None

    game_id: ClassVar[str] = "ten"
    title: ClassVar[str] = "Ten (a solo toy)"
    chance_actions: ClassVar[tuple[type, ...]] = (Card,)

    @classmethod
    def start(cls, config: Config) -> State:
        return cls(config)

    @property
    def over(self) -> bool:
        return self.stopped or self.total >= GOAL or (not self.pile and not self.drawing)

    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        return CHANCE if self.drawing else 1

    @property
    def pending(self) -> Pending:
        if self.over:
            return Pending(None, "over", "The game is over", "ten.end")
        if self.drawing:
            options = tuple(Card(v) for v in dict.fromkeys(self.pile))
            return Pending(CHANCE, "draw", "A card comes off the pile", "ten.draw", options,
                           tuple(self.pile.count(c.value) / len(self.pile) for c in options))
        return Pending(1, "turn", f"P1: total {self.total}: draw or stop", "ten.turn", self.legal_actions)

    def candidate_actions(self) -> list[Any]:
        if self.drawing:
            return [Card(v) for v in dict.fromkeys(self.pile)]
        return [Draw(), Stop()]

    def _violations(self, action: Any) -> list[Violation]:
        if self.over:
            return [Violation("ten.end", "the game is over")]
        if isinstance(action, Card):
            if not self.drawing:
                return [Violation("ten.draw", "no card is being drawn now")]
            if action.value not in self.pile:
                return [Violation("ten.draw", f"no {action.value} is left in the pile")]
            return []
        if self.drawing:
            return [Violation("ten.draw", "a card is coming off the pile first")]
        if isinstance(action, Draw) and not self.pile:
            return [Violation("ten.draw", "the pile is empty")]
        if isinstance(action, (Draw, Stop)):
            return []
        return [Violation("notation", f"{action!r} is not an action of Ten")]

    def forcing_violations(self, outcome: Any) -> list[Violation]:
        out = super().forcing_violations(outcome)
        if not out and outcome.value not in self.pile:
            out.append(Violation("ten.draw", f"no {outcome.value} is left in the pile"))
        return out

    def _transition(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        if isinstance(action, Draw):
            return evolve(self, drawing=True), (Event("draw", "P1 draws", "ten.turn", 1),)
        if isinstance(action, Stop):
            return evolve(self, stopped=True), (Event("stop", f"P1 stops at {self.total}", "ten.turn", 1),)
        pile = list(self.pile)
        pile.remove(action.value)
        total = self.total + action.value
        events = [Event.lazy("card", "A {} comes off the pile: total {}", action.value, total,
                             rule="ten.draw", actor=CHANCE)]
        return evolve(self, pile=tuple(pile), total=total, drawing=False), tuple(events)

    def parse(self, text: str) -> Any:
        t = text.strip().lower()
        if t in ("draw", "stop"):
            return Draw() if t == "draw" else Stop()
        m = re.fullmatch(r"(?:card\s+)?([1-4])", t)
        if m:
            return Card(int(m.group(1)))
        raise InvalidNotation(text, f"{quote(text)} is not an action of Ten: 'draw', 'stop' or 'card 3'")

    def view(self, player: int | None) -> State:
        return self if not self.wants_view(player, self.config.players) else evolve(self, seen_by=player)

    def determinize(self, rng: Any) -> State:
        return evolve(self, seen_by=None)  # the pile's make-up is known to all; its order to none

    @property
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        won = self.total == GOAL
        rating = "exact" if won else ("bust" if self.total > GOAL else f"short by {GOAL - self.total}")
        return Outcome(winners=(1,) if won else (), scores={1: self.total},
                       breakdown={1: (("cards drawn", self.total),)}, reason=f"total {self.total}",
                       rule="ten.end", results={1: "win" if won else "loss"}, rating=rating,
                       goal=f"a total of exactly {GOAL}")

    def scores(self, viewer: int | None = None) -> dict[int, int] | None:
        return {1: self.total}

    def picture_size(self) -> tuple[int, int]:
        return 240, 80

    def draw(self, painter: Any, viewer: int | None = None) -> None:
        painter.rect(0, 0, 240, 80, fill="#f4f1e8")
        painter.text(10, 30, f"Total {self.total} of {GOAL}", size=16)
        painter.rect(170, 10, 40, 56, fill="#34495e", radius=4)
        painter.hotspot(170, 10, 40, 56, "pile")
        painter.text(190, 75, f"{len(self.pile)} left", size=9, anchor="middle")

    def targets(self, action: Any) -> tuple[str, ...]:
        return ("pile",) if isinstance(action, Draw) else ()

    def __str__(self) -> str:
        return f"Ten: total {self.total}, {len(self.pile)} cards in the pile"


RULES = {"ten.turn": None, "ten.draw": None, "ten.end": None}
GAME = GameInfo(
    "ten", "Ten (a solo toy)", (1, 1), "", "playable (tests only)", Config.make, Config.from_dict,
    State.start, goldens={"ten_solo": Golden(1, 3, ("random:1",), "a solo toy game")}, listed=False)
register(GAME)

"""A toy game for the search's tests: twelve rounds, each a choice worth 0, 1 or 2 points.

`Rounds` is solo (longer than a rollout, so most playouts end unfinished; rated, as the
Challenge is, or won at `objective` points); `Behind` seats a rival 100 points ahead who never
moves, so every game is lost, by more or by less."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sandbox.core import Outcome

GAINS = {"nothing": 0, "one": 1, "two": 2}
RIVAL = 100
"""Behind's rival's points."""


@dataclass(frozen=True)
class Config:
    players: int = 1


@dataclass(frozen=True)
class Rounds:
    """Twelve rounds; each round the player takes 0, 1 or 2 points. Rated: the outcome names a
    band, as the Challenge does; with `objective`, the game is won at that many points instead,
    and ends there."""

    points: int = 0
    left: int = 12
    objective: int | None = None
    config: Config = Config()
    simultaneous = False

    @property
    def is_over(self) -> bool:
        return self.left == 0 or (self.objective is not None and self.points >= self.objective)

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else 1

    def legal_actions_for(self, player: int) -> list[str]:
        return [] if self.is_over else list(GAINS)  # the best option last: ties go to the first

    def apply(self, action: str) -> tuple[Any, tuple[()]]:
        return replace(self, points=self.points + GAINS[action], left=self.left - 1), ()

    def determinize(self, rng: Any) -> Any:
        return self

    def alike(self, action: str) -> None:
        return None

    def describe(self, action: str, viewer: int | None = None) -> str:
        return action

    def assess(self, player: int) -> dict[str, float]:
        return {"points": float(self.points)}

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        if self.objective is None:
            return Outcome(winners=(), scores={1: self.points}, breakdown={1: ()}, reason="done",
                           rule="toy.end", rating="rated")
        won = self.points >= self.objective
        return Outcome(winners=(1,) if won else (), scores={1: self.points}, breakdown={1: ()},
                       reason="done", rule="toy.end")


@dataclass(frozen=True)
class Behind(Rounds):
    """P1, RIVAL points behind P2 (who never moves), plays the twelve rounds: every game is lost."""

    config: Config = Config(players=2)

    def assess(self, player: int) -> dict[str, float]:
        return {"points": float(self.points if player == 1 else RIVAL)}

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return Outcome(winners=(2,), scores={1: self.points, 2: RIVAL}, breakdown={1: (), 2: ()},
                       reason="done", rule="toy.end")

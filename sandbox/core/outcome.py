"""How a game ended: each player's result, every breakdown, the rule that ended it, the tie-break.

`results` says per player "win", "shared win" or "loss" (worked out from `winners` unless the
game says otherwise). A solo game has one player who wins or loses against a `goal`, and may
carry a `rating` (Isle of Trains' Challenge: "Freeloader" ... "Island Conductor").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

WIN, SHARED, LOSS = "win", "shared win", "loss"


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]
    scores: Mapping[int, int]
    breakdown: Mapping[int, tuple[tuple[str, int], ...]]
    reason: str
    rule: str
    tiebreak: str = ""
    results: Mapping[int, str] = field(default_factory=dict)
    rating: str = ""  # a band the score reaches, where the game rates solo play
    goal: str = ""  # what a solo player had to reach

    def __post_init__(self) -> None:
        if not self.results:
            shared = len(self.winners) > 1
            object.__setattr__(self, "results", {
                p: (SHARED if shared else WIN) if p in self.winners else LOSS for p in self.scores})

    def result(self, player: int) -> str:
        return self.results.get(player, LOSS)

    def __str__(self) -> str:
        lines = [f"Game over: {self.reason} [{self.rule}]"]
        if self.goal:
            lines.append(f"Goal: {self.goal}")
        if len(self.scores) == 1:
            (player,) = self.scores
            lines.append(f"P{player}: {self.result(player)}")
        else:
            names = ", ".join(f"P{p}" for p in self.winners)
            lines.append(f"Winner{'s' * (len(self.winners) > 1)}: {names}" if names else "No winner")
        if self.rating:
            lines.append(f"Rating: {self.rating}")
        if self.tiebreak:
            lines.append(f"Tie-break: {self.tiebreak}")
        for player, total in self.scores.items():
            parts = " + ".join(f"{points} ({label})" for label, points in self.breakdown[player]) or "0"
            lines.append(f"  P{player}: {total} = {parts}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "winners": list(self.winners),
            "scores": {str(p): s for p, s in self.scores.items()},
            "breakdown": {str(p): [list(x) for x in b] for p, b in self.breakdown.items()},
            "reason": self.reason,
            "rule": self.rule,
            "tiebreak": self.tiebreak,
            "results": {str(p): r for p, r in self.results.items()},
        }
        if self.rating:
            out["rating"] = self.rating
        if self.goal:
            out["goal"] = self.goal
        return out

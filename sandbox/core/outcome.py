"""How a game ended: winners, every player's breakdown, the rule that ended it, the tie-break."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]
    scores: dict[int, int]
    breakdown: dict[int, tuple[tuple[str, int], ...]]
    reason: str
    rule: str
    tiebreak: str = ""

    def __str__(self) -> str:
        names = ", ".join(f"P{p}" for p in self.winners)
        lines = [f"Game over: {self.reason} [{self.rule}]", f"Winner{'s' * (len(self.winners) > 1)}: {names}"]
        if self.tiebreak:
            lines.append(f"Tie-break: {self.tiebreak}")
        for player, total in self.scores.items():
            parts = " + ".join(f"{points} ({label})" for label, points in self.breakdown[player]) or "0"
            lines.append(f"  P{player}: {total} = {parts}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        return {
            "winners": list(self.winners),
            "scores": {str(p): s for p, s in self.scores.items()},
            "breakdown": {str(p): [list(x) for x in b] for p, b in self.breakdown.items()},
            "reason": self.reason,
            "rule": self.rule,
            "tiebreak": self.tiebreak,
        }

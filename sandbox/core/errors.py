"""Errors and verdicts: every refusal names the rule it enforces.

A `Verdict` is what `explain()` answers; `IllegalAction` is what `play()` raises with the
same violations, so the reason a user reads is the reason the engine used.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One rule an action breaks: the rule's id (see the game's rulebook map) and the numbers."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"


@dataclass(frozen=True)
class Verdict:
    """The answer to "may I do this now?": ok, or every rule broken."""

    action: object
    violations: tuple[Violation, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.violations

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if self.ok:
            return f"{self.action}: allowed"
        lines = [f"{self.action}: not allowed"]
        lines += [f"  - {v}" for v in self.violations]
        return "\n".join(lines)


class IllegalAction(ValueError):
    """An action that breaks a rule now. The game it was offered to is left unchanged."""

    def __init__(self, action: object, violations: tuple[Violation, ...]) -> None:
        self.action = action
        self.violations = tuple(violations)
        reasons = "; ".join(str(v) for v in self.violations)
        super().__init__(f"illegal action {action}: {reasons}")


class InvalidNotation(IllegalAction):
    """Text that does not read as an action of this game (a typo rather than a rule broken)."""

    def __init__(self, text: str, why: str) -> None:
        self.text = text
        super().__init__(repr(text), (Violation("notation", why),))


class LoadError(ValueError):
    """A saved game that cannot be loaded back exactly; the message says why."""

"""Errors and verdicts: every refusal names the rule it enforces.

A `Verdict` is what `explain()` answers; `IllegalAction` is what `play()` raises with the
same violations, so the reason a user reads is the reason the engine used. Text quoted back in a
message is cut (`quote`), so a megabyte of input never becomes a megabyte of error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

QUOTE_LIMIT = 40
"""Characters of a user's text quoted back in a message; the rest is summarised."""
MESSAGE_LIMIT = 400
"""Characters of one reason printed (a rule's own words are far shorter): a reason that quotes
a hand-built action's overlong value uncut is cut here, so no refusal prints a megabyte."""


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """`text` as a short quotation: its repr, cut after `limit` characters with the length."""
    if not isinstance(text, str):
        shown = repr(text)
        return shown if len(shown) <= limit else f"{shown[:limit]}… ({type(text).__name__})"
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


@dataclass(frozen=True)
class Violation:
    """One rule an action breaks: the rule's id (see the game's rulebook map), the message with
    the numbers, and the numbers themselves as data (e.g. {"cost": 6, "payable": 4}) for code
    that reads refusals instead of printing them."""

    rule: str
    message: str
    data: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), compare=False)

    def __str__(self) -> str:
        message = self.message if len(self.message) <= MESSAGE_LIMIT else self.message[:MESSAGE_LIMIT] + "…"
        return f"{message} [{self.rule}]"


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
        action = shown(self.action, 5 * QUOTE_LIMIT)  # a malformed action may not even print
        if self.ok:
            return f"{action}: allowed"
        lines = [f"{action}: not allowed"]
        lines += [f"  - {v}" for v in self.violations]
        return "\n".join(lines)


class IllegalAction(ValueError):
    """An action that breaks a rule now. The game it was offered to is left unchanged."""

    def __init__(self, action: object, violations: tuple[Violation, ...]) -> None:
        self.action = action
        self.violations = tuple(violations)
        reasons = "; ".join(str(v) for v in self.violations)
        super().__init__(f"illegal action {shown(action)}: {reasons}")


def shown(action: object, limit: int = 2 * QUOTE_LIMIT) -> str:
    """An action as quoted in a refusal: its text, cut after `limit` characters, even when the
    object is malformed."""
    try:
        text = str(action)
    except Exception:  # a malformed action object may not even print
        text = _fields(action)
    return text if len(text) <= limit else text[:limit] + "…"


def _fields(action: object) -> str:
    """A malformed action by its type and fields, 'Reveal(item=True)': the same text in every
    run (never a memory address)."""
    names = getattr(action, "__dataclass_fields__", None) or ()
    parts = []
    for name in names:
        try:
            parts.append(f"{name}={quote(getattr(action, name, None))}")
        except Exception:
            parts.append(f"{name}=?")
    return f"{type(action).__name__}({', '.join(parts)})"


class InvalidNotation(IllegalAction):
    """Text that does not read as an action of this game (a typo rather than a rule broken).

    `why` is the whole message (it quotes the text with `quote`), so the input is never repeated."""

    def __init__(self, text: object, why: str) -> None:
        self.text = text if not isinstance(text, str) or len(text) <= 4 * QUOTE_LIMIT else quote(text)
        self.action = self.text
        self.violations = (Violation("notation", why),)
        ValueError.__init__(self, f"{why} [notation]")


class LoadError(ValueError):
    """A saved game that cannot be loaded back exactly; the message says why."""

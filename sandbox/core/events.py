"""Events: the explained narrative of every transition.

Each event names the rule it applies. An event that shows a secret (a card drawn into a hand)
carries the text everyone else sees, so a log can be read from any seat without leaking.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    text: str
    rule: str = ""
    actor: int | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    secret_for: int | None = None
    public_text: str = ""

    def text_for(self, viewer: int | None = None) -> str:
        """The text as `viewer` may read it (None: the whole table, nothing hidden)."""
        if self.secret_for is None or viewer is None or viewer == self.secret_for:
            return self.text
        return self.public_text

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        hidden = not (self.secret_for is None or viewer is None or viewer == self.secret_for)
        return {
            "kind": self.kind,
            "actor": self.actor,
            "rule": self.rule,
            "text": self.text_for(viewer),
            "data": {} if hidden else dict(self.data),
        }

    def __str__(self) -> str:
        return self.text

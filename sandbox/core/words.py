"""Words for counts, shared by every game's messages, events and pictures."""

from __future__ import annotations


def plural(n: int, word: str, many: str = "") -> str:
    """'1 card', '2 cards' (`many` for an irregular plural: plural(n, "die", "dice")): every
    count in a text reads right."""
    return f"{n} {word if n == 1 else many or word + 's'}"

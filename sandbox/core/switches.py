"""A game's rulings switches: where a rulebook is open, each reading a field with its values.

A game declares a frozen dataclass of string fields (the default reading first) that subclasses
`Switches` and lists every field's values in `CHOICES`; it is then checked when made, lists
itself in messages and is read from keyword options with an error naming what is unknown.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, ClassVar

from sandbox.core.errors import quote

if TYPE_CHECKING:
    from typing_extensions import Self


class Switches:
    """Validation and messages for a frozen dataclass of rulings switches."""

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {}
    TITLE: ClassVar[str] = "this game"  # the game's title, for messages

    def __post_init__(self) -> None:
        for name, choices in self.CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in choices:
                raise ValueError(f"the {name} ruling is {either(choices)}, not {quote(value)}")

    @classmethod
    def options(cls) -> str:
        """Every option and its values, the default first: for messages."""
        return "; ".join(f"{name}={either(choices)}" for name, choices in cls.CHOICES.items())

    @classmethod
    def make(cls, options: dict[str, Any], where: str | None = None) -> Self:
        """The switches from keyword options; ValueError names an unknown option and lists them all."""
        known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        if unknown := [k for k in options if k not in known]:
            names = ", ".join(quote(k) for k in unknown)
            raise ValueError(f"{where or cls.TITLE} has no option {names}; its options (default first) "
                             f"are: {cls.options()}")
        return cls(**options)


def either(choices: tuple[str, ...]) -> str:
    """"'a' or 'b'": the values of a switch, for messages."""
    return " or ".join(repr(c) for c in choices)

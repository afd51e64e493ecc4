"""A game's rulings switches: where a rulebook is open, each reading a field with its values.

A game declares a frozen dataclass of string fields (the default reading first) that subclasses
`Switches` and lists every field's values in `CHOICES`; it is then checked when made, lists
itself in messages and is read from keyword options with an error naming what is unknown.
"""

from __future__ import annotations

from dataclasses import asdict, fields
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


class RulingsConfig:
    """A game's config made of a player count and its `Switches` (`rulings`): the checks, the
    keyword constructor, the JSON form and the one-line description every such game shares.

    A game declares a frozen dataclass with fields `players` and `rulings` (default factory: its
    switches class), subclassing this and naming `SWITCHES`, `PLAYERS` (fewest, most) and `TITLE`."""

    SWITCHES: ClassVar[type[Switches]]
    PLAYERS: ClassVar[tuple[int, int]]
    TITLE: ClassVar[str]
    players: int
    rulings: Any

    def __post_init__(self) -> None:
        n, (lo, hi) = self.players, self.PLAYERS
        if isinstance(n, bool) or not isinstance(n, int) or not lo <= n <= hi:
            raise ValueError(f"{self.TITLE} is for {lo}-{hi} players, not {quote(n)}")

    @classmethod
    def make(cls, players: int, **rulings: Any) -> Self:
        """`players` and the rulings by name: `Config.make(4, some_switch="other-reading")`."""
        return cls(players, cls.SWITCHES.make(rulings))  # type: ignore[call-arg]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        if not isinstance(data, dict) or "players" not in data:
            raise ValueError(f"a config is {{'players': n, 'rulings': {{...}}}}, not {quote(data)}")
        if unknown := [k for k in data if k not in ("players", "rulings")]:
            names = ", ".join(map(quote, unknown))
            raise ValueError(f"a config has only 'players' and 'rulings', not {names}")
        rulings = data.get("rulings", {})
        if not isinstance(rulings, dict):
            raise ValueError(f"the rulings are a dict of options ({cls.SWITCHES.options()}), "
                             f"not {quote(rulings)}")
        return cls(data["players"], cls.SWITCHES.make(rulings))  # type: ignore[call-arg]

    def describe(self) -> str:
        choices = self.SWITCHES.CHOICES
        changed = [f"{k}={v}" for k, v in asdict(self.rulings).items() if v != choices[k][0]]
        return f"{self.players} players" + (", " + ", ".join(changed) if changed else "")

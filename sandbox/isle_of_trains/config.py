"""A game's setup: the player count and the readings chosen where the rulebook is open."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar

from sandbox.core.errors import quote


@dataclass(frozen=True)
class Rulings:
    """Switches for ambiguous passages (see `rulebook.RULINGS`)."""

    town_hall: str = "passenger-spaces"  # or "passenger-icons": cabooses' build icons count too
    upgrade_load: str = "keep"  # or "discard": an upgraded car's loads go with it
    end_check: str = "after-cleanup"  # or "before-cleanup"
    station_passengers: str = "own"  # or "all": station buildings count every passenger there
    research_any_icons: str = "none"  # or "each": "any" icons count for the cargo buildings
    secondary_at: str = "island"  # or "anywhere": where a secondary contract is delivered
    caboose_3_loaders: str = "anyone"  # or "owner"

    CHOICES: ClassVar[dict[str, tuple[str, str]]] = {
        "town_hall": ("passenger-spaces", "passenger-icons"),
        "upgrade_load": ("keep", "discard"),
        "end_check": ("after-cleanup", "before-cleanup"),
        "station_passengers": ("own", "all"),
        "research_any_icons": ("none", "each"),
        "secondary_at": ("island", "anywhere"),
        "caboose_3_loaders": ("anyone", "owner"),
    }

    def __post_init__(self) -> None:
        for name, choices in self.CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in choices:
                raise ValueError(f"the {name} ruling is {_either(choices)}, not {quote(value)}")

    @classmethod
    def options(cls) -> str:
        """Every option and its values, the default first: for messages."""
        return "; ".join(f"{name}={_either(choices)}" for name, choices in cls.CHOICES.items())

    @classmethod
    def make(cls, options: dict[str, Any], where: str = "Isle of Trains: All Aboard") -> Rulings:
        """Rulings from keyword options; ValueError names an unknown option and lists them all."""
        known = {f.name for f in fields(cls)}
        if unknown := [k for k in options if k not in known]:
            names = ", ".join(quote(k) for k in unknown)
            raise ValueError(f"{where} has no option {names}; its options (default first) are: "
                             f"{cls.options()}")
        return cls(**options)


def _either(choices: tuple[str, ...]) -> str:
    return " or ".join(repr(c) for c in choices)


@dataclass(frozen=True)
class Config:
    players: int
    rulings: Rulings = field(default_factory=Rulings)

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise ValueError(f"Isle of Trains: All Aboard is for 2-4 players here, not {quote(self.players)}")

    @classmethod
    def make(cls, players: int, **rulings: Any) -> Config:
        """`players` and the rulings by name: `Config.make(3, secondary_at="anywhere")`. An
        unknown option or value raises ValueError listing every option and its values."""
        return cls(players, Rulings.make(rulings))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        if not isinstance(data, dict) or "players" not in data:
            raise ValueError(f"a config is {{'players': n, 'rulings': {{...}}}}, not {quote(data)}")
        if unknown := [k for k in data if k not in ("players", "rulings")]:
            raise ValueError("a config has only 'players' and 'rulings', not "
                             f"{', '.join(map(quote, unknown))}")
        rulings = data.get("rulings", {})
        if not isinstance(rulings, dict):
            raise ValueError(f"the rulings are a dict of options ({Rulings.options()}), not {quote(rulings)}")
        return cls(data["players"], Rulings.make(rulings))

    def describe(self) -> str:
        changed = [f"{k}={v}" for k, v in asdict(self.rulings).items() if v != Rulings.CHOICES[k][0]]
        return f"{self.players} players" + (", " + ", ".join(changed) if changed else "")

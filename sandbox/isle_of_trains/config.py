"""A game's setup: the player count and the readings chosen where the rulebook is open."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar


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
            if getattr(self, name) not in choices:
                raise ValueError(f"the {name} ruling is one of {choices}, not {getattr(self, name)!r}")


@dataclass(frozen=True)
class Config:
    players: int
    rulings: Rulings = field(default_factory=Rulings)

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError(f"Isle of Trains: All Aboard is for 2-4 players here, not {self.players}")

    @classmethod
    def make(cls, players: int, **rulings: str) -> Config:
        return cls(players, Rulings(**rulings))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        return cls(data["players"], Rulings(**data.get("rulings", {})))

    def describe(self) -> str:
        changed = [f"{k}={v}" for k, v in asdict(self.rulings).items() if v != Rulings.CHOICES[k][0]]
        return f"{self.players} players" + (", " + ", ".join(changed) if changed else "")

"""A game's setup: players, schedule, station, and the readings chosen where the text is open."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class Rulings:
    """Switches for the rulebook's ambiguous passages (see `rulebook.RULINGS`)."""

    king: Literal["waits", "boards"] = "waits"
    jack: Literal["signal", "turn-end"] = "signal"

    def __post_init__(self) -> None:
        if self.king not in ("waits", "boards"):
            raise ValueError(f"king ruling must be 'waits' or 'boards', not {self.king!r}")
        if self.jack not in ("signal", "turn-end"):
            raise ValueError(f"jack ruling must be 'signal' or 'turn-end', not {self.jack!r}")


@dataclass(frozen=True)
class Config:
    players: int
    schedule: int  # trains that go through the station before the game ends
    tracks: int  # tracks (each with its platform) in the station
    rulings: Rulings = field(default_factory=Rulings)

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError(f"Everyone On Board‽ is for 2-4 players, not {self.players}")
        if not 2 <= self.schedule <= 12:
            raise ValueError(f"the schedule is 2 to 12 trains, not {self.schedule} [setup.schedule]")
        if not 1 <= self.tracks <= 12:
            raise ValueError(f"the station has 1 to 12 tracks, not {self.tracks} [setup.station]")

    @classmethod
    def make(cls, players: int, *, schedule: int | None = None, tracks: int | None = None,
             king: str = "waits", jack: str = "signal") -> Config:
        """The suggested schedule is twice the players, the station the players minus one."""
        return cls(
            players,
            2 * players if schedule is None else schedule,
            max(1, players - 1) if tracks is None else tracks,
            Rulings(king, jack),  # type: ignore[arg-type]
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        return cls(data["players"], data["schedule"], data["tracks"], Rulings(**data.get("rulings", {})))

    def describe(self) -> str:
        r = self.rulings
        return (f"{self.players} players, schedule {self.schedule} trains, {self.tracks} "
                f"track{'s' * (self.tracks != 1)}, king={r.king}, jack={r.jack}")

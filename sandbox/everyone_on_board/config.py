"""A game's setup: players, schedule, station, and the readings chosen where the text is open."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from sandbox.core.errors import quote


@dataclass(frozen=True)
class Rulings:
    """Switches for the rulebook's ambiguous passages (see `rulebook.RULINGS`)."""

    king: Literal["waits", "boards"] = "waits"
    jack: Literal["signal", "turn-end"] = "signal"

    def __post_init__(self) -> None:
        if not isinstance(self.king, str) or self.king not in ("waits", "boards"):
            raise ValueError(f"the king ruling must be 'waits' or 'boards', not {quote(self.king)} "
                             "[ruling.king]")
        if not isinstance(self.jack, str) or self.jack not in ("signal", "turn-end"):
            raise ValueError(f"the jack ruling must be 'signal' or 'turn-end', not "
                             f"{quote(self.jack)} [ruling.jack]")


OPTIONS = {
    "schedule": "a whole number of trains from 2 to 12 (default: twice the players) [setup.schedule]",
    "tracks": "a whole number of tracks from 1 to 12 (default: the players minus one, at least 1) "
              "[setup.station]",
    "king": "'waits' (default) or 'boards' [ruling.king]",
    "jack": "'signal' (default) or 'turn-end' [ruling.jack]",
}
"""The options `sandbox.new_game("everyone_on_board", ...)` takes, and their allowed values."""


def _options_help() -> str:
    return "; ".join(f"{name}: {allowed}" for name, allowed in OPTIONS.items())


def _whole(value: Any, what: str, rule: str) -> bool:
    """Whether `value` is a whole number; a ValueError naming `what` if it is of another kind."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {quote(value)} "
                         f"({type(value).__name__}) [{rule}]")
    return True


_SYNONYMS = {"trains": "schedule", "length": "schedule", "station": "tracks", "platforms": "tracks"}


@dataclass(frozen=True)
class Config:
    players: int
    schedule: int  # trains that go through the station before the game ends
    tracks: int  # tracks (each with its platform) in the station
    rulings: Rulings = field(default_factory=Rulings)

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not 2 <= self.players <= 4:
            raise ValueError(f"Everyone On Board‽ is for 2-4 players, not {quote(self.players)}")
        if _whole(self.schedule, "the schedule (2 to 12 trains)", "setup.schedule") \
                and not 2 <= self.schedule <= 12:
            raise ValueError(f"the schedule is 2 to 12 trains, not {self.schedule} [setup.schedule]")
        if _whole(self.tracks, "the number of tracks (1 to 12)", "setup.station") \
                and not 1 <= self.tracks <= 12:
            raise ValueError(f"the station has 1 to 12 tracks, not {self.tracks} [setup.station]")
        if not isinstance(self.rulings, Rulings):
            raise ValueError(f"rulings must be a Rulings, not {quote(self.rulings)}")

    @classmethod
    def make(cls, players: int, **options: Any) -> Config:
        """A setup from the options a player chooses (see OPTIONS); the suggested schedule is
        twice the players, the station the players minus one. Unknown options and values of
        the wrong kind are refused with a ValueError that lists what is allowed."""
        if unknown := sorted(set(options) - set(OPTIONS)):
            names = ", ".join(repr(u) for u in unknown)
            hints = [f"{u!r} is called {_SYNONYMS[u]!r}" for u in unknown if u in _SYNONYMS]
            hint = f" ({'; '.join(hints)})" if hints else ""
            raise ValueError(f"Everyone On Board‽ has no option {names}{hint}; its options are "
                             f"{_options_help()}")
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"Everyone On Board‽ is for 2-4 players, not {quote(players)}")
        schedule = options.get("schedule")
        tracks = options.get("tracks")
        return cls(
            players,
            2 * players if schedule is None else schedule,
            max(1, players - 1) if tracks is None else tracks,
            Rulings(options.get("king", "waits"), options.get("jack", "signal")),
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        """The setup written by `to_dict` (in a save file); ValueError says what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"a setup is a dict, not {quote(data)}")
        if unknown := sorted(set(data) - {"players", "schedule", "tracks", "rulings"}):
            raise ValueError(f"unknown setup keys {unknown}")
        if missing := sorted({"players", "schedule", "tracks"} - set(data)):
            raise ValueError(f"the setup lacks {missing}")
        rulings = data.get("rulings", {})
        if not isinstance(rulings, dict) or set(rulings) - {"king", "jack"}:
            raise ValueError(f"rulings are {{'king': ..., 'jack': ...}}, not {quote(rulings)}")
        return cls(data["players"], data["schedule"], data["tracks"], Rulings(**rulings))

    def describe(self) -> str:
        r = self.rulings
        return (f"{self.players} players, schedule {self.schedule} trains, {self.tracks} "
                f"track{'s' * (self.tracks != 1)}, king={r.king}, jack={r.jack}")

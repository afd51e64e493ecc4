"""A game's setup: the player count, the solo mode and chapter, and the readings chosen where
the rulebook is open."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from sandbox.core.errors import quote
from sandbox.core.switches import Switches


@dataclass(frozen=True)
class Rulings(Switches):
    """Switches for ambiguous passages (see `rulebook.RULINGS`)."""

    TITLE: ClassVar[str] = "Isle of Trains: All Aboard"

    town_hall: str = "passenger-spaces"  # or "passenger-icons": cabooses' build icons count too
    upgrade_load: str = "keep"  # or "discard": an upgraded car's loads go with it
    end_check: str = "after-cleanup"  # or "before-cleanup"
    station_passengers: str = "own"  # or "all": station buildings count every passenger there
    research_any_icons: str = "none"  # or "each": "any" icons count for the cargo buildings
    secondary_at: str = "island"  # or "anywhere": where a secondary contract is delivered
    caboose_3_loaders: str = "anyone"  # or "owner"
    # solo
    solo_return_at: str = "any-decision"  # or "between-actions": when a discard may be returned
    solo_deck_out: str = "at-once"  # or "after-action": when an empty train deck ends the game
    chapter_8: str = "primaries-pile-up"  # or "literal": one primary at a time, so one at most
    challenge_target: str = "50"  # "60", "70", "80": the rating the Challenge counts as a win

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "town_hall": ("passenger-spaces", "passenger-icons"),
        "upgrade_load": ("keep", "discard"),
        "end_check": ("after-cleanup", "before-cleanup"),
        "station_passengers": ("own", "all"),
        "research_any_icons": ("none", "each"),
        "secondary_at": ("island", "anywhere"),
        "caboose_3_loaders": ("anyone", "owner"),
        "solo_return_at": ("any-decision", "between-actions"),
        "solo_deck_out": ("at-once", "after-action"),
        "chapter_8": ("primaries-pile-up", "literal"),
        "challenge_target": ("50", "60", "70", "80"),
    }


MODES = ("challenge", "scenario")
CHAPTERS = range(1, 11)


@dataclass(frozen=True)
class Config:
    """2-4 players; or 1 player in the solo `mode` "challenge" (a score and its rating) or
    "scenario" (`chapter` 1-10, an objective to meet before the deck runs out)."""

    players: int
    rulings: Rulings = field(default_factory=Rulings)
    mode: str = ""  # "" for 2-4 players
    chapter: int = 0  # the scenario's chapter

    def __post_init__(self) -> None:
        n = self.players
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 4:
            raise ValueError(f"Isle of Trains: All Aboard is for 1-4 players here, not {quote(n)}")
        if n > 1 and (self.mode or self.chapter):
            raise ValueError(f"the solo modes are for 1 player, not {n}: leave out mode and chapter")
        if n == 1 and not self.mode:  # players=1 alone is the Challenge; a chapter, its scenario
            object.__setattr__(self, "mode", "scenario" if self.chapter else "challenge")
        if n == 1 and self.mode not in MODES:
            raise ValueError(f"the solo mode is 'challenge' or 'scenario', not {quote(self.mode)}")
        if self.mode == "scenario":
            if isinstance(self.chapter, bool) or self.chapter not in CHAPTERS:
                raise ValueError(f"a scenario is chapter=1 to chapter=10, not {quote(self.chapter)}")
        elif self.chapter:
            raise ValueError("only the scenario mode has chapters: mode='scenario', chapter=1..10")

    @property
    def solo(self) -> bool:
        return self.players == 1

    @classmethod
    def make(cls, players: int, mode: str | None = None, chapter: int = 0, **rulings: Any) -> Config:
        """`players` and the rulings by name: `Config.make(3, secondary_at="anywhere")`; solo:
        `Config.make(1)` (the Challenge), `Config.make(1, mode="scenario", chapter=4)`. An
        unknown option or value raises ValueError listing every option and its values."""
        return cls(players, Rulings.make(rulings), mode or "", chapter)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        if not self.solo:  # files of 2-4 player games read as they always have
            del out["mode"], out["chapter"]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        if not isinstance(data, dict) or "players" not in data:
            raise ValueError(f"a config is {{'players': n, 'rulings': {{...}}}}, not {quote(data)}")
        if unknown := [k for k in data if k not in ("players", "rulings", "mode", "chapter")]:
            raise ValueError("a config has only 'players', 'rulings', 'mode' and 'chapter', not "
                             f"{', '.join(map(quote, unknown))}")
        rulings = data.get("rulings", {})
        if not isinstance(rulings, dict):
            raise ValueError(f"the rulings are a dict of options ({Rulings.options()}), not {quote(rulings)}")
        return cls(data["players"], Rulings.make(rulings), data.get("mode", ""), data.get("chapter", 0))

    def describe(self) -> str:
        changed = [f"{k}={v}" for k, v in asdict(self.rulings).items() if v != Rulings.CHOICES[k][0]]
        who = ("solo Challenge" if self.mode == "challenge" else f"solo Scenario, chapter {self.chapter}"
               if self.solo else f"{self.players} players")
        return who + (", " + ", ".join(changed) if changed else "")

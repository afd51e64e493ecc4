"""A game's setup: the player count and the readings chosen where the rulebook is open (each
switch is explained by its ruling in `rulebook.RULINGS`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from sandbox.core.switches import RulingsConfig, Switches

TITLE = "Trains & Stations"


@dataclass(frozen=True)
class Rulings(Switches):
    """Switches for ambiguous or missing passages (see `rulebook.RULINGS`), the default first."""

    TITLE: ClassVar[str] = TITLE

    strike_dice: str = "all-rolled"  # or "player-dice": only the player's own dice strike
    strike_vp: str = "to-stack"  # or "to-box": the VP lost to a strike leave the game
    reclaim_skips: str = "steps-2-4"  # or "whole-turn": no Step 5 after a reclaim
    bonus_coins: str = "pay"  # or "no-pay": a bonus die's Coin face gives nothing
    building_sets: str = "threes"  # or "all-matching": extra matching dice go with a set
    erect: str = "required"  # or "optional": a set of 3 may be left unbuilt
    majority_locked: str = "count"  # or "ignore": Locked Trains do not count to a majority
    empty_building: str = "nothing"  # or "vp": a Building on an emptied space pays 1 VP
    mission_link: str = "ever"  # "this-turn": routes completed this turn only; "this-delivery": one delivery
    missions: str = "each-pair"  # or "one": at most one Mission per player per delivery
    reclaim_scope: str = "route"  # or "stations": dice on any route at the stations return
    shortage_vp: str = "per-missing-card"  # or "only-if-none": VP only for players given no card
    last_round: str = "finish-round"  # or "extra-round": one more full round after this one
    tiebreak_gold: str = "with-power-cards"  # or "goods-cards": Power cards do not count as Gold

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "strike_dice": ("all-rolled", "player-dice"),
        "strike_vp": ("to-stack", "to-box"),
        "reclaim_skips": ("steps-2-4", "whole-turn"),
        "bonus_coins": ("pay", "no-pay"),
        "building_sets": ("threes", "all-matching"),
        "erect": ("required", "optional"),
        "majority_locked": ("count", "ignore"),
        "empty_building": ("nothing", "vp"),
        "mission_link": ("ever", "this-turn", "this-delivery"),
        "missions": ("each-pair", "one"),
        "reclaim_scope": ("route", "stations"),
        "shortage_vp": ("per-missing-card", "only-if-none"),
        "last_round": ("finish-round", "extra-round"),
        "tiebreak_gold": ("with-power-cards", "goods-cards"),
    }


@dataclass(frozen=True)
class Config(RulingsConfig):
    """3-5 players [intro.players] and the rulings."""

    SWITCHES: ClassVar[type[Switches]] = Rulings
    PLAYERS: ClassVar[tuple[int, int]] = (3, 5)
    TITLE: ClassVar[str] = TITLE

    players: int
    rulings: Rulings = field(default_factory=Rulings)

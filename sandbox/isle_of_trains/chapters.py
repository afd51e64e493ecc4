"""The ten Scenario chapters of Isle of Trains solo as data, and what a chapter changes in the
Deliver action's contracts.

Below the rules that read them (`delivery` asks `contract_rules`), so that `solo.py`, whose
objectives ask the Deliver action's own rules, sits above `delivery` and imports it one way.
`solo` re-exports these names.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from sandbox.isle_of_trains import components as data

if TYPE_CHECKING:
    from sandbox.isle_of_trains.config import Config

RETURN_COST = 3
"""VP tokens to return the top card of the discard pile to the top of the deck [solo.return]."""


@dataclass(frozen=True)
class Scenario:
    """One chapter of the Scenario mode, as the rulebook prints it."""

    chapter: int
    title: str
    objective: str
    goal: tuple[tuple[str, Any], ...]  # kind and numbers of the objective (see `solo._GOALS`)
    research_station: bool  # added to the map at setup [scenario.research-station]
    unlimited_buildings: bool  # no limit to the buildings [scenario.no-building-limit]
    no_secondary: bool  # secondary contracts cannot be completed [scenario.no-secondary]
    negative_tokens: bool  # VP tokens score -1 each [scenario.negative-tokens]
    return_cost: int  # VP tokens to return a card [scenario.return-cost]
    special_rules: tuple[str, ...]
    source: str
    ref: str

    def get(self, key: str) -> Any:
        return dict(self.goal)[key]


@cache
def scenarios() -> tuple[Scenario, ...]:
    """The ten chapters, by number."""
    out = []
    for r in data._raw("scenarios")["chapters"]:
        special = r["special"]
        out.append(Scenario(
            r["chapter"], r["title"], r["objective"], tuple(r["goal"].items()),
            special.get("research_station", False), special.get("unlimited_buildings", False),
            special.get("no_secondary", False), special.get("negative_tokens", False),
            special.get("return_cost", RETURN_COST), tuple(r["special_rules"]), r["source"], r["ref"]))
    return tuple(sorted(out, key=lambda s: s.chapter))


def scenario(config: Config) -> Scenario | None:
    """The chapter a config plays (None outside the Scenario mode)."""
    return scenarios()[config.chapter - 1] if config.mode == "scenario" else None


class ContractRules(NamedTuple):
    piles_up: bool  # primary contracts while island cards wait beside the engine [ruling.chapter-8]
    no_secondary: bool  # [scenario.no-secondary]


_USUAL = ContractRules(False, False)


def contract_rules(config: Config) -> ContractRules:
    """How a chapter changes contracts: one that forbids secondaries (Chapter 8) also lets
    primaries pile up beside the engine, unless read literally, or only one could ever be
    completed."""
    chapter = scenario(config)
    if chapter is None or not chapter.no_secondary:
        return _USUAL
    return ContractRules(config.rulings.chapter_8 == "primaries-pile-up", True)

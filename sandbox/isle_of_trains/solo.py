"""Isle of Trains solo: the Challenge's rating and the ten Scenario chapters.

The chapters are data (`data/scenarios.json`: title, objective, special setup and rules, each
from the rulebook); what an objective asks of a position is code here, one small test per kind
of goal. `goal(state)` says whether the objective is met and how close the player is, in words
a learner can follow ("Billington's: primary ✓, secondary 2 of 4 cargo loaded").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from sandbox.core.words import plural
from sandbox.isle_of_trains import components as data

if TYPE_CHECKING:
    from sandbox.isle_of_trains.config import Config
    from sandbox.isle_of_trains.model import Player
    from sandbox.isle_of_trains.state import State

CARDS = data.card_types()
ISLANDS = {i.name: i for i in data.all_islands()}
RATINGS = ((80, "Island Conductor"), (70, "Head Conductor"), (60, "Engineer"), (50, "Trainee"),
           (0, "Freeloader"))
"""The Challenge's rating table [solo.rating]: the fewest points of each band, best first."""
RETURN_COST = 3
"""VP tokens to return the top card of the discard pile to the top of the deck [solo.return]."""
LEVEL_3_CARS = ("coach", "hopper", "tanker", "boxcar")
DONE, OPEN = "✓", "–"


@dataclass(frozen=True)
class Scenario:
    """One chapter of the Scenario mode, as the rulebook prints it."""

    chapter: int
    title: str
    objective: str
    goal: tuple[tuple[str, Any], ...]  # kind and numbers of the objective (see `_GOALS`)
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


def return_cost(config: Config) -> int:
    chapter = scenario(config)
    return chapter.return_cost if chapter else RETURN_COST


def return_rule(config: Config) -> str:
    """The rule a return is priced by: the solo rule, or a chapter's own price."""
    return "solo.return" if return_cost(config) == RETURN_COST else "scenario.return-cost"


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


def rating(points: int) -> str:
    """The Challenge rating a score reaches [solo.rating]."""
    return next(name for least, name in RATINGS if points >= least)


def next_band(points: int) -> tuple[int, str] | None:
    """The next rating up and the points it needs (None at the top)."""
    higher = [(least, name) for least, name in RATINGS if least > points]
    return higher[-1] if higher else None


@dataclass(frozen=True)
class Goal:
    """Where the solo objective stands: met or not, and the progress in words."""

    met: bool
    text: str
    done: int = 0  # how much of it is done, of
    of: int = 0
    fraction: float = 0.0  # a smooth share of the way, with partial steps (what a bot climbs)


def goal(state: State) -> Goal:
    """The objective of the scenario being played, or the Challenge's rating band, now."""
    chapter = scenario(state.config)
    if chapter is None:
        points = state.scores()[1]
        up = next_band(points)
        more = f"; {up[1]} at {up[0]}" if up else ""
        return Goal(False, f"{plural(points, 'point')} now: {rating(points)}{more}", points, 80,
                    min(1.0, points / 80))
    return _GOALS[chapter.get("kind")](state, state.players[0], chapter)


def _contract_progress(state: State, me: Player, name: str) -> tuple[bool, str, float]:
    """An island's primary and secondary contracts for the player: done, or how much of the
    next one's cargo the train carries now (and the share of the way: half for each contract)."""
    from sandbox.isle_of_trains.strategy import _counts, _need, covered

    held = next((h for h in me.islands if h.island == name), None)
    have = _counts(state.train_index(1).cargo)
    island = ISLANDS[name]
    if held is None:
        if name not in state.islands:
            return False, f"{name}: not on the map", 0.0
        need = _need(island.primary.cargo)
        got = covered(need, have)
        return False, f"{name}: primary {got} of {sum(need)} cargo loaded", 0.4 * got / sum(need)
    if held.side is not None:
        return True, f"{name}: primary {DONE}, secondary {DONE}", 1.0
    if any(h.side is None and h.island != name for h in me.islands):
        return False, f"{name}: primary {DONE}, secondary waits", 0.5
    best = max(island.secondaries, key=lambda c: covered(_need(c.cargo), have) / max(1, sum(_need(c.cargo))))
    need = _need(best.cargo)
    got = covered(need, have)
    return (False, f"{name}: primary {DONE}, secondary {got} of {sum(need)} cargo loaded",
            0.5 + 0.4 * got / sum(need))


def _contracts(state: State, me: Player, chapter: Scenario) -> Goal:
    """Both contracts of each island named [scenario.1] [scenario.6]."""
    found = [_contract_progress(state, me, name) for name in chapter.get("islands")]
    done = sum(ok for ok, _, _ in found)
    return Goal(done == len(found), "; ".join(text for _, text, _ in found), done, len(found),
                sum(f for _, _, f in found) / len(found))


def _count(what: str, unit: str) -> Any:
    """A goal counting something up to the chapter's `n`."""
    def check(state: State, me: Player, chapter: Scenario) -> Goal:
        n = chapter.get("n")
        have = _MEASURES[what](state, me)
        share = have / n
        if what == "buildings":  # a building in hand is part of the way [scenario.2]
            held = sum(1 for c in me.hand if c in CARDS and CARDS[c].category == "building")
            share += IN_HAND * min(held, max(0, n - have)) / n
        return Goal(have >= n, f"{have} of {n} {unit}", have, n, min(1.0, share))
    return check


IN_HAND = 0.3
"""The share of a step a card in hand is worth to the bot, towards a goal it can be built for."""


def _tickets(state: State, me: Player, chapter: Scenario) -> Goal:
    """Ticket tiles filled, all three spaces [scenario.5] [ruling.chapter-5-tickets]; the bot's
    share counts the passengers on the fullest."""
    n = chapter.get("n")
    fill = sorted((len(t.filled) for t in state.tickets), reverse=True)
    have = sum(1 for f in fill if f >= 3)
    return Goal(have >= n, f"{have} of {n} ticket tiles filled", have, n, min(1.0, sum(fill[:n]) / (3 * n)))


def _level_3(state: State, me: Player, chapter: Scenario) -> Goal:
    """A Level 3 Engine and `n` different types of Level 3 cars: Coach, Hopper, Tanker, Boxcar
    [scenario.9] [ruling.chapter-9-types]."""
    levels = {(CARDS[c.card].category, CARDS[c.card].level) for c in me.train}
    engine = ("engine", 3) in levels
    cars = [kind for kind in LEVEL_3_CARS if (kind, 3) in levels]
    n = chapter.get("n")
    marks = ", ".join(f"{kind} {DONE if kind in cars else OPEN}" for kind in LEVEL_3_CARS)
    text = (f"Level 3 Engine {DONE if engine else OPEN}; Level 3 cars {len(cars)} of {n} types "
            f"({marks})")
    best = {kind: max((CARDS[c.card].level or 0 for c in me.train if CARDS[c.card].category == kind),
                      default=0) for kind in ("engine", *LEVEL_3_CARS)}
    share = (best["engine"] + sum(sorted((best[k] for k in LEVEL_3_CARS), reverse=True)[:n])) / (3 * (n + 1))
    return Goal(engine and len(cars) >= n, text, engine + len(cars), n + 1, share)


# what each count measures: buildings [scenario.2]; points [scenario.3] [scenario.10] (tokens
# negative in Chapter 10, as scored); cars, every card but the engine [scenario.4]
# [ruling.chapter-4-cars]; points from buildings [scenario.7]; primaries [scenario.8]
_MEASURES = {
    "buildings": lambda state, me: len(me.buildings),
    "points": lambda state, me: state.scores()[1],
    "cars": lambda state, me: sum(1 for c in me.train if CARDS[c.card].category != "engine"),
    "building-points": lambda state, me: dict(state.breakdown(1))["buildings"],
    "primaries": lambda state, me: len(me.islands),
}
_GOALS = {
    "contracts": _contracts,
    "buildings": _count("buildings", "buildings built"),
    "points": _count("points", "points (scored as the table stands)"),
    "cars": _count("cars", "cars in the train (the engine not counted)"),
    "tickets": _tickets,
    "building-points": _count("building-points", "points from buildings"),
    "primaries": _count("primaries", "primary contracts completed"),
    "level-3": _level_3,
}


def describe(config: Config) -> str:
    """The mode in a line: the Challenge's aim, or the chapter's title and objective."""
    chapter = scenario(config)
    if chapter is None:
        bands = ", ".join(f"{name} {least}+" for least, name in reversed(RATINGS))
        return f"Challenge: score as much as you can before the train deck runs out ({bands})"
    rules = " ".join(chapter.special_rules)
    return (f"Chapter {chapter.chapter}: {chapter.title}. Objective: {chapter.objective}"
            + (f" Special rules: {rules}" if rules else ""))


def setups() -> dict[str, dict[str, Any]]:
    """The solo games by name, for a chooser: the Challenge and each chapter."""
    out: dict[str, dict[str, Any]] = {"Challenge": {"players": 1, "mode": "challenge"}}
    for chapter in scenarios():
        out[f"Chapter {chapter.chapter}: {chapter.title}"] = {"players": 1, "mode": "scenario",
                                                              "chapter": chapter.chapter}
    return out

"""Isle of Trains solo: the Challenge's rating and the ten Scenario chapters.

The chapters are data (`data/scenarios.json`: title, objective, special setup and rules, each
from the rulebook), read in `chapters.py` below the rules and re-exported here; what an
objective asks of a position is code here, one small test per kind of goal, above the Deliver
action whose rules it asks. `goal(state)` says whether the objective is met and how close the
player is, in words a learner can follow ("Billington's: primary ✓, secondary 2 of 4 cargo
loaded")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from sandbox.core.words import plural
from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains import delivery
from sandbox.isle_of_trains.actions import CODE, DESTINATIONS, PARTS
from sandbox.isle_of_trains.cargo import PRIMARY, SECONDARY, Need, counts
from sandbox.isle_of_trains.chapters import RETURN_COST, Scenario, contract_rules, scenario, scenarios
from sandbox.isle_of_trains.index import index_of
from sandbox.isle_of_trains.model import CACHE_LIMIT, make_frame

if TYPE_CHECKING:
    from sandbox.isle_of_trains.config import Config
    from sandbox.isle_of_trains.model import Player, StateLike

CARDS = data.card_types()
ISLANDS = {i.name: i for i in data.all_islands()}
RATINGS = ((80, "Island Conductor"), (70, "Head Conductor"), (60, "Engineer"), (50, "Trainee"),
           (0, "Freeloader"))
"""The Challenge's rating table [solo.rating]: the fewest points of each band, best first."""
LEVEL_3_CARS = ("coach", "hopper", "tanker", "boxcar")
DONE, OPEN = "✓", "–"


def laid_out(config: Config) -> tuple[str, ...]:
    """The island cards laid out at setup [setup.islands]: solo as in the regular game, 6
    [solo.setup], and the Research Station where a chapter adds it [scenario.research-station]."""
    chapter = scenario(config)
    research = True if chapter and chapter.research_station else None
    return tuple(i.name for i in data.islands(max(config.players, 2), research))


def return_cost(config: Config) -> int:
    chapter = scenario(config)
    return chapter.return_cost if chapter else RETURN_COST


def return_rule(config: Config) -> str:
    """The rule a return is priced by: the solo rule, or a chapter's own price."""
    return "solo.return" if return_cost(config) == RETURN_COST else "scenario.return-cost"


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


def goal(state: StateLike) -> Goal:
    """The objective of the scenario being played, or the Challenge's rating band, now."""
    chapter = scenario(state.config)
    if chapter is None:
        points = state.scores()[1]
        up = next_band(points)
        more = f"; {up[1]} at {up[0]}" if up else ""
        return Goal(False, f"{plural(points, 'point')} now: {rating(points)}{more}", points, 80,
                    min(1.0, points / 80))
    found = _GOALS[chapter.get("kind")](state, state.players[0], chapter)
    paying = next((f for f in state.stack if f.kind == "pay"), None)
    if paying is None or chapter.get("kind") not in BUILT:
        return found
    # a build counts once paid for [ruling.solo-objective-first]: the table shows it already
    name = CARDS[paying.get("card")].name
    return replace(found, text=f"{found.text} (the {name} counted, still to be paid for)")


@lru_cache(maxsize=1 << 16)  # few contracts, few loads: the bot asks again and again
def _claim(need: Need, have: Need) -> tuple[int, Need]:
    """How many of a contract's cargo icons these loads pay (as `cargo.covered` counts them:
    exact kinds, wild loads for what is missing, the rest for "any" icons) and the loads left
    for another contract: a load is counted towards one contract only."""
    exact = [min(have[k], need[k]) for k in range(3)]
    left = [have[k] - exact[k] for k in range(3)]
    fill = min(have[3], sum(need[k] - exact[k] for k in range(3)))
    wild, want = have[3] - fill, need[3]
    for k in range(3):  # the "any" icons: spare cargo first, then wild loads
        take = min(left[k], want)
        left[k] -= take
        want -= take
    take = min(wild, want)
    return sum(exact) + fill + need[3] - want + take, (left[0], left[1], left[2], wild - take)


def primary_blocker(state: StateLike, name: str) -> str:
    """What would refuse the primary contract of `name` now besides its cargo ("waits: the
    Billington's card is beside the engine"), or "" when only cargo is missing, or nothing.
    Asks the Deliver action's own rules (`delivery.part_violations`), not a copy of them, and
    remembers the answer by what it depends on besides the cargo: the chapter, the island cards
    held and those on the map (the bot reads the progress of every state it weighs, and asking
    each time cost as much as all the rest of the bot's look at a state)."""
    key = (name, state.config, state.players[0].islands, state.islands)
    found = _BLOCKERS.get(key)
    if found is None:
        if len(_BLOCKERS) >= CACHE_LIMIT:
            _BLOCKERS.clear()
        found = _BLOCKERS[key] = _primary_blocker(state, name)
    return found


_BLOCKERS: dict[tuple[Any, ...], str] = {}


def _primary_blocker(state: StateLike, name: str) -> str:
    code = CODE[name]
    if code not in state.destinations():
        return f"refused: {name} is not a destination in this game"
    frame = make_frame("deliver", 1, dest=code, parts=(), aside=(), specials=0)
    refused = [v for v in delivery.part_violations(state, frame, PARTS["primary", 0, ""])
               if v.rule != "deliver.primary"]  # that one is the cargo, counted already
    if not refused:
        return ""
    beside = state.player(1).island_beside_engine
    if refused[0].rule == "deliver.primary-once" and beside is not None:
        if contract_rules(state.config).no_secondary:  # no secondary will ever free the place
            return (f"refused: the {beside.island} card stays beside the engine, with no secondary "
                    "contracts in this chapter")
        return f"waits: the {beside.island} card is beside the engine"
    return f"refused: {refused[0].message}"


class _Island(NamedTuple):
    """Where an island's contracts stand before any cargo is counted."""

    met: bool
    text: str  # the whole text, or its head when cargo is counted ("Flint Beach: primary")
    share: float  # of the way, without the cargo
    needs: tuple[Need, ...]  # the cargo of the next contract: the primary, or each secondary
    primary: bool  # the next contract is the primary (what may be refused beside its cargo)


def _island(state: StateLike, me: Player, name: str) -> _Island:
    held = next((h for h in me.islands if h.island == name), None)
    if held is None:
        if name not in state.islands:
            return _Island(False, f"{name}: not on the map", 0.0, (), False)
        return _Island(False, f"{name}: primary", 0.0, (PRIMARY[name][0],), True)
    if held.side is not None:
        return _Island(True, f"{name}: primary {DONE}, secondary {DONE}", 1.0, (), False)
    if me.island_beside_engine != held:  # primaries piled up [ruling.chapter-8]: not its turn
        return _Island(False, f"{name}: primary {DONE}, secondary waits", 0.5, (), False)
    return _Island(False, f"{name}: primary {DONE}, secondary", 0.5,
                   tuple(need for need, _ in SECONDARY[name]), False)


def _counted(islands: dict[str, _Island], order: tuple[str, ...], have: Need) -> dict[str, tuple[Need, int]]:
    """Each island's next contract and how many of its icons the loads pay, counting each load
    for the first island in `order` that takes it (a secondary: the one the loads pay most of)."""
    out = {}
    for name in order:
        needs = islands[name].needs
        if needs:
            need = max(needs, key=lambda n: _claim(n, have)[0] / max(1, sum(n)))
            got, have = _claim(need, have)
            out[name] = (need, got)
    return out


def _contracts(state: StateLike, me: Player, chapter: Scenario) -> Goal:
    """Both contracts of each island named [scenario.1] [scenario.6]: done, or how much of the
    next one's cargo the train carries (the share of the way: half for each contract), and what
    refuses that delivery besides its cargo. Each load is counted for one contract only: first
    the island card beside the engine (its secondary must come before a new island card
    [deliver.primary-once]), then the others in the order that pays the most contracts in full,
    then the most cargo."""
    from itertools import permutations

    names = tuple(chapter.get("islands"))
    islands = {name: _island(state, me, name) for name in names}
    beside = me.island_beside_engine
    first = tuple(n for n in names if beside is not None and n == beside.island)
    loads = counts(index_of(me).cargo)

    def full_then_most(found: dict[str, tuple[Need, int]]) -> tuple[int, float]:
        return (sum(got == sum(need) for need, got in found.values()),
                sum(got / sum(need) for need, got in found.values()))

    rest = [n for n in names if n not in first]
    found = max((_counted(islands, (*first, *order), loads) for order in permutations(rest)),
                key=full_then_most)
    texts, shares, shared = [], [], False
    for name in names:
        island = islands[name]
        if name not in found:
            texts.append(island.text)
            shares.append(island.share)
            continue
        need, got = found[name]
        text = f"{island.text} {got} of {sum(need)} cargo loaded"
        if island.primary and (blocker := primary_blocker(state, name)):
            text += f", {blocker}"
        texts.append(text)
        shares.append(island.share + 0.4 * got / sum(need))
        shared = shared or got < _claim(need, loads)[0]
    done = sum(islands[n].met for n in names)
    text = "; ".join(texts) + ("; each load counted once" if shared else "")
    return Goal(done == len(names), text, done, len(names), sum(shares) / len(names))


def _count(what: str, unit: str) -> Any:
    """A goal counting something up to the chapter's `n`."""
    def check(state: StateLike, me: Player, chapter: Scenario) -> Goal:
        n = chapter.get("n")
        have = _MEASURES[what](state, me)
        share = have / n
        if what == "buildings":  # a building in hand is part of the way [scenario.2]
            held = sum(1 for c in me.hand if c in CARDS and CARDS[c].category == "building")
            share += IN_HAND * min(held, max(0, n - have)) / n
        text = f"{have} of {n} {unit}"
        # Chapter 8 read literally: the first island card stays beside the engine for good
        if what == "primaries" and have < n and state.islands and (
                why := primary_blocker(state, state.islands[0])):
            text += f"; the next {why}"
        return Goal(have >= n, text, have, n, min(1.0, share))
    return check


IN_HAND = 0.3
"""The share of a step a card in hand is worth to the bot, towards a goal it can be built for."""


def _tickets(state: StateLike, me: Player, chapter: Scenario) -> Goal:
    """Ticket tiles filled, all three spaces [scenario.5] [ruling.chapter-5-tickets]; until
    then, the passengers already on the others and how many more the fullest still need; the
    bot's share counts the passengers on the fullest."""
    n = chapter.get("n")
    fill = sorted((len(t.filled) for t in state.tickets), reverse=True)
    have = sum(1 for f in fill if f >= SPACES)
    text = f"{have} of {n} ticket tiles filled"
    if have < n:
        started = [t for t in state.tickets if 0 < len(t.filled) < SPACES]
        short = [f"{DESTINATIONS[t.destination]} {SPACES - len(t.filled)}"
                 for t in sorted(started, key=lambda t: -len(t.filled))]
        if len(started) < n - have:
            short.append(f"each empty tile {SPACES}")
        text += f"; {n - have} more to fill (passengers missing: {', '.join(short)})"
    return Goal(have >= n, text, have, n, min(1.0, sum(fill[:n]) / (SPACES * n)))


SPACES = 3
"""The spaces on a ticket tile [deliver.ticket-last-space]."""


def _level_3(state: StateLike, me: Player, chapter: Scenario) -> Goal:
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
BUILT = frozenset({"buildings", "points", "cars", "building-points", "level-3"})
"""The objectives a build counts towards (a building, a car, their points): only these say
that a build still being paid for is counted."""

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

"""End of game scoring and the winner (rulebook: End of Game Scoring, and Buildings on page 16).

`breakdown` gives a player's points in the rulebook's six categories, in its order [score.tokens]
[score.cars] [score.contracts] [score.loaded] [score.progress-train] [score.buildings];
`buildings` splits the last one per building; `outcome` names the winners and the tie-break
that decided [score.winner] [score.tie-break].

Where the rulebook is open the config's rulings decide: `town_hall` [ruling.town-hall],
`station_passengers` [ruling.station-passengers], `research_any_icons`
[ruling.research-station-any]; the longest train counts cards [ruling.longest-train].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sandbox.core.outcome import Outcome
from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains import solo
from sandbox.isle_of_trains.index import index_of
from sandbox.isle_of_trains.model import Held, Player

if TYPE_CHECKING:
    from sandbox.isle_of_trains.model import StateLike

CARDS = data.card_types()
ISLANDS = {i.name: i for i in data.all_islands()}
LABELS = ("VP tokens", "train cars", "contracts", "loaded cargo and passengers", "progress train",
          "buildings")
CARGO_BUILDINGS = {"COALF": "coal", "OILR": "oil", "CUSTOMS": "box"}
STATIONS = {"MIDDLE": ("CM", "DC"), "NORTH": ("AL", "BI"), "SOUTH": ("CE", "FB")}
BUILDING_RULE = {"COALF": "building.coal-factory", "OILR": "building.oil-refinery",
                 "CUSTOMS": "building.customs-house", "BANK": "building.bank",
                 "GRAND": "building.grand-central", "TOWN": "building.town-hall",
                 "RAILY": "building.rail-yard", "MIDDLE": "building.middle-station",
                 "NORTH": "building.northern-station", "SOUTH": "building.southern-station"}


def contract(held: Held) -> data.Contract:
    """The face-up contract of a held island: beside the engine the primary, flipped the
    secondary's printed total [score.contracts]."""
    island = ISLANDS[held.island]
    return island.primary if held.side is None else island.secondaries[held.side]


def car_points(me: Player) -> int:
    """VP badges of the engine, the cars and the cabooses in the train [score.cars]."""
    return index_of(me).vp


def train_length(me: Player) -> int:
    """Cards in the train, engine included; loads and buildings are not [ruling.longest-train]."""
    return len(me.train)


def loaded(me: Player) -> int:
    """Cargo and passengers loaded on the train [score.loaded]."""
    return index_of(me).loads


def building_points(state: StateLike, player: int, building: str) -> int:
    """What one building scores for `player` [building.scoring]."""
    me = state.player(player)
    rulings = state.config.rulings
    if building in CARGO_BUILDINGS:
        # [building.coal-factory] [building.oil-refinery] [building.customs-house]: the icons on
        # the completed contracts; "any" icons only under research_any_icons="each"
        # [ruling.research-station-any]
        icon = CARGO_BUILDINGS[building]
        icons = sum(contract(h).total_cargo.count(icon) for h in me.islands)
        if rulings.research_any_icons == "each":
            icons += sum(contract(h).total_cargo.any for h in me.islands)
        return 2 * icons
    if building == "BANK":  # [building.bank]
        return 2 * loaded(me)
    if building == "GRAND":  # [building.grand-central]
        return 8
    if building == "TOWN":  # [building.town-hall] [ruling.town-hall]
        icons = rulings.town_hall == "passenger-icons"
        return 2 * sum(1 for c in me.train if CARDS[c.card].holds == "passenger"
                       or (icons and CARDS[c.card].passengers_on_build > 0))
    if building == "RAILY":  # [building.rail-yard]: every card but the engine
        return 2 * sum(1 for c in me.train if CARDS[c.card].category != "engine")
    if building in STATIONS:
        # [building.middle-station] [building.northern-station] [building.southern-station]
        # [ruling.station-passengers]
        dests = STATIONS[building]
        if rulings.station_passengers == "all":
            n = sum(len(t.filled) for t in state.tickets if t.destination in dests)
        else:
            n = sum(1 for d in me.delivered if d in dests)
        return 4 + n
    raise ValueError(f"{building} is not a building")


def buildings(state: StateLike, player: int) -> tuple[tuple[str, int], ...]:
    """Each of the player's buildings (card id) and its points [score.buildings]."""
    return tuple((b, building_points(state, player, b)) for b in state.player(player).buildings)


def breakdown(state: StateLike, player: int) -> tuple[tuple[str, int], ...]:
    """The six categories of End of Game Scoring, in the rulebook's order, with these labels:
    VP tokens [score.tokens], train cars [score.cars], contracts [score.contracts], loaded cargo
    and passengers [score.loaded], progress train [score.progress-train], buildings
    [score.buildings]."""
    return tuple(zip(LABELS, _points(state, player)))


def _points(state: StateLike, player: int) -> tuple[int, int, int, int, int, int]:
    """The six parts of `breakdown`, in its order."""
    me = state.player(player)
    config = state.config  # each token is -1 in Chapter 10 [scenario.negative-tokens]
    chapter = solo.scenario(config) if config.chapter else None
    negative = chapter is not None and chapter.negative_tokens
    index = index_of(me)
    return (
        -me.tokens if negative else me.tokens,
        index.vp,
        sum(contract(h).total_vp for h in me.islands),
        index.loads,
        1 if me.progress_train else 0,
        sum(building_points(state, player, b) for b in me.buildings),
    )


def score(state: StateLike, player: int) -> int:
    """The sum of `breakdown` (what the greedy bot reads for every state it weighs)."""
    return sum(_points(state, player))


def _names(players: list[int]) -> str:
    names = [f"P{p}" for p in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _others(values: dict[int, int], winner: int) -> str:
    return ", ".join(f"P{p} {v}" for p, v in values.items() if p != winner)


def winners(state: StateLike) -> tuple[tuple[int, ...], str]:
    """The winners and, on a tie for the most points, which tie-break decided [score.winner]
    [score.tie-break]: the longest train [ruling.longest-train], then the most points from the
    engine and train cars, else the tied players share the victory."""
    n = state.config.players
    scores = {p: score(state, p) for p in range(1, n + 1)}
    best = max(scores.values())
    tied = [p for p, s in scores.items() if s == best]
    if len(tied) == 1:
        return tuple(tied), ""
    said = f"{_names(tied)} tie on {best} points"
    steps = (("has the longest train", "train length", "cards",
              lambda p: train_length(state.player(p))),
             ("has the most points from engine and train cars", "engine and train car points",
              "points", lambda p: car_points(state.player(p))))
    for what, noun, unit, measure in steps:
        values = {p: measure(p) for p in tied}
        top = max(values.values())
        tied = [p for p in tied if values[p] == top]
        if len(tied) == 1:
            (w,) = tied
            return (w,), (f"{said}; P{w} {what} ({top} {unit}; {_others(values, w)}) "
                          "[score.tie-break]")
        said += f"; {_names(tied)} tie on {noun} ({top} {unit})"
    return tuple(tied), f"{said}: they share the victory [score.tie-break]"


def solo_outcome(state: StateLike) -> Outcome:
    """Solo: the Challenge's score and rating, a win at the target rating [solo.rating]
    [ruling.challenge-target]; a scenario won when its objective was met [scenario.win], lost
    when the deck ran out first [scenario.lose]."""
    config = state.config
    points = score(state, 1)
    chapter = solo.scenario(config)
    if chapter is None:
        target = int(config.rulings.challenge_target)
        won, band = points >= target, solo.rating(points)
        reason, rule = "the train deck ran out", "solo.end"
        goal = f"{target}+ points ({solo.rating(target)} or better)"
    else:  # a met objective wins whatever else ended the game [ruling.solo-objective-first]
        now = solo.goal(state)
        won, band = state.ending == "objective" or now.met, ""
        reason = (f"the objective was met: {now.text}" if won
                  else f"the train deck ran out before the objective was met ({now.text})")
        rule = "scenario.win" if won else "scenario.lose"
        goal = f"Chapter {chapter.chapter}, {chapter.title}: {chapter.objective}"
    return Outcome(winners=(1,) if won else (), scores={1: points}, breakdown={1: breakdown(state, 1)},
                   reason=reason, rule=rule, results={1: "win" if won else "loss"}, rating=band, goal=goal)


def outcome(state: StateLike) -> Outcome:
    """Winners, scores, breakdowns, what ended the game and the tie-break [end.trigger-progress]
    [end.trigger-deck] [score.winner]."""
    n = state.config.players
    if n == 1:
        return solo_outcome(state)
    won, tiebreak = winners(state)
    if state.ending == "progress":
        reason = f"the progress train reached space {state.end_space} of the progress track"
        rule = "end.trigger-progress"
    elif state.ending == "deck":
        reason = "the train deck and the discard pile were both empty"
        rule = "end.trigger-deck"
    else:
        reason = "scored as the position stands (the end has not been triggered)"
        rule = "score.winner"
    return Outcome(
        winners=won,
        scores={p: score(state, p) for p in range(1, n + 1)},
        breakdown={p: breakdown(state, p) for p in range(1, n + 1)},
        reason=reason,
        rule=rule,
        tiebreak=tiebreak,
    )

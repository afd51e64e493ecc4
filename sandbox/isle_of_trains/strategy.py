"""What a greedy player values in Isle of Trains, as named terms the bot can explain."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains.scoring import score

if TYPE_CHECKING:
    from sandbox.isle_of_trains.model import Player
    from sandbox.isle_of_trains.state import State

ISLANDS = {i.name: i for i in data.all_islands()}
KINDS = ("coal", "oil", "box")


def covered(need: data.Cargo, loads: list[str]) -> int:
    """How many of a contract's cargo icons these loads could pay now."""
    left = {k: need.count(k) for k in KINDS}
    got, spare = 0, 0
    for kind in KINDS:
        have = loads.count(kind)
        used = min(have, left[kind])
        got, left[kind], spare = got + used, left[kind] - used, spare + have - used
    wild = loads.count("any")
    fill = min(wild, sum(left.values()))
    got, wild = got + fill, wild - fill
    return got + min(need.count("any"), spare + wild)


def readiness(state: State, me: Player) -> float:
    """The best contract within reach, valued by the share of its cargo already loaded: a
    player who only banks small gains never delivers, and a game where nobody delivers never
    ends (the progress train only moves on deliveries)."""
    loads = [ld.kind for car in me.train for ld in car.loads if ld.kind != "passenger"]
    beside = me.island_beside_engine
    if beside is None:
        options = [(ISLANDS[n].primary.cargo, ISLANDS[n].primary.vp) for n in state.islands]
    else:
        options = [(c.cargo, c.vp) for c in ISLANDS[beside.island].secondaries]
    best = 0.0
    for need, vp in options:
        if need.total:
            best = max(best, vp * covered(need, loads) / need.total)
    return best


def assess(state: State, player: int) -> dict[str, float]:
    """Points as the game would score them now count fully; cards (the game's money, also
    those still to be drawn) and passengers waiting beside the engine count a little, so
    taking is worth something but never more than turning it into points; cargo that pays
    a contract in reach counts towards it."""
    me = state.player(player)
    coming = sum(f.get("n", 0) for f in state.stack if f.kind == "draw" and f.get("to") == player)
    waiting = sum(f.get("n", 0) for f in state.stack if f.kind == "passenger" and f.get("to") == player)
    return {
        "points": float(score(state, player)),
        "cards in hand": 0.35 * (len(me.hand) + coming),
        "passengers beside the engine": 0.25 * (len(me.supply) + waiting),
        "cargo towards a contract": 0.6 * readiness(state, me),
    }

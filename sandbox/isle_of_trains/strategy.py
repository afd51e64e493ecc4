"""What a greedy player values in Isle of Trains, as named terms the bot can explain."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sandbox.isle_of_trains.scoring import score

if TYPE_CHECKING:
    from sandbox.isle_of_trains.state import State


def assess(state: State, player: int) -> dict[str, float]:
    """Points as the game would score them now count fully; cards (the game's money, also
    those still to be drawn) and passengers waiting beside the engine count a little, so
    taking is worth something but never more than turning it into points."""
    me = state.player(player)
    coming = sum(f.get("n", 0) for f in state.stack if f.kind == "draw" and f.get("to") == player)
    waiting = sum(f.get("n", 0) for f in state.stack if f.kind == "passenger" and f.get("to") == player)
    return {
        "points": float(score(state, player)),
        "cards in hand": 0.35 * (len(me.hand) + coming),
        "passengers beside the engine": 0.45 * (len(me.supply) + waiting),
    }

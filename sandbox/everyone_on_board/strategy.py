"""What a greedy player values in Everyone On Board‽, as named terms the bot can explain."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sandbox.everyone_on_board.state import State


def assess(state: State, player: int) -> dict[str, float]:
    """Points banked count fully; points aboard a train count most of their value (it may be
    taken over before it leaves); matching Passengers waiting beside my train count a little;
    points aboard rivals' trains count against me. Cards in hand carry no value: valuing them
    made the bot shuffle Passengers between platforms instead of playing from its hand, so
    nobody drew, no All Aboard! card came, and the game stalled."""
    mine = theirs = ready = 0
    for track in state.tracks:
        train = track.train
        if train is None:
            continue
        if train.controller == player:
            mine += train.value
            ready += sum(c.rank for c in track.platform if c.suit == train.collector.suit)
        else:
            theirs += train.value
    return {
        "points scored": float(state.points[player - 1]),
        "aboard my trains": 0.8 * mine,
        "waiting to board my trains": 0.3 * ready,
        "aboard rivals' trains": -0.5 * theirs,
    }

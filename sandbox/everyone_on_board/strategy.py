"""What a greedy player values in Everyone On Board‽, as named terms the bot can explain."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sandbox.everyone_on_board.state import State


def assess(state: State, player: int) -> dict[str, float]:
    """Points banked count fully; points aboard a train count most of their value (it may be
    taken over before it leaves); matching Passengers waiting beside my train count a little;
    points aboard rivals' trains, and matching Passengers waiting beside them, count against me.
    Cards in hand carry no value but Ticket Collectors, the one way to take over a loaded
    train (`HELD_COLLECTOR` each, for the first `HELD_MOST`): valuing Passengers in hand made
    the bot shuffle Passengers between platforms instead of playing from its hand, so nobody
    drew, no All Aboard! card came, and the game stalled."""
    mine = theirs = ready = rivals_ready = 0
    for track in state.tracks:
        train = track.train
        if train is None:
            continue
        suit = train.collector.suit
        waiting = sum(c.rank for c in track.platform if c.suit == suit)
        if train.controller == player:
            mine += train.value
            ready += waiting
        else:
            theirs += train.value
            rivals_ready += waiting
    held = sum(1 for c in state.hand(player) if c.is_collector)
    return {
        "points scored": float(state.points[player - 1]),
        "aboard my trains": 0.8 * mine,
        "waiting to board my trains": 0.3 * ready,
        "aboard rivals' trains": -0.5 * theirs,
        "waiting to board rivals' trains": -RIVALS_READY * rivals_ready,
        "Ticket Collectors in hand": HELD_COLLECTOR * min(held, HELD_MOST),
    }


HELD_COLLECTOR = 1.5
"""A Ticket Collector kept in hand, in points: the answer to a rival's loaded train. Without it
the bot played or discarded its Collectors on a whim (a tie with ending the turn), and the random
bot took over trains it had filled: 80% of 2-player games won against the random bot (200
games), 88% with it."""
HELD_MOST = 2
"""Collectors in hand beyond two add nothing: a hand of Collectors has no Passengers to play."""
RIVALS_READY = 0.3
"""A point of matching Passengers waiting beside a rival's train, against me: they board it
next. Without it the bot put Passengers on a rival's platform as readily as anywhere (with
`HELD_COLLECTOR`: 88% of 2-player games won, 90% with it)."""

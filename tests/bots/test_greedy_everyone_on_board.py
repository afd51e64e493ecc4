"""Everyone On Board‽'s greedy bot keeps what wins games against the random bot: a Ticket
Collector in hand (the one way to take over a loaded train) and Passengers off a rival's
platform where they would board the rival's train (sandbox/everyone_on_board/strategy.py)."""

from __future__ import annotations

from sandbox.bots import GreedyBot
from sandbox.everyone_on_board.actions import Discard, Move
from sandbox.everyone_on_board.config import Config
from sandbox.everyone_on_board.position import position

SEEDS = range(12)  # ties go at random by the bot's seed: a tie would show in a dozen seeds


def _table(phase: str, hand: str, players: int = 2, tracks: int = 1):
    config = Config.make(players, tracks=tracks)
    return position(config, {"player": 1, "phase": phase, "hands": {1: hand},
                             "tracks": {1: {"train": "QS", "by": 2, "aboard": "10S"}}})


def test_greedy_keeps_a_ticket_collector_in_hand():
    """Discarding the King gains nothing now, but loses the answer to P2's loaded train."""
    state = _table("discard", "KH 5C 6C 7D 8D")
    for seed in SEEDS:
        action = GreedyBot(seed=seed).choose(state.view(1), 1).action
        assert not (isinstance(action, Discard) and "K" in str(action)), (seed, action)


def test_greedy_keeps_passengers_off_a_rivals_platform_of_their_suit():
    """A Spade on platform 1 would board P2's Queen of Spades' train; platform 2 is as good a
    place for it and helps nobody."""
    state = _table("move", "9S", tracks=2)
    for seed in SEEDS:
        action = GreedyBot(seed=seed).choose(state.view(1), 1).action
        assert isinstance(action, Move) and "platform 2" in state.describe(action, 1), (seed, action)

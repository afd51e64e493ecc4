"""Everyone On Board‽ as learning agents see it (`sandbox.rl`): features and action numbers.

Observation (`FEATURES` numbers, from the player's view only; seats rotated so "me" is first):

- my hand: one flag per card of the deck (54), and how many cards each seat holds;
- the discard pile (face up, open to all): one flag per card;
- every track (up to 12): whether it is in play, the Passengers waiting on its platform by
  rank (5-10), and its train: the Ticket Collector (J, Q, K), who controls it, and the
  Passengers aboard (how many, their value);
- the score, and the game's clock: banked points per seat, trains gone of the schedule,
  cards left to draw, whose decision it is, the Moves made this turn, an All Aboard! played.

Actions are numbered once for the whole game (`ACTIONS`): every card to every platform and
track, every discard, End turn; the same number means the same action in every state.
"""

from __future__ import annotations

from typing import Any

from sandbox.core.encoding import Encoding, numbering, one_hot, rotated
from sandbox.everyone_on_board.actions import DISCARDS, END, MAX_TRACKS, MOVES
from sandbox.everyone_on_board.cards import CARDS
from sandbox.everyone_on_board.frames import MAX_PLAYERS

DECK = CARDS[1:]  # the 54 cards (CARDS[0] is the face-down card)
RANKS = range(5, 11)  # Passenger ranks
COLLECTORS = (11, 12, 13)  # J, Q, K
PER_TRACK = 1 + len(RANKS) + 1 + len(COLLECTORS) + MAX_PLAYERS + 2
FEATURES = len(DECK) + MAX_PLAYERS + len(DECK) + MAX_TRACKS * PER_TRACK + MAX_PLAYERS + 3 + MAX_PLAYERS + 3


def observe(view: Any, player: int) -> list[float]:
    """The numbers `player` sees in `view` (see the module docstring for their order)."""
    seats = rotated(player, view.config.players, pad=MAX_PLAYERS)
    return [*_hand(view, player, seats), *_flags(view.discard),
            *(x for n in range(MAX_TRACKS) for x in _track(view, n, seats)),
            *_clock(view, seats)]


def _flags(cards: Any) -> list[float]:
    """One flag per card of the deck: whether it is among `cards`."""
    flags = [0.0] * len(DECK)
    for card in cards:
        if card.key > 0:  # a face-down card is no card in particular
            flags[card.key - 1] = 1.0
    return flags


def _hand(view: Any, player: int, seats: tuple[int, ...]) -> list[float]:
    sizes = [float(len(view.hands[s - 1])) if s else 0.0 for s in seats]
    return [*_flags(view.hands[player - 1]), *sizes]


def _track(view: Any, n: int, seats: tuple[int, ...]) -> list[float]:
    """Track n+1: in play, platform by rank, and its train (collector, controller, aboard)."""
    if n >= len(view.tracks):
        return [0.0] * PER_TRACK
    track = view.tracks[n]
    waiting = [float(sum(c.rank == r for c in track.platform)) for r in RANKS]
    train = track.train
    if train is None:
        return [1.0, *waiting, 0.0, *[0.0] * (len(COLLECTORS) + MAX_PLAYERS + 2)]
    return [1.0, *waiting, 1.0, *one_hot(train.collector.rank, COLLECTORS),
            *one_hot(train.controller, seats), float(len(train.aboard)), train.value / 10.0]


def _clock(view: Any, seats: tuple[int, ...]) -> list[float]:
    """Scores, trains gone, cards left, whose decision it is, this turn's progress."""
    points = [float(view.points[s - 1]) / 10.0 if s else 0.0 for s in seats]
    schedule = view.config.schedule
    return [*points, len(view.departures) / schedule, len(view.deck) / len(DECK),
            float(view.is_over), *one_hot(view.to_move, seats), float(view.moves),
            float(view.signalled), float(view.signal_card is not None)]


ACTIONS, action_index = numbering([*(m for moves in MOVES[1:] for m in moves), *DISCARDS[1:], END])
"""Every Move (each card to each spot), every Discard, and End turn, numbered once."""

ENCODING = Encoding(features=FEATURES, observe=observe, actions=ACTIONS, action_index=action_index)

"""The decisions of Everyone On Board‽ as a stack of core `Frame`s, the top one pending.

A turn of player p starts as four frames, the last on top:

    discard(p, moves=2)  move(p, number=2)  move(p, number=1)  draw(seat=p)

- `deal` / `draw` (chance decides; `seat`: whose hand the card goes to): drawn from until that
  hand holds five cards (or both piles are empty), then taken off. The deal is one `deal`
  frame per seat, P1 on top, laid over P1's first turn.
- `signal` (an All Aboard! card being played: `card`, and the `tracks` whose trains are still
  to answer it): never pending; the rules answer it train by train, putting a `coin` on top
  for a Quirky Queen, and take it off with the card going to the discard pile.
- `coin` (chance decides whether the Queen on `track` leaves).
- `move` (the player's Move `number` 1 or 2), then `discard` (discards and the end of the
  turn; `moves`: the Moves made, fewer than two when the rest had to be skipped).

An empty stack is the end of the game. Frames that recur are built once here (interned), so a
transition takes frames off and puts them on without building any.
"""

from __future__ import annotations

from sandbox.core.decision import Frame
from sandbox.core.pending import CHANCE
from sandbox.everyone_on_board.cards import Card

MOVES_PER_TURN = 2
MAX_PLAYERS = 4

DEAL, DRAW, SIGNAL, COIN, MOVE, DISCARD = "deal", "draw", "signal", "coin", "move", "discard"
CHANCE_KINDS = frozenset((DEAL, DRAW, COIN))
"""The kinds of frame chance decides."""

_SEATS = range(1, MAX_PLAYERS + 1)
DEAL_FRAMES = {p: Frame.make(DEAL, CHANCE, seat=p) for p in _SEATS}
DRAW_FRAMES = {p: Frame.make(DRAW, CHANCE, seat=p) for p in _SEATS}
MOVE_FRAMES = {(p, k): Frame.make(MOVE, p, number=k) for p in _SEATS
               for k in range(1, MOVES_PER_TURN + 1)}
DISCARD_FRAMES = {(p, k): Frame.make(DISCARD, p, moves=k) for p in _SEATS
                  for k in range(MOVES_PER_TURN + 1)}
_COINS: dict[int, Frame] = {}


TURNS = {p: (DISCARD_FRAMES[p, MOVES_PER_TURN],
             *(MOVE_FRAMES[p, k] for k in range(MOVES_PER_TURN, 0, -1)), DRAW_FRAMES[p])
         for p in _SEATS}


def turn(player: int) -> tuple[Frame, ...]:
    """A whole turn of `player`, the draw on top."""
    return TURNS[player]


def deal(players: int) -> tuple[Frame, ...]:
    """The table before the deal: P1's first turn under one deal per seat, P1's on top."""
    return (*TURNS[1], *(DEAL_FRAMES[p] for p in range(players, 0, -1)))


def at_move(player: int, made: int) -> tuple[Frame, ...]:
    """The rest of `player`'s turn after `made` Moves (0 or 1): the Moves left, then discards."""
    return (DISCARD_FRAMES[player, MOVES_PER_TURN],
            *(MOVE_FRAMES[player, k] for k in range(MOVES_PER_TURN, made, -1)))


def discarding(player: int, made: int = MOVES_PER_TURN) -> tuple[Frame, ...]:
    """The end of `player`'s turn: discards, after `made` Moves."""
    return (DISCARD_FRAMES[player, made],)


def coin(track: int) -> Frame:
    """The Quirky Queen's coin on `track`."""
    frame = _COINS.get(track)
    if frame is None:
        frame = _COINS[track] = Frame.make(COIN, CHANCE, track=track)
    return frame


def signal(player: int, card: Card, tracks: tuple[int, ...]) -> Frame:
    """`card` (an All Aboard! card `player` drew) being played: `tracks` still to answer."""
    return Frame.make(SIGNAL, player, card=card, tracks=tracks)

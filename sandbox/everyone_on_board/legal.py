"""The fast path to the legal actions of Everyone On Board‽: lookups, no checks, no messages.

Every Move a card can make from a hand, or from platform m of a station of k tracks, is worked
out once into a table indexed by the card's key, made of the interned actions of `actions.py`;
generating the legal Moves of a position is then one lookup per card. `State.explain` checks
the same rules one by one (`State._violations`), and a property test keeps the two in
agreement, order included (tests/everyone_on_board/test_11_two_paths.py).

Chance draws are sampled here too, with the very arithmetic `random.choices` uses over the
pending chances (1/k for each of k cards), so every seeded game deals the same cards.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from sandbox.everyone_on_board.actions import DISCARDS, DRAWS, END, TO_PLATFORM, TO_TRACK, Draw, Move
from sandbox.everyone_on_board.cards import CARDS, Card

if TYPE_CHECKING:
    from sandbox.everyone_on_board.model import Track

Table = tuple[tuple[Move, ...], ...]
"""Moves by card key; the last entry (key -1, no card of the deck) is empty."""

_FROM_HAND: dict[int, Table] = {}
_WAITING: dict[tuple[int, int], tuple[Table, Table]] = {}


def moves(hand: tuple[Card, ...], tracks: tuple[Track, ...],
          moved: tuple[Card, ...]) -> tuple[Move, ...]:
    """Every legal Move of the player holding `hand`, in the order of the candidates (card by
    card: the hand, then the platforms; for each, P1, T1, P2, T2, ...): a Passenger from the
    hand to any platform; a Ticket Collector from the hand to any track; a Passenger waiting
    on platform m (not Moved yet this turn) to any other platform, or aboard the train beside
    it if the suits match. A face-down card (another seat's view) is never Moved."""
    k = len(tracks)
    gone = {c.key for c in moved} if moved else None
    from_hand = _FROM_HAND.get(k) or _from_hand(k)
    out: list[Move] = []
    for c in hand:
        if gone is None or c.key not in gone:
            out += from_hand[c.key]
    for m, track in enumerate(tracks, 1):
        if track.platform:
            stays, boards = _WAITING.get((k, m)) or _waiting(k, m)
            suit = track.train.collector.suit if track.train is not None else None
            for c in track.platform:
                if gone is None or c.key not in gone:
                    out += (boards if c.suit == suit else stays)[c.key]
    return tuple(out)


def _from_hand(k: int) -> Table:
    """The Moves of each card from the mover's hand, in a station of k tracks."""
    table = _FROM_HAND[k] = (*(TO_PLATFORM[c.key][:k] if c.is_passenger else
                               TO_TRACK[c.key][:k] if c.is_collector else () for c in CARDS), ())
    return table


def _waiting(k: int, m: int) -> tuple[Table, Table]:
    """The Moves of each card waiting on platform m of a station of k tracks: when the train
    on track m does not take it (no train, another suit), and when it does."""

    def away(c: Card, boards: bool) -> tuple[Move, ...]:
        if c.is_collector:  # never on a platform in play; the rules would allow any track
            return TO_TRACK[c.key][:k]
        if not c.is_passenger:
            return ()
        to = TO_PLATFORM[c.key]
        return (*to[:m - 1], *((TO_TRACK[c.key][m - 1],) if boards else ()), *to[m:k])

    found = _WAITING[k, m] = ((*(away(c, False) for c in CARDS), ()),
                              (*(away(c, True) for c in CARDS), ()))
    return found


def discards(hand: tuple[Card, ...]) -> tuple[Any, ...]:
    """The end of the turn, then a discard of each card in `hand` (a card face down, in a view
    from another seat, cannot be named)."""
    return (END, *[DISCARDS[c.key] for c in hand if c.rank >= 0])


def draws(deck: tuple[Card, ...]) -> tuple[Draw, ...]:
    """A draw of each card of the (full, sorted) draw pile."""
    return tuple([DRAWS[c.key] for c in deck])


# --- chance ---------------------------------------------------------------------------------
_CHANCES: dict[int, tuple[float, ...]] = {}
_CUMULATIVE: dict[int, tuple[list[float], float]] = {}


def chances(k: int) -> tuple[float, ...]:
    """The chances of k cards drawn alike: 1/k each (one tuple per k, shared)."""
    found = _CHANCES.get(k)
    if found is None:
        found = _CHANCES[k] = (1 / k,) * k
    return found


def sample_draw(deck: tuple[Card, ...], rng: Any) -> Draw:
    """The card the dealer draws from `deck` (not empty): the same `random()` and the same
    arithmetic as `rng.choices(draws(deck), chances(len(deck)))`, without building either."""
    k = len(deck)
    cum, total = _CUMULATIVE.get(k) or _cumulative(k)
    return DRAWS[deck[bisect_right(cum, rng.random() * total, 0, k - 1)].key]


def _cumulative(k: int) -> tuple[list[float], float]:
    """The cumulative weights and their total as `random.choices` works them out from
    `chances(k)` (sums of floats: not exactly 1/k steps, hence kept as it computes them)."""
    cum = list(accumulate(chances(k)))
    found = _CUMULATIVE[k] = (cum, cum[-1] + 0.0)
    return found

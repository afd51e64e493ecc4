"""Isle of Trains as learning agents see it (`sandbox.rl`): features from a player's view.

Observation (`FEATURES` numbers; seats rotated so "me" is first, absent seats all zeros):

- my hand: how many of each card type (35) I hold;
- every seat's area: hand size, the cards of its train and its buildings by type, loads by
  kind (coal, oil, box; face-down ones count as the cargo they are loaded as, which everyone
  sees), passengers aboard and beside the engine by destination, VP tokens, islands taken,
  passengers delivered, the progress train;
- the public board: the display (a card type per slot), the discard pile's top card and size,
  the train deck's size, the passenger bag by destination, which islands are left, how full
  each destination's ticket is, the progress track, the end trigger;
- the decision: whose turn, who decides, actions left, what kind of decision it is.

Actions keep the generic numbering (the position in the legal list, at most `ACTIONS`): a
build names a card and two train positions and a load a card and any seat's car, so a fixed
table would run to tens of thousands of numbers, nearly all never legal together.
"""

from __future__ import annotations

from typing import Any

from sandbox.core.encoding import Encoding, one_hot, rotated
from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains.actions import DESTINATIONS as PLACES

MAX_PLAYERS = 4
TYPES: tuple[str, ...] = tuple(data.card_types())
SLOT = {card: i for i, card in enumerate(TYPES)}
DESTINATIONS = tuple(code for code in PLACES if code != "RS")  # passengers' destinations (codes)
ISLANDS: tuple[str, ...] = tuple(i.name for i in data.all_islands())
CARGO = ("coal", "oil", "box")
KINDS = ("action", "pay", "extra", "discard", "hand-limit", "building", "deliver", "contract",
         "bonus-A", "bonus-B", "bonus-L", "bonus-D", "bonus-L/D", "passenger", "over")
PER_SEAT = 1 + len(TYPES) + len(CARGO) + 2 * len(DESTINATIONS) + 4
BOARD = 3 * len(TYPES) + len(TYPES) + 2 + len(DESTINATIONS) + len(ISLANDS) + len(DESTINATIONS) + 4
DECISION = 2 * MAX_PLAYERS + 1 + len(KINDS)
FEATURES = len(TYPES) + MAX_PLAYERS * PER_SEAT + BOARD + DECISION
ACTIONS = 768
"""The most legal actions at once: random 4-player games reach about 270 (a build or a load
names train positions), so three times the room."""


def observe(view: Any, player: int) -> list[float]:
    """The numbers `player` sees in `view` (see the module docstring for their order)."""
    seats = rotated(player, view.config.players, pad=MAX_PLAYERS)
    out = _counts(view.players[player - 1].hand)
    for seat in seats:
        out += _seat(view.players[seat - 1]) if seat else [0.0] * PER_SEAT
    return out + _board(view) + _decision(view, seats)


def _counts(cards: Any) -> list[float]:
    """How many of each card type are among `cards` (face-down "??" count as none)."""
    counts = [0.0] * len(TYPES)
    for card in cards:
        slot = SLOT.get(card)
        if slot is not None:
            counts[slot] += 1.0
    return counts


def _by_destination(passengers: Any) -> list[float]:
    return [float(sum(p == d for p in passengers)) for d in DESTINATIONS]


def _seat(pl: Any) -> list[float]:
    """One seat's area as everyone sees it (its hand only by size)."""
    loads = [ld for car in pl.train for ld in car.loads]
    cargo = [float(sum(ld.kind == kind for ld in loads)) for kind in CARGO]
    aboard = [ld.dest for ld in loads if ld.kind == "passenger"]
    cards = _counts([car.card for car in pl.train] + list(pl.buildings))
    return [float(len(pl.hand)), *cards, *cargo, *_by_destination(aboard), *_by_destination(pl.supply),
            pl.tokens / 10.0, float(len(pl.islands)), float(len(pl.delivered)), float(pl.progress_train)]


def _board(view: Any) -> list[float]:
    """The public board: display, discard, deck, bag, islands, tickets, progress, end."""
    display = [x for card in view.display for x in one_hot(card, TYPES)]
    display += [0.0] * (3 * len(TYPES) - len(display))
    top = one_hot(view.discard[-1] if view.discard else None, TYPES)
    islands = [float(name in view.islands) for name in ISLANDS]
    filled = {t.destination: len(t.filled) for t in view.tickets}
    return [*display, *top, len(view.discard) / 10.0, len(view.deck) / 10.0,
            *_by_destination(view.bag), *islands, *(float(filled.get(d, 0)) for d in DESTINATIONS),
            float(view.progress), float(bool(view.ending)), float(view.final_left), float(view.turn) / 100.0]


def _decision(view: Any, seats: tuple[int, ...]) -> list[float]:
    kind = view.pending.kind
    return [*one_hot(view.current, seats), *one_hot(view.to_move, seats), float(view.actions_left),
            *one_hot(kind, KINDS)]


ENCODING = Encoding(features=FEATURES, observe=observe, actions=ACTIONS)

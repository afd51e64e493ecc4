"""The events of Everyone On Board‽ that recur, told once.

A draw, a Move, a discard, the end of a turn: the event each tells is fixed by a few numbers
(whose turn, which card, which track), so it is built the first time it happens and shared
from then on. A history of thousands of plies then keeps one event per thing that can happen,
not one per ply, and a transition that tells a single such event shares its one-event tuple
too (`alone`). Events are immutable; a shared event's data is read-only. The text is still
formatted only when someone reads it (`Event.args`).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from sandbox.core.events import Event
from sandbox.everyone_on_board.cards import Card

_TOLD: dict[tuple[Any, ...], Event] = {}
_ALONE: dict[int, tuple[Event, ...]] = {}  # id(event) -> (event,); told events live for good


def told(key: tuple[Any, ...], kind: str, template: str, args: tuple[Any, ...], rule: str,
         actor: int, secret_for: int | None = None, public_text: str = "", **data: Any) -> Event:
    """The event `key` names: built the first time, the same object from then on."""
    event = _TOLD.get(key)
    if event is None:
        event = _TOLD[key] = Event(kind, template, rule, actor, MappingProxyType(data), secret_for,
                                   public_text, args)
        _ALONE[id(event)] = (event,)
    return event


def alone(events: list[Event]) -> tuple[Event, ...]:
    """`events` as a tuple: for one told event, the tuple kept with it."""
    if len(events) == 1:
        found = _ALONE.get(id(events[0]))
        if found is not None:
            return found
    return tuple(events)


def drawn(p: int, card: Card) -> Event:
    """P draws a card (the card only P reads)."""
    return _TOLD.get(("draw", p, card.key)) or told(
        ("draw", p, card.key), "draw", "P{} draws {}", (p, card), "turn.draw", p, p,
        f"P{p} draws a card", card=card.notation)


def dealt(p: int, card: Card) -> Event:
    """P is dealt a card (the card only P reads)."""
    return _TOLD.get(("deal", p, card.key)) or told(
        ("deal", p, card.key), "deal", "P{} is dealt {}", (p, card), "ruling.deal", p, p,
        f"P{p} is dealt a card", card=card.notation)


def discarded(p: int, card: Card) -> Event:
    return _TOLD.get(("discard", p, card.key)) or told(
        ("discard", p, card.key), "discard", "P{} discards {}", (p, card), "turn.discard", p,
        card=card.notation)


def to_platform(p: int, card: Card, src: int, n: int, to: str) -> Event:
    """P Moves a Passenger from the hand (`src` 0) or platform `src` to platform `n`."""
    key = ("move", p, card.key, n, src)
    return _TOLD.get(key) or told(
        key, "move", "P{} Moves {} from {} to platform {}",
        (p, card, f"platform {src}" if src else "hand", n), "move.passenger", p,
        card=card.notation, to=to)


def boarded(p: int, card: Card, n: int, collector: Card) -> Event:
    """P Moves a Passenger aboard the train on track `n`, led by `collector`."""
    key = ("board", p, card.key, n, collector.key)
    return _TOLD.get(key) or told(
        key, "board", "P{} Moves {} aboard the train on track {} (suit matches {})",
        (p, card, n, collector), "passenger.suit", p, card=card.notation, track=n)


def arrived(p: int, card: Card, n: int) -> Event:
    """P Moves a Ticket Collector to the empty track `n`."""
    key = ("arrive", p, card.key, n)
    return _TOLD.get(key) or told(
        key, "arrive", "P{} Moves {} to empty track {}: a train arrives, controlled by P{}",
        (p, card, n, p), "collector.arrive", p, card=card.notation, track=n)


def turn_ends(p: int, nxt: int) -> Event:
    return _TOLD.get(("turn", p, nxt)) or told(
        ("turn", p, nxt), "turn", "P{} ends the turn; P{} is next", (p, nxt), "turn.discard", p)

"""Helpers for the Isle of Trains rule tests: matches from written positions, refusals checked
with the rule they cite, events by kind, and the census of every card and passenger."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

import sandbox
from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains.actions import CODE
from sandbox.isle_of_trains.state import State

GAME = "isle_of_trains"
FULL_DECK = Counter(data.deck())
FULL_BAG = Counter(CODE[n] for n in data.passengers())


def game(spec: dict[str, Any] | None = None, players: int = 2, seed: int = 1, force=(),
         **rulings: str) -> sandbox.Match:
    """A match from a written position (see sandbox/isle_of_trains/position.py); `force` queues
    the chance outcomes (draw C1, passenger BI) the test wants."""
    return sandbox.new_game(GAME, players=players, seed=seed, position=spec or {}, force=force, **rulings)


def at(state: State, seed: int = 1, force=()) -> sandbox.Match:
    """A match continuing from a state built by hand (for piles a written position cannot say,
    e.g. an empty deck with an empty discard pile)."""
    return sandbox.Match.from_state(state, seed=seed, force=force)


def changed(m: sandbox.Match, **fields: Any) -> sandbox.Match:
    """The same match's current state with some fields replaced."""
    return at(replace(m.state, **fields), m.seed)


def rules(m: sandbox.Match, action: str) -> list[str]:
    """The rules `action` breaks now (empty when it is legal)."""
    return [v.rule for v in m.explain(action).violations]


def refused(m: sandbox.Match, action: str, rule: str) -> None:
    """`action` is refused citing `rule`, is not among the legal actions, and playing it raises
    and changes nothing."""
    assert rule in rules(m, action), (action, m.explain(action))
    parsed = m.state.parse(action)
    assert parsed not in m.legal_actions()
    before, ply = m.state, m.ply
    with pytest.raises(sandbox.IllegalAction):
        m.play(action)
    assert m.state is before and m.ply == ply


def legal(m: sandbox.Match, action: str) -> bool:
    parsed = m.state.parse(action)
    ok = m.explain(action).ok
    assert ok == (parsed in m.legal_actions()), action
    return ok


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def of(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def texts(events) -> list[str]:
    return [e.text for e in events]


def census(state: State) -> tuple[Counter, Counter]:
    """Every card and passenger of the game, wherever it is (deck, discard, display, hands,
    trains, loads, buildings, frames holding things aside, out of the game, returned on top of
    the deck in solo)."""
    cards: Counter = Counter(state.deck) + Counter(state.discard) + Counter(c for c in state.display if c)
    cards.update(state.removed)
    cards.update(state.returned)
    bag: Counter = Counter(state.bag)
    for pl in state.players:
        cards.update(pl.hand)
        cards.update(pl.buildings)
        cards.update(c.card for c in pl.train)
        cards.update(ld.card for c in pl.train for ld in c.loads if ld.card)
        bag.update(pl.supply)
        bag.update(ld.dest for c in pl.train for ld in c.loads if ld.kind == "passenger")
    for t in state.tickets:
        bag.update(t.filled)
    for f in state.stack:
        if f.kind == "deliver":
            aside = f.get("aside") or ()
            cards.update(a for a in aside if a not in CODE.values())
            bag.update(a for a in aside if a in CODE.values())
        if f.kind == "set-aside":
            cards.update(f.get("cards"))
            bag.update(f.get("passengers"))
    return cards, bag


def assert_conserved(state: State) -> None:
    cards, bag = census(state)
    assert cards == FULL_DECK, (cards - FULL_DECK, FULL_DECK - cards)
    assert bag == FULL_BAG, (bag - FULL_BAG, FULL_BAG - bag)

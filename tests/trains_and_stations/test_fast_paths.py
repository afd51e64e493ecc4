"""The engine's fast paths compute the same game as the plain rules (issue 30): a transition
changes its own new state in place before handing it out, never a state already handed out;
what a state works out about itself (legal actions, free route spaces), whether carried over
from the move that made it or worked out afresh, agrees with a copy that knows nothing; and a
choice of dice is one frame object whatever the order of its toggles, so what it offers is
worked out once."""

from __future__ import annotations

import random
from dataclasses import fields

from sandbox.core.decision import Toggle
from sandbox.core.pending import CHANCE
from sandbox.core.state import evolve, memo_names
from sandbox.trains_and_stations import Config, State

from .test_properties import config_for


def _fields(state: State) -> tuple:
    return tuple(getattr(state, f.name) for f in fields(state))


def _knowing_nothing(state: State) -> State:
    """A copy of `state` with nothing worked out."""
    copy = evolve(state)
    for key in memo_names(State):
        copy.__dict__.pop(key, None)
    return copy


def _walk(seed: int, plies: int = 3000):
    """A seeded random game: each state with the action played from it."""
    rng = random.Random(seed)
    state = State.start(config_for(seed))
    for _ in range(plies):
        if state.is_over:
            return
        action = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_actions())
        yield state, action
        state, _ = state.apply(action)


def test_a_transition_leaves_the_state_it_was_played_from_as_it_was():
    for seed in range(8):
        for state, action in _walk(seed):
            before = _fields(state)
            state.apply(action)
            assert _fields(state) == before, (seed, action)


def test_what_a_state_worked_out_agrees_with_a_copy_that_knows_nothing():
    for seed in range(8):
        for state, _action in _walk(seed):
            if state.to_move == CHANCE:
                continue
            blank = _knowing_nothing(state)
            assert state.legal_actions() == tuple(blank.generate_legal()), seed
            assert state._free_spaces() == _knowing_nothing(state)._free_spaces(), seed


def test_a_choice_of_dice_is_one_frame_whatever_the_order_of_its_toggles():
    rng = random.Random(2)
    state = State.start(Config.make(3))
    while not (state.to_move != CHANCE and state.top.kind in ("reroll", "save", "roll-saved")
               and len(state.top.get("items")) >= 2):
        action = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_actions())
        state, _ = state.apply(action)
    first, second = state.top.get("items")[:2]
    one = state.apply(Toggle(first))[0].apply(Toggle(second))[0]
    other = state.apply(Toggle(second))[0].apply(Toggle(first))[0]
    assert one.top is other.top
    assert one.legal_actions() is other.legal_actions()

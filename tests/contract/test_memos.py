"""What a state works out about itself never reaches the next state: `evolve` drops it by name
(`memo_names`: the cached properties and the names a game declares in `memos`), so a state may
keep nothing else beside its fields, whatever has been asked of it."""

from __future__ import annotations

import inspect
import re
from dataclasses import fields
from pathlib import Path

import pytest

import sandbox
from sandbox.core.pending import CHANCE
from sandbox.core.state import evolve, memo_names
from tests.contract.games import GAMES, SETUPS, sampled_states


@pytest.mark.parametrize("game, players", SETUPS)
def test_a_state_keeps_nothing_but_its_fields_and_its_declared_memos(game, players):
    checked = 0
    for state in sampled_states(game, players, seed=4, every=3, limit=40):
        legal = state.legal_actions()
        state.pending.prompt, state.is_legal(object()), state.outcome, state.scores(), state.turn_marker()
        if legal:
            state.explain(legal[-1])
            state.apply(legal[0] if state.to_move != CHANCE else legal[-1])
        if state.to_move not in (None, CHANCE):
            state.assess(state.to_move)
        own = {f.name for f in fields(state)}
        undeclared = set(state.__dict__) - own - set(memo_names(type(state)))
        assert not undeclared, f"{game}: declare {sorted(undeclared)} in the state's `memos`"
        copy = evolve(state)  # its fields (in its `__dict__`, or native) and nothing it worked out
        assert copy == state and not set(copy.__dict__) - own
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game", GAMES)
def test_a_states_native_slots_are_its_fields_in_their_order(game):
    """A game whose state's fields are a native class declares its C slots again in a `.pxd`
    (Cython's own declarations, read by the modules that type the state): the same names as
    the state's fields, in the same order. Cython refuses a field it was not told of; a slot
    declared but no field would never be set."""
    info = sandbox.get_game(game)
    state = info.initial_state(info.make_config(info.players[0]))
    source = Path(inspect.getfile(type(state))).with_suffix(".py")
    for pxd in sorted(source.parent.glob("*.pxd")):
        declared = re.findall(r"^cdef class (\w+)", pxd.read_text(), re.M)
        bases = [klass for klass in type(state).__mro__ if klass.__name__ in declared]
        if bases:
            slots = re.findall(r"^    cdef readonly object (\w+)$", pxd.read_text(), re.M)
            assert slots == [f.name for f in fields(state)], pxd.name

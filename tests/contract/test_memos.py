"""What a state works out about itself never reaches the next state: `evolve` drops it by name
(`memo_names`: the cached properties and the names a game declares in `memos`), so a state may
keep nothing else beside its fields, whatever has been asked of it."""

from __future__ import annotations

from dataclasses import fields

import pytest

from sandbox.core.pending import CHANCE
from sandbox.core.state import evolve, memo_names
from tests.contract.games import SETUPS, sampled_states


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

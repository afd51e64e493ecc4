"""The two paths to legality agree, for every registered game: the fast path (`legal_actions`,
generated without a message) and the explaining path (`explain`, every rule with its numbers),
over many states of seeded random games."""

from __future__ import annotations

import random

import pytest

from sandbox.core.state import SAMPLED, evolve
from tests.contract.games import SETUPS, sampled_states


@pytest.mark.parametrize("game, players", SETUPS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_fast_path_and_explain_agree(game, players, seed):
    checked = 0
    for state in sampled_states(game, players, seed=seed, every=5, limit=60):
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal), "a legal action is listed twice"
        candidates = list(state.candidate_actions())
        assert set(legal) <= set(candidates), "a legal action the chooser would never offer"
        for action in candidates:
            # the rules' own checks, not explain(): explain refuses whatever is not listed, so it
            # could not catch a fast path that forgets an action
            broken = state._violations(action)
            assert (not broken) == (action in legal), (state.pending, action, broken)
            verdict = state.explain(action)
            assert verdict.ok == (action in legal)
            assert verdict.ok or all(v.rule and v.message for v in verdict.violations)
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize("game, players", SETUPS)
def test_a_sampled_outcome_plays_as_the_same_outcome_typed_in(game, players):
    """`apply` plays the outcome `sample_chance` has just drawn without checking it again
    (`core.state.dealt`): it must be legal, play exactly as the same outcome read from its
    notation on a fresh copy of the state, and never be carried into the next state."""
    rng = random.Random(11)
    for state in sampled_states(game, players, seed=4, every=7, limit=25, chance=True):
        outcome = state.sample_chance(rng)
        assert state.is_legal(outcome), (game, outcome)
        assert state.__dict__.get(SAMPLED, outcome) is outcome  # kept, if kept, as drawn
        after, events = state.apply(outcome)
        typed, typed_events = evolve(state).apply(outcome.notation)
        assert after == typed and [e.text for e in events] == [e.text for e in typed_events]
        assert SAMPLED not in after.__dict__ and SAMPLED not in typed.__dict__

"""The two paths to legality agree, for every registered game: the fast path (`legal_actions`,
generated without a message) and the explaining path (`explain`, every rule with its numbers),
over many states of seeded random games."""

from __future__ import annotations

import pytest

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

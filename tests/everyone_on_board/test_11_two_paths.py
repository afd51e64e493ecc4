"""Core 2's two paths to legality agree: the fast path (`generate_legal`: what bots, the lab and
`apply` use) and the explaining path (`candidate_actions` + `explain`), over many random states
of random setups, on the full table and on every seat's view, order included. The checker is
shown to fail when the two disagree. Chance is sampled exactly as the pending chances say."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sandbox.core.chance import weighted
from sandbox.core.pending import CHANCE
from sandbox.core.playthrough import random_walk
from sandbox.everyone_on_board import Config, Move, State, legal

configs = st.builds(
    lambda players, schedule, tracks, king, jack: Config.make(
        players, schedule=schedule, tracks=tracks, king=king, jack=jack),
    st.integers(2, 4), st.integers(2, 12), st.integers(1, 12),
    st.sampled_from(["waits", "boards"]), st.sampled_from(["signal", "turn-end"]))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
MAX_PLIES = 3000


def fresh(state: State) -> State:
    """The same state without anything it cached (a new object, as `replace` builds it)."""
    return dataclasses.replace(state)


def check_two_paths(state: State) -> int:
    """The legal actions are exactly the candidates the rules find nothing against, in the
    candidates' order, each once, and exactly those `explain` allows; `is_legal` answers as
    membership does, for the engine's own objects and for equal copies built by hand. Returns
    how many legal actions there were.

    Both `_violations` and `explain` are asked: `explain` also refuses whatever is not among
    the legal actions, so on its own it would not notice a legal action the fast path drops."""
    legal_actions = state.legal_actions()
    candidates = list(state.candidate_actions())
    allowed = [a for a in candidates if not state._violations(a)]
    assert set(legal_actions) == set(allowed), (
        f"fast path only: {set(legal_actions) - set(allowed)}; "
        f"rules only: {set(allowed) - set(legal_actions)}")
    assert set(legal_actions) == {a for a in candidates if state.explain(a).ok}
    assert set(legal_actions) <= set(candidates), "a legal action that is no candidate"
    assert len(set(legal_actions)) == len(legal_actions), "a legal action twice"
    assert list(legal_actions) == list(dict.fromkeys(allowed)), "the order differs"
    members = set(legal_actions)
    for action in candidates:
        copy = dataclasses.replace(action)  # equal, not the same object
        assert state.is_legal(action) == state.is_legal(copy) == (action in members), action
    return len(legal_actions)


def walk(config: Config, seed: int):
    return (s for s, *_ in random_walk(State.start(config), seed, MAX_PLIES))


@settings(max_examples=40, **SETTINGS)
@given(config=configs, seed=st.integers(0, 2**32), every=st.integers(3, 11))
def test_fast_path_agrees_with_explain_on_tables_and_views(config, seed, every):
    checked = 0
    for i, state in enumerate(walk(config, seed)):
        if i % every:
            continue
        checked += check_two_paths(fresh(state))
        for viewer in range(1, config.players + 1):
            check_two_paths(fresh(state).view(viewer))
    assert checked


@settings(max_examples=30, **SETTINGS)
@given(config=configs, seed=st.integers(0, 2**32))
def test_chance_is_sampled_as_the_pending_chances_say(config, seed):
    """`sample_chance` draws exactly what `random.choices` over the pending outcomes and
    chances draws with the same generator, using it up alike: seeded games stay the same."""
    seen = 0
    for state in walk(config, seed):
        if state.to_move != CHANCE:
            continue
        for s in (seed, seed + 1, seed * 7 + 3):
            fast, slow = random.Random(s), random.Random(s)
            assert state.sample_chance(fast) == weighted(state.chance_outcomes(), slow)
            assert fast.random() == slow.random()
        seen += 1
    assert seen


def test_draws_at_the_edges_of_the_cumulative_weights():
    """Where a random number falls right on a boundary between two cards, the fast draw and
    `random.choices` still pick the same card (the same float arithmetic, not floor(r * k))."""

    class Fixed(random.Random):
        def __init__(self, r: float) -> None:
            super().__init__()
            self.r = r

        def random(self) -> float:
            return self.r

    for k in range(1, 43):
        deck = tuple(sorted(State.start(Config.make(2)).deck))[:k]
        outcomes = tuple(zip(legal.draws(deck), legal.chances(k)))
        for i in range(k + 1):
            for r in (i / k, (i / k) * (1 - 2**-52), min(i / k * (1 + 2**-52), 1 - 2**-53)):
                if 0 <= r < 1:
                    assert legal.sample_draw(deck, Fixed(r)) == weighted(outcomes, Fixed(r))


# --- the checker has teeth ------------------------------------------------------------------
def a_position_with_moves() -> State:
    for state in walk(Config.make(3, tracks=3), 5):
        if state.pending.kind == "move" and len(state.legal_actions()) > 3:
            return fresh(state)
    raise AssertionError("no Move decision in the game")


@pytest.mark.parametrize("break_it", ["drop", "add", "reorder", "explain"])
def test_the_checker_fails_when_the_paths_disagree(monkeypatch, break_it):
    state = a_position_with_moves()
    check_two_paths(state)
    original_generate, original_violations = State.generate_legal, State._violations
    illegal = next(a for a in state.candidate_actions() if not state.explain(a).ok)
    if break_it == "drop":
        monkeypatch.setattr(State, "generate_legal", lambda s: original_generate(s)[1:])
    elif break_it == "add":
        monkeypatch.setattr(State, "generate_legal", lambda s: (*original_generate(s), illegal))
    elif break_it == "reorder":
        monkeypatch.setattr(State, "generate_legal", lambda s: tuple(reversed(original_generate(s))))
    else:  # the explaining path forgets a rule: a Move onto a platform is always fine
        monkeypatch.setattr(State, "_violations", lambda s, a: [] if isinstance(a, Move)
                            and a.to.kind == "P" else original_violations(s, a))
    with pytest.raises(AssertionError):
        check_two_paths(fresh(state))

"""Every bad input is refused clearly, at once, and leaves the match exactly as it was, for every
registered game: text that is not an action, hand-built or malformed action objects, objects
that are not actions at all, and forced chance outcomes that cannot happen."""

from __future__ import annotations

import dataclasses
import random

import pytest

import sandbox
from sandbox.bots import RandomBot
from sandbox.core import CHANCE
from sandbox.core.errors import QUOTE_LIMIT
from tests.contract.games import GAMES, SETUPS, sampled_states

JUNK_TEXT = [
    "", " ", "\n", "zz", "ZZ", "??", "take", "build", "draw", "7", "-1", "P1", "a" + " " * 150 + "b",
    "a" * 200, "a" * 201, "x" * 1_000_000, "build C1 " + "up 1 " * 40, "build C1 " + "up 1 " * 200_000,
    "\x00\x01", "🚂🚂🚂", "7H>>P1", "deliver", "' OR 1=1 --", "{}", "[]", "None",
]
NOT_ACTIONS = [None, 5, 1.5, b"end", ["end"], ("end",), {"do": "end"}, {1, 2}, object(), Ellipsis]
WEIRD = [None, "", "zz", "0", -1, 0, 10**9, 1.5, (), ("x",), [], frozenset(), object()]


def snapshot(m: sandbox.Match):
    return (m.state, m.ply, m.last_ply, m.forced, m.to_json(), len(m.cursor.children))


def played(game: str, players: int, seed: int = 1, steps: int = 60) -> sandbox.Match:
    m = sandbox.new_game(game, players=players, seed=seed)
    bots = {p: RandomBot(seed=seed + p) for p in range(1, players + 1)}
    for _ in range(steps):
        if m.step(bots) is None:
            break
    return m


@pytest.mark.parametrize("game", GAMES)
def test_text_that_is_not_an_action_is_refused_briefly_and_changes_nothing(game):
    m = played(game, sandbox.get_game(game).players[0])
    before = snapshot(m)
    for text in JUNK_TEXT:
        with pytest.raises(sandbox.IllegalAction) as info:
            m.play(text)
        message = str(info.value)
        assert len(message) < 400, f"{len(message)} characters refusing {text[:20]!r}"
        if len(text) > 2 * QUOTE_LIMIT:
            assert text not in message
        try:  # explain() refuses text it cannot read, or explains why the action it reads is refused
            verdict = m.explain(text)
        except sandbox.IllegalAction as e:
            assert len(str(e)) < 400
        else:
            assert not verdict.ok and len(str(verdict)) < 600
    assert snapshot(m) == before


@pytest.mark.parametrize("game", GAMES)
def test_objects_that_are_not_actions_are_refused(game):
    m = played(game, sandbox.get_game(game).players[0])
    before = snapshot(m)
    for thing in NOT_ACTIONS:
        with pytest.raises((sandbox.IllegalAction, TypeError)) as info:
            m.play(thing)
        assert str(info.value)
        try:
            verdict = m.explain(thing)
        except (sandbox.IllegalAction, TypeError):
            continue
        assert not verdict.ok and str(verdict)
    assert snapshot(m) == before


def mutants(action, rng: random.Random, count: int = 12):
    """Hand-built copies of a legal action with one field set to a value of the wrong kind."""
    if not dataclasses.is_dataclass(action):
        return []
    fields = [f.name for f in dataclasses.fields(action)]
    out = []
    for name in fields:
        for value in rng.sample(WEIRD, min(count, len(WEIRD))):
            try:
                out.append(dataclasses.replace(action, **{name: value}))
            except Exception:  # a constructor that already refuses it is fine too
                continue
    return out


@pytest.mark.parametrize("game, players", SETUPS)
def test_hand_built_and_malformed_actions_are_refused_and_change_nothing(game, players):
    rng = random.Random(7)
    tried = 0
    for state in sampled_states(game, players, seed=11, every=29, limit=12):
        m = sandbox.Match.from_state(state, auto_chance=False)
        before = snapshot_state(m)
        for action in rng.sample(state.legal_actions(), min(6, len(state.legal_actions()))):
            for bad in mutants(action, rng):
                if state.is_legal(bad):
                    continue
                verdict = m.explain(bad)
                assert not verdict.ok and verdict.violations and all(v.message for v in verdict.violations)
                with pytest.raises((sandbox.IllegalAction, TypeError)):
                    m.play(bad)
                with pytest.raises((sandbox.IllegalAction, TypeError)):
                    state.apply(bad)
                tried += 1
        assert snapshot_state(m) == before
    assert tried > 50


def snapshot_state(m: sandbox.Match):
    return (m.state, m.ply, m.last_ply, m.forced, len(m.cursor.children))


@pytest.mark.parametrize("game", GAMES)
def test_forced_outcomes_are_checked_when_forced(game):
    m = sandbox.new_game(game, players=sandbox.get_game(game).players[0], seed=2)
    before = snapshot(m)
    player_action = m.legal_actions()[0]
    for outcome in ["ZZ", "", "x" * 500, player_action, player_action.notation, 5]:
        with pytest.raises(sandbox.IllegalAction):
            m.force(outcome)
        assert snapshot(m) == before
    assert m.forced == ()


def chance_outcomes_by_kind(game: str, players: int) -> dict[str, object]:
    """One outcome of each kind of chance decision met in a seeded random game."""
    seen: dict[str, object] = {}
    for state in sampled_states(game, players, seed=3, every=1, limit=5000, chance=True):
        seen.setdefault(state.pending.kind, state.legal_actions()[0])
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_a_forced_outcome_that_does_not_fit_its_decision_refuses_the_play_and_changes_nothing(game):
    """An outcome chance could still give, queued, but not one the next decision can take: the
    play that reaches that decision is refused as a whole, and unforce() clears the way."""
    players = sandbox.get_game(game).players[0]
    seen = chance_outcomes_by_kind(game, players)
    if len(seen) < 2:
        pytest.skip(f"{game} has one kind of chance decision only")
    m = sandbox.new_game(game, players=players, seed=4)
    bots = {p: RandomBot(seed=p) for p in range(1, players + 1)}
    for _ in range(5000):
        assert m.pending.player is not None, "no player action led to a chance decision"
        for action in m.legal_actions():
            after, _ = m.state.apply(action)
            if after.pending.player != CHANCE:
                continue
            wrong = next((o for kind, o in seen.items() if kind != after.pending.kind
                          and not after.is_legal(o) and not m.state.forcing_violations(o)), None)
            if wrong is None:
                continue
            m.force(wrong)
            before = snapshot(m)
            with pytest.raises(sandbox.IllegalAction, match="cannot happen"):
                m.play(action)
            assert snapshot(m) == before
            assert m.unforce() == (wrong,)
            m.play(action)
            return
        m.step(bots)
    pytest.fail("no chance decision reached")

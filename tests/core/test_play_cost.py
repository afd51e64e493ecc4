"""What `match.play` costs beyond the rules: actions the engine handed out are not read or
checked again, and a long history keeps as few objects per ply as it can (each one is walked
by Python's cycle collector at every collection)."""

from __future__ import annotations

import gc
import random

import pytest

import sandbox
from sandbox.core import IllegalAction


def _played(game: str, plies: int, seed: int = 5) -> sandbox.Match:
    m = sandbox.new_game(game, seed=seed)
    rng = random.Random(seed)
    while not m.is_over and m.ply < plies:
        m.play(rng.choice(m.legal_actions()))
    return m


@pytest.mark.parametrize("game", sandbox.games())
def test_a_handed_out_action_is_played_without_a_second_check(game, monkeypatch):
    m = sandbox.new_game(game, seed=2)
    action = m.legal_actions()[0]
    state_type = type(m.state)
    calls = []

    def is_legal(self, a):
        calls.append(a)
        return True

    def read(self, a):
        calls.append(a)
        return a

    monkeypatch.setattr(state_type, "is_legal", is_legal)
    monkeypatch.setattr(state_type, "read", read)
    m.play(action)
    assert calls == [], "an action the engine handed out was read or checked again"


@pytest.mark.parametrize("game", sandbox.games())
def test_anything_else_is_still_read_and_checked(game):
    m = sandbox.new_game(game, seed=2)
    action = m.legal_actions()[0]
    before = (m.ply, m.last_ply, m.state)
    with pytest.raises(IllegalAction):
        m.play(object())
    with pytest.raises(IllegalAction):
        m.play("no such action")
    assert (m.ply, m.last_ply, m.state) == before
    m.play(action.notation)  # its notation is read to the same action
    assert m.line()[before[0] + 1].action == action


@pytest.mark.parametrize("game", sandbox.games())
def test_a_line_keeps_no_container_per_node(game):
    """A node with one child and one event holds them as they are, not in a list or a tuple
    of one; `children` and `events` still read as a list and a tuple."""
    m = _played(game, 300)
    for node in m.line()[:-1]:
        if len(node.children) == 1 and len(node.events) == 1:
            assert not [r for r in gc.get_referents(node) if type(r) in (list, tuple)], node
        assert isinstance(node.events, tuple) and isinstance(node.children, list)
    m.goto(3)  # a second child turns the lone one into a list of both
    node, old = m.cursor, m.cursor.next
    assert old is not None
    other = next((a for a in m.legal_actions() if a != old.action), None)
    if other is not None:
        m.play(other)
        assert node.children == [old, node.next] and node.next is not old

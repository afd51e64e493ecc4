"""A state reaches what sits above its module (its drawing, its bots' `assess`, a placement's
ghost) through its game's `GameInfo`, never by importing it (`tests/test_layers.py`): the core's
`GameState` methods call the registered functions, a state's own method still wins, and a game
that registers none says what to register (or, for `assess`, has no terms)."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

import sandbox
from sandbox.core.paint import SvgPainter
from sandbox.core.state import GameState
from tests.contract import solo_toy

HOOKS = ("draw", "picture_size", "assess")


def played(game: str, plies: int = 40, seed: int = 3):
    """A state some random plies into a seeded game: a table with something on it."""
    rng = random.Random(seed)
    state = sandbox.new_game(game, seed=seed).state
    for _ in range(plies):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))[0]
    return state


@pytest.mark.parametrize("game", sandbox.games())
def test_every_game_registers_its_picture_and_assess_and_its_state_leaves_them_to_the_core(game):
    info = sandbox.get_game(game)
    state = played(game)
    for hook in HOOKS:
        assert getattr(info, hook) is not None, f"{game} registers no {hook}"
        assert getattr(type(state), hook) is getattr(GameState, hook), f"{game}'s State defines {hook}"
    player = state.to_move if state.to_move not in (None, sandbox.CHANCE) else 1
    assert state.assess(player) == info.assess(state, player)
    assert state.picture_size() == info.picture_size(state)
    assert state.svg().startswith("<svg")


def test_a_states_own_method_wins_over_the_registration():
    """The solo toy draws with its own methods and registers no hooks."""
    info = sandbox.get_game(solo_toy.GAME.id)
    assert info.draw is info.picture_size is info.assess is None
    state = solo_toy.State.start(info.configure())
    assert state.picture_size() == (240, 80)
    assert "Total 0 of 10" in state.svg()


class _Undrawn(solo_toy.State):
    """The solo toy with the core's picture methods: its game registers none."""

    draw = GameState.draw
    picture_size = GameState.picture_size


class _Unregistered(solo_toy.State):
    game_id: ClassVar[str] = "no_such_game"


def test_a_game_without_hooks_says_what_to_register_and_assesses_nothing():
    info = sandbox.get_game(solo_toy.GAME.id)
    state = _Undrawn.start(info.configure())
    with pytest.raises(NotImplementedError, match=r"register GameInfo\(picture_size=\.\.\.\)"):
        state.svg()
    with pytest.raises(NotImplementedError, match=r"GameInfo\(draw=\.\.\.\).*_Undrawn\.draw"):
        state.draw(SvgPainter(10, 10))
    assert state.assess(1) == {}  # the greedy bot weighs such a game by the outcome alone
    with pytest.raises(NotImplementedError, match="draw_ghost"):
        played("everyone_on_board").draw_ghost(SvgPainter(10, 10), None, 0, 0, 10)
    stray = _Unregistered.start(info.configure())
    assert stray.assess(1) == {}
    with pytest.raises(NotImplementedError, match="no game 'no_such_game' is registered"):
        _Undrawn.draw(stray, SvgPainter(10, 10))


def test_a_traintopia_lay_is_previewed_through_the_registered_ghost():
    state = played("traintopia", plies=0)
    lay = next((a for a in state.legal_actions() if state.placement(a) is not None), None)
    while lay is None:  # the first lay of the setup comes after the deal
        state = state.apply(state.legal_actions()[0])[0]
        lay = next((a for a in state.legal_actions() if state.placement(a) is not None), None)
    painter = SvgPainter(200, 200)
    state.draw_ghost(painter, lay, 10, 10, 30)
    assert "stroke-dasharray" in painter.svg()  # the dashed edge of a preview

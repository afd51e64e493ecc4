"""The search fast path plays the very games a match plays.

`runner.play_out` (what `simulate`, `compare` and the stepper's what-ifs run on) keeps no
history, builds no event text and draws nothing; a `Match` keeps all of it. Played with the same
seed and the same bots they must make the same move at every ply and reach the same state,
for every registered game (a new game is picked up with no edit here).
"""

from __future__ import annotations

import pytest

import sandbox
from sandbox.bots import RandomBot
from sandbox.core.runner import play_out
from sandbox.core.start import new_game

SEEDS = (3, 11)


def _bots(players: int, seed: int) -> dict[int, RandomBot]:
    return {p: RandomBot(seed=100 * seed + p) for p in range(1, players + 1)}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", sandbox.games())
def test_play_out_makes_the_moves_and_states_of_a_match(game: str, seed: int) -> None:
    players = sandbox.get_game(game).usual_players
    match = new_game(game, players=players, seed=seed)
    start, first = match.state, match.ply  # after any chance the setup deals
    match.run(_bots(players, seed))
    assert match.is_over, f"{game} seed {seed}: the match did not finish"

    fast_bots = _bots(players, seed)
    state, ply = start, first
    for node in match.line()[first + 1:match.ply + 1]:  # one ply at a time, each state compared
        played = play_out(state, fast_bots, seed, ply=ply, max_plies=1, keep=True)
        assert played.actions == (node.action,), f"{game} seed {seed}, ply {node.ply}"
        assert played.state == node.state, f"{game} seed {seed}, ply {node.ply}: states differ"
        state, ply = played.state, ply + 1
    assert state.is_over and state.outcome == match.outcome

    whole = play_out(start, _bots(players, seed), seed, ply=first)  # in one call, as the lab does
    assert whole.plies == match.ply - first and whole.state == match.state

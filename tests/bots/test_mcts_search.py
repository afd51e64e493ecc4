"""What the MCTS bot searches: a game's shortlist where a decision has hundreds of options
(Traintopia's tile lays), the game's rule of thumb where its rollouts cannot tell options apart
(Trains & Stations' dice), subsets built up and never taken apart, and with `margin` the lead
that still tells options apart when every playout is lost."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import sandbox
from sandbox.bots import by_name
from sandbox.core.decision import Confirm, Toggle
from sandbox.mcts import MCTSBot, candidates, leads
from tests.bots.toy_rounds import Behind


def _decision(game: str, players: int, wanted: Any, seed: int = 1) -> Any:
    """The first decision, with greedy bots playing, where `wanted(state)` holds."""
    match = sandbox.new_game(game, players=players, seed=seed)
    info = sandbox.get_game(game)
    bots = {p: by_name("greedy", seed=p, game=info) for p in range(1, players + 1)}
    for _ in range(3000):
        state = match.state
        if state.to_move in range(1, players + 1) and wanted(state):
            return state
        match.step(bots)
    raise AssertionError(f"no such decision in {game}")


def test_traintopia_lays_are_searched_among_the_shortlist():
    """A tile fits hundreds of places: the tree tried each once and laid the tile at random
    (2-8 points a game); it now weighs the few that join most (`strategy.best_lays`)."""
    from sandbox.traintopia.strategy import SHORTLIST, best_lays

    state = _decision("traintopia", 2, lambda s: s.top is not None and s.top.kind == "lay"
                      and len(s.legal_actions()) > 50)
    p = state.to_move
    view = state.view(p)
    shortlist = best_lays(view, p, view.legal_actions_for(p))[:SHORTLIST]
    assert candidates(view, p) == best_lays(view, p, view.legal_actions_for(p))
    choice = MCTSBot(iterations=24, seed=1).choose(view, p)
    assert choice.action in shortlist, choice.reason


def test_trains_and_stations_dice_follow_the_rule_of_thumb():
    """Which dice to reroll: the greedy bot's rule decides, at once, with no search."""
    state = _decision("trains_and_stations", 3, lambda s: s.pending.kind in ("reroll", "save")
                      and len(s.legal_actions()) > 1)
    p = state.to_move
    view = state.view(p)
    expected = sandbox.get_game("trains_and_stations").bots["greedy"]().choose(view, p).action
    assert candidates(view, p) == [expected]
    choice = MCTSBot(iterations=50, seed=1).choose(view, p)
    assert choice.action == expected and "worth weighing" in choice.reason


@dataclass(frozen=True)
class _Pick:
    """A subset decision half made: d1 chosen of d1-d3."""

    chosen: tuple[str, ...] = ("d1",)
    items: tuple[str, ...] = ("d1", "d2", "d3")

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default)


@dataclass(frozen=True)
class _Subset:
    top: _Pick = _Pick()

    def legal_actions_for(self, player: int) -> list[Any]:
        return [Toggle("d1"), Toggle("d2"), Toggle("d3"), Confirm()]


def test_a_subset_is_built_up_never_taken_apart():
    """Taking d1 out again (and putting it back) was a loop the tree walked for ever."""
    assert candidates(_Subset(), 1) == [Toggle("d2"), Toggle("d3"), Confirm()]


def test_leads_are_over_the_best_other_seat():
    assert leads(Behind(points=7, left=0), 2) == (-93.0, 93.0)
    assert leads(Behind(points=4), 2) == (-96.0, 96.0)


@pytest.mark.parametrize("seed", range(3))
def test_a_margin_tells_options_apart_when_every_playout_is_lost(seed):
    choice = MCTSBot(iterations=150, seed=seed, margin=0.5).choose(Behind(), 1)
    assert choice.action == "two", choice.reason


def test_the_rollout_policy_is_checked():
    with pytest.raises(ValueError, match="rollout policy"):
        MCTSBot(policy="smart")


def test_bot_rollouts_play_the_greedy_bot_the_bots_seat_it_with():
    """The search sits below the bots and never imports them: `by_name("mcts")` hands it
    GreedyBot for "bot" rollouts in a game without a greedy bot of its own; seated directly
    without one, it says what is missing instead of guessing."""
    state = sandbox.new_game("everyone_on_board", players=2, seed=1).state
    p = state.to_move
    view = state.view(p)
    seated = by_name("mcts", seed=1)
    seated.policy = "bot"
    assert seated.choose(view, p).action in view.legal_actions_for(p)
    assert type(seated._bots["everyone_on_board"]).__name__ == "GreedyBot"
    with pytest.raises(ValueError, match=r"greedy bot, and everyone_on_board has none"):
        MCTSBot(iterations=10, seed=1, policy="bot").choose(view, p)

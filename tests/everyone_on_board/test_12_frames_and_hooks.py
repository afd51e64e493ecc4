"""Core 2 in Everyone On Board‽: the turn is a stack of frames; the declared hooks (live scores,
breakdown, click hint, turn marker, who decides); pending options worked out lazily; states
that never hold themselves in a cycle."""

from __future__ import annotations

import dataclasses
import gc
import random

from eob_helpers import C, play, position

import sandbox
from sandbox.core.decision import Frame
from sandbox.core.pending import CHANCE
from sandbox.core.playthrough import random_walk
from sandbox.core.state import GameState
from sandbox.everyone_on_board import Config, State, frames
from sandbox.everyone_on_board import position as written


def test_a_turn_is_a_stack_of_frames():
    """P1's turn after the deal: draw (done: 5 in hand), Move 1 pending over Move 2 and the
    discards; each Move takes its frame off; the end of the turn lays P2's turn down."""
    start = State.start(Config.make(2))
    assert start.stack == (*frames.turn(1), frames.DEAL_FRAMES[2], frames.DEAL_FRAMES[1])
    assert start.step == Frame.make("deal", CHANCE, seat=1) and start.to_move == CHANCE
    state = position(2, tracks=2, hands=["5H 6H 7H", "5S"])
    assert [f.kind for f in state.stack] == ["discard", "move", "move"]
    assert state.step == Frame.make("move", 1, number=1) and state.moves == 0
    state, _ = play(state, "5H>P1")
    assert state.step == Frame.make("move", 1, number=2) and state.moves == 1
    state, _ = play(state, "6H>P2")
    assert state.stack == (Frame.make("discard", 1, moves=2),) and state.moves == 2
    state, _ = play(state, "end")
    assert state.stack == frames.turn(2) and state.pending.kind == "draw" and state.player == 2


def test_a_queens_coin_is_a_chance_frame_over_the_signal():
    """An All Aboard! card is a signal frame; a Queen waiting for her coin puts a coin frame on
    top of it, the tracks still to answer kept in the signal frame."""
    state = position(2, tracks=3, phase="draw", hands=["7S 8S 9S 10S"], schedule=12,
                     trains={1: ("QH", 2, "7H"), 3: ("JD", 1, "9D")})
    state, _ = state.apply("draw AS")
    assert [f.kind for f in state.stack][-3:] == ["draw", "signal", "coin"]
    assert state.stack[-2] == Frame.make("signal", 1, card=C("AS"), tracks=(3,))
    assert state.step == Frame.make("coin", CHANCE, track=1) and state.to_move == CHANCE
    assert state.signal == (1, 3) and state.signal_card == C("AS")
    state, events = state.apply("stays")
    assert [e.kind for e in events] == ["coin", "leave", "score", "clear", "signal-done"]
    assert state.signal == () and state.signal_card is None and state.step.kind == "draw"


def test_written_positions_lay_down_the_frames_of_their_phase():
    cfg = Config.make(2)
    spec = {"hands": {1: "5H 6H 7H 8H", 2: "5S"}}
    assert written(cfg, {**spec, "phase": "draw"}).stack == frames.turn(1)
    assert written(cfg, {**spec, "moves": 1, "moved": "", "phase": "move"}).stack == \
        frames.at_move(1, 1)
    assert written(cfg, {**spec, "phase": "discard"}).stack == frames.discarding(1)


def test_live_scores_and_breakdown_hooks():
    """scores(viewer): the trains that left, the same from every seat (they are public);
    breakdown(player): those trains, each with its points; both as the outcome has them."""
    assert State.scores is not GameState.scores and State.breakdown is not GameState.breakdown
    m = sandbox.new_game("everyone_on_board", players=3, seed=4)
    rng = random.Random(4)
    while not m.is_over:
        state = m.state
        live = {p: s for p, s in enumerate(state.points, 1)}
        assert state.scores(None) == live and state.scores == tuple(live.values())
        for viewer in (1, 2, 3):
            assert state.scores(viewer) == live and state.view(viewer).scores(viewer) == live
            assert sum(points for _, points in state.breakdown(viewer)) == live[viewer]
        m.play(rng.choice(m.legal_actions()))
    final = m.state
    assert final.scores() == dict(m.outcome.scores)
    assert {p: final.breakdown(p) for p in (1, 2, 3)} == dict(m.outcome.breakdown)
    assert any(final.breakdown(p) for p in (1, 2, 3))


def test_click_hint_turn_marker_and_who_decides():
    assert "card" in State.click_hint and State.click_hint != GameState.click_hint
    for state, *_ in random_walk(State.start(Config.make(4, tracks=3)), 3, 3000):
        assert state.to_move == state.pending.player
        assert state.is_over == (state.pending.player is None)
        assert state.turn_marker() == (state.turn, state.player)


def test_pending_options_are_worked_out_when_read():
    m = sandbox.new_game("everyone_on_board", players=2, seed=1, auto_chance=False)
    for _ in range(40):
        state = dataclasses.replace(m.state)  # nothing cached yet
        pending = state.pending
        assert "_legal" not in vars(state), "building the prompt worked out the options"
        if state.seen_by is None:
            assert pending.options == state.legal_actions()
        if pending.player == CHANCE:
            m.deal()
        else:
            m.play(m.legal_actions()[-1])


def test_states_are_freed_without_the_cycle_collector():
    """Nothing a state caches holds the state itself: played-through states are freed as soon
    as nobody holds them, never left for the garbage collector."""
    gc.collect()
    gc.disable()
    try:
        state = State.start(Config.make(4, tracks=3))
        rng = random.Random(2)
        for _ in range(400):
            if state.is_over:
                break
            state.pending.options  # noqa: B018 (cache everything a state caches)
            state.where(C("7H"))
            action = state.sample_chance(rng) if state.to_move == CHANCE else \
                rng.choice(state.legal_actions())
            state, _ = state.apply(action)
        assert gc.collect() == 0
    finally:
        gc.enable()

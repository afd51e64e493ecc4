"""Hidden information stays hidden in every channel, for every registered game.

The "hidden twin" technique: take a state and a viewer, deal everything the viewer cannot see
again (`view.determinize`), and check that nothing the viewer can read tells the two apart:
their views (and the text and picture of them), the words for every action legal in both
(`describe`: log lines and replay prompts), the event text of playing it (when the rules
reveal nothing new to the viewer), and, at a chance decision, two outcomes the viewer cannot
tell apart. A bot's reason is readable from its own seat only.
"""

from __future__ import annotations

import random

import pytest

import sandbox
from sandbox.bots import RandomBot
from sandbox.core import CHANCE
from sandbox.core.playthrough import random_walk
from tests.contract.games import SETUPS, sampled_states

MAX_ACTIONS = 25  # actions compared per state and viewer (sampled when there are more)


def _readable(state, action, viewer):
    """Everything `viewer` reads about playing `action` in `state`: its words, the event texts
    and payloads, and what they see after it."""
    after, events = state.apply(action)
    return (state.describe(action, viewer), [e.text_for(viewer) for e in events],
            [e.to_dict(viewer) for e in events]), after.view(viewer)


@pytest.mark.parametrize("game, players", SETUPS)
def test_twins_look_the_same_to_the_viewer(game, players):
    rng = random.Random(f"{game}/{players}")
    checked = 0
    for state in sampled_states(game, players, seed=players, every=37, limit=25):
        for viewer in range(1, players + 1):
            view = state.view(viewer)
            twin = view.determinize(rng)
            assert twin.seen_by is None if hasattr(twin, "seen_by") else True
            assert twin.view(viewer) == view, "determinize must keep what the viewer sees"
            assert str(twin.view(viewer)) == str(view)
            assert twin.svg(viewer) == state.svg(viewer)
            assert twin.pending.prompt == state.pending.prompt
            common = [a for a in state.legal_actions() if twin.is_legal(a)]
            for action in rng.sample(common, min(MAX_ACTIONS, len(common))):
                mine, after = _readable(state, action, viewer)
                theirs, twin_after = _readable(twin, action, viewer)
                assert mine[0] == theirs[0], f"describe({action}) tells twins apart for P{viewer}"
                if after == twin_after:  # the rules revealed nothing: the texts must not either
                    assert mine == theirs, f"{action}: event text tells twins apart for P{viewer}"
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize("game, players", SETUPS)
def test_chance_outcomes_a_viewer_cannot_tell_apart_read_the_same(game, players):
    """Two draws that leave the viewer's view the same (a card into another hand) must read the
    same to that viewer: the replay prompt after Back and the log say nothing more."""
    if players == 1:
        pytest.skip("a lone player sees every chance outcome")
    rng = random.Random(players)
    pairs = 0
    for state in sampled_states(game, players, seed=players + 10, every=11, limit=40, chance=True):
        outcomes = list(state.legal_actions())
        if len(outcomes) < 2:
            continue
        for viewer in range(1, players + 1):
            for _ in range(3):
                a, b = rng.sample(outcomes, 2)
                read_a, view_a = _readable(state, a, viewer)
                read_b, view_b = _readable(state, b, viewer)
                if view_a == view_b:
                    assert read_a == read_b, f"{a} and {b} read differently to P{viewer}"
                    pairs += 1
    assert pairs > 5


@pytest.mark.parametrize("game, players", SETUPS)
def test_a_finished_game_shows_every_seat_what_scoring_showed(game, players):
    """Once the game is over, scoring has turned every player's cards face up (`sees`): each
    seat's view scores every player as the whole table does (outcome, breakdowns, live scores:
    a hidden monopoly or objective would change them), and a world dealt from that view keeps
    it, and the picture is the same from every seat but for the header naming the seat. Before
    the end, a seat sees only its own secrets."""
    rng = random.Random(game)
    for seed in range(2):
        m = sandbox.new_game(game, players=players, seed=seed)
        m.run({p: RandomBot(seed=seed + p) for p in range(1, players + 1)})
        state = m.state
        assert state.is_over
        for viewer in range(1, players + 1):
            view = state.view(viewer)
            assert all(view.sees(viewer, p) for p in range(1, players + 1))
            assert view.outcome == state.outcome, f"P{viewer}'s view of the end scores differently"
            for p in range(1, players + 1):
                assert view.breakdown(p) == state.breakdown(p)
            scores = state.scores(viewer)
            assert scores is None or scores == dict(state.outcome.scores)
            assert view.determinize(rng).view(viewer) == view
        pictures = {state.svg(v).replace(f"seen by {state.seat_name(v)}", "seen by a seat")
                    for v in range(1, players + 1)}
        assert len(pictures) == 1, "a finished table looks different from different seats"
        before = m.history[-1].parent.state
        assert not before.is_over and (players == 1 or not before.sees(1, 2))


@pytest.mark.parametrize("game, players", SETUPS)
def test_bot_reasons_are_read_only_from_their_own_seat(game, players):
    m = sandbox.new_game(game, players=players, seed=3)
    bots = {p: sandbox.bots.GreedyBot() if p == 1 else RandomBot(seed=p) for p in range(1, players + 1)}
    for _ in range(300):
        if m.step(bots) is None:
            break
    noted = [n for n in m.history if n.note]
    assert noted
    for node in noted:
        assert node.note_for(None) == node.note and node.note_for(node.actor) == node.note
        for viewer in range(1, players + 1):
            if viewer != node.actor:
                assert node.note_for(viewer) == ""
    actor = {n.ply: n.actor for n in m.history}
    seat = min(2, players)
    entries = m.log_entries(viewer=seat)
    assert any(note for _ply, _text, _rule, note in entries)  # its own reasons, the seat reads
    assert not [e for e in entries if e[3] and actor[e[0]] != seat]


@pytest.mark.parametrize("game, players", SETUPS)
def test_refusals_are_worked_out_on_the_deciders_view(game, players):
    """A refused play reads as the deciding player's view explains it (never the full table)."""
    for state in sampled_states(game, players, seed=5, every=53, limit=6):
        decider = state.pending.player
        if decider in (None, CHANCE):
            continue
        m = sandbox.Match.from_state(state, auto_chance=False)
        view = state.view(decider)
        for action in list(state.candidate_actions())[:30]:
            if state.is_legal(action):
                assert view.explain(action).ok
                continue
            with pytest.raises(sandbox.IllegalAction) as info:
                m.play(action)
            assert info.value.violations == view.explain(action).violations


def test_the_walker_reaches_every_kind_of_decision():
    """The sampled states are not all alike (a guard on the helpers above)."""
    for game, players in SETUPS:
        info = sandbox.get_game(game)
        start = info.initial_state(info.make_config(players))
        kinds = {step[0].pending.kind for step in random_walk(start, 1, 100_000)}
        assert len(kinds) >= 2, (game, kinds)

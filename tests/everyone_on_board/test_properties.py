"""Properties over many seeded random games (hypothesis draws the seed, the players, the schedule,
the station and the rulings): every card conserved, legality == explain, hands of at most 5,
every train with a Ticket Collector, scores == departures, save/load round trip, views that leak
nothing, games that end."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from eob_helpers import assert_conserved
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sandbox
from sandbox.core.pending import CHANCE
from sandbox.core.playthrough import random_walk
from sandbox.everyone_on_board import (
    FULL_DECK,
    HIDDEN,
    RULES,
    RULINGS,
    Coin,
    Config,
    Discard,
    Draw,
    EndTurn,
    Move,
    Spot,
    State,
)

KNOWN_RULES = set(RULES) | {r.id for r in RULINGS}
MAX_PLIES = 3000  # the longest of 300 random games took 649 plies

configs = st.builds(
    lambda players, schedule, tracks, king, jack: Config.make(
        players, schedule=schedule, tracks=tracks, king=king, jack=jack),
    st.integers(2, 4), st.integers(2, 12), st.integers(1, 12),
    st.sampled_from(["waits", "boards"]), st.sampled_from(["signal", "turn-end"]))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


def random_line(config: Config, seed: int):
    """(state, action, next state, events) along one random game, chance and players alike."""
    return random_walk(State.start(config), seed, MAX_PLIES)


def every_move(state: State):
    """Any card of the deck (and a face-down one) to any spot, including spots that do not exist."""
    n = len(state.tracks)
    for card in (*FULL_DECK, HIDDEN):
        for kind in "PT":
            for k in (1, n, n + 1):
                yield Move(card, Spot(kind, k))


def check_invariants(state: State, events) -> None:
    assert_conserved(state)
    assert all(len(h) <= 5 for h in state.hands), state.hands
    for track in state.tracks:
        assert track.train is None or track.train.collector.is_collector  # ruling.no-collector
        if track.train:
            assert all(c.is_passenger for c in track.train.aboard)
        assert all(c.is_passenger for c in track.platform)
    for hand in state.hands:
        assert not any(c.is_all_aboard or c.is_train_card for c in hand)
    totals = Counter()
    for d in state.departures:
        totals[d.controller] += d.points
        assert d.points == sum(c.rank for c in d.passengers)
    assert state.scores == tuple(totals[p] for p in range(1, state.config.players + 1))
    for e in events:
        assert e.rule in KNOWN_RULES, f"event cites unknown rule {e.rule!r}: {e.text}"
        assert e.text


@settings(max_examples=80, **SETTINGS)
@given(config=configs, seed=st.integers(0, 2**32))
def test_random_games_conserve_and_agree_with_explain(config, seed):
    rng = random.Random(seed ^ 0x5EED)
    for ply, (state, _action, nxt, events) in enumerate(random_line(config, seed), 1):
        check_invariants(nxt, events)
        if ply % 6 == 0:
            legal = set(state.legal_actions())
            for candidate in state.candidate_actions():
                verdict = state.explain(candidate)
                assert verdict.ok == (candidate in legal), verdict
                assert all(v.rule in KNOWN_RULES | {"notation"} for v in verdict.violations)
                if not verdict.ok:
                    assert verdict.violations
        if ply % 15 == 0:
            legal = set(state.legal_actions())
            extra = [*every_move(state), *(Discard(c) for c in FULL_DECK), EndTurn(),
                     Coin(True), *(Draw(c) for c in FULL_DECK)]
            for candidate in extra:
                assert state.explain(candidate).ok == (candidate in legal), candidate
            illegal = [a for a in extra if a not in legal]
            for a in rng.sample(illegal, min(3, len(illegal))):
                before = repr(state)
                try:
                    state.apply(a)
                except sandbox.IllegalAction as err:
                    assert err.violations and repr(state) == before
                else:
                    raise AssertionError(f"{a} applied though explain refuses it")
            for a in rng.sample(sorted(legal, key=repr), min(3, len(legal))):
                after, evs = state.apply(a)
                check_invariants(after, evs)
    assert nxt.is_over and nxt.outcome is not None
    assert nxt.outcome.scores == dict(enumerate(nxt.scores, 1))
    assert len(nxt.departures) >= config.schedule
    best = max(nxt.scores)
    assert nxt.outcome.winners == tuple(p for p, s in enumerate(nxt.scores, 1) if s == best)


@settings(max_examples=30, **SETTINGS)
@given(config=configs, seed=st.integers(0, 2**32), stop=st.floats(0, 1))
def test_save_load_round_trip_at_random_points(config, seed, stop):
    options = dict(schedule=config.schedule, tracks=config.tracks, king=config.rulings.king,
                   jack=config.rulings.jack)
    m = sandbox.new_game("everyone_on_board", players=config.players, seed=seed % 1000, **options)
    bots = {p: sandbox.bots.RandomBot(seed=seed + p) for p in range(1, config.players + 1)}
    m.run(bots)
    assert m.is_over
    m.goto(int(stop * m.last_ply))
    again = sandbox.load(m.to_json())
    assert again.state == m.state and again.ply == m.ply and again.last_ply == m.last_ply
    assert again.log() == m.log()
    again.goto(again.last_ply)
    assert again.outcome == m.line()[-1].state.outcome


def _hidden_twin(state: State, rng: random.Random, viewer: int) -> State | None:
    """The same table but one card of another player's hand swapped with one of the deck."""
    others = [p for p in range(1, state.config.players + 1) if p != viewer and state.hand(p)]
    if not others or not state.deck:
        return None
    p = rng.choice(others)
    mine, theirs = rng.choice(state.hand(p)), rng.choice(state.deck)
    if theirs.is_all_aboard:
        return None  # an All Aboard! card in a hand is no legal table
    hand = tuple(sorted(theirs if c == mine else c for c in state.hand(p)))
    hands = state.hands[: p - 1] + (hand,) + state.hands[p:]
    deck = tuple(sorted(mine if c == theirs else c for c in state.deck))
    return replace(state, hands=hands, deck=deck)


@settings(max_examples=60, **SETTINGS)
@given(config=configs, seed=st.integers(0, 2**32), sample=st.integers(3, 40))
def test_views_leak_nothing(config, seed, sample):
    rng = random.Random(seed)
    checked = 0
    for i, (state, *_) in enumerate(random_line(config, seed)):
        if i % sample:
            continue
        for viewer in range(1, config.players + 1):
            view = state.view(viewer)
            for p in range(1, config.players + 1):
                if p != viewer:
                    assert all(c.is_hidden for c in view.hand(p))
            assert all(c.is_hidden for c in view.deck)
            text = str(view)
            # both Jokers read "Joker": one in sight does not leak the other
            shown = {str(c) for c in view.census() if not c.is_hidden}
            for p in range(1, config.players + 1):
                if p != viewer:
                    assert not [c for c in state.hand(p) if str(c) in text], text
            assert not [c for c in state.deck if str(c) in text and str(c) not in shown], text
            twin = _hidden_twin(state, rng, viewer)
            if twin is not None:
                assert twin.view(viewer) == view
                assert twin.svg(viewer=viewer) == state.svg(viewer=viewer)
                assert str(twin.view(viewer)) == str(view)
                if state.pending.player == viewer:
                    assert twin.legal_actions() == state.legal_actions()
                    a = rng.choice(state.legal_actions())
                    _, e1 = state.apply(a)
                    _, e2 = twin.apply(a)
                    assert [e.text_for(viewer) for e in e1] == [e.text_for(viewer) for e in e2]
            if state.pending.player == viewer:
                assert view.legal_actions() == state.legal_actions()
        if state.pending.player == CHANCE and state.pending.kind == "draw":
            drawer = state.player
            plain = [c for c in state.deck if not c.is_all_aboard]
            if len(plain) >= 2:
                a, b = rng.sample(plain, 2)
                sa, ea = state.apply(Draw(a))
                sb, eb = state.apply(Draw(b))
                for viewer in range(1, config.players + 1):
                    if viewer == drawer:
                        continue
                    assert [e.text_for(viewer) for e in ea] == [e.text_for(viewer) for e in eb]
                    assert [e.to_dict(viewer) for e in ea] == [e.to_dict(viewer) for e in eb]
                    assert sa.view(viewer) == sb.view(viewer)
        checked += 1
    assert checked

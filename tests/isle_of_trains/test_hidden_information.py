"""Hidden information: what each seat may read about actions (`describe`), what a view knows
and refuses (a view is read-only and honest), and event and refusal texts that never name a
hidden card. The rules keep three things secret: hands, the train deck, and cards loaded face
down [load.face-down]; the discard pile, the display, trains, passengers and face-up loads are
public."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

import sandbox
from sandbox.core.decision import Frame
from sandbox.core.pending import CHANCE
from sandbox.core.playthrough import random_walk
from sandbox.isle_of_trains import Config, Draw, LoadCard, Spot, State
from sandbox.isle_of_trains.state import CARDS
from tests.isle_of_trains.iot_rules import game

P2 = {"train": ["E1"]}
CARD_ID = re.compile(r"\b(" + "|".join(sorted(CARDS, key=len, reverse=True)) + r")\b")
NAMES = {cid: re.compile(re.escape(t.name) + r"(?!\d)") for cid, t in CARDS.items()}


def draw_pending(to: int) -> State:
    """A table where chance draws a card for `to` (0: the display)."""
    state = game({"players": {1: {"hand": "C1 X1"}, 2: {"hand": "T1"}}}).state
    return replace(state, stack=(Frame.make("draw", CHANCE, to=to, n=1),))


# --- describe ----------------------------------------------------------------------------------

def test_a_card_drawn_into_a_hand_is_named_to_its_owner_only():
    """[take.card] [setup.deal] a card off the deck into P2's hand: P2 (and the whole table)
    read which; P1 reads only that P2 drew one. Into the display it is face up for all
    [take.display-refill]."""
    state = draw_pending(2)
    draw = Draw("C3")
    assert state.describe(draw, None) == "Draw Level 3 Coach"
    assert state.describe(draw, 2) == "Draw Level 3 Coach"
    assert state.describe(draw, 1) == "P2 draws a card from the train deck"
    assert state.describe(Draw("X2"), 1) == state.describe(draw, 1)
    display = draw_pending(0)
    assert display.describe(draw, 1) == display.describe(draw, 2) == "Draw Level 3 Coach"


def test_a_face_down_load_is_named_to_its_loader_only():
    """[load.face-down] P1 loads X1 face down into P2's hopper: P2 reads that a card went in
    face down, not which; a face-up load is public."""
    m = game({"players": {1: {"hand": "X1 T1 C1"}, 2: {"train": ["E1", "H1"]}}})
    down, up = LoadCard("X1", Spot(2, 2), True), LoadCard("C1", Spot(2, 2))
    assert m.state.describe(down, 1) == m.state.describe(down, None) == (
        "Load Level 1 Boxcar into P2's Level 1 Hopper (card 2) face down, as any cargo")
    assert m.state.describe(down, 2) == "Load a card face down into P2's Level 1 Hopper (card 2)"
    assert m.state.describe(LoadCard("T1", Spot(2, 2), True), 2) == m.state.describe(down, 2)
    assert m.state.describe(up, 2) == "Load Level 1 Coach into P2's Level 1 Hopper (card 2)"
    assert str(up) == "Load Level 1 Coach into P2's card 2"
    m.play(down)
    node = m.history[0]
    assert m.describe(node, 2) == "Load a card face down into P2's Level 1 Hopper (card 2)"
    assert m.describe(node, 1) == (
        "Load Level 1 Boxcar into P2's Level 1 Hopper (card 2) face down, as any cargo")


def _twin(state: State, viewer: int, rng: random.Random) -> State:
    twin = state.view(viewer).determinize(rng)
    assert twin.view(viewer) == state.view(viewer)
    return twin


def _secret_twins(state: State, action, viewer: int) -> list:
    """The same action with its secret (the card) swapped for every other card it could be."""
    top = state.top
    if isinstance(action, Draw) and top is not None and top.get("to") not in (0, viewer):
        return [Draw(c) for c in CARDS]
    if isinstance(action, LoadCard) and action.face_down and state.decider() != viewer:
        return [replace(action, card=c) for c in CARDS]
    return [action]


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 8), (4, 21)])
def test_hidden_twins_describe_every_action_identically(players, seed):
    """Two tables that differ only in cards a viewer cannot see (another hand, the deck, a face-down
    load) describe every action identically to that viewer; and an action whose secret is a card
    reads the same whatever the card."""
    rng = random.Random(seed)
    checked = 0
    for i, (state, *_rest) in enumerate(random_walk(State.start(Config.make(players)), seed, 20000)):
        if i % 7:
            continue
        for viewer in range(1, players + 1):
            twin = _twin(state, viewer, rng)
            for action in state.legal_actions():
                text = state.describe(action, viewer)
                assert twin.describe(action, viewer) == text, (action, viewer)
                assert {state.describe(a, viewer) for a in _secret_twins(state, action, viewer)} == {text}
                checked += 1
    assert checked > 1000


# --- views: read-only and honest -----------------------------------------------------------------

def test_a_chance_draw_on_a_view_is_refused_clearly():
    """The train deck is "??" in a view: no draw can be dealt there; explain and apply say so."""
    state = draw_pending(2)
    view = state.view(1)
    assert view.legal_actions() == () and view.pending.player == CHANCE and view.pending.options == ()
    verdict = view.explain("draw C1")
    assert [str(v) for v in verdict.violations] == [
        "the train deck is hidden in P1's view: draws are dealt by the match [take.card]"]
    with pytest.raises(sandbox.IllegalAction, match="hidden in P1's view"):
        view.apply("draw C1")
    assert [str(v) for v in view.forcing_violations(Draw("C1"))] == [str(verdict.violations[0])]
    m = sandbox.Match.from_state(state, auto_chance=False)
    assert [str(v) for v in m.explain("draw C1", viewer=2).violations] == [
        "the train deck is hidden in P2's view: draws are dealt by the match [take.card]"]
    assert m.explain("draw " + state.deck[0]).ok  # the whole table deals


def test_a_view_never_guesses_another_players_hand():
    """P1's view while P2 pays for a build: whether P2 holds a card is P2's to know."""
    m = game({"players": {1: {"hand": "C1"}, 2: {"hand": "T1 X1 X1 X1 H1"}}, "current": 2})
    m.play("build X1")
    view = m.state.view(1)
    assert [str(v) for v in view.explain("pay H1").violations] == [
        "P2's hand is hidden in P1's view: only P2 knows whether it holds H1 [build.pay]"]
    assert [str(v) for v in view.explain("pay C3").violations] == [
        "P2's hand is hidden in P1's view: only P2 knows whether it holds C3 [build.pay]"]
    assert view.legal_actions() == ()  # nothing P1 can tell for P2
    assert [str(v) for v in m.state.view(2).explain("pay C3").violations] == [
        "C3 is not in P2's hand [build.pay]"]


def test_a_view_is_its_players_alone():
    """A view is read-only and honest: it is its own view, and refuses to show another seat."""
    state = game({"players": {1: {"hand": "C1"}, 2: {"hand": "T1"}}}).state
    view = state.view(1)
    assert view.view(1) is view and view.view(None) is view
    with pytest.raises(ValueError, match="P1's view of the table: it cannot show what P2 sees"):
        view.view(2)
    with pytest.raises(ValueError, match="there is no seat P3"):
        state.view(3)


def _hidden_from(state: State, viewer: int) -> set[str]:
    """Card ids a viewer cannot see anywhere in `state` (every copy hidden)."""
    seen = state.view(viewer)
    visible = set(seen.discard) | {c for c in seen.display if c}
    for pl in seen.players:
        visible |= set(pl.hand) | set(pl.buildings) | {c.card for c in pl.train}
        visible |= {ld.card for c in pl.train for ld in c.loads if ld.card}
    for f in state.stack:  # loads set aside in a delivery are public
        visible |= set(f.get("aside") or ()) | set(f.get("cards") or ())
    return set(CARDS) - visible


def _named(text: str) -> set[str]:
    return set(CARD_ID.findall(text)) | {cid for cid, name in NAMES.items() if name.search(text)}


@pytest.mark.parametrize("players, seed", [(2, 5), (4, 9)])
def test_views_explain_like_the_table_and_nothing_names_a_hidden_card(players, seed):
    """Over a random game: for the deciding player p, view(p) has the same legal actions and the
    same verdicts, word for word, as the full table. For every other seat, refusals worked out on
    its view, and every event text it reads, name no card it cannot see (unless the action
    itself names it, or the event reveals it)."""
    rng = random.Random(seed)
    walked = 0
    for i, (state, _action, nxt, events) in enumerate(
            random_walk(State.start(Config.make(players)), seed, 20000)):
        # a card discarded (face up) and then shuffled into a new deck [take.reshuffle] was public
        # when its event was written: check the events after the last reshuffle only
        kinds = [e.kind for e in events]
        after = events[len(kinds) - kinds[::-1].index("reshuffle"):] if "reshuffle" in kinds else events
        for viewer in range(1, players + 1):
            hidden = _hidden_from(state, viewer) & _hidden_from(nxt, viewer)
            for e in after:
                assert not _named(e.text_for(viewer)) & hidden, (e.text_for(viewer), viewer)
        p = state.pending.player
        if i % 11 or p in (None, CHANCE):
            continue
        walked += 1
        view = state.view(p)
        assert view.legal_actions() == state.legal_actions()
        for action in state.candidate_actions():
            assert view.explain(action).violations == state.explain(action).violations, action
        other = rng.choice([q for q in range(1, players + 1) if q != p])
        hidden = _hidden_from(state, other)
        for action in state.candidate_actions():
            for v in state.view(other).explain(action).violations:
                assert not _named(v.message) & (hidden - _named(str(action))), (action, v)
    assert walked > 30


def test_events_of_a_draw_and_a_face_down_load_hide_the_card_from_others():
    """[load.face-down] [take.card] event texts: the drawer and the loader read the card; the
    others read that a card moved."""
    m = game({"players": {1: {"hand": "X1 T1"}, 2: {"train": ["E1", "H1"]}}},
             force=["draw C3", "draw C2", "draw T3"])
    events = m.play("load X1 P2.2 down") + m.play("discard T1")
    load = events[0]
    assert load.text_for(1) == "P1 loads Level 1 Boxcar as coal face down into P2's Level 1 Hopper"
    assert load.text_for(2) == "P1 loads a card face down as coal into P2's Level 1 Hopper"
    draws = [e for e in events if e.kind == "draw"]
    assert draws and all(e.text_for(2) == "P1 draws a card" for e in draws)
    assert all(c not in str(e.to_dict(2)) for e in events for c in ("C3", "C2", "T3"))

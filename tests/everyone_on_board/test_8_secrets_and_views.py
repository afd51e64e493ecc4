"""Classroom-safe secrets: refusals never say where an unseen card lies, a view is read-only and
honest (it agrees with the full table on everything its seat can know and refuses the rest
clearly), and an action is described to each seat without the secrets it carries."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from eob_helpers import C, dealt, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sandbox
from sandbox.core.pending import CHANCE
from sandbox.core.playthrough import random_walk
from sandbox.everyone_on_board import HIDDEN, Config, Discard, Draw, Move, Spot, State


def table():
    """2 players, 3 tracks, P1 to Move. P2 holds 5♠ 6♠ 7♠ Q♠ 9♦; 5♣ and K♠ are in the draw pile;
    8♠ waits on platform 1, 5♦ is in the discard pile."""
    return position(2, tracks=3, hands=["5H 10H JS KD 6C", "5S 6S 7S QS 9D"],
                    platforms={1: "7H 8S", 2: "6D"}, trains={1: ("QH", 2, "9H"), 3: ("KC", 1, "")},
                    discard="5D 10C JH")


HIDDEN_FROM_P1 = ("5S", "QS", "9D", "5C", "KS")  # P2's hand and the draw pile
SECRET_WORDS = ("P2's hand", "P2", "deck", "draw pile", "not in play")


def words(verdict) -> str:
    return " ".join(str(v) for v in verdict.violations)


@pytest.mark.parametrize("card", HIDDEN_FROM_P1)
@pytest.mark.parametrize("to", ["P1", "T1", "T2", "P9"])
def test_a_refused_move_never_says_where_an_unseen_card_is(card, to):
    """Task 1: Moving a card of another hand or of the draw pile is refused with one reason
    that is the same wherever the card lies ("not in P1's hand"), on the full table, on P1's
    view, and in the refusal `play` raises."""
    state = table()
    full, seen = state.explain(f"{card}>{to}"), state.view(1).explain(f"{card}>{to}")
    assert not full.ok and full.violations == seen.violations
    for secret in SECRET_WORDS:
        assert secret not in words(full), words(full)
    shown = str(C(card))
    rule = "move.collector" if C(card).is_collector else "move.passenger"
    where = "" if C(card).is_collector else " or on a platform"
    assert f"{shown} is not in P1's hand{where} [{rule}]" in words(full)
    match = sandbox.Match.from_state(state)
    with pytest.raises(sandbox.IllegalAction) as info:
        match.play(f"{card}>{to}")
    assert info.value.violations == full.violations


def test_unseen_cards_read_alike_wherever_they_are():
    """The hidden-twin check: 5♠ in P2's hand and 5♣ in the draw pile give the same words."""
    state = table()
    for to in ("P2", "T1", "T7"):
        a = [str(v).replace("5♠", "X") for v in state.explain(f"5S>{to}").violations]
        b = [str(v).replace("5♣", "X") for v in state.explain(f"5C>{to}").violations]
        assert a == b


def test_a_refused_discard_never_says_where_an_unseen_card_is():
    state = position(2, tracks=2, hands=["5H 6H", "5S 6S"], platforms={1: "8S"}, phase="discard",
                     moves=2)
    for card in ("5S", "5C"):
        verdict = state.explain(f"discard {card}")
        assert [str(v) for v in verdict.violations] == [f"{C(card)} is not in P1's hand [turn.discard]"]
        assert state.view(1).explain(f"discard {card}").violations == verdict.violations
    # the open table may be named
    assert str(state.explain("discard 8S").violations[0]) == (
        "only cards from your hand are discarded; 8♠ is on platform 1 [turn.discard]")


def test_public_places_may_be_named():
    """Cards on the table and in the discard pile are public: the refusal says where they are."""
    state = table()
    assert "5♦ is in the discard pile [move.discard-pile]" in words(state.explain("5D>P1"))
    assert "Q♥ is already the Ticket Collector on track 1" in words(state.explain("QH>T2"))
    assert "8♠ is on platform 1" in words(state.explain("8S>T3"))


def test_a_view_refuses_a_move_of_a_card_hidden_in_it_and_applies_nothing():
    """Task 2: the view used to say "allowed" for moving a card of another hand."""
    view = table().view(1)
    move = Move(C("5S"), Spot("P", 1))
    verdict = view.explain(move)
    assert not verdict.ok
    assert [str(v) for v in verdict.violations] == ["5♠ is not in P1's hand or on a platform "
                                                    "[move.passenger]"]
    with pytest.raises(sandbox.IllegalAction):
        view.apply(move)
    hidden = Move(HIDDEN, Spot("P", 1))
    assert [v.rule for v in view.explain(hidden).violations] == ["setup.deck"]


def test_a_view_seen_by_another_seat_says_it_cannot_tell():
    """P2's view of P1's turn: P1's hand is face down, so a Move of a card P2 cannot see is
    neither allowed nor placed; a card in P2's own hand may be named (P2 sees it)."""
    view = table().view(2)
    assert [str(v) for v in view.explain("5H>P1").violations] == [
        "P1's hand is hidden in P2's view: whether P1 may Move 5♥ cannot be told from it "
        "[move.passenger]"]
    assert [str(v) for v in view.explain("5S>P1").violations] == [
        "5♠ is in P2's hand, not P1's [move.passenger]"]
    assert view.explain("8S>P2").ok  # the open table works as on the full table
    assert Discard(HIDDEN) not in view.legal_actions()
    assert not view.explain(Discard(HIDDEN)).ok


def test_match_explain_from_a_seat():
    match = sandbox.Match.from_state(table())
    assert str(match.explain("5C>P1", viewer=1).violations[0]) == (
        "5♣ is not in P1's hand or on a platform [move.passenger]")
    assert "hidden in P2's view" in str(match.explain("5C>P1", viewer=2).violations[0])


def test_a_chance_draw_on_a_view_is_dealt_by_the_match():
    """A view's draw pile is face down: it offers no draw and refuses any, clearly."""
    state = position(2, tracks=2, hands=["5H", "5S 6S 7S QS 9D"], phase="draw")
    assert state.pending.is_chance and len(state.legal_actions()) == 36
    view = state.view(1)
    assert view.pending.is_chance and view.pending.prompt == state.pending.prompt
    assert view.legal_actions() == () and view.pending.options == ()
    for card in ("7C", "AS", "5S"):
        assert [str(v) for v in view.explain(f"draw {card}").violations] == [
            "the draw pile is hidden in P1's view: draws are dealt by the match [turn.draw]"]
    with pytest.raises(sandbox.IllegalAction):
        view.apply(Draw(HIDDEN))
    # the deal follows the deal ruling
    deal = sandbox.new_game("everyone_on_board", players=2, auto_chance=False).state
    assert [v.rule for v in deal.view(1).explain("draw 7C").violations] == ["ruling.deal"]


def test_refusals_while_a_queens_coin_is_pending_cite_the_queen():
    state = position(2, tracks=2, hands=["5H 6H", "5S"], trains={1: ("QS", 1, "7S")},
                     phase="signal", signal=(1,), signal_card=C("AH"), signalled=True)
    assert state.pending.rule == "collector.queen"
    for action in ("5H>P1", "end", "discard 5H", "draw 7C"):
        assert [v.rule for v in state.explain(action).violations] == ["collector.queen"], action
    assert state.explain("leaves").ok and state.view(2).explain("stays").ok


# --- the property: a view agrees with the table on everything its seat may know ---------

configs = st.builds(
    lambda players, schedule, tracks, king, jack: Config.make(
        players, schedule=schedule, tracks=tracks, king=king, jack=jack),
    st.integers(2, 4), st.integers(2, 6), st.integers(1, 5),
    st.sampled_from(["waits", "boards"]), st.sampled_from(["signal", "turn-end"]))


def _hidden_cards(state: State, viewer: int):
    others = [c for p, h in enumerate(state.hands, 1) if p != viewer for c in h]
    return [c for c in (*others, *state.deck) if not c.is_all_aboard]


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**32))
def test_the_deciding_players_view_agrees_with_the_table(config, seed):
    """For random states and the deciding player p: the view's legal actions are the table's;
    every candidate gets the same verdict (same reasons) on both; a legal action applied on the
    view gives the table's next state as p sees it, with the same events for p; and Moves of
    cards hidden from p are refused on the view without naming where they are."""
    rng = random.Random(seed)
    checked = 0
    for i, (state, *_rest) in enumerate(random_walk(State.start(config), seed, 3000)):
        p = state.pending.player
        if p in (None, CHANCE):
            if p == CHANCE and state.pending.kind == "draw" and i % 7 == 0:
                drawer = state.player
                view = state.view(drawer)
                assert view.legal_actions() == ()
                a = rng.choice(state.legal_actions())
                assert not view.explain(a).ok and view.explain(a).violations[0].message == (
                    f"the draw pile is hidden in P{drawer}'s view: draws are dealt by the match")
            continue
        if i % 3:
            continue
        checked += 1
        view = state.view(p)
        assert view.legal_actions() == state.legal_actions()
        for a in state.candidate_actions():
            assert view.explain(a).ok == state.explain(a).ok, a
            assert view.explain(a).violations == state.explain(a).violations, a
        a = rng.choice(state.legal_actions())
        after, events = state.apply(a)
        seen_after, seen_events = view.apply(a)
        expected = after.view(p)
        if after.is_over:  # the end shows every hand, which the view could not know: all else agrees
            assert [len(h) for h in seen_after.hands] == [len(h) for h in expected.hands]
            expected = replace(expected, hands=seen_after.hands)
        assert seen_after == expected
        assert [e.text_for(p) for e in seen_events] == [e.text_for(p) for e in events]
        hidden = _hidden_cards(state, p)
        for card in rng.sample(hidden, min(4, len(hidden))):
            n = rng.randint(1, config.tracks)
            for move in (Move(card, Spot("P", n)), Move(card, Spot("T", n)), Discard(card)):
                verdict = view.explain(move)
                assert not verdict.ok
                assert verdict.violations == state.explain(move).violations
                text = words(verdict)
                assert "deck" not in text and "draw pile" not in text, text
                for other in range(1, config.players + 1):
                    if other != p:
                        assert f"P{other}" not in text, text
                with pytest.raises(sandbox.IllegalAction):
                    view.apply(move)
    assert checked


# --- describe: an action in words as a seat may read it -----------------------------------

def test_describe_hides_a_draw_from_the_other_seats():
    """Task 3 with the hidden-twin technique: two different draws read the same to P2."""
    state = position(2, tracks=2, hands=["5H", "5S 6S 7S QS 9D"], phase="draw")
    a, b = Draw(C("7C")), Draw(C("KD"))
    assert state.describe(a, 2) == state.describe(b, 2) == "P1 draws a card"
    assert state.describe(a, 1) == "Draw 7♣" and state.describe(a, None) == "Draw 7♣"
    # an All Aboard! card drawn is hidden too: describe is read before the outcome is known
    assert state.describe(Draw(C("AS")), 2) == "P1 draws a card"
    # the twin with the other card in the pile (swapped with one of P2's) reads the same
    twin = replace(state, hands=(state.hand(1), tuple(sorted((*state.hand(2)[1:], C("7C"))))),
                   deck=tuple(sorted({*state.deck, state.hand(2)[0]} - {C("7C")})))
    assert twin.describe(Draw(C("KD")), 2) == state.describe(a, 2)
    # everything else reads as its text, for every seat
    move_state = table()
    for action in ("5H>P1", "QS>T2"):
        for viewer in (None, 1, 2):
            assert move_state.describe(move_state.parse(action), viewer) == str(move_state.parse(action))


def test_describe_in_the_deal_and_through_the_match_log():
    m = dealt(2, ["7H 8H 9H 10H QH", "5S 6S 7S 8S 9S"], tracks=2, auto_chance=False)
    first = m.state
    assert first.describe(Draw(C("7H")), 2) == "P1 is dealt a card"
    assert first.describe(Draw(C("7H")), 1) == "Draw 7♥"
    m.deal()
    node = m.cursor
    assert m.describe(node, 2) == "P1 is dealt a card" and m.describe(node, 1) == "Draw 7♥"
    assert m.describe(node, None) == "Draw 7♥"

"""Rulebook order, part 2: "On your turn" (draw to 5, Move 2 cards, discard any) and the piles."""

from __future__ import annotations

import pytest
from eob_helpers import C, assert_conserved, cards, dealt, kinds, play, position, violation_rules

import sandbox

HANDS = ["7H 8H QH KS 5C", "9S 10S JD 6D 6C"]


def refused_unchanged(m: sandbox.Match, action: str, rule: str) -> sandbox.IllegalAction:
    """Play `action`, expect a refusal citing `rule`, and check the match did not change."""
    before_state, before_ply, before_json = m.state, m.ply, m.to_json()
    with pytest.raises(sandbox.IllegalAction) as info:
        m.play(action)
    assert rule in [v.rule for v in info.value.violations], info.value
    assert m.state is before_state and m.state == before_state
    assert m.ply == before_ply and m.to_json() == before_json
    return info.value


def test_turn_draw_to_five_at_the_start_of_the_turn():
    """turn.draw: draw to a total of 5 cards in your hand (P1 holds 2, so draws exactly 3)."""
    m = dealt(2, HANDS, tracks=2, then=["9D", "10D", "KD"])
    m.play("QH>T1")
    m.play("7H>P1")
    m.play("discard 5C")
    assert m.state.hand(1) == cards("8H KS")
    m.play("end")
    m.play("6D>P2")
    m.play("9S>P2")
    events = m.play("end")
    draws = [e for e in events if e.kind == "draw"]
    assert [e.text for e in draws] == ["P1 draws 9♦", "P1 draws 10♦", "P1 draws K♦"]
    assert {e.rule for e in draws} == {"turn.draw"}
    assert m.state.hand(1) == tuple(sorted(cards("8H KS 9D 10D KD")))
    assert m.pending.player == 1 and m.pending.kind == "move"
    assert_conserved(m.state)


def test_turn_draw_pending_is_chance_with_uniform_odds():
    """turn.draw: which card comes off the pile is a chance decision, each card equally likely."""
    m = dealt(2, HANDS, tracks=2, auto_chance=False)
    while m.pending.is_chance:
        m.deal()
    for a in ("QH>T1", "7H>P1", "end", "6D>P2", "9S>P2", "end"):
        m.play(a)
    p = m.pending
    assert p.is_chance and p.kind == "draw" and p.rule == "turn.draw"
    assert p.prompt == "Draw a card for P1 (3 of 5 in hand)"
    assert len(p.options) == 32 == len(m.state.deck)
    assert all(x == pytest.approx(1 / 32) for x in p.chances)
    assert m.state.chance_outcomes()[0] == (p.options[0], p.chances[0])
    assert violation_rules(m, "QS>T2") == ["turn.draw"]


def test_turn_draw_full_hand_draws_nothing():
    """turn.draw: a player who still holds 5 cards draws none (P2's first turn)."""
    m = dealt(2, HANDS, tracks=2)
    m.play("QH>T1")
    m.play("7H>P1")
    events = m.play("end")
    assert "draw" not in kinds(events)
    assert m.state.hand(2) == tuple(sorted(cards(HANDS[1])))


def test_turn_moves_two_before_the_turn_ends():
    """turn.moves: Move 2 cards; ending the turn or discarding before that is refused."""
    m = dealt(2, HANDS, tracks=2)
    err = refused_unchanged(m, "end", "turn.moves")
    assert "P1 must Move 2 cards before the turn ends (0 made)" in str(err)
    refused_unchanged(m, "discard 5C", "turn.moves")
    m.play("QH>T1")
    assert m.pending.prompt == "P1: Move 2 of 2"
    err = refused_unchanged(m, "end", "turn.moves")
    assert "(1 made)" in str(err)
    m.play("7H>P1")
    assert m.pending.kind == "discard" and m.state.moves == 2
    err = refused_unchanged(m, "8H>P2", "turn.discard")
    assert "P1 has made both Moves" in str(err)


def test_turn_discard_is_optional_and_goes_face_up_on_the_pile():
    """turn.discard: discard any cards (optional), from your hand only, onto the discard pile."""
    m = dealt(2, HANDS, tracks=2)
    m.play("QH>T1")
    m.play("7H>P1")
    assert [a.notation for a in m.legal_actions()] == ["end", "discard 5C", "discard 8H", "discard KS"]
    refused_unchanged(m, "discard 7H", "turn.discard")  # on platform 1, not in the hand
    refused_unchanged(m, "discard 9S", "turn.discard")  # P2's card
    events = m.play("discard KS")
    assert events[0].text == "P1 discards K♠" and events[0].rule == "turn.discard"
    m.play("discard 5C")
    assert m.state.discard == cards("KS 5C") and m.state.hand(1) == (C("8H"),)
    assert m.view(2).discard == cards("KS 5C")  # ruling.discard-open
    events = m.play("end")
    assert events[-1].text == "P1 ends the turn; P2 is next"
    # discarding nothing is fine too
    m.play("6D>P2")
    m.play("9S>P2")
    m.play("end")
    assert m.state.player == 1


def test_ruling_discard_open_discard_pile_visible_to_all():
    """ruling.discard-open: the discard pile lies face up; every view shows all of it."""
    state = position(3, hands=["7H", "8H", "9H"], discard="5S 6S QD")
    for p in (1, 2, 3):
        assert state.view(p).discard == cards("5S 6S QD")
        assert "discard 3 (top Q♦)" in str(state.view(p))


def test_deck_reshuffle_when_the_draw_pile_runs_out():
    """deck.reshuffle: an empty draw pile is refilled from the discard pile, then play goes on."""
    state = position(2, hands=["5S 6S 7S", "5H 6H 7H 8H 9H"], deck="9C", rest="discard",
                     phase="discard", player=2)
    discards = len(state.discard)
    assert discards == 42 - 9
    state, events = play(state, "end", "draw 9C")
    shuffle = [e for e in events if e.kind == "reshuffle"]
    assert len(shuffle) == 1 and shuffle[0].rule == "deck.reshuffle"
    assert shuffle[0].text == (f"The draw pile is empty: the discard pile ({discards} cards) is "
                               "flipped and shuffled")
    assert len(state.deck) == discards and state.discard == ()
    assert state.pending.kind == "draw" and state.hand(1) == cards("5S 6S 7S 9C")
    state, _ = state.apply("draw 10D")
    assert state.pending.kind == "move" and len(state.deck) == discards - 1
    assert_conserved(state)


def _dry_table(**kw):
    """4 players, 1 track: P1's hand is empty, both piles are empty, five All Aboard! cards are
    set aside this turn and the sixth is the last card of the draw pile."""
    return position(
        4, tracks=1, phase="draw", player=1, signalled=True, owed=5,
        hands=["", "QS QH QD QC JS", "JH JD JC KH KD", "KC 5H 5D 5C 6H"],
        trains={1: ("KS", 2, "5S 6S 7S 8S 9S 10S")},
        platforms={1: "7H 8H 9H 10H 6D 7D 8D 9D 10D 6C 7C 8C 9C 10C"},
        deck="JK2", set_aside=cards("AS AH AD AC JK1"), **kw)


def test_ruling_empty_piles_and_no_move():
    """ruling.empty-piles: both piles empty, drawing stops. ruling.no-move: with no legal Move
    (empty hand; waiting Passengers cannot board the K♠ train), the Moves are skipped.
    ruling.set-aside: the ignored cards still set aside go back at the end of the turn."""
    state = _dry_table()
    state, events = state.apply("draw JK2")
    assert kinds(events) == ["ignore", "dry", "no-move"]
    assert [e.rule for e in events] == ["aa.several", "ruling.empty-piles", "ruling.no-move"]
    assert events[1].text == "The draw pile and the discard pile are empty: P1 stops drawing"
    assert events[2].text == "P1 has no legal Move left and skips 2 Moves"
    assert state.step.kind == "discard" and state.moves == 0
    assert state.legal_actions() == (sandbox.everyone_on_board.EndTurn(),)
    assert len(state.set_aside) == 6 and state.deck == ()
    assert_conserved(state)
    state, events = state.apply("end")
    back = [e for e in events if e.kind == "return"]
    assert back[0].rule == "ruling.set-aside"
    assert back[0].text.endswith("shuffled back into the deck at the end of the turn")
    assert state.set_aside == () and len(state.deck) == 6 and state.player == 2
    assert_conserved(state)

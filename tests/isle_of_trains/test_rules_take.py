"""Rulebook order, part 2: How to Play (two actions, same or different; an action that cannot be
fulfilled cannot be chosen) and the Take action (display, deck, passenger, reshuffle, empty bag)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sandbox.isle_of_trains.actions import Take
from tests.isle_of_trains.iot_rules import assert_conserved, at, game, kinds, of, refused, rules

P2_IDLE = {"train": ["E1"]}


def test_turn_two_actions_the_same_action_twice():
    """[turn.two-actions] a turn is 2 actions; the same one twice is allowed (take deck, take
    deck), then play passes to the left [turn.next]."""
    m = game({"players": {1: {"hand": "C1"}, 2: P2_IDLE}}, force=["draw X1", "draw H2"])
    assert m.pending.prompt == "P1: Action 1 of 2" and m.pending.rule == "turn.two-actions"
    m.play("take deck")
    assert m.pending.prompt == "P1: Action 2 of 2" and m.state.actions_left == 1
    events = m.play("take deck")
    assert m.state.player(1).hand == ("C1", "H2", "X1")
    assert of(events, "turn")[0].text == "P1 ends the turn; P2 is next"
    assert m.state.current == 2 and m.state.turn == 2 and m.state.actions_left == 2
    assert m.pending.prompt == "P2: Action 1 of 2"


def test_turn_two_actions_different_actions():
    """[turn.two-actions] each action may differ: a Take then a Build."""
    m = game({"players": {1: {"hand": "C1 T1"}, 2: P2_IDLE}}, force=["passenger DC", "passenger AL"])
    m.play("take passenger")
    m.play("build C1")
    m.play("pay T1")
    assert m.state.current == 2
    assert [c.card for c in m.state.player(1).train] == ["E1", "C1"]
    assert m.state.player(1).supply == ("AL", "DC")


def test_turn_must_fulfil_unfulfillable_actions_are_not_offered():
    """[turn.must-fulfil] an action whose requirements cannot be met cannot be chosen: a Build
    the hand cannot fund (X1 costs 3, one other card), a Load with nothing that fits, a Deliver
    with nothing to deliver; only what can be done is legal."""
    m = game({"players": {1: {"hand": "X1 T1"}, 2: P2_IDLE}})
    refused(m, "build X1", "build.pay")
    refused(m, "deliver BI", "turn.must-fulfil")
    refused(m, "load T1 P2.1", "load.space")  # an engine carries passengers, not cargo
    refused(m, "build T1", "build.pay")  # T1 costs 2; X1 is the only other card
    assert {a.notation for a in m.legal_actions()} == {"take deck", "take passenger"}


def test_take_card_from_the_display_refilled_at_the_end_of_the_turn():
    """[take.card] take a face-up card from the display; [take.display-refill]
    [end.display-refill] the display is refilled to 3 at the end of the turn, not at once."""
    m = game({"players": {1: {"hand": ""}, 2: P2_IDLE}, "display": "C1 H2 X3"},
             force=["draw T2", "draw E3"])
    events = m.play("take 2")
    assert events[0].text == "P1 takes Level 2 Hopper from the display"
    assert events[0].rule == "take.card"
    assert m.state.display == ("C1", "", "X3") and m.state.player(1).hand == ("H2",)
    refused(m, "take 2", "take.card")  # the slot stays empty during the turn
    events = m.play("take 1")
    assert m.state.player(1).hand == ("C1", "H2")
    refill = of(events, "display")
    assert [e.rule for e in refill] == ["take.display-refill"] * 2
    assert texts(refill) == ["Level 2 Tanker goes face up in display slot 1",
                             "Level 3 Engine goes face up in display slot 2"]
    assert m.state.display == ("T2", "E3", "X3")
    assert m.state.current == 2


def test_display_not_refilled_when_no_face_up_card_was_taken():
    """[end.display-refill] only a player who took a face-up card refills the display: a display
    short of cards (the deck ran out) stays short otherwise [ruling.empty-piles]."""
    m = game({"players": {1: {"hand": ""}, 2: P2_IDLE}, "display": "C1 -- X3"}, force=["draw T2", "draw T3"])
    m.play("take deck")
    events = m.play("take deck")
    assert not of(events, "display") and m.state.display == ("C1", "", "X3")


def test_take_card_from_the_deck_is_a_chance_draw():
    """[take.card] the top card of the deck: a chance decision, each card in the deck as likely
    as its copies there."""
    m = game({"players": {1: {"hand": ""}, 2: P2_IDLE}}, seed=2)
    m.auto_chance = False
    m.play("take deck")
    p = m.pending
    assert p.is_chance and p.rule == "take.card" and p.prompt == "Draw a card for P1 (1 to go)"
    deck = m.state.deck
    assert sum(p.chances) == pytest.approx(1)
    odds = dict(zip((a.card for a in p.options), p.chances))
    assert odds["H1"] == pytest.approx(deck.count("H1") / len(deck))
    m.play("draw X3")
    assert m.state.player(1).hand == ("X3",)


def test_take_reshuffle_when_the_deck_is_empty():
    """[take.reshuffle] drawing from an empty deck shuffles the discard pile into a new deck,
    then draws from it."""
    m = game({"players": {1: {"hand": ""}, 2: P2_IDLE}, "discard": "H1 T1 X1"})
    m = at(replace(m.state, deck=()), force=["draw T1"])
    events = m.play("take deck")
    assert kinds(events)[:3] == ["take", "reshuffle", "draw"]
    assert of(events, "reshuffle")[0].rule == "take.reshuffle"
    assert of(events, "reshuffle")[0].text == ("The train deck is empty: the discard pile (3 cards) is "
                                              "shuffled into a new deck")
    assert m.state.player(1).hand == ("T1",)
    assert m.state.deck == ("H1", "X1") and m.state.discard == ()


def test_take_card_refused_when_deck_and_discard_are_both_empty():
    """[take.reshuffle] [ruling.empty-piles] [turn.must-fulfil] with nothing in the deck or the
    discard pile there is no card to take; a draw that finds nothing takes what there is."""
    m = game({"players": {1: {"hand": ""}, 2: P2_IDLE}, "display": "C1"})
    m = at(replace(m.state, deck=(), discard=()))
    refused(m, "take deck", "take.reshuffle")
    assert Take("1") in m.legal_actions()


def test_take_passenger_from_the_bag():
    """[take.passenger] draw 1 passenger at random from the bag; it goes beside the engine."""
    m = game({"players": {1: {"supply": "AL"}, 2: P2_IDLE}}, force=["passenger CE"])
    bag = len(m.state.bag)
    events = m.play("take passenger")
    assert texts(events) == ["P1 takes a passenger from the bag", "P1 draws a passenger for Camp Eagle"]
    assert [e.rule for e in events] == ["take.passenger", "take.passenger"]
    assert m.state.player(1).supply == ("AL", "CE") and len(m.state.bag) == bag - 1
    assert_conserved(m.state)


def texts(events):
    return [e.text for e in events]


def test_take_empty_bag_gives_one_vp_token():
    """[take.empty-bag] with the bag empty, taking a passenger gives 1 VP token instead; the same
    for passengers drawn on a build [build.passengers] (a Level 2 Coach: 2 tokens)."""
    m = game({"players": {1: {"hand": "C2 H1 H1 H1 H1", "tokens": 3}, 2: P2_IDLE}})
    m = at(replace(m.state, bag=()))
    events = m.play("take passenger")
    token = of(events, "token")
    assert [e.rule for e in token] == ["take.empty-bag"]
    assert token[0].text == "The passenger bag is empty: P1 takes 1 VP token instead"
    assert m.state.player(1).tokens == 4 and m.state.player(1).supply == ()
    m.play("build C2")
    for _ in range(4):
        m.play("pay H1")
    assert m.state.player(1).tokens == 6
    assert rules(m, "take passenger") == []

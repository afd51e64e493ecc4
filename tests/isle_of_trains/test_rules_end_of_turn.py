"""Rulebook order, part 6: "When you have completed 2 Actions": the end check and its two
triggers, the final turns, the progress train, the hand limit, the display refill, the next
player; and the order of these steps (a ruling with a switch)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.isle_of_trains.iot_rules import at, game, of, refused

P2 = {"train": ["E1"]}
HOPPERS = {"card": "H2", "loads": ["coal:C1", "coal:H1"]}
FLIPPED = [{"island": "Billington's", "side": 0}, {"island": "Camp Eagle", "side": 0},
           {"island": "Flint Beach", "side": 0}]


def all_events(m):
    return [e for n in m.history for e in n.events]


def test_hand_limit_discard_down_to_five_at_the_end_of_the_turn():
    """[end.hand-limit] with 6 or more cards at the end of the turn, discard cards of your choice
    down to 5; not before the two actions are done."""
    m = game({"players": {1: {"hand": "C1 C2 C3 H1 H2"}, 2: P2}}, force=["draw X1", "draw X2"])
    m.play("take deck")
    assert m.pending.kind == "action"
    m.play("take deck")
    assert m.pending.kind == "hand-limit" and m.pending.prompt == "P1: discard down to 5 cards"
    assert m.pending.rule == "end.hand-limit"
    refused(m, "pay C1", "end.hand-limit")
    m.play("discard X2")
    assert m.pending.kind == "hand-limit"
    events = m.play("discard C3")
    assert events[0].rule == "end.hand-limit"
    assert m.state.player(1).hand == ("C1", "C2", "H1", "H2", "X1") and m.state.current == 2
    assert m.state.discard == ("X2", "C3")


def test_turn_next_passes_to_the_left():
    """[turn.next] [ruling.first-player] play passes in seat order, P3 back to P1."""
    m = game({"players": {}, "current": 3}, players=3, force=["passenger AL", "passenger BI"])
    m.play("take passenger")
    events = m.play("take passenger")
    assert of(events, "turn")[0].text == "P3 ends the turn; P1 is next"
    assert m.state.current == 1


def test_progress_trigger_active_player_takes_the_train_everyone_gets_a_final_turn():
    """[end.check] [end.trigger-progress] [end.final-turns] [ruling.final-turns] the progress
    train reaches space 4 (2 players) during P1's turn: at its end P1 takes the progress train;
    P2 and then P1 take one final turn each, then the game is over and scored."""
    m = game({"players": {1: {"train": ["E2", HOPPERS]}, 2: {"islands": FLIPPED}}})
    assert m.state.progress == 3 and m.state.end_space == 4
    for part in ("deliver AL", "primary", "use 2", "use 2", "done"):
        m.play(part)
    assert m.state.progress == 4 and m.state.ending == ""  # checked only at the end of the turn
    events = m.play("take passenger")
    end = of(events, "end")
    assert [e.rule for e in end] == ["end.trigger-progress"]
    assert end[0].text == "The progress train reached space 4: P1 takes it; every player takes one final turn"
    assert m.state.player(1).progress_train and m.state.ending == "progress"
    assert m.state.current == 2
    m.play("take passenger")
    m.play("take passenger")
    assert m.state.current == 1 and not m.is_over
    m.play("take passenger")
    events = m.play("take passenger")
    assert of(events, "over")[0].rule == "end.final-turns" and m.is_over
    assert m.outcome.rule == "end.trigger-progress"
    assert dict(m.outcome.breakdown[1])["progress train"] == 1


def at_empty_piles(spec, **kw):
    m = game(spec, **kw)
    return at(replace(m.state, deck=(), discard=()))


def test_deck_trigger_both_piles_empty_at_the_end_of_a_turn():
    """[end.trigger-deck] [end.deck-final-turns] [end.deck-both-empty] with the train deck and
    the discard pile both empty at the end of P1's turn, every player takes one final turn (P2,
    then P1) and nobody takes the progress train."""
    m = at_empty_piles({"players": {1: {}, 2: P2}})
    m.play("take passenger")
    events = m.play("take passenger")
    end = of(events, "end")
    assert [e.rule for e in end] == ["end.trigger-deck"]
    assert end[0].text == "The train deck and the discard pile are empty: every player takes one final turn"
    for _ in range(4):
        m.play("take passenger")
    assert m.is_over and m.outcome.rule == "end.trigger-deck"
    assert not any(pl.progress_train for pl in m.state.players)


def test_deck_trigger_needs_the_discard_pile_empty_too():
    """[end.deck-both-empty] an empty deck alone does not end the game: the discard pile is
    reshuffled when needed [take.reshuffle]."""
    m = game({"players": {1: {}, 2: P2}, "discard": "H1"})
    m = at(replace(m.state, deck=()))
    m.play("take passenger")
    events = m.play("take passenger")
    assert not of(events, "end") and m.state.ending == ""


def test_progress_train_reached_in_a_final_turn_after_the_deck_trigger():
    """[ruling.progress-train-deck-end] [end.deck-final-turns] after the deck trigger, the player
    whose final action moves the progress train onto the end space takes it at once; no extra
    turns follow."""
    m = at_empty_piles({"players": {1: {}, 2: {"train": ["E2", HOPPERS], "islands": FLIPPED[:2]},
                                    }})
    m = at(replace(m.state, progress=3))  # 2 islands held and a full ticket tile, say
    m.play("take passenger")
    m.play("take passenger")
    assert m.state.ending == "deck" and m.state.current == 2
    events = []
    for part in ("deliver AL", "primary", "use 2", "use 2"):
        events += m.play(part)
    taken = of(events, "progress-train")
    assert [e.rule for e in taken] == ["ruling.progress-train-deck-end"]
    assert m.state.player(2).progress_train
    m.play("done")
    m.play("take passenger")
    m.play("take passenger")
    m.play("take passenger")
    assert m.is_over


@pytest.mark.parametrize("order, ends", [("after-cleanup", False), ("before-cleanup", True)])
def test_end_of_turn_order_switch(order, ends):
    """[ruling.end-of-turn-order] [end.check] [end.hand-limit] with an empty deck and discard
    pile and 7 cards in hand: by default the hand-limit discards land in the discard pile before
    the check, so the game does not end; with end_check='before-cleanup' the check comes first
    and the deck trigger fires."""
    m = at_empty_piles({"players": {1: {"hand": "C1 C2 C3 H1 H2 H3 X1"}, 2: P2}}, end_check=order)
    m.play("take passenger")
    events = list(m.play("take passenger"))
    if order == "before-cleanup":
        assert m.state.ending == "deck"
    events += m.play("discard C1")
    events += m.play("discard C2")
    assert (m.state.ending == "deck") == ends
    assert bool(of(events + all_events(m), "end")) == ends


def test_display_refill_is_part_of_the_end_of_turn():
    """[end.display-refill] [take.display-refill] a face-up card taken is replaced at the end of
    the turn, after the hand limit (default order)."""
    m = game({"players": {1: {"hand": "C1 C2 C3 H1 H2"}, 2: P2}, "display": "X1 X2 X3"},
             force=["draw T2"])
    m.play("take 1")
    m.play("take 2")
    assert m.pending.kind == "hand-limit" and m.state.display == ("", "", "X3")
    m.play("discard C1")
    m.play("discard C2")
    assert m.state.display[2] == "X3" and all(m.state.display)

"""Rulebook order, part 4: Ticket Collectors' characters and the All Aboard! cards."""

from __future__ import annotations

import pytest
from eob_helpers import C, assert_conserved, cards, dealt, kinds, play, position

import sandbox


def station(king="waits", jack="signal", **kw):
    """P1 is drawing (4 in hand). Track 1: J♠ (P1) 5♠ 6♠ aboard. Track 2: Q♥ (P2) 7♥ aboard.
    Track 3: K♦ (P1) 8♦ aboard, 9♦ and 5♣ wait on platform 3. Track 4: K♣ (P2) 10♣ aboard,
    6♥ waits on platform 4."""
    base = dict(tracks=4, schedule=12, king=king, jack=jack, phase="draw", player=1,
                hands=["7S 8S 9S 10S", "5H 8H 9H 10H 6D"],
                trains={1: ("JS", 1, "5S 6S"), 2: ("QH", 2, "7H"), 3: ("KD", 1, "8D"),
                        4: ("KC", 2, "10C")},
                platforms={3: "9D 5C", 4: "6H"})
    base.update(kw)
    return position(2, **base)


def test_aa_drawn_signal_jack_queen_king_in_track_order():
    """aa.drawn + aa.signal: A♠ drawn mid-game is played at once; every train answers in track
    order. collector.jack leaves at once; collector.queen waits for her coin."""
    state, events = station().apply("draw AS")
    assert kinds(events) == ["all-aboard", "leave", "score", "clear"]
    assert [e.rule for e in events] == ["aa.drawn", "collector.jack", "aa.score", "move.train-discard"]
    assert events[0].text == ("P1 draws A♠: ALL ABOARD! Every train at the station gets the signal "
                              "to leave (not a Move)")
    assert events[1].text == "The Jerky Jack J♠ on track 1 leaves at once"
    assert events[2].text == "The train on track 1 leaves with 5♠ 6♠: P1 scores 11"
    assert events[3].text == "5♠ 6♠ J♠ go to the discard pile; P1 takes back the Train Card"
    assert state.scores == (11, 0) and state.tracks[0].train is None
    assert state.signal_card == C("AS") and state.signal == (2, 3, 4)
    p = state.pending
    assert p.is_chance and p.kind == "coin" and p.rule == "collector.queen"
    assert p.prompt == "Does the Quirky Queen's train on track 2 leave? (50%)"
    assert [a.notation for a in p.options] == ["leaves", "stays"] and p.chances == (0.5, 0.5)
    assert_conserved(state)


def test_collector_queen_stays_and_king_waits_for_his_passengers():
    """collector.queen (stays) then collector.king / ruling.king (waits): the K♦ stays while 9♦
    waits on platform 3; the K♣ leaves, as 6♥ is not of his suit."""
    state, _ = station().apply("draw AS")
    state, events = state.apply("stays")
    assert kinds(events) == ["coin", "stay", "leave", "score", "clear", "signal-done"]
    assert events[0].text == "The Quirky Queen Q♥ on track 2 stays (50% chance)"
    assert events[1].text == "The Kind King K♦ on track 3 won't leave 9♦ on the platform: the train stays"
    assert events[1].rule == "collector.king"
    assert events[2].text == "The Kind King K♣ on track 4 leaves"
    assert events[3].text == "The train on track 4 leaves with 10♣: P2 scores 10"
    assert events[5].text == "A♠ goes to the discard pile" and events[5].rule == "move.all-aboard"
    assert state.scores == (11, 10) and len(state.departures) == 2
    assert state.tracks[1].train.aboard == (C("7H"),) and state.tracks[2].train.collector == C("KD")
    assert state.tracks[3] == sandbox.everyone_on_board.Track((C("6H"),), None)  # platform stays
    assert state.discard == cards("5S 6S JS 10C KC AS")
    assert_conserved(state)


def test_collector_queen_leaves_on_her_coin():
    """collector.queen: "leaves" sends the Q♥ train away, scoring 7 for P2."""
    state, _ = station().apply("draw AS")
    state, events = state.apply("leaves")
    assert events[0].text == "The Quirky Queen Q♥ on track 2 decides to leave (50% chance)"
    assert [e.text for e in events if e.kind == "score"] == [
        "The train on track 2 leaves with 7♥: P2 scores 7",
        "The train on track 4 leaves with 10♣: P2 scores 10"]
    assert state.scores == (11, 17)


def test_ruling_king_boards_takes_his_passengers_along():
    """ruling.king with king='boards': the K♦ takes 9♦ aboard (not 5♣), then leaves: 8 + 9."""
    state, _ = station(king="boards").apply("draw AS")
    state, events = state.apply("stays")
    texts = [e.text for e in events]
    assert "The Kind King K♦ on track 3 takes 9♦ aboard before leaving" in texts
    assert "The train on track 3 leaves with 8♦ 9♦: P1 scores 17" in texts
    assert state.scores == (11 + 17, 10)
    assert state.tracks[2].platform == (C("5C"),) and state.tracks[2].train is None
    assert_conserved(state)


def test_collector_king_leaves_when_no_passenger_of_his_suit_waits():
    """collector.king / ruling.king (waits): with nothing of his suit waiting the King leaves."""
    state = station(platforms={3: "5C", 4: "6H"})
    state, _ = play(state, "draw AS", "stays")
    assert [d.track for d in state.departures] == [1, 3, 4]
    assert state.scores == (11 + 8, 10)


def test_aa_drawn_is_not_a_move_and_the_turn_continues():
    """aa.drawn: playing the card is not a Move; after the trains answered, the player draws
    again and the turn continues: still 2 Moves to make."""
    state, _ = play(station(), "draw AS", "stays")
    assert state.pending.kind == "draw" and state.hand(1) == cards("7S 8S 9S 10S")
    assert state.moves == 0 and state.player == 1
    state, _ = state.apply("draw 9C")
    assert state.pending.prompt == "P1: Move 1 of 2"
    state, _ = play(state, "7S>P1", "8S>P1")
    assert state.pending.kind == "discard"


def test_move_train_discard_clearing_a_train_is_not_a_move():
    """move.train-discard: the cards of a leaving train go to the discard pile; no Move used."""
    state, events = station().apply("draw AS")
    clear = [e for e in events if e.kind == "clear"]
    assert clear[0].rule == "move.train-discard"
    assert state.moves == 0 and state.discard == cards("5S 6S JS")


def test_aa_signal_with_no_train_at_the_station():
    """aa.signal: with no train at the station, the signal changes nothing but the pile."""
    state = position(2, tracks=2, phase="draw", hands=["7S 8S 9S 10S"], platforms={1: "5H"})
    state, events = state.apply("draw JK2")
    assert kinds(events) == ["all-aboard", "signal", "signal-done"]
    assert events[1].text == "No train is at the station to answer the signal"
    assert events[1].rule == "aa.signal"
    assert state.discard == (C("JK2"),) and state.departures == () and state.signalled
    assert state.pending.kind == "draw"


def test_move_all_aboard_never_in_a_hand():
    """move.all-aboard: an All Aboard! card goes from the deck to the discard pile, never to a hand."""
    state, _ = station().apply("draw AS")
    assert C("AS") not in state.hand(1)
    state, _ = state.apply("stays")
    assert state.discard[-1] == C("AS") and state.signal_card is None


def test_aa_several_ignored_then_shuffled_back_after_equal_draws():
    """aa.several: a second and third All Aboard! card in the turn are ignored and set aside,
    then shuffled back once the player has drawn as many (2) non-All Aboard! cards."""
    state = position(2, tracks=2, phase="draw", hands=["7S 8S"], schedule=12,
                     trains={1: ("JH", 2, "5H")})
    state, events = state.apply("draw AS")
    assert state.scores == (0, 5) and state.signalled
    state, events = state.apply("draw JK1")
    assert kinds(events) == ["ignore"] and events[0].rule == "aa.several"
    assert events[0].text == ("P1 draws Joker, another All Aboard! card this turn: ignored and set "
                              "aside until P1 has drawn as many other cards")
    state, events = state.apply("draw AD")
    assert state.set_aside == cards("JK1 AD") and state.owed == 2 and state.departures[1:] == ()
    state, events = state.apply("draw 7H")
    assert state.owed == 1 and state.set_aside == cards("JK1 AD")
    state, events = state.apply("draw 8H")
    assert kinds(events) == ["draw", "return"]
    assert events[1].text == "Joker A♦ shuffled back into the deck" and events[1].rule == "aa.several"
    assert state.set_aside == () and C("JK1") in state.deck and C("AD") in state.deck
    assert state.owed == 0
    state, _ = state.apply("draw 9H")
    assert state.hand(1) == tuple(sorted(cards("7H 8H 9H 7S 8S"))) and state.pending.kind == "move"
    assert_conserved(state)


def test_aa_several_signal_again_next_turn():
    """aa.several counts within one turn: the next turn an All Aboard! card signals again."""
    state = position(2, tracks=2, phase="draw", hands=["7S 8S 9S 10S", "5D 6D 7D 8D"], schedule=12)
    state, _ = play(state, "draw AS", "draw 5H", "7S>P1", "8S>P1", "end")
    assert state.player == 2 and not state.signalled
    state, events = state.apply("draw AH")
    assert kinds(events)[0] == "all-aboard"


def test_ruling_set_aside_returns_at_the_end_of_the_turn():
    """ruling.set-aside: if the hand fills before enough draws, the ignored cards go back at the
    end of the turn."""
    state = position(2, tracks=2, phase="draw", hands=["7S 8S 9S 10S"], schedule=12)
    state, _ = play(state, "draw AS", "draw JK1", "draw AD", "draw 7H")
    assert state.pending.kind == "move" and state.owed == 1 and state.set_aside == cards("JK1 AD")
    state, events = play(state, "7S>P1", "8S>P2", "end")
    back = [e for e in events if e.kind == "return"]
    assert back[0].rule == "ruling.set-aside"
    assert back[0].text == "Joker A♦ shuffled back into the deck at the end of the turn"
    assert state.set_aside == () and state.owed == 0 and state.player == 2
    assert_conserved(state)


HANDS = ["QH 7H 8H 9H 5C", "KS 9S 10S 6D 6C"]


def test_aa_drawn_mid_turn_and_twice_in_a_turn_in_a_match():
    """aa.drawn, collector.king and aa.several through a match with forced outcomes: Joker1 is
    drawn on turn 3, the Queen stays (forced coin), the King waits for 9♠, then A♥ is ignored
    and goes back after one more draw."""
    m = dealt(2, HANDS, tracks=2, schedule=12, then=["JK1", "stays", "AH", "10H", "5S"])
    for a in ("QH>T1", "7H>P1", "end", "KS>T2", "9S>P2"):
        m.play(a)
    events = m.play("end")
    assert [e.kind for e in events if e.kind not in ("draw", "turn")] == [
        "all-aboard", "coin", "stay", "signal-done", "ignore", "return"]
    assert [n.by for n in m.history[-5:]] == ["forced"] * 5
    assert m.state.hand(1) == tuple(sorted(cards("10H 5S 8H 9H 5C")))
    assert m.state.set_aside == () and C("AH") in m.state.deck and m.state.discard == (C("JK1"),)
    assert m.pending.prompt == "P1: Move 1 of 2" and m.state.departures == ()


@pytest.mark.parametrize("coin, scores, gone", [("leaves", (7, 0), 1), ("stays", (0, 0), 0)])
def test_collector_queen_coin_forced_both_ways(coin, scores, gone):
    """collector.queen: a tutorial forces the Queen's coin each way; P2 boarded 7♥ on P1's
    Q♥ train (passenger.anyone), so "leaves" scores 7 for P1."""
    m = dealt(2, HANDS, tracks=2, schedule=12, then=["AS", coin, "10H", "5S", "6S"])
    for a in ("QH>T1", "7H>P1", "end", "7H>T1", "9S>P2", "end"):
        m.play(a)
    coin_node = next(n for n in m.history if n.action.notation == coin)
    assert coin_node.by == "forced" and coin_node.events[0].rule == "collector.queen"
    assert m.state.scores == scores and len(m.state.departures) == gone
    assert (m.state.tracks[0].train is None) == (coin == "leaves")


def test_collector_jack_leaves_on_every_signal_even_empty():
    """collector.jack / ruling.jack (signal): a Jack's train leaves on each signal, empty or not."""
    state = position(2, tracks=2, phase="draw", hands=["7S 8S 9S 10S"], schedule=12,
                     trains={1: ("JH", 2, ""), 2: ("JD", 1, "10D 9D")})
    state, events = state.apply("draw JK1")
    assert [e.text for e in events if e.kind == "leave"] == [
        "The Jerky Jack J♥ on track 1 leaves at once", "The Jerky Jack J♦ on track 2 leaves at once"]
    assert state.scores == (19, 0) and len(state.departures) == 2


@pytest.mark.parametrize("jack, gone", [("signal", 0), ("turn-end", 1)])
def test_ruling_jack_turn_end(jack, gone):
    """ruling.jack: with jack='turn-end' a Jack's train with anyone aboard also leaves at the end
    of every turn; an empty one and other Ticket Collectors stay. Default: only on a signal."""
    state = position(2, tracks=3, jack=jack, phase="discard", hands=["7S 8S"], schedule=12,
                     trains={1: ("JS", 2, "5S"), 2: ("JH", 1, ""), 3: ("QD", 1, "6D")})
    state, events = state.apply("end")
    assert len(state.departures) == gone
    if gone:
        assert [e.text for e in events][:3] == [
            "The Jerky Jack J♠ on track 1 leaves at the end of the turn",
            "The train on track 1 leaves with 5♠: P2 scores 5",
            "5♠ J♠ go to the discard pile; P2 takes back the Train Card"]
        assert events[0].rule == "collector.jack" and state.scores == (0, 5)
    assert state.tracks[1].train.collector == C("JH") and state.tracks[2].train.collector == C("QD")
    assert state.player == 2
    assert_conserved(state)


def test_ruling_no_collector_every_train_has_one_after_each_transition():
    """ruling.no-collector: trains arrive with a Ticket Collector and only ever change it; a
    train that leaves leaves its track empty, its platform stays."""
    state = station(hands=["7S 8S 9S QS", "5H 8H 9H 10H 6D"])
    for action in ("draw AS", "stays", "draw JD", "QS>T1", "JD>T2", "end"):
        state, _ = state.apply(action)
        for track in state.tracks:
            assert track.train is None or track.train.collector.is_collector
    assert [t.train.collector.notation if t.train else None for t in state.tracks] == [
        "QS", "JD", "KD", None]
    assert state.tracks[1].train.aboard == (C("7H"),) and state.tracks[1].train.controller == 1
    assert state.tracks[3].platform == (C("6H"),)

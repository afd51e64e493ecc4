"""Rulebook order, part 3: "How to Move Cards", Passengers and Ticket Collectors."""

from __future__ import annotations

import pytest
from eob_helpers import C, assert_conserved, cards, play, position, violation_rules

import sandbox
from sandbox.everyone_on_board import FULL_DECK, TRAIN_CARDS, Move, Spot


def table(**kw):
    """2 players, 3 tracks. Track 1: Q♥ train of P2 with 9♥ aboard; platform 1: 7♥ 8♠.
    Track 2: empty, platform 2: 6♦. Track 3: K♣ train of P1, nobody aboard."""
    base = dict(tracks=3, hands=["5H 10H JS KD 6C", "5S 6S 7S QS 9D"],
                platforms={1: "7H 8S", 2: "6D"},
                trains={1: ("QH", 2, "9H"), 3: ("KC", 1, "")}, discard="5D 10C JH")
    base.update(kw)
    return position(2, **base)


def refuse(state, action, *rules):
    """The action is refused with exactly these rule ids, and apply leaves the state as it was."""
    assert violation_rules(state, action) == list(rules), state.explain(action)
    before = repr(state)
    with pytest.raises(sandbox.IllegalAction) as info:
        state.apply(action)
    assert [v.rule for v in info.value.violations] == list(rules)
    assert repr(state) == before
    assert state.parse(action) not in state.legal_actions()
    return info.value


def test_move_passenger_hand_to_platform():
    """move.passenger: from your hand to a platform (any platform, train or not)."""
    state = table()
    for spot in ("P1", "P2", "P3"):
        assert state.explain(f"5H>{spot}").ok
    state, events = state.apply("5H>P2")
    assert events[0].text == "P1 Moves 5♥ from hand to platform 2" and events[0].rule == "move.passenger"
    assert state.tracks[1].platform == cards("5H 6D") and C("5H") not in state.hand(1)
    assert state.moves == 1 and state.moved == (C("5H"),)
    assert_conserved(state)


def test_move_passenger_platform_to_platform():
    """move.passenger: from one platform to another platform; not to the one it is on."""
    state = table()
    state, events = state.apply("8S>P3")
    assert events[0].text == "P1 Moves 8♠ from platform 1 to platform 3"
    assert state.tracks[0].platform == (C("7H"),) and state.tracks[2].platform == (C("8S"),)
    err = refuse(table(), "8S>P1", "move.passenger")
    assert "8♠ is already on platform 1" in str(err)


def test_move_passenger_platform_to_its_train_when_suits_match():
    """move.passenger / passenger.suit: 7♥ on platform 1 boards the Q♥ train beside it."""
    state = table()
    state, events = state.apply("7H>T1")
    assert events[0].text == "P1 Moves 7♥ aboard the train on track 1 (suit matches Q♥)"
    assert events[0].rule == "passenger.suit"
    assert state.tracks[0].train.aboard == cards("9H 7H") and state.tracks[0].platform == (C("8S"),)
    assert state.tracks[0].train.value == 16
    assert_conserved(state)


def test_passenger_suit_must_match_the_collector():
    """passenger.suit: 8♠ on platform 1 cannot board the Q♥ train; it may stay on the platform."""
    err = refuse(table(), "8S>T1", "passenger.suit")
    assert "8♠'s suit does not match the Ticket Collector Q♥ on track 1" in str(err)


def test_passenger_suit_platform_regardless_of_collector():
    """passenger.suit: a Passenger can Move onto a train's platform whatever its Ticket Collector."""
    state = table()
    assert state.explain("6C>P1").ok and state.explain("6C>P3").ok and state.explain("6C>P2").ok


def test_passenger_platform_first_not_from_the_hand():
    """passenger.platform-first: 10♥ in the hand cannot board the Q♥ train directly."""
    err = refuse(table(), "10H>T1", "passenger.platform-first")
    assert "10♥ must wait on platform 1 before boarding; it is in the hand" in str(err)


def test_passenger_platform_first_only_the_train_beside_it():
    """passenger.platform-first: 6♦ on platform 2 cannot board the train on track 1."""
    state = table(trains={1: ("QD", 2, ""), 3: ("KC", 1, "")})
    err = refuse(state, "6D>T1", "passenger.platform-first")
    assert "6♦ is on platform 2; it can board only the train beside it, not the one on track 1" in str(err)


def test_move_passenger_no_train_to_board():
    """move.passenger: 6♦ waits on platform 2, where no train has arrived yet."""
    err = refuse(table(), "6D>T2", "move.passenger")
    assert "there is no train on track 2 to board" in str(err)


def test_move_passenger_once_per_turn():
    """move.passenger-once: a Passenger Moved this turn cannot Move again, even to board."""
    state, _ = table().apply("7H>P2")
    err = refuse(state, "7H>P3", "move.passenger-once")
    assert "7♥ was already Moved this turn" in str(err)
    state, _ = table().apply("10H>P1")
    refuse(state, "10H>T1", "move.passenger-once")
    # next turn, the same Passenger may Move again (by anyone)
    state, _ = play(state, "8S>P2", "end")
    assert state.player == 2 and state.moved == ()
    assert state.explain("10H>T1").ok


def test_move_boarded_passenger_never_moves_again():
    """move.boarded: 9♥ has boarded the Q♥ train: it cannot Move anywhere."""
    state = table()
    for spot in ("P1", "P2", "T1", "T3"):
        assert "move.boarded" in violation_rules(state, f"9H>{spot}")
    err = refuse(state, "9H>P2", "move.boarded")
    assert "9♥ has boarded the train on track 1" in str(err)


def test_passenger_anyone_moves_a_waiting_passenger():
    """passenger.anyone: once on a platform, any player can Move a Passenger (P1's 5♥, moved
    by P2 on the next turn)."""
    state, _ = play(table(), "5H>P1", "10H>P2", "end")
    assert state.player == 2
    state, events = state.apply("5H>T1")
    assert events[0].actor == 2 and state.tracks[0].train.aboard == cards("9H 5H")
    state, _ = state.apply("10H>P3")
    assert state.tracks[2].platform == (C("10H"),)


def test_move_passenger_in_another_hand_or_the_deck_refused():
    """move.passenger: a Passenger Moves from your hand or a platform. A card in another hand
    or in the draw pile is refused the same way, and where it lies is never said."""
    state = table()
    err = refuse(state, "5S>P1", "move.passenger")
    assert err.violations[0].message == "5♠ is not in P1's hand or on a platform"
    assert C("5C") in state.deck
    err = refuse(state, "5C>P1", "move.passenger")
    assert err.violations[0].message == "5♣ is not in P1's hand or on a platform"
    for text in ("5S>T1", "5C>T1", "5S>P9", "5C>T9"):  # the same words wherever the card is
        words = " ".join(str(v) for v in state.explain(text).violations)
        assert "P2" not in words and "deck" not in words and "draw pile" not in words, words
    in_hand, in_deck = state.explain("5S>T1").violations, state.explain("5C>T1").violations
    assert [str(v).replace("5♠", "X") for v in in_hand] == [str(v).replace("5♣", "X") for v in in_deck]


def test_collector_arrive_on_an_empty_track():
    """collector.arrive: J♠ Moves to empty track 2: a train arrives, P1's Train Card marks it."""
    state, events = table().apply("JS>T2")
    assert events[0].rule == "collector.arrive"
    assert events[0].text == "P1 Moves J♠ to empty track 2: a train arrives, controlled by P1"
    train = state.tracks[1].train
    assert train.collector == C("JS") and train.controller == 1 and train.aboard == ()
    assert state.tracks[1].platform == (C("6D"),)  # the platform stays as it was
    assert state.moves == 1
    assert_conserved(state)


def test_collector_replace_switch_and_control():
    """move.collector-replace: K♦ replaces Q♥, which is discarded; collector.switch: the Train
    Card switches to P1; collector.control: P1 now scores the 9♥ already aboard."""
    state, events = table().apply("KD>T1")
    assert [e.rule for e in events] == ["move.collector-replace", "collector.switch"]
    assert events[0].text == ("P1 Moves K♦ onto the train on track 1, replacing Q♥ (discarded); "
                              "P1 now controls it")
    assert events[1].text == ("The Train Card on track 1 is switched to P1, who now controls the "
                              "Ticket Collector and the train")
    train = state.tracks[0].train
    assert (train.collector, train.controller, train.aboard) == (C("KD"), 1, (C("9H"),))
    assert state.discard[-1] == C("QH") and len(state.discard) == 4
    assert state.moves == 1  # the discard of the old one is not a Move
    # P1 replaces its own King: still P1's, the King goes to the discard pile
    state, events = state.apply("JS>T3")
    assert state.tracks[2].train.collector == C("JS") and state.discard[-1] == C("KC")
    assert [e.rule for e in events] == ["move.collector-replace", "collector.switch"]
    assert events[0].text == ("P1 Moves J♠ onto the train on track 3, replacing K♣ (discarded); "
                              "P1 keeps control")
    assert events[1].text == ("The Train Card on track 3 stays with P1, who still controls the "
                              "Ticket Collector and the train")
    assert_conserved(state)


def test_collector_control_last_mover_scores():
    """collector.control: whoever Moved the last Ticket Collector to a train scores it."""
    state, _ = play(table(), "KD>T1", "7H>P3", "end", "QS>T1")
    assert state.tracks[0].train.controller == 2
    # P2 now holds the train with 9♥ aboard: the All Aboard! signal scores it for P2
    state, _ = play(state, "9D>P2", "end", "draw AH")
    assert state.scores == (0, 0)  # the Queen on track 1 waits for her coin
    state, events = state.apply("leaves")
    assert [e.text for e in events if e.kind == "score"] == [
        "The train on track 1 leaves with 9♥: P2 scores 9",
        "The train on track 3 leaves with nobody aboard: P1 scores 0"]
    assert state.scores == (0, 9)
    assert [(d.track, d.controller, d.points) for d in state.departures] == [(1, 2, 9), (3, 1, 0)]


def test_move_collector_only_to_a_train_or_track():
    """move.collector: Ticket Collectors Move only from your hand to a train or an empty track."""
    err = refuse(table(), "JS>P2", "move.collector")
    assert "Ticket Collectors go to a train or an empty track, not to platform 2" in str(err)
    err = refuse(table(), "QS>T2", "move.collector")  # in P2's hand: not said
    assert err.violations[0].message == "Q♠ is not in P1's hand"
    refuse(table(), "JH>T2", "move.discard-pile")


def test_move_collector_once_on_a_train():
    """move.collector-once: the Q♥ on track 1 cannot Move again."""
    for spot in ("T1", "T2", "P1"):
        assert "move.collector-once" in violation_rules(table(), f"QH>{spot}")
    err = refuse(table(), "QH>T2", "move.collector-once")
    assert "Q♥ is already the Ticket Collector on track 1" in str(err)


def test_move_discard_pile_cards_never_move():
    """move.discard-pile: players cannot Move cards in the discard pile."""
    for card in ("5D", "10C", "JH"):
        for spot in ("P1", "P2", "T1", "T3"):
            assert "move.discard-pile" in violation_rules(table(), f"{card}>{spot}")
    err = refuse(table(), "5D>P2", "move.discard-pile")
    assert "5♦ is in the discard pile" in str(err)


def test_setup_train_cards_never_move():
    """setup.train-cards: the 2s, 3s and 4s are markers, never Moved."""
    for card in TRAIN_CARDS:
        for spot in ("P1", "T1", "T2"):
            assert violation_rules(table(), Move(card, Spot(spot[0], int(spot[1])))) == ["setup.train-cards"]
    err = refuse(table(), "2H>P1", "setup.train-cards")
    assert "2♥ is a Train Card" in str(err)


def test_move_all_aboard_cards_never_move():
    """move.all-aboard: All Aboard! cards go from the deck to the discard pile only."""
    state = table()
    for card in ("AS", "AH", "AD", "AC", "JK1", "JK2"):
        assert violation_rules(state, f"{card}>P1") == ["move.all-aboard"]
    err = refuse(state, "JK1>T1", "move.all-aboard")
    assert "Joker is an All Aboard! card" in str(err)


def test_move_one_card_at_a_time():
    """move.one-card: a Move carries exactly one card; two cards in one Move do not parse."""
    state, events = table().apply("5H>P1")
    assert len(events) == 1
    before, after = table(), state
    assert len(before.hand(1)) - len(after.hand(1)) == 1
    assert len(after.tracks[0].platform) - len(before.tracks[0].platform) == 1
    with pytest.raises(sandbox.InvalidNotation):
        state.parse("5H 10H>P1")


def test_station_spots_must_exist():
    """setup.station: there is no platform 4 in a 3-track station."""
    err = refuse(table(), "5H>P4", "setup.station")
    assert "the station has 3 tracks; there is no platform 4" in str(err)
    refuse(table(), "JS>T9", "setup.station")


def test_face_down_card_cannot_be_moved():
    """setup.deck: '??' (a face-down card) names no card of the deck. Engine bug fixed: it used
    to be allowed, putting a card that does not exist on the platform."""
    err = refuse(table(), "??>P1", "setup.deck")
    assert "is not one of the 54 cards" in str(err)


def test_legal_moves_listed_in_order():
    """The legal Moves: hand and platform cards x spots, in a stable order."""
    legal = [a.notation for a in table().legal_actions()]
    assert legal[:6] == ["5H>P1", "5H>P2", "5H>P3", "6C>P1", "6C>P2", "6C>P3"]
    assert "7H>T1" in legal and "8S>T1" not in legal and "KD>T1" in legal and "JS>T2" in legal
    assert len(legal) == len(set(legal)) == 9 + 6 + 3 + 2 + 2
    for card in FULL_DECK:
        for n in (1, 2, 3):
            for kind in "PT":
                move = Move(card, Spot(kind, n))
                assert (move in table().legal_actions()) == table().explain(move).ok

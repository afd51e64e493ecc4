"""Rulebook order, part 5: scoring, Train Cards, the end of the schedule, ties."""

from __future__ import annotations

import pytest
from eob_helpers import assert_conserved, cards, dealt, play, position

import sandbox
from sandbox.everyone_on_board.draw import marker_label


def rush(schedule=2, **kw):
    """P1 is drawing. Four trains: J♠ (P1) 5♠ 6♠, J♥ (P2) 7♥ 8♥, Q♦ (P1) 9♦, J♣ (P2) 10♣."""
    base = dict(tracks=4, schedule=schedule, phase="draw", hands=["7S 8S 9S 10S", "5H 6H 9H 10H 6D"],
                trains={1: ("JS", 1, "5S 6S"), 2: ("JH", 2, "7H 8H"), 3: ("QD", 1, "9D"),
                        4: ("JC", 2, "10C")})
    base.update(kw)
    return position(2, **base)


def test_end_schedule_several_trains_leave_at_once():
    """end.schedule + ruling.schedule: the signal reaches every train; the schedule of 2 is met
    by the first two, yet the Queen still answers her coin and the last Jack leaves too; all
    four score, then the game is over."""
    state, events = rush().apply("draw AS")
    assert state.pending.kind == "coin" and len(state.departures) == 2 and state.outcome is None
    state, events = state.apply("leaves")
    assert [e.text for e in events if e.kind == "score"] == [
        "The train on track 3 leaves with 9♦: P1 scores 9",
        "The train on track 4 leaves with 10♣: P2 scores 10"]
    end = events[-1]
    assert end.rule == "end.schedule" and end.kind == "end"
    assert end.text == "4 trains have gone through the station (schedule: 2): the game is over"
    assert state.stack == () and state.is_over and state.scores == (20, 25)
    assert state.pending.player is None and state.pending.rule == "end.schedule"
    assert state.legal_actions() == ()
    assert_conserved(state)
    out = state.outcome
    assert out.winners == (2,) and out.scores == {1: 20, 2: 25} and out.rule == "end.schedule"
    assert out.breakdown[1] == (("train J♠ on track 1: 5+6", 11), ("train Q♦ on track 3: 9", 9))
    assert out.breakdown[2] == (("train J♥ on track 2: 7+8", 15), ("train J♣ on track 4: 10", 10))
    assert str(out) == (
        "Game over: 4 trains have gone through the station (schedule: 2) [end.schedule]\n"
        "Winner: P2\n"
        "  P1: 20 = 11 (train J♠ on track 1: 5+6) + 9 (train Q♦ on track 3: 9)\n"
        "  P2: 25 = 15 (train J♥ on track 2: 7+8) + 10 (train J♣ on track 4: 10)")


def test_passenger_score_face_values_summed_for_the_controller():
    """passenger.score / aa.score: 10 + 9 + 5 aboard score 24 for the controller, not the
    player who drew the All Aboard! card."""
    state = position(3, tracks=2, schedule=6, phase="draw", player=1, hands=["7S 8S 9S 10S"],
                     trains={2: ("JH", 3, "10H 9H 5H")})
    state, events = state.apply("draw JK1")
    assert state.scores == (0, 0, 24)
    score = next(e for e in events if e.kind == "score")
    assert score.data == {"track": 2, "points": 24, "player": 3} and score.actor == 3
    assert state.departures[0].label == "train J♥ on track 2: 10+9+5"


def test_end_schedule_not_before_the_last_train():
    """end.schedule: one train short of the schedule, play goes on."""
    state, _ = play(rush(schedule=5), "draw AS", "leaves")
    assert len(state.departures) == 4 and not state.is_over
    assert state.pending.kind == "draw" and state.outcome is None


def test_end_schedule_by_a_jack_at_the_end_of_the_turn():
    """end.schedule with jack='turn-end' (ruling.jack): the last train leaves as the turn ends."""
    state = position(2, tracks=2, schedule=2, jack="turn-end", phase="discard", hands=["7S"],
                     trains={1: ("JS", 1, "5S")},
                     departures=(sandbox.everyone_on_board.Departure(2, 2, cards("QD")[0], (), 0),),
                     discard="QD")
    state, events = state.apply("end")
    assert [e.kind for e in events][-1] == "end" and state.is_over
    assert state.outcome.winners == (1,)
    assert_conserved(state)


def test_ruling_tie_tied_players_share_the_win():
    """ruling.tie: the rulebook has no tie-break; tied leaders share the win."""
    state = rush(trains={1: ("JS", 1, "5S 6S"), 2: ("JH", 2, "5H 6H")},
                 hands=["7S 8S 9S 10S", "7H 8H 9H 10H 6D"])
    state, _ = state.apply("draw AD")
    out = state.outcome
    assert out.winners == (1, 2) and out.tiebreak == "tied players share the win [ruling.tie]"
    assert str(out).splitlines()[1:3] == ["Winners: P1, P2",
                                         "Tie-break: tied players share the win [ruling.tie]"]


def test_game_over_refuses_everything_and_match_unchanged():
    """end.schedule: after the game is over every action is refused, the match unchanged."""
    m = dealt(2, ["JS 5S 6S 7S 8S", "JH 5H 6H 7H 8H"], tracks=2, schedule=2,
              then=["JK1", "9S", "9H"])
    for a in ("JS>T1", "5S>P1", "end", "JH>T2", "5S>T1", "end"):
        m.play(a)
    assert m.is_over and m.outcome.scores == {1: 5, 2: 0}
    ply, state = m.ply, m.state
    for action in ("end", "7S>P1", "draw 9C", "leaves"):
        with pytest.raises(sandbox.IllegalAction) as info:
            m.play(action)
        assert info.value.violations[0].rule == "end.schedule"
        assert "the game is over" in info.value.violations[0].message
    assert m.ply == ply and m.state is state
    assert m.step({1: sandbox.bots.RandomBot()}) is None


@pytest.mark.parametrize("players, labels", [(2, ["up", "down"]), (3, ["2", "3", "4"]),
                                             (4, ["♠", "♥", "♦", "♣"])])
def test_train_cards_show_who_controls(players, labels):
    """train-cards.show: 2 players flip the Train Card up/down, 3 use the 2s/3s/4s, 4 use suits."""
    assert [marker_label(players, p) for p in range(1, players + 1)] == labels
    trains = {p: (["JS", "QH", "KD", "JC"][p - 1], p, "") for p in range(1, players + 1)}
    state = position(players, tracks=4, hands=["7S"], trains=trains)
    svg = state.svg()
    for label in labels:
        assert f">{label}</text>" in svg


def test_ruling_train_cards_one_player_many_trains():
    """ruling.train-cards: Train Cards are only markers; P1 may control every train at once."""
    state = position(2, tracks=3, schedule=12, phase="draw", hands=["7S 8S 9S 10S"],
                     trains={1: ("JS", 1, "5S"), 2: ("JH", 1, "5H"), 3: ("JD", 1, "5D")})
    state, _ = state.apply("draw AC")
    assert state.scores == (15, 0) and [d.controller for d in state.departures] == [1, 1, 1]

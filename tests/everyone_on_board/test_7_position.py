"""Positions written down: built exactly, validated with the rule a bad spec breaks, saved and
loaded with the match, and played on from."""

import pytest

import sandbox
from sandbox.everyone_on_board import Card, Config, position

SPEC = {
    "player": 2,
    "hands": {1: "7H 9H QS", 2: "5C 6C KC"},
    "tracks": {1: {"platform": "8H 9C", "train": "QH", "by": 1, "aboard": "10H"}},
    "discard": "AS 5D",
    "gone": [[1, 12], [2, 7]],
}


def test_position_builds_the_table_it_describes():
    state = position(Config.make(2), SPEC)
    assert state.player == 2 and state.phase == "move" and state.moves == 0
    assert state.hand(1) == tuple(sorted(Card.parse(c) for c in ["7H", "9H", "QS"]))
    train = state.tracks[0].train
    assert (train.collector, train.controller, train.aboard) == (Card.parse("QH"), 1, (Card.parse("10H"),))
    assert state.discard[-1] == Card.parse("5D")
    assert state.scores == (12, 7) and len(state.departures) == 2
    # every card not placed is in the draw pile: 42 in play in all [setup.deck]
    placed = 3 + 3 + 2 + 1 + 1 + 2
    assert len(state.deck) == 42 - placed


@pytest.mark.parametrize(("spec", "rule"), [
    ({"hands": {1: "AS"}}, "move.all-aboard"),
    ({"hands": {1: "2S"}}, "setup.train-cards"),
    ({"hands": {1: "7H", 2: "7H"}}, "setup.deck"),
    ({"hands": {1: "5H 6H 7H 8H 9H 10H"}}, "turn.draw"),
    ({"tracks": {3: {"platform": "5H"}}}, "setup.station"),
    ({"tracks": {1: {"aboard": "5H"}}}, "ruling.no-collector"),
    ({"tracks": {1: {"platform": "QH"}}}, "move.passenger"),
])
def test_bad_positions_name_the_rule_they_break(spec, rule):
    """A spec that could not arise is refused naming the rule [setup.deck] [setup.station]."""
    with pytest.raises(ValueError, match=rf"\[{rule}\]"):
        sandbox.new_game("everyone_on_board", players=2, position=spec)


def test_a_match_from_a_position_plays_saves_and_loads():
    match = sandbox.new_game("everyone_on_board", players=2, seed=5, position=SPEC)
    match.play("5C>P1")
    match.play("KC>T1")  # P2 takes the train over [collector.control]
    assert match.state.tracks[0].train.controller == 2
    again = sandbox.load(match.to_json())
    assert again.state == match.state and again.ply == match.ply
    outcome = match.run({1: sandbox.bots.GreedyBot(), 2: sandbox.bots.RandomBot(seed=2)})
    assert outcome is not None
    assert outcome.breakdown[1][0] == ("a train that left before this position", 12)
    assert sum(p for _, p in outcome.breakdown[2]) == outcome.scores[2]

"""The generic stepper drives Isle of Trains: clicks on cars choose upgrades and delivery steps."""

import sandbox
from widgets import GameStepper

POSITION = {
    "current": 1,
    "players": {
        1: {"train": ["E2", {"card": "H2", "loads": ["coal:H1"]}, {"card": "X1", "loads": ["box:X3"]}],
            "hand": "C3 C1 X1"},
        2: {"train": ["E1"]},
    },
}


def test_clicks_on_a_car_pick_the_delivery_step_that_uses_it():
    match = sandbox.new_game("isle_of_trains", players=2, seed=1, position=POSITION)
    stepper = GameStepper(match, seats={1: "human", 2: "random"})
    stepper.choose(match.state.parse("deliver BI"))
    stepper.choose(match.state.parse("primary"))
    assert match.pending.kind == "contract"
    assert stepper.pick("car:P1.3") is None  # the box on the Level 1 Boxcar: selected
    assert stepper.pick("car:P1.3") is not None  # clicked again: paid
    assert match.history[-1].action.notation == "use 3"
    stepper.pick("car:P1.2")  # the coal on the Level 2 Hopper completes Billington's primary
    stepper.pick("car:P1.2")
    assert match.state.player(1).island_beside_engine.island == "Billington's"


def test_a_card_then_a_car_of_the_same_category_picks_the_upgrade():
    match = sandbox.new_game("isle_of_trains", players=2, seed=1, position={
        "current": 1, "players": {1: {"train": ["E2", "C1"], "hand": "C3 X1 X2 H1 T1 K1 K2"},
                                  2: {"train": ["E1"]}}})
    stepper = GameStepper(match, seats={2: "random"})
    stepper.pick("card:C3")
    stepper.pick("car:P1.2")
    assert match.history[-1].action.notation == "build C3 up 2"
    assert match.pending.kind == "pay"

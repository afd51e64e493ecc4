"""Page 16, Cabooses 1-10 exactly as written (Cabooses 2, 3, 4, 5, 6 and 8 are also exercised in
the Build and Load tests), and the rulings on cabooses."""

from __future__ import annotations

import pytest

from sandbox.isle_of_trains.model import Held, Load
from sandbox.isle_of_trains.state import capacity
from tests.isle_of_trains.iot_rules import assert_conserved, game, of, refused

P2 = {"train": ["E1"]}
HOPPERS = {"card": "H2", "loads": ["coal:C1", "coal:H1"]}


def names(m):
    return [a.notation for a in m.legal_actions()]


@pytest.mark.parametrize("caboose, passengers", [(f"K{i}", 2 if i == 8 else 1) for i in range(1, 11)])
def test_every_caboose_gives_its_passengers_when_built(caboose, passengers):
    """When built, take 1 passenger (Caboose 8: 2) [caboose.1] [caboose.2] [caboose.3] [caboose.4]
    [caboose.5] [caboose.6] [caboose.7] [caboose.8] [caboose.9] [caboose.10]; each costs 3
    [build.cost]."""
    m = game({"players": {1: {"train": ["E2"], "hand": f"{caboose} T1 T1 T1"}, 2: P2}},
             force=["passenger AL", "passenger DC"][:passengers])
    m.play(f"build {caboose}")
    for _ in range(3):
        m.play("pay T1")
    assert m.state.player(1).supply == ("AL", "DC")[:passengers]
    assert [c.card for c in m.state.player(1).train] == ["E2", caboose]


def test_caboose_1_draws_a_card_for_each_deliver_action():
    """[caboose.1] when you take the Deliver action, draw 1 card (a bonus Deliver too)."""
    m = game({"players": {1: {"train": ["E2", HOPPERS, "K1"]}, 2: P2}},
             force=["draw X3", "draw T3", "draw T2"])
    events = m.play("deliver AL")
    assert [e.rule for e in of(events, "caboose")] == ["caboose.1"]
    assert of(events, "caboose")[0].text == "P1's Caboose 1: draw 1 card for the Deliver action"
    assert m.state.player(1).hand == ("X3",)
    m.play("special 2")
    m.play("done")
    assert m.state.player(1).hand == ("T2", "T3", "X3")


def test_caboose_2_draws_one_card_per_coal_loaded():
    """[caboose.2] when you Load a Coal, draw 1 card; an oil draws nothing."""
    m = game({"players": {1: {"train": ["E2", "H1", "T1", "K2"], "hand": "C1 E2"}, 2: P2}}, force=["draw X3"])
    m.play("load E2 P1.3")
    assert m.state.player(1).hand == ("C1",)
    m.play("load C1 P1.2")
    assert m.state.player(1).hand == ("X3",)


def test_caboose_3_stored_all_types_card_pays_any_type():
    """[caboose.3] a card with all types stored in Caboose 3 can become any type when unloaded: a
    Level 1 Engine card there pays the box of Billington's primary."""
    m = game({"players": {1: {"train": ["E2", {"card": "H1", "loads": ["coal:C1"]},
                                        {"card": "K3", "loads": ["any:E1"]}]}, 2: P2}})
    m.play("deliver BI")
    assert names(m)[0] == "primary"
    for part in ("primary", "use 3", "use 2"):
        m.play(part)
    assert m.state.player(1).islands == (Held("Billington's"),)


def test_caboose_4_second_building_slot():
    """[caboose.4] you may build 1 additional building: two buildings held at once."""
    m = game({"players": {1: {"train": ["E2", "K4"], "buildings": "GRAND", "hand": "BANK E2 E2 E2 E3 E3 E3"},
                          2: P2}})
    m.play("build BANK")
    for c in ("E2", "E2", "E2", "E3", "E3", "E3"):
        m.play(f"pay {c}")
    assert m.state.player(1).buildings == ("GRAND", "BANK")


def test_caboose_5_no_benefit_for_upgrades():
    """[caboose.5] [ruling.caboose-5] extending costs 1 less; upgrading does not."""
    m = game({"players": {1: {"train": ["E2", "K5", "T1"], "hand": "T2 T1"}, 2: P2}})
    me = m.state.player(1)
    assert m.state.build_cost(me, m.state.parse("build T1")) == 1
    assert m.state.build_cost(me, m.state.parse("build T2")) == 4
    assert m.state.build_cost(me, m.state.parse("build T2 up 3")) == 3


def test_caboose_6_adds_two_capacity():
    """[caboose.6] your weight capacity is increased by 2: Level 1 Engine 4 + 2 = 6."""
    m = game({"players": {1: {"train": ["E1", "K6", "X1", "X1", "H1"]}, 2: P2}})
    assert capacity(m.state.player(1).train) == 6


def test_caboose_7_a_passenger_as_any_cargo_once_per_delivery():
    """[caboose.7] [ruling.caboose-passengers] once per Deliver action a loaded passenger counts as
    any cargo for a contract and returns to the bag: one coal and a passenger pay Alpine Lodge's 2
    coal; a second passenger cannot stand in again in the same delivery."""
    m = game({"players": {1: {"train": [{"card": "E2", "loads": ["passenger:DC"]},
                                        {"card": "H1", "loads": ["coal:C1"]},
                                        {"card": "C2", "loads": ["passenger:FB", "passenger:FB"]}, "K7"]},
                          2: P2}})
    bag = len(m.state.bag)
    m.play("deliver AL")
    assert names(m)[0] == "primary"
    m.play("primary")
    assert names(m) == ["use 1 DC", "use 2", "use 3 FB"]
    events = m.play("use 1 DC")
    assert [e.rule for e in of(events, "caboose")] == ["caboose.7"]
    assert of(events, "caboose")[0].text == ("P1's Caboose 7: a passenger for Devon City counts as coal and "
                                             "returns to the bag")
    refused(m, "use 3 FB", "caboose.7")  # only once per Deliver action
    m.play("use 2")
    assert m.state.player(1).islands == (Held("Alpine Lodge"),) and len(m.state.bag) == bag + 1
    assert_conserved(m.state)


def test_caboose_7_not_without_a_loaded_passenger():
    """[caboose.7] [ruling.caboose-passengers] a passenger beside the engine (not loaded) does not
    count: one coal is not enough for Alpine Lodge."""
    m = game({"players": {1: {"train": ["E2", {"card": "H1", "loads": ["coal:C1"]}, "K7"], "supply": "DC"},
                          2: P2}})
    m.play("deliver AL")
    assert "primary" not in names(m)


def test_caboose_9_one_passenger_to_another_destination():
    """[caboose.9] [ruling.caboose-passengers] when you Deliver, 1 passenger may also go to another
    destination it matches: its ticket tile's leftmost space and reward, once per Deliver."""
    m = game({"players": {1: {"train": [{"card": "E2", "loads": ["passenger:DC"]},
                                        {"card": "C2", "loads": ["passenger:FB", "passenger:AL"]},
                                        {"card": "H1", "loads": ["coal:C1"]}, "K9"]}, 2: P2},
              "tickets": {"DC": 5, "FB": 6}})
    m.play("deliver BI")
    assert names(m) == ["ticket9 1 DC", "special 1 DC", "ticket9 2 AL", "ticket9 2 FB", "special 2 AL",
                        "special 2 FB", "special 3"]
    events = m.play("ticket9 1 DC")
    assert of(events, "caboose")[0].rule == "caboose.9"
    assert of(events, "ticket")[0].text == "P1 delivers a passenger to Devon City: space 1 of the ticket tile"
    assert m.state.player(1).tokens == 4 and m.state.player(1).delivered == ("DC",)
    assert m.state.tickets[4].filled == ("DC",)
    assert not [n for n in names(m) if n.startswith("ticket9")]  # once per Deliver action


def test_caboose_10_any_passenger_to_the_current_destination():
    """[caboose.10] [ruling.caboose-passengers] a passenger that does not match is delivered to
    the current destination: the leftmost empty space's reward is gained, the passenger returns
    to the bag and fills no space (so no progress)."""
    m = game({"players": {1: {"train": [{"card": "E2", "loads": ["passenger:DC"]},
                                        {"card": "C1", "loads": ["passenger:AL"]}, "K10"]},
                          2: {"train": ["E1"], "delivered": "BI BI"}},
              "tickets": {"BI": {"tile": 5, "filled": 2}}})
    bag = len(m.state.bag)
    m.play("deliver BI")
    assert names(m) == ["ticket10 1 DC", "special 1 DC", "ticket10 2 AL", "special 2 AL"]
    events = m.play("ticket10 2 AL")
    assert of(events, "caboose")[0].rule == "caboose.10"
    assert of(events, "reward")[0].text == "P1 claims the reward: 2 VP"  # space 3 of tile 5
    assert m.state.tickets[1].filled == ("BI", "BI") and m.state.progress == 0
    assert len(m.state.bag) == bag + 1 and m.state.player(1).delivered == ()
    assert "ticket10 1 DC" not in names(m)
    assert_conserved(m.state)


def test_caboose_8_draws_two_cards_per_passenger_loaded():
    """[caboose.8] when you Load a passenger, draw 2 cards (into your own train too)."""
    m = game({"players": {1: {"train": ["E2", "K8"], "supply": "CE"}, 2: P2}}, force=["draw X3", "draw T3"])
    events = m.play("load CE P1.1")
    assert [e.rule for e in of(events, "caboose")] == ["caboose.8"]
    assert m.state.player(1).hand == ("T3", "X3")


def test_cabooses_7_9_10_act_on_the_passenger_the_player_names():
    """[caboose.7] [caboose.9] [caboose.10] [ruling.caboose-passengers] the player chooses which
    passenger of a car each caboose moves, by its destination (the engine once took the last
    one loaded): Caboose 7 counts the Flint Beach passenger as coal, Caboose 9 sends the Devon
    City one on, Caboose 10 spends the Flint Beach one at Billington's."""
    train = ["E2", {"card": "C2", "loads": ["passenger:FB", "passenger:DC"]},
             {"card": "H1", "loads": ["coal:C1"]}, "K7"]
    m = game({"players": {1: {"train": train}, 2: P2}})
    m.play("deliver AL")
    m.play("primary")
    assert names(m) == ["use 2 DC", "use 2 FB", "use 3"]
    assert [str(v) for v in m.explain("use 2").violations] == [
        "name the passenger on card 2 that counts as cargo: 'use 2 DC' [caboose.7]"]
    events = m.play("use 2 FB")
    assert of(events, "caboose")[0].text == ("P1's Caboose 7: a passenger for Flint Beach counts as coal "
                                             "and returns to the bag")
    assert m.state.player(1).train[1].loads == (Load("passenger", dest="DC"),)

    train = ["E2", {"card": "C2", "loads": ["passenger:DC", "passenger:FB"]}, "K9"]
    m = game({"players": {1: {"train": train}, 2: P2}, "tickets": {"DC": 5}})
    m.play("deliver BI")
    assert names(m) == ["ticket9 2 DC", "ticket9 2 FB", "special 2 DC", "special 2 FB"]
    m.play("ticket9 2 DC")
    assert m.state.tickets[4].filled == ("DC",) and m.state.player(1).train[1].loads == (
        Load("passenger", dest="FB"),)
    assert [str(v) for v in m.explain("ticket9 2 FB").violations] == [
        "Caboose 9 has been used in this Deliver action (once per Deliver action) "
        "[ruling.caboose-passengers] [caboose.9]"]

    train = ["E2", {"card": "C2", "loads": ["passenger:FB", "passenger:AL"]}, "K10"]
    m = game({"players": {1: {"train": train}, 2: P2}, "tickets": {"BI": 5}})
    m.play("deliver BI")
    assert names(m)[:2] == ["ticket10 2 AL", "ticket10 2 FB"]
    assert "[caboose.10]" in str(m.explain("ticket10 2 BI"))
    m.play("ticket10 2 FB")
    assert m.state.player(1).train[1].loads == (Load("passenger", dest="AL"),) and "FB" in m.state.bag

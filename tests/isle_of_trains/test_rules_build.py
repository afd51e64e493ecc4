"""Rulebook order, part 3: the Build action (steps 1-4 and the other notes), with the costs,
weights and capacities printed on the cards."""

from __future__ import annotations

import pytest

import sandbox
from sandbox.isle_of_trains.components import card_name
from sandbox.isle_of_trains.state import capacity, weight
from tests.isle_of_trains.iot_rules import assert_conserved, game, legal, of, refused, rules

P2 = {"train": ["E1"]}


def build(m, action, *pay):
    events = list(m.play(action))
    for card in pay:
        events += m.play(f"pay {card}")
    return events


def cards(m, p=1):
    return [c.card for c in m.state.player(p).train]


def test_build_from_hand_extends_at_the_right_paying_the_printed_cost():
    """[build.from-hand] [build.cost] [build.extend-or-upgrade] extending: the card from the hand
    joins the right end of the train and costs what it shows (Level 1 Boxcar: 3 cards, paid by
    discarding cards of the player's choice [build.pay])."""
    m = game({"players": {1: {"train": ["E1", "H1"], "hand": "X1 C1 T1 H2 K1"}, 2: P2}})
    events = build(m, "build X1", "C1", "H2", "K1")
    assert of(events, "build")[0].text == "P1 extends the train with Level 1 Boxcar for 3"
    assert of(events, "build")[0].rule == "build.cost"
    assert [e.rule for e in of(events, "pay")] == ["build.pay"] * 3
    assert cards(m) == ["E1", "H1", "X1"]
    assert m.state.player(1).hand == ("T1",)
    assert m.state.discard == ("C1", "H2", "K1")
    refused(m, "build E3", "build.from-hand")  # not in the hand


def test_build_pay_refused_when_the_hand_cannot_fund_it():
    """[build.pay] [turn.must-fulfil] the cost is paid with other cards of the hand: the Level 2
    Hopper (cost 4) with 3 other cards cannot be built; with 4 it can."""
    m = game({"players": {1: {"hand": "H2 T1 T1 C1"}, 2: P2}})
    refused(m, "build H2", "build.pay")
    m = game({"players": {1: {"hand": "H2 T1 T1 C1 C1"}, 2: P2}})
    assert legal(m, "build H2")
    m.play("build H2")
    assert m.pending.kind == "pay" and m.pending.prompt == "P1: pay 4 more cards for the Level 2 Hopper"
    refused(m, "take deck", "turn.two-actions")  # the build must be paid first
    refused(m, "discard T1", "build.pay")


def test_build_buildings_only_step_3():
    """[build.building-cost-only] a building pays its cost only: no capacity check (a full train
    still builds it), no upgrade, no car dropped, no passengers."""
    spec = {"players": {1: {"train": ["E1", "X1", "X1"], "hand": "BANK H1 H1 H1 T1 T1 T1"}, 2: P2}}
    m = game(spec)
    assert weight(m.state.player(1).train) == capacity(m.state.player(1).train) == 4
    refused(m, "build BANK drop 2", "build.building-cost-only")
    refused(m, "build BANK up 2", "build.building-cost-only")
    events = build(m, "build BANK", "H1", "H1", "H1", "T1", "T1", "T1")
    assert of(events, "build")[0].text == "P1 builds the Bank for 6"
    assert m.state.player(1).buildings == ("BANK",) and cards(m) == ["E1", "X1", "X1"]
    assert m.state.player(1).supply == () and not of(events, "capacity")


def test_build_one_building_replaced_at_full_cost():
    """[build.one-building] only 1 building: building another replaces it, paying the full cost
    (6); the old one goes to the discard pile."""
    m = game({"players": {1: {"buildings": "GRAND", "hand": "TOWN H1 H1 H1 T1 T1 T1"}, 2: P2}})
    events = build(m, "build TOWN", "H1", "H1", "H1", "T1", "T1", "T1")
    assert of(events, "replace")[0].text == "P1's Grand Central is replaced"
    assert of(events, "replace")[0].rule == "build.one-building"
    assert m.state.player(1).buildings == ("TOWN",)
    assert m.state.discard == ("GRAND", "H1", "H1", "H1", "T1", "T1", "T1")
    assert_conserved(m.state)


def test_caboose_4_allows_a_second_building():
    """[caboose.4] with Caboose 4 a second building is added, not a replacement; a third replaces
    the one the player chooses [build.one-building] [ruling.caboose-4]."""
    spec = {"players": {1: {"train": ["E1", "K4"], "buildings": "GRAND",
                            "hand": "TOWN BANK H1 H1 H1 T1 T1 T1 X1 X1 X1 C1 C1 C1"}, 2: P2}}
    m = game(spec)
    events = build(m, "build TOWN", "H1", "H1", "H1", "T1", "T1", "T1")
    assert not of(events, "replace") and m.state.player(1).buildings == ("GRAND", "TOWN")
    m.play("build BANK")
    assert m.pending.kind == "building" and [a.notation for a in m.legal_actions()] == [
        "discard GRAND", "discard TOWN"]
    events = m.play("discard TOWN")
    assert of(events, "replace")[0].text == ("P1's Town Hall is replaced by the Bank and goes to the "
                                             "discard pile")
    for card in ("X1", "X1", "X1", "C1", "C1", "C1"):
        m.play(f"pay {card}")
    assert m.state.player(1).buildings == ("GRAND", "BANK") and "TOWN" in m.state.discard


def test_build_upgrade_same_category_pays_the_difference_and_discards_the_old_car():
    """[build.extend-or-upgrade] [build.upgrade-cost] [build.discard-upgraded] upgrading a Level 1
    Hopper (cost 1) to a Level 2 Hopper (cost 4) costs 3; the new car takes the old one's place
    and the old card is discarded."""
    m = game({"players": {1: {"train": ["E2", "H1", "T1"], "hand": "H2 C1 C1 C1"}, 2: P2}})
    assert m.state.build_cost(m.state.player(1), m.state.parse("build H2 up 2")) == 3
    events = build(m, "build H2 up 2", "C1", "C1", "C1")
    assert of(events, "build")[0].text == ("P1 upgrades Level 1 Hopper to Level 2 Hopper for 3 "
                                           "(the difference of the costs)")
    assert of(events, "build")[0].rule == "build.upgrade-cost"
    assert cards(m) == ["E2", "H2", "T1"]
    assert m.state.discard == ("H1", "C1", "C1", "C1")


def test_build_upgrade_only_within_the_category_and_upwards():
    """[build.extend-or-upgrade] [ruling.upgrade-higher] a car is upgraded only by a car of the
    same category and a higher level: a Tanker cannot upgrade a Hopper, a Level 1 Hopper cannot
    replace a Level 2 one, a Level 2 Hopper not another Level 2."""
    m = game({"players": {1: {"train": ["E2", "H2", "T1"], "hand": "T2 H1 H2 E2 E2 E2 E2 E2"}, 2: P2}})
    refused(m, "build T2 up 2", "build.extend-or-upgrade")
    refused(m, "build H1 up 2", "build.extend-or-upgrade")
    refused(m, "build H2 up 2", "build.extend-or-upgrade")
    refused(m, "build H2 up 9", "build.extend-or-upgrade")
    assert legal(m, "build T2 up 3")


def test_build_skip_level_1_to_3():
    """[build.skip-level] [ruling.upgrade-higher] Level 1 Coach straight to Level 3 Coach: cost
    7 - 1 = 6, and the Level 3 Coach's 3 passengers are drawn [build.passengers]."""
    m = game({"players": {1: {"train": ["E2", "C1"], "hand": "C3 T1 T1 T1 H1 H1 H1"}, 2: P2},
              }, force=["passenger AL", "passenger AL", "passenger DC"])
    events = build(m, "build C3 up 2", "T1", "T1", "T1", "H1", "H1", "H1")
    assert cards(m) == ["E2", "C3"]
    assert m.state.player(1).supply == ("AL", "AL", "DC")
    assert [e.rule for e in of(events, "passenger")] == ["build.passengers"] * 3


def test_build_passengers_drawn_after_paying():
    """[build.passengers] step 4: a Level 2 Coach gives 2 passengers from the bag, after the cost
    is paid (step 3)."""
    m = game({"players": {1: {"hand": "C2 T1 T1 T1 T1"}, 2: P2}}, force=["passenger FB", "passenger CE"])
    m.play("build C2")
    assert m.state.player(1).supply == ()
    events = build(m, "pay T1", "T1", "T1", "T1")
    assert [e.kind for e in events][-2:] == ["passenger", "passenger"]
    assert m.state.player(1).supply == ("CE", "FB")


def test_build_capacity_weight_cannot_exceed_engine_capacity():
    """[build.capacity] [build.engine-capacity] [build.weight] the Level 1 Engine gives capacity
    4; two Level 1 Boxcars weigh 4, so a Level 1 Hopper (weight 1) cannot be added, a Level 1
    Coach (weight 0) can."""
    m = game({"players": {1: {"train": ["E1", "X1", "X1"], "hand": "H1 C1 T1 T1"}, 2: P2}})
    me = m.state.player(1)
    assert capacity(me.train) == 4 and weight(me.train) == 4
    refused(m, "build H1", "build.capacity")
    assert m.explain("build H1").violations[0].message == "weight 5 would exceed engine capacity 4"
    assert legal(m, "build C1")


def test_build_numbers_are_data_in_refusals_and_events():
    """[build.pay] [build.capacity] [build.cost] [build.upgrade-cost] the numbers of a build are
    data, not only text: a refusal carries the cost and the cards payable, or the weight and the
    capacity; the build event its card, cost, upgraded and dropped positions; the capacity
    event the weight and capacity after the build."""
    m = game({"players": {1: {"hand": "H2 T1 T1 C1"}, 2: P2}})
    (why,) = m.explain("build H2").violations
    assert (why.rule, dict(why.data)) == ("build.pay", {"card": "H2", "cost": 4, "payable": 3})
    m = game({"players": {1: {"train": ["E1", "X1", "X1"], "hand": "H1 C1 T1 T1"}, 2: P2}})
    (why,) = m.explain("build H1").violations
    assert (why.rule, dict(why.data)) == ("build.capacity", {"weight": 5, "capacity": 4})
    events = build(m, "build C1")
    assert dict(of(events, "build")[0].data) == {"card": "C1", "cost": 1, "up": 0, "drop": 0}
    assert dict(of(events, "capacity")[0].data) == {"weight": 4, "capacity": 4}
    assert of(events, "capacity")[0].text == "Weight 4 of capacity 4"
    m = game({"players": {1: {"train": ["E1", "H1"], "hand": "H3 T1 T1 C1 C1 X1 X1"}, 2: P2}})
    events = build(m, "build H3 up 2")
    assert dict(of(events, "build")[0].data) == {"card": "H3", "cost": 6, "up": 2, "drop": 0,
                                                  "replaces": "H1"}


def test_build_drop_car_optional_to_make_room():
    """[build.drop-car] a non-engine car may be discarded first to reduce the weight; its cargo
    goes to the discard pile and its passengers to the bag [ruling.upgrade-keeps-load]; never
    the engine."""
    spec = {"players": {1: {"train": ["E1", {"card": "X1", "loads": ["box:X3"]},
                                      {"card": "C2", "loads": ["passenger:AL"]}],
                            "hand": "H1 T1 T1"}, 2: P2}}
    m = game(spec)
    assert weight(m.state.player(1).train) == 3
    refused(m, "build H1 drop 1", "build.drop-car")
    assert legal(m, "build H1 drop 3")  # optional even when the weight allows the build
    bag = m.state.bag
    events = build(m, "build H1 drop 2", "T1")
    assert of(events, "drop")[0].rule == "build.drop-car"
    assert of(events, "drop")[0].text == ("P1 discards Level 1 Boxcar from the train to make room for "
                                          "the weight")
    assert cards(m) == ["E1", "C2", "H1"]
    assert m.state.discard == ("X1", "X3", "T1") and m.state.bag == bag
    m = game(spec)
    build(m, "build H1 drop 3", "T1")
    assert sorted(m.state.bag) == sorted((*game(spec).state.bag, "AL"))
    assert m.state.discard == ("C2", "T1")


def test_capacity_checked_on_the_train_after_the_build():
    """[ruling.capacity-after-build] [build.capacity] the check uses the train as it will be:
    upgrading one of two Level 1 Boxcars (2+2) to a Level 2 Boxcar (3) makes 5 > 4, refused;
    with the other Boxcar dropped it is 3, allowed; a Level 2 Engine upgrade raises capacity to 6
    and Caboose 6 adds 2 [caboose.6] even on a full train."""
    m = game({"players": {1: {"train": ["E1", "X1", "X1"], "hand": "X2 E2 K6 H1 H1 H1 H1"}, 2: P2}})
    refused(m, "build X2 up 2", "build.capacity")
    assert legal(m, "build X2 up 2 drop 3")
    assert legal(m, "build E2 up 1") and legal(m, "build K6")
    build(m, "build K6", "H1", "H1", "H1")
    assert capacity(m.state.player(1).train) == 6 and weight(m.state.player(1).train) == 4


def test_build_one_engine_upgraded_not_added():
    """[build.one-engine] a train has 1 engine: another engine cannot extend it; the Level 1
    Engine is upgraded to Level 3 for 6 - 1 = 5 [ruling.l1-engine-cost] [build.skip-level], and
    the engine is never dropped [build.drop-car]."""
    m = game({"players": {1: {"hand": "E3 E2 C2 C2 C2 H2 H2"}, 2: P2}}, force=["passenger BI"])
    refused(m, "build E2", "build.one-engine")
    assert m.state.build_cost(m.state.player(1), m.state.parse("build E2 up 1")) == 2
    build(m, "build E3 up 1", "C2", "C2", "C2", "H2", "H2")
    assert cards(m) == ["E3"] and capacity(m.state.player(1).train) == 8
    assert m.state.player(1).hand == ("E2",) and m.state.player(1).supply == ("BI",)


def test_build_cabooses_several_never_upgraded():
    """[build.cabooses] several cabooses in one train; [build.no-upgrade-caboose-building]
    a caboose is never upgraded (its cost is what it shows, 3)."""
    m = game({"players": {1: {"train": ["E2", "K1"], "hand": "K2 T1 T1 T1 K9"}, 2: P2}},
             force=["passenger BI"])
    refused(m, "build K2 up 2", "build.no-upgrade-caboose-building")
    build(m, "build K2", "T1", "T1", "T1")
    assert cards(m) == ["E2", "K1", "K2"]


def test_build_duplicates_allowed():
    """[build.duplicates] the same car twice: two Level 1 Tankers."""
    m = game({"players": {1: {"train": ["E1", "T1"], "hand": "T1 C1 C1"}, 2: P2}})
    build(m, "build T1", "C1", "C1")
    assert cards(m) == ["E1", "T1", "T1"]


@pytest.mark.parametrize("action, cost", [
    ("build C1", 0), ("build X1", 2), ("build K1", 2), ("build X2 up 3", 3), ("build BANK", 6)])
def test_caboose_5_extending_costs_one_less(action, cost):
    """[caboose.5] [ruling.caboose-5] with Caboose 5 a card added to the end costs 1 less, never
    below 0 (Level 1 Coach: 0, no payment asked; Boxcar 2; a caboose 2); not an upgrade (Level 1
    to Level 2 Boxcar: 6 - 3 = 3) nor a building (6)."""
    m = game({"players": {1: {"train": ["E3", "K5", "X1"], "hand": f"{action.split()[1]} E2 E2 E2 E2 E2 E2"},
                          2: P2}}, force=["passenger BI"] * 2)
    assert m.state.build_cost(m.state.player(1), m.state.parse(action)) == cost
    m.play(action)
    if cost:
        name = card_name(action.split()[1])  # the card by its printed name, as the table shows it
        assert m.pending.prompt == f"P1: pay {cost} more card{'s' * (cost != 1)} for the {name}"
    else:
        assert m.pending.kind == "action" and len(m.state.player(1).hand) == 6


def test_build_counts_as_an_action_and_bonus_builds_do_not():
    """[turn.two-actions] a Build is one of the 2 actions; a bonus Build does not count
    [load.bonus-not-counted]."""
    m = game({"players": {1: {"hand": "T1 C1 H1 H1 X1"}, 2: P2}})
    build(m, "build T1", "H1", "H1")
    assert m.state.actions_left == 1
    assert rules(m, "build C1") == []


def pay_all(m):
    """Pay a build with whatever cards the legal order offers first."""
    events = []
    while m.pending.kind == "pay":
        events += m.play(m.legal_actions()[0])
    return events


def test_dropping_caboose_4_with_two_buildings_discards_one_of_the_players_choice():
    """[ruling.caboose-4] [build.one-building] [build.drop-car] discarding Caboose 4 to make
    weight while holding two buildings: the player chooses which building goes to the discard
    pile, and from then on holds one (a later building replaces it). The engine once kept both,
    a table the position validator refuses, and later buildings still left two."""
    m = game({"players": {1: {"train": ["E2", "K4", "X1"], "buildings": "GRAND BANK",
                              "hand": "X1 TOWN E2 E2 E2 E3 C1 C1 C1 C1 H1 H1"}, 2: P2}})
    events = m.play("build X1 drop 2")
    assert of(events, "buildings")[0].text == ("Without Caboose 4 P1 may keep 1 building of 2: P1 chooses "
                                               "which one goes")
    assert m.pending.kind == "building" and m.pending.rule == "ruling.caboose-4"
    assert m.pending.prompt == ("P1: without Caboose 4 you may keep 1 building: choose the one that goes "
                                "to the discard pile ('discard GRAND' or 'discard BANK')")
    assert [a.notation for a in m.legal_actions()] == ["discard GRAND", "discard BANK"]
    refused(m, "discard TOWN", "ruling.caboose-4")  # in the hand, not a building
    refused(m, "pay E2", "ruling.caboose-4")
    again = sandbox.load(m.to_json())  # the decision saves and loads like any other
    assert again.state == m.state and again.pending.prompt == m.pending.prompt
    events = m.play("discard GRAND")
    assert of(events, "replace")[0].text == ("P1 discards the Grand Central: without Caboose 4 P1 keeps "
                                             "1 building")
    assert of(events, "replace")[0].rule == "ruling.caboose-4"
    assert m.state.player(1).buildings == ("BANK",) and m.state.discard[-1] == "GRAND"
    pay_all(m)
    me = m.state.player(1)
    assert [c.card for c in me.train] == ["E2", "X1", "X1"]
    assert len(me.buildings) <= m.state.building_limit(me.train) == 1
    m.play("build TOWN")  # one building left: the new one replaces it, no choice to make
    pay_all(m)
    assert m.state.player(1).buildings == ("TOWN",)
    assert_conserved(m.state)


def test_choosing_the_replaced_building_shows_in_notation_and_saves():
    """[ruling.caboose-4] [build.one-building] with Caboose 4 and two buildings a new building
    replaces the one the player names ('discard TOWN'), kept in the save file's actions."""
    m = game({"players": {1: {"train": ["E1", "K4"], "buildings": "GRAND TOWN",
                              "hand": "BANK H1 H1 H1 T1 T1 T1"}, 2: P2}})
    m.play("build BANK")
    assert m.pending.rule == "build.one-building"
    assert m.pending.prompt == ("P1: the Bank replaces a building: choose the one that goes to the "
                                "discard pile ('discard GRAND' or 'discard TOWN')")
    refused(m, "discard BANK", "build.one-building")  # the new building stays
    m.play("discard GRAND")
    pay_all(m)
    assert m.state.player(1).buildings == ("TOWN", "BANK")
    assert [n.action.notation for n in m.history][:2] == ["build BANK", "discard GRAND"]
    text = m.to_json()
    assert '"discard GRAND"' in text
    assert sandbox.load(text).state == m.state


def test_caboose_5_dropped_in_the_same_build_gives_no_discount():
    """[caboose.5] [ruling.caboose-5] [build.drop-car] the car is discarded before building, so a
    Caboose 5 dropped to make weight no longer discounts that build (a Level 1 Boxcar costs 3);
    dropping another car keeps the discount (2)."""
    m = game({"players": {1: {"train": ["E2", "K5", "X1"], "hand": "X1 E2 E2 E2 E3"}, 2: P2}})
    me = m.state.player(1)
    assert m.state.build_cost(me, m.state.parse("build X1 drop 2")) == 3
    assert m.state.build_cost(me, m.state.parse("build X1 drop 3")) == 2
    events = m.play("build X1 drop 2")
    assert of(events, "build")[0].text == "P1 extends the train with Level 1 Boxcar for 3"
    assert m.pending.prompt == "P1: pay 3 more cards for the Level 1 Boxcar"

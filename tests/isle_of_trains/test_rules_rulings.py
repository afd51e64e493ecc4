"""The rulings (rulebook.RULINGS): where the text is silent or ambiguous. Every ruling with a
switch is played with both values; the others are pinned to the choice made."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sandbox.isle_of_trains import RULES, RULINGS, Rulings, scoring
from sandbox.isle_of_trains.config import Config
from sandbox.isle_of_trains.model import Load
from tests.isle_of_trains.iot_rules import at, game, of

P2 = {"train": ["E1"]}


def test_every_switch_is_a_rulings_field_with_two_readings():
    """Each ruling's switch names a field of `Rulings` whose values (two, or the Challenge's four
    targets) are accepted (the default first) and nothing else is; the rulings cite passages of
    the rulebook map."""
    switched = [r for r in RULINGS if r.switch]
    fields = {r.switch.split("=")[0] for r in switched}
    assert fields == set(Rulings.CHOICES)
    for r in switched:
        field = r.switch.split("=")[0]
        default, *others = Rulings.CHOICES[field]
        assert getattr(Rulings(), field) == default and f"'{default}' (default)" in r.switch
        for other in others:
            assert f"'{other}'" in r.switch
            Config.make(2, **{field: other})
        with pytest.raises(ValueError, match=field):
            Rulings(**{field: "neither"})
    assert all(r.passage in {x.passage for x in RULES.values()} for r in RULINGS)
    assert len({r.id for r in RULINGS}) == len(RULINGS)


@pytest.mark.parametrize("reading, points", [("passenger-spaces", 2 * 3), ("passenger-icons", 2 * 5)])
def test_town_hall_both_readings(reading, points):
    """[ruling.town-hall] [building.town-hall] an engine, a coach and a Level 2 Coach have passenger
    spaces (3 cards: 6 points); the passenger icons on Cabooses 1 and 8 count only under
    town_hall='passenger-icons' (5 cards: 10 points)."""
    state = game({"players": {1: {"train": ["E2", "C1", "C2", "K1", "K8"], "buildings": "TOWN"}}},
                 town_hall=reading).state
    assert scoring.buildings(state, 1) == (("TOWN", points),)


@pytest.mark.parametrize("reading", ["keep", "discard"])
def test_upgrade_keeps_load_both_readings(reading):
    """[ruling.upgrade-keeps-load] [build.discard-upgraded] upgrading a loaded Level 1 Coach:
    by default the passenger stays on the Level 3 Coach; under upgrade_load='discard' it goes
    back to the bag with the old card discarded. Cargo likewise goes to the discard pile."""
    m = game({"players": {1: {"train": ["E3", {"card": "C1", "loads": ["passenger:AL"]},
                                        {"card": "H1", "loads": ["coal:T1"]}],
                              "hand": "C3 H2 E2 E2 E2 E2 E2 E2 X2 X2 X2"}, 2: P2}},
             upgrade_load=reading, force=["passenger BI"] * 3)
    bag = len(m.state.bag)
    m.play("build C3 up 2")
    for _ in range(6):
        m.play("pay E2")
    m.play("build H2 up 3")
    for _ in range(3):
        m.play("pay X2")
    train = m.state.player(1).train
    if reading == "keep":
        assert train[1].loads == (Load("passenger", dest="AL"),)
        assert train[2].loads == (Load("coal", card="T1"),)
        assert len(m.state.bag) == bag - 3
    else:
        assert train[1].loads == () and train[2].loads == ()
        assert len(m.state.bag) == bag - 3 + 1 and "T1" in m.state.discard


@pytest.mark.parametrize("reading, points", [("own", 4 + 2), ("all", 4 + 3)])
def test_station_passengers_both_readings(reading, points):
    """[ruling.station-passengers] [building.northern-station] the Northern Station counts the
    passengers its owner delivered to Alpine Lodge and Billington's (2: 6 points); under
    station_passengers='all' every passenger on those tiles (3: 7 points)."""
    state = game({"players": {1: {"buildings": "NORTH", "delivered": "AL BI"}, 2: {"delivered": "AL"}}},
                 station_passengers=reading).state
    assert scoring.buildings(state, 1) == (("NORTH", points),)


@pytest.mark.parametrize("reading, points", [("none", 0), ("each", 2 * 8)])
def test_research_any_icons_both_readings(reading, points):
    """[ruling.research-station-any] the 8 "any" icons on the Research Station's flipped card
    (3 primary + 5 secondary) count for the Coal Factory only under research_any_icons='each'."""
    state = game({"players": {1: {"buildings": "COALF", "islands": [{"island": "RS", "side": 0}]}}},
                 players=4, research_any_icons=reading).state
    assert scoring.buildings(state, 1) == (("COALF", points),)


def test_l1_engine_costs_one():
    """[ruling.l1-engine-cost] the Level 1 Engine costs 1: to Level 2 costs 2, to Level 3 costs 5."""
    m = game({"players": {1: {"hand": "E2 E3"}, 2: P2}})
    me = m.state.player(1)
    assert m.state.build_cost(me, m.state.parse("build E2 up 1")) == 2
    assert m.state.build_cost(me, m.state.parse("build E3 up 1")) == 5


def test_longest_train_counts_cards():
    """[ruling.longest-train] [score.tie-break] the longest train is the one with the most cards
    (engine, cars, cabooses): 3 cards beat 2 on a tie of points."""
    tied = game({"players": {1: {"train": ["E1", "C1", "K8"], "tokens": 1},
                             2: {"train": ["E1", "C2"]}}}).state
    assert scoring.score(tied, 1) == scoring.score(tied, 2) == 2
    assert scoring.winners(tied)[0] == (1,)


def test_empty_piles_draw_what_there_is():
    """[ruling.empty-piles] with the deck and the discard pile empty a draw takes what there is
    (nothing) and the game goes on; the display may stay short."""
    m = game({"players": {1: {"train": ["E1", "X1"], "hand": "E3"}, 2: {"train": ["E1", "X1"], "hand": ""}},
              "current": 1})
    m = at(replace(m.state, deck=(), discard=()))
    events = m.play("load E3 P2.2")
    assert [e.rule for e in of(events, "dry")] == ["ruling.empty-piles"]
    assert m.state.player(1).hand == () and m.pending.kind == "action"


def test_special_delivery_passengers_are_not_delivered_to_the_destination():
    """[ruling.special-delivery] a passenger delivered by special delivery is not on a ticket
    tile and does not count for the station buildings."""
    m = game({"players": {1: {"train": [{"card": "E2", "loads": ["passenger:AL"]}], "buildings": "NORTH"},
                          2: P2}}, force=["draw T2", "draw X2"])
    for part in ("deliver AL", "special 1 AL", "done"):
        m.play(part)
    assert m.state.player(1).delivered == () and m.state.tickets[0].filled == ()
    assert scoring.buildings(m.state, 1) == (("NORTH", 4),)


def test_bonus_optional_draws_compulsory():
    """[ruling.bonus-optional] cards drawn by benefits come from the top of the deck, never the
    display; the discard after drawing (Level 1 Hopper) cannot be skipped; the bonus can."""
    m = game({"players": {1: {"hand": "C1"}, 2: {"train": ["E1", "H1"]}}, "display": "X3 X3 T3"},
             force=["draw T2", "draw X2", "draw H2"])
    m.play("load C1 P2.2")
    assert m.state.display == ("X3", "X3", "T3") and m.state.player(1).hand == ("H2", "T2", "X2")
    assert m.pending.kind == "discard" and "skip" not in [a.notation for a in m.legal_actions()]


def test_empty_piles_a_discard_after_drawing_nothing_is_skipped():
    """[ruling.empty-piles] [car.H1] loading the last card into another's Level 1 Hopper with dry
    piles draws nothing; with an empty hand there is nothing to discard, so the game goes on
    (it used to wait for a discard no one could make)."""
    m = game({"players": {1: {"hand": "C1"}, 2: {"train": ["E1", "H1"]}}})
    m = at(replace(m.state, deck=(), discard=()))
    m.play("load C1 P2.2")
    assert m.pending.kind == "action" and m.state.actions_left == 1 and m.legal_actions()

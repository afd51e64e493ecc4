"""Rulebook order, part 4: Step 3, Resolve Dice (placing Trains next to a Station or a Train,
sets of three for Buildings, locations and levels with San Antonio's 2, Coins 2 per die up to
5, saving dice, bonus dice back to the pool) and the saved-dice example. Seats: Eric is P1 (the
active player), Bryan P2, Sarah P3, Ken P4."""

from __future__ import annotations

import pytest

from sandbox.trains_and_stations import board as data
from tests.trains_and_stations.ts_rules import (
    ONE_EACH,
    game,
    of,
    options,
    play_all,
    refused,
    settle,
    shows,
    space,
    stop_rerolls,
    tray,
)

STATION_SPACES = {s.id for s in data.SPACES if s.cities}


def two_each() -> dict[str, str]:
    """Every city with two Buildings (the second level complete), owned by P2-P4."""
    pieces = iter(f"{p}:{kind}" for kind in ("ranch", "mine", "hotel") for p in (2, 3, 4) for _ in range(3))
    return {c.id: f"{next(pieces)} {next(pieces)}" for c in data.CITIES}


def rolled(spec: dict, *faces: str, bonus: int = 0):
    m = game(spec, force=shows(*faces))
    m.play(f"gather {bonus}" if bonus else "gather")
    stop_rerolls(m)
    return m


def test_resolve_trains_go_next_to_a_station_or_a_train():
    """[resolve.apply] [resolve.train] [ruling.route-adjacency] on an empty board a Train may go
    only on a space next to a station (the 25 end spaces); s2 is refused until s1 holds a die,
    and dice are placed one at a time, so the first Train opens s2 for the second."""
    m = rolled({}, "train", "train", "coin", "coin", "coin")
    assert m.pending.kind == "place" and m.pending.rule == "resolve.train"
    assert {a.space for a in m.legal_actions()} == STATION_SPACES and len(STATION_SPACES) == 25
    refused(m, "place s2", "resolve.train")
    m.play("place s1")
    assert "place s2" in options(m)
    m.play("place s2")
    assert [space(m, "s1"), space(m, "s2")] == ["1", "1"]


def test_resolve_any_die_anchors_a_train_and_junctions_open_every_branch():
    """[ruling.route-adjacency] any die anchors, a white one or another player's: s2 is open next
    to a white die on s1. The junction s3 (Seattle - Los Angeles - Billings) is next to s2, s4
    and s7: with s3 held by Bryan, both branches open; s5 stays closed."""
    m = rolled({"board": {"s1": "B", "s2": "2", "s3": "2"}}, "train", "coin", "coin", "coin", "coin")
    legal_spaces = {a.space for a in m.legal_actions()}
    assert {"s4", "s7"} <= legal_spaces and "s5" not in legal_spaces
    refused(m, "place s5", "resolve.train")
    refused(m, "place s3", "resolve.train")  # already holds a die
    m = rolled({"board": {"s1": "B"}}, "train", "coin", "coin", "coin", "coin")
    assert "place s2" in options(m)


def test_resolve_placing_trains_is_compulsory():
    """[resolve.train] "You must place each of your Train and Locked Train dice": while one is
    left no other step is offered (no done, no save)."""
    m = rolled({}, "train", "locked", "hotel", "hotel", "hotel")
    refused(m, "done", "resolve.train")
    refused(m, "confirm", "resolve.train")
    m.play("place s1")
    assert {a.locked for a in m.legal_actions()} == {True}
    m.play("place s9 locked")
    assert m.pending.kind == "build" and space(m, "s9") == "1L"


def test_resolve_route_complete_triggers_a_delivery():
    """[resolve.route-complete] [delivery.trigger] filling the last space of Billings - Denver (s15
    to s17) completes the route: a delivery follows in Step 4, after the dice are saved."""
    m = rolled({"board": {"s15": "2", "s16": "2"}}, "train", "coin", "coin", "coin", "coin")
    events = m.play("place s17")
    assert not of(events, "deliver")
    events = m.play("confirm")  # save nothing: the Coins are cashed, then Step 4
    assert [e.text for e in of(events, "deliver")] == ["The Billings – Denver route is complete: a delivery "
                                                       "to Billings, Denver"]


def test_resolve_set_of_three_erects_a_building_and_returns_the_dice():
    """[resolve.building] [resolve.set-of-three] 3 Ranch faces erect one Ranch from P1's supply (3
    -> 2) at a station of P1's choice; the 3 dice go back to the pool (only the 2 Coins are left
    to save) [ruling.building-sets]."""
    m = rolled({}, "ranch", "ranch", "ranch", "coin", "coin")
    assert m.pending.kind == "build"
    assert options(m) == {f"build ranch {c.id}" for c in data.CITIES}
    events = m.play("build ranch denver")
    assert of(events, "erect")[0].text == "P1 erects a Ranch at Denver"
    assert m.state.buildings[data.CITY_INDEX["denver"]] == ((1, "ranch"),)
    assert m.state.seat(1).supply == (2, 3, 3)
    assert m.pending.kind == "save" and tray(m) == ["coin", "coin"]


def test_resolve_two_sets_with_a_bonus_die_erect_two_buildings():
    """[resolve.set-of-three] "more than one Building in a turn if you roll multiple sets of 3 (via
    Bonus dice)": 5 own Ranch faces and a white one make two Ranches."""
    eight = {k: v for k, v in ONE_EACH.items() if k != "boston"}
    m = rolled({"players": {1: {"bonus": 1}}, "buildings": eight},
               "ranch", "ranch", "ranch", "ranch", "ranch", "ranch", bonus=1)
    assert options(m) == {"build ranch boston"}  # the first level is not complete yet
    m.play("build ranch boston")
    # [ruling.building-levels] the first Building completed the first level: the second opens it
    assert len(m.legal_actions()) == 9
    m.play("build ranch seattle")
    assert m.state.seat(1).supply == (1, 3, 3)
    assert m.state.buildings[data.CITY_INDEX["seattle"]] == ((2, "hotel"), (1, "ranch"))


def test_resolve_no_building_in_supply_gains_nothing():
    """[resolve.building] "If you do not have any corresponding buildings available in your supply,
    you gain nothing": P1's 3 Ranches are all on the board, so 3 Ranch faces erect nothing (no
    build step) and may be saved."""
    buildings = {"seattle": "1:ranch", "los_angeles": "1:ranch", "billings": "1:ranch"}
    m = rolled({"buildings": buildings}, "ranch", "ranch", "ranch", "coin", "coin")
    assert m.state.seat(1).supply == (0, 3, 3)
    assert m.pending.kind == "save" and options(m) == {*(f"toggle d{i}" for i in range(1, 6)), "confirm"}


def test_resolve_levels_a_second_building_waits_for_every_station():
    """[resolve.levels] [resolve.building-limits] [ruling.building-levels] no second Building on a
    station until all 9 have one: with Boston empty, Seattle (1 Building, 3 locations) is refused
    and Boston is the only choice."""
    spec = {"buildings": {k: v for k, v in ONE_EACH.items() if k != "boston"}}
    m = rolled(spec, "mine", "mine", "mine", "coin", "coin")
    refused(m, "build mine seattle", "resolve.levels")
    assert options(m) == {"build mine boston"}


def test_resolve_levels_a_third_building_waits_for_two_everywhere():
    """[resolve.levels] a third Building only when all stations have two: with Boston at one,
    Seattle (two, 3 locations) is refused; Boston takes the second."""
    spec = {"buildings": {**two_each(), "boston": "4:hotel"}}
    m = rolled(spec, "hotel", "hotel", "hotel", "coin", "coin")
    refused(m, "build hotel seattle", "resolve.levels")
    assert options(m) == {"build hotel boston"}


def test_example_san_antonio_has_two_building_locations():
    """[example.san-antonio] [resolve.locations] San Antonio can have 2 Buildings: with every
    station at two, a third at San Antonio is refused for its locations, while Seattle (3
    locations) takes one. The 2-location stations never take a third [ruling.building-levels]."""
    assert data.CITY["san_antonio"].slots == 2
    m = rolled({"buildings": two_each()}, "hotel", "hotel", "hotel", "coin", "coin")
    refused(m, "build hotel san_antonio", "resolve.locations")
    three = [c.id for c in data.CITIES if c.slots == 3]
    assert three == ["seattle", "los_angeles", "billings", "atlanta", "boston"]
    assert options(m) == {f"build hotel {c}" for c in three}
    m.play("build hotel seattle")
    assert len(m.state.buildings[data.CITY_INDEX["seattle"]]) == 3


def test_resolve_a_player_may_own_several_buildings_at_one_station():
    """[ruling.building-levels] nothing limits who builds where: P1, who owns Seattle's Hotel, may
    add a Ranch there."""
    spec = {"buildings": {**ONE_EACH, "seattle": "1:hotel"}}
    m = rolled(spec, "ranch", "ranch", "ranch", "coin", "coin")
    m.play("build ranch seattle")
    assert m.state.buildings[data.CITY_INDEX["seattle"]] == ((1, "hotel"), (1, "ranch"))


@pytest.mark.parametrize("coins, dice, after", [(0, 2, 4), (2, 3, 5), (4, 1, 5), (5, 2, 5)])
def test_resolve_coins_two_per_die_at_most_five(coins, dice, after):
    """[resolve.coin] [ruling.coin-limit] each Coin die returned pays 2 Coins, but no player holds
    more than 5: 0 + 2 dice -> 4; 2 + 3 dice -> 5 (not 8); 4 + 1 -> 5; 5 + 2 -> 5."""
    m = rolled({"players": {1: {"coins": coins}}}, *["coin"] * dice, *["hotel"] * (5 - dice))
    if m.pending.kind == "build":
        m.play("build hotel seattle")
    events = m.play("confirm")
    assert of(events, "coins")[0].data == {"dice": dice, "before": coins, "after": after}
    assert m.state.seat(1).coins == after


def test_resolve_save_building_and_coin_faces_for_the_next_turn():
    """[resolve.save] any number of the player's dice showing a Building or Coin face may be saved,
    on their face; a saved Coin pays nothing now. Trains were placed, so only d2-d5 are offered."""
    m = rolled({"players": {1: {"coins": 1}}}, "train", "coin", "coin", "mine", "hotel")
    stop_rerolls(m)
    m.play("place s1")
    assert m.pending.kind == "save" and options(m) == {"toggle d1", "toggle d2", "toggle d3", "toggle d4",
                                                       "confirm"}
    assert tray(m) == ["coin", "coin", "mine", "hotel"]
    events = play_all(m, "toggle d2", "toggle d3", "confirm")
    assert of(events, "save")[0].text == "P1 saves Coin, Mine for the next turn"
    assert m.state.seat(1).saved == ("coin", "mine") and m.state.seat(1).coins == 3


def test_example_saved_dice_two_hotels_and_three_fresh_dice():
    """[example.saved-dice] [gather.saved] [roll.saved] Eric saved 2 Hotels last turn: this turn he
    starts with those 2 dice on Hotel and rolls 3 of his player dice (3 rolls, d3-d5); one
    more Hotel makes a set, and he erects a Hotel."""
    m = game({"players": {1: {"saved": "hotel hotel"}}}, force=shows("hotel", "coin", "mine"))
    events = play_all(m, "gather", "confirm")
    assert [e.data["die"] for e in of(events, "roll")] == [3, 4, 5]
    assert tray(m) == ["hotel", "hotel", "hotel", "coin", "mine"]
    stop_rerolls(m)
    assert m.pending.kind == "build" and "build hotel detroit" in options(m)
    m.play("build hotel detroit")
    assert m.state.seat(1).supply == (3, 3, 2)


def test_resolve_bonus_dice_go_back_to_the_pool_and_cannot_be_saved():
    """[resolve.bonus-return] [ruling.bonus-dice-faces] P1 rolls 2 of 2 bonus dice: the white Train
    must be placed and stays on the board (code "B"); the white Coin pays 2 Coins but cannot be
    saved (only P1's d1-d3 are offered) and goes back to the pool: 8 + 1 = 9 in the pool,
    1 white die on the board."""
    m = game({"players": {1: {"bonus": 2, "coins": 0}}},
             force=shows("coin", "coin", "hotel", "train", "locked", "coin", "train"))
    m.play("gather 2")
    assert tray(m) == ["coin", "coin", "hotel", "train", "locked", "bonus coin", "bonus train"]
    play_all(m, "place s1", "place s2 locked", "place s3 bonus")
    assert space(m, "s3") == "B"
    assert options(m) == {"toggle d1", "toggle d2", "toggle d3", "confirm"}
    assert tray(m)[3] == "bonus coin"
    events = play_all(m, "toggle d1", "confirm")
    assert of(events, "coins")[0].data == {"dice": 2, "before": 0, "after": 4}
    assert m.state.pool == 9 and m.state.bonus_out() == 1 and m.state.seat(1).bonus == 0


def test_resolve_a_bonus_die_used_in_a_building_set_goes_back_to_the_pool():
    """[ruling.bonus-dice-faces] [resolve.bonus-return] [components.dice] 5 own Ranch faces and a
    white one make two Ranches; the white die of the second set goes back to the pool (9 + 1 =
    10: all 10 bonus dice are in the pool again)."""
    m = rolled({"players": {1: {"bonus": 1}}}, *["ranch"] * 6, bonus=1)
    assert m.state.pool == 9
    play_all(m, "build ranch seattle", "build ranch denver")
    settle(m)
    assert m.state.pool + m.state.bonus_out() + sum(s.bonus for s in m.state.seats) == 10
    assert m.state.pool == 10


def test_resolve_unused_dice_go_back_to_their_owner():
    """[ruling.unused-dice] dice neither placed nor saved (a set, cashed Coins, an unsaved Mine) go
    back to P1's available dice: next turn P1, with 1 die on the board, gathers 5 of 7."""
    m = game(players=3, force=shows("train", "ranch", "ranch", "ranch", "mine"))
    play_all(m, "gather", "confirm", "place s1", "build ranch seattle", "confirm")
    assert m.state.on_board(1) == 1 and m.state.seat(1).saved == ()
    assert m.state.own_gathered(1) == 5


def test_resolve_order_a_building_erected_this_turn_produces_this_turn():
    """[ruling.resolve-order] [turn.overview] Step 3 runs trains, Buildings, Coins, saves; the
    delivery waits for Step 4, so the Ranch erected at Denver this turn collects Cattle when
    the same turn completes Billings - Denver."""
    m = rolled({"board": {"s15": "2", "s16": "2"}}, "train", "ranch", "ranch", "ranch", "coin")
    play_all(m, "place s17", "build ranch denver")
    events = m.play("confirm")
    assert [e.text for e in of(events, "goods")] == ["P1's Ranch produces a Cattle card"]
    assert m.state.seat(1).goods == ("cattle",)

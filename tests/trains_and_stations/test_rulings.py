"""The switchable rulings (`rulebook.RULINGS` with a `switch`, the fields of `Rulings`): for each,
a position where the default reading and the other reading differ as the ruling describes.
Seats: Eric is P1 (the active player), Bryan P2, Sarah P3, Ken P4."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

import sandbox
from sandbox.trains_and_stations import RULINGS, Rulings
from tests.trains_and_stations.ts_rules import (
    BRYAN,
    ERIC,
    GAME,
    SARAH,
    delivery_example,
    game,
    of,
    options,
    play_all,
    quiet_turn,
    refused,
    shortage,
    shows,
    space,
    stack,
    texts,
    tray,
    vps,
)

SWITCHES = {r.id: r.switch for r in RULINGS if r.switch}
MISSING: set[str] = set()
NO_SWITCH = ("the Rulings dataclass (config.py) has no {} field: the switch named by {} is not implemented "
             "(new_game refuses the option with ValueError)")


def _switch(text: str) -> tuple[str, str, tuple[str, ...]]:
    """(field, default, the other readings) of "name='a' (default) | 'b' | 'c'"."""
    found = re.fullmatch(r"(\w+)='([\w-]+)' \(default\)((?: \| '[\w-]+')+)", text)
    assert found, text
    return found.group(1), found.group(2), tuple(re.findall(r"'([\w-]+)'", found.group(3)))


@pytest.mark.parametrize("ruling", [
    pytest.param(rid, marks=pytest.mark.xfail(strict=True, reason=NO_SWITCH.format(_switch(s)[0], rid)))
    if _switch(s)[0] in MISSING else rid for rid, s in SWITCHES.items()])
def test_every_documented_switch_is_a_rulings_field(ruling):
    """[ruling.reclaim-turn] [ruling.locked-trains] [ruling.strike-count] [ruling.strike-vp]
    [ruling.bonus-dice-faces] [ruling.building-sets] [ruling.erect] [ruling.empty-building]
    [ruling.mission-connected] [ruling.missions] [ruling.mission-reveal] [ruling.reclaim-scope]
    [ruling.speculation-shortage] [ruling.end-trigger] [ruling.tiebreak-gold] each switch a ruling
    names is a field of `Rulings` with the same default and the same other readings."""
    name, default, others = _switch(SWITCHES[ruling])
    assert Rulings.CHOICES.get(name) == (default, *others)
    assert getattr(Rulings(), name) == default
    assert {f.name for f in fields(Rulings)} >= {name}


def test_rulings_unknown_option_or_value_is_refused():
    """Options are checked: an unknown name or value raises ValueError naming the choices."""
    with pytest.raises(ValueError, match="has no option 'strike'"):
        sandbox.new_game(GAME, players=3, strike="to-box")
    with pytest.raises(ValueError, match="strike_vp ruling is 'to-stack' or 'to-box'"):
        sandbox.new_game(GAME, players=3, strike_vp="lost")


# --- ruling.strike-count: strike_dice -------------------------------------------------------------

@pytest.mark.parametrize("reading, strike", [("all-rolled", True), ("player-dice", False)])
def test_ruling_strike_dice_bonus_dice_count_toward_a_strike(reading, strike):
    """[ruling.strike-count] 2 of Eric's own dice and 1 white die show Locked Train: with
    strike_dice='all-rolled' (default) that is a strike (3 VP lost, no reroll); with
    'player-dice' only his own dice count, 2, and rerolls are offered."""
    m = game({"players": {ERIC: {"bonus": 1}}}, strike_dice=reading,
             force=shows("locked", "locked", "coin", "coin", "hotel", "locked"))
    events = m.play("gather 1")
    assert bool(of(events, "strike")) == strike
    assert m.state.seat(ERIC).vp == (0 if strike else 3)
    assert m.pending.kind == ("place" if strike else "reroll")


# --- ruling.strike-vp: strike_vp ------------------------------------------------------------------

@pytest.mark.parametrize("reading, board", [("to-stack", 58 + 3), ("to-box", 58)])
def test_ruling_strike_vp_go_back_to_the_board_or_out_of_the_game(reading, board):
    """[ruling.strike-vp] Eric strikes with 3 VP: with strike_vp='to-stack' (default) the board
    goes 58 -> 61 (the game lasts longer); with 'to-box' it stays at 58."""
    m = game(strike_vp=reading, force=shows("locked", "locked", "locked", "coin", "coin"))
    m.play("gather")
    assert m.state.seat(ERIC).vp == 0 and m.state.vp_stack == board


# --- ruling.reclaim-turn: reclaim_skips -----------------------------------------------------------

@pytest.mark.parametrize("reading, ranch", [("steps-2-4", ("food", 10)), ("whole-turn", ("cattle", 0))])
def test_ruling_reclaim_skips_step_5_or_not(reading, ranch):
    """[ruling.reclaim-turn] [gather.reclaim] Eric reclaims with the Ranch out of Cattle: with
    reclaim_skips='steps-2-4' (default) Step 5 still upgrades it to Food; with 'whole-turn' the
    turn ends at once and the Ranch waits for Bryan's turn end."""
    board = {"s1": "1", "s2": "1", "s9": "1", "s15": "1", "s18": "1"}
    m = game({"board": board, "stacks": {"ranch": ["cattle", 0]}}, reclaim_skips=reading)
    m.play("reclaim")
    assert stack(m, "ranch") == ranch and m.pending.player == BRYAN


# --- ruling.bonus-dice-faces: bonus_coins ---------------------------------------------------------

@pytest.mark.parametrize("reading, coins", [("pay", 1 + 2 + 2), ("no-pay", 1 + 2)])
def test_ruling_bonus_coins_a_white_coin_pays_or_not(reading, coins):
    """[ruling.bonus-dice-faces] Eric (1 Coin) cashes an own Coin die and a white one: with
    bonus_coins='pay' (default) both pay 2 (1 -> 5); with 'no-pay' the white one pays nothing
    (1 -> 3). Either way the white die goes back to the pool."""
    m = game({"players": {ERIC: {"bonus": 1, "coins": 1}}}, bonus_coins=reading,
             force=shows("coin", "hotel", "mine", "ranch", "hotel", "coin"))
    play_all(m, "gather 1", "confirm", "confirm")
    assert m.state.seat(ERIC).coins == coins and m.state.pool == 10


# --- ruling.building-sets: building_sets ----------------------------------------------------------

@pytest.mark.parametrize("reading, left", [("threes", ["ranch", "coin"]), ("all-matching", ["coin"])])
def test_ruling_building_sets_extra_matching_dice(reading, left):
    """[ruling.building-sets] [resolve.set-of-three] 4 Ranch faces erect one Ranch: with
    building_sets='threes' (default) the fourth Ranch is left over and may be saved; with
    'all-matching' it goes back with the set."""
    m = game(building_sets=reading, force=shows("ranch", "ranch", "ranch", "ranch", "coin"))
    play_all(m, "gather", "confirm", "build ranch seattle")
    assert tray(m) == left and m.state.seat(ERIC).supply == (2, 3, 3)


def test_ruling_building_sets_all_matching_still_makes_two_buildings_of_six_faces():
    """[ruling.building-sets] [resolve.set-of-three] 5 own Ranch faces and a white one are two sets
    under either reading: with building_sets='all-matching' Eric still erects two Ranches."""
    m = game({"players": {ERIC: {"bonus": 1}}}, building_sets="all-matching", force=shows(*["ranch"] * 6))
    play_all(m, "gather 1", "confirm", "build ranch seattle")
    assert m.pending.kind == "build"
    m.play("build ranch denver")
    assert m.state.seat(ERIC).supply == (1, 3, 3)


# --- ruling.erect: erect --------------------------------------------------------------------------

def test_ruling_erect_required_by_default():
    """[ruling.erect] [resolve.building] with erect='required' (default) a set of 3 must be built
    while a Building and a location are free: 'done' is refused."""
    m = game(force=shows("hotel", "hotel", "hotel", "coin", "coin"))
    play_all(m, "gather", "confirm")
    refused(m, "done", "ruling.erect")
    assert "done" not in options(m)


def test_ruling_erect_optional_keeps_the_set_to_save():
    """[ruling.erect] with erect='optional' Eric may decline the Hotel and save the 3 Hotel dice."""
    m = game(erect="optional", force=shows("hotel", "hotel", "hotel", "coin", "coin"))
    play_all(m, "gather", "confirm", "done", "toggle d1", "toggle d2", "toggle d3", "confirm")
    assert m.state.seat(ERIC).saved == ("hotel", "hotel", "hotel")
    assert m.state.seat(ERIC).supply == (3, 3, 3)


# --- ruling.locked-trains: majority_locked --------------------------------------------------------

@pytest.mark.parametrize("reading, winner", [("count", BRYAN), ("ignore", ERIC)])
def test_ruling_majority_locked_trains_count_or_not(reading, winner):
    """[ruling.locked-trains] on Billings - Denver Bryan has 2 Locked Trains and Eric places 1
    Train: with majority_locked='count' (default) Bryan has the majority (Denver's +2 VP); with
    'ignore' Eric does (1 to 0). Both earn 2 completion VP either way."""
    m = game({"board": {"s15": "2L", "s16": "2L"}}, majority_locked=reading,
             force=shows("train", "coin", "coin", "coin", "coin"))
    events = play_all(m, "gather", "confirm", "place s17", "confirm")
    assert {e.actor for e in of(events, "bonus")} == {winner}
    assert vps(m)[winner - 1] == 3 + 2 + 2 and vps(m)[BRYAN + ERIC - winner - 1] == 3 + 2


# --- ruling.empty-building: empty_building --------------------------------------------------------

@pytest.mark.parametrize("reading, ken", [("nothing", 3), ("vp", 4)])
def test_ruling_empty_building_pays_nothing_or_one_vp(reading, ken):
    """[ruling.empty-building] [goods.no-upgrade] the Ranch's space is empty for good; Ken's Ranch
    at Denver is on Eric's delivery: with empty_building='nothing' (default) Ken gets nothing;
    with 'vp' (the Turn Reference's "1 Goods card or 1 VP") he gets 1 VP."""
    m = game({"board": {"s15": "2", "s16": "2"}, "buildings": {"denver": "4:ranch"},
              "stacks": {"ranch": ["", 0]}, "used": ["food", "gold"]}, empty_building=reading,
             force=shows("train", "coin", "coin", "coin", "coin"))
    play_all(m, "gather", "confirm", "place s17", "confirm")
    assert m.state.seat(4).vp == ken and m.state.seat(4).goods == ()


# --- ruling.mission-connected: mission_link -------------------------------------------------------

@pytest.mark.parametrize("reading, scored", [("this-turn", ("p01",)), ("this-delivery", ())])
def test_ruling_mission_link_across_the_deliveries_of_a_turn(reading, scored):
    """[ruling.mission-connected] [example.mission-seattle-detroit] Sarah's Seattle - Detroit
    Mission: with mission_link='this-turn' the two groups of the turn join the cities
    through Billings and she scores; with 'this-delivery' neither delivery holds both cities."""
    m = delivery_example({"players": {SARAH: {"power": ["p01"]}}}, force=["power p20", "power p17"],
                         mission_link=reading)
    play_all(m, "deliver r1", "award P1")
    assert m.state.seat(SARAH).missions == scored


@pytest.mark.parametrize("reading, scored", [("this-turn", ()), ("ever", ("p01",))])
def test_ruling_mission_link_ever_keeps_routes_delivered_on_earlier_turns(reading, scored):
    """[ruling.mission-connected] Eric delivers Billings - Detroit on his turn, Bryan delivers
    Seattle - Los Angeles - Billings on the next: with mission_link='ever' the route delivered a
    turn earlier still joins Seattle to Detroit and Sarah scores (the default); with 'this-turn'
    it no longer does."""
    spec = {"players": {1: {"coins": 0}, 2: {"coins": 0}, SARAH: {"power": ["p01"]}},
            "board": {"s1": "2", "s2": "B", "s3": "2", "s4": "3", "s5": "B", "s6": "4", "s7": "2",
                      "s9": "3", "s10": "B", "s11": "4", "s12": "B", "s13": "3"}}
    m = sandbox.new_game("trains_and_stations", players=4, seed=1, position=spec, mission_link=reading,
                         force=[*shows("train", "coin", "coin", "coin", "coin"), "power p20",
                                *shows("train", "coin", "coin", "coin", "coin"), "power p17"])
    play_all(m, "gather", "place s14", "confirm")  # Eric: r2 is delivered
    assert m.state.seat(SARAH).missions == () and m.pending.player == 2
    play_all(m, "gather", "place s8", "confirm")  # Bryan: r1 is delivered
    assert m.state.seat(SARAH).missions == scored


def test_ruling_mission_connected_counts_completed_groups_not_yet_resolved():
    """[ruling.mission-connected] Eric delivers r1 first; r2 is complete too (not yet resolved),
    so Seattle and Detroit are already joined at r1's Missions step: Sarah's Mission is revealed
    there, before r2's delivery begins."""
    m = delivery_example({"players": {SARAH: {"power": ["p01"]}}}, force=["power p20", "power p17"])
    m.play("deliver r1")
    events = m.play("award P1")
    kinds = [e.kind for e in events]
    assert "mission" in kinds
    assert kinds.index("mission") < kinds.index("deliver")  # r2's "Route r2 is complete" event


# --- ruling.missions: missions --------------------------------------------------------------------

def test_ruling_missions_each_pair_scores_several_in_one_delivery():
    """[ruling.missions] [ruling.missing-reference] with missions='each-pair' (default) Sarah
    scores both her Seattle - Detroit and Los Angeles - Detroit Missions in the same turn (the
    Turn Reference's "reveals one Mission Power card" is not a limit)."""
    m = delivery_example({"players": {SARAH: {"power": ["p01", "p07"]}}}, force=["power p20", "power p17"])
    events = play_all(m, "deliver r1", "award P1")
    assert texts(events, "mission") == ["P3 reveals mission p01, Seattle to Detroit: 7 VP at the end",
                                        "P3 reveals mission p07, Los Angeles to Detroit: 6 VP at the end"]


def test_ruling_missions_one_reveals_at_most_one_per_delivery():
    """[ruling.missions] with missions='one' no delivery reveals more than one of a player's
    Missions (the Turn Reference's reading)."""
    m = delivery_example({"players": {SARAH: {"power": ["p01", "p07"]}}}, force=["power p20", "power p17"],
                         missions="one")
    events = play_all(m, "deliver r1", "award P1")
    per_delivery, count = [], 0
    for e in events:
        if e.kind == "deliver":
            per_delivery.append(count)
            count = 0
        count += e.kind == "mission"
    per_delivery.append(count)
    assert max(per_delivery) == 1 and m.state.seat(SARAH).missions[0] == "p01"


def test_ruling_missions_one_scores_one_mission_in_each_of_the_two_deliveries():
    """[ruling.missions] [ruling.mission-connected] missions='one': Sarah holds Seattle - Detroit
    and Los Angeles - Detroit; two deliveries this turn join both pairs, so she scores one in
    each delivery: both by the end of Eric's turn."""
    m = delivery_example({"players": {SARAH: {"power": ["p01", "p07"]}}}, force=["power p20", "power p17"],
                         missions="one")
    play_all(m, "deliver r1", "award P1")
    assert sorted(m.state.seat(SARAH).missions) == ["p01", "p07"]


# --- ruling.mission-reveal: no switch (missions are scored at once) -----------------------------

def test_ruling_mission_reveal_offers_no_switch():
    """[ruling.mission-reveal] the engine reveals every Mission it can at once; asking each holder
    is not offered, and the option is refused with the list of those that are."""
    with pytest.raises(ValueError, match="has no option 'mission_reveal'"):
        sandbox.new_game("trains_and_stations", players=4, mission_reveal="ask")


# --- ruling.reclaim-scope: reclaim_scope ---------------------------------------------------------

def test_ruling_reclaim_scope_stations_clears_every_route_at_the_stations():
    """[ruling.reclaim-scope] [delivery.reclaim] with reclaim_scope='stations' Bryan's die on
    Billings - Denver (a route at a connected station) goes back too (the default 'route'
    leaves it: test_rules_delivery)."""
    from tests.trains_and_stations.ts_rules import EXAMPLE_BOARD

    m = delivery_example({"board": {**EXAMPLE_BOARD, "s15": "2"}}, force=["power p20", "power p17"],
                         reclaim_scope="stations")
    play_all(m, "deliver r1", "award P1")
    assert space(m, "s15") == ""


# --- ruling.speculation-shortage: shortage_vp -----------------------------------------------------

@pytest.mark.parametrize("reading, paid", [("per-missing-card", [3, 4, 4]), ("only-if-none", [3, 3, 4])])
def test_ruling_shortage_vp_per_missing_card_or_only_if_none(reading, paid):
    """[ruling.speculation-shortage] [speculation.shortage] Eric hands out 10 Silver for 12 asked:
    6 to himself, 4 of Bryan's 5, none of Sarah's 1. With shortage_vp='per-missing-card'
    (default) Bryan gets 1 VP for his missing card and Sarah 1; with 'only-if-none' only Sarah,
    who received no card, is paid."""
    m = shortage(shortage_vp=reading)
    play_all(m, *["award P1"] * 6, *["award P2"] * 4)
    assert vps(m) == paid


# --- ruling.end-trigger: last_round ---------------------------------------------------------------

@pytest.mark.parametrize("reading, turns", [("finish-round", [(3, SARAH)]),
                                            ("extra-round", [(3, SARAH), (4, ERIC), (5, BRYAN), (6, SARAH)])])
def test_ruling_last_round_finish_the_round_or_one_more(reading, turns):
    """[ruling.end-trigger] [end.last-round] the board runs out on Bryan's turn 2: with
    last_round='finish-round' (default) Sarah plays and the game ends before Eric's turn; with
    'extra-round' a full extra round follows (Eric, Bryan, Sarah), still ending before the
    Conductor's next turn. Every player has the same number of turns either way."""
    m = game({"board": {"s15": "B", "s16": "B"}, "current": BRYAN, "turn": 2, "vp_stack": 2}, players=3,
             last_round=reading, force=shows("train", "coin", "coin", "coin", "coin"))
    play_all(m, "gather", "confirm", "place s17", "confirm")
    assert m.state.ending
    seen = []
    while not m.is_over:
        seen.append((m.state.turn, m.state.current))
        quiet_turn(m)
    assert seen == turns and m.state.turn % 3 == 0


# --- ruling.tiebreak-gold: tiebreak_gold ----------------------------------------------------------

@pytest.mark.parametrize("reading, winners", [("with-power-cards", (BRYAN,)), ("goods-cards", (ERIC, BRYAN))])
def test_ruling_tiebreak_gold_counts_power_cards_or_not(reading, winners):
    """[ruling.tiebreak-gold] [score.tiebreak] Eric and Bryan tie on 20; Eric has 1 Gold card,
    Bryan 1 Gold card and p12 (Gold and Cattle): with tiebreak_gold='with-power-cards' (default)
    Bryan has 2 Gold and wins; with 'goods-cards' both have 1 and share the win."""
    spec = {"players": {ERIC: {"vp": 20, "goods": "gold"},
                        BRYAN: {"vp": 5, "goods": "gold", "power": ["p12"]}},
            "current": 3, "turn": 9, "vp_stack": 0}
    m = game(spec, players=3, tiebreak_gold=reading)
    quiet_turn(m)
    assert m.outcome.scores[ERIC] == m.outcome.scores[BRYAN] == 20
    assert m.outcome.winners == winners

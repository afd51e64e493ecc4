"""Rulebook order, part 5: Step 4, Delivery! (completion VP, the majority bonus and its tie, Goods,
Missions, reclaiming the dice) with the rulebook's worked examples: Seattle - Los Angeles -
Billings and Billings - Detroit completed in one turn, the tie Eric breaks for himself, the
Coal shortage where Ken gets 1 VP, and Sarah's Seattle-to-Detroit Mission. Seats: Eric is P1
(the active player), Bryan P2, Sarah P3, Ken P4."""

from __future__ import annotations

from dataclasses import replace

import sandbox
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations import position
from sandbox.trains_and_stations.config import Config
from tests.trains_and_stations.ts_rules import (
    BRYAN,
    ERIC,
    EXAMPLE_BOARD,
    KEN,
    ONE_EACH,
    SARAH,
    delivery_example,
    game,
    of,
    options,
    play_all,
    refused,
    settle,
    shows,
    space,
    stack,
    texts,
    vps,
)

R1 = "Seattle – Los Angeles – Billings"  # route r1 as the map names it


def test_example_delivery_two_groups_in_one_turn_order_chosen_by_eric():
    """[example.delivery] [delivery.trigger] [delivery.group] [ruling.delivery-group] Eric's 3
    Trains combine with Bryan's and the white dice to fill two groups: Seattle - Los Angeles -
    Billings (one group of 8 spaces through a junction) and Billings - Detroit (a route of its
    own). [delivery.order] [ruling.delivery-order] Eric chooses the order, and picks r1 first."""
    m = delivery_example()
    assert m.pending.kind == "order" and m.pending.player == ERIC
    assert m.pending.rule == "delivery.order"
    assert options(m) == {"deliver r1", "deliver r2"}
    assert data.ROUTE["r1"].cities == ("seattle", "los_angeles", "billings")
    assert data.ROUTE["r2"].cities == ("billings", "detroit")
    refused(m, "deliver r3", "delivery.order")
    events = m.play("deliver r1")
    assert texts(events, "deliver") == [f"The {R1} route is complete: a delivery to Seattle, Los Angeles, "
                                        "Billings"]


def test_example_delivery_completion_three_vp_each_for_eric_and_bryan():
    """[example.delivery] [delivery.complete] [delivery.steps] [object.deliver] "Since Eric and Bryan
    each have dice on the Route, each player gains 3 VPs (one for each of the 3 cities)": after step 1 of r1
    Eric and Bryan have 3 + 3 VP; Sarah and Ken, with no dice, gain nothing; the white dice
    score for nobody [delivery.white-dice]. The board loses 6 VP before any majority VP."""
    m = delivery_example()
    events = m.play("deliver r1")
    assert texts(events, "completion") == [f"P1 has dice on the {R1} route: +3 VP (1 per city)",
                                           f"P2 has dice on the {R1} route: +3 VP (1 per city)"]
    assert vps(m) == [6, 6, 3, 3]
    assert m.state.vp_stack == 58 - 6
    assert m.pending.kind == "majority"  # step 2 comes after step 1


def test_example_majority_tie_eric_takes_all_three_city_bonuses():
    """[example.majority-tie] [delivery.majority] [delivery.majority-tie] [ruling.majority] Eric and
    Bryan have 2 dice each on r1 (the 4 white dice count for nobody): Eric, the active player,
    breaks the tie for himself and gains the bonuses of all 3 cities: Seattle +2 VP, Los
    Angeles a Power card, Billings a bonus die. Bryan gets none of them. [ruling.missing-reference]
    the Turn Reference's "single player with the most Trains" is the one the tie-break leaves."""
    m = delivery_example(force=["power p20"])
    m.play("deliver r1")
    assert m.pending.kind == "majority" and m.pending.player == ERIC
    assert options(m) == {"award P1", "award P2"}
    refused(m, "award P3", "delivery.majority")
    events = m.play("award P1")
    assert of(events, "tie")[0].text == f"P1 breaks the tie for the {R1} route in favour of P1"
    r1_bonus = of(events, "bonus")[:3]
    assert [(e.actor, e.data["city"]) for e in r1_bonus] == [(ERIC, "seattle"), (ERIC, "los_angeles"),
                                                             (ERIC, "billings")]
    assert "p20" in m.state.seat(ERIC).power


def test_example_delivery_whole_turn_numbers():
    """[example.delivery] [example.majority-tie] [delivery.majority] the whole turn: r1 (tie, to
    Eric) then r2, where Bryan has the most dice (2 to 1) and takes Billings' bonus die and
    Detroit's Power card: "the player who receives the Majority bonus ... is determined for each
    of the completed Routes". Eric 3 + 3 + 2 + 2 = 10 VP, Bryan 3 + 3 + 2 = 8, Sarah and Ken 3;
    the board 58 - 12 = 46; each holds 1 bonus die; the white dice are back in the pool (8)."""
    m = delivery_example(force=["power p20", "power p17"])
    m.play("deliver r1")
    events = m.play("award P1")
    r2_bonus = [(e.actor, e.data["city"]) for e in of(events, "bonus")][3:]
    assert r2_bonus == [(BRYAN, "billings"), (BRYAN, "detroit")]
    assert vps(m) == [10, 8, 3, 3]
    assert m.state.vp_stack == 46
    assert [s.bonus for s in m.state.seats] == [1, 1, 0, 0] and m.state.pool == 8
    assert m.state.seat(ERIC).power == ("p20",) and m.state.seat(BRYAN).power == ("p17",)


def test_majority_tie_may_go_to_the_other_tied_player():
    """[delivery.majority-tie] [ruling.majority] the active player breaks the tie as they like:
    Eric may hand r1's bonuses to Bryan (Bryan +2 VP for Seattle)."""
    m = delivery_example(force=["power p20", "power p17"])
    m.play("deliver r1")
    m.play("award P2")
    assert vps(m) == [3 + 3 + 2, 3 + 3 + 2 + 2, 3, 3]


def test_majority_tie_between_others_is_broken_by_the_active_player():
    """[delivery.majority-tie] [ruling.majority] "even if that player is one of those tied" - and
    when he is not: Bryan and Sarah have 1 die each on Billings - Denver, Eric completes it with
    a white die and picks Sarah, who takes Denver's +2 VP and Billings' bonus die."""
    m = game({"board": {"s15": "2", "s16": "3"}, "players": {ERIC: {"bonus": 1}}},
             force=shows("coin", "coin", "coin", "coin", "coin", "train"))
    play_all(m, "gather 1", "confirm", "place s17 bonus", "confirm")
    assert m.pending.kind == "majority" and m.pending.player == ERIC
    assert options(m) == {"award P2", "award P3"}
    m.play("award P3")
    assert vps(m) == [3, 3 + 2, 3 + 2 + 2, 3] and m.state.seat(SARAH).bonus == 1


def test_majority_white_dice_count_for_nobody():
    """[delivery.white-dice] [delivery.majority] on Denver - Kansas City (3 spaces) two white dice
    and Eric's one Train: Eric has the most player dice and takes both cities' bonuses (Denver
    +2 VP, Kansas City a bonus die) as well as 2 completion VP."""
    m = game({"board": {"s27": "B", "s28": "B"}}, force=shows("train", "coin", "coin", "coin", "coin"))
    events = play_all(m, "gather", "confirm", "place s29", "confirm")
    bonuses = [(e.actor, e.data["city"]) for e in of(events, "bonus")]
    assert bonuses == [(ERIC, "denver"), (ERIC, "kansas_city")]
    assert m.state.seat(ERIC).vp == 3 + 2 + 2 and m.state.seat(ERIC).bonus == 1


def test_majority_a_group_with_only_white_dice_scores_no_vp_but_produces():
    """[ruling.majority] [delivery.complete] Billings - Denver filled with white dice only (Eric
    places his rolled bonus die): no completion VP and no majority bonus for anyone, but Ken's
    Ranch at Denver still produces a Cattle card [delivery.goods]."""
    m = game({"board": {"s15": "B", "s16": "B"}, "players": {ERIC: {"bonus": 1}},
              "buildings": {"denver": "4:ranch"}},
             force=shows("coin", "coin", "coin", "coin", "coin", "train"))
    events = play_all(m, "gather 1", "confirm", "place s17 bonus", "confirm")
    assert not of(events, "completion") and not of(events, "bonus")
    assert texts(events, "no-majority") == ["No player die is on the Billings – Denver route: nobody takes "
                                            "its bonuses"]
    assert vps(m) == [3, 3, 3, 3] and m.state.seat(KEN).goods == ("cattle",)


def test_majority_bonus_unavailable_gives_nothing():
    """[delivery.bonus-unavailable] [ruling.majority-supply] Eric wins r1's majority with the bonus
    pool empty and no Power card left in the stack: Seattle's +2 VP is paid, Los Angeles' Power
    card and Billings' bonus die give nothing, and nothing replaces them."""
    board = {f"s{i}": "B" for i in range(1, 8)}
    power = {BRYAN: {"bonus": 3, "power": [f"p{i:02d}" for i in range(1, 11)]},
             SARAH: {"power": [f"p{i:02d}" for i in range(11, 21)]}}
    m = game({"board": board, "players": power}, force=shows("train", "coin", "coin", "coin", "coin"))
    assert m.state.pool == 0 and m.state.power_deck == ()
    events = play_all(m, "gather", "confirm", "place s8", "confirm")
    assert texts(events, "no-power") == ["No power card is left for P1"]
    assert of(events, "no-power")[0].rule == "delivery.bonus-unavailable"
    die = next(e for e in of(events, "bonus") if e.data["city"] == "billings")
    assert die.rule == "delivery.bonus-unavailable" and die.data["dice"] == 0
    assert m.state.seat(ERIC).vp == 3 + 3 + 2 and m.state.seat(ERIC).bonus == 0
    assert m.state.seat(ERIC).power == ()
    assert m.state.pool == 7  # only the 7 white dice of r1, back from the board


def test_majority_power_card_won_counts_for_the_missions_of_the_same_delivery():
    """[ruling.majority-supply] [delivery.mission] a Power card won as a majority bonus is in its
    owner's hand for the Missions step: Eric wins r2's majority (2 dice to Bryan's 1), draws
    the Los Angeles - Detroit Mission (p07) at Detroit and scores it in the same delivery."""
    board = {**EXAMPLE_BOARD, "s9": "1"}
    m = delivery_example({"board": board}, force=["power p08", "power p07"])
    m.play("deliver r1")
    events = m.play("award P1")
    assert texts(events, "mission") == ["P1 reveals mission p07, Los Angeles to Detroit: 6 VP at the end"]
    assert m.state.seat(ERIC).missions == ("p07",) and m.state.seat(ERIC).power == ("p08",)


def test_goods_every_building_at_the_stations_produces_for_its_owner():
    """[delivery.goods] [intro.shared] [object.develop] Buildings produce whoever completes the route:
    Eric completes Billings - Denver; Ken (no dice) collects Cattle from his Ranch at Denver and
    Sarah (no dice) a Worker from each of her 2 Hotels at Billings; Eric has no Building and gets
    no Goods. The cards come off the stacks on the board."""
    buildings = {**ONE_EACH, "billings": "3:hotel 3:hotel", "denver": "4:ranch", "atlanta": "2:mine"}
    m = game({"board": {"s15": "2", "s16": "2"}, "buildings": buildings},
             force=shows("train", "coin", "coin", "coin", "coin"))
    events = play_all(m, "gather", "confirm", "place s17", "confirm")
    worker = "P3's Hotel produces a Worker card"
    assert texts(events, "goods") == ["P4's Ranch produces a Cattle card", worker, worker]
    assert m.state.seat(SARAH).goods == ("worker", "worker") and m.state.seat(KEN).goods == ("cattle",)
    assert m.state.seat(ERIC).goods == ()
    assert stack(m, "ranch") == ("cattle", 9) and stack(m, "hotel") == ("worker", 8)


def test_goods_a_city_on_two_groups_produces_in_both_deliveries():
    """[ruling.delivery-group] Billings is on both groups of the example: Ken's Ranch there
    produces in the r1 delivery and again in the r2 delivery (2 Cattle)."""
    m = delivery_example({"buildings": {"billings": "4:ranch"}}, force=["power p20", "power p17"])
    m.play("deliver r1")
    m.play("award P1")
    assert m.state.seat(KEN).goods == ("cattle", "cattle")


def goods_shortage() -> sandbox.Match:
    """[example.goods-shortage] Eric, Bryan, Sarah and Ken each own one Mine on the stations of
    Seattle - Los Angeles - Billings, whose last space Eric fills; the Mine's stack holds only 3
    Coal. Sarah holds 2 Workers (she may speculate when the Mine is upgraded)."""
    buildings = {**ONE_EACH, "seattle": "1:mine 2:mine", "los_angeles": "3:mine", "billings": "4:mine"}
    board = {"s1": "2", "s2": "2", "s3": "B", "s4": "B", "s5": "B", "s6": "B", "s7": "B"}
    spec = {"board": board, "buildings": buildings, "stacks": {"mine": ["coal", 3]},
            "players": {SARAH: {"goods": "worker worker"}}}
    m = game(spec, force=[*shows("train", "coin", "coin", "coin", "coin"), "power p10"])
    play_all(m, "gather", "confirm", "place s8", "confirm")  # Bryan's majority: p10 at Los Angeles
    return m


def test_example_goods_shortage_eric_gives_coal_to_all_but_ken():
    """[example.goods-shortage] [delivery.goods-depleted] [ruling.goods-shortage] 4 Mines, 3 Coal:
    the active player, Eric, decides who gets the cards; he gives them to himself, Bryan and
    Sarah, and Ken collects 1 VP instead (board - 1). The Coal stack is then empty."""
    m = goods_shortage()
    assert m.pending.kind == "goods" and m.pending.player == ERIC
    assert options(m) == {"award P1", "award P2", "award P3", "award P4"}
    vp_before, board_before = vps(m), m.state.vp_stack
    events = play_all(m, "award P1", "award P2", "award P3")
    assert [s.goods.count("coal") for s in m.state.seats] == [1, 1, 1, 0]
    assert texts(events, "goods-vp") == ["P4's Mine produces nothing (the Coal stack is out): +1 VP instead"]
    assert of(events, "goods-vp")[0].rule == "delivery.goods-depleted"
    assert vps(m)[KEN - 1] == vp_before[KEN - 1] + 1 and m.state.vp_stack == board_before - 1


def test_example_goods_shortage_then_the_mine_upgrades_at_the_end_of_the_turn():
    """[example.goods-shortage] [goods.depletion] the empty Coal stack stays empty for the rest of
    Eric's turn; at its end the Mine is upgraded to Silver (unused) and speculation follows."""
    m = goods_shortage()
    events = play_all(m, "award P1", "award P2", "award P3")
    assert stack(m, "mine") == ("silver", 10)
    assert [e.data["good"] for e in of(events, "upgrade")] == ["silver"]
    assert m.pending.kind == "speculate" and m.pending.players == (SARAH,)


def test_goods_depleted_stack_pays_one_vp_per_building():
    """[delivery.goods-depleted] a stack that is out (waiting for its upgrade) pays each Building's
    owner 1 VP instead: Ken's Ranch at Denver with no Cattle left gives Ken 1 VP."""
    m = game({"board": {"s15": "2", "s16": "2"}, "buildings": {"denver": "4:ranch"},
              "stacks": {"ranch": ["cattle", 0]}}, force=shows("train", "coin", "coin", "coin", "coin"))
    play_all(m, "gather", "confirm", "place s17", "confirm")
    assert m.state.seat(KEN).vp == 4 and m.state.seat(KEN).goods == ()


def test_example_mission_seattle_detroit_sarah_scores_without_dice():
    """[example.mission-seattle-detroit] [delivery.mission] [ruling.mission-connected]
    [object.profit] after the other scoring and payouts, Sarah reveals her Seattle-to-Detroit
    Mission although she has no Train on either route: Seattle and Detroit are joined through
    Billings by the two groups completed this turn (r2, full too, counts before it is
    delivered). The card lies face up; her score gains its
    7 VP, which do not come from the board (46 as without the Mission). [ruling.mission-reveal]
    [delivery.mission-forgotten] the engine scores it itself (never forgets): nobody is asked."""
    m = delivery_example({"players": {SARAH: {"power": ["p01"]}}}, force=["power p20", "power p17"])
    m.play("deliver r1")
    events = m.play("award P1")
    assert texts(events, "mission") == ["P3 reveals mission p01, Seattle to Detroit: 7 VP at the end"]
    kinds = [e.kind for e in events]
    second = [i for i, k in enumerate(kinds) if k == "deliver"][-1]  # r2's delivery begins here
    payouts = [i for i, k in enumerate(kinds[:second]) if k in ("bonus", "completion", "goods")]
    assert max(payouts) < kinds.index("mission") < second  # r1's Missions step: r2 is complete too
    assert m.state.seat(SARAH).missions == ("p01",) and m.state.seat(SARAH).power == ()
    assert m.state.seat(SARAH).vp == 3 and m.state.vp_stack == 46
    assert m.state.scores()[SARAH] == 3 + 7
    assert m.pending.kind == "gather" and m.pending.player == BRYAN


def test_missions_several_players_score_the_same_pair_at_once():
    """[ruling.missions] Sarah holds one Seattle - Detroit Mission and Ken the other: both score in
    the same step."""
    m = delivery_example({"players": {SARAH: {"power": ["p01"]}, KEN: {"power": ["p02"]}}},
                force=["power p20", "power p17"])
    m.play("deliver r1")
    m.play("award P1")
    assert m.state.seat(SARAH).missions == ("p01",) and m.state.seat(KEN).missions == ("p02",)


def test_missions_duplicate_scores_one_card_now_and_the_other_on_a_later_turn():
    """[delivery.mission-duplicate] [ruling.missions] Sarah holds both Seattle - Detroit Missions:
    she scores one this turn; the second waits, and scores when Bryan's later turn completes
    both routes again."""
    m = delivery_example({"players": {SARAH: {"power": ["p01", "p02"]}}}, force=["power p20", "power p17"])
    m.play("deliver r1")
    m.play("award P1")
    assert m.state.seat(SARAH).missions == ("p01",) and m.state.seat(SARAH).power == ("p02",)
    # Bryan's turn: both routes one space short again (Eric's, Sarah's and Ken's dice)
    again = {"s1": "1", "s3": "1", "s4": "1", "s5": "3", "s6": "3", "s7": "4", "s8": "4",
             "s9": "1", "s10": "3", "s11": "3", "s12": "4", "s13": "4"}
    board = position(Config.make(4), {"board": again}).board
    later = sandbox.Match.from_state(replace(m.state, board=board), seed=1,
                                     force=shows("train", "train", "coin", "coin", "coin"))
    assert later.pending.player == BRYAN
    play_all(later, "gather", "confirm", "place s2", "place s14", "confirm", "deliver r1")
    settle(later)
    while later.pending.kind in ("majority", "order"):
        later.play(later.legal_actions()[0])
    assert later.state.seat(SARAH).missions == ("p01", "p02")


def test_delivery_reclaim_returns_the_groups_dice_only():
    """[delivery.reclaim] [ruling.reclaim-scope] after each delivery its dice go back: player dice
    to their owners, white dice to the pool. Bryan's die on Billings - Denver (s15), a route at
    the same station, stays on the board."""
    m = delivery_example({"board": {**EXAMPLE_BOARD, "s15": "2"}}, force=["power p20", "power p17"])
    m.play("deliver r1")
    events = m.play("award P1")
    assert texts(events, "reclaim") == [
        f"The dice on the {R1} route go back to their owners; 4 bonus dice go to the pool",
        "The dice on the Billings – Detroit route go back to their owners; 3 bonus dice go to the pool"]
    assert all(space(m, f"s{i}") == "" for i in range(1, 15))
    assert space(m, "s15") == "2" and m.state.on_board(BRYAN) == 1 and m.state.on_board(ERIC) == 0

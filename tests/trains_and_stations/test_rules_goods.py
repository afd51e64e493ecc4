"""Rulebook order, part 6: Step 5, Goods Depletion & Upgrade (one upgrade per turn end, the chart
and its skipped levels, the Hotel's Silver or Food, an empty space when nothing is left) and
Upgrade Speculation (secret trades revealed together, the rulebook's example with Eric's 6
Cattle, the shortage the active player splits, Power cards traded as 2 Goods). Seats: Eric is P1
(the active player), Bryan P2, Sarah P3, Ken P4."""

from __future__ import annotations

import pytest

from tests.trains_and_stations.ts_rules import (
    BRYAN,
    ERIC,
    KEN,
    SARAH,
    SPECULATION,
    game,
    of,
    options,
    play_all,
    quiet_turn,
    refused,
    shortage,
    shows,
    speculation,
    stack,
    texts,
    vps,
)


def test_goods_no_upgrade_while_no_stack_is_depleted():
    """[goods.depletion] a stack with cards left is not upgraded (and not offered)."""
    m = game({"stacks": {"ranch": ["cattle", 1]}})
    events = quiet_turn(m)
    assert not of(events, "upgrade") and stack(m, "ranch") == ("cattle", 1)


def test_goods_depleted_stack_upgrades_at_the_end_of_the_turn():
    """[goods.depletion] [goods.upgrade] [ruling.upgrade-chart] the Ranch's Cattle are all taken:
    at the end of Eric's turn the chart's next good, Food, is stacked on the Ranch (10 cards)
    and Food is now in play."""
    m = game({"stacks": {"ranch": ["cattle", 0]}})
    events = quiet_turn(m)
    assert texts(events, "upgrade") == ["The Ranch's Cattle is out: 10 Food cards take its place"]
    assert stack(m, "ranch") == ("food", 10) and "food" in m.state.used


def test_goods_one_upgrade_per_turn_end_the_other_waits_for_the_next_player():
    """[goods.one-upgrade] [ruling.upgrade-order] the Ranch and the Hotel are both depleted: Eric
    chooses one (he takes the Hotel, to Silver); the Ranch waits, depleted, until the end of
    Bryan's turn, where it is upgraded (to Food)."""
    m = game({"stacks": {"ranch": ["cattle", 0], "hotel": ["worker", 0]}})
    quiet_turn(m, step5=False)
    assert m.pending.kind == "upgrade" and m.pending.player == ERIC
    assert options(m) == {"upgrade ranch food", "upgrade hotel silver", "upgrade hotel food"}
    refused(m, "upgrade mine silver", "goods.depletion")  # the Mine still has Coal
    m.play("upgrade hotel silver")
    assert stack(m, "hotel") == ("silver", 10) and stack(m, "ranch") == ("cattle", 0)
    assert m.pending.player == BRYAN
    events = quiet_turn(m)
    assert [e.data["building"] for e in of(events, "upgrade")] == ["ranch"]
    assert stack(m, "ranch") == ("food", 10)


def test_example_ranch_upgrade_skips_food_placed_on_the_hotel_to_gold():
    """[example.ranch-upgrade] [goods.skip-used] [ruling.upgrade-chart] all Cattle have been taken
    from the Ranch; the chart's next stack is Food, but Food is already on the Hotel, so the
    Gold stack (10) is placed on the Ranch instead; Food is untouched."""
    m = game({"stacks": {"ranch": ["cattle", 0], "hotel": ["food", 6]}})
    events = quiet_turn(m)
    assert texts(events, "upgrade") == ["The Ranch's Cattle is out: 10 Gold cards take its place"]
    assert stack(m, "ranch") == ("gold", 10) and stack(m, "hotel") == ("food", 6)
    assert m.state.used == ("cattle", "coal", "food", "gold", "worker")


def test_goods_hotel_choice_silver_or_food():
    """[goods.hotel-choice] the Hotel's Workers are out and Silver and Food are both unused: the
    active player chooses; Eric picks Food."""
    m = game({"stacks": {"hotel": ["worker", 0]}})
    quiet_turn(m, step5=False)
    assert m.pending.kind == "upgrade" and options(m) == {"upgrade hotel silver", "upgrade hotel food"}
    refused(m, "upgrade hotel gold", "goods.upgrade")
    events = m.play("upgrade hotel food")
    assert of(events, "upgrade")[0].rule == "goods.hotel-choice"
    assert stack(m, "hotel") == ("food", 10)


def test_goods_hotel_takes_the_other_middle_good_when_one_is_used():
    """[goods.hotel-choice] [ruling.upgrade-chart] with Food already on the Ranch, the Hotel's
    upgrade is Silver, with no choice to make."""
    m = game({"stacks": {"hotel": ["worker", 0], "ranch": ["food", 4]}})
    quiet_turn(m)
    assert stack(m, "hotel") == ("silver", 10)


@pytest.mark.parametrize("middle", ["food", "silver"])
def test_goods_hotel_after_its_middle_level_upgrades_to_gold(middle):
    """[goods.hotel-choice] "Once the Silver or Food on the Hotel is depleted, the Hotel upgrades to
    Gold, not to either Silver or Food", even with the other one unused."""
    m = game({"stacks": {"hotel": [middle, 0]}})
    quiet_turn(m)
    assert stack(m, "hotel") == ("gold", 10)


def test_goods_hotel_after_its_middle_level_with_gold_used_is_emptied():
    """[ruling.upgrade-chart] [goods.no-upgrade] after its middle level the Hotel takes Gold or
    nothing: with the Gold stack on the Mine, the Hotel's emptied Silver space stays empty (the
    unused Food is not offered)."""
    m = game({"stacks": {"hotel": ["silver", 0], "mine": ["gold", 4]}})
    quiet_turn(m)
    assert stack(m, "hotel") == ("", 0)


def test_goods_mine_chart_coal_silver_gold():
    """[ruling.upgrade-chart] the Mine's row (inferred): Coal, then Silver, then Gold."""
    m = game({"stacks": {"mine": ["coal", 0]}})
    quiet_turn(m)
    assert stack(m, "mine") == ("silver", 10)
    m = game({"stacks": {"mine": ["silver", 0]}})
    quiet_turn(m)
    assert stack(m, "mine") == ("gold", 10)


def test_goods_no_upgrade_left_empties_the_space_for_good():
    """[goods.no-upgrade] [ruling.empty-building] the Gold stack is on the Mine, so the Ranch's
    emptied Food stack has no upgrade left: the space stays empty, and Ken's Ranch at Denver
    produces nothing more, not even 1 VP, when Bryan completes Billings - Denver."""
    m = game({"stacks": {"ranch": ["food", 0], "mine": ["gold", 3]}, "buildings": {"denver": "4:ranch"},
              "board": {"s15": "1", "s16": "1"}})
    events = quiet_turn(m)
    assert of(events, "exhausted")[0].rule == "goods.no-upgrade"
    assert stack(m, "ranch") == ("", 0)
    m.force(*shows("train", "coin", "coin", "coin", "coin"))
    events = play_all(m, "gather", "confirm", "place s17", "confirm")
    assert texts(events, "goods-none") == ["P4's Ranch produces nothing: its goods space is empty for good"]
    assert m.state.seat(KEN).vp == 3 and m.state.seat(KEN).goods == ()


def test_goods_a_space_with_no_upgrade_left_is_emptied_without_using_the_upgrade():
    """[ruling.upgrade-order] [goods.no-upgrade] the Ranch's Cattle are out with Food and Gold both
    used, and the Mine's Coal is out: at the end of Eric's turn the Ranch's space is emptied for
    free and the Mine, the one upgradable stack, takes Silver; there is nothing to choose."""
    stacks = {"ranch": ["cattle", 0], "hotel": ["gold", 5], "mine": ["coal", 0]}
    m = game({"stacks": stacks, "used": ["food"]})
    quiet_turn(m, step5=False)
    assert m.pending.kind != "upgrade"
    assert stack(m, "ranch") == ("", 0) and stack(m, "mine") == ("silver", 10)


# --- Upgrade Speculation ---------------------------------------------------------------------------

ERIC_TRADE = "P1 commits trade cattle cattle cattle cattle worker worker"
BRYAN_TRADE = "P2 commits trade cattle coal"
SARAH_TRADE = "P3 commits trade coal coal worker worker"


def test_speculation_follows_the_new_stack_for_every_player_who_can_trade():
    """[speculation.secret] [ruling.speculation-secret] right after Food enters play every player
    with 2 or more Goods may trade, the active player included, all at once; trading nothing
    is allowed; an odd number of cards is refused, and trades are written in sorted order."""
    m, events = speculation()
    assert texts(events, "speculation") == [
        "Upgrade Speculation: P1, P2, P3 may trade goods 2 for 1 Food, in secret"]
    assert m.pending.kind == "speculate" and m.pending.players == (ERIC, BRYAN, SARAH)
    assert "P2 commits trade nothing" in options(m)
    refused(m, "P2 commits trade cattle", "speculation.secret")  # 1 card: odd
    refused(m, "P2 commits trade cattle coal coal", "speculation.secret")  # Bryan has 1 Coal
    refused(m, "P2 commits trade coal cattle", "notation")


def test_speculation_trades_are_revealed_together_once_all_have_chosen():
    """[speculation.secret] [speculation.reveal] the trades are secret until the last player has
    chosen: after Eric's and Bryan's commitments nothing has moved; Sarah's reveals all three
    at once, face up, and the traded cards leave the game (the box)."""
    m, _ = speculation()
    events = play_all(m, ERIC_TRADE, BRYAN_TRADE)
    assert not of(events, "reveal") and m.state.seat(ERIC).goods.count("cattle") == 6
    assert dict(m.view(SARAH).stack[-1].get("commitments")) == {ERIC: "?", BRYAN: "?"}
    assert m.pending.players == (SARAH,)
    events = m.play(SARAH_TRADE)
    assert [e.actor for e in of(events, "reveal")] == [ERIC, BRYAN, SARAH]
    assert texts(events, "reveal")[0] == (
        "P1 reveals a trade of cattle, cattle, cattle, cattle, worker, worker for 3 Food")


def test_example_speculation_eric_bryan_and_sarah():
    """[example.speculation] Eric 6 Cattle, Sarah 3, Bryan 1; Food has just been stacked on the
    Ranch. Eric trades 4 Cattle and 2 Workers (6 cards) for 3 Food; Bryan his Cattle and a Coal
    for 1 Food; Sarah keeps her Cattle and trades 2 Workers and 2 Coal for 2 Food. After: Bryan
    0 Cattle, Eric 2, Sarah 3 (Sarah leads); Food Eric 3, Sarah 2, Bryan 1; the Food stack 10 -
    6 = 4; 12 cards out of the game (5 Cattle, 4 Workers, 3 Coal); no shortage, no VP."""
    m, _ = speculation()
    board = m.state.vp_stack
    play_all(m, ERIC_TRADE, BRYAN_TRADE, SARAH_TRADE)
    eric, bryan, sarah = (m.state.seat(p) for p in (ERIC, BRYAN, SARAH))
    assert [s.goods.count("cattle") for s in (eric, sarah, bryan)] == [2, 3, 0]
    assert [s.goods.count("food") for s in (eric, sarah, bryan)] == [3, 2, 1]
    assert eric.goods == ("cattle", "cattle", "food", "food", "food")
    assert bryan.goods == ("food",)
    assert sarah.goods == ("cattle", "cattle", "cattle", "food", "food")
    assert stack(m, "ranch") == ("food", 4)
    assert m.state.box == ("cattle",) * 5 + ("coal",) * 3 + ("worker",) * 4
    assert vps(m) == [3, 3, 3] and m.state.vp_stack == board
    assert m.pending.kind == "gather" and m.pending.player == BRYAN


def test_power_card_traded_as_two_goods():
    """[power.speculation] a two-goods Power card may be turned in as 2 Goods cards: Bryan's p18
    (Cattle and Coal) and 8 Goods buy 5 Silver, and the card leaves the game."""
    m = shortage()
    assert m.state.seat(BRYAN).power == ()
    assert "p18" in m.state.box
    reveal = next(e for _, e in m.events() if e.kind == "reveal" and e.actor == BRYAN)
    assert reveal.data["gets"] == 5


def test_speculation_shortage_split_by_the_active_player_one_vp_per_two_traded():
    """[speculation.shortage] [ruling.speculation-shortage] 12 Silver asked for, 10 in the stack:
    Eric, the active player, hands out every card as he sees fit (6 to himself, 4 to Bryan,
    none to Sarah); each pair traded that brings no card pays 1 VP: Bryan +1, Sarah +1 (board
    - 2)."""
    m = shortage()
    assert stack(m, "mine") == ("silver", 10)
    assert m.pending.kind == "allot" and m.pending.player == ERIC
    assert options(m) == {"award P1", "award P2", "award P3"}
    board = m.state.vp_stack
    play_all(m, *["award P1"] * 6, *["award P2"] * 4)
    assert [m.state.seat(p).goods.count("silver") for p in (ERIC, BRYAN, SARAH)] == [6, 4, 0]
    assert stack(m, "mine") == ("silver", 0)
    assert vps(m) == [3, 4, 4] and m.state.vp_stack == board - 2


def test_speculation_shortage_a_player_given_all_asked_is_no_longer_eligible():
    """[speculation.shortage] once Eric has given himself his 6 Silver, only Bryan and Sarah may
    receive the next cards."""
    m = shortage()
    play_all(m, *["award P1"] * 6)
    assert options(m) == {"award P2", "award P3"}
    refused(m, "award P1", "speculation.shortage")


def test_speculation_depleting_the_new_stack_waits_for_the_next_turn_end():
    """[speculation.depleted] [ruling.speculation-depleted] Eric trades 20 Goods for all 10 Food:
    the Food stack is empty at once, but no second upgrade happens in his turn; at the end of
    Bryan's turn the Ranch is upgraded again (Food -> Gold)."""
    spec = {"players": {ERIC: {"goods": {"cattle": 10, "worker": 5, "coal": 5}}}}
    m, _ = speculation(spec)
    trade = "P1 commits trade " + " ".join(["cattle"] * 10 + ["coal"] * 5 + ["worker"] * 5)
    events = m.play(trade)
    assert stack(m, "ranch") == ("food", 0) and m.state.seat(ERIC).goods == ("food",) * 10
    assert not of(events, "upgrade")
    assert m.pending.kind == "gather" and m.pending.player == BRYAN
    events = quiet_turn(m)
    assert texts(events, "upgrade") == ["The Ranch's Food is out: 10 Gold cards take its place"]
    assert stack(m, "ranch") == ("gold", 10)


def test_speculation_trading_more_than_the_stack_holds_pays_vp_for_the_rest():
    """[ruling.speculation-secret] [speculation.shortage] Eric holds 22 Goods and trades them all
    for Food: the stack's 10 cards go to him and the eleventh pair pays 1 VP."""
    m = game({"players": {ERIC: {"goods": {"cattle": 10, "worker": 10, "coal": 2}}}}, players=3)
    quiet_turn(m, step5=False)
    m.play("upgrade ranch food")
    m.play("P1 commits trade " + " ".join(["cattle"] * 10 + ["coal"] * 2 + ["worker"] * 10))
    assert m.state.seat(ERIC).goods == ("food",) * 10 and m.state.seat(ERIC).vp == 3 + 1


def test_speculation_nobody_able_to_trade_means_no_speculation():
    """[speculation.secret] a player needs 2 Goods (or a two-goods Power card) to trade: with
    only Ken holding 1 Coal, the new Food stack opens no speculation."""
    m = game({"stacks": {"ranch": ["cattle", 0]}, "players": {KEN: {"goods": "coal"}}})
    events = quiet_turn(m, step5=False)
    assert not of(events, "speculation") and m.pending.kind == "gather"


def test_speculation_a_mission_is_refused_as_showing_no_goods():
    """[power.speculation] only a Power card that shows 2 Goods may be traded: Bryan's Mission p01
    (Seattle to Detroit), which he holds, is refused because a Mission shows no goods, not as
    "too few p01" (he has it)."""
    spec = {"players": {**SPECULATION["players"], BRYAN: {"goods": "cattle coal", "power": ["p01"]}}}
    m, _ = speculation(spec)
    assert "p01" in m.state.seat(BRYAN).power
    refused(m, "P2 commits trade cattle coal p01", "power.speculation")
    (why,) = m.explain("P2 commits trade cattle coal p01").violations
    assert why.message == ("p01 is the Seattle to Detroit Mission: a Mission shows no goods, so it cannot be "
                           "traded (only a Power card that shows 2 goods can, as 2 goods cards)")

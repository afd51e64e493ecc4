"""Rulebook order, part 2: Step 1, Gather Dice (five of eight dice, saved dice first, bonus dice:
optional, the minimum of five, the empty pool) and Reclaim Dice. Seats: Eric is P1 (the active
player), Bryan P2, Sarah P3, Ken P4."""

from __future__ import annotations

from tests.trains_and_stations.ts_rules import (
    game,
    of,
    options,
    quiet_turn,
    refused,
    settle,
    shows,
    space,
    stack,
    tray,
)

FOUR_ON_BOARD = {"s1": "1", "s2": "1", "s9": "1", "s15": "1"}
SIX_ON_BOARD = {**FOUR_ON_BOARD, "s18": "1", "s22": "1"}


def test_gather_five_of_eight_dice_when_none_are_on_the_board():
    """[gather.eight-dice] [gather.five] [ruling.gather] 8 dice, none on the board: exactly 5 are
    gathered (the other 3 are set aside) and rolled [roll.dice]."""
    m = game(force=shows("train", "coin", "coin", "hotel", "mine"))
    events = m.play("gather")
    assert of(events, "gather")[0].text == "P1 gathers 5 dice"
    assert len(of(events, "roll")) == 5
    assert tray(m) == ["train", "coin", "coin", "hotel", "mine"]


def test_gather_as_many_as_possible_with_four_or_more_on_the_board():
    """[gather.five] with 4 dice on the board, 4 are left and all 4 are gathered; with 3 on the
    board, 5 of the 5 left."""
    m = game({"board": FOUR_ON_BOARD})
    assert m.state.own_gathered(1) == 4
    m.force(*shows("coin", "coin", "coin", "coin"))
    assert of(m.play("gather"), "gather")[0].data["own"] == 4
    assert len(m.state.tray) == 4
    three = {k: v for k, v in FOUR_ON_BOARD.items() if k != "s15"}
    assert game({"board": three}).state.own_gathered(1) == 5


def test_gather_saved_dice_count_first():
    """[gather.saved] saved dice count first toward the 5: with 2 saved Hotels and 4 dice on the
    board, P1 gathers 4 dice, the 2 saved ones (d1, d2, still on Hotel) and 2 fresh ones."""
    m = game({"board": FOUR_ON_BOARD, "players": {1: {"saved": "hotel hotel"}}})
    events = m.play("gather")
    assert of(events, "gather")[0].text == "P1 gathers 4 dice (2 saved)"
    assert tray(m) == ["hotel", "hotel", "unrolled", "unrolled"]
    assert m.state.seat(1).saved == ()


def test_gather_bonus_dice_are_optional_with_five_own_dice():
    """[gather.bonus-dice] [ruling.bonus-dice-gather] with 5 own dice, rolling held bonus dice is
    optional: 0, 1 or 2 of 2 held; a third is refused. Bonus dice not rolled stay held for a
    later turn [resolve.bonus-return]."""
    m = game({"players": {1: {"bonus": 2}}})
    assert options(m) == {"gather", "gather 1", "gather 2"}
    refused(m, "gather 3", "gather.bonus-dice")
    m.force(*shows("coin", "coin", "coin", "coin", "coin", "coin"))
    m.play("gather 1")
    assert tray(m) == ["coin"] * 5 + ["bonus coin"]
    assert m.state.seat(1).bonus == 1
    settle(m)
    assert m.state.seat(1).bonus == 1 and m.state.pool == 8 + 1  # the rolled one is back in the pool


def test_gather_bonus_minimum_brings_the_roll_to_five_dice():
    """[gather.bonus-minimum] [ruling.bonus-dice-gather] with 6 dice on the board P1 has 2 of
    their own, so must roll at least 3 of their 4 bonus dice (5 in all); more is allowed."""
    m = game({"board": SIX_ON_BOARD, "players": {1: {"bonus": 4}}})
    assert m.state.own_gathered(1) == 2
    assert options(m) == {"gather 3", "gather 4", "reclaim"}
    refused(m, "gather 2", "gather.bonus-minimum")
    refused(m, "gather", "gather.bonus-minimum")


def test_gather_bonus_minimum_with_too_few_bonus_dice_rolls_them_all():
    """[gather.bonus-minimum] 2 own dice and 1 bonus die held: the one bonus die must be rolled
    (3 dice in all, as many as there are)."""
    m = game({"board": SIX_ON_BOARD, "players": {1: {"bonus": 1}}})
    assert options(m) == {"gather 1", "reclaim"}


def test_gather_empty_pool_rolls_all_bonus_dice():
    """[gather.bonus-empty-pool] [ruling.bonus-dice-gather] P1 holds 3 and Bryan 7 bonus dice: the
    pool is empty at the start of P1's turn, so P1 must roll all 3 (8 dice in all)."""
    m = game({"players": {1: {"bonus": 3}, 2: {"bonus": 7}}})
    assert m.state.pool == 0
    assert options(m) == {"gather 3"}
    refused(m, "gather", "gather.bonus-empty-pool")
    refused(m, "gather 2", "gather.bonus-empty-pool")
    m.force(*shows(*["coin"] * 8))
    m.play("gather 3")
    assert len(m.state.tray) == 8 and m.state.seat(1).bonus == 0


def test_gather_reclaim_needs_five_dice_on_the_board():
    """[gather.reclaim] reclaiming is allowed with 5 or more of the player's dice on the board:
    refused with 4."""
    m = game({"board": FOUR_ON_BOARD})
    refused(m, "reclaim", "gather.reclaim")
    m = game({"board": {**FOUR_ON_BOARD, "s18": "1"}})
    assert options(m) == {"gather", "reclaim"}


def test_gather_reclaim_takes_only_own_dice_and_skips_to_the_end_of_the_turn():
    """[gather.reclaim] [ruling.reclaim-turn] P1 reclaims every die of their colour (5, one of them
    Locked); the white die and Bryan's die stay; saved dice stay saved and held bonus dice stay
    held; no die is rolled, and the turn passes to P2."""
    board = {"s1": "1", "s2": "1L", "s3": "B", "s9": "1", "s15": "1", "s18": "1", "s22": "2"}
    m = game({"board": board, "players": {1: {"saved": "coin", "bonus": 1}}})
    events = m.play("reclaim")
    assert of(events, "reclaim")[0].text == "P1 reclaims 5 dice from the board and ends the turn"
    assert not of(events, "roll") and not of(events, "gather")
    assert m.state.on_board(1) == 0
    assert space(m, "s3") == "B" and space(m, "s22") == "2"
    assert m.state.seat(1).saved == ("coin",) and m.state.seat(1).bonus == 1
    assert m.pending.kind == "gather" and m.pending.player == 2


def test_gather_reclaim_turn_still_ends_with_step_5():
    """[ruling.reclaim-turn] [goods.depletion] a reclaim skips Steps 2-4 but the end of the turn
    still upgrades a depleted stack (the Ranch's Cattle, to Food)."""
    board = {"s1": "1", "s2": "1", "s9": "1", "s15": "1", "s18": "1"}
    m = game({"board": board, "stacks": {"ranch": ["cattle", 0]}})
    events = m.play("reclaim")
    assert [e.rule for e in of(events, "upgrade")] == ["goods.upgrade"]
    assert stack(m, "ranch") == ("food", 10)


def test_gather_with_all_eight_dice_on_the_board_may_play_on():
    """[ruling.gather] with all 8 dice on the board and no bonus dice, P1 may still decline to
    reclaim: nothing is rolled, Steps 2-4 do nothing, and the turn passes."""
    board = {"s1": "1", "s2": "1", "s9": "1", "s15": "1", "s18": "1", "s22": "1", "s27": "1", "s30": "1"}
    m = game({"board": board})
    assert options(m) == {"gather", "reclaim"}
    events = m.play("gather")
    assert of(events, "gather")[0].text == "P1 gathers 0 dice"
    assert not of(events, "roll")
    assert m.pending.player == 2 and m.state.on_board(1) == 8


def test_gather_set_aside_dice_stay_available_for_the_next_turn():
    """[gather.five] [ruling.unused-dice] the 3 dice set aside are not lost: after a turn of Coins
    (nothing placed) P1 again gathers 5 of 8."""
    m = game(players=3)
    quiet_turn(m)
    quiet_turn(m)
    quiet_turn(m)
    assert m.state.current == 1 and m.state.own_gathered(1) == 5 and m.state.on_board(1) == 0

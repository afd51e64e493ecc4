"""Rulebook order, part 1: the introduction, the components, Setup and Preparing to Play (VP
stacks per player count, coins, goods, the power card deal, the Conductor), and whose turn it is.
Seats: Eric is P1 (the Conductor), Bryan P2, Sarah P3, Ken P4."""

from __future__ import annotations

from collections import Counter

import pytest

import sandbox
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations.actions import Keep
from tests.trains_and_stations.ts_rules import GAME, game, options, play_all, quiet_turn, refused, shows


def test_intro_players_three_to_five():
    """[intro.players] 3-5 Rail Barons: 2 or 6 players are refused with a message."""
    for n in (3, 4, 5):
        assert len(sandbox.new_game(GAME, players=n, seed=1).state.seats) == n
    for n in (2, 6):
        with pytest.raises(ValueError, match="3-5 players"):
            sandbox.new_game(GAME, players=n, seed=1)


def test_components_vp_cards_make_80_vp():
    """[components.cards] 40 VP cards, 30 x 1VP and 10 x 5VP: 80 VP; 20 Power cards; 60 Goods
    cards, 10 of each of 6 types."""
    assert 30 * 1 + 10 * 5 == data.VP_TOTAL[5] == 80
    assert len(data.POWER_CARDS) == 20
    assert {g: 10 for g in ("cattle", "worker", "coal", "food", "silver", "gold")} == data.GOODS_EACH


@pytest.mark.parametrize("players, total, board", [(3, 60, 51), (4, 70, 58), (5, 80, 65)])
def test_setup_vp_stacks_per_player_count_less_three_each(players, total, board):
    """[setup.vp-stacks] 5 players use all 80 VP, 4 remove two 5-VP cards (70), 3 remove four (60);
    [setup.coins-vp] [ruling.setup-vp] each player takes 3 Coins and three 1-VP cards from the
    board, so the board starts with 65 / 58 / 51 VP."""
    assert data.VP_TOTAL[players] == total
    s = sandbox.new_game(GAME, players=players, seed=2).state
    assert s.vp_stack == board == total - 3 * players
    assert [seat.vp for seat in s.seats] == [3] * players
    assert [seat.coins for seat in s.seats] == [3] * players


def test_setup_coins_three_each_from_25():
    """[components.coins] [setup.coins-vp] 25 Coin tokens, 3 to each player; the bank is never
    short: 5 players at the 5-Coin limit hold 25 [ruling.coin-limit]."""
    assert data.NUMBER["coin_tokens"] == 25 == 5 * data.NUMBER["max_coins"]
    assert data.NUMBER["start_coins"] == 3
    s = sandbox.new_game(GAME, players=5, seed=1).state
    assert sum(seat.coins for seat in s.seats) == 15  # the bank keeps 10


def test_setup_goods_on_their_buildings_and_an_empty_board():
    """[setup.board] [setup.goods] Cattle on the Ranch space, Workers on the Hotel, Coal on the
    Mine, 10 each; Food, Silver and Gold beside the board (not in play); no die or Building on
    the board yet."""
    s = sandbox.new_game(GAME, players=3, seed=1).state
    assert dict(zip(("ranch", "mine", "hotel"), s.stacks)) == {
        "ranch": ("cattle", 10), "mine": ("coal", 10), "hotel": ("worker", 10)}
    assert s.used == ("cattle", "coal", "worker")
    assert s.board == ("",) * len(data.SPACES) and all(b == () for b in s.buildings)
    assert len(data.CITIES) == 9


def test_setup_dice_eight_each_and_ten_white_dice_in_the_pool():
    """[setup.dice] [components.dice] [gather.eight-dice] 8 dice per player, none on the board, so
    5 are gathered; the 10 white bonus dice are in the common pool, held by nobody.
    [components.buildings] 3 Ranches, 3 Mines and 3 Hotels in each supply."""
    s = sandbox.new_game(GAME, players=5, seed=1).state
    assert s.pool == 10 and [seat.bonus for seat in s.seats] == [0] * 5
    assert all(seat.supply == (3, 3, 3) for seat in s.seats)
    assert [s.on_board(p) for p in range(1, 6)] == [0] * 5
    assert s.own_gathered(1) == 5


def deal(players: int) -> sandbox.Match:
    """A match whose deal is forced: P1 p01 p11 p05, P2 p02 p12 p06, P3 p03 p13 p07, ..."""
    hands = [(f"p{p:02d}", f"p{p + 10:02d}", f"p{p + 4:02d}") for p in range(1, players + 1)]
    m = sandbox.new_game(GAME, players=players, seed=1, auto_chance=False)
    for hand in hands:
        for card in hand:
            m.play(f"power {card}")
    return m


def test_setup_power_deal_three_each_keep_two_return_one():
    """[setup.power-deal] [ruling.power-setup] 3 Power cards dealt face down to each player (chance),
    each keeps 2 of the 3: the three pairs are the only choices; the third card goes back to
    the stack [setup.power-stack]."""
    m = deal(3)
    assert m.state.seat(1).power == ("p01", "p05", "p11")
    assert m.pending.kind == "keep" and m.pending.player == 1 and m.pending.rule == "setup.power-deal"
    assert options(m) == {"keep p01 p05", "keep p01 p11", "keep p05 p11"}
    refused(m, "keep p01 p02", "setup.power-deal")  # p02 was dealt to P2
    refused(m, "keep p01", "setup.power-deal")  # two, not one
    m.play("keep p01 p11")
    assert m.state.seat(1).power == ("p01", "p11") and "p05" in m.state.power_deck
    m.play("keep p02 p12")
    m.play("keep p03 p13")
    assert [s.power for s in m.state.seats] == [("p01", "p11"), ("p02", "p12"), ("p03", "p13")]


@pytest.mark.parametrize("players, left", [(3, 14), (4, 12), (5, 10)])
def test_setup_power_stack_holds_the_undealt_and_returned_cards(players, left):
    """[setup.power-stack] the remaining Power cards (undealt and returned) form the face-down
    stack: 20 - 2 per player, 14 / 12 / 10 cards at 3 / 4 / 5 players."""
    m = sandbox.new_game(GAME, players=players, seed=4)
    for _ in range(players):
        m.play(m.legal_actions()[0])
    s = m.state
    assert len(s.power_deck) == left
    held = Counter(c for seat in s.seats for c in seat.power)
    assert sum(held.values()) == 2 * players
    assert held + Counter(s.power_deck) == Counter(c.id for c in data.POWER_CARDS)


def test_setup_conductor_takes_the_first_turn_then_play_passes_seat_by_seat():
    """[setup.conductor] [ruling.conductor] [components.hat] P1 is the Conductor and takes the first
    turn; [turn.order] when a turn is finished play passes to the next player, P3 back to P1."""
    m = sandbox.new_game(GAME, players=3, seed=1)
    events = []
    for _ in range(3):
        events += m.play(m.legal_actions()[0])
    start = [e for e in events if e.kind == "start"]
    assert [e.rule for e in start] == ["setup.conductor"]
    assert m.pending.kind == "gather" and m.pending.player == 1 and m.state.turn == 1
    seen = []
    for _ in range(4):
        seen.append((m.state.turn, m.state.current))
        quiet_turn(m)
    assert seen == [(1, 1), (2, 2), (3, 3), (4, 1)]


def test_setup_keep_is_a_choice_of_two_cards_sorted():
    """[setup.power-deal] a Keep names two cards of the hand, in sorted order (notation)."""
    m = deal(4)
    assert Keep(("p01", "p11")) in m.legal_actions()
    assert m.state.parse("keep p11 p01") == Keep(("p01", "p11"))


def test_turn_runs_steps_1_to_5_in_order():
    """[ruling.missing-overview] [turn.overview] [turn.order] a turn is Steps 1 to 5 in order: Eric
    gathers and rolls (Train, 3 Ranches, Coin), places the Train (completing Billings - Denver),
    erects a Ranch at Denver, cashes the Coin, then the delivery scores (his new Ranch takes the
    last Cattle) and Step 5 upgrades the emptied Ranch stack to Food, all before Bryan's turn."""
    m = game({"board": {"s15": "2", "s16": "2"}, "stacks": {"ranch": ["cattle", 1]}},
             force=shows("train", "ranch", "ranch", "ranch", "coin"))
    events = play_all(m, "gather", "confirm", "place s17", "build ranch denver", "confirm")
    kinds = [e.kind for e in events]
    order = ["gather", "roll", "place", "erect", "coins", "deliver", "completion", "goods", "reclaim",
             "upgrade"]
    assert [kinds.index(k) for k in order] == sorted(kinds.index(k) for k in order)
    assert m.state.seat(1).goods == ("cattle",) and m.state.stacks[0] == ("food", 10)
    assert m.pending.kind == "gather" and m.pending.player == 2

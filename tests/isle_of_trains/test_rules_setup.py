"""Rulebook order, part 1: Components and Setup (steps 1-7), and who starts."""

from __future__ import annotations

from collections import Counter

import pytest

import sandbox
from sandbox.isle_of_trains import components as data
from tests.isle_of_trains.iot_rules import assert_conserved, game, of

TILES = ["tile 6", "tile 3", "tile 1", "tile 2", "tile 5", "tile 4"]
HANDS_2P = ["draw T1", "draw K3", "draw K10", "draw K7", "draw K6",
            "draw SOUTH", "draw T1", "draw X2", "draw T3", "draw E1",
            "draw C3", "draw MIDDLE", "draw H1",
            "passenger BI", "passenger AL", "passenger FB", "passenger CM"]


@pytest.mark.parametrize("players, islands", [(2, 6), (3, 6), (4, 7)])
def test_setup_islands_six_or_seven_with_four_players(players, islands):
    """[setup.islands] 6 island cards, or 7 in a 4 player game (the Research Station), primary
    contract face up (on the table, held by nobody)."""
    m = sandbox.new_game("isle_of_trains", players=players, seed=3)
    assert len(m.state.islands) == islands
    assert ("Research Station" in m.state.islands) == (players == 4)
    assert all(not pl.islands for pl in m.state.players)


def test_setup_tickets_one_random_tile_under_each_destination():
    """[setup.tickets] the 6 ticket tiles are shuffled, one under each destination tile: six
    chance decisions, each tile once, uniform odds among those left."""
    m = sandbox.new_game("isle_of_trains", players=2, seed=1, auto_chance=False)
    p = m.pending
    assert p.is_chance and p.kind == "tile" and p.rule == "setup.tickets"
    assert p.prompt == "Place a ticket tile under Alpine Lodge"
    assert [a.notation for a in p.options] == [f"tile {i}" for i in range(1, 7)]
    assert p.chances == pytest.approx([1 / 6] * 6)
    m.play("tile 6")
    assert [a.notation for a in m.pending.options] == [f"tile {i}" for i in range(1, 6)]
    assert [v.rule for v in m.explain("tile 6").violations] == ["setup.tickets"]
    for t in TILES[1:]:
        m.play(t)
    assert [(t.destination, t.tile) for t in m.state.tickets] == [
        ("AL", 6), ("BI", 3), ("CE", 1), ("CM", 2), ("DC", 5), ("FB", 4)]
    assert all(t.filled == () for t in m.state.tickets)


def test_setup_progress_train_at_the_start_of_the_track():
    """[setup.progress] the progress train starts beside the track (space 0), held by nobody; the
    end space depends on the player count (2: 4, 3: 5, 4: 6)."""
    for players, end in ((2, 4), (3, 5), (4, 6)):
        m = sandbox.new_game("isle_of_trains", players=players, seed=2)
        assert m.state.progress == 0 and m.state.end_space == end
        assert not any(pl.progress_train for pl in m.state.players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_engines_one_level_1_engine_each_rest_in_the_deck(players):
    """[setup.engines] each player gets a Level 1 Engine; the unused Level 1 Engines (4 - n) go
    back into the deck. Every one of the 71 cards is somewhere [setup.deal]."""
    m = sandbox.new_game("isle_of_trains", players=players, seed=5)
    s = m.state
    assert all([c.card for c in pl.train] == ["E1"] for pl in s.players)
    loose = Counter(s.deck) + Counter(s.display) + sum((Counter(pl.hand) for pl in s.players), Counter())
    assert loose["E1"] == 4 - players
    assert sum(loose.values()) == 71 - players
    assert_conserved(s)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deal_five_cards_each_and_a_three_card_display(players):
    """[setup.deal] 5 cards to each player, then 3 face up as the display: the deck keeps
    71 - n - 5n - 3 cards; the discard pile is empty."""
    m = sandbox.new_game("isle_of_trains", players=players, seed=9)
    s = m.state
    assert [len(pl.hand) for pl in s.players] == [5] * players
    assert len(s.display) == 3 and all(s.display)
    assert len(s.deck) == 71 - players - 5 * players - 3 and s.discard == ()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_passengers_two_each_from_the_bag(players):
    """[setup.passengers] 2 random passengers from the bag to each player's supply: the bag keeps
    18 - 2n."""
    m = sandbox.new_game("isle_of_trains", players=players, seed=4)
    s = m.state
    assert [len(pl.supply) for pl in s.players] == [2] * players
    assert len(s.bag) == 18 - 2 * players
    assert all(not c.loads for pl in s.players for c in pl.train)


def test_setup_forced_deal_order_and_events():
    """[setup.tickets] [setup.deal] [setup.passengers] the setup chance decisions run in the
    rulebook's order: tiles, 5 cards to P1 then P2, 3 display cards, 2 passengers to P1 then P2;
    each event cites its setup step. Then P1 starts [ruling.first-player]."""
    m = sandbox.new_game("isle_of_trains", players=2, seed=1, force=[*TILES, *HANDS_2P])
    s = m.state
    assert s.player(1).hand == tuple(sorted(["T1", "K3", "K10", "K7", "K6"]))
    assert s.player(2).hand == tuple(sorted(["SOUTH", "T1", "X2", "T3", "E1"]))
    assert s.display == ("C3", "MIDDLE", "H1")
    assert s.player(1).supply == ("AL", "BI") and s.player(2).supply == ("CM", "FB")
    events = [e for n in m.history for e in n.events]
    assert {e.rule for e in of(events, "draw")} == {"setup.deal"}
    assert {e.rule for e in of(events, "display")} == {"setup.deal"}
    assert {e.rule for e in of(events, "passenger")} == {"setup.passengers"}
    assert of(events, "start")[0].rule == "ruling.first-player"
    assert m.pending.player == 1 and m.pending.prompt == "P1: Action 1 of 2"
    assert s.turn == 1 and s.current == 1 and s.actions_left == 2


def test_setup_vp_tokens_unlimited_counted_per_player():
    """[setup.vp-tokens] [components.vp-tokens] [ruling.vp-tokens] players start with no VP
    tokens; tokens are a number per player with no limit: 500 tokens plus a Level 3 Coach's
    3 more make 503."""
    m = sandbox.new_game("isle_of_trains", players=3, seed=1)
    assert [pl.tokens for pl in m.state.players] == [0, 0, 0]
    m = game({"players": {1: {"hand": "E1 T1", "supply": "AL", "tokens": 500},
                          2: {"train": ["E1", "C3"]}}}, force=["draw H1", "draw H1", "draw X1"])
    m.play("load AL P2.2")
    assert m.state.player(1).tokens == 503


def test_setup_component_counts():
    """[setup.deal] [setup.passengers] [setup.tickets] [setup.islands] the components the setup
    uses: 71 train cards, 18 passengers (3 per destination), 6 ticket tiles, 7 island cards."""
    assert len(data.deck()) == 71
    assert Counter(data.passengers()) == {d.name: 3 for d in data.destinations()}
    assert len(data.ticket_tiles()) == 6 and len(data.all_islands()) == 7

"""Rulebook order, part 1: Game Setup per player count (the round deck, the End Game Bonus card,
the supply, objectives, starting tiles, the Map Tiles revealed and the snake pick), and the first
round's preparation."""

from __future__ import annotations

from collections import Counter

import pytest

import sandbox
from sandbox.core.pending import CHANCE
from sandbox.traintopia.actions import BONUSES, Reveal
from sandbox.traintopia.components import BONUS_TILES, MAP_TILES, OBJECTIVES, ROUND_CARDS, START_TILES, SUPPLY
from sandbox.traintopia.model import HIDDEN, MONEY_TOKENS
from tests.traintopia.tt_rules import GAME, at, refused


def _to_first_pick(players: int, seed: int = 1) -> sandbox.Match:
    return sandbox.new_game(GAME, players=players, seed=seed)


def _setup_done(players: int, seed: int = 1) -> sandbox.Match:
    """Every pick taken (the first tile offered) and every tile laid (the first placement)."""
    m = _to_first_pick(players, seed)
    while m.state.phase == "setup":
        m.play(m.legal_actions()[0])
    return m


@pytest.mark.parametrize("players, deck", [(2, 8), (3, 9), (4, 8)])
def test_setup_round_deck_eight_at_two_and_four_nine_at_three(players, deck):
    """[setup.round-deck] 9 round cards with 3 players, 8 with 2 or 4: the 9th goes back to the
    box face down, an event nobody may read [ruling.hidden]; the round deck is hidden in every
    view."""
    m = sandbox.new_game(GAME, players=players, seed=3)
    s = m.state
    assert len(s.rounds) == deck and len(ROUND_CARDS) == 9
    boxes = [e for _, e in m.events() if e.kind == "box"]
    assert len(boxes) == (players != 3)
    if boxes:
        box = boxes[0]
        assert box.rule == "setup.round-deck"
        boxed = box.data["card"]
        assert boxed not in s.rounds and boxed in ROUND_CARDS
        for viewer in range(1, players + 1):  # nobody reads the card
            assert box.text_for(viewer) == "A round card goes back to the box unseen"
    assert set(s.view(1).rounds.cards()) == {HIDDEN} and len(s.view(1).rounds) == deck


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_reveals_two_map_tiles_per_player_from_the_face_down_stack(players):
    """[setup.pick] 4 Map Tiles with 2 players, 6 with 3, 8 with 4, face up in the middle, from
    [setup.map-tiles] the shuffled face-down stack of 50; [setup.bonus-tiles] all 10 Bonus Tiles
    face up."""
    s = _to_first_pick(players).state
    assert len(s.offer) == 2 * players and all(t in MAP_TILES for t in s.offer)
    assert len(s.tiles) == 50 - 2 * players
    assert not set(s.offer) & set(s.tiles.cards())
    assert s.bonus_tiles == tuple(BONUS_TILES) and len(BONUS_TILES) == 10
    seeds = {tuple(_to_first_pick(players, seed).state.offer) for seed in range(1, 6)}
    assert len(seeds) > 1  # shuffled


@pytest.mark.parametrize("players, order", [(2, [2, 1, 1, 2]), (3, [3, 2, 1, 1, 2, 3]),
                                            (4, [4, 3, 2, 1, 1, 2, 3, 4])])
def test_setup_pick_order_counter_clockwise_from_the_last_then_clockwise(players, order):
    """[setup.pick] beginning with the last player, counter-clockwise, everyone takes one face-up
    tile; then clockwise from the Starting Player [ruling.conductor] (P1), another; then
    [ruling.setup-order] everyone lays their two tiles, P1 first, in the order they choose."""
    m = _to_first_pick(players)
    seen = []
    while m.pending.kind == "pick":
        assert m.pending.rule == "setup.pick"
        seen.append(m.pending.player)
        m.play(m.legal_actions()[0])
    assert seen == order
    assert all(len(s.held) == 2 for s in m.state.seats) and not m.state.offer
    layers = []
    while m.state.phase == "setup":
        assert m.pending.kind == "lay"
        layers.append(m.pending.player)
        lays = m.legal_actions()
        assert {a.tile for a in lays} == set(m.state.seat(m.pending.player).held) or len(layers) % 2 == 0
        m.play(lays[0])
    assert layers == [p for p in range(1, players + 1) for _ in range(2)]
    assert all(len(s.network.tiles) == 3 and not s.held for s in m.state.seats)


def test_setup_pick_only_a_face_up_tile():
    """[setup.pick] a pick is one of the face-up Map Tiles; nothing else can be done now."""
    m = _to_first_pick(3)
    s = m.state
    hidden = next(t for t in MAP_TILES if t not in s.offer)
    refused(s, f"take {hidden}", "draft.turn")
    refused(s, "lay M01 0,2 r0", "setup.pick")
    refused(s, "buy B01", "money.actions")


def test_setup_starting_tiles_dealt_at_random():
    """[setup.starting-tile] each player gets a random starting tile, face up at 0,0, the unused
    ones back in the box: chance deals one of the four, each 1/4, and seeds differ."""
    m = sandbox.new_game(GAME, players=3, seed=1, auto_chance=False)
    p = m.pending
    assert p.player == CHANCE and p.kind == "deal-start" and p.rule == "setup.starting-tile"
    assert sorted(a.item for a in p.options) == sorted(START_TILES)
    assert all(abs(w - 0.25) < 1e-9 for w in p.chances)
    m.play("reveal S3")
    assert m.state.seat(1).network.tiles[0].tile == "S3"
    assert sorted(a.item for a in m.pending.options) == ["S1", "S2", "S4"]
    deals = {tuple(s.network.tiles[0].tile for s in _to_first_pick(4, seed).state.seats) for seed in range(8)}
    assert len(deals) > 1
    assert all(sorted(d) == sorted(START_TILES) for d in deals)  # 4 players: all four dealt
    three = _to_first_pick(3, 2).state
    assert len({s.network.tiles[0].tile for s in three.seats}) == 3 and len(three.starts) == 1


def test_setup_objectives_dealt_face_down_one_each():
    """[setup.objective] one objective card each, secret: a player sees their own, not the
    others' [ruling.hidden]; the deck is face down."""
    m = _to_first_pick(3)
    s = m.state
    cards = [seat.objective for seat in s.seats]
    assert len(set(cards)) == 3 and all(c in OBJECTIVES for c in cards)
    assert len(s.objectives) == len(OBJECTIVES) - 3
    for viewer in (1, 2, 3):
        view = s.view(viewer)
        assert [seat.objective for seat in view.seats] == [c if p == viewer else HIDDEN
                                                          for p, c in enumerate(cards, 1)]
    deals = [(k, e) for k, e in m.events() if e.kind == "objective"]
    assert len(deals) == 3 and all(e.rule == "setup.objective" for _, e in deals)
    assert deals[0][1].text_for(2) == "P1 is dealt an objective card, face down"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_end_game_bonus_card_and_supply(players):
    """[setup.end-bonus] the End Game Bonus card holds the Railway Inspector, the Railhead, one
    Train and one Mailbag; [setup.supply] the supply keeps the other Tourists, Trains and
    Mailbags (one Train and one Mailbag fewer), [components.money] the 24 Money Tokens (less
    those covering symbols on the starting tiles) and the 15 Commuters in the bag."""
    s = _to_first_pick(players).state
    assert s.bonuses == BONUSES == ("inspector", "railhead", "train", "mailbag")
    assert dict(s.supply) == {"tourist": SUPPLY["tourist"], "train": SUPPLY["train"] - 1,
                              "mailbag": SUPPLY["mailbag"] - 1}
    on_tiles = sum(len(seat.money) for seat in s.seats)
    assert s.money_left + on_tiles == MONEY_TOKENS == 24
    assert Counter(c for c, _ in s.bag.outcomes()) == Counter({"grey": 1, "yellow": 1, "green": 1})
    assert len(s.bag) == 15


def test_setup_conductor_is_the_first_starting_player():
    """[setup.starting-player] [ruling.conductor] P1 holds the Conductor card and the Commuter
    bag: P1 starts round 1; [round.preparation] P1 draws the round card, its elements (a
    Commuter drawn from the bag [round.commuter]) and Map Tiles go to the middle."""
    m = _setup_done(3)
    s = m.state
    assert s.phase == "round" and s.round == 1 and s.starter == 1 and s.current == 1
    assert m.pending.player == 1 and m.pending.kind == "turn"
    card = ROUND_CARDS[s.card]
    elements = [i for i in s.offer if i not in MAP_TILES]
    assert sorted(e.split(".")[0] for e in elements) == sorted(card.elements)
    assert len(s.offer) - len(elements) == card.tiles_for(3)
    rounds = [e for _, e in m.events() if e.kind == "round"]
    assert rounds[-1].rule == "round.preparation"
    commuters = [e for _, e in m.events() if e.kind == "commuter"]
    assert len(commuters) == card.count("commuter")
    assert all(e.rule == "round.commuter" for e in commuters)


def test_round_preparation_commuter_drawn_from_the_bag():
    """[round.commuter] a random Commuter from the bag for the card's Commuter space: the bag's
    colours by their counts, and the drawn Commuter leaves the bag."""
    m = sandbox.new_game(GAME, players=2, seed=1, auto_chance=False)
    while m.pending.player != CHANCE or m.pending.kind != "round-card":
        m.play(m.legal_actions()[0])
    m.play("reveal R2")  # two Commuters
    assert m.pending.kind == "commuter" and m.pending.rule == "round.commuter"
    assert sorted(a.item for a in m.pending.options) == ["commuter.green", "commuter.grey", "commuter.yellow"]
    before = len(m.state.bag)
    m.play("reveal commuter.green")
    m.play("reveal commuter.green")
    assert len(m.state.bag) == before - 2
    assert m.state.offer.count("commuter.green") == 2
    assert dict(m.state.bag.outcomes())["green"] == pytest.approx(3 / 13)
    assert Reveal("commuter.green") in m.pending.options or m.pending.kind == "reveal-tile"


def test_position_starts_at_a_draft_turn():
    """[draft.turn] [draft.order] a written position opens on the starting player's draft:
    take one tile or element from the middle, then pass clockwise."""
    s = at({"offer": ["M12", "tourist", "train"], "starter": 2}, players=3)
    assert s.pending.player == 2 and s.pending.kind == "turn"
    s, _ = s.apply("take tourist")
    s, _ = s.apply("put tourist t0r0")
    assert s.pending.player == 3 and s.pending.kind == "turn"

"""Rulebook order, part 3: Wooden Elements (Commuters, Tourists, Mailbags and Trains, the 1-VP
discard) and Money Tokens (covering symbols, buying a bonus tile, changing a Commuter's colour,
drawing an objective), with exact points.

The commuter network: P1's starting tile S4 at 0,0 (station 0,0, its rail through the mixed
district 0,1 and the money symbol 1,1, out downwards) and M08 at 1,2 (its rail down through two
grey districts 1,2 and 1,3): grey and mixed along the track 3, yellow 1, green 1."""

from __future__ import annotations

import dataclasses
import random

import pytest

from sandbox.core.chance import Pile
from sandbox.traintopia.model import MONEY_TOKENS, landmarks
from sandbox.traintopia.state import State
from tests.traintopia.tt_rules import at, legal, of, options, play, refused, seat_spec

COMMUTE = ("S4", 0, 0, 0), ("M08", 1, 2, 0)
RICH = (*COMMUTE, ("M34", 2, 0, 0))  # M34 adds two money symbols, at 2,0 and 3,1


def _put(piece: str, *tiles, pieces=(), offer=(), players=2, **more) -> State:
    """P1 has drafted `piece` and is to put it on a track."""
    spec = {"players": {1: seat_spec(*(tiles or COMMUTE), pieces=pieces, **more)},
            "offer": [piece, "tourist", *offer]}
    state, _ = at(spec, players=players).apply(f"take {piece}")
    assert state.pending.kind == "put" and state.pending.rule == "elements.place"
    return state


@pytest.mark.parametrize("colour, vp", [("grey", 3), ("yellow", 1), ("green", 1)])
def test_elements_commuter_scores_its_colour_and_mixed_along_the_track(colour, vp):
    """[elements.place] a drafted Commuter goes on a track at once; [elements.commuter] it scores
    1 VP for each district of its colour along the track, [elements.mixed] and each mixed one:
    grey 2 + mixed 1 = 3; yellow and green only the mixed one. [ruling.districts-along] the
    cells the rails run through."""
    state = _put(f"commuter.{colour}")
    assert options(state) >= {f"put commuter.{colour} t0r0", "discard"}
    after, events = state.apply(f"put commuter.{colour} t0r0")
    (put,) = of(events, "put")
    assert put.rule == "elements.commuter" and put.data["vp"] == vp
    assert after.seat(1).vp == vp
    assert after.seat(1).pieces == ((f"commuter.{colour}", 0, 0),)
    assert after.pending.kind in ("after", "turn")


def test_elements_commuter_limit_one_of_each_colour_per_track():
    """[elements.commuter-limit] "each Track can only ever have a single Commuter of each colour":
    a second grey Commuter is refused on the track that has one, even paying to score another
    colour; a yellow one may join it."""
    state = _put("commuter.grey", pieces=[("commuter.grey", "t0r0")])
    refused(state, "put commuter.grey t0r0", "elements.commuter-limit")
    refused(state, "put commuter.grey t0r0 as yellow", "elements.commuter-limit")
    assert options(state) == {"discard"}
    other = _put("commuter.yellow", pieces=[("commuter.grey", "t0r0")])
    assert legal(other, "put commuter.yellow t0r0")
    after, _ = other.apply("put commuter.yellow t0r0")
    assert [p for p, _, _ in after.seat(1).pieces] == ["commuter.grey", "commuter.yellow"]


TOURIST_TILES = (("S1", 0, 0, 0), ("M35", -2, 1, 2), ("B10", 2, 0, 0))


def test_elements_tourist_scores_adjacent_landmarks_orthogonal_and_diagonal():
    """[elements.tourist] [ruling.adjacency] a Tourist scores each landmark next to the line,
    horizontally, vertically or diagonally, on the same tile or a neighbouring one: S1's track
    runs through 0,0 and 0,1; S1's own landmark (1) at 1,1 is beside 0,1; M35's landmark (1) at
    -1,2 is diagonal to 0,1 on the neighbouring tile; B10's landmarks (3 at 2,0 and 2 at 2,1) are
    two cells away and do not count: 2 VP."""
    state = _put("tourist", *TOURIST_TILES)
    network = state.seat(1).network
    assert network.feature((1, 1)) == "landmark1" and network.feature((-1, 2)) == "landmark1"
    assert network.feature((2, 0)) == "landmark3" and network.feature((2, 1)) == "landmark2"
    after, events = state.apply("put tourist t0r0")
    assert of(events, "put")[0].rule == "elements.tourist"
    assert after.seat(1).vp == 2 == landmarks(network, network.tracks[0])


def test_elements_tourist_limit_one_per_track():
    """[elements.tourist-limit] "Each Track can only ever have a single Tourist"."""
    state = _put("tourist", pieces=[("tourist", "t0r0")])
    refused(state, "put tourist t0r0", "elements.tourist-limit")
    assert options(state) == {"discard"}


@pytest.mark.parametrize("piece", ["train", "mailbag"])
def test_elements_mail_and_train_score_nothing_now_one_per_track(piece):
    """[elements.mail-train] a Train or a Mailbag scores nothing when placed; [elements.mail-train-limit]
    one of each per track."""
    state = _put(piece)
    after, events = state.apply(f"put {piece} t0r0")
    assert of(events, "put")[0].rule == "elements.mail-train" and after.seat(1).vp == 0
    again = _put(piece, pieces=[(piece, "t0r0")])
    refused(again, f"put {piece} t0r0", "elements.mail-train-limit")
    other = "mailbag" if piece == "train" else "train"
    assert legal(_put(other, pieces=[(piece, "t0r0")]), f"put {other} t0r0")


@pytest.mark.parametrize("piece", ["tourist", "commuter.green", "train", "mailbag"])
def test_elements_discard_for_one_vp(piece):
    """[elements.discard] instead of adding a drafted element, return it to the box for 1 VP,
    even when a track could take it."""
    state = _put(piece, vp=4)
    assert legal(state, "discard") and legal(state, f"put {piece} t0r0")
    after, events = state.apply("discard")
    assert of(events, "discard")[0].rule == "elements.discard"
    assert after.seat(1).vp == 5 and after.seat(1).pieces == ()
    assert after.offer.count(piece) == state.offer.count(piece) and dict(after.supply) == dict(state.supply)


# --- money tokens ------------------------------------------------------------------------------------

def test_money_cover_each_symbol_of_a_tile_laid():
    """[money.cover] a tile with money symbols gets a Money Token on each when it is laid: M34 has
    two; [components.money] the 24 tokens are counted."""
    spec = {"players": {1: seat_spec(*COMMUTE)}, "offer": ["M34", "tourist"]}
    state = at(spec)
    assert state.seat(1).money == ((1, 1),) and state.money_left == MONEY_TOKENS - 1
    state, events = play(state, "take M34", "lay M34 2,0 r0")
    (cover,) = of(events, "money")
    assert cover.rule == "money.cover" and sorted(cover.data["cells"]) == [(2, 0), (3, 1)]
    assert state.seat(1).money == ((1, 1), (2, 0), (3, 1)) and state.money_left == MONEY_TOKENS - 3


def test_money_supply_runs_out_symbols_stay_uncovered():
    """[ruling.money-supply] with one token left in the supply, M34's second symbol stays bare:
    it is no token (cannot be spent, counts for no Train)."""
    spec = {"players": {1: seat_spec(*COMMUTE)}, "offer": ["M34", "tourist"]}
    state = at(spec)
    from sandbox.core.state import evolve

    state = evolve(state, money_left=1)
    state, _ = play(state, "take M34", "lay M34 2,0 r0")
    assert state.seat(1).money == ((1, 1), (2, 0)) and state.money_left == 0


def test_money_colour_change_for_one_token():
    """[money.colour] a Commuter may score another colour for 1 Money Token: a yellow Commuter
    scoring grey makes 3 (grey 2 + mixed 1), not 1; [money.tokens] the only token (1,1) is
    spent and goes back to the supply; the piece stays a yellow Commuter."""
    state = _put("commuter.yellow")
    after, events = state.apply("put commuter.yellow t0r0 as grey")
    assert of(events, "put")[0].data["vp"] == 3 and after.seat(1).vp == 3
    (pay,) = of(events, "pay")
    assert pay.rule == "money.tokens" and pay.data["cell"] == (1, 1)
    assert after.seat(1).money == () and after.money_left == state.money_left + 1
    assert after.seat(1).pieces == (("commuter.yellow", 0, 0),)
    assert after.pending.kind != "after"  # no token left: no money action, the turn ends


def test_money_colour_change_chooses_which_token_to_spend():
    """[money.tokens] with several tokens the player chooses which one to spend."""
    state = _put("commuter.yellow", *RICH)
    state, _ = state.apply("put commuter.yellow t0r0 as green")
    assert state.pending.kind == "pay" and options(state) == {"pay 1,1", "pay 2,0", "pay 3,1"}
    refused(state, "pay 0,0", "money.tokens")
    state, _ = state.apply("pay 2,0")
    assert state.seat(1).money == ((1, 1), (3, 1)) and state.seat(1).vp == 1


def test_money_colour_change_needs_a_token_and_a_commuter():
    """[money.colour] [money.tokens] no token, no colour change; never for a Tourist ("You are not
    allowed to change a Commuter into a Tourist, or a Tourist into a Commuter"); only the three
    district colours."""
    poor = _put("commuter.grey", ("S1", 0, 0, 0))
    refused(poor, "put commuter.grey t0r0 as yellow", "money.tokens")
    assert options(poor) == {"put commuter.grey t0r0", "discard"}
    tourist = _put("tourist")
    refused(tourist, "put tourist t0r0 as yellow", "money.colour")
    refused(_put("commuter.grey"), "put commuter.grey t0r0 as purple", "money.colour")


def test_money_buy_a_bonus_tile_then_lay_it():
    """[money.bonus-tile] spend a token to take any face-up Bonus Tile and lay it by the Map Tile
    rules; [money.actions] at any time during one's turn, before drafting here; the draft
    follows."""
    state = at({"players": {1: seat_spec(*RICH)}, "offer": ["tourist", "train"]})
    assert "buy B10" in options(state) and "objective" in options(state)
    state, events = state.apply("buy B10")
    assert of(events, "buy")[0].rule == "money.bonus-tile"
    assert "B10" not in state.bonus_tiles
    assert state.pending.kind == "pay"
    state, _ = state.apply("pay 3,1")
    assert state.pending.kind == "lay" and state.pending.player == 1
    refused(state, "lay B10 1,1 r0", "tiles.placing")
    state, _ = state.apply("lay B10 -2,0 r0")
    assert state.seat(1).network.tiles[-1].tile == "B10"
    assert state.seat(1).money == ((-1, 0), (1, 1), (2, 0))  # B10's own money symbol is covered
    assert state.pending.kind == "turn" and state.pending.player == 1
    refused(state, "buy B01", "money.actions")  # once a turn
    state, _ = state.apply("take tourist")
    state, _ = state.apply("put tourist t0r0")
    assert state.pending.kind == "after" and "buy B01" not in options(state)
    refused(state, "buy B01", "money.actions")
    assert "objective" in options(state)
    refused(state, "buy B99", "money.bonus-tile")


def test_money_draw_an_objective_keep_one_of_two_the_other_under_the_deck():
    """[money.objective] spend a token to draw the top objective card, keep one of the two, and put
    the other at the bottom of the deck; the drawn card is P1's secret [ruling.hidden]."""
    state = at({"players": {1: seat_spec(*COMMUTE, objective="O1")}, "offer": ["tourist", "train"]})
    state, events = state.apply("objective")
    assert of(events, "objective")[0].rule == "money.objective"
    assert state.seat(1).money == () and state.pending.kind == "draw-objective"
    assert "O1" not in {a.item for a in state.pending.options}
    state, events = state.apply("reveal O5")
    assert state.pending.kind == "keep" and options(state) == {"keep O1", "keep O5"}
    assert state.view(2).frames[-1].get("drawn") == "?"
    refused(state, "keep O3", "money.objective")
    state, events = state.apply("keep O5")
    assert state.seat(1).objective == "O5" and state.objectives.under == ("O1",)
    assert "O1" in state.objectives and "O5" not in state.objectives
    hidden = "P1 keeps one objective card and puts the other under the deck"
    assert of(events, "keep")[0].text_for(2) == hidden
    assert state.pending.kind == "turn" and state.pending.player == 1
    refused(state, "objective", "money.tokens")  # no token left


def test_money_draw_an_objective_from_an_emptied_deck_takes_the_cards_put_under_it():
    """[money.objective] once the deck above is drawn, the cards put under it come up, first put
    first drawn, with no chance; with no card left at all the action is not offered."""
    start = at({"players": {1: seat_spec(*COMMUTE, objective="O1")}, "offer": ["tourist", "train"]})
    state = dataclasses.replace(start, objectives=Pile((), (), ("O6", "O7")))
    assert "objective" in options(state)
    state, _ = state.apply("objective")
    assert options(state) == {"reveal O6"}
    assert state.sample_chance(random.Random(0)).item == "O6"
    refused(state, "reveal O7", "money.objective")
    state, _ = state.apply("reveal O6")
    state, _ = state.apply("keep O1")
    assert state.seat(1).objective == "O1" and state.objectives == Pile((), (), ("O7", "O6"))
    empty = dataclasses.replace(start, objectives=Pile())
    assert "objective" not in options(empty)
    refused(empty, "objective", "money.objective")


def test_money_three_actions_at_most_each_once_a_turn():
    """[money.actions] up to 3 Money Tokens a turn, each for a different Special Action, once:
    buy a bonus tile, draw an objective, change a Commuter's colour; then nothing more is offered.
    Money actions are not taken in the middle of another step (a put pending)."""
    tiles = (*RICH, ("M13", -2, 0, 0))  # four tokens: 1,1 2,0 3,1 and M13's at -1,1
    state = at({"players": {1: seat_spec(*tiles)}, "offer": ["commuter.grey", "tourist", "train"]})
    assert len(state.seat(1).money) == 4
    state, _ = play(state, "objective", "pay -1,1", "reveal O7", "keep O7")
    refused(state, "objective", "money.actions")
    state, _ = state.apply("take commuter.grey")
    refused(state, "buy B01", "money.actions")  # mid-put
    state, _ = play(state, "put commuter.grey t0r0 as yellow", "pay 1,1")
    assert state.pending.kind == "after"
    state, _ = play(state, "buy B02", "pay 2,0")
    assert state.pending.kind == "lay" and state.used == ("objective", "colour", "bonus")
    lay = next(a for a in state.legal_actions())
    state, _ = state.apply(lay)
    assert len(state.seat(1).money) == 1  # one left, nothing to spend it on this turn
    assert state.pending.player == 2 and state.pending.kind == "turn"

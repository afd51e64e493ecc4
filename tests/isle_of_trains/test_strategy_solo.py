"""What the greedy bot values in solo games (`isle_of_trains/solo_strategy.py`): the chapters'
own means, and cards weighed for a game that ends when the deck runs out."""

from __future__ import annotations

from sandbox.bots import GreedyBot
from sandbox.isle_of_trains.solo_strategy import OFF_TARGET, aboard_for_tickets
from sandbox.isle_of_trains.strategy import CARD, assess

from .iot_rules import game

# Chapter 2 (4 buildings): Grand Central and five more cards in hand, one short of its price
SAVING_UP = {"players": {1: {"train": ["E2", "H1"], "hand": "GRAND C1 C2 C3 H2 H3"}}}


def test_chapter_2_saves_the_cards_for_the_building_in_hand():
    """[scenario.2] [solo.night] a building costs 6 and the Night keeps 5 cards: it is paid for on
    a day that draws the rest. Valuing points one decision ahead, the bot spent four of the cards
    on a Level 2 Hopper (+5 points) and hardly ever built; it now loads a card, whose benefit
    draws what the building still needs."""
    m = game(SAVING_UP, players=1, mode="scenario", chapter=2)
    choice = GreedyBot().choose(m.state.view(1), 1)
    assert choice.action.notation.startswith("load C"), choice
    assert "the chapter's means" in assess(m.state, 1)


def test_chapter_1_counts_an_island_card_it_does_not_name_against_the_objective():
    """[scenario.1] [deliver.primary-once] Devon City's card beside the engine refuses the primary
    contracts of Billington's and Flint Beach until its secondary is delivered."""
    free = game({}, players=1, mode="scenario", chapter=1).state
    blocked = game({"players": {1: {"islands": ["Devon City"]}}}, players=1, mode="scenario", chapter=1).state
    named = game({"players": {1: {"islands": ["Flint Beach"]}}}, players=1, mode="scenario", chapter=1).state
    assert assess(free, 1)["the chapter's means"] == 0.0
    assert assess(blocked, 1)["the chapter's means"] == -OFF_TARGET
    assert assess(named, 1)["the chapter's means"] == 0.0


def test_chapter_5_counts_passengers_aboard_for_ticket_tiles():
    """[scenario.5] a passenger aboard is one Deliver from a place on its ticket tile; one beside
    the engine is not aboard yet."""
    spec = {"players": {1: {"delivered": "DC", "supply": "AL",
                            "train": [{"card": "E2", "loads": ["passenger:DC"]},
                                      {"card": "C2", "loads": ["passenger:DC", "passenger:AL"]}]}},
            "tickets": {"DC": {"tile": 1, "filled": 1}}}
    state = game(spec, players=1, mode="scenario", chapter=5).state
    assert aboard_for_tickets(state, state.player(1)) == 3


def test_the_challenge_has_no_chapter_terms_and_weighs_cards_its_own_way():
    """Solo the deck is the clock: cards count less than against others, and the Challenge adds
    no chapter term; a 2-player game is valued as before."""
    spec = {"players": {1: {"hand": "C1 C2"}}}
    solo = assess(game(spec, players=1).state, 1)
    duo = assess(game(spec, players=2).state, 1)
    assert "the chapter's means" not in solo
    assert duo["cards in hand"] == 2 * CARD
    assert solo["cards in hand"] < duo["cards in hand"]

"""What the game declares beyond the rules: live scores for a viewer, a breakdown for any
position, the click hint; and written positions that set the train deck."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import sandbox
from sandbox.core.pending import CHANCE
from sandbox.core.playthrough import random_walk
from sandbox.isle_of_trains import Config, State, Take, scoring
from sandbox.isle_of_trains.position import position
from tests.isle_of_trains.iot_rules import assert_conserved, game

CHRIS = {
    "players": {
        1: {"train": ["E2", {"card": "H2", "loads": ["coal:H1"]}, {"card": "T2", "loads": ["oil:C2"]},
                      {"card": "C1", "loads": ["passenger:BI"]}],
            "islands": [{"island": "Flint Beach", "side": 0}, {"island": "Alpine Lodge", "side": None}],
            "buildings": ["BANK"], "tokens": 10, "progress_train": True, "hand": "X1 C2"},
        2: {"islands": [{"island": "Devon City", "side": None}, {"island": "Cactus Mines", "side": 1}],
            "tokens": 9, "supply": "CE"},
    },
    "display": "H3 -- K9",
    "over": True,
}


def test_breakdown_of_any_position_is_the_rulebook_example():
    """[score.tokens] [score.cars] [score.contracts] [score.loaded] [score.progress-train]
    [score.buildings] Chris's 54 points, part by part, from the state itself."""
    state = position(Config.make(2), CHRIS)
    assert [p for _, p in state.breakdown(1)] == [10, 13, 21, 3, 1, 6]
    assert state.breakdown(1) == scoring.breakdown(state, 1) == state.outcome.breakdown[1]
    unfinished = position(Config.make(2), {**CHRIS, "over": False, "ending": "progress"})
    assert unfinished.outcome is None and sum(p for _, p in unfinished.breakdown(1)) == 54


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 9)])
def test_live_scores_are_public_and_match_the_outcome(players, seed):
    """Scores during play come from the viewer's view, and nothing hidden changes them: a card
    of another hand swapped with one of the deck (a hidden twin) leaves every seat's scores as
    they were. Once the game is over they are the outcome's."""
    rng = random.Random(seed)
    last = None
    for ply, (state, _action, nxt, _events) in enumerate(random_walk(State.start(Config.make(players)),
                                                                     seed, 20000)):
        last = nxt
        if ply % 97:
            continue
        table = state.scores()
        assert set(table) == set(range(1, players + 1))
        assert table == {p: sum(x for _, x in state.breakdown(p)) for p in table}
        for viewer in range(1, players + 1):
            assert state.scores(viewer) == table == state.view(viewer).scores(viewer)
            others = [p for p in range(1, players + 1) if p != viewer and state.player(p).hand]
            if others and state.deck:
                p = rng.choice(others)
                hand = list(state.player(p).hand)
                mine, theirs = rng.choice(hand), rng.choice(state.deck)
                hand[hand.index(mine)] = theirs
                deck = list(state.deck)
                deck[deck.index(theirs)] = mine
                twin = replace(state, players=state._with_player(p, hand=tuple(sorted(hand))),
                               deck=tuple(sorted(deck)))
                assert twin.scores(viewer) == state.scores(viewer)
    assert last is not None and last.outcome is not None
    assert last.scores() == dict(last.outcome.scores)


def test_face_down_loads_score_without_being_seen():
    """A face-down load counts as one load for its train [score.loaded] [building.bank], what
    it is stays the loader's secret: every seat reads the same scores."""
    state = position(Config.make(2), {"players": {
        1: {"train": ["E2", {"card": "H1", "loads": ["coal:X3:down"]}], "buildings": ["BANK"]},
        2: {"hand": "C1"}}})
    assert state.view(2).player(1).train[1].loads[0].card == "??"
    parts = dict(state.breakdown(1))
    assert parts["loaded cargo and passengers"] == 1 and parts["buildings"] == 2
    assert state.scores(1) == state.scores(2) == state.scores() == {1: sum(parts.values()), 2: 0}


def test_declared_hints():
    state = sandbox.new_game("isle_of_trains", players=2, seed=1).state
    assert "hand" in state.click_hint and "deliver" in state.click_hint
    assert not hasattr(State, "bot_patience")  # greedy games end by the valuation alone
    assert state.seat_name(2) == "P2" and state.seat_name(CHANCE) == "chance"


# --- a written train deck -------------------------------------------------------------------

def test_a_written_deck_sends_the_rest_to_the_discard_pile():
    """`deck` sets the train deck; the cards placed nowhere else make the discard pile
    [take.reshuffle]; all 71 cards are accounted for."""
    state = position(Config.make(2), {"players": {1: {"hand": "C1 X1"}}, "deck": "H1 H1 E3"})
    assert state.deck == ("E3", "H1", "H1") and len(state.discard) == 71 - 2 - 2 - 3
    assert state.removed == ()
    assert_conserved(state)


def test_a_written_deck_and_discard_pile_leave_the_rest_out_of_the_game():
    """With both written, the cards placed nowhere are out of the game, still counted; an empty
    deck and discard pile end the game after everyone's final turn [end.trigger-deck]
    [end.deck-both-empty] [end.final-turns]."""
    spec = {"players": {1: {"hand": "C1 X1"}, 2: {"hand": "T1"}}, "deck": "", "discard": ""}
    m = game(spec)
    assert (m.state.deck, m.state.discard, len(m.state.removed)) == ((), (), 71 - 2 - 2 - 1)
    assert_conserved(m.state)
    assert "out of the game 66" in str(m.state)
    assert Take("deck") not in m.legal_actions()
    m.play("take passenger")
    events = m.play("take passenger")
    assert any(e.rule == "end.trigger-deck" for e in events)
    bots = {p: sandbox.bots.RandomBot(seed=p) for p in (1, 2)}
    m.run(bots)
    assert m.is_over and m.outcome.rule == "end.trigger-deck"
    assert_conserved(m.state)
    again = sandbox.load(m.to_json())
    assert again.state == m.state


def test_a_written_deck_is_checked_like_every_other_place():
    with pytest.raises(ValueError, match=r"\[components\]"):
        position(Config.make(2), {"deck": "GRAND", "players": {1: {"buildings": ["GRAND"]}}})
    with pytest.raises(ValueError, match=r"\[components\]"):
        position(Config.make(2), {"deck": "Q9"})
    with pytest.raises(ValueError, match="deck"):
        position(Config.make(2), {"deck": 7})


def test_views_and_determinized_worlds_keep_the_cards_out_of_the_game():
    state = position(Config.make(3), {"players": {1: {"hand": "C1 X1"}}, "deck": "H1 H2 T1 E2",
                                      "discard": "X3"})
    view = state.view(2)
    assert view.removed == state.removed and set(view.deck) == {"??"}
    world = view.determinize(random.Random(1))
    assert world.removed == state.removed and len(world.deck) == len(state.deck)
    assert_conserved(world)

"""Rulebook order, part 1: the deck, the Train Cards, the schedule, the station, the deal."""

from __future__ import annotations

from collections import Counter

import pytest
from eob_helpers import GAME, C, assert_conserved, dealt, kinds

import sandbox
from sandbox.everyone_on_board import (
    FULL_DECK,
    PLAY_DECK,
    RULES,
    RULINGS,
    TRAIN_CARDS,
    Config,
    Rulings,
    State,
)
from sandbox.everyone_on_board import (
    GAME as INFO,
)


def test_setup_deck_is_54_cards_with_two_jokers():
    """setup.deck: a standard deck including 2 Jokers, 54 cards in total."""
    assert len(FULL_DECK) == 54
    assert len(set(FULL_DECK)) == 54
    assert sum(c.rank == 0 for c in FULL_DECK) == 2
    assert Counter(c.suit for c in FULL_DECK if c.rank) == {s: 13 for s in "SHDC"}
    roles = Counter(c.role.split(" (")[0] for c in FULL_DECK)
    assert roles == {"Passenger": 24, "Ticket Collector": 12, "All Aboard! card": 6, "Train Card": 12}


def test_setup_train_cards_set_aside_before_play():
    """setup.train-cards: the 2s, 3s and 4s are set aside; 42 cards are dealt from."""
    assert sorted(c.rank for c in TRAIN_CARDS) == [2] * 4 + [3] * 4 + [4] * 4
    assert len(PLAY_DECK) == 42 and not set(PLAY_DECK) & set(TRAIN_CARDS)
    state = State.start(Config.make(3))
    assert sorted(state.deck) == sorted(PLAY_DECK)
    assert state.where(C("2S")) == ("train cards", 0)
    assert_conserved(state)


@pytest.mark.parametrize("players, schedule, tracks", [(2, 4, 1), (3, 6, 2), (4, 8, 3)])
def test_setup_schedule_and_station_defaults(players, schedule, tracks):
    """setup.schedule: suggested trains = 2 x players; setup.station: tracks = players - 1."""
    cfg = Config.make(players)
    assert (cfg.players, cfg.schedule, cfg.tracks) == (players, schedule, tracks)
    assert cfg.rulings == Rulings("waits", "signal")
    m = sandbox.new_game(GAME, players=players, seed=1)
    assert len(m.state.tracks) == tracks
    assert m.state.config.schedule == schedule


@pytest.mark.parametrize("schedule", [2, 4, 8, 12])
@pytest.mark.parametrize("tracks", [1, 2, 4, 12])
def test_setup_schedule_and_station_any_allowed_size(schedule, tracks):
    """setup.schedule 2-12 trains and setup.station 1-12 tracks are all accepted."""
    m = sandbox.new_game(GAME, players=2, seed=0, schedule=schedule, tracks=tracks)
    assert m.state.config.schedule == schedule and len(m.state.tracks) == tracks


@pytest.mark.parametrize("schedule", [0, 1, 13, -4])
def test_setup_schedule_out_of_range_refused(schedule):
    """setup.schedule: "anywhere from 2 to 12 trains"."""
    with pytest.raises(ValueError, match=r"schedule is 2 to 12 trains.*setup\.schedule"):
        Config.make(2, schedule=schedule)


@pytest.mark.parametrize("tracks", [0, 13, -1])
def test_setup_station_out_of_range_refused(tracks):
    """setup.station: "Pick 1, 2, 4, or up to 12 tracks"."""
    with pytest.raises(ValueError, match=r"1 to 12 tracks.*setup\.station"):
        Config.make(2, tracks=tracks)


@pytest.mark.parametrize("players", [0, 1, 5])
def test_player_count_is_2_to_4(players):
    with pytest.raises(ValueError, match="2-4 players"):
        sandbox.new_game(GAME, players=players)
    with pytest.raises(ValueError, match="2-4 players"):
        Config.make(players)


def test_rulings_switches_validated():
    """ruling.king and ruling.jack are switches with two readings each."""
    with pytest.raises(ValueError, match="king ruling"):
        Config.make(2, king="leaves")
    with pytest.raises(ValueError, match="jack ruling"):
        Config.make(2, jack="never")
    cfg = Config.make(4, schedule=5, tracks=7, king="boards", jack="turn-end")
    assert Config.from_dict(cfg.to_dict()) == cfg
    assert cfg.describe() == "4 players, schedule 5 trains, 7 tracks, king=boards, jack=turn-end"
    assert Config.make(2).describe().endswith("1 track, king=waits, jack=signal")


def test_registry_knows_the_rules_and_rulings():
    assert GAME in sandbox.games()
    assert INFO.rules is RULES and INFO.rulings == RULINGS
    assert INFO.cite("turn.moves") == "On your turn: Move 2 cards"
    assert INFO.cite("ruling.tie").startswith("Ruling: Players tied")
    assert all(r.id.startswith("ruling.") and r.choice and r.why for r in RULINGS)
    assert {r.switch.split("=")[0] for r in RULINGS if r.switch} == {"king", "jack"}


def test_ruling_deal_five_each_in_seat_order_p1_first():
    """ruling.deal: each player is dealt 5 cards in seat order; P1 takes the first turn."""
    m = dealt(3, ["5S 6S 7S 8S 9S", "5H 6H 7H 8H 9H", "5D 6D 7D 8D 9D"])
    assert m.ply == 15
    assert [e.text for _, e in m.events()][:2] == ["P1 is dealt 5♠", "P1 is dealt 6♠"]
    assert m.state.hands == tuple(tuple(C(f"{r}{s}") for r in range(5, 10)) for s in "SHD")
    assert m.pending.player == 1 and m.pending.rule == "turn.moves" and m.state.turn == 1
    last = m.events()[-1][1]
    assert last.rule == "ruling.deal" and last.text == "Every player has 5 cards; P1 takes the first turn"
    assert len(m.state.deck) == 42 - 15
    assert_conserved(m.state)


def test_aa_deal_all_aboard_dealt_is_revealed_redrawn_and_shuffled_back():
    """aa.deal: a dealt All Aboard! card is revealed, the player draws until a non-All Aboard!
    card, then the All Aboard! cards are shuffled back into the deck."""
    m = dealt(2, ["AS JK1 7H 8H 9H 10H QS", "5C 6C 7C 8C 9C"], auto_chance=False)
    events = []
    for _ in range(3):
        events += m.deal()
    assert kinds(events) == ["reveal", "reveal", "deal", "return"]
    assert [e.rule for e in events] == ["aa.deal"] * 2 + ["ruling.deal", "aa.deal"]
    assert events[0].text == "P1 is dealt A♠, an All Aboard! card: revealed and set aside; P1 draws again"
    assert events[-1].text == "A♠ Joker shuffled back into the deck"
    assert m.state.hand(1) == (C("7H"),)
    assert C("AS") in m.state.deck and C("JK1") in m.state.deck and not m.state.set_aside
    assert m.pending.rule == "ruling.deal"  # the deal itself follows the deal ruling
    while m.pending.is_chance:
        m.deal()
    assert m.state.hand(1) == tuple(sorted(map(C, ["7H", "8H", "9H", "10H", "QS"])))
    assert not any(c.is_all_aboard for h in m.state.hands for c in h)
    assert len(m.state.deck) == 32
    assert_conserved(m.state)


def test_aa_deal_set_aside_card_is_visible_while_redrawing():
    """aa.deal: "that player reveals it": everyone sees the card set aside, and no one may draw it."""
    m = dealt(2, ["JK2"], auto_chance=False)
    m.deal()
    assert m.state.set_aside == (C("JK2"),)
    assert m.view(2).set_aside == (C("JK2"),)
    assert not m.explain("draw JK2").ok
    assert_conserved(m.state)

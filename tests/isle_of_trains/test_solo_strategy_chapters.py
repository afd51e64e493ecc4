"""The chapters' objective-directed terms of the greedy bot's solo valuation
(`isle_of_trains/solo_strategy.py`): the train a chapter needs, its objective pressed, its points
discounted, and a lost chapter below anything else."""

from __future__ import annotations

from dataclasses import replace

from sandbox.isle_of_trains.scoring import score
from sandbox.isle_of_trains.solo import goal
from sandbox.isle_of_trains.solo_strategy import LOST, PRESSED, ROOM, UNASKED, UNCARRIED
from sandbox.isle_of_trains.strategy import assess

from .iot_rules import game


def _assess(spec: dict, chapter: int) -> dict[str, float]:
    return assess(game(spec, players=1, mode="scenario", chapter=chapter).state, 1)


def test_chapter_8_counts_the_cargo_no_car_of_the_train_can_carry():
    """[scenario.8] the seven primaries ask for coal, oil and box: a train with only a Boxcar
    carries none of the coal or oil, and greedily it never built the Hopper for them (seed 3: 4
    of 7 primaries by day 8, then none)."""
    boxcar = _assess({"players": {1: {"train": ["E2", "X1"]}}}, 8)
    hopper = _assess({"players": {1: {"train": ["E2", "X1", "H1"]}}}, 8)
    assert boxcar["cargo no car carries"] == -2 * UNCARRIED
    assert hopper["cargo no car carries"] == -UNCARRIED


def test_chapter_1_asks_only_for_the_cargo_of_its_own_islands_next_contracts():
    """[scenario.1] Billington's (coal, box) and Flint Beach (oil, box) primaries; once both are
    done, the cargo their secondaries both ask for: Flint Beach's take oil and box, Billington's
    coal and box."""
    start = _assess({"players": {1: {"train": ["E2", "H1", "X1"]}}}, 1)
    assert start["cargo no car carries"] == -UNCARRIED  # oil: no Tanker
    tanker = _assess({"players": {1: {"train": ["E2", "H1", "X1", "T1"]}}}, 1)
    assert tanker["cargo no car carries"] == 0.0


def test_chapter_4_counts_room_for_more_cars():
    """[scenario.4] [build.capacity] 13 cars must fit the engine's capacity: the same cars under a
    bigger engine leave room for more (the Level 2 Engine carries 6, the Level 1 only 4)."""
    small = _assess({"players": {1: {"train": ["E1", "X1"]}}}, 4)
    big = _assess({"players": {1: {"train": ["E2", "X1"]}}}, 4)
    assert small["room for more cars"] == 2 * ROOM
    assert big["room for more cars"] == 4 * ROOM


def test_a_chapter_not_won_by_points_presses_its_objective_and_discounts_points():
    """[scenario.win] Chapter 1 is won by contracts, not points: its share of the way counts more,
    its points less; Chapter 3 (60 points) is won by points and keeps them whole."""
    spec = {"players": {1: {"train": ["E2", "X1"], "islands": ["Flint Beach"]}}}
    m = game(spec, players=1, mode="scenario", chapter=1)
    terms = assess(m.state, 1)
    assert terms["the objective, pressed"] == PRESSED * goal(m.state).fraction > 0
    assert terms["points the chapter does not ask for"] == -UNASKED * score(m.state, 1) < 0
    points = _assess(spec, 3)
    assert "the objective, pressed" not in points
    assert "points the chapter does not ask for" not in points


def test_a_lost_chapter_is_worth_less_than_any_way_still_open():
    """[scenario.lose] the deck out before the objective: the bot must not draw the deck's last
    cards for a benefit when another action keeps the chapter open (Chapter 1, seed 3, lost with
    all the cargo of its last contract loaded)."""
    spec = {"players": {1: {"train": ["E2", "X1"]}}}
    on = game(spec, players=1, mode="scenario", chapter=1).state
    # a solo position is written in play: the deck's end is set on a fresh copy of it
    lost = replace(game(spec, players=1, mode="scenario", chapter=1).state, over=True, ending="deck")
    assert "the chapter lost" not in assess(on, 1)
    assert assess(lost, 1)["the chapter lost"] == -LOST
    assert sum(assess(lost, 1).values()) < sum(assess(on, 1).values()) - LOST / 2


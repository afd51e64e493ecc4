"""The greedy bot's judgement of Missions: a Mission in hand is worth its VP by how full the routes
that would connect its cities are, and it moves the bot's trains towards them."""

from __future__ import annotations

import sandbox
from sandbox.core.state import evolve
from sandbox.trains_and_stations.strategy import MISSION_ROUTES, assess
from tests.trains_and_stations.ts_rules import ERIC, game, shows

# r1 (Seattle - Los Angeles - Billings, 8 spaces): five filled by the others, none by Eric.
R1_FIVE = {"s1": "2", "s2": "2", "s3": "3", "s4": "2", "s5": "3"}


def missions(spec: dict, ever: tuple[str, ...] = (), **rulings: str) -> float:
    """Eric's Missions term; `ever`: routes delivered on earlier turns (not a position key)."""
    state = game(spec, players=3, **rulings).state
    return assess(evolve(state, ever=ever), ERIC)["missions"]


def test_mission_chains_are_the_routes_that_connect_the_cities():
    assert MISSION_ROUTES["p03"] == ("r1",)  # Seattle - Los Angeles: one long route
    assert MISSION_ROUTES["p01"] == ("r1", "r2")  # Seattle - Detroit, the rulebook's example


def test_a_one_route_mission_is_worth_its_vp_by_how_full_the_route_is():
    hand = {"players": {ERIC: {"power": ["p03"]}}}
    assert missions(hand) == 0.0
    assert missions({**hand, "board": R1_FIVE}) == 4 * (5 / 8) ** 2
    assert missions({"board": R1_FIVE}) == 0.0  # not in hand, not counted


def test_a_two_route_mission_needs_both_routes_this_turn_or_ever_under_the_switch():
    spec = {"players": {ERIC: {"power": ["p01"]}}, "board": R1_FIVE}
    assert missions(spec) == 0.0  # r2 is empty: by default both must fill in one turn
    assert missions(spec, ever=("r2",)) == 0.0  # a route delivered earlier is gone again
    assert missions(spec, ever=("r2",), mission_link="ever") == 7 * (5 / 8) ** 2


def test_the_greedy_bot_moves_its_train_towards_a_mission_it_holds():
    def placement(power: list[str]) -> str:
        m = game({"board": {**R1_FIVE, "s44": "2"}, "players": {ERIC: {"power": power, "coins": 0}}},
                 players=3, force=shows("train", "coin", "coin", "coin", "coin"))
        m.play("gather")
        bot = sandbox.bots.by_name("greedy", game=sandbox.get_game("trains_and_stations"))
        return bot.choose(m.view(ERIC), ERIC).action.notation

    assert placement([]) == "place s41"  # r10, beside Atlanta
    assert placement(["p03"]) == "place s6"  # r1, beside Los Angeles

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


HALF = 30  # VP left in the stacks at 3 players: half of 60, half the game to go


def test_missions_are_read_as_standing_connections_by_default():
    """[ruling.mission-connected] Routes delivered on earlier turns keep joining cities unless
    the switch says otherwise."""
    assert sandbox.get_game("trains_and_stations").make_config(3).rulings.mission_link == "ever"


def test_a_mission_is_worth_its_vp_by_its_chance_of_scoring():
    """Under the default reading: the chain's progress (spaces filled), and for the spaces still
    empty the share of the game left times the share of the chain the table fills as a rule
    (4 of r1's 8 spaces). The chance grows with each train on the chain and shrinks as the VP
    stacks run down."""
    hand = {"players": {ERIC: {"power": ["p03"]}}, "vp_stack": HALF}
    assert missions(hand) == 4 * (0.5 * 0.5)
    assert missions({**hand, "board": R1_FIVE}) == 4 * (5 / 8 + 3 / 8 * 0.5 * 0.5)
    assert missions({**hand, "board": R1_FIVE, "vp_stack": 0}) == 4 * 5 / 8
    assert missions({"board": R1_FIVE, "vp_stack": HALF}) == 0.0  # not in hand, not counted


def test_a_two_route_mission_counts_a_route_delivered_earlier_in_full():
    """Seattle - Detroit (p01, 7 VP) is r1 (8 spaces) and r2 (6): r2 delivered on an earlier
    turn stands under the default reading; under mission_link="this-turn" both routes must fill
    in one turn, so each route's fullness counts squared and r2, empty again, gives nothing."""
    spec = {"players": {ERIC: {"power": ["p01"]}}, "board": R1_FIVE, "vp_stack": HALF}
    assert missions(spec) == 7 * (5 / 14 + 9 / 14 * 0.5 * 4 / 14)
    assert missions(spec, ever=("r2",)) == 7 * (11 / 14 + 3 / 14 * 0.5 * 4 / 14)
    assert missions(spec, ever=("r2",), mission_link="this-turn") == 0.0
    this_turn = evolve(game(spec, players=3, mission_link="this-turn").state, delivered=("r2",))
    assert assess(this_turn, ERIC)["missions"] == 7 * (5 / 8) ** 2  # r2 delivered this turn


def test_the_greedy_bot_moves_its_train_towards_a_mission_it_holds():
    def placement(power: list[str]) -> str:
        m = game({"board": {**R1_FIVE, "s44": "2"}, "players": {ERIC: {"power": power, "coins": 0}}},
                 players=3, force=shows("train", "coin", "coin", "coin", "coin"))
        m.play("gather")
        bot = sandbox.bots.by_name("greedy", game=sandbox.get_game("trains_and_stations"))
        return bot.choose(m.view(ERIC), ERIC).action.notation

    assert placement([]) in {"place s41", "place s43"}  # r10, San Antonio - Atlanta (they tie)
    assert placement(["p03"]) in {"place s6", "place s7", "place s8"}  # r1's empty spaces

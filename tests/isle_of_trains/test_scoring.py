"""End of game scoring, buildings, tie-breaks and the position builder (rulebook: End of Game
Scoring, Buildings and Cabooses on page 16). Rule ids are cited in each test's docstring."""

import json

import pytest

from sandbox.isle_of_trains import scoring
from sandbox.isle_of_trains.config import Config
from sandbox.isle_of_trains.model import Car, Held, Load
from sandbox.isle_of_trains.position import position


def pos(spec, players=2, **rulings):
    return position(Config.make(players, **rulings), spec)


def points(state, player=1):
    return dict(scoring.breakdown(state, player))


# --- the rulebook's worked example ---------------------------------------------------------

CHRIS = {
    "current": 1,
    "players": {
        1: {
            # 2 + 5 + 5 + 1 = 13 VP from the engine and cars; weight 4 of capacity 6
            "train": ["E2", {"card": "H2", "loads": ["coal:H1"]}, {"card": "T2", "loads": ["oil:C2"]},
                      {"card": "C1", "loads": ["passenger:BI"]}],
            # Flint Beach flipped to its first secondary (17) + Alpine Lodge's primary (4) = 21
            "islands": [{"island": "Flint Beach", "side": 0}, {"island": "Alpine Lodge", "side": None}],
            "buildings": ["BANK"],
            "tokens": 10,
            "progress_train": True,
            "hand": "X1 C2",
        },
        2: {"islands": [{"island": "Devon City", "side": None}, {"island": "Cactus Mines", "side": 1}],
            "tokens": 9, "supply": "CE"},
    },
    "display": "H3 -- K9",
    "over": True,
}


def test_chris_scores_54_points():
    """The rulebook's End of Game Scoring example: Chris has 10 from tokens, 13 from built train
    cars, 21 from contracts, 3 from loaded cargo/passengers, 1 for the progress train and 6 from the
    Bank, 54 in all [score.tokens] [score.cars] [score.contracts] [score.loaded]
    [score.progress-train] [score.buildings] [building.bank] [building.scoring]."""
    state = pos(CHRIS)
    assert scoring.breakdown(state, 1) == (
        ("VP tokens", 10), ("train cars", 13), ("contracts", 21),
        ("loaded cargo and passengers", 3), ("progress train", 1), ("buildings", 6))
    assert scoring.score(state, 1) == 54
    assert scoring.buildings(state, 1) == (("BANK", 6),)


def test_chris_wins_when_the_progress_train_ends_the_game():
    """The most points wins; the outcome names the trigger [score.winner] [end.trigger-progress]
    [end.final-turns]."""
    state = pos(CHRIS)
    assert state.ending == "progress" and state.progress == 4 == state.end_space
    out = scoring.outcome(state)
    assert out.winners == (1,)
    assert out.scores == {1: 54, 2: 9 + 5 + 11}
    assert out.rule == "end.trigger-progress"
    assert out.tiebreak == ""
    assert out.breakdown[1] == scoring.breakdown(state, 1)
    text = str(out)
    assert "progress train reached space 4" in text
    assert "P1: 54 = 10 (VP tokens) + 13 (train cars) + 21 (contracts) + 3 (loaded cargo and " \
           "passengers) + 1 (progress train) + 6 (buildings)" in text
    assert state.outcome == out


def test_chris_position_round_trips_through_json():
    """The spec is plain data: a JSON round trip builds the same state."""
    again = json.loads(json.dumps(CHRIS))
    assert pos(again) == pos(CHRIS)


# --- contracts -----------------------------------------------------------------------------

def test_contracts_beside_engine_score_primary_flipped_score_total():
    """A contract beside the engine scores its primary badge; a flipped one its printed total
    [score.contracts] [deliver.primary-take] [deliver.secondary-flip]."""
    state = pos({"players": {1: {"islands": ["BI", {"island": "Camp Eagle", "side": 0}]},
                             2: {"islands": [{"island": "Flint Beach", "side": 1}]}}})
    assert points(state)["contracts"] == 5 + 21
    assert points(state, 2)["contracts"] == 16
    state = pos({"players": {1: {"islands": [{"island": "Camp Eagle", "side": 1}]}}})
    assert points(state)["contracts"] == 17


# --- buildings -----------------------------------------------------------------------------

@pytest.mark.parametrize("islands, coal, oil, box", [
    # Alpine Lodge primary: 2 coal; Billington's secondary 1 total: 3 coal + 3 box
    ([{"island": "Alpine Lodge", "side": None}, {"island": "Billington's", "side": 0}], 5, 0, 3),
    # Devon City primary: 2 oil; Cactus Mines secondary 1 total: 2 coal + 3 oil + 1 box
    ([{"island": "Devon City", "side": None}, {"island": "Cactus Mines", "side": 0}], 2, 5, 1),
])
def test_cargo_buildings_score_two_per_icon_on_completed_contracts(islands, coal, oil, box):
    """Coal Factory, Oil Refinery and Customs House: 2 points per icon on completed contracts,
    primary and secondary [building.coal-factory] [building.oil-refinery]
    [building.customs-house]."""
    for building, icons in (("COALF", coal), ("OILR", oil), ("CUSTOMS", box)):
        state = pos({"players": {1: {"islands": islands, "buildings": [building]}}})
        assert scoring.buildings(state, 1) == ((building, 2 * icons),)
        assert points(state)["buildings"] == 2 * icons


@pytest.mark.parametrize("ruling, coalf, oilr, customs", [
    ("none", 0, 2 * 2, 0),
    ("each", 2 * 8, 2 * (2 + 8), 2 * 8),
])
def test_research_station_any_icons_both_readings(ruling, coalf, oilr, customs):
    """The Research Station's segmented icons count for none of the cargo buildings by default,
    or for each of them under research_any_icons="each" [ruling.research-station-any]
    [building.coal-factory] [building.oil-refinery] [building.customs-house]."""
    islands = [{"island": "Research Station", "side": 0}, {"island": "Devon City", "side": None}]
    got = {}
    for building in ("COALF", "OILR", "CUSTOMS"):
        state = pos({"players": {1: {"islands": islands, "buildings": [building]}}}, 4,
                    research_any_icons=ruling)
        got[building] = points(state)["buildings"]
        assert points(state)["contracts"] == 11 + 5
    assert got == {"COALF": coalf, "OILR": oilr, "CUSTOMS": customs}


def test_bank_two_per_loaded_item():
    """Bank: 2 more points per passenger or cargo loaded into your train, on top of the 1 each
    [building.bank] [score.loaded]; cargo stored on Caboose 3 is loaded too [caboose.3]."""
    state = pos({"players": {1: {
        "train": [{"card": "E2", "loads": ["passenger:AL"]}, {"card": "C2", "loads": ["passenger:BI"]},
                  {"card": "X1", "loads": ["box:X3"]}, {"card": "K3", "loads": ["box:C3"]}],
        "buildings": "BANK"}}})
    assert points(state)["loaded cargo and passengers"] == 4
    assert scoring.buildings(state, 1) == (("BANK", 8),)


def test_grand_central_eight_points():
    """Grand Central: 8 points, no requirements [building.grand-central]."""
    assert points(pos({"players": {1: {"buildings": "GRAND"}}}))["buildings"] == 8


@pytest.mark.parametrize("ruling, cards", [
    ("passenger-spaces", 2),  # E1 and C1 have passenger spaces
    ("passenger-icons", 4),  # and K1, K8 show passengers taken when built; H1 shows none
])
def test_town_hall_both_readings(ruling, cards):
    """Town Hall: 2 per engine and train car showing a passenger icon; the default counts
    passenger spaces, the literal reading every passenger icon [building.town-hall]
    [ruling.town-hall]."""
    state = pos({"players": {1: {"train": ["E3", "C1", "H1", "K1", "K8"], "buildings": "TOWN"}}},
                town_hall=ruling)
    assert scoring.buildings(state, 1) == (("TOWN", 2 * cards),)


def test_rail_yard_two_per_car_not_the_engine():
    """Rail Yard: 2 per train car, cabooses included, the engine not [building.rail-yard]
    [caboose.owner]."""
    state = pos({"players": {1: {"train": ["E2", "H1", "C1", "K6"], "buildings": "RAILY"}}})
    assert points(state)["buildings"] == 2 * 3
    assert points(pos({"players": {1: {"buildings": "RAILY"}}}))["buildings"] == 0


STATIONS = {"players": {1: {"delivered": "BI AL CM"}, 2: {"delivered": "BI DC"}}}


@pytest.mark.parametrize("ruling, north, middle, south", [
    ("own", 4 + 2, 4 + 1, 4),
    ("all", 4 + 3, 4 + 2, 4),
])
def test_stations_both_readings(ruling, north, middle, south):
    """Northern, Middle and Southern Station: 4 plus 1 per passenger delivered to their two
    destinations; by default those the owner delivered, with station_passengers="all" every
    passenger on those tiles [building.northern-station] [building.middle-station]
    [building.southern-station] [ruling.station-passengers]."""
    got = {}
    for building in ("NORTH", "MIDDLE", "SOUTH"):
        spec = json.loads(json.dumps(STATIONS))
        spec["players"]["1"]["buildings"] = building
        state = pos(spec, station_passengers=ruling)
        assert [t.filled for t in state.tickets if t.destination == "BI"] == [("BI", "BI")]
        got[building] = points(state)["buildings"]
    assert got == {"NORTH": north, "MIDDLE": middle, "SOUTH": south}


def test_caboose_4_two_buildings_both_score():
    """Caboose 4 allows one more building, and both score [caboose.4] [build.one-building]
    [score.buildings] [building.bank] [building.grand-central]."""
    state = pos({"players": {1: {"train": [{"card": "E2", "loads": ["passenger:CE"]}, "K4"],
                                 "buildings": "BANK GRAND"}}})
    assert scoring.buildings(state, 1) == (("BANK", 2), ("GRAND", 8))
    assert points(state)["buildings"] == 10
    with pytest.raises(ValueError, match=r"build\.one-building"):
        pos({"players": {1: {"train": ["E2"], "buildings": "BANK GRAND"}}})


def test_unbuilt_buildings_score_nothing():
    """Only buildings built in your play area score [building.scoring]."""
    state = pos({"players": {1: {"hand": "GRAND BANK"}}})
    assert points(state)["buildings"] == 0


# --- winner and tie-breaks -----------------------------------------------------------------

def test_longest_train_breaks_a_tie():
    """A tie on points goes to the longest train, engine included; a player not tied for the
    most points is not considered [score.tie-break] [ruling.longest-train] [end.trigger-deck]."""
    state = pos({"players": {1: {"train": ["E1", "H1", "T1"], "tokens": 6},  # 4 + 6 = 10
                             2: {"train": ["E1", "H2"], "tokens": 5},  # 5 + 5 = 10
                             3: {"train": ["E1", "H1", "T1", "C1"]}},  # 5, longest
                 "ending": "deck", "over": True}, 3)
    out = scoring.outcome(state)
    assert out.scores == {1: 10, 2: 10, 3: 5}
    assert out.winners == (1,)
    assert out.rule == "end.trigger-deck"
    assert out.tiebreak == "P1 and P2 tie on 10 points; P1 has the longest train (3 cards; P2 2) " \
                           "[score.tie-break]"
    text = str(out)
    assert "Game over: the train deck and the discard pile were both empty [end.trigger-deck]" in text
    assert "Winner: P1" in text and "Tie-break: P1 and P2 tie" in text


def test_engine_and_car_points_break_a_tie_of_train_length():
    """Still tied on train length: the most points from the engine and train cars wins
    [score.tie-break] [score.cars]."""
    state = pos({"players": {1: {"train": ["E1", "H1"], "tokens": 8},  # 2 + 8
                             2: {"train": ["E1", "H2"], "tokens": 5}},  # 5 + 5
                 "ending": "deck", "over": True})
    out = scoring.outcome(state)
    assert out.winners == (2,)
    assert out.tiebreak == ("P1 and P2 tie on 10 points; P1 and P2 tie on train length (2 cards); "
                            "P2 has the most points from engine and train cars (5 points; P1 2) "
                            "[score.tie-break]")


def test_a_tie_on_everything_is_shared():
    """Tied on points, train length and engine and car points: the tied players share the
    victory [score.tie-break] [score.winner]."""
    state = pos({"players": {1: {"train": ["E1", "T1"], "tokens": 3},
                             2: {"train": ["E1", "H1"], "tokens": 3},
                             3: {"tokens": 1}},
                 "ending": "deck", "over": True}, 3)
    out = scoring.outcome(state)
    assert out.winners == (1, 2)
    assert out.tiebreak == ("P1 and P2 tie on 5 points; P1 and P2 tie on train length (2 cards); "
                            "P1 and P2 tie on engine and train car points (2 points): they share "
                            "the victory [score.tie-break]")
    assert "Winners: P1, P2" in str(out)


def test_unfinished_position_scores_as_it_stands():
    """A position whose end is not triggered is scored as it stands [score.winner]."""
    out = scoring.outcome(pos({"players": {2: {"tokens": 1}}}))
    assert out.winners == (2,) and out.rule == "score.winner"
    assert pos({}).outcome is None


# --- the position builder ------------------------------------------------------------------

def test_position_places_cards_and_passengers_rest_to_deck_and_bag():
    """Cards not placed make the deck, passengers not placed the bag; islands taken leave the
    table; each island taken moved the progress train [components] [setup.islands]
    [progress.advance]."""
    state = pos(CHRIS)
    p1 = state.player(1)
    assert p1.train[1] == Car("H2", (Load("coal", card="H1"),))
    assert p1.train[3] == Car("C1", (Load("passenger", dest="BI"),))
    assert p1.islands == (Held("Flint Beach", 0), Held("Alpine Lodge", None))
    assert p1.hand == ("C2", "X1")
    assert state.display == ("H3", "", "K9")
    placed = 4 + 2 + 2 + 1 + 1 + 2  # P1 train, cargo cards, hand, bank; P2 engine; display
    assert len(state.deck) == 71 - placed
    assert len(state.bag) == 18 - 2 and state.bag.count("BI") == 2
    assert state.islands == ("Camp Eagle", "Billington's")
    assert sorted(t.tile for t in state.tickets) == [1, 2, 3, 4, 5, 6]
    assert state.over and state.decider() is None


def test_position_face_down_and_ticket_tiles():
    """A card loaded face down counts as the car's type [load.face-down]; tickets name their
    tile and filled spaces; a full tile moved the progress train [deliver.ticket-last-space]."""
    state = pos({"players": {1: {"train": ["E1", {"card": "H1", "loads": ["coal:X3:down"]}],
                                 "delivered": "FB FB"},
                             2: {"delivered": "FB"}},
                 "tickets": {"FB": {"tile": 6, "filled": 3}, "AL": 1}})
    assert state.player(1).train[1].loads == (Load("coal", card="X3", face_down=True),)
    fb = next(t for t in state.tickets if t.destination == "FB")
    assert (fb.tile, fb.filled) == (6, ("FB", "FB", "FB"))
    assert state.progress == 1


@pytest.mark.parametrize("spec, players, rule", [
    ({"players": {1: {"train": ["E1", "H3", "H3", "H3"]}}}, 2, "components"),
    ({"players": {1: {"supply": "BI BI", "delivered": "BI BI"}}}, 2, "components"),
    ({"players": {1: {"train": ["Q9"]}}}, 2, "components"),
    ({"players": {1: {"train": ["H1", "E1"]}}}, 2, "build.one-engine"),
    ({"players": {1: {"train": ["E1", "E2"]}}}, 2, "build.one-engine"),
    ({"players": {1: {"train": []}}}, 2, "setup.engines"),
    ({"players": {1: {"train": ["E1", "X2", "X1"]}}}, 2, "build.capacity"),
    ({"players": {1: {"train": ["E1", "BANK"]}}}, 2, "build.from-hand"),
    ({"players": {1: {"train": ["E1", {"card": "H1", "loads": ["coal:H2", "coal:H3"]}]}}}, 2,
     "load.space"),
    ({"players": {1: {"train": ["E1", {"card": "H1", "loads": ["oil:T1"]}]}}}, 2, "load.space"),
    ({"players": {1: {"train": ["E1", {"card": "H1", "loads": ["passenger:BI"]}]}}}, 2, "load.space"),
    ({"players": {1: {"train": ["E1", {"card": "H1", "loads": ["coal:T2"]}]}}}, 2, "load.cargo-type"),
    ({"players": {1: {"train": ["E1", {"card": "K3", "loads": ["oil:T1"]}]}}}, 2,
     "ruling.caboose-3-goods"),
    ({"players": {1: {"islands": ["BI", "AL"]}}}, 2, "deliver.primary-once"),
    ({"players": {1: {"islands": ["Atlantis"]}}}, 2, "setup.islands"),
    ({"players": {1: {"islands": ["Research Station"]}}}, 3, "setup.islands"),
    ({"players": {1: {"islands": [{"island": "RS", "side": 1}]}}}, 4, "deliver.secondary-flip"),
    ({"players": {1: {"islands": ["BI"]}, 2: {"islands": [{"island": "BI", "side": 0}]}}}, 2,
     "deliver.island-owner"),
    ({"players": {1: {"buildings": "BANK TOWN"}}}, 2, "build.one-building"),
    ({"players": {1: {"buildings": "H1"}}}, 2, "build.from-hand"),
    ({"players": {2: {"hand": "C1 C1 C1 C1 H1 H1"}}}, 2, "end.hand-limit"),
    ({"players": {1: {"islands": ["BI"]}}, "progress": 3}, 2, "progress.advance"),
    ({"players": {1: {"progress_train": True}}}, 2, "end.trigger-progress"),
    ({"players": {1: {"delivered": "BI"}}, "tickets": {"BI": {"filled": 2}}}, 2, "deliver.ticket"),
    ({"tickets": {"BI": 3, "AL": 3}}, 2, "setup.tickets"),
    ({"over": True}, 2, "end.check"),
    ({"players": {1: {"tokens": -1}}}, 2, "ruling.vp-tokens"),
])
def test_position_validation_names_the_rule(spec, players, rule):
    """An impossible position raises ValueError naming the rule it breaks [components]
    [build.one-engine] [setup.engines] [build.capacity] [build.from-hand] [load.space]
    [load.cargo-type] [ruling.caboose-3-goods] [deliver.primary-once] [setup.islands]
    [deliver.secondary-flip] [deliver.island-owner] [build.one-building] [end.hand-limit]
    [progress.advance] [end.trigger-progress] [deliver.ticket] [setup.tickets] [end.check]."""
    with pytest.raises(ValueError, match=rf"\[{rule.replace('.', '[.]')}\]"):
        pos(spec, players)


def test_current_player_may_hold_more_than_five_mid_turn():
    """The hand limit applies at the end of a turn, so the player whose turn it is may hold more
    [end.hand-limit]."""
    state = pos({"current": 2, "players": {2: {"hand": "C1 C1 C1 C1 H1 H1"}}})
    assert len(state.player(2).hand) == 6

"""The rulebook's worked examples, replayed with the rulebook's numbers on real tiles
(data/tiles.json). The pictures are not in our copy of the rulebook, so each situation is built
from tiles whose districts and landmarks along the track give exactly the rulebook's result;
the numbers are also recounted here from the cells, not only read from the engine."""

from __future__ import annotations

import pytest

import sandbox
from sandbox.core.pending import CHANCE
from sandbox.traintopia.components import MAP_TILES, ROUND_CARDS
from sandbox.traintopia.model import finished_vp
from tests.traintopia.tt_rules import GAME, at, of, options, play, refused, seat_spec, trace


def _finish_turn(state):
    if state.pending.kind == "after":
        state, _ = state.apply("done")
    return state


def test_example_draft_three_players_round_card_r1():
    """[example.draft] "In a 3-player game the depicted card would make these elements available
    for drafting ... At the end of this draft, the first player has 3 Map Tiles, the second player
    has 2 Map Tiles and 1 Mailbag, and the third player has 1 Yellow Commuter, 1 Map Tile and a
    Train. The only element left is a Tourist." Round card R1 (Tourist, Commuter, Train, Mailbag;
    6 Map Tiles at 3 players) drawn by chance, the Commuter a yellow one; [draft.order] P1, P2,
    P3, three times; [round.clean-up] the Tourist goes back to the box."""
    card = ROUND_CARDS["R1"]
    assert card.elements == ("tourist", "commuter", "train", "mailbag") and card.tiles_for(3) == 6
    m = sandbox.new_game(GAME, players=3, seed=5, auto_chance=False)
    while not (m.pending.player == CHANCE and m.pending.kind == "round-card"):
        m.play(m.legal_actions()[0])
    m.play("reveal R1")
    m.play("reveal commuter.yellow")
    while m.pending.player == CHANCE:
        m.play(m.legal_actions()[0])
    state = m.state
    tiles = [i for i in state.offer if i in MAP_TILES]
    assert len(tiles) == 6 and sorted(set(state.offer) - set(tiles)) == [
        "commuter.yellow", "mailbag", "tourist", "train"]
    picks = {1: ["tile", "tile", "tile"], 2: ["tile", "mailbag", "tile"],
             3: ["commuter.yellow", "tile", "train"]}
    before = {p: len(state.seat(p).network.tiles) for p in (1, 2, 3)}
    for turn in range(3):
        for p in (1, 2, 3):
            assert state.pending.player == p and state.pending.kind == "turn"
            item = picks[p][turn]
            if item == "tile":
                item = next(i for i in state.offer if i in MAP_TILES)
            state, _ = state.apply(f"take {item}")
            if item in MAP_TILES:
                state, _ = state.apply(state.legal_actions()[0])
            else:
                state, _ = state.apply(f"put {item} t0r0")
            state = _finish_turn(state)
    events = [e for _, e in m.events()]
    assert state.round == 2 and state.starter == 2 and state.offer == ()
    assert [len(state.seat(p).network.tiles) - before[p] for p in (1, 2, 3)] == [3, 2, 1]
    assert [p for p, _, _ in state.seat(2).pieces] == ["mailbag"]
    assert [p for p, _, _ in state.seat(3).pieces] == ["commuter.yellow", "train"]
    assert events  # the chance steps were recorded
    # the leftover Tourist went back to the box, not to the supply
    assert dict(state.supply)["tourist"] == 9


ALL = (("S1", 0, 0, 0), ("B02", -1, 2, 2), ("M13", -1, 4, 1), ("M02", 1, 4, 1), ("B03", 3, 4, 1))


def _count(state, colour: str) -> int:
    """The colour's and mixed districts on the cells S1's track runs through, recounted from the
    tile data."""
    from tests.traintopia.tt_rules import cells_of

    network = state.seat(1).network
    track = next(t for t in trace(network) if (0, 0) in t.rails)
    cells = cells_of(network)
    return sum(cells[c] in (colour, "mixed") for c in track.cells)


@pytest.mark.parametrize("rule, colour, vp", [("example.commuter-grey", "grey", 4),
                                              ("example.commuter-green", "green", 3),
                                              ("example.commuter-yellow", "yellow", 7)])
def test_example_commuters_grey_4_green_3_yellow_7(rule, colour, vp):
    """[example.commuter-grey] "The Grey Commuter scores 4 Victory Points!" [example.commuter-green]
    "The Green Commuter scores 3 Victory Points!" [example.commuter-yellow] "The Yellow Commuter
    scores 7 Victory Points!" One track, S1 - B02 - M13 - M02 - B03, whose rails run through 3
    grey, 2 green, 6 yellow and 1 mixed district: each Commuter scores its colour and the mixed."""
    state = at({"players": {1: seat_spec(*ALL)}, "offer": [f"commuter.{colour}", "tourist"]})
    assert _count(state, colour) == vp
    state, events = play(state, f"take commuter.{colour}", f"put commuter.{colour} t0r0")
    assert of(events, "put")[0].data["vp"] == vp and state.seat(1).vp == vp, rule


def test_example_tourist_scores_6():
    """[example.tourist] "The Tourist scores 6 Victory Points!": S1's track through M21 and M16 has
    landmarks worth 1 (S1, 1,1), 2 (M21) and 3 (M16) next to it."""
    tiles = (("S1", 0, 0, 0), ("M21", -1, 2, 0), ("M16", -1, 4, 1))
    state = at({"players": {1: seat_spec(*tiles)}, "offer": ["tourist", "train"]})
    network = state.seat(1).network
    near = [network.feature(c) for c in network.tracks[0].near]
    landmarks = sorted(f for f in near if f.startswith("landmark"))
    assert landmarks == ["landmark1", "landmark2", "landmark3"]
    state, _ = play(state, "take tourist", "put tourist t0r0")
    assert state.seat(1).vp == 6


COLOUR_CHANGE = (("S1", 0, 0, 0), ("M02", -1, 2, 2), ("M31", 0, 4, 0), ("M45", -1, 6, 3))


@pytest.mark.parametrize("put, vp", [("put commuter.grey t0r0", 2), ("put commuter.grey t0r0 as yellow", 5)])
def test_example_colour_change_grey_2_or_yellow_5(put, vp):
    """[example.colour-change] "There is a Yellow Commuter on this Track already ... only a single
    Grey District on this Track – and a single Wild District – so the Grey Commuter would only
    score 2 Victory Points. However ... spend 1 Money Token to score the Yellow Districts instead
    ... 5 Victory Points instead of just 2." S1's track: 1 grey, 1 mixed, 4 yellow districts; a
    yellow Commuter on it; M31's money token pays."""
    state = at({"players": {1: seat_spec(*COLOUR_CHANGE, pieces=[("commuter.yellow", "t0r0")])},
                "offer": ["commuter.grey", "commuter.yellow", "tourist"]})
    assert (_count(state, "grey"), _count(state, "yellow"), _count(state, "green")) == (2, 5, 2)
    state, _ = state.apply("take commuter.grey")
    refused(state, "put commuter.yellow t0r0", "elements.place")  # the grey one was drafted
    assert {"put commuter.grey t0r0", "put commuter.grey t0r0 as yellow"} <= options(state)
    tokens = len(state.seat(1).money)
    state, _ = state.apply(put)
    assert state.seat(1).vp == vp
    assert len(state.seat(1).money) == tokens - (vp == 5)


def test_example_mailbag_finished_4_tiles_different_stations_5_doubled_10():
    """[example.mailbag] "This finished Track is 4 Tiles long, and has different Stations on its
    ends. This means that it will score you 5 Victory Points. The Mailbag will, however, double
    this to a total of 10 Victory Points." S1 (circle) - M23 - M26 - M45 (square)."""
    tiles = (("S1", 0, 0, 0), ("M23", -1, 2, 2), ("M26", -2, 4, 0), ("M45", -1, 6, 0))
    state = at({"players": {1: seat_spec(*tiles, pieces=[("mailbag", "t0r0")])}})
    track = state.seat(1).network.track("t0r0")
    assert track.finished and track.tiles == 4 and not track.identical
    assert [e.station for e in track.ends] == ["circle", "square"]
    assert finished_vp(track, False) == 5 and finished_vp(track, True) == 10
    parts = dict(state.breakdown(1))
    assert parts["finished tracks"] + parts["mailbags"] == 10


def test_example_merging_green_already_scored_blocks_green():
    """[example.merging] "if any of the joined tracks already scored for a Green Commuter before
    merging, you will not be able to score the Green Districts on the new track after merging."
    S1's track has a green Commuter; M36's track has none; M15 joins them through two green
    districts; the green Commuter then drafted cannot go on the merged track."""
    spec = {"players": {1: seat_spec(("S1", 0, 0, 0), ("M36", 2, 1, 3), pieces=[("commuter.green", "t0r0")])},
            "offer": ["M15", "commuter.green", "tourist", "tourist"]}
    state = at(spec)
    state, _ = play(state, "take M15", "lay M15 0,2 r1")
    (track,) = state.seat(1).network.tracks
    assert track.tiles == 3 and state.seat(1).network.feature((0, 2)) == "green"
    state = _finish_turn(state)
    state, _ = play(state, "take tourist", "put tourist t0r0")
    state = _finish_turn(state)
    state, _ = state.apply("take commuter.green")
    refused(state, "put commuter.green t0r0", "elements.commuter-limit")
    assert options(state) == {"discard"}

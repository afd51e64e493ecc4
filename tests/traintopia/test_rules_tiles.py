"""Rulebook order, part 2: Placing Tiles and Tracks, with exact cells. P1's starting tile S1 sits
at 0,0: its station in cell 0,0, its rail down through 0,1 and out of the bottom edge into 0,2.
Every placement here is also checked against `own_faults` (tt_rules), which reads the tile data
without the engine's geometry."""

from __future__ import annotations

import random

import pytest

from sandbox.core.pending import CHANCE
from sandbox.traintopia import Config, State
from sandbox.traintopia.actions import Lay
from sandbox.traintopia.components import BONUS_TILES, MAP_TILES
from sandbox.traintopia.geometry import Network, Placed, turns
from sandbox.traintopia.model import finished_vp
from tests.traintopia.tt_rules import at, legal, of, own_faults, refused, rules, seat_spec, trace

S1_ONLY = Network().with_tile(Placed("S1", 0, 0, 0))


def _laying(tile: str, *tiles, pieces=()) -> State:
    """P1 has drafted `tile` and is to lay it in a network of S1 (and `tiles`)."""
    spec = {"players": {1: seat_spec(("S1", 0, 0, 0), *tiles, pieces=pieces)},
            "offer": [tile, "tourist", "train"]}
    state, _ = at(spec).apply(f"take {tile}")
    assert state.pending.kind == "lay" and state.pending.rule == "tiles.placing"
    return state


def _agrees(state: State, lay: str, rules: set[str]) -> None:
    """The engine and the independent reading of the tile data find the same faults."""
    _, tile, cell, turn = lay.split()
    x, y = map(int, cell.split(","))
    assert own_faults(state.seat(1).network, Placed(tile, x, y, int(turn[1]))) == rules, lay


@pytest.mark.parametrize("lay", ["lay M33 1,2 r0", "lay M33 2,1 r0", "lay M33 2,-1 r0", "lay M33 -2,-1 r0",
                                 "lay M33 -1,-2 r0", "lay M33 1,-2 r0", "lay M33 2,0 r0"])
def test_tiles_half_side_offset_touch_is_enough(lay):
    """[tiles.placing] "at least half of one of its sides touches the side of another Tile": a
    tile of 2 x 2 cells touching along one cell of a side (half a side: 1,2 touches only 1,1) may
    be laid; any rotation; districts need not match. M33 has no rail, so nothing else matters."""
    state = _laying("M33")
    assert legal(state, lay)
    _agrees(state, lay, set())
    after, events = state.apply(lay)
    assert of(events, "lay")[0].rule == "tiles.placing"
    assert after.seat(1).network.tiles[-1] == Placed("M33", *map(int, lay.split()[2].split(",")), 0)


@pytest.mark.parametrize("lay", ["lay M33 2,2 r0", "lay M33 -2,2 r0", "lay M33 2,-2 r0", "lay M33 -2,-2 r0",
                                 "lay M33 4,0 r0", "lay M33 0,5 r0"])
def test_tiles_corner_contact_or_none_is_refused(lay):
    """[tiles.placing] touching only at a corner (2,2 meets 1,1 diagonally), or not at all, is
    not half a side."""
    state = _laying("M33")
    refused(state, lay, "tiles.placing")
    assert "touch" in str(state.explain(lay))
    _agrees(state, lay, {"tiles.placing"})


@pytest.mark.parametrize("lay", ["lay M33 1,1 r0", "lay M33 0,0 r0", "lay M33 -1,-1 r0", "lay M33 1,0 r2"])
def test_tiles_overlap_is_refused(lay):
    """[tiles.placing] "without overlapping another of your Tiles"."""
    state = _laying("M33")
    refused(state, lay, "tiles.placing")
    assert "overlap" in str(state.explain(lay))
    x, y = map(int, lay.split()[2].split(","))
    assert "tiles.placing" in own_faults(state.seat(1).network, Placed("M33", x, y, int(lay[-1])))


def test_tiles_no_dead_end_a_rail_against_a_railless_edge():
    """[tiles.no-dead-ends] "No rail can simply end on another Tile edge": M01 turned once runs its
    rail along its top row; at 2,0 its left end would meet S1's right edge at 1,0, which has no
    rail. Unturned (rail down its left column, both ends in empty space) it fits."""
    state = _laying("M01")
    refused(state, "lay M01 2,0 r1", "tiles.no-dead-ends")
    why = str(state.explain("lay M01 2,0 r1"))
    assert "its rail would end against a tile edge" in why and "2,0" in why
    _agrees(state, "lay M01 2,0 r1", {"tiles.no-dead-ends"})
    assert legal(state, "lay M01 2,0 r0")
    _agrees(state, "lay M01 2,0 r0", set())


def test_tiles_no_dead_end_a_railless_edge_against_an_existing_rail():
    """[tiles.no-dead-ends] the other way round: S1's rail leaves 0,1 downwards; a tile without a
    rail there (M33 anywhere over 0,2) would make it end on a tile edge."""
    state = _laying("M33")
    for lay in ("lay M33 0,2 r0", "lay M33 -1,2 r0"):
        refused(state, lay, "tiles.no-dead-ends")
        assert "the tile next to it" in str(state.explain(lay))
        _agrees(state, lay, {"tiles.no-dead-ends"})


def test_tiles_extending_a_track_joins_the_rails():
    """[tiles.placing] [tracks.track] M01 unturned at 0,2 takes S1's rail on: one track of two
    tiles, its open end now at the bottom of 0,3."""
    state = _laying("M01")
    after, _ = state.apply("lay M01 0,2 r0")
    (track,) = after.seat(1).network.tracks
    assert track.tiles == 2 and track.cells == frozenset({(0, 0), (0, 1), (0, 2), (0, 3)})
    assert [e.kind for e in track.ends] == ["station", "open"] and track.ends[1].key == (0, 3, 2)
    assert not track.finished
    (mine,) = trace(after.seat(1).network)
    assert mine.tiles == 2 and sorted(mine.ends) == ["open", "station:circle"]


LOOP = [("M10", 2, 0, 2), ("M12", 4, 0, 3), ("M11", 4, 2, 0)]  # three quarter circles round 3,1 .. 4,2


def test_tiles_no_loops():
    """[tiles.no-loops] "You cannot loop a track": three one-cell curves at 3,1, 4,1 and 4,2 make
    one track open at 3,1 (down) and 4,2 (left); M13 turned once at 2,2 puts its curve in 3,2,
    which would join that track to itself. Its edges match (no dead end): the loop alone is the
    fault. Unturned there its curve would sit in 2,2 and both rails would end on its edges."""
    state = _laying("M13", *LOOP)
    tracks = state.seat(1).network.tracks
    assert [t.tiles for t in tracks] == [1, 3]
    refused(state, "lay M13 2,2 r1", "tiles.no-loops")
    assert [v.rule for v in state.explain("lay M13 2,2 r1").violations] == ["tiles.no-loops"]
    _agrees(state, "lay M13 2,2 r1", {"tiles.no-loops"})
    assert set(rules(state, "lay M13 2,2 r0")) == {"tiles.no-dead-ends"}
    looped = trace([*state.seat(1).network.tiles, Placed("M13", 2, 2, 1)])
    assert any(t.loop for t in looped)  # the independent tracer sees the loop too


def test_tracks_merging_removes_surplus_elements():
    """[tracks.merging] two tracks joined by a tile keep one of each Commuter colour, one Tourist,
    one Train and one Mailbag; the surplus (the later ones) leaves the network. S1's track (a
    Tourist, a Train, a green Commuter) and M36's (a Tourist, a Mailbag, a green Commuter) meet
    through M15's curve at 0,2 - 1,2."""
    pieces = [("tourist", "t0r0"), ("train", "t0r0"), ("commuter.green", "t0r0"),
              ("tourist", "t1r0"), ("mailbag", "t1r0"), ("commuter.green", "t1r0")]
    state = _laying("M15", ("M36", 2, 1, 3), pieces=pieces)
    assert [t.name for t in state.seat(1).network.tracks] == ["t0r0", "t1r0"]
    after, events = state.apply("lay M15 0,2 r1")
    network = after.seat(1).network
    (track,) = network.tracks
    assert track.finished and track.tiles == 3
    assert sorted(after.seat(1).on(track)) == ["commuter.green", "mailbag", "tourist", "train"]
    merges = of(events, "merge")
    assert [(e.rule, e.data["piece"]) for e in merges] == [("tracks.merging", "tourist"),
                                                            ("tracks.merging", "commuter.green")]
    assert after.seat(1).vp == state.seat(1).vp  # points already scored stay


def test_scoring_finished_length_counts_a_tile_crossed_twice_once():
    """[scoring.finished-length] "If a Track crosses a single Tile more than once, do not count the
    Tile again": M24's two rails both belong to S1's track (down its right rail, round M10 and
    M29, up its left rail, to M47's station): 6 rails on 5 tiles, a finished track of 5 tiles,
    different stations: 5 VP (not 7 for 6 tiles); the longest track is 5 too."""
    tiles = [("M24", -1, 2, 0), ("M10", 0, 4, 0), ("M29", -2, 4, 0), ("M47", -2, 0, 0)]
    state = at({"players": {1: seat_spec(("S1", 0, 0, 0), *tiles)}})
    track = state.seat(1).network.track("t0r0")
    assert len(track.rails) == 6 and track.tiles == 5 and track.finished and not track.identical
    assert (1, 0) in track.rails and (1, 1) in track.rails  # both of M24's rails
    assert finished_vp(track, False) == 5
    mine = next(t for t in trace(state.seat(1).network) if (0, 0) in t.rails)
    assert mine.tiles == 5 and len(mine.rails) == 6
    assert dict(state.breakdown(1))["finished tracks"] == 5


def test_tiles_a_tile_that_fits_nowhere_is_discarded_for_one_vp():
    """[ruling.discard-tiles] a drafted tile must be laid; only a tile with no legal place may be
    returned to the box for 1 VP."""
    state = _laying("M33")
    refused(state, "discard", "ruling.discard-tiles")
    # A network of S1 alone takes every tile somewhere: the whole ruling is exercised in
    # test_rulings.py; here the refusal names the rule.


# --- generated placements = the brute force ---------------------------------------------------------

def _networks(count: int) -> list[Network]:
    """Networks of random games at 2-4 players, taken at different stages."""
    out = []
    for seed in range(count):
        rng = random.Random(1000 + seed)
        state = State.start(Config.make(2 + seed % 3))
        stop = rng.randrange(60, 400)
        for _ in range(stop):
            if state.outcome is not None:
                break
            chance = state.to_move == CHANCE
            action = state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
            state, _ = state.apply(action)
        out.append(max((s.network for s in state.seats), key=lambda n: len(n.tiles)))
    return out


def test_tiles_placements_are_exactly_what_faults_accepts_in_a_brute_force_window():
    """[tiles.placing] [tiles.no-dead-ends] [tiles.no-loops] for several random networks and
    tiles: the placements the engine generates from the network's edge are exactly the
    positions x turns of a window around the network that `faults` accepts (two turns that look
    alike are one placement), and the independent reading of the tile data agrees with `faults`
    on every candidate of the window. The lays a decision lists (`lay_options`) are those
    placements, in the same order."""
    rng = random.Random(7)
    checked = 0
    for network in _networks(8):
        left, top, right, bottom = network.bounds()
        used = {p.tile for p in network.tiles}
        for tile in rng.sample([t for t in (*MAP_TILES, *BONUS_TILES) if t not in used], 5):
            brute = set()
            for x in range(left - 3, right + 3):
                for y in range(top - 3, bottom + 3):
                    for turn in range(4):
                        placed = Placed(tile, x, y, turn)
                        faults = {rule for rule, _ in network.faults(placed)}
                        assert faults == own_faults(network, placed), placed
                        checked += 1
                        if not faults:
                            brute.add((x, y, placed.shape.look))
            generated = network.placements(tile)
            looks = [(p.x, p.y, p.shape.look) for p in generated]
            assert len(looks) == len(set(looks)), "a placement generated twice"
            assert set(looks) == brute, tile
            assert all(p.turn in turns(tile) for p in generated)
            options = network.lay_options(tile)  # what a lay decision lists, made as found
            assert all(type(a) is Lay for a in options)
            assert [(a.tile, a.x, a.y, a.turn) for a in options] == [
                (p.tile, p.x, p.y, p.turn) for p in generated]
    assert checked > 20_000


def test_a_tile_laid_says_whether_it_made_two_tracks_one():
    """[tracks.merging] a surplus is looked for only after a tile that made two tracks one
    (`merged` in the network's index, set as the tile is laid): over random networks, tile by
    tile, it is set exactly when a track traced afresh from the tile data holds rails of two
    tracks traced before the tile, and a network built from its tiles at once says the same.
    Random play rarely joins two tracks (1 lay in about 500), so the merge of
    `test_tracks_merging_removes_surplus_elements` comes first."""
    example = Network((Placed("S1", 0, 0, 0), Placed("M36", 2, 1, 3), Placed("M15", 0, 2, 1)))
    seen = {True: 0, False: 0}
    for network in (example, *_networks(10)):
        carried = Network().with_tile(network.tiles[0])
        for placed in network.tiles[1:]:
            before = [set(t.rails) for t in trace(carried)]
            carried = carried.with_tile(placed)
            joined = any(sum(1 for rails in before if rails & set(t.rails)) >= 2 for t in trace(carried))
            assert carried.index.merged == joined, placed
            assert Network(carried.tiles).index.merged == joined, placed
            seen[joined] += 1
    assert seen[True] >= 1 and seen[False] >= 30, seen


def test_tracks_carried_on_tile_by_tile_equal_tracks_built_afresh():
    """A network builds again only the tracks a new tile joins or faces [tracks.merging]; over
    random games (Railheads included) they equal the tracks traced from scratch, and a chance
    outcome is legal exactly when the pile can give it."""
    import random

    import sandbox
    from sandbox.traintopia.actions import Reveal
    from sandbox.traintopia.components import MAP_TILES, OBJECTIVES, ROUND_CARDS
    from sandbox.traintopia.geometry import Network

    checked = 0
    for g in range(12):
        state = sandbox.new_game("traintopia", players=3, seed=g).state
        rng = random.Random(g)
        while not state.is_over:
            for seat in state.seats:
                assert seat.network.tracks  # known before the next tile: carried on after it
            if state.to_move == 0:
                legal = set(state.legal_actions())
                for item in (*MAP_TILES[:10], *ROUND_CARDS, *OBJECTIVES, "commuter.grey", "grey", "M99"):
                    assert state.is_legal(Reveal(item)) == (Reveal(item) in legal)
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state, _ = state.apply(action)
            for seat in state.seats:
                assert seat.network.tracks == Network(seat.network.tiles).tracks
                checked += 1
    assert checked > 1000

"""How the engine stays fast without changing a game (issue 30): one private copy of the state per
transition, tracks worked out when asked (several tiles at once) and equal to tracks traced
afresh, event texts built when read, legal actions shared between states, and the placement
table kept small. Same games: the golden playthroughs pin what is played and said."""

from __future__ import annotations

import gc
import random
from collections.abc import Collection
from typing import Any

import pytest

import sandbox
from sandbox import native
from sandbox.core.pending import CHANCE
from sandbox.traintopia import geometry
from sandbox.traintopia import state as state_module
from sandbox.traintopia.actions import Lay
from sandbox.traintopia.components import RAILHEAD
from sandbox.traintopia.geometry import Network


def _random_game(seed: int, players: int = 3) -> Any:
    """(state, action) of every step of a seeded random game."""
    state = sandbox.new_game("traintopia", players=players, seed=seed).state
    rng = random.Random(seed)
    while not state.is_over:
        action = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_actions())
        yield state, action
        state, _ = state.apply(action)


def test_tracks_worked_out_over_several_tiles_equal_tracks_built_afresh():
    """A tile laid leaves the network's tracks to be worked out when first asked; asked after one
    tile or after several, they equal the tracks traced from scratch [tracks.merging]."""
    rng = random.Random(5)
    deferred = compared = 0
    for seed in range(10):
        for state, action in _random_game(seed, 2 + seed % 3):
            if not isinstance(action, Lay):
                continue
            after, _ = state.apply(action)
            network = after.seat(state.top.player).network
            deferred += "tracks" not in network.__dict__
            if rng.random() < 0.4:  # otherwise the next lays catch up several tiles at once
                assert network.tracks == Network(network.tiles).tracks
                compared += 1
    assert compared > 100 and deferred > 200


def test_a_put_needs_only_its_track():
    """Listing and playing a put works out no other track: the names come from the index, in the
    order of `tracks`, and the one track built alone equals the same track among all of them
    [elements.commuter]. A network waiting for its tracks keeps alive only the last one whose
    tracks are known, not every network laid in between."""
    checked = 0
    for seed in range(6):
        for state, _action in _random_game(seed, 2 + seed % 3):
            top = state.top
            if top is None or top.kind != "put" or top.player == CHANCE:
                continue
            network = state.seat(top.player).network
            traced = Network(network.tiles).tracks
            if "tracks" not in network.__dict__:
                before = network.__dict__.get("_before")
                assert before is None or "tracks" in before.__dict__ or "_before" not in before.__dict__
                state.legal_actions()
                assert "tracks" not in network.__dict__  # listing the puts built none
                for name, _head in network.track_names():
                    assert network.track(name) == next(t for t in traced if t.name == name)
                assert "tracks" not in network.__dict__
            assert network.track_names() == tuple((t.name, t.rails[0]) for t in traced)
            checked += 1
    assert checked > 50


def test_a_track_is_found_by_its_name_and_only_by_it():
    """`track(name)` reads the name back to the rail (no scan of every track's name, formatted
    each time): any name that is not a track's, written another way, or not a rail's name at
    all, finds nothing, before the tracks are worked out and after; names read from outside are
    never kept."""
    network = next(state.seat(1).network for state, _ in _random_game(3, 2)
                   if len(state.seat(1).network.tiles) >= 6)
    names = [name for name, _ in network.track_names()]
    others = ["t0r9", "t99r0", "t03r0", "t0r00", "t0", "r0", "tr", "t0r0r0", "t-1r0", "t0r٣", "", "T0R0"]
    fresh = Network(network.tiles)  # its tracks not worked out: each is built alone when named
    assert network.tracks and "tracks" not in fresh.__dict__
    for net in (fresh, network):
        for name in names:
            assert net.track(name).name == name
        for name in others:
            assert name in names or net.track(name) is None, name
    kept = len(geometry._RAILS_NAMED)
    for n in range(500):
        assert network.track(f"t{1000 + n}r0") is None
    assert len(geometry._RAILS_NAMED) == kept


def test_a_transition_copies_the_state_once(monkeypatch: pytest.MonkeyPatch):
    """Every kind of transition builds one private copy, changes it and hands it out: no copy per
    step of the rules applied. In plain Python that copy is the one `evolve` call; compiled, it
    is `table.copied` (a C function, out of a test's reach), so `evolve` is never called: every
    step writes into the copy in place (`_set`). `tests/core/test_compiled.py` runs this test
    again in plain Python where the suite runs compiled."""
    copies = 0 if "sandbox.traintopia.state" in native.compiled_now() else 1
    calls = []

    def counting(copy: Any) -> Any:
        def counted(*args: Any, **changes: Any) -> Any:
            calls.append(1)
            return copy(*args, **changes)
        return counted

    monkeypatch.setattr(state_module, "evolve", counting(state_module.evolve))
    kinds = set()
    for state, action in _random_game(3, 4):
        calls.clear()
        after, _ = state.apply(action)
        assert len(calls) == copies, (action, len(calls))
        assert after is not state
        kinds.add(type(action).__name__)
    assert {"Reveal", "Take", "Lay", "Put", "Done"} <= kinds


def test_event_texts_are_worked_out_when_read():
    """The commonest events carry their words unformatted until read, and read as the table
    shows the things they name (a track by its ends, a tile by its rails and features)."""
    seen = set()
    for state, action in _random_game(1, 2):
        _, events = state.apply(action)
        for event in events:
            if event.kind in ("reveal", "draft", "lay", "put"):
                assert event.args and "{}" in event.template
                assert "{" not in event.text and event.text.startswith(("P", "The map tile"))
                seen.add(event.kind)
            if event.kind == "put":
                assert " track" in event.text and event.data["track"] not in event.text
    assert seen == {"reveal", "draft", "lay", "put"}


def test_legal_actions_are_shared_between_states():
    """The same draft, put or reveal is one object in every state that offers it (no new
    objects a decision), and equal to a hand-built one."""
    takes: dict[Any, Any] = {}
    shared = 0
    for state, _ in _random_game(2, 2):
        if state.to_move == CHANCE:
            continue
        for action in state.legal_actions():
            if type(action).__name__ in ("Take", "Buy", "Put"):
                if action in takes:
                    assert takes[action] is action
                    shared += 1
                takes[action] = action
    assert shared > 100


def test_the_placement_table_is_bounded_and_unseen_by_the_cycle_collector():
    """What each kind of tile fits is remembered per kind of position: 3^8 kinds (each half-side
    against nothing, a tile or a rail), in bytes, so that the cycle collector, which walks every
    entry of the tables it tracks at each full collection, never walks these; and each kind
    remembered is what the masks admit, worked out again."""
    for seed in range(10):
        for _ in _random_game(100 + seed, 2 + seed % 3):
            pass
    assert geometry._FITS and len(geometry._FITS) < 30
    tiles_of = {geometry._signature(t): t for t in geometry.TILES}
    for signature, table in geometry._FITS.items():
        assert len(table) == 2 * 3 ** 8 and any(table[0::2])
        for packed in range(1 << 16):
            tiles, rails = packed >> 8, packed & 0xFF
            kind = geometry._TERNARY[tiles] + geometry._TERNARY[rails]
            if rails & ~tiles or not table[2 * kind]:
                continue
            assert table[2 * kind + 1] == geometry._fit(tiles_of[signature], packed)
        assert not gc.is_tracked(table)


def _footprint(x: int, y: int) -> set[tuple[int, int]]:
    return {(x + dx, y + dy) for dx, dy in geometry.LOCAL}


def _touches(position: tuple[int, int], laid: Collection[tuple[int, int]]) -> bool:
    """Whether a tile at `position` would share a cell edge with a laid cell."""
    return any((cx + sx, cy + sy) in laid for cx, cy in _footprint(*position) for sx, sy in geometry.STEP)


def test_the_window_of_positions_agrees_with_the_cells_laid():
    """A network's index keeps where a tile may go on a window of positions laid out for C
    (`_Places`): the positions it offers are exactly those overlapping no laid cell and sharing an
    edge with one, those it marks overlapped each overlap one, and the Railhead's places read
    from it are those traced from the tracks' open ends and the cells [bonus.railhead]."""
    checked = 0
    for seed in range(4):
        for state, _action in _random_game(seed, 2 + seed % 3):
            if state.phase != "round" or state.current != 1:
                continue
            network = state.seat(1).network
            index = network.index
            laid = index.cells.keys()

            near = {(cx - dx, cy - dy) for cx, cy in laid for dx in range(-2, 3) for dy in range(-2, 3)}
            expected = {c for c in near if not _footprint(*c) & laid and _touches(c, laid)}
            assert set(index.places.open()) == expected
            assert all(_footprint(*c) & laid for c in index.places.overlapped())
            traced = set()
            for track in network.tracks:
                for end in track.ends if not track.finished else ():
                    if end.kind != "open":
                        continue
                    ox, oy = geometry.beyond(end.key)
                    for t in range(4):
                        for rail in geometry.shape(RAILHEAD, t).rails:
                            for px, py, d in rail.ports:
                                placed = geometry.Placed(RAILHEAD, ox - px, oy - py, t)
                                free = not set(placed.footprint()) & index.cells.keys()
                                if d == (end.key[2] + 2) % 4 and free:
                                    traced.add(placed)
            assert network.railhead_placements(RAILHEAD) == tuple(sorted(traced))
            checked += 1
    assert checked > 20


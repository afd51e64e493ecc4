"""The switchable rulings (`rulebook.RULINGS` with a switch, the fields of `config.Rulings`): for
each, a position where the default reading and the other one differ as the ruling says; and
unknown rulings are refused with a message naming the switch."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

import sandbox
from sandbox.traintopia import Rulings
from sandbox.traintopia.geometry import Placed
from sandbox.traintopia.rulebook import RULINGS
from sandbox.traintopia.scoring import outcome
from tests.traintopia.tt_rules import GAME, at, footprint, legal, of, play, refused, seat_spec, trace

SWITCHES = {r.id: r.switch for r in RULINGS if r.switch}


@pytest.mark.parametrize("ruling", sorted(SWITCHES))
def test_every_documented_switch_is_a_rulings_field(ruling):
    """[ruling.districts-along] [ruling.discard-tiles] [ruling.objectives] [ruling.tiebreak]
    [ruling.special-actions] each switch a ruling names is a field of `Rulings`, the default
    first, the same readings."""
    found = re.fullmatch(r"(\w+)='([\w-]+)' \(default\)((?: \| '[\w-]+')+)", SWITCHES[ruling])
    assert found, SWITCHES[ruling]
    name, default = found.group(1), found.group(2)
    others = tuple(re.findall(r"'([\w-]+)'", found.group(3)))
    assert Rulings.CHOICES[name] == (default, *others)
    assert getattr(Rulings(), name) == default and name in {f.name for f in fields(Rulings)}
    assert set(Rulings.CHOICES) == {f.name for f in fields(Rulings)}


def test_unknown_ruling_name_or_value_is_refused():
    """An unknown option or value raises ValueError naming the switch and its readings."""
    with pytest.raises(ValueError, match="districts"):
        sandbox.new_game(GAME, players=2, districts="cells")
    with pytest.raises(ValueError, match="'rail-cells' or 'tiles'"):
        sandbox.new_game(GAME, players=2, districts="cells")
    with pytest.raises(ValueError, match="tiebreak"):
        sandbox.new_game(GAME, players=2, tiebreak="coin")
    with pytest.raises(ValueError, match="has no option"):
        sandbox.new_game(GAME, players=2, district="tiles")
    assert sandbox.new_game(GAME, players=2, districts="tiles").state.config.rulings.districts == "tiles"


SPLIT = (("S1", 0, 0, 0), ("M24", -1, 2, 0))  # S1's track runs down M24's right rail only


@pytest.mark.parametrize("districts, grey, green", [("rail-cells", 1, 0), ("tiles", 2, 1)])
def test_ruling_districts_rail_cells_or_whole_tiles(districts, grey, green):
    """[ruling.districts-along] S1's track runs through S1's grey 0,1 and M24's yellow 0,2 and money
    0,3; M24's grey -1,2 and green -1,3 lie on its other rail. Rail cells (default): grey 1,
    green 0; whole tiles: grey 2, green 1. The Inspector reads the same [bonus.inspector]."""
    for colour, vp in (("grey", grey), ("green", green)):
        state = at({"players": {1: seat_spec(*SPLIT)}, "offer": [f"commuter.{colour}", "tourist"]},
                   districts=districts)
        state, events = play(state, f"take commuter.{colour}", f"put commuter.{colour} t0r0")
        assert of(events, "put")[0].data["vp"] == vp
    spec = {"players": {1: seat_spec(*SPLIT), 2: {"vp": 9}}, "offer": ["tourist", "tourist"],
            "rounds_left": 0}
    state, _ = play(at(spec, districts=districts), "take tourist", "discard")
    if state.pending.kind == "after":
        state, _ = state.apply("done")
    state, _ = play(state, "bonus inspector", "bonus train")
    state, events = state.apply("put inspector t0r0 as green")
    assert of(events, "put")[0].data["vp"] == green


@pytest.mark.parametrize("reading", ["unplaceable", "always"])
def test_ruling_discard_tiles(reading):
    """[ruling.discard-tiles] by default a drafted tile that fits must be laid; 'always': any
    drafted tile may be returned to the box for 1 VP during the rounds (not the setup picks)."""
    state = at({"offer": ["M33", "tourist"]}, discard_tiles=reading)
    state, _ = state.apply("take M33")
    if reading == "always":
        assert legal(state, "discard")
        after, events = state.apply("discard")
        assert after.seat(1).vp == 1 and "M33" in after.boxed
        assert of(events, "discard")[0].rule == "elements.discard"
    else:
        refused(state, "discard", "ruling.discard-tiles")
    m = sandbox.new_game(GAME, players=2, seed=1, discard_tiles=reading)
    while m.pending.kind == "pick":
        m.play(m.legal_actions()[0])
    assert m.pending.kind == "lay"
    refused(m.state, "discard", "ruling.discard-tiles")


@pytest.mark.parametrize("reading, vp", [("all-or-nothing", 4), ("off", 0)])
def test_ruling_objectives(reading, vp):
    """[ruling.objectives] O6 (4 money tokens left in the network, 4 VP) is met: it scores 4 by
    default and nothing when objectives are off."""
    tiles = (("S4", 0, 0, 0), ("M08", 1, 2, 0), ("M34", 2, 0, 0), ("M13", -2, 0, 0))
    state = at({"players": {1: seat_spec(*tiles, objective="O6")}}, objectives=reading)
    assert dict(state.breakdown(1))["objective"] == vp


@pytest.mark.parametrize("reading, winners", [("shared", (1, 2)), ("turn-order", (1,))])
def test_ruling_tiebreak(reading, winners):
    """[ruling.tiebreak] tied winners share by default; 'turn-order': the tied player closest to
    the last round's Starting Player (P1) wins."""
    spec = {"players": {1: {"tiles": [["S1", 0, 0, 0]], "vp": 5}, 2: {"tiles": [["S2", 0, 0, 0]], "vp": 11}},
            "starter": 1}  # P1's one-tile track takes the longest-track tie: 5 + 6 = 11
    result = outcome(at(spec, tiebreak=reading))
    assert result.scores == {1: 11, 2: 11} and result.winners == winners


MONEYED = (("S4", 0, 0, 0), ("M08", 1, 2, 0), ("M34", 2, 0, 0), ("M13", -2, 0, 0))  # 4 money tokens


def _buy(state, tile: str):
    """Spend a token on `tile` (the first token offered) and lay it in its first legal place."""
    state, _ = state.apply(f"buy {tile}")
    while state.pending.kind in ("pay", "lay"):
        state, _ = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("reading", ["once-each", "repeat"])
def test_ruling_special_actions_once_each_or_repeat(reading):
    """[ruling.special-actions] [money.actions] "spend up to 3 Money Tokens, each to perform one of
    the Special Actions once": by default a second Bonus Tile in one turn is refused; under
    'repeat' the same action may be bought again, and the 3-token cap still holds (a fourth
    Bonus Tile, or a colour change after three spends, is refused)."""
    state = at({"players": {1: seat_spec(*MONEYED)}, "offer": ["commuter.grey", "tourist", "train"]},
               special_actions=reading)
    assert len(state.seat(1).money) == 4
    state = _buy(state, "B01")
    if reading == "once-each":
        refused(state, "buy B02", "money.actions")
        assert "once a turn" in str(state.explain("buy B02"))
        assert legal(state, "objective")
        return
    state = _buy(_buy(state, "B02"), "B03")
    assert state.used == ("bonus", "bonus", "bonus") and state.pending.kind == "turn"
    refused(state, "buy B04", "money.actions")
    assert "at most 3 money tokens a turn" in str(state.explain("buy B04"))
    refused(state, "objective", "money.actions")
    state, _ = state.apply("take commuter.grey")
    refused(state, "put commuter.grey t0r0 as yellow", "money.actions")


def test_ruling_colour_limit_counts_the_printed_colour():
    """[ruling.colour-limit] [example.colour-change] a recoloured Commuter keeps its printed colour
    on the track: a Grey Commuter scoring yellow may join a track holding a Yellow Commuter and
    stays grey there; a Yellow Commuter may not join it even to score green."""
    tiles = (("S1", 0, 0, 0), ("M02", -1, 2, 2), ("M31", 0, 4, 0), ("M45", -1, 6, 3))
    spec = {"players": {1: seat_spec(*tiles, pieces=[("commuter.yellow", "t0r0")])},
            "offer": ["commuter.grey", "commuter.yellow", "tourist"]}
    grey, _ = at(spec).apply("take commuter.grey")
    after, _ = grey.apply("put commuter.grey t0r0 as yellow")
    assert after.seat(1).vp == 5
    assert sorted(p for p, *_ in after.seat(1).pieces) == ["commuter.grey", "commuter.yellow"]
    yellow, _ = at(spec).apply("take commuter.yellow")
    refused(yellow, "put commuter.yellow t0r0 as green", "elements.commuter-limit")


def test_ruling_starting_money_is_covered_at_setup():
    """[ruling.starting-money] [money.cover] the money symbols on the starting tiles are covered
    when the tiles are dealt: S3's at 1,0 and S4's at 1,1, two tokens out of the 24."""
    m = sandbox.new_game(GAME, players=2, seed=1, force=["reveal S3", "reveal S4"])
    assert [s.money for s in m.state.seats] == [((1, 0),), ((1, 1),)]
    assert m.state.money_left == 22
    covered = [(e.actor, e.rule) for _, e in m.events() if e.kind == "money"]
    assert covered == [(1, "money.cover"), (2, "money.cover")]


def test_ruling_adjacency_counts_a_landmark_on_a_rail_cell():
    """[ruling.adjacency] [example.tourist] a landmark on a cell the rails run through is next to
    the rail: S1-M01-M16's track runs through M01's 2-landmark at 0,3 (traced from the tile data),
    so a Tourist scores 1 + 2 + 3 = 6, not 4."""
    tiles = (("S1", 0, 0, 0), ("M01", 0, 2, 0), ("M16", 0, 4, 0))
    features = {c: f for t in tiles for c, f in footprint(*t).items()}
    (traced,) = trace([Placed(*t) for t in tiles])
    assert features[(0, 3)] == "landmark2" and (0, 3) in traced.cells
    state = at({"players": {1: seat_spec(*tiles)}, "offer": ["tourist", "train"]})
    state, events = play(state, "take tourist", "put tourist t0r0")
    assert of(events, "put")[0].data["vp"] == 6

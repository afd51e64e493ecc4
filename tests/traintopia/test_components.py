"""Traintopia component data: it loads, keeps every count the rulebook and the research give,
keeps the reconstruction within its budgets (tile geometry, feature mix, round-card elements and
tiles, objectives), labels where every record comes from, and a broken file is refused with a
message naming the file, the record and the field."""

import importlib.util
import itertools
import json
import re
import shutil
import uuid
from collections import Counter
from pathlib import Path

import pytest

from sandbox.core.components import SOURCES, ComponentError
from sandbox.traintopia import components as cp

RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "traintopia.txt"
DATA = Path(cp.__file__).parent / "data"
TOOL = Path(__file__).resolve().parents[2] / "tools" / "make_traintopia_tiles.py"
DISTRICT_CELLS = (*cp.DISTRICTS, cp.MIXED)
ROTATE_CELL = {0: 1, 1: 3, 3: 2, 2: 0}  # a quarter turn clockwise


def _tiles(tset):
    return [t for t in cp.TILES.values() if t.set == tset]


def _scoring(tile):
    """Cells with a district, landmark or money symbol."""
    return sum(c != cp.PARK for c in tile.cells)


def _rotated(tile, turns):
    """The tile's printing turned `turns` quarter turns clockwise, as comparable values."""
    cells = list(tile.cells)
    rails = [(r.ends, r.cells) for r in tile.rails]
    station = tile.station_cell
    for _ in range(turns):
        new = [""] * 4
        for i, c in enumerate(cells):
            new[ROTATE_CELL[i]] = c
        cells = new
        rails = [(tuple(e if e == cp.STATION else (e + 2) % 8 for e in ends),
                  tuple(sorted(ROTATE_CELL[c] for c in rc))) for ends, rc in rails]
        station = ROTATE_CELL[station] if station >= 0 else -1
    shape = sorted((tuple(sorted(map(str, ends))), rc) for ends, rc in rails)
    return tuple(cells), tuple(shape), tile.station, station


def _canonical(tile):
    return min(_rotated(tile, k) for k in range(4))


# --- loading and counts --------------------------------------------------------------------------

def test_data_loads_with_the_counts_the_rulebook_and_research_give():
    c = cp.load()
    assert c == cp.COMPONENTS
    assert Counter(t.set for t in c.tiles) == {"map": 50, "start": 4, "bonus": 10, "railhead": 1}
    assert tuple(f"M{i:02d}" for i in range(1, 51)) == cp.MAP_TILES
    assert cp.START_TILES == ("S1", "S2", "S3", "S4")
    assert tuple(f"B{i:02d}" for i in range(1, 11)) == cp.BONUS_TILES
    assert cp.RAILHEAD == "RH"
    assert list(cp.ROUND_CARDS) == [f"R{i}" for i in range(1, 10)]
    assert list(cp.OBJECTIVES) == [f"O{i}" for i in range(1, 9)]
    assert cp.SUPPLY == {
        "commuter.grey": 5, "commuter.yellow": 5, "commuter.green": 5, "tourist": 10, "train": 5,
        "mailbag": 6, "railway_inspector": 1, "bag": 1, "money": 24, "vp_token": 90, "map_tile": 50,
        "start_tile": 4, "bonus_tile": 10, "railhead": 1, "round_card": 9, "objective_card": 8,
        "end_game_bonus_card": 1, "player_aid_card": 4}


def test_the_api_the_engine_uses():
    assert cp.PORT_CELL == (0, 1, 1, 3, 3, 2, 2, 0)
    assert cp.STATION == "station" and cp.STATION_KINDS == ("circle", "square", "diamond")
    assert cp.DISTRICTS == ("grey", "yellow", "green")
    assert cp.ELEMENTS == ("tourist", "commuter", "train", "mailbag")
    m01 = cp.TILES["M01"]
    assert m01.cells == ("grey", "", "landmark2", "money") and m01.station == "" and m01.station_cell == -1
    assert m01.rails == (cp.Rail((0, 5), (0, 2)),)
    assert m01.rail_at(5) is m01.rails[0] and m01.rail_at(3) is None and m01.ports == (0, 5)
    assert cp.ROUND_CARDS["R1"].tiles_for(3) == 6 and cp.ROUND_CARDS["R8"].tiles_for(4) == 2
    with pytest.raises(ValueError):
        cp.ROUND_CARDS["R1"].tiles_for(5)
    assert cp.OBJECTIVES["O1"].param("tiles") == 6
    with pytest.raises(KeyError):
        cp.OBJECTIVES["O1"].param("count")


# --- tile geometry -------------------------------------------------------------------------------

def test_ports_and_cells_turn_together():
    """A quarter turn clockwise takes port p to p + 2 and cell 0 to 1 to 3 to 2: each port stays
    on its cell."""
    for p in range(8):
        assert cp.PORT_CELL[(p + 2) % 8] == ROTATE_CELL[cp.PORT_CELL[p]]
    for p in range(0, 8, 2):  # the two halves of a side: clockwise, two cells side by side
        assert cp.PORT_CELL[p + 1] in cp.CELL_NEIGHBOURS[cp.PORT_CELL[p]]


def test_every_rail_runs_between_two_ends_through_connected_cells():
    for t in cp.TILES.values():
        for r in t.rails:
            a, b = r.ends
            assert a != b and (a, b) != (cp.STATION, cp.STATION), t.id
            assert all(e == cp.STATION or e in range(8) for e in r.ends), t.id
            assert list(r.cells) == sorted(set(r.cells)) and set(r.cells) <= {0, 1, 2, 3}, t.id
            needed = {t.station_cell if e == cp.STATION else cp.PORT_CELL[e] for e in r.ends}
            assert needed <= set(r.cells), (t.id, r)
            seen, todo = {r.cells[0]}, [r.cells[0]]  # orthogonally connected within the 2 x 2
            while todo:
                cell = todo.pop()
                for n in r.cells:
                    if n not in seen and abs(n - cell) in (1, 2) and {n, cell} not in ({1, 2}, {0, 3}):
                        seen.add(n)
                        todo.append(n)
            assert seen == set(r.cells), (t.id, r)
            assert len(r.cells) <= 3, (t.id, r)  # no rail wanders through all four cells


def test_each_port_is_used_once_and_each_station_has_one_rail():
    for t in cp.TILES.values():
        ports = [p for r in t.rails for p in r.ports]
        assert len(ports) == len(set(ports)), t.id
        to_station = [r for r in t.rails if r.to_station]
        if t.station:
            assert len(to_station) == 1 and t.cells[t.station_cell] == "", t.id
            assert 0 <= t.station_cell <= 3
        else:
            assert not to_station and t.station_cell == -1, t.id


def test_features_are_known_and_money_at_most_two_a_tile():
    for t in cp.TILES.values():
        assert set(t.cells) <= set(cp.FEATURES), t.id
        assert t.cells.count("money") <= 2, t.id


# --- the map tiles: the reconstructed mix --------------------------------------------------------

def test_map_tiles_mix_stations_rails_and_empty_tiles():
    maps = _tiles("map")
    kinds = Counter(t.station for t in maps if t.station)
    assert kinds == {"circle": 5, "square": 5, "diamond": 5}
    through = [t for t in maps if not t.station]
    assert sum(not t.rails for t in maps) == 3  # "without extending an existing Track"
    assert sum(len(t.rails) == 2 for t in through) == 9
    single = [t.rails[0] for t in through if len(t.rails) == 1]
    straight = [r for r in single if len(r.cells) == 2 and abs(r.ends[0] // 2 - r.ends[1] // 2) == 2]
    assert len(single) == 23 and len(straight) == 9
    assert all(len(t.rails) <= 2 for t in maps)
    crossing = [t for t in through if len(t.rails) == 2 and set(t.rails[0].cells) & set(t.rails[1].cells)]
    assert len(crossing) == 3


def test_map_tile_features_are_balanced():
    cells = Counter(c for t in _tiles("map") for c in t.cells)
    for district in cp.DISTRICTS:
        assert 22 <= cells[district] <= 28, district
    assert 6 <= cells["mixed"] <= 10
    landmarks = [cells[f"landmark{v}"] for v in (1, 2, 3)]
    assert 18 <= sum(landmarks) <= 23 and landmarks[0] > landmarks[1] > landmarks[2] > 0  # many 1s
    assert 13 <= cells["money"] <= 17
    assert sum(cells.values()) == 200


def test_every_map_tile_shows_something_and_districts_lie_on_rails():
    """A district off every rail could never score for a Commuter: each lies on a rail's cells."""
    for t in cp.TILES.values():
        on_rail = {c for r in t.rails for c in r.cells}
        for i, c in enumerate(t.cells):
            if c in DISTRICT_CELLS:
                assert i in on_rail, (t.id, i, c)
    assert all(_scoring(t) for t in _tiles("map"))


def test_the_fifty_map_tiles_are_distinct_even_turned():
    shapes = Counter(_canonical(t) for t in _tiles("map"))
    assert len(shapes) == 50, [s for s, n in shapes.items() if n > 1]


def test_starting_tiles_are_stations_all_slightly_different():
    starts = [cp.TILES[i] for i in cp.START_TILES]
    assert [t.station for t in starts] == ["circle", "square", "diamond", "circle"]
    for t in starts:
        assert len(t.rails) == 1 and t.rails[0].to_station and len(t.rails[0].ports) == 1
        assert 2 <= _scoring(t) <= 3, t.id
        assert any(c in DISTRICT_CELLS for c in t.cells), t.id
    assert len({_canonical(t) for t in starts}) == 4
    assert len({_scoring(t) for t in starts}) == 1  # no seat starts much stronger


def test_bonus_tiles_are_a_little_stronger_than_map_tiles():
    maps, bonus = _tiles("map"), _tiles("bonus")
    average = sum(map(_scoring, maps)) / len(maps)
    assert all(_scoring(t) > average for t in bonus)
    assert sum(map(_scoring, bonus)) / len(bonus) <= average + 1.5
    assert len({_canonical(t) for t in bonus}) == 10
    assert 2 <= sum(bool(t.station) for t in bonus) <= 4
    assert any("landmark3" in t.cells for t in bonus)
    assert any(t.cells.count("mixed") == 2 for t in bonus)
    assert any(len(t.rails) == 2 for t in bonus)


def test_the_railhead_is_a_station_of_its_own_kind():
    rh = cp.TILES[cp.RAILHEAD]
    assert rh.set == "railhead" and rh.station == "railhead" and rh.station_cell == 0
    assert rh.rails == (cp.Rail((5, cp.STATION), (0, 2)),)
    assert rh.cells == ("", "", "", "")
    assert all(t.station != "railhead" for t in cp.TILES.values() if t is not rh)


def test_the_tile_file_is_what_the_tool_writes(tmp_path, monkeypatch):
    """tools/make_traintopia_tiles.py regenerates tiles.json exactly (it has no randomness)."""
    spec = importlib.util.spec_from_file_location("make_tiles", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    monkeypatch.setattr(tool, "OUT", tmp_path / "tiles.json")
    tool.main()
    written = (tmp_path / "tiles.json").read_text(encoding="utf-8")
    assert written == (DATA / "tiles.json").read_text(encoding="utf-8")


# --- round cards ---------------------------------------------------------------------------------

DECK = {
    "R1": (("tourist", "commuter", "train", "mailbag"), (3, 6, 5)),
    "R2": (("tourist", "commuter", "commuter", "mailbag"), (5, 6, 5)),
    "R3": (("tourist", "commuter", "commuter", "train"), (3, 3, 5)),
    "R4": (("tourist", "tourist", "commuter", "mailbag"), (5, 6, 5)),
    "R5": (("commuter", "commuter", "train"), (4, 4, 6)),
    "R6": (("tourist", "commuter", "commuter", "mailbag"), (3, 3, 5)),
    "R7": (("tourist", "commuter", "train"), (6, 4, 6)),
    "R8": (("tourist", "commuter", "commuter"), (4, 4, 2)),
    "R9": (("tourist", "tourist", "commuter", "mailbag"), (5, 6, 5)),
}


def test_the_round_card_deck():
    deck = {c.id: (c.elements, tuple(c.tiles_for(n) for n in (2, 3, 4))) for c in cp.ROUND_CARDS.values()}
    assert deck == DECK
    assert all(1 <= len(c.elements) <= 4 for c in cp.ROUND_CARDS.values())


def test_the_rulebook_example_card():
    """Part 2 example: Tourist, Commuter, Train, Mailbag and 6 Map Tiles with 3 players."""
    r1 = cp.ROUND_CARDS["R1"]
    assert r1.elements == ("tourist", "commuter", "train", "mailbag") and r1.tiles_for(3) == 6
    assert r1.source == "reconstructed" and dict(r1.field_sources) == {"elements": "rulebook"}
    assert "The only element left is a Tourist." in r1.ref


def test_round_cards_stay_within_the_wooden_elements():
    """10 Tourists, 15 Commuters, 5 Trains, 6 Mailbags; 1 Train and 1 Mailbag start on the End
    Game Bonus card."""
    asked = Counter(e for c in cp.ROUND_CARDS.values() for e in c.elements)
    assert asked["tourist"] <= cp.SUPPLY["tourist"] == 10
    assert asked["commuter"] <= sum(cp.SUPPLY[f"commuter.{d}"] for d in cp.DISTRICTS) == 15
    assert asked["train"] <= cp.SUPPLY["train"] - 1 == 4
    assert asked["mailbag"] <= cp.SUPPLY["mailbag"] - 1 == 5
    assert asked == {"tourist": 10, "commuter": 14, "train": 4, "mailbag": 5}


def test_round_cards_stay_within_the_map_tiles_for_any_deck():
    """Setup reveals 2 x players Map Tiles; 2 and 4 players use any 8 of the 9 cards."""
    cards = list(cp.ROUND_CARDS.values())
    assert sum(c.tiles_for(3) for c in cards) <= 50 - 6
    for players, limit in ((2, 46), (4, 42)):
        for deck in itertools.combinations(cards, 8):
            assert sum(c.tiles_for(players) for c in deck) <= limit, (players, [c.id for c in deck])
    assert max(sum(c.tiles_for(4) for c in deck) for deck in itertools.combinations(cards, 8)) == 42


def test_everyone_drafts_the_same_number_each_round():
    """The draft goes on "until there is only one left": items = players x picks + 1, as in the
    rulebook example (10 items, 3 picks each with 3 players)."""
    for c in cp.ROUND_CARDS.values():
        for n in cp.PLAYERS:
            assert (len(c.elements) + c.tiles_for(n) - 1) % n == 0, (c.id, n)
            assert 2 <= c.tiles_for(n) <= 6


# --- objectives ----------------------------------------------------------------------------------

def test_eight_objectives_with_different_conditions():
    objs = list(cp.OBJECTIVES.values())
    kinds = [o.kind for o in objs]
    assert len(set(kinds)) == 8 and set(kinds) <= set(cp.OBJECTIVE_KINDS)
    assert all(4 <= o.vp <= 7 for o in objs)
    for o in objs:
        assert tuple(k for k, _ in o.params) == cp.OBJECTIVE_KINDS[o.kind]
        for _, value in o.params:
            assert str(value) in o.text, o.id  # the card says its number
        assert o.source == "reconstructed" and "never says how objective cards score" in o.why
    assert cp.OBJECTIVES["O1"].kind == "finished_length" and cp.OBJECTIVES["O1"].vp == 6
    by_kind = {o.kind: o.vp for o in objs}
    # tuned on bot games (docs/traintopia_components.md): the cards bots meet least are worth most
    assert by_kind["tourist_count"] == by_kind["finished_length"] == max(by_kind.values())


# --- provenance ----------------------------------------------------------------------------------

def test_every_record_carries_its_provenance():
    for name in ("tiles", "round_cards", "objectives", "supply"):
        rows = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))["records"]
        for r in rows:
            assert r["source"] in SOURCES, (name, r)
            if r["source"] == "reconstructed":
                assert len(r["why"].strip()) > 40, (name, r["id"])
            else:
                assert r["ref"].strip(), (name, r["id"])
            for field, source in r.get("field_sources", {}).items():
                assert field in r and source in SOURCES and r["ref"].strip()
    assert all(t.source == "reconstructed" and t.why for t in cp.TILES.values())
    assert all(c.source == "reconstructed" and c.why for c in cp.ROUND_CARDS.values())


def test_what_is_known_and_what_is_reconstructed():
    counts = cp.PROVENANCE.counts
    assert counts["tiles.json"] == {"reconstructed": 65}
    assert counts["round_cards.json"] == {"reconstructed": 9}
    assert counts["objectives.json"] == {"reconstructed": 8}
    assert counts["supply.json"] == {"reconstructed": 3, "published": 3, "rulebook": 12}
    supply = {r["id"]: r for r in json.loads((DATA / "supply.json").read_text(encoding="utf-8"))["records"]}
    assert {i for i, r in supply.items() if r["source"] == "reconstructed"} == {
        "commuter.grey", "commuter.yellow", "commuter.green"}
    assert {i for i, r in supply.items() if r["source"] == "published"} == {"tourist", "train", "mailbag"}
    assert all("fathergeek.com/traintopia" in supply[i]["ref"] for i in ("tourist", "train", "mailbag"))
    assert supply["vp_token"]["values"] == [1, 3, 10, 50]
    assert supply["vp_token"]["field_sources"] == {"values": "published"}
    notice = cp.PROVENANCE.notice
    for part in ("50 map tiles", "railhead", "9 round cards (one partly known)", "8 objective cards",
                 "colour split", "85 of 100"):
        assert part in notice


def _normal(text):
    text = re.sub(r"\s+", " ", text.replace("’", "'").replace("–", "-"))
    return re.sub(r"- ", "-", text)


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not beside the project")
def test_quoted_rulebook_passages_are_in_the_rulebook():
    rulebook = _normal(RULEBOOK.read_text(encoding="utf-8"))
    quoted = 0
    for name in ("tiles", "round_cards", "objectives", "supply"):
        for r in json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))["records"]:
            if "rulebook" in (r["source"], *r.get("field_sources", {}).values()):
                for passage in re.findall(r"'([^']+)'", r["ref"]):
                    assert _normal(passage) in rulebook, passage
                    quoted += 1
    rh = json.loads((DATA / "tiles.json").read_text(encoding="utf-8"))["records"][-1]
    for passage in re.findall(r"'([^']+)'", rh["why"]):  # the railhead quotes the rulebook too
        assert _normal(passage) in rulebook, passage
        quoted += 1
    assert quoted >= 20


# --- broken files are refused --------------------------------------------------------------------

def _copy(tmp_path, monkeypatch):
    """A package holding a copy of the data, to break one file at a time."""
    name = f"tt_data_{uuid.uuid4().hex[:8]}"
    root = tmp_path / name
    shutil.copytree(DATA, root / "data")
    (root / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name, root / "data"


def _edit(folder, file, change):
    path = folder / file
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _rec(data, rid):
    return next(r for r in data["records"] if r["id"] == rid)


def _set(rid, **fields):
    return lambda d: _rec(d, rid).update(fields)


def _rail(rid, i, **fields):
    return lambda d: _rec(d, rid)["rails"][i].update(fields)


def _cell(rid, i, feature):
    return lambda d: _rec(d, rid)["cells"].__setitem__(i, feature)


BREAKS = {
    "rail cells apart": ("tiles.json", _rail("M18", 0, cells=[0, 3]),
                         "tile 'M18' rails[0]: cells = [0, 3] are not orthogonally connected"),
    "rail misses an end's cell": ("tiles.json", _rail("M01", 0, cells=[0]),
                                  "tile 'M01' rails[0]: cells = [0] miss cell(s) [2]"),
    "port used twice": ("tiles.json", _rail("M24", 1, ends=[0, 4], cells=[0, 1, 3]),
                        "tile 'M24': port(s) [0] used by more than one rail"),
    "same port both ends": ("tiles.json", _rail("M01", 0, ends=[5, 5]),
                            "tile 'M01' rails[0]: ends = [5, 5]: a rail runs between two different ports"),
    "station to station": ("tiles.json", _rail("M36", 0, ends=["station", "station"]),
                           "never from a station to a station"),
    "port 8": ("tiles.json", _rail("M02", 0, ends=[0, 8]), "tile 'M02' rails[0]: an end = 8 is not"),
    "two station rails": ("tiles.json", lambda d: _rec(d, "M36")["rails"].append(
        {"ends": [2, "station"], "cells": [0, 1]}), "tile 'M36': 2 rails end at the station"),
    "station rail without a station": ("tiles.json", _rail("M01", 0, ends=[0, "station"]),
                                       "tile 'M01' rails[0]: ends at a station but the tile has none"),
    "station on a district": ("tiles.json", _cell("M36", 0, "grey"),
                              "tile 'M36': the station's cell 0 shows 'grey'"),
    "unknown feature": ("tiles.json", _cell("M03", 1, "purple"), "tile 'M03': cells[1] = 'purple' is not"),
    "three money symbols": ("tiles.json", lambda d: _rec(d, "M34").update(cells=["money"] * 3 + [""]),
                            "tile 'M34': 3 money symbols; at most 2"),
    "empty map tile": ("tiles.json", _set("M10", cells=["", "", "", ""]),
                       "tile 'M10': cells show nothing"),
    "railhead a circle": ("tiles.json", lambda d: _rec(d, "RH")["station"].update(kind="circle"),
                          "tile 'RH' station: kind = 'circle' is not one of railhead"),
    "map railhead": ("tiles.json", lambda d: _rec(d, "M36")["station"].update(kind="railhead"),
                     "tile 'M36' station: kind = 'railhead' is not one of circle, square, diamond"),
    "start without station": ("tiles.json", _set("S1", station=None, rails=[]),
                              "tile 'S1': station = null, but a start tile is a station"),
    "49 map tiles": ("tiles.json", lambda d: d["records"].remove(_rec(d, "M50")),
                     "tiles.json: 49 map tiles, not 50 (supply.json map_tile)"),
    "bad id": ("tiles.json", _set("B01", id="B1"), "tile 'B1': id 'B1' is not one of a bonus tile"),
    "no why": ("tiles.json", lambda d: _rec(d, "M07").pop("why"), "reconstructed but does not say why"),
    "five trains": ("round_cards.json", _set("R8", elements=["tourist", "commuter", "train"]),
                    "the cards ask for 5 trains; only 4 are available"),
    "eleven tourists": ("round_cards.json", _set("R5", elements=["commuter", "tourist", "train"]),
                        "the cards ask for 11 tourists; only 10"),
    "too many tiles at 4": ("round_cards.json", _set("R1", tiles={"2": 3, "3": 6, "4": 6}),
                            "with 4 players 8 cards can reveal 43 Map Tiles; only 42 are left"),
    "too many tiles at 3": ("round_cards.json", _set("R3", tiles={"2": 3, "3": 6, "4": 5}),
                            "with 3 players 9 cards can reveal 45 Map Tiles; only 44 are left"),
    "five spaces": ("round_cards.json", _set("R7", elements=["tourist"] * 5),
                    "card 'R7': elements = ['tourist', 'tourist', 'tourist', 'tourist', 'tourist'] is not"),
    "a cow": ("round_cards.json", _set("R7", elements=["tourist", "cow"]), "card 'R7': elements: 'cow'"),
    "no 4p count": ("round_cards.json", _set("R2", tiles={"2": 5, "3": 6}),
                    "card 'R2': tiles = {'2': 5, '3': 6} is not a count for each of (2, 3, 4) players"),
    "example lost": ("round_cards.json", _set("R1", tiles={"2": 3, "3": 5, "4": 5}),
                     "no card is the rulebook's example"),
    "field source without ref": ("round_cards.json", lambda d: _rec(d, "R1").pop("ref"),
                                 "card 'R1': field 'elements' is rulebook but the record has no 'ref'"),
    "ten round cards": ("round_cards.json", lambda d: d["records"].append(dict(_rec(d, "R9"), id="R0")),
                        "round_cards.json: 10 cards, not 9"),
    "unknown condition": ("objectives.json", lambda d: _rec(d, "O2")["condition"].update(kind="longest"),
                          "card 'O2' condition: kind = 'longest' is not one of"),
    "wrong numbers": ("objectives.json", _set("O1", condition={"kind": "finished_length", "count": 6}),
                      "card 'O1': condition finished_length takes tiles"),
    "zero vp": ("objectives.json", _set("O3", vp=0), "card 'O3': vp = 0 is not a whole number >= 1"),
    "sixteen commuters": ("supply.json", _set("commuter.grey", count=6), "16 commuters, not 15"),
    "no money": ("supply.json", lambda d: d["records"].remove(_rec(d, "money")), "supply.json: no money"),
    "published without ref": ("supply.json", lambda d: _rec(d, "tourist").pop("ref"),
                               "is published but does not say where from"),
    "bad source": ("supply.json", _set("money", source="forum"), "has source 'forum'"),
}


@pytest.mark.parametrize("case", sorted(BREAKS))
def test_a_broken_file_is_refused_with_a_clear_message(case, tmp_path, monkeypatch):
    file, change, message = BREAKS[case]
    package, folder = _copy(tmp_path, monkeypatch)
    assert cp.load(package).tiles == cp.COMPONENTS.tiles  # the copy itself is sound
    _edit(folder, file, change)
    with pytest.raises(ComponentError, match=re.escape(message)) as err:
        cp.load(package)
    assert file.split(".")[0] in str(err.value)  # the message names the file

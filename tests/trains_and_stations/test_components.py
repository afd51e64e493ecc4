"""Trains & Stations component data: it loads, keeps every fact the rulebook and the research
give, labels what is reconstructed, and a broken file is refused with a message naming it."""

import itertools
import json
import re
import shutil
import uuid
from collections import Counter
from pathlib import Path

import pytest

from sandbox.core.components import SOURCES, ComponentError
from sandbox.trains_and_stations import components as cp

RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "trains-and-stations.txt"
DATA = Path(cp.__file__).parent / "data"
S_LA_B = {"seattle", "los_angeles", "billings"}


def _route(*cities):
    found = [r for r in cp.BOARD.routes if set(r.cities) == set(cities)]
    assert len(found) == 1, cities
    return found[0]


# --- loading and counts --------------------------------------------------------------------------

def test_data_loads_with_the_counts_the_rulebook_and_research_give():
    c = cp.load()
    assert c == cp.COMPONENTS
    assert len(c.board.cities) == 9  # research: nine cities
    assert len(c.power_cards) == 20
    assert sum(g.count for g in c.goods.goods) == 60
    assert sum(v.count for v in c.tables.vp_cards) == 40
    assert sum(d.count for d in c.tables.dice) == 50
    assert {b.id: b.per_player * 5 for b in c.goods.buildings} == {"ranch": 15, "mine": 15, "hotel": 15}


def test_the_six_known_cities_are_on_the_map():
    names = {c.name for c in cp.BOARD.cities}
    assert {"Seattle", "Los Angeles", "Billings", "Detroit", "San Antonio", "Boston"} <= names
    assert cp.CITY["san_antonio"].name == "San Antonio"


def test_cities_are_spread_over_the_drawing_box_like_a_us_map():
    w, h = cp.BOARD.box
    assert (w, h) == (1000, 600)
    for c in cp.BOARD.cities:
        assert 0 <= c.x <= w and 0 <= c.y <= h
    for a, b in itertools.combinations(cp.BOARD.cities, 2):
        assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= 120 ** 2, (a.id, b.id)  # spread evenly
        if a.lon < b.lon:  # west is left
            assert a.x < b.x
        if a.lat > b.lat:  # north is up
            assert a.y < b.y
    for s in cp.BOARD.spaces:
        assert 0 <= s.x <= w and 0 <= s.y <= h


# --- rulebook constraints on the map -------------------------------------------------------------

def test_seattle_los_angeles_and_billings_are_one_group_with_a_junction():
    """Step 4 example: one delivery connects Seattle, Los Angeles and Billings (3 VP each)."""
    group = _route(*S_LA_B)
    assert len(group.junctions) == 1
    junction = cp.SPACE[group.junctions[0]]
    assert len(junction.spaces) == 3 and not junction.cities
    for city in S_LA_B:  # one arm ends at each city
        assert sum(city in s.cities for s in group.spaces) == 1


def test_billings_detroit_is_a_separate_route():
    """Step 4 example: "as well as Billings and Detroit", a delivery of its own."""
    bd = _route("billings", "detroit")
    group = _route(*S_LA_B)
    assert bd.id != group.id
    assert not {n for s in bd.spaces for n in s.spaces} & {s.id for s in group.spaces}


def test_seattle_and_detroit_are_joined_only_through_billings():
    """Step 4 example: Sarah's Seattle-to-Detroit mission counts over "either of those Routes"."""
    assert not any({"seattle", "detroit"} <= set(r.cities) for r in cp.BOARD.routes)
    chain = cp.BOARD.chain("seattle", "detroit")
    assert chain is not None and {cp.ROUTE[r].cities for r in chain} == {
        _route(*S_LA_B).cities, _route("billings", "detroit").cities}
    assert cp.BOARD.connected("seattle", "detroit", via=chain)
    assert not cp.BOARD.connected("seattle", "detroit", via=[_route(*S_LA_B).id])


def test_building_slots_are_2_or_3_and_san_antonio_has_2():
    assert all(c.slots in (2, 3) for c in cp.BOARD.cities)
    assert cp.CITY["san_antonio"].slots == 2
    assert cp.CITY["san_antonio"].origin.of("slots") == "rulebook"
    assert {2, 3} == {c.slots for c in cp.BOARD.cities}


def test_slots_follow_the_documented_delivery_rate_rule():
    """board.json `slot_rule`: the four busiest stations have 2 slots, the others 3."""
    rate = {c: cp.BOARD.delivery_rate(c) for c in cp.CITY}
    busiest = sorted(cp.CITY, key=lambda c: -rate[c])[:4]
    assert {c for c, city in cp.CITY.items() if city.slots == 2} == set(busiest)
    assert "san_antonio" in busiest
    for c, city in cp.CITY.items():
        assert f"{city.name} {rate[c]:.2f}" in cp.BOARD.slot_rule


def test_majority_bonuses_are_vp_a_power_card_or_a_bonus_die():
    kinds = Counter(c.bonus for c in cp.BOARD.cities)
    assert set(kinds) == {"vp", "power", "die"}
    assert all(c.amount >= 1 for c in cp.BOARD.cities)
    assert {cp.CITY[c].bonus for c in S_LA_B} == {"vp", "power", "die"}  # the example's majority
    assert cp.CITY["seattle"].bonus_text == "+2 VP"


# --- the route graph -----------------------------------------------------------------------------

def test_route_spaces_form_a_graph_whose_neighbours_exist_and_agree():
    spaces, cities = set(cp.SPACE), set(cp.CITY)
    assert len(spaces) == sum(r.length for r in cp.BOARD.routes)
    for s in cp.BOARD.spaces:
        assert set(s.neighbours) <= spaces | cities
        for n in s.spaces:
            assert s.id in cp.SPACE[n].spaces and cp.SPACE[n].route == s.route


def test_every_city_is_reachable_and_every_route_joins_two_or_more():
    for r in cp.BOARD.routes:
        assert len(r.cities) >= 2 and 3 <= r.length <= 8, r.id
    for a, b in itertools.combinations(cp.CITY, 2):
        assert cp.BOARD.connected(a, b), (a, b)


def test_placement_follows_next_to_a_station_or_an_occupied_space():
    """Step 3: a Train goes "next to a Station or next to another space already occupied"."""
    board = cp.BOARD
    empty = set(board.open_spaces(()))
    assert empty == {s.id for s in board.spaces if s.cities}
    group = _route(*S_LA_B)
    junction = group.junctions[0]
    assert junction not in empty
    arm = [next(s.id for s in group.spaces if "seattle" in s.cities)]  # Seattle's arm, city to junction
    while arm[-1] != junction:
        arm.append(next(n for n in cp.SPACE[arm[-1]].spaces if n not in arm))
    for k in range(1, len(arm)):
        open_now = board.open_spaces(arm[:k])
        assert arm[k] in open_now  # next to an occupied space
        assert not set(arm[:k]) & set(open_now)  # occupied
        assert not set(arm[k + 1:]) & set(open_now)  # nothing further along yet
    with pytest.raises(ValueError):
        board.open_spaces({"s999"})


# --- power cards ---------------------------------------------------------------------------------

def test_twenty_power_cards_missions_and_two_goods():
    cards = cp.COMPONENTS.power_cards
    assert len(cards) == 20 and len({c.id for c in cards}) == 20
    assert {c.kind for c in cards} == {"mission", "goods"}
    for c in cards:
        if c.is_mission:
            assert len(set(c.cities)) == 2 and c.vp > 0 and not c.goods
            assert all(city in cp.CITY for city in c.cities)
            assert cp.BOARD.connected(*c.cities)
        else:  # "counts as 1 of each Goods shown": two different goods
            assert len(set(c.goods)) == 2 and set(c.goods) <= set(cp.GOOD) and not c.cities


def test_missions_include_duplicates_and_seattle_detroit():
    """Step 4.4: "If a player has two of the same Mission"; the example's Seattle-to-Detroit."""
    pairs = Counter(c.pair for c in cp.COMPONENTS.power_cards if c.is_mission)
    assert max(pairs.values()) >= 2
    assert pairs["detroit-seattle"] >= 1


def test_missions_are_long_and_their_vp_grows_with_distance():
    """Object: "Certain power cards list long routes between two cities"."""
    missions = [c for c in cp.COMPONENTS.power_cards if c.is_mission]
    by_distance = sorted((cp.BOARD.distance(*c.cities) or 0, c.vp) for c in missions)
    vps = [vp for _, vp in by_distance]
    assert vps == sorted(vps) and vps[-1] > vps[0]
    same: dict[int, int] = {}
    for d, vp in by_distance:
        assert same.setdefault(d, vp) == vp  # same distance, same VP
    for c in missions:
        assert (cp.BOARD.distance(*c.cities) or 0) >= 5, c.id  # no short route joins them
    # Under the default reading a chain of several routes must fill in one turn, which bot games
    # showed almost never happens: most pairs are one long route [ruling.mission-connected].
    single = [c.id for c in missions if len(cp.BOARD.chain(*c.cities) or ()) == 1]
    assert len(single) > len(missions) / 2, single


# --- goods, dice and tables ----------------------------------------------------------------------

def test_goods_monopolies_and_starting_stacks():
    assert {g.id: g.monopoly_vp for g in cp.GOOD.values()} == {
        "worker": 4, "coal": 6, "cattle": 6, "silver": 7, "food": 7, "gold": 9}
    assert {b.id: b.starts_with for b in cp.BUILDING.values()} == {
        "ranch": "cattle", "hotel": "worker", "mine": "coal"}
    assert {g.id for g in cp.GOOD.values() if g.starts_on is None} == {"food", "silver", "gold"}


def test_upgrade_charts_and_the_inferred_mine_row():
    charts = {u.building: u for u in cp.COMPONENTS.goods.upgrades}
    assert charts["ranch"].levels == (("cattle",), ("food",), ("gold",))
    assert charts["hotel"].levels == (("worker",), ("silver", "food"), ("gold",))
    assert charts["mine"].levels == (("coal",), ("silver",), ("gold",))
    assert charts["mine"].origin.source == "reconstructed" and "inferred" in charts["mine"].origin.why
    assert charts["ranch"].origin.source == charts["hotel"].origin.source == "rulebook"


def test_dice_faces_vp_stacks_and_numbers():
    t = cp.COMPONENTS.tables
    assert [f.id for f in t.faces] == ["train", "locked", "coin", "ranch", "mine", "hotel"]
    assert {d.id: (d.count, d.per_player) for d in t.dice} == {"player": (40, 8), "bonus": (10, None)}
    assert {v.value: v.count for v in t.vp_cards} == {1: 30, 5: 10}
    assert [t.vp_stack(n).total for n in (3, 4, 5)] == [60, 70, 80]
    assert [t.vp_stack(n).removed_5vp for n in (3, 4, 5)] == [4, 2, 0]
    numbers = {n: t.number(n) for n in cp.NUMBERS}
    assert numbers["start_coins"] == 3 and numbers["start_vp_cards"] == 3
    assert numbers["power_dealt"] == 3 and numbers["power_kept"] == 2
    assert numbers["coins_per_die"] == 2 and numbers["max_coins"] == 5 and numbers["coin_tokens"] == 25
    assert numbers["strike_locked"] == 3 and numbers["strike_vp"] == 3 and numbers["set_size"] == 3


# --- provenance ----------------------------------------------------------------------------------

def test_every_record_carries_its_provenance():
    rows = cp.COMPONENTS.records()
    assert sum(len(r) for r in rows.values()) == 83
    for name, records in rows.items():
        for r in records:
            o = r.origin
            assert o.source in SOURCES, (name, r)
            assert o.why.strip() if o.source == "reconstructed" else o.ref.strip(), (name, r)
            for field, source in o.fields:
                assert source in SOURCES and hasattr(r, field), (name, field)
                assert source == "reconstructed" or o.ref.strip()


def test_what_is_reconstructed_and_what_is_not():
    for c in cp.BOARD.cities:
        assert c.origin.source == "reconstructed"
        known = c.id in cp.KNOWN_CITIES
        assert (c.origin.of("name") != "reconstructed") == known, c.id
    assert all(r.origin.source == "reconstructed" for r in cp.BOARD.routes)
    assert all(c.origin.source == "reconstructed" for c in cp.COMPONENTS.power_cards)
    assert all(g.origin.source == "rulebook" for g in cp.COMPONENTS.goods.goods)
    assert all(f.origin.source == "published" for f in cp.COMPONENTS.tables.faces)


def test_the_notice_names_what_is_reconstructed():
    notice = cp.PROVENANCE.notice
    for part in ("three city names", "route spaces", "city bonuses", "building slots",
                 "20 power cards", "Mine's upgrade row"):
        assert part in notice
    assert cp.PROVENANCE.reconstructed == 42
    assert cp.PROVENANCE.counts["tables.json"] == {"rulebook": 24, "published": 6}


def _normal(text):
    text = re.sub(r"\s+", " ", text.replace("’", "'"))
    return re.sub(r"- ", "-", text)


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not beside the project")
def test_quoted_rulebook_passages_are_in_the_rulebook():
    rulebook = _normal(RULEBOOK.read_text(encoding="utf-8"))
    quoted = 0
    for records in cp.COMPONENTS.records().values():
        for r in records:
            if "rulebook" in (r.origin.source, *dict(r.origin.fields).values()):
                for passage in re.findall(r"'([^']+)'", r.origin.ref):
                    assert _normal(passage) in rulebook, passage
                    quoted += 1
    assert quoted >= 40


# --- broken files are refused --------------------------------------------------------------------

def _copy(tmp_path, monkeypatch):
    """A package holding a copy of the data, to break one file at a time."""
    name = f"ts_data_{uuid.uuid4().hex[:8]}"
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


def _space(data, sid):
    return next(s for r in data["routes"] for s in r["spaces"] if s["id"] == sid)


def _drop_boston_routes(data):
    data["routes"] = [r for r in data["routes"] if "boston" not in r["cities"]]


BREAKS = {
    "unknown neighbour": ("board.json", lambda d: _space(d, "s2")["neighbours"].append("s99"),
                          "s2: neighbour 's99' is neither a route space nor a city"),
    "one-way neighbour": ("board.json", lambda d: _space(d, "s1")["neighbours"].remove("s2"),
                          "s2 lists s1 as a neighbour but s1 does not list s2"),
    "four slots": ("board.json", lambda d: d["cities"][0].update(slots=4),
                   "city 'seattle': 4 building slots"),
    "unreached city": ("board.json", _drop_boston_routes, "no route reaches boston"),
    "no why": ("board.json", lambda d: d["cities"][1].pop("why"), "reconstructed but does not say why"),
    "ten cities": ("board.json", lambda d: d["cities"].append(dict(d["cities"][0], id="reno")),
                   "10 cities, not 9"),
    "san antonio 3 slots": ("board.json", lambda d: next(c for c in d["cities"] if c["id"] == "san_antonio")
                            .update(slots=3), "San Antonio can have 2 Buildings"),
    "19 power cards": ("power_cards.json", lambda d: d["records"].pop(), "19 cards, not 20"),
    "mission to nowhere": ("power_cards.json", lambda d: d["records"][0].update(cities=["seattle", "reno"]),
                           "p01: cities names unknown 'reno'"),
    "one good twice": ("power_cards.json", lambda d: d["records"][-1].update(goods=["gold", "gold"]),
                       "names something twice"),
    "bad source": ("goods.json", lambda d: d["goods"][0].update(source="forum"), "has source 'forum'"),
    "wrong vp total": ("tables.json", lambda d: d["vp_stacks"][0].update(total=65),
                       "VP stack for 3 players: total 65 is not 80 less 4 five-VP cards"),
}


@pytest.mark.parametrize("case", sorted(BREAKS))
def test_a_broken_file_is_refused_with_a_clear_message(case, tmp_path, monkeypatch):
    file, change, message = BREAKS[case]
    package, folder = _copy(tmp_path, monkeypatch)
    assert cp.load(package).board == cp.BOARD  # the copy itself is sound
    _edit(folder, file, change)
    with pytest.raises(ComponentError, match=re.escape(message)):
        cp.load(package)

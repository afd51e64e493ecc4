"""Isle of Trains component data: provenance, schema, the known totals, the loaders, and the
rulebook's worked-example numbers that come from the data."""

import copy
import re
from collections import Counter
from pathlib import Path

import pytest

from sandbox.isle_of_trains import components as cp
from sandbox.isle_of_trains.rulebook import RULES, RULINGS

RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "isle-of-trains-all-aboard.txt"


def test_data_validates():
    assert cp.validate() == []
    cp.check()


def test_every_record_has_a_source_and_a_ref():
    records = [*cp.card_types().values(), *cp.all_islands(), *cp.ticket_tiles(), *cp.destinations()]
    assert len(records) == 35 + 7 + 6 + 6
    for r in records:
        assert r.source in cp.SOURCES, r
        assert r.ref.strip(), r
    for r in [*cp.card_types().values(), *cp.all_islands()]:
        assert all(s in cp.SOURCES for _, s in r.field_sources), r


def test_card_ids_unique_and_deck_is_71():
    types = cp.card_types()
    assert len(types) == 35
    assert sum(c.count for c in types.values()) == 71
    deck = cp.deck()
    assert len(deck) == 71 and list(deck) == sorted(deck)
    assert Counter(deck) == {c.id: c.count for c in types.values()}
    assert "Time Engine" not in {c.name for c in types.values()}


def test_counts_per_level():
    types = cp.card_types().values()
    per = Counter((c.category, c.level) for c in types for _ in range(c.count))
    assert [per["engine", lv] for lv in (1, 2, 3)] == [4, 6, 5]
    for cat in ("coach", "hopper", "tanker", "boxcar"):
        assert [per[cat, lv] for lv in (1, 2, 3)] == [4, 3, 2], cat
    for cat in ("caboose", "building"):
        kinds = [c for c in types if c.category == cat]
        assert len(kinds) == 10 and {c.count for c in kinds} == {1}


def test_cargo_icon_totals():
    icons = Counter(c.cargo for c in cp.card_types().values() for _ in range(c.count))
    assert icons == {"coal": 22, "oil": 20, "box": 15, "any": 14}


def test_island_backs_are_front_plus_secondary():
    for island in cp.all_islands():
        for s in island.secondaries:
            assert s.total_cargo == island.primary.cargo + s.cargo, island.name
            assert s.total_vp == island.primary.vp + s.vp, island.name


def test_validation_reports_broken_data(monkeypatch):
    real = cp._raw

    def broken(name):
        data = copy.deepcopy(real(name))
        if name == "cards":
            data[0]["source"] = "forum"
            data[1]["ref"] = " "
            data[2]["count"] += 1
            data[3]["id"] = data[4]["id"]
        if name == "islands":
            data[0]["secondary"][0]["total_vp"] += 1
            data[1]["secondary"][1]["total_cargo"]["coal"] += 1
        if name == "tickets":
            data[0]["rewards"].pop()
        return data

    monkeypatch.setattr(cp, "_raw", broken)
    problems = "\n".join(cp.validate())
    for expected in ("source 'forum'", "empty ref", "72 cards", "engine counts per level",
                     "duplicate ids", "cargo icons", "back VP", "back cargo", "2 rewards"):
        assert expected in problems
    with pytest.raises(ValueError, match="component data"):
        cp.check()


def test_islands_by_player_count():
    names = [i.name for i in cp.islands(2)]
    assert len(names) == 6 and "Research Station" not in names
    assert [i.name for i in cp.islands(3)] == names
    four = cp.islands(4)
    assert len(four) == 7 and four[-1].name == "Research Station"
    research = four[-1]
    assert not research.destination and research.primary.cargo == cp.Cargo(any=3)
    assert len(research.secondaries) == 1 and research.secondaries[0].total_vp == 11
    assert len(cp.islands(1, research_station=True)) == 7
    assert all(len(i.secondaries) == 2 for i in cp.islands(3))


def test_passengers_and_destinations():
    pax = cp.passengers()
    assert len(pax) == 18
    names = [d.name for d in cp.destinations()]
    assert names == ["Alpine Lodge", "Billington's", "Camp Eagle", "Cactus Mines", "Devon City",
                     "Flint Beach"]
    assert Counter(pax) == dict.fromkeys(names, 3)
    assert len({d.colour for d in cp.destinations()}) == 6
    assert sorted(i.name for i in cp.all_islands() if i.destination) == sorted(names)


def test_progress_track():
    assert cp.progress_length() == 6
    assert [cp.end_space(n) for n in (2, 3, 4)] == [4, 5, 6]
    with pytest.raises(ValueError):
        cp.end_space(1)


def test_ticket_tiles():
    tiles = cp.ticket_tiles()
    assert [t.id for t in tiles] == [1, 2, 3, 4, 5, 6]
    assert all(len(t.rewards) == 3 for t in tiles)
    assert tiles[1].rewards == (cp.Reward(2, 0, "L"), cp.Reward(1, 0, "L"), cp.Reward(0, 0, "L"))
    assert str(tiles[5].rewards[1]) == "+2 cards, +2 VP"


def test_card_faces_and_helpers():
    t = cp.card_types()
    assert [t[e].capacity for e in ("E1", "E2", "E3")] == [4, 6, 8]
    assert t["K6"].capacity == 2 and t["K6"].weight == 0
    assert t["K3"].holds == "any" and t["K3"].spaces == 1 and t["K3"].benefit is None
    assert t["T3"].benefit.bonus_choices == ("L", "D")
    assert t["H1"].benefit.discard == 1 and t["X3"].benefit.discard == 1
    assert t["E1"].cost == 1  # ruling.l1-engine-cost
    assert t["E1"].source_of("capacity") == "rulebook" and t["E1"].source_of("cost") == "published"
    assert t["C1"].upgradable and not t["K1"].upgradable and not t["TOWN"].upgradable
    assert t["GRAND"].is_building and t["GRAND"].scoring.startswith("8 points")
    assert str(t["X2"].benefit) == "box loaded: +4 cards, +L"


# --- the rulebook's worked examples, where they rest on the data --------------------------------

def test_example_build_coach_upgrade():
    """Sam upgrades a level 1 coach to a level 3 coach: cost 6, then 3 passengers."""
    t = cp.card_types()
    assert (t["C1"].cost, t["C3"].cost) == (1, 7)
    assert t["C3"].cost - t["C1"].cost == 6
    assert t["C3"].passengers_on_build == 3


def test_example_load_boxcar():
    """Chris loads a box into Sam's Level 2 Boxcar: take 4 cards and a bonus load."""
    assert cp.card_types()["X2"].benefit == cp.Benefit("box", cards=4, bonus="L")


def test_example_deliver_billingtons():
    """Sam delivers 1 box and 1 coal to claim Billington's; a ticket tile pays 4 VP first."""
    billingtons = next(i for i in cp.all_islands() if i.name == "Billington's")
    assert billingtons.primary.cargo == cp.Cargo(coal=1, box=1)
    assert any(t.rewards[0] == cp.Reward(vp=4) for t in cp.ticket_tiles())


# --- the rulebook map ------------------------------------------------------------------------------

def _norm(text: str) -> str:
    text = text.replace("**", "").replace("*", "")
    text = re.sub(r"(?m)^\s*(?:-|\d+\.)\s+", " ", text)
    return re.sub(r" ([.,])", r"\1", re.sub(r"\s+", " ", text)).strip()


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is kept outside the repository")
def test_rule_passages_are_quoted_in_rulebook_order():
    text = _norm(RULEBOOK.read_text())
    at = 0
    for rule in RULES.values():
        found = text.find(_norm(rule.passage), at)
        assert found >= 0, f"{rule.id} is not quoted verbatim, or is out of order"
        at = found


def test_rulings_quote_rules_and_ids_are_unique():
    passages = {r.passage for r in RULES.values()}
    ids = [r.id for r in RULINGS]
    assert len(ids) == len(set(ids)) and not set(ids) & set(RULES)
    for ruling in RULINGS:
        assert ruling.passage in passages and ruling.choice and ruling.why, ruling.id
    for card_id in cp.card_types():
        if cp.card_types()[card_id].category in cp.CAR_CATEGORIES:
            assert f"car.{card_id}" in RULES
    for n in range(1, 11):
        assert f"caboose.{n}" in RULES
    for tile in cp.ticket_tiles():
        assert f"ticket.{tile.id}" in RULES

"""The rulebook's worked examples, with the rulebook's numbers."""

from sandbox.core.match import Match
from sandbox.isle_of_trains.model import Held, Player
from sandbox.isle_of_trains.state import State, capacity, weight
from tests.isle_of_trains.iot_helpers import car, hand, table


def match_at(state: State, seed: int = 0) -> Match:
    return Match.from_state(state, seed=seed)


def test_sams_coach_upgrade_build_upgrade_cost_passengers():
    """Build example: Sam upgrades a Level 1 Coach to a Level 3 Coach [build.extend-or-upgrade]
    [build.capacity] [build.upgrade-cost] [build.pay] [build.passengers] [build.discard-upgraded]
    [build.skip-level]: capacity +6, weight 2 after, cost 6 (7 - 1), 6 cards discarded,
    3 passengers, the Level 1 Coach discarded."""
    sam = Player(hand=hand("C3 X1 X1 H1 T1 E1 K1"), train=(car("E2"), car("C1"), car("X1")))
    m = match_at(table([sam, Player(train=(car("E1"),))]))
    state = m.state
    build = state.parse("build C3 up 2")
    assert state.explain(build).ok
    assert state.build_cost(state.player(1), build) == 6
    m.play(build)
    after = m.state.player(1)
    assert [c.card for c in after.train] == ["E2", "C3", "X1"]
    assert capacity(after.train) == 6 and weight(after.train) == 2
    assert m.state.pending.kind == "pay" and "pay 6 more" in m.state.pending.prompt
    for card in ("X1", "X1", "H1", "T1", "E1", "K1"):
        m.play(f"pay {card}")
    me = m.state.player(1)
    assert me.hand == () and len(me.supply) == 3
    assert sorted(m.state.discard) == sorted(["C1", "X1", "X1", "H1", "T1", "E1", "K1"])


def test_chris_loads_into_sams_level_2_boxcar_then_a_bonus_load_into_own_hopper():
    """Load example: Chris loads a box into Sam's Level 2 Boxcar and gains its benefit: 4 cards
    and a bonus Load [load.benefit] [car.X2]; the bonus Load must go into Chris's own train
    [load.bonus-own-train], a coal into Chris's Level 2 Hopper, with no benefit for one's own car
    [load.own-no-benefit]; bonus actions do not count towards the two [load.bonus-not-counted]."""
    sam = Player(train=(car("E2"), car("X2")))
    chris = Player(hand=hand("C3 H1"), train=(car("E2"), car("H2")))
    m = match_at(table([sam, chris], current=2), seed=3)
    m.play("load C3 P1.2")
    events = " | ".join(e.text for n in m.history for e in n.events)
    assert "gains the Level 2 Boxcar's benefit" in events
    chris_now = m.state.player(2)
    assert len(chris_now.hand) == 1 + 4  # H1 plus 4 cards drawn
    assert m.state.pending.kind == "bonus-L"
    refused = m.state.explain("load H1 P1.2")
    assert not refused.ok and refused.violations[0].rule == "load.bonus-own-train"
    m.play("load H1 P2.2")
    hopper = m.state.player(2).train[1]
    assert [ld.kind for ld in hopper.loads] == ["coal"]
    assert m.state.actions_left == 1  # the bonus Load did not count
    assert len(m.state.player(2).hand) == 4  # no benefit from one's own Hopper


def test_sams_delivery_at_billingtons_island_ticket_and_special():
    """Deliver example: at Billington's Sam delivers 1 box and 1 coal to take the island card
    [deliver.primary], a passenger to the ticket tile for 4 VP [deliver.ticket], and one more coal
    as a special delivery for 2 cards [deliver.special], all in one action [deliver.together];
    taking the island card advances the progress train [progress.advance]."""
    sam = Player(train=(car("E2", "passenger:BI"), car("H2", "coal:H1", "coal:T1"), car("X1", "box:X2")))
    m = match_at(table([sam, Player(train=(car("E1"),))], tiles={"BI": 5}), seed=1)
    m.play("deliver BI")
    m.play("primary")
    m.play("use 3")  # the box
    m.play("use 2")  # a coal
    me = m.state.player(1)
    assert me.islands == (Held("Billington's"),)
    assert m.state.progress == 1 and "Billington's" not in m.state.islands
    m.play("ticket 1")
    assert m.state.player(1).tokens == 4
    assert m.state.tickets[1].filled == ("BI",)
    m.play("special 2")
    m.play("done")
    me = m.state.player(1)
    assert len(me.hand) == 2
    assert all(not c.loads for c in me.train)
    assert m.state.actions_left == 1
    assert sorted(m.state.discard) == ["H1", "T1", "X2"]

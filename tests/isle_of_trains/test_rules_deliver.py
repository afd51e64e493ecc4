"""Rulebook order, part 5: the Deliver action (one destination; primary, secondary, ticket tile,
special delivery, all in one action), the progress train, and the six ticket tiles."""

from __future__ import annotations

import pytest

from sandbox.isle_of_trains.delivery import ISLANDS, icons
from sandbox.isle_of_trains.model import Held, Load
from tests.isle_of_trains.iot_rules import assert_conserved, game, legal, of, refused, texts

P2 = {"train": ["E1"]}
# Alpine Lodge's primary is 2 coal (4 VP); Billington's 1 coal + 1 box (5 VP), its first
# secondary 2 coal + 2 box more (14 in all)
HOPPERS = {"card": "H2", "loads": ["coal:C1", "coal:H1"]}


def names(m):
    return [a.notation for a in m.legal_actions()]


def test_deliver_needs_something_to_deliver_at_one_destination():
    """[deliver.action] [deliver.one-destination] [turn.must-fulfil] a Deliver names a single
    destination and needs something to deliver there."""
    m = game({"players": {1: {"train": ["E2", "H1"]}, 2: P2}})
    refused(m, "deliver AL", "turn.must-fulfil")
    m = game({"players": {1: {"train": ["E2", HOPPERS]}, 2: P2}})
    events = m.play("deliver AL")
    assert texts(events) == ["P1 delivers to Alpine Lodge"] and events[0].rule == "deliver.one-destination"
    assert m.pending.kind == "deliver"
    assert m.pending.prompt == "P1: deliver at Alpine Lodge: choose a delivery, or done"
    assert names(m) == ["primary", "special 2"]  # "done" only after a delivery
    refused(m, "done", "deliver.together")  # nothing delivered yet
    refused(m, "deliver BI", "turn.two-actions")


def test_primary_contract_takes_the_island_card_and_advances_the_progress_train():
    """[deliver.primary] [deliver.primary-take] [progress.advance] all the cargo shown (2 coal for
    Alpine Lodge), paid load by load, goes to the discard pile; the island card goes beside the
    engine and the progress train moves one space."""
    m = game({"players": {1: {"train": ["E2", HOPPERS]}, 2: P2}})
    m.play("deliver AL")
    m.play("primary")
    assert m.pending.kind == "contract"
    assert m.pending.prompt == ("P1: pay the primary contract of Alpine Lodge with your train's cargo "
                                "('use N')")
    refused(m, "use 1", "deliver.primary")
    m.play("use 2")
    events = m.play("use 2")
    assert of(events, "island")[0].text == ("P1 completes the primary contract of Alpine Lodge, takes the "
                                           "island card and places it beside the engine (4 VP)")
    assert of(events, "progress")[0].text == "The progress train advances to space 1"
    assert m.state.player(1).islands == (Held("Alpine Lodge"),)
    assert "Alpine Lodge" not in m.state.islands and m.state.progress == 1
    assert sorted(m.state.discard) == ["C1", "H1"]
    m.play("done")
    assert m.state.actions_left == 1
    assert_conserved(m.state)


def test_primary_needs_all_the_cargo():
    """[deliver.primary] one coal is not Alpine Lodge's 2 coal: no primary offered."""
    m = game({"players": {1: {"train": ["E2", {"card": "H2", "loads": ["coal:C1"]}]}, 2: P2}})
    m.play("deliver AL")
    assert names(m) == ["special 2"]
    refused(m, "primary", "deliver.primary")
    assert str(m.explain("primary").violations[0]) == ("the primary contract of Alpine Lodge needs 2 coal; "
                                                       "P1's train carries 1 coal [deliver.primary]")


def test_primary_only_without_an_island_card_beside_the_engine():
    """[deliver.primary-once] with an island card beside the engine no new primary contract;
    after its secondary is done (the card flipped) a new primary is allowed again."""
    spec = {"players": {1: {"train": ["E2", HOPPERS], "islands": ["BI"]}, 2: P2}}
    m = game(spec)
    m.play("deliver AL")
    assert "primary" not in names(m)
    spec["players"][1]["islands"] = [{"island": "BI", "side": 0}]
    m = game(spec)
    m.play("deliver AL")
    assert "primary" in names(m)


def test_island_owner_alone_completes_its_contracts():
    """[deliver.island-owner] once P2 holds Billington's, its primary is gone from the table and
    P1 cannot complete its contracts."""
    m = game({"players": {1: {"train": ["E3", HOPPERS, {"card": "X2", "loads": ["box:E3", "box:C3"]}]},
                          2: {"islands": ["BI"]}}})
    m.play("deliver BI")
    assert names(m) == ["special 2", "special 3"]


@pytest.mark.parametrize("where", ["island", "anywhere"])
def test_secondary_contract_flips_the_island_card(where):
    """[deliver.secondary] [deliver.secondary-flip] [ruling.secondary-where] the cargo of one
    secondary contract of the island beside the engine (Billington's first: 2 coal + 2 box); the
    card is flipped and tucked showing it (14 VP). Delivered at Billington's under
    secondary_at='island'; at any destination under 'anywhere'."""
    spec = {"players": {1: {"train": ["E3", HOPPERS, {"card": "X2", "loads": ["box:E3", "box:C3"]}],
                            "islands": ["BI"]}, 2: P2}}
    m = game(spec, secondary_at=where)
    m.play("deliver AL")
    assert ("secondary 1" in names(m)) == (where == "anywhere")
    m = game(spec, secondary_at=where)
    m.play("deliver BI")
    assert names(m)[:1] == ["secondary 1"] and "secondary 2" not in names(m)  # 2 needs an oil
    m.play("secondary 1")
    for pos in (2, 2, 3):
        m.play(f"use {pos}")
    events = m.play("use 3")
    assert of(events, "island")[0].text == ("P1 completes a secondary contract of Billington's: the card is "
                                           "flipped and tucked under the engine (14 VP in all)")
    assert m.state.player(1).islands == (Held("Billington's", 0),)
    assert m.state.progress == 1  # a secondary does not move the progress train
    assert len(m.state.discard) == 4


def test_primary_then_secondary_in_one_delivery():
    """[ruling.secondary-where] [deliver.several-types] at Alpine Lodge one action takes the
    primary (2 coal) and then completes a secondary (second: 2 coal + 1 oil + 1 box; 12 VP)."""
    m = game({"players": {1: {"train": ["E3", {"card": "H3", "loads": ["coal:C1", "coal:H1", "coal:T1"]},
                                        {"card": "T2", "loads": ["oil:E2"]},
                                        {"card": "X1", "loads": ["box:C3"]},
                                        {"card": "H1", "loads": ["coal:K2"]}]}, 2: P2}})
    m.play("deliver AL")
    m.play("primary")
    m.play("use 2")
    m.play("use 2")
    assert names(m) == ["secondary 2", "special 2", "special 3", "special 4", "special 5", "done"]
    m.play("secondary 2")
    for pos in (2, 3, 4, 5):
        m.play(f"use {pos}")
    assert m.state.player(1).islands == (Held("Alpine Lodge", 1),)


def test_ticket_leftmost_space_reward_and_last_space_progress():
    """[deliver.ticket] [deliver.ticket-leftmost] [deliver.ticket-last-space] a loaded passenger
    of the destination's colour goes on the leftmost empty space of its ticket tile and claims
    that space's reward; the third fills the tile and advances the progress train. Ticket tile 5
    at Billington's: 4, then 3, then 2 VP [ticket.5] [ticket.reward]."""
    m = game({"players": {1: {"train": [{"card": "E2", "loads": ["passenger:BI"]},
                                        {"card": "C3",
                                         "loads": ["passenger:BI", "passenger:BI", "passenger:AL"]}]},
                          2: P2}, "tickets": {"BI": 5}})
    m.play("deliver BI")
    assert names(m) == ["ticket 1", "special 1 BI", "ticket 2", "special 2 AL", "special 2 BI"]
    events = m.play("ticket 2")
    assert of(events, "ticket")[0].text == ("P1 delivers a passenger to Billington's: space 1 of the "
                                            "ticket tile")
    assert of(events, "reward")[0].text == "P1 claims the reward: 4 VP"
    m.play("ticket 2")
    events = m.play("ticket 1")
    assert [e.rule for e in of(events, "ticket-full")] == ["deliver.ticket-last-space"]
    assert m.state.player(1).tokens == 4 + 3 + 2 and m.state.progress == 1
    assert m.state.tickets[1].filled == ("BI", "BI", "BI") and m.state.player(1).delivered == ("BI",) * 3
    assert names(m) == ["special 2 AL", "done"]  # the AL passenger does not match; the tile is full


# ticket tile id, the rewards per space: cards drawn, VP, bonus taken before the delivery goes on
TICKETS = {
    1: [(5, 0, None), (4, 0, None), (3, 0, None)],
    2: [(2, 0, "bonus-L"), (1, 0, "bonus-L"), (0, 0, "bonus-L")],
    3: [(5, 0, None), (2, 2, None), (0, 2, None)],
    4: [(2, 0, "bonus-B"), (1, 0, "bonus-B"), (0, 0, "bonus-B")],
    5: [(0, 4, None), (0, 3, None), (0, 2, None)],
    6: [(0, 4, None), (2, 2, None), (3, 0, None)],
}


@pytest.mark.parametrize("tile", sorted(TICKETS))
@pytest.mark.parametrize("space", [1, 2, 3])
def test_each_ticket_tile_reward_per_space(tile, space):
    """Page 16 ticket tiles, every reward: [ticket.1] 5/4/3 cards; [ticket.2] 2 cards +L, 1 card
    +L, +L; [ticket.3] 5 cards, 2 cards and 2 VP, 2 VP; [ticket.4] 2 cards +B, 1 card +B, +B;
    [ticket.5] 4/3/2 VP; [ticket.6] 4 VP, 2 cards and 2 VP, 3 cards [ticket.reward]. The reward
    is claimed when the passenger is placed [deliver.ticket-leftmost]: cards first, then the
    bonus, before the delivery goes on; a ticket's +L goes into the player's own train
    [deliver.ticket-bonus-own] and no bonus counts as an action [deliver.ticket-bonus-not-counted]."""
    cards, vp, bonus = TICKETS[tile][space - 1]
    spec = {"players": {1: {"train": [{"card": "E2", "loads": ["passenger:CE"]}, "H1", "C1"],
                            "hand": "T1 K2 H2", "supply": "AL"}, 2: {"train": ["E2", "H1"]}},
            "tickets": {"CE": {"tile": tile, "filled": space - 1}}}
    spec["players"][2]["delivered"] = " ".join(["CE"] * (space - 1))
    m = game(spec, force=["draw T2", "draw X2", "draw E3", "draw C3", "draw T3"][:cards])
    hand = len(m.state.player(1).hand)
    m.play("deliver CE")
    m.play("ticket 1")
    assert m.state.player(1).tokens == vp
    assert len(m.state.player(1).hand) == hand + cards
    assert m.pending.kind == (bonus or "deliver")
    if bonus == "bonus-L":
        refused(m, "load K2 P2.2", "load.bonus-own-train")
        m.play("load K2 P1.2")
        assert m.state.player(1).train[1].loads
    if bonus == "bonus-B":
        m.play("build T1")
        m.play("pay H2")
        m.play("pay K2")
        assert [c.card for c in m.state.player(1).train][-1] == "T1"
    assert m.pending.kind == "deliver"
    m.play("done")
    assert m.state.actions_left == 1
    assert m.state.progress == (1 if space == 3 else 0)


def test_special_delivery_two_cards_each_cargo_discarded_passengers_to_the_bag():
    """[deliver.special] [deliver.special-cards] [deliver.special-return] any loaded cargo or
    passengers, set aside; 2 cards each once the delivery is done; then the cargo goes to the
    discard pile, the passengers back to the bag. [ruling.special-delivery] it needs no contract
    nor matching passenger at the destination."""
    m = game({"players": {1: {"train": [{"card": "E2", "loads": ["passenger:FB"]}, HOPPERS]}, 2: P2}},
             force=["draw T2", "draw X2", "draw E3", "draw C3"])
    bag = len(m.state.bag)
    m.play("deliver CE")
    assert names(m) == ["special 1 FB", "special 2"]
    events = m.play("special 2")
    assert events[0].rule == "deliver.special"
    assert events[0].text == "P1 makes a special delivery of coal (Level 1 Hopper): 2 cards for it"
    m.play("special 1 FB")
    assert m.state.player(1).hand == () and m.state.discard == ()
    assert_conserved(m.state)  # the two loads are set aside in the delivery
    events = m.play("done")
    assert m.state.player(1).hand == tuple(sorted(["T2", "X2", "E3", "C3"]))
    assert m.state.discard == ("H1",) and len(m.state.bag) == bag + 1
    assert m.state.player(1).train[1].loads[0].card == "C1"
    assert m.state.actions_left == 1
    assert_conserved(m.state)


def test_everything_at_one_destination_in_one_action():
    """[deliver.several-types] [deliver.together] the rulebook's Billington's example: primary,
    ticket and special delivery in one Deliver action; a passenger for another destination is
    not delivered to a ticket tile there."""
    m = game({"players": {1: {"train": [{"card": "E2", "loads": ["passenger:BI"]},
                                        {"card": "H2", "loads": ["coal:C1", "coal:H1"]},
                                        {"card": "X1", "loads": ["box:X3"]},
                                        {"card": "C1", "loads": ["passenger:AL"]}]}, 2: P2},
              "tickets": {"BI": 5}}, force=["draw T2", "draw X2"])
    m.play("deliver BI")
    assert "ticket 4" not in names(m)
    for part in ("primary", "use 3", "use 2", "ticket 1", "special 2", "done"):
        m.play(part)
    me = m.state.player(1)
    assert me.islands == (Held("Billington's"),) and me.tokens == 4 and len(me.hand) == 2
    assert m.state.actions_left == 1 and m.state.progress == 1
    assert me.train[3].loads  # the Alpine Lodge passenger stays


def test_research_station_is_a_destination_for_its_contract_only():
    """[ruling.research-station-destination] [ruling.research-station-any] with 4 players the
    Research Station is a destination: its primary takes 3 cargo of any types; no ticket tile."""
    m = game({"players": {1: {"train": ["E3", {"card": "H2", "loads": ["coal:C1"]},
                                        {"card": "T2", "loads": ["oil:E2"]},
                                        {"card": "X1", "loads": ["box:C3"]}]}}}, players=4)
    assert "deliver RS" in names(m)
    m.play("deliver RS")
    assert names(m)[0] == "primary"
    for part in ("primary", "use 2", "use 3", "use 4"):
        m.play(part)
    assert m.state.player(1).islands == (Held("Research Station"),)
    m2 = game({"players": {1: {"train": ["E3", HOPPERS]}}}, players=2)
    assert "deliver RS" not in names(m2) and "deliver AL" in names(m2)
    assert legal(m2, "deliver AL")


def test_no_research_station_destination_with_two_or_three_players():
    """[ruling.research-station-destination] [deliver.one-destination] with 2 or 3 players the
    Research Station is not in the game: no Deliver may name it, not even for a special delivery
    (the engine once allowed it: explain said yes where the legal actions said no)."""
    for players in (2, 3):
        m = game({"players": {1: {"train": ["E3", HOPPERS]}}}, players=players)
        refused(m, "deliver RS", "deliver.one-destination")


def test_special_delivery_of_the_passenger_the_player_names():
    """[deliver.special-cards] any loaded passenger may be delivered: the player names it by its
    destination ('special 2 FB'), not the last one loaded."""
    m = game({"players": {1: {"train": ["E2", {"card": "C2", "loads": ["passenger:FB", "passenger:AL"]}]},
                          2: P2}}, force=["draw T2", "draw X2"])
    m.play("deliver CE")
    assert names(m) == ["special 2 AL", "special 2 FB"]
    assert [str(v) for v in m.explain("special 2").violations] == [
        "card 2 carries passengers for AL, FB: name the one that goes ('special 2 AL') [deliver.special]"]
    assert str(m.state.parse("special 2 FB")) == "Special delivery of the passenger for Flint Beach on card 2"
    m.play("special 2 FB")
    assert m.state.player(1).train[1].loads == (Load("passenger", dest="AL"),)
    m.play("done")
    assert "FB" in m.state.bag


def test_ticket_rewards_are_claimed_when_earned_in_order():
    """[deliver.ticket-leftmost] [ruling.ticket-reward-now] each passenger claims its space's
    reward as it is placed: ticket tile 1 at Billington's gives 5 cards, then 4. The cards come
    at once and in that order (the engine once drew them after 'done', the last reward first)."""
    first, second = ["X1", "X2", "X3", "T1", "T2"], ["T3", "H1", "H2", "H3"]
    m = game({"players": {1: {"train": [{"card": "E2", "loads": ["passenger:BI"]},
                                        {"card": "C1", "loads": ["passenger:BI"]}]}, 2: P2},
              "tickets": {"BI": 1}}, force=[f"draw {c}" for c in first + second])
    m.play("deliver BI")
    events = m.play("ticket 1")
    assert [e.kind for e in events] == ["ticket", "reward", *["draw"] * 5]
    assert of(events, "reward")[0].text == "P1 claims the reward: 5 cards"
    assert [e.rule for e in of(events, "draw")] == ["deliver.ticket-leftmost"] * 5
    assert m.state.player(1).hand == tuple(sorted(first)) and m.pending.kind == "deliver"
    m.play("ticket 2")
    assert m.state.player(1).hand == tuple(sorted(first + second))
    m.play("done")
    assert m.state.actions_left == 1


def test_a_ticket_bonus_comes_before_the_delivery_goes_on():
    """[ruling.ticket-reward-now] [deliver.ticket-bonus-own] ticket tile 2's first reward (2 cards,
    +L) is taken at once: the bonus Load comes before the next passenger is delivered, and may
    be declined; the second reward (1 card, +L) follows the same way, and is lost at once when
    nothing can be loaded [load.benefit-order]."""
    m = game({"players": {1: {"train": [{"card": "E2", "loads": ["passenger:BI"]},
                                        {"card": "C1", "loads": ["passenger:BI"]}, "H1"]}, 2: P2},
              "tickets": {"BI": 2}}, force=["draw C2", "draw X2", "draw T2"])
    m.play("deliver BI")
    events = m.play("ticket 1")
    assert of(events, "reward")[0].text == "P1 claims the reward: 2 cards, a bonus L"
    assert m.pending.kind == "bonus-L" and m.pending.rule == "deliver.ticket-leftmost"
    m.play("load C2 P1.3 down")
    m.play("discard X2")
    assert m.pending.kind == "deliver"
    events = m.play("ticket 2")
    assert of(events, "reward")[0].text == "P1 claims the reward: 1 card, a bonus L"
    assert of(events, "lost")[0].text == "P1 cannot take the bonus L action: it is lost"
    assert m.pending.kind == "deliver"
    m.play("done")
    assert m.state.actions_left == 1 and m.state.player(1).hand == ("T2",)


def test_primary_refusals_give_the_real_reason():
    """[deliver.island-owner] [deliver.primary-once] [deliver.primary] the refusal of 'primary'
    says why: another player's island card, an island card beside the engine, or the cargo
    missing, with the numbers (it once always cited deliver.primary-once, without numbers)."""
    loaded = {"train": ["E3", HOPPERS, {"card": "X2", "loads": ["box:E3", "box:C3"]}]}
    m = game({"players": {1: loaded, 2: {"islands": ["BI"]}}})
    m.play("deliver BI")
    assert [str(v) for v in m.explain("primary").violations] == [
        "P2 holds the island card of Billington's: only P2 can complete its contracts "
        "[deliver.island-owner]"]
    m = game({"players": {1: {**loaded, "islands": ["AL"]}, 2: P2}})
    m.play("deliver BI")
    assert [str(v) for v in m.explain("primary").violations] == [
        "P1 has the island card of Alpine Lodge beside the engine: complete one of its secondary contracts "
        "before taking a new island card [deliver.primary-once]"]
    m = game({"players": {1: {"train": ["E2", {"card": "X1", "loads": ["box:E3"]}], "islands": ["AL"]},
                          2: P2}})
    m.play("deliver BI")
    assert [v.rule for v in m.explain("primary").violations] == ["deliver.primary-once", "deliver.primary"]
    assert str(m.explain("primary").violations[1]) == (
        "the primary contract of Billington's needs 1 coal + 1 box; P1's train carries 1 box "
        "[deliver.primary]")


def test_secondary_and_use_refusals_give_the_real_reason():
    """[ruling.secondary-where] [deliver.secondary] [deliver.primary] a secondary at another
    island's destination names where it is delivered; a secondary short of cargo gives the
    numbers; 'use N' says what is left to pay in words (it once printed a Python tuple)."""
    spec = {"players": {1: {"train": ["E3", HOPPERS, {"card": "X2", "loads": ["box:E3", "box:C3"]}],
                            "islands": ["BI"]}, 2: P2}}
    m = game(spec)
    m.play("deliver AL")
    assert [str(v) for v in m.explain("secondary 1").violations] == [
        "the secondary contracts of Billington's are delivered at Billington's, not at Alpine Lodge "
        "[ruling.secondary-where]"]
    assert [str(v) for v in m.explain("secondary 2").violations] == [
        "the secondary contracts of Billington's are delivered at Billington's, not at Alpine Lodge "
        "[ruling.secondary-where]",
        "secondary contract 2 of Billington's needs " + icons(dict(
            ISLANDS["Billington's"].secondaries[1].cargo.as_dict())) + "; P1's train carries 2 coal + 2 box "
        "[deliver.secondary]"]
    assert "[deliver.secondary]" in str(m.explain("secondary 3"))
    m = game({"players": {1: {"train": ["E2", HOPPERS, {"card": "T1", "loads": ["oil:T2"]}]}, 2: P2}})
    m.play("deliver AL")
    m.play("primary")
    assert [str(v) for v in m.explain("use 3").violations] == [
        "nothing on card 3 helps pay what is left (2 coal) [deliver.primary]"]
    assert [str(v) for v in m.explain("use 1").violations] == [
        "card 1 carries nothing; what is left to pay: 2 coal [deliver.primary]"]

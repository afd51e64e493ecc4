"""Rulebook order, part 4: the Load action (steps 1-3 and the other notes) and the benefit of
every engine and car as page 16 prints it."""

from __future__ import annotations

import pytest

from sandbox.isle_of_trains.model import Load
from tests.isle_of_trains.iot_rules import assert_conserved, game, legal, of, refused, rules, texts

DRAWS = ["draw T2", "draw X2", "draw H2", "draw C2", "draw E2"]


def loads(m, p, pos):
    return m.state.player(p).train[pos - 1].loads


def test_load_target_any_free_space_on_any_train():
    """[load.target] [load.space] a card or passenger goes into any car with a free space, on the
    player's own train or another player's; a full car (spaces all used) is refused."""
    m = game({"players": {1: {"train": ["E1", "H1"], "hand": "C1 H1 K2", "supply": "AL"},
                          2: {"train": ["E1", {"card": "H1", "loads": ["coal:T1"]}, "H2"]},
                          3: {"train": [{"card": "E1", "loads": ["passenger:BI"]}]}}}, players=3)
    assert legal(m, "load C1 P1.2") and legal(m, "load C1 P2.3") and legal(m, "load AL P1.1")
    assert legal(m, "load AL P2.1")
    refused(m, "load C1 P2.2", "load.space")
    refused(m, "load AL P3.1", "load.space")
    refused(m, "load C1 P4.1", "load.space")
    refused(m, "load C1 P2.9", "load.space")
    assert m.explain("load C1 P2.2").violations[0].message == "Level 1 Hopper is full (1 of 1 spaces used)"
    spots = {a.into.notation for a in m.legal_actions() if hasattr(a, "into")}
    assert spots == {"P1.1", "P1.2", "P2.1", "P2.3"}


def test_load_cargo_type_must_match_the_car():
    """[load.cargo-type] a card goes under a car of the cargo type it shows: a coal card (Level 1
    Coach) into a Hopper, not into a Tanker; cargo never into a passenger space, passengers never
    into a cargo car [load.space]."""
    m = game({"players": {1: {"train": ["E1", "H1", "T1"], "hand": "C1 E2", "supply": "CE"}, 2: {}}})
    assert legal(m, "load C1 P1.2") and legal(m, "load E2 P1.3")
    refused(m, "load C1 P1.3", "load.cargo-type")
    refused(m, "load E2 P1.2", "load.cargo-type")
    refused(m, "load C1 P1.1", "load.space")
    refused(m, "load CE P1.2", "load.space")
    m.play("load C1 P1.2")
    assert loads(m, 1, 2) == (Load("coal", card="C1"),)


def test_load_any_icon_counts_as_the_cars_type():
    """[load.any-icon] [ruling.loaded-type] a card showing all types (a Level 1 Engine) loads
    into a Tanker and from then on is oil."""
    m = game({"players": {1: {"train": ["E1", "T1"], "hand": "E1 X1"}, 2: {"train": ["E1", "X1"]}}})
    m.play("load E1 P1.2")
    assert loads(m, 1, 2) == (Load("oil", card="E1"),)
    assert rules(m, "load E1 P2.2") == ["load.cargo-type"]


def test_load_face_down_with_an_extra_card():
    """[load.face-down] [ruling.loaded-type] discarding one more card loads any card face down as
    the car's type: a box card into a Hopper counts as coal; the extra card is discarded; with a
    single card in hand it is refused."""
    m = game({"players": {1: {"train": ["E1", "H1"], "hand": "X3 T1"}, 2: {}}})
    refused(m, "load X3 P1.2", "load.cargo-type")
    events = m.play("load X3 P1.2 down")
    assert texts(events) == ["P1 loads Level 3 Boxcar as coal face down into their own Level 1 Hopper",
                             "Loading into your own Level 1 Hopper gains no benefit"]
    assert m.pending.kind == "extra" and m.pending.rule == "load.face-down"
    refused(m, "take deck", "turn.two-actions")
    assert m.pending.prompt == "P1: discard one more card for the face-down load"
    assert [a.notation for a in m.legal_actions()] == ["discard T1"]  # the prompt's word
    refused(m, "pay T1", "load.face-down")
    events = m.play("discard T1")
    assert of(events, "extra")[0].rule == "load.face-down"
    assert of(events, "extra")[0].text == "P1 discards Level 1 Tanker"
    assert loads(m, 1, 2) == (Load("coal", card="X3", face_down=True, by=1),)
    assert m.state.discard == ("T1",) and m.state.player(1).hand == ()
    m = game({"players": {1: {"train": ["E1", "H1"], "hand": "X3"}, 2: {}}})
    refused(m, "load X3 P1.2 down", "load.face-down")


def test_load_passenger_from_the_supply():
    """[load.passenger] a passenger beside the engine goes onto a car with a passenger space;
    one not in the supply is refused."""
    m = game({"players": {1: {"train": ["E1", "C2"], "supply": "DC DC"}, 2: {}}})
    refused(m, "load AL P1.2", "load.passenger")
    m.play("load DC P1.2")
    m.play("load DC P1.2")
    assert loads(m, 1, 2) == (Load("passenger", dest="DC"),) * 2 and m.state.player(1).supply == ()
    assert m.state.current == 2


def test_load_own_car_gains_no_benefit_another_players_car_does():
    """[load.benefit] [load.own-no-benefit] loading into another player's Level 1 Boxcar gains 4
    cards; into one's own, nothing."""
    spec = {"players": {1: {"train": ["E1", "X1"], "hand": "E3 T3"}, 2: {"train": ["E1", "X1"]}}}
    m = game(spec)
    events = m.play("load E3 P1.2")
    assert of(events, "no-benefit")[0].rule == "load.own-no-benefit"
    assert m.state.player(1).hand == ("T3",)
    m = game(spec, force=DRAWS[:4])
    events = m.play("load E3 P2.2")
    assert of(events, "benefit")[0].text == "P1 gains the Level 1 Boxcar's benefit: box loaded: +4 cards"
    assert of(events, "benefit")[0].rule == "load.benefit"
    assert m.state.player(1).hand == tuple(sorted(["T3", "T2", "X2", "H2", "C2"]))
    assert m.state.player(2).hand == ()


# car, what P1 loads, cards drawn, discard, VP tokens, the bonus pending after
CARS = [
    ("E1", "AL", 2, 0, 0, None), ("E2", "AL", 2, 0, 0, None), ("E3", "AL", 2, 0, 0, None),
    ("C1", "AL", 3, 0, 1, None), ("C2", "AL", 3, 0, 2, None), ("C3", "AL", 3, 0, 3, None),
    ("H1", "C1", 3, 1, 0, None), ("H2", "C1", 2, 0, 0, "bonus-B"), ("H3", "C1", 2, 0, 0, "bonus-A"),
    ("T1", "E2", 3, 0, 0, None), ("T2", "E2", 3, 0, 0, "bonus-D"), ("T3", "E2", 3, 0, 0, "bonus-L/D"),
    ("X1", "E3", 4, 0, 0, None), ("X2", "E3", 4, 0, 0, "bonus-L"), ("X3", "E3", 5, 1, 0, "bonus-L"),
]


@pytest.mark.parametrize("car, what, draws, discard, vp, bonus", CARS, ids=[c[0] for c in CARS])
def test_every_car_benefit_as_printed(car, what, draws, discard, vp, bonus):
    """Page 16, each benefit exactly, gained by P1 loading into P2's car: [car.engine] [car.E1]
    [car.E2] [car.E3] +2 cards; [car.C1] [car.C2] [car.C3] +3 cards and 1/2/3 VP; [car.H1] 3
    cards then discard 1; [car.H2] 2 cards then +B; [car.H3] 2 cards then +A; [car.T1] 3 cards;
    [car.T2] 3 then +D; [car.T3] 3 then +L or D; [car.X1] 4 cards; [car.X2] 4 then +L; [car.X3]
    5, discard 1, then +L. Drawing comes first, then the discard, then the bonus
    [load.benefit-order]."""
    p2_train = [car] if car.startswith("E") else ["E3", car]
    me = {"train": ["E1", {"card": "H1", "loads": ["coal:K2"]}], "hand": f"{what} C1 X1".replace("AL ", ""),
          "supply": "AL BI"}
    m = game({"players": {1: me, 2: {"train": p2_train}}}, force=(DRAWS * 2)[:draws])
    hand = len(m.state.player(1).hand)
    events = m.play(f"load {what} P2.{len(p2_train)}")
    benefit = of(events, "benefit")
    assert len(benefit) == 1 and benefit[0].rule == "load.benefit"
    assert len(of(events, "draw")) == draws
    me_now = m.state.player(1)
    assert me_now.tokens == vp
    assert len(me_now.hand) == hand - (0 if what == "AL" else 1) + draws
    if discard:
        assert m.pending.kind == "discard" and m.pending.prompt == "P1: discard 1 card"
        refused(m, "skip", "ruling.bonus-optional")  # the discard is compulsory
        m.play(f"discard {me_now.hand[0]}")
        assert len(m.state.player(1).hand) == len(me_now.hand) - 1
    assert m.pending.kind == (bonus or "action")
    if bonus:
        assert m.state.actions_left == 1  # [load.bonus-not-counted]
        m.play("skip")
        assert m.pending.kind == "action" and m.state.actions_left == 1
    assert_conserved(m.state)


def test_benefit_order_cards_then_discard_then_bonus_load_own_train():
    """[load.benefit-order] [car.X3] the Level 3 Boxcar: 5 cards are drawn, then 1 discarded (any
    card, not only a drawn one), then the bonus Load, which must go into the loader's own train
    [load.bonus-own-train] and does not count as an action [load.bonus-not-counted]."""
    m = game({"players": {1: {"train": ["E1", "H1"], "hand": "E3 C1"}, 2: {"train": ["E3", "X3"]}}},
             force=DRAWS)
    events = m.play("load E3 P2.2")
    assert [e.kind for e in events] == ["load", "benefit", "draw", "draw", "draw", "draw", "draw"]
    assert m.pending.kind == "discard"
    m.play("discard C1")  # a card held before
    assert m.pending.kind == "bonus-L"
    assert m.pending.prompt == "P1: take a bonus Load into your own train, or skip"
    refused(m, "load T2 P2.2", "load.bonus-own-train")
    refused(m, "take deck", "turn.two-actions")
    m.play("load E2 P1.2 down")
    m.play("discard T2")
    assert loads(m, 1, 2) == (Load("coal", card="E2", face_down=True, by=1),)
    assert m.state.actions_left == 1 and m.pending.prompt == "P1: Action 2 of 2"


def test_a_bonus_that_cannot_be_taken_is_lost():
    """[load.benefit-order] a bonus action that cannot be taken when gained is lost: P1 gains the
    Level 2 Boxcar's +L with no free space on their own train."""
    m = game({"players": {1: {"train": [{"card": "E1", "loads": ["passenger:AL"]}], "hand": "E3",
                              "supply": "BI"}, 2: {"train": ["E3", "X2"]}}}, force=DRAWS[:4])
    events = m.play("load E3 P2.2")
    lost = of(events, "lost")
    assert [e.rule for e in lost] == ["load.benefit-order"]
    assert lost[0].text == "P1 cannot take the bonus L action: it is lost"
    assert m.pending.kind == "action" and m.state.actions_left == 1


def test_bonus_any_action_and_optional():
    """[ruling.bonus-any-action] [car.H3] +A is any one of the four actions, Take included; a
    Load made with it goes into the loader's own train; [ruling.bonus-optional] a bonus may be
    skipped."""
    m = game({"players": {1: {"train": ["E1", "H1"], "hand": "C1 K2"}, 2: {"train": ["E3", "H3"]}}},
             force=DRAWS[:2] + ["draw X3"])
    m.play("load C1 P2.2")
    assert m.pending.kind == "bonus-A" and m.pending.prompt == "P1: take a bonus Action"
    assert legal(m, "take deck") and legal(m, "take passenger") and legal(m, "skip")
    assert legal(m, "load K2 P1.2")
    refused(m, "load K2 P2.2", "load.bonus-own-train")
    m.play("take deck")
    assert "X3" in m.state.player(1).hand and m.state.actions_left == 1
    m = game({"players": {1: {"train": ["E1", "H1"], "hand": "C1 K2"}, 2: {"train": ["E3", "H3"]}}},
             force=DRAWS[:2])
    m.play("load C1 P2.2")
    events = m.play("skip")
    assert events[0].rule == "ruling.bonus-optional" and events[0].text == "P1 declines the bonus action"


def test_bonus_build_and_bonus_deliver():
    """[car.H2] the bonus Build is a real Build (paid); [car.T2] the bonus Deliver a real Deliver;
    neither counts towards the 2 actions [load.bonus-not-counted]."""
    m = game({"players": {1: {"train": ["E1", {"card": "H1", "loads": ["coal:K2"]}], "hand": "C1 T1"},
                          2: {"train": ["E3", "H2"]}}}, force=DRAWS[:2])
    m.play("load C1 P2.2")
    assert m.pending.kind == "bonus-B"
    refused(m, "take deck", "turn.two-actions")
    m.play("build T1")
    m.play("pay T2")
    m.play("pay X2")
    assert [c.card for c in m.state.player(1).train] == ["E1", "H1", "T1"] and m.state.actions_left == 1
    m = game({"players": {1: {"train": ["E1", {"card": "H1", "loads": ["coal:K2"]}], "hand": "E2"},
                          2: {"train": ["E3", "T2"]}}}, force=[*DRAWS[:3], "draw C3", "draw C3"])
    m.play("load E2 P2.2")
    assert m.pending.kind == "bonus-D"
    refused(m, "load T2 P1.2", "turn.two-actions")
    m.play("deliver AL")
    m.play("special 2")
    m.play("done")
    assert m.state.actions_left == 1 and m.state.player(1).hand.count("C3") == 2


def test_caboose_2_and_8_serve_the_loader_who_owns_them():
    """[caboose.2] [caboose.8] [caboose.owner] [ruling.caboose-owner-loads] the loader's own
    Caboose 2 draws 1 card for a coal loaded (into any train, face down too), Caboose 8 2 cards for
    a passenger; another player's caboose does nothing for them."""
    m = game({"players": {1: {"train": ["E2", "H1", "C1", "K2", "K8"], "hand": "C1 X3 T1", "supply": "AL"},
                          2: {"train": ["E3", "H1"]}}}, force=["draw T2", "draw X2", "draw H2"])
    events = m.play("load C1 P1.2")
    assert [e.rule for e in of(events, "caboose")] == ["caboose.2"]
    assert of(events, "caboose")[0].text == "P1's Caboose 2: a coal loaded, draw 1 card"
    events = m.play("load AL P1.3")
    assert [e.rule for e in of(events, "caboose")] == ["caboose.8"]
    assert len(m.state.player(1).hand) == 2 + 1 + 2
    # P2 loads a coal into P1's Hopper: P1's Caboose 2 does nothing for P2 (nor for P1)
    m2 = game({"players": {1: {"train": ["E2", "H1", "K2", "K8"], "hand": "X3 T1"},
                           2: {"train": ["E3", "H1"], "hand": "C1"}}, "current": 2},
              force=["draw T2", "draw X2", "draw H2"])
    events = m2.play("load C1 P1.2")
    assert not of(events, "caboose") and len(of(events, "draw")) == 3  # the Hopper's 3, no Caboose 2
    assert m2.state.player(1).hand == ("T1", "X3")
    assert len(m2.state.player(2).hand) == 3 and m2.pending.kind == "discard"


@pytest.mark.parametrize("loaders", ["anyone", "owner"])
def test_caboose_3_stores_one_good_of_any_type(loaders):
    """[caboose.3] [ruling.caboose-3-goods] Caboose 3 stores 1 cargo of any type, never a
    passenger, never face down, with no benefit; a card showing all types stays "any"; under
    caboose_3_loaders='owner' only its owner loads it, under 'anyone' any player may."""
    spec = {"players": {1: {"train": ["E2", "K3"], "hand": "E1 X3 H1", "supply": "AL"},
                        2: {"train": ["E2"], "hand": "X3 C1"}}}
    m = game(spec, caboose_3_loaders=loaders)
    refused(m, "load AL P1.2", "load.space")
    refused(m, "load X3 P1.2 down", "ruling.caboose-3-goods")
    m2 = game({**spec, "current": 2}, caboose_3_loaders=loaders)
    if loaders == "owner":
        refused(m2, "load X3 P1.2", "ruling.caboose-3-goods")
    else:
        events = m2.play("load X3 P1.2")
        assert not of(events, "benefit") and m2.state.player(2).hand == ("C1",)
        assert loads(m2, 1, 2) == (Load("box", card="X3"),)
    m.play("load E1 P1.2")
    assert loads(m, 1, 2) == (Load("any", card="E1"),)
    refused(m, "load H1 P1.2", "load.space")


def test_load_counts_as_an_action():
    """[turn.two-actions] a Load is one of the two actions."""
    m = game({"players": {1: {"train": ["E1", "H1"], "hand": "C1"}, 2: {}}})
    m.play("load C1 P1.2")
    assert m.state.actions_left == 1


def test_caboose_draws_cite_the_caboose_rules():
    """[caboose.2] [caboose.8] [load.benefit] each card drawn says why: a coal loaded by the owner
    of Caboose 2 into P2's Level 1 Hopper draws 1 card for the caboose, then 3 for the hopper's
    benefit; a passenger loaded by the owner of Caboose 8 into P2's Level 1 Coach draws 2, then 3
    (they were all once cited as load.benefit)."""
    m = game({"players": {1: {"train": ["E2", "K2"], "hand": "C1 X1"}, 2: {"train": ["E1", "H1"]}}},
             force=["draw T2", "draw X2", "draw H2", "draw C2"])
    events = m.play("load C1 P2.2")
    assert [e.rule for e in of(events, "draw")] == ["caboose.2", "load.benefit", "load.benefit",
                                                    "load.benefit"]
    m = game({"players": {1: {"train": ["E2", "K8"], "supply": "AL"}, 2: {"train": ["E1", "C1"]}}},
             force=["draw T2", "draw X2", "draw H2", "draw C2", "draw E2"])
    events = m.play("load AL P2.2")
    assert [e.rule for e in of(events, "draw")] == ["caboose.8"] * 2 + ["load.benefit"] * 3


def test_counts_read_right():
    """Every count in a text agrees with its noun: "1 card", "2 cards" (prompts, rewards,
    benefits, refusals)."""
    from sandbox.isle_of_trains.components import Benefit, Reward, plural

    assert (plural(1, "card"), plural(2, "card"), plural(0, "card")) == ("1 card", "2 cards", "0 cards")
    assert str(Reward(cards=1, bonus="B")) == "+1 card, +B"
    assert str(Benefit("coal", cards=1)) == "coal loaded: +1 card"
    m = game({"players": {1: {"train": ["E1"], "hand": "X1 T1 H1"}, 2: {}}})
    assert [str(v) for v in m.explain("build X1").violations] == [
        "the build costs 3 cards; P1 has 2 other cards in hand [build.pay]"]
    m = game({"players": {1: {"train": ["E1"], "hand": "X1 T1"}, 2: {}}})
    assert [str(v) for v in m.explain("build X1").violations] == [
        "the build costs 3 cards; P1 has 1 other card in hand [build.pay]"]
    m = game({"players": {1: {"train": ["E1"], "hand": "H1 T1"}, 2: {}}})
    m.play("build H1")
    assert m.pending.prompt == "P1: pay 1 more card for the Level 1 Hopper"

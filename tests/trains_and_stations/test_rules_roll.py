"""Rulebook order, part 3: Step 2, Roll Dice (saved dice kept or rolled, rerolls for a Coin,
Locked Trains, the Strike! and its worked example). Seats: Eric is P1 (the active player),
Bryan P2, Sarah P3, Ken P4."""

from __future__ import annotations

import pytest

import sandbox
from sandbox.trains_and_stations import Face
from tests.trains_and_stations.ts_rules import (
    game,
    of,
    options,
    play_all,
    refused,
    rules,
    shows,
    space,
    tray,
)


def test_roll_six_faces_each_one_in_six():
    """[components.dice-faces] [roll.dice] each die has six faces: Train, Locked Train, Coin,
    Ranch, Mine, Hotel, each with odds 1/6; a face the die lacks cannot be forced."""
    m = sandbox.new_game("trains_and_stations", players=4, seed=1, position={}, auto_chance=False)
    m.play("gather")
    p = m.pending
    assert p.is_chance and p.rule == "roll.dice"
    assert options(m) == set(shows("train", "locked", "coin", "ranch", "mine", "hotel"))
    assert p.chances == pytest.approx([1 / 6] * 6)
    with pytest.raises(sandbox.IllegalAction, match=r"no face 'wild'.*\[components.dice-faces\]"):
        m.force(Face("wild"))
    assert [v.rule for v in m.explain(Face("wild")).violations] == ["components.dice-faces"]


def test_roll_saved_dice_may_keep_their_face_or_be_rolled():
    """[roll.saved] P1 saved a Ranch and a Coin: the Ranch is rolled with the 3 fresh dice, the
    Coin keeps its face; 4 dice are rolled, not 5."""
    m = game({"players": {1: {"saved": "coin ranch"}}}, force=shows("hotel", "mine", "mine", "mine"))
    m.play("gather")
    assert m.pending.kind == "roll-saved" and m.pending.rule == "roll.saved"
    assert tray(m) == ["coin", "ranch", "unrolled", "unrolled", "unrolled"]
    events = play_all(m, "toggle d2", "confirm")
    assert of(events, "keep-faces")[0].text == "P1 keeps 1 saved die on their faces"
    assert [e.data["die"] for e in of(events, "roll")] == [2, 3, 4, 5]
    assert tray(m) == ["coin", "hotel", "mine", "mine", "mine"]


def test_roll_reroll_costs_one_coin_and_repeats_while_coins_last():
    """[roll.reroll] [ruling.reroll] after the roll P1 may pay 1 Coin to reroll any number of dice,
    again and again: with 2 Coins, two rerolls, then none is offered (0 Coins)."""
    m = game({"players": {1: {"coins": 2}}}, force=shows("coin", "coin", "hotel", "mine", "ranch"))
    m.play("gather")
    assert m.pending.kind == "reroll" and m.pending.rule == "roll.reroll"
    m.force(*shows("hotel", "hotel"))
    events = play_all(m, "toggle d1", "toggle d2", "confirm")
    assert of(events, "reroll")[0].text == "P1 pays 1 Coin to reroll d1, d2"
    assert m.state.seat(1).coins == 1 and tray(m) == ["hotel", "hotel", "hotel", "mine", "ranch"]
    m.force("shows hotel")
    play_all(m, "toggle d4", "confirm")
    assert m.state.seat(1).coins == 0 and tray(m) == ["hotel", "hotel", "hotel", "hotel", "ranch"]
    assert m.pending.kind == "build"  # no Coin left: no reroll is offered


def test_roll_reroll_stopping_costs_nothing():
    """[roll.reroll] "you may": confirming with no die chosen ends the rerolls, for free."""
    m = game(force=shows("coin", "coin", "hotel", "mine", "ranch"))
    m.play("gather")
    events = m.play("confirm")
    assert not of(events, "reroll") and m.state.seat(1).coins == 3
    assert m.pending.kind == "save"


def test_roll_no_reroll_without_a_coin():
    """[roll.reroll] "as many times as you have Coins to spend": with 0 Coins no reroll is offered."""
    m = game({"players": {1: {"coins": 0}}}, force=shows("coin", "coin", "hotel", "mine", "ranch"))
    m.play("gather")
    assert m.pending.kind == "save"


def test_roll_locked_trains_cannot_be_rerolled_and_stay_locked():
    """[roll.locked-train] [ruling.locked-trains] a Locked Train is not offered for a reroll, at
    this reroll or a later one in the turn, and is placed as a Locked Train ("1L")."""
    m = game(force=shows("locked", "coin", "hotel", "mine", "ranch"))
    m.play("gather")
    assert options(m) == {"toggle d2", "toggle d3", "toggle d4", "toggle d5", "confirm"}
    refused(m, "toggle d1", "roll.locked-train")
    m.force("shows train")
    play_all(m, "toggle d2", "confirm")
    assert "toggle d1" not in options(m) and "toggle d2" in options(m)
    m.play("confirm")
    assert {"place s1", "place s1 locked"} <= options(m)
    m.play("place s1 locked")
    assert space(m, "s1") == "1L"


def test_roll_locked_train_refusal_cites_roll_locked_train():
    """[roll.locked-train] [example.strike] the refusal of a reroll of a Locked Train names the
    rule "except for Locked Trains" and says why."""
    m = game(force=shows("locked", "coin", "hotel", "mine", "ranch"))
    m.play("gather")
    assert rules(m, "toggle d1") == ["roll.locked-train"]
    why = m.explain("toggle d1").violations[0].message
    assert why == "d1 shows a Locked Train: Locked Trains are never rerolled"


def strike_example(vp: int) -> tuple[sandbox.Match, list]:
    """[example.strike] Eric (P1, 3 Coins, `vp` VP) has a saved Ranch die he keeps; his other 4
    dice show Locked Train, Hotel, Hotel, Coin; he pays a Coin to reroll the Coin die and the
    saved Ranch die, and both show Locked Train."""
    m = game({"players": {1: {"saved": "ranch", "coins": 3, "vp": vp}}, "vp_stack": 58},
             force=shows("locked", "hotel", "hotel", "coin"))
    events = play_all(m, "gather", "confirm")  # the saved Ranch keeps its face
    assert tray(m) == ["ranch", "locked", "hotel", "hotel", "coin"]
    assert not of(events, "strike")  # 1 Locked Train: no strike, rerolls are offered
    assert m.pending.kind == "reroll"
    refused(m, "toggle d2", "roll.locked-train")  # the Locked Train of the first roll stays
    m.force(*shows("locked", "locked"))
    events += play_all(m, "toggle d1", "toggle d5", "confirm")
    return m, events


def test_example_strike_loses_three_vp_and_ends_rerolls():
    """[example.strike] [roll.strike] [ruling.strike-count] Eric, with 7 VP: the reroll costs 1
    Coin (3 -> 2); its 2 Locked Trains and the first one make 3, a strike: he loses 3 VP (7 ->
    4), which go back to the board (58 -> 61) [ruling.strike-vp]; no reroll is offered
    although he has 2 Coins, and Step 3 follows: the 3 Locked Trains must be placed and the 2
    Hotels (no set) may be saved."""
    m, events = strike_example(vp=7)
    strike = of(events, "strike")
    assert [e.text for e in strike] == ["Strike! P1 has 3 Locked Trains: no more rerolls, and P1 loses 3 VP"]
    assert strike[0].rule == "roll.strike"
    assert tray(m) == ["locked", "locked", "hotel", "hotel", "locked"]
    assert m.state.seat(1).coins == 2 and m.state.seat(1).vp == 4 and m.state.vp_stack == 58 + 3
    assert m.pending.kind == "place"
    assert {a.notation.split()[-1] for a in m.legal_actions()} == {"locked"}
    play_all(m, "place s1 locked", "place s2 locked", "place s3 locked")
    assert m.pending.kind == "save"
    assert options(m) == {"toggle d1", "toggle d2", "confirm"}  # the two Hotels
    play_all(m, "toggle d1", "toggle d2", "confirm")
    assert m.state.seat(1).saved == ("hotel", "hotel")
    assert [space(m, s) for s in ("s1", "s2", "s3")] == ["1L", "1L", "1L"]


def test_strike_with_fewer_than_three_vp_loses_them_all():
    """[roll.strike] "If you have fewer than 3 VP, you lose all of your VP instead": Eric with 2
    VP drops to 0 and the board gains 2."""
    m, events = strike_example(vp=2)
    assert of(events, "strike")[0].data["lost"] == 2
    assert m.state.seat(1).vp == 0 and m.state.vp_stack == 58 + 2


def test_strike_on_the_first_roll_costs_no_coin():
    """[roll.strike] [ruling.strike-count] 3 Locked Trains on the first roll: a strike at once, no
    Coin paid, no reroll offered (P1 keeps 3 Coins, loses 3 of 3 VP)."""
    m = game(force=shows("locked", "locked", "locked", "coin", "coin"))
    events = m.play("gather")
    assert len(of(events, "strike")) == 1
    assert m.state.seat(1).coins == 3 and m.state.seat(1).vp == 0
    assert m.pending.kind == "place"


def test_strike_happens_at_most_once_a_turn():
    """[ruling.strike-count] a strike is checked after every roll but happens once: 4 Locked Trains
    on the first roll lose 3 VP, not more (P1 6 -> 3)."""
    m = game({"players": {1: {"vp": 6}}}, force=shows("locked", "locked", "locked", "locked", "coin"))
    events = m.play("gather")
    assert len(of(events, "strike")) == 1 and m.state.seat(1).vp == 3

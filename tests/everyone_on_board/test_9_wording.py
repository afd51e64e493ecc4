"""Wording and citations, each exactly as the rulebook and plain English want it: a Move to a
track that does not exist, the deal, skipped Moves, a Ticket Collector replaced by its own
controller."""

from __future__ import annotations

from eob_helpers import position

import sandbox

# --- wording and citations -----------------------------------------------------------------

def test_a_move_to_a_track_that_does_not_exist_says_track():
    """`7H>T3` on a 2-track station: one reason, about track 3; no "platform 3"."""
    state = position(2, tracks=2, hands=["7H QS", "5S"])
    for text in ("7H>T3", "QS>T3", "7H>P3"):
        verdict = state.explain(text)
        assert [v.rule for v in verdict.violations] == ["setup.station"], verdict
        spot = "platform 3" if text.endswith("P3") else "track 3"
        assert str(verdict.violations[0]) == f"the station has 2 tracks; there is no {spot} [setup.station]"
    assert "platform 3" not in str(state.explain("7H>T3"))
    one = position(2, tracks=1, hands=["7H", "5S"])
    assert str(one.explain("7H>T2").violations[0]) == ("the station has 1 track; there is no track 2 "
                                                      "[setup.station]")


def test_the_deal_cites_the_deal_ruling():
    """ruling.deal: "Each player is dealt 5 cards, in seat order" (not turn.draw or aa.deal)."""
    m = sandbox.new_game("everyone_on_board", players=2, seed=4, auto_chance=False)
    assert m.pending.rule == "ruling.deal"
    events = []
    while m.pending.is_chance:
        events += m.deal()
    deals = [e for e in events if e.kind == "deal"]
    assert len(deals) == 10 and {e.rule for e in deals} == {"ruling.deal"}
    assert {e.rule for e in events if e.kind == "reveal"} <= {"aa.deal"}
    assert str(sandbox.new_game("everyone_on_board", players=2, auto_chance=False)
               .explain("QS>T1").violations[0]).endswith("[ruling.deal]")


def test_skipped_moves_are_counted_in_words():
    """ruling.no-move: "skips 1 Move" / "skips 2 Moves"."""
    state = position(2, tracks=1, hands=["7H", "5S"])
    after, events = state.apply("7H>P1")  # the hand is empty and 7♥ was Moved: nothing left
    skip = [e for e in events if e.kind == "no-move"]
    assert [e.text for e in skip] == ["P1 has no legal Move left and skips 1 Move"]
    assert after.step.kind == "discard"
    assert str(after.explain("5S>P1").violations[0]) == (
        "P1 has no Move left this turn (1 made); only discards and the end of the turn are left "
        "[turn.discard]")


def test_replacing_your_own_collector_keeps_control():
    state = position(2, tracks=2, hands=["KS 5H", "5S"], trains={1: ("QS", 1, "7S")})
    _, events = state.apply("KS>T1")
    assert [e.text for e in events] == [
        "P1 Moves K♠ onto the train on track 1, replacing Q♠ (discarded); P1 keeps control",
        "The Train Card on track 1 stays with P1, who still controls the Ticket Collector and the "
        "train"]

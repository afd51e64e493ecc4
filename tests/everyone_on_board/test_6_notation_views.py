"""Notation (parse round trip, clear errors) and hidden information (views, event text)."""

from __future__ import annotations

import re

import pytest
from eob_helpers import C, dealt, position
from hypothesis import given, settings
from hypothesis import strategies as st

import sandbox
from sandbox.core.errors import QUOTE_LIMIT
from sandbox.everyone_on_board import (
    FULL_DECK,
    HIDDEN,
    Card,
    Coin,
    Discard,
    Draw,
    EndTurn,
    Move,
    Spot,
    parse,
)
from sandbox.everyone_on_board.actions import _move_parts

ALL_ACTIONS = (
    [Move(c, Spot(k, n)) for c in FULL_DECK for k in "PT" for n in (1, 2, 12)]
    + [Discard(c) for c in FULL_DECK] + [Draw(c) for c in FULL_DECK]
    + [EndTurn(), Coin(True), Coin(False)]
)


def test_notation_round_trip_every_action():
    for action in ALL_ACTIONS:
        assert parse(action.notation) == action, action.notation
        assert parse(f"  {action.notation.lower()} ") == action


@pytest.mark.parametrize("text, action", [
    ("7H>P2", Move(C("7H"), Spot("P", 2))), ("7h -> p2", Move(C("7H"), Spot("P", 2))),
    ("10♥ to T3", Move(C("10H"), Spot("T", 3))), ("TH>T1", Move(C("10H"), Spot("T", 1))),
    ("QS>T1", Move(C("QS"), Spot("T", 1))), ("discard 7H", Discard(C("7H"))), ("x 7H", Discard(C("7H"))),
    ("end", EndTurn()), ("pass", EndTurn()), ("draw JK1", Draw(Card(0, "1"))),
    ("draw Joker2", Draw(Card(0, "2"))),
    ("7H", Draw(C("7H"))), ("AS", Draw(C("AS"))), ("leaves", Coin(True)), ("stays", Coin(False)),
])
def test_notation_readable_forms(text, action):
    """"7H" alone is a draw, so `force=["AS", "7H"]` queues draws (engine fix: it was refused)."""
    assert parse(text) == action


@pytest.mark.parametrize("text, says", [
    ("7X>P1", "'7X' is not a card: write rank then suit"),
    ("11H>P1", "is not a card"),
    ("move 7H", "'move 7H' is not an action: write '7H>P2'"),
    ("", "is not an action"),
    ("discard", "is not an action"),
    ("draw ZZ", "'ZZ' is not a card"),
])
def test_invalid_notation_messages(text, says):
    with pytest.raises(sandbox.InvalidNotation) as info:
        parse(text)
    err = info.value
    assert isinstance(err, sandbox.IllegalAction) and isinstance(err, ValueError)
    assert says in str(err) and err.violations[0].rule == "notation"


def test_invalid_notation_not_text():
    with pytest.raises(sandbox.InvalidNotation, match="written as text"):
        parse(7)


def test_invalid_notation_in_a_match_changes_nothing():
    m = sandbox.new_game("everyone_on_board", players=2, seed=3)
    ply, state = m.ply, m.state
    with pytest.raises(sandbox.InvalidNotation):
        m.play("7H>>P1")
    with pytest.raises(sandbox.InvalidNotation):
        m.explain("nonsense")
    assert m.ply == ply and m.state is state


def test_action_strings_are_readable():
    assert str(Move(C("7H"), Spot("P", 2))) == "Move 7♥ to platform 2"
    assert str(Move(C("QS"), Spot("T", 1))) == "Move Q♠ to track 1"
    assert str(Discard(C("10D"))) == "Discard 10♦"
    assert str(Draw(Card(0, "1"))) == str(Draw(Card(0, "2"))) == "Draw Joker"  # alike in play
    assert Draw(Card(0, "1")).notation == "draw JK1"  # saves tell them apart
    assert str(Coin(True)) == "The Queen's train leaves" and str(EndTurn()) == "End the turn"
    assert Move(C("7H"), Spot("P", 2)).targets() == ("card:7H", "platform:2")
    assert Card.parse("??") is HIDDEN and HIDDEN.notation == "??"


def test_view_hides_other_hands_and_the_deck():
    """Hidden information: a view shows face-down cards for other hands and the draw pile."""
    state = position(3, tracks=2, hands=["5S 6S QS", "5H 6H", "5D 6D 7D 8D 9D"], discard="KC",
                     platforms={1: "10C"}, trains={2: ("JH", 2, "9H")})
    view = state.view(2)
    assert view.hand(2) == state.hand(2)
    assert view.hand(1) == (HIDDEN,) * 3 and view.hand(3) == (HIDDEN,) * 5
    assert view.deck == (HIDDEN,) * len(state.deck)
    assert view.tracks == state.tracks and view.discard == state.discard
    assert state.view(None) is state
    text = str(view)
    for hidden in state.hand(1) + state.hand(3) + state.deck:
        assert str(hidden) not in text.replace("??", "")
    assert "P1 hand: ?? ?? ??" in text


def test_event_text_of_a_draw_is_redacted_for_others():
    m = dealt(2, ["7H 8H 9H 10H QH", "5S 6S 7S 8S 9S"], tracks=2, then=["KD", "KC"])
    for a in ("QH>T1", "7H>P1", "end", "5S>P2", "6S>P2"):
        m.play(a)
    events = m.play("end")
    draws = [e for e in events if e.kind == "draw"]
    assert [e.text_for(1) for e in draws] == ["P1 draws K♦", "P1 draws K♣"]
    assert [e.text_for(2) for e in draws] == ["P1 draws a card"] * 2
    assert [e.text_for(None) for e in draws] == ["P1 draws K♦", "P1 draws K♣"]
    assert draws[0].to_dict(2) == {"kind": "draw", "actor": 1, "rule": "turn.draw",
                                   "text": "P1 draws a card", "data": {}}
    assert draws[0].to_dict(1)["data"] == {"card": "KD"}
    log2 = m.log(viewer=2)
    assert "K♦" not in log2 and "P1 is dealt a card" in log2 and "P2 is dealt 5♠" in log2
    assert "P1 is dealt 7♥" not in log2


def test_svg_view_shows_card_backs_for_hidden_hands():
    state = position(2, hands=["QS", "KH"])
    own, other = state.svg(viewer=1), state.svg(viewer=2)
    assert ">Q</text>" in own and ">K</text>" not in own
    assert ">K</text>" in other and ">Q</text>" not in other
    assert state.svg() == state._repr_svg_()


def test_jokers_read_alike_and_keep_their_notation():
    jk1, jk2 = Card.parse("JK1"), Card.parse("JK2")
    assert str(jk1) == str(jk2) == "Joker" and jk1 != jk2
    assert (jk1.notation, jk2.notation) == ("JK1", "JK2")
    assert parse("draw JK2") == Draw(jk2) and parse(Draw(jk2).notation) == Draw(jk2)
    with pytest.raises(sandbox.InvalidNotation, match="'Joker' names either Joker: write JK1 or JK2"):
        Card.parse("Joker")
    state = position(2, hands=["7H", "5S"], discard="JK1")
    assert "top Joker)" in str(state) and "Joker1" not in str(state)



# --- notation: linear time, quoted once ------------------------------------------------------

PATHOLOGICAL = [
    "a" + " " * 150 + "b",
    "a" + " " * 198 + "b",
    "7H" + " " * 196 + ">P",
    "7H" + " to" * 66,
    ">" * 200,
    "-" * 100 + ">" * 100,
    "7H>P" + "1" * 195 + "x",
    "P" + " " * 198 + "1",
    "7H" + " \t" * 98 + "P1",
    ("to " * 67)[:200],
]


@pytest.mark.parametrize("text", PATHOLOGICAL)
def test_parse_is_linear_on_pathological_input(text):
    """The old pattern backtracked over every split of long runs of spaces; the reader now scans
    once from the end. Every 200-character input answers at once: an action or a refusal."""
    assert len(text) <= 200
    try:
        parse(text)
    except sandbox.InvalidNotation as err:
        assert err.violations[0].rule == "notation"
        message = err.violations[0].message
        assert len(message) < 200 + 4 * QUOTE_LIMIT
        assert message.count(text.strip()[:QUOTE_LIMIT]) <= 1


@pytest.mark.parametrize("text, says", [
    ("x" * 150, "'" + "x" * QUOTE_LIMIT + "'… (150 characters) is not an action"),
    ("7X>P1", "'7X' is not a card"),
    ("draw " + "Z" * 100, "'" + "Z" * QUOTE_LIMIT + "'… (100 characters) is not a card"),
    ("move 7H", "'move 7H' is not an action"),
])
def test_notation_errors_quote_the_input_once(text, says):
    with pytest.raises(sandbox.InvalidNotation) as info:
        parse(text)
    message = str(info.value)
    assert message.startswith(says) and message.endswith("[notation]"), message
    quoted = says.split(" is not")[0]
    assert message.count(quoted) == 1  # once, and cut when long
    assert message.count(text.strip()) <= 1 and len(message) < 300


def test_parse_stays_linear_far_beyond_the_cap():
    """`parse` itself (not only `State.read`, which caps text at 200 characters) answers long
    pathological text at once: the old pattern took seconds here (quadratic backtracking)."""
    import time

    text = "a" + " " * 20_000 + "b"
    start = time.process_time()
    with pytest.raises(sandbox.InvalidNotation):
        parse(text)
    assert time.process_time() - start < 2.0  # about 10 ms; the old pattern took ~20 s


_OLD_MOVE = re.compile(r"^\s*(.+?)\s*(?:>|->|\bto\b)\s*([PT])\s*(\d+)\s*$", re.IGNORECASE)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.text(alphabet=" >-toTOPpx7H1♥_.\t", max_size=14))
def test_the_move_reader_reads_what_the_old_pattern_read(text):
    """The hand-written reader accepts exactly what the old pattern did, with the same parts."""
    old = _OLD_MOVE.match(text.strip())
    new = _move_parts(text.strip())
    expect = (old.group(1), old.group(2).upper(), int(old.group(3))) if old else None
    assert new == expect


def test_the_move_reader_matches_the_readable_forms():
    assert parse("7H > P 12") == Move(C("7H"), Spot("P", 12))
    assert parse("10♥ TO t3") == Move(C("10H"), Spot("T", 3))
    for text in ("7H toT3", "7Hto P1", "to P1", ">P1", "7H>P", "7H_to P1"):
        with pytest.raises(sandbox.InvalidNotation):
            parse(text)

"""The core's cheap constructors build exactly what the plain ones build (issue 30): `evolve` and
`amend` copy or change a state's fields and drop, by name, what it worked out about itself;
`frame_of` and `Event.of` make the very frames and events their classes make; and `apply`
plays one of the legal objects itself without reading or checking it again."""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property

import pytest

from sandbox.core.decision import Frame, frame_of
from sandbox.core.errors import IllegalAction
from sandbox.core.events import NO_DATA, Event
from sandbox.core.state import amend, evolve, memo_names
from tests.contract import solo_toy


@dataclass(frozen=True)
class Thing:
    a: int
    b: str = ""

    memos = ("_filled",)  # a memo the class fills itself

    @cached_property
    def twice(self) -> int:
        return 2 * self.a


def test_memo_names_are_the_cached_properties_and_the_declared_memos():
    assert set(memo_names(Thing)) == {"twice", "_filled"}
    assert memo_names(solo_toy.State)[0] == "_legal"  # the commonest first


def test_a_copy_holds_its_fields_and_none_of_what_its_original_worked_out():
    thing = Thing(1, "x")
    assert thing.twice == 2
    thing.__dict__["_filled"] = "stale"
    copy = evolve(thing, a=5)
    assert set(copy.__dict__) == {"a", "b"} and copy == Thing(5, "x") and copy.twice == 10
    assert thing.__dict__["_filled"] == "stale" and thing.a == 1  # the original is as it was


def test_what_no_memo_names_is_copied_along():
    """Anything kept beside the fields that is no memo (a memo that checks it still fits, as Isle
    of Trains' train index does) goes with the copy."""
    thing = Thing(1)
    thing.__dict__["_checked"] = "mine"
    assert evolve(thing, b="y").__dict__["_checked"] == "mine"


@pytest.mark.parametrize("copy", [evolve, amend])
def test_a_change_that_names_no_field_is_refused(copy):
    thing = Thing(1)
    thing.twice, thing.__dict__.setdefault("_checked", 0)
    with pytest.raises(TypeError, match="Thing has no field 'c'"):
        copy(thing, c=3)
    with pytest.raises(TypeError, match="has no field 'twice'"):
        copy(Thing(1), twice=3)


def test_amend_changes_the_private_copy_itself_and_drops_its_memos():
    private = evolve(Thing(1))
    assert private.twice == 2
    assert amend(private, a=4) is private and private.twice == 8 and private.a == 4


def test_frame_of_makes_the_frame_the_dataclass_makes():
    data = (("card", "C1"), ("n", 2))
    made = frame_of("pay", 3, data)
    assert made == Frame("pay", 3, data) and hash(made) == hash(Frame("pay", 3, data))
    assert type(made) is Frame and made.get("n") == 2
    assert [getattr(made, f.name) for f in fields(Frame)] == ["pay", 3, data]
    assert Frame.make("pay", 3, n=2, card="C1") == made and made.with_(n=5).get("n") == 5
    assert frame_of("turn", 1) == Frame("turn", 1)


def test_event_of_makes_the_event_the_named_tuple_makes():
    assert Event.of("draw", "P1 draws", "ten.turn", 1) == Event("draw", "P1 draws", "ten.turn", 1)
    full = Event.of("deal", "P2 draws 7♠", "deal", 2, {"n": 1}, 2, "P2 draws a card")
    assert full == Event("deal", "P2 draws 7♠", "deal", 2, {"n": 1}, 2, "P2 draws a card")
    assert full.text_for(1) == "P2 draws a card" and Event.of("x", "y").data is NO_DATA


def test_apply_plays_a_legal_object_as_it_plays_its_notation():
    state = solo_toy.State.start(solo_toy.Config())
    for _ in range(6):
        if state.is_over:
            break
        action = state.legal_actions()[0]
        by_object, by_text = state.apply(action), state.apply(action.notation)
        assert by_object == by_text
        state = by_object[0]
    with pytest.raises(IllegalAction):
        state.apply(object())

"""The core's field-by-field check of hand-built actions (`sandbox.core.shape`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import pytest

from sandbox.core.shape import TEXT_LIMIT, fault, well_formed

if TYPE_CHECKING:
    from collections import OrderedDict  # known to type checkers only: its field takes anything


@dataclass(frozen=True)
class Spot:
    player: int
    pos: int


@dataclass(frozen=True)
class Move:
    card: str
    to: Spot
    face_down: bool = False
    cards: tuple[str, ...] = ()
    drop: int | None = None
    side: Literal["left", "right"] = "left"
    key: int = field(default=-1, init=False)
    extra: OrderedDict | None = None


GOOD = Move("C1", Spot(1, 2), True, ("a", "b"), None, "right")


def test_an_action_whose_fields_hold_what_they_declare_is_well_formed():
    assert well_formed(GOOD) and fault(GOOD) is None
    assert well_formed(Move("C1", Spot(1, 2), drop=3, extra="anything"))
    assert fault("not a dataclass") is None and fault(Move) is None


@pytest.mark.parametrize("bad, says", [
    (Move("C1", Spot(1, 2.0)), "to.pos must be a whole number (int), not 2.0"),
    (Move("C1", Spot(True, 2)), "to.player must be a whole number (int), not True"),
    (Move("C1", (1, 2)), "to must be a Spot, not (1, 2)"),
    (Move(None, Spot(1, 2)), "card must be a text (str), not None"),
    (Move("C1", Spot(1, 2), face_down=1), "face_down must be True or False (bool), not 1"),
    (Move("C1", Spot(1, 2), cards=["a"]), "cards must be a tuple (tuple[str, ...]), not ['a']"),
    (Move("C1", Spot(1, 2), cards=("a", 1)), "cards must be a tuple"),
    (Move("C1", Spot(1, 2), drop=1.0), "drop must be a whole number (int) or None, not 1.0"),
    (Move("C1", Spot(1, 2), side="up"), "side must be 'left' or 'right', not 'up'"),
])
def test_a_field_of_another_kind_is_named_with_the_kind_it_needs(bad, says):
    wrong = fault(bad)
    assert wrong is not None and says in wrong.message and not wrong.overlong


def test_a_text_longer_than_any_notation_is_overlong():
    wrong = fault(Move("C" * (TEXT_LIMIT + 1), Spot(1, 2)))
    assert wrong is not None and wrong.overlong and wrong.field == "card"
    assert len(wrong.message) < 100
    assert fault(Move("C1", Spot(1, 2), cards=("x" * 5000,))) is not None
    assert well_formed(Move("C" * TEXT_LIMIT, Spot(1, 2)))


def test_a_value_that_cannot_even_be_shown_is_a_fault_not_an_error():
    class Unprintable:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    wrong = fault(Move(Unprintable(), Spot(1, 2)))  # type: ignore[arg-type]
    assert wrong is not None and "cannot be read" in wrong.message

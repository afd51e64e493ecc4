"""A game's rulings switches: checked when made, listed in messages, read from options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from sandbox.core.switches import Switches


@dataclass(frozen=True)
class Toy(Switches):
    TITLE: ClassVar[str] = "Toy"
    ending: str = "soon"
    dice: str = "six"
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {"ending": ("soon", "late"), "dice": ("six", "eight")}


def test_the_defaults_and_another_reading_are_made():
    assert Toy() == Toy.make({}) and Toy.make({"dice": "eight"}).dice == "eight"


def test_a_value_not_offered_is_refused_naming_the_values():
    with pytest.raises(ValueError, match="the ending ruling is 'soon' or 'late', not 'never'"):
        Toy(ending="never")


def test_an_unknown_option_is_refused_listing_every_option():
    with pytest.raises(ValueError, match="Toy has no option 'colour'; its options \\(default first\\) are: "
                                         "ending='soon' or 'late'; dice='six' or 'eight'"):
        Toy.make({"colour": "red"})

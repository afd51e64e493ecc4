"""Frozen dataclasses made from their fields without their `__init__`.

A frozen dataclass's own `__init__` sets each field through `object.__setattr__`, which costs
more than the rules that make most of our small objects (a frame, a pile, a track). Where the
fields are already checked, the object is made directly: its table of fields given whole.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


def made(cls: type[T], fields: dict[str, Any]) -> T:
    """An object of the frozen dataclass `cls` holding exactly `fields` (every field; the dict
    becomes its `__dict__`, so it must be the caller's own)."""
    obj = _new(cls)
    _set(obj, "__dict__", fields)
    return obj


__all__ = ["made"]

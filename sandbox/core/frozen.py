"""Frozen dataclasses made from their fields without their `__init__`.

A frozen dataclass's own `__init__` sets each field through `object.__setattr__`, which costs
more than the rules that make most of our small objects (a frame, a pile, a track). Where the
fields are already checked, the object is made directly: its table of fields given whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

if cython.compiled:  # what `object.__setattr__(obj, "__dict__", ...)` ends in, called from C
    from cython.cimports.cpython.object import PyObject_GenericSetDict

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


@cython.locals(kind=type)
def made(cls: type[T], fields: dict[str, Any]) -> T:
    """An object of the frozen dataclass `cls` holding exactly `fields` (every field; the dict
    becomes its `__dict__`, so it must be the caller's own). Compiled, the object is made by
    the class's own `tp_new` in C (`kind.__new__(kind)` on a `type`, which Cython calls directly,
    where `object.__new__(cls)` went through the wrapper that checks its arguments first), and
    the table is set in C (`PyObject_GenericSetDict`, the same check that it is a dict), without
    the slot wrapper `object.__setattr__` is: together, most of what making the object cost."""
    if cython.compiled:
        kind = cython.cast(type, cls)  # unchecked: an argument typed `type` would refuse a class
        # made by another metaclass (ABCMeta), which is a type all the same
        obj = kind.__new__(kind)
        PyObject_GenericSetDict(obj, fields, cython.NULL)
        return obj
    obj = _new(cls)
    _set(obj, "__dict__", fields)
    return obj


__all__ = ["made"]

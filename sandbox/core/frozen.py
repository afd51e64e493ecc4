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

if cython.compiled:  # what `object.__new__(cls)` and `object.__setattr__(obj, "__dict__", ...)`
    # end in, called from C
    from cython.cimports.cpython.object import PyObject_GenericSetDict, PyTypeObject
    from cython.cimports.cpython.type import PyType_GenericAlloc

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


def made(cls: type[T], fields: dict[str, Any]) -> T:
    """An object of the frozen dataclass `cls` holding exactly `fields` (every field; the dict
    becomes its `__dict__`, so it must be the caller's own). Compiled, the table is set in C
    (`PyObject_GenericSetDict`, the same check that it is a dict), without the slot wrapper
    `object.__setattr__` is: nearly half of what making the object cost. The object itself is
    allocated as `object.__new__` allocates it (`PyType_GenericAlloc`), without the wrapper
    that checks its arguments and that it is safe first, where the class is made by `object`'s
    own `__new__` (any other, such as a class over a native one, goes through `object.__new__`
    and its checks)."""
    if cython.compiled:
        obj = PyType_GenericAlloc(cls, 0) if _made_by_object(cls) else _new(cls)
        PyObject_GenericSetDict(obj, fields, cython.NULL)
        return obj
    obj = _new(cls)
    _set(obj, "__dict__", fields)
    return obj


@cython.cfunc
@cython.inline
@cython.returns(cython.bint)
def _made_by_object(cls: Any) -> bool:
    """Whether `cls`'s objects are made by `object.__new__` itself (compiled only)."""
    return cython.cast(cython.pointer(PyTypeObject), cls).tp_new == \
        cython.cast(cython.pointer(PyTypeObject), _OBJECT).tp_new


_OBJECT: Any = object


__all__ = ["made"]

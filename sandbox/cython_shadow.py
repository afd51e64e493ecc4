"""A stand-in for Cython's shadow module (`import cython` in plain Python), for where Cython is
not installed (Binder, a laptop without a compiler).

An engine module that declares a native class writes, at its top::

    if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
        from sandbox import cython_shadow as cython
    else:
        try:
            import cython
        except ImportError:  # plain Python without Cython
            from sandbox import cython_shadow as cython

Compiled, Cython reads `cython.*` itself and this module is never imported. In plain Python each
name here does what Cython's own shadow module does: `cclass` and `locals` change nothing,
`dataclasses.dataclass` is the standard library's, and `compiled` is False. Only the names the
engines use are here; a new one is added when an engine needs it (`tests/core/test_native_classes.py`
checks them against Cython's shadow module where Cython is installed).
"""

from __future__ import annotations

import dataclasses  # Cython's own for extension types, compiled; the standard library's here
from collections.abc import Callable
from typing import Any, TypeVar

_T = TypeVar("_T")

compiled = False
"""Whether this module's caller runs compiled (never, where this stand-in is imported)."""


def cclass(cls: _T) -> _T:
    """Compiled: the class is an extension type (its fields in C slots, no `__dict__`)."""
    return cls


def freelist(size: int) -> Callable[[_T], _T]:
    """Compiled: up to `size` freed objects of the extension type kept to be made again."""
    return lambda cls: cls


def no_gc(cls: _T) -> _T:
    """Compiled: the extension type's objects are never walked by the cycle collector."""
    return cls


def locals(**types: Any) -> Callable[[_T], _T]:  # Cython's name
    """Compiled: the function's local variables of these types."""
    return lambda function: function


def cfunc(function: _T) -> _T:
    """Compiled: a C function, called from compiled code without Python's call."""
    return function


def ccall(function: _T) -> _T:
    """Compiled: a C function that Python can call too (`cpdef`)."""
    return function


def inline(function: _T) -> _T:
    """Compiled: the C function is inlined where it is called."""
    return function


def returns(kind: Any) -> Callable[[_T], _T]:
    """Compiled: the C function's return type."""
    return lambda function: function


def declare(kind: Any, value: Any = None) -> Any:
    """Compiled: a C variable of `kind` (a module's C array, a C constant); `value` here, or for
    an array without one a list of that many zeros (as Cython's own shadow gives an array)."""
    if value is None and isinstance(kind, _Array):
        return [0] * kind.size
    return value


def cast(kind: Any, value: _T) -> _T:
    """Compiled: `value` as the C type `kind`; the value itself here."""
    return value


def pointer(kind: Any) -> Any:
    """Compiled: the C type of a pointer to `kind` (read only by the compiler)."""
    return kind


class _CType:
    """A C type's name, read only by the compiler; `uint[624]` names an array of them."""

    def __getitem__(self, size: int) -> _Array:
        return _Array(size)


class _Array:
    """A C array type: `size` items of a C type."""

    def __init__(self, size: int) -> None:
        self.size = size


uint = Py_ssize_t = p_uchar = bint = _CType()

NULL: Any = None
"""Compiled: C's null pointer (an argument a C function takes as "none given")."""

__all__ = ["NULL", "Py_ssize_t", "bint", "cast", "ccall", "cclass", "cfunc", "compiled", "dataclasses",
           "declare", "freelist", "inline", "locals", "no_gc", "p_uchar", "pointer", "returns", "uint"]

"""Hand-built actions checked field by field against the kinds their dataclass declares.

Python holds 2.0 == 2 and True == 1, with equal hashes, so a hand-built action carrying a float
or a bool where a whole number belongs equals a legal action and would pass a set lookup. Were it
recorded as given, its notation ('lay M18 -1,4 r2.0', 'build E3 up True') would read back as
nothing and the match's own save would not load. So an action object that is not one the engine
handed out is checked here before it counts as legal: every field must hold exactly the kind
its annotation names (a whole number is an `int`, never a bool or a float), parts that are
themselves dataclasses (a card, a spot) are checked the same way, and no text is longer than a
whole action's notation may be (as text input is capped before it is parsed).
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sandbox.core.errors import quote

TEXT_LIMIT = 200
"""Longest text a field of an action may hold: the longest notation read (`MAX_NOTATION`)."""

Check = Callable[[Any], bool]


@dataclass(frozen=True)
class Fault:
    """What is wrong with one field of an action: its path ('to.n'), the sentence saying so,
    and whether it is only too long (a text no action holds) rather than of the wrong kind."""

    field: str
    message: str
    overlong: bool = False


@dataclass(frozen=True)
class _Field:
    name: str
    check: Check
    expected: str


_SPECS: dict[type, tuple[_Field, ...]] = {}


def fault(action: Any) -> Fault | None:
    """The first field of `action` (a dataclass; anything else has none) that holds a value of
    the wrong kind or an overlong text, or None when every field is as declared."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return None
    try:
        return _fault(action, "")
    except Exception as e:  # a value that cannot even be shown, or parts nested past recursion
        return Fault("", f"a field holds a value that cannot be read ({type(e).__name__})")


def well_formed(action: Any) -> bool:
    return fault(action) is None


def _fault(obj: Any, prefix: str) -> Fault | None:
    for spec in _spec(type(obj)):
        value = getattr(obj, spec.name, None)
        path = prefix + spec.name
        if isinstance(value, str) and len(value) > TEXT_LIMIT:
            return Fault(path, f"{path} is a text of {len(value):,} characters: no action's text is "
                               f"longer than {TEXT_LIMIT}", overlong=True)
        if not spec.check(value):
            return Fault(path, f"{path} must be {spec.expected}, not {quote(value)}")
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            inner = _fault(value, path + ".")
            if inner is not None:
                return inner
    return None


def _spec(cls: type) -> tuple[_Field, ...]:
    """The checks of `cls`'s fields, worked out once per class (fields set by `__init__` only:
    a field the class computes itself is its own business)."""
    found = _SPECS.get(cls)
    if found is None:
        hints = _hints(cls)
        found = _SPECS[cls] = tuple(
            _Field(f.name, *_checker(hints[f.name]))
            for f in dataclasses.fields(cls) if f.init and f.name in hints)
    return found


def _hints(cls: type) -> dict[str, Any]:
    """The field annotations of `cls`, evaluated; one that cannot be (a name imported only for
    type checkers) is left out, so its field takes anything. A compiled extension type keeps
    no `__annotations__`: its fields' declared kinds are read from the fields themselves."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception:
        hints = {}
    namespace = vars(sys.modules.get(cls.__module__, types.ModuleType("none")))
    for f in dataclasses.fields(cls):
        if f.name in hints:
            continue
        try:
            hints[f.name] = eval(f.type, namespace) if isinstance(f.type, str) else f.type
        except Exception:
            continue
    return hints


def _anything(value: Any) -> bool:
    return True


def _checker(hint: Any) -> tuple[Check, str]:
    """A test for values of the declared kind `hint`, and the words for that kind."""
    if hint is int:
        return (lambda v: type(v) is int), "a whole number (int)"
    if hint is bool:
        return (lambda v: type(v) is bool), "True or False (bool)"
    if hint is str:
        return (lambda v: isinstance(v, str)), "a text (str)"
    if hint is type(None):
        return (lambda v: v is None), "None"
    if hint is float:
        return (lambda v: type(v) in (int, float)), "a number"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        parts = [_checker(a) for a in args]
        return (lambda v: any(check(v) for check, _ in parts)), " or ".join(w for _, w in parts)
    if origin is typing.Literal:
        return (lambda v: any(v == a and type(v) is type(a) for a in args)), \
            " or ".join(map(repr, args))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _whole(_checker(args[0])[0])
            return (lambda v: type(v) is tuple and all(map(each, v))), f"a tuple ({hint})"
        checks = [_whole(_checker(a)[0]) for a in args]
        return (lambda v: type(v) is tuple and len(v) == len(checks)
                and all(c(x) for c, x in zip(checks, v))), f"a tuple ({hint})"
    if origin in (frozenset, set):
        each = _whole(_checker(args[0])[0]) if args else _anything
        return (lambda v: type(v) is origin and all(map(each, v))), f"a {origin.__name__} ({hint})"
    if isinstance(hint, type) and hint is not object:
        return (lambda v: isinstance(v, hint)), f"a {hint.__name__}"
    return _anything, "anything"


def _whole(check: Check) -> Check:
    """`check`, and inside a collection the parts that are dataclasses checked too."""
    def both(value: Any) -> bool:
        return check(value) and (not isinstance(value, str) or len(value) <= TEXT_LIMIT) and \
            (not dataclasses.is_dataclass(value) or isinstance(value, type) or _fault(value, "") is None)
    return both

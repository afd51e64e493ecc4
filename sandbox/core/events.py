"""Events: the explained narrative of every transition.

Each event names the rule it applies. An event that shows a secret (a card drawn into a hand)
carries the text everyone else sees, so a log can be read from any seat without leaking.

Events are small tuples, and their text is built when it is read: `template` is the text, or
a `str.format` template filled from `args` (`Event.lazy`), so a bot playing thousands of games
never formats a sentence nobody reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

if cython.compiled:  # an event's tuple made by `tuple`'s own `tp_new`, called from C
    from cython.cimports.cpython.object import PyObject, PyTypeObject

NO_DATA: Mapping[str, Any] = MappingProxyType({})
_new_tuple = tuple.__new__


class Event(NamedTuple):
    kind: str
    template: str  # the text, or a str.format template filled from `args`
    rule: str = ""
    actor: int | None = None
    data: Mapping[str, Any] = NO_DATA
    secret_for: int | None = None  # the one seat that may read `text` (None: everyone)
    public_text: str = ""  # what every other seat reads instead
    args: tuple[Any, ...] = ()

    # `of` and `lazy` are static, not class methods: compiled, a class method is bound anew at
    # every call, which cost more than the event it made (events are made at every step)

    @staticmethod
    def of(kind: str, text: str, rule: str = "", actor: int | None = None,
           data: Mapping[str, Any] = NO_DATA, secret_for: int | None = None, public_text: str = "") -> Event:
        """`Event(kind, text, rule, actor, data, secret_for, public_text)`, made as the tuple it
        is (a NamedTuple's own `__new__` costs as much again): for events made at every step."""
        return _event((kind, text, rule, actor, data, secret_for, public_text, ()))

    @staticmethod
    def lazy(kind: str, template: str, *args: Any, rule: str = "", actor: int | None = None,
             **data: Any) -> Event:
        """An event whose text is `template.format(*args)`, built only when someone reads it.
        (Made as the tuple it is: a NamedTuple's own `__new__` costs as much again.)"""
        return _event((kind, template, rule, actor, data or NO_DATA, None, "", args))

    @property
    def text(self) -> str:
        return self.template.format(*self.args) if self.args else self.template

    def text_for(self, viewer: int | None = None) -> str:
        """The text as `viewer` may read it (None: the whole table, nothing hidden)."""
        if self.secret_for is None or viewer is None or viewer == self.secret_for:
            return self.text
        return self.public_text

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        hidden = not (self.secret_for is None or viewer is None or viewer == self.secret_for)
        return {
            "kind": self.kind,
            "actor": self.actor,
            "rule": self.rule,
            "text": self.text_for(viewer),
            "data": {} if hidden else dict(self.data),
        }

    def __str__(self) -> str:
        return self.text


def later(kind: str, template: str, args: tuple[Any, ...], rule: str, actor: int | None,
          data: Mapping[str, Any]) -> Event:
    """`Event.lazy` with its arguments given whole, positionally: a game's own event maker
    (Traintopia's `told`) hands them on without packing them into new ones again. A module
    function: not even looked up on the class."""
    return _event((kind, template, rule, actor, data or NO_DATA, None, "", args))


@cython.cfunc
@cython.locals(items=tuple, args=tuple, event_type=type)
def _event(items: tuple[Any, ...]) -> Event:
    """The event holding `items` (its 8 fields), made as the tuple it is: a NamedTuple's own
    `__new__` runs as plain Python, and `tuple.__new__` is reached through a wrapper that checks
    its arguments first. Compiled, `tuple`'s own `tp_new` is called directly, as that wrapper
    ends in calling it: events are made at every step."""
    if cython.compiled:
        args, event_type = (items,), Event
        return cython.cast(cython.pointer(PyTypeObject), _TUPLE).tp_new(
            event_type, cython.cast(cython.pointer(PyObject), args), cython.NULL)
    return _new_tuple(Event, items)


_TUPLE: Any = tuple

"""Native classes: an engine class declared as a Cython extension type in its own source (its
fields in C slots) is, compiled, the same action as the frozen dataclass plain Python makes of
it, and plain Python runs it with or without Cython installed.

The first one is Traintopia's `Lay`, made 60-75 at a time at every lay decision; the core's
decision `Frame`, read a dozen times a transition by every game, is another
(`docs/core.md` § Speed). What an action must do is checked on both forms side by side: equal
and hashed by value, ordered, written and read back, copied and pickled, frozen, and refused by
the shape check when hand-built with a float or a bool.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import importlib.util
import pickle
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from sandbox import cython_shadow, native
from sandbox.core import decision, frozen
from sandbox.core.shape import fault
from sandbox.traintopia import actions

ROOT = Path(__file__).resolve().parents[2]


def _plain(module: ModuleType) -> ModuleType:
    """`module` loaded again from its source as plain Python, under a name of its own (kept in
    `sys.modules`, where dataclasses and pickle look its classes up)."""
    name = f"plain_{module.__name__.replace('.', '_')}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(
        name, ROOT / Path(*module.__name__.split(".")).with_suffix(".py"))
    assert spec is not None and spec.loader is not None
    plain = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    return plain


def test_the_stand_in_does_what_cythons_shadow_module_does() -> None:
    cython = pytest.importorskip("cython")
    for name in cython_shadow.__all__:
        assert hasattr(cython, name), f"Cython's shadow module has no {name}"
    assert cython_shadow.compiled is cython.compiled is False
    assert cython_shadow.dataclasses.dataclass is cython.dataclasses.dataclass is dataclasses.dataclass
    assert cython_shadow.dataclasses.field is cython.dataclasses.field is dataclasses.field
    for module in (cython_shadow, cython):  # a C array declared in a function: items set, then read
        array = module.declare(module.uint[16])
        array[15] = 7
        assert array[15] == 7

    class Thing:
        pass

    assert cython_shadow.cclass(Thing) is Thing and cython.cclass(Thing) is Thing

    def f() -> int:
        return 1

    assert cython_shadow.locals(x=int)(f) is f
    for decorate in (cython_shadow.cfunc, cython_shadow.ccall, cython_shadow.inline,
                     cython_shadow.returns(cython_shadow.uint)):
        assert decorate(f) is f
    assert cython_shadow.cast(cython_shadow.uint, 7) == 7 == cython.cast(cython.uint, 7)
    assert cython_shadow.declare(cython_shadow.Py_ssize_t, 624) == 624
    assert cython.declare(cython.Py_ssize_t, 624) == 624
    assert cython_shadow.uint[624].size == 624  # an array's type, read by the compiler only


def test_lay_compiled_is_the_same_action_as_plain() -> None:
    plain = _plain(actions)
    if "sandbox.traintopia.actions" in native.compiled_now():
        assert not hasattr(actions.Lay("M12", 2, -2, 1), "__dict__"), "compiled Lay is an extension type"
    assert hasattr(plain.Lay("M12", 2, -2, 1), "__dict__")
    made = {form: (module.Lay("M12", 2, -2, 1), module.Lay("M12", 2, -2, 1), module.Lay("M12", 3, -2, 0))
            for form, module in (("this", actions), ("plain", plain))}
    for form, (a, same, other) in made.items():
        assert a == same and hash(a) == hash(same) and a != other and a is not same, form
        assert a < other and sorted([other, a]) == [a, other], form
        assert a.notation == "lay M12 2,-2 r1" and str(a) == "Lay M12 at 2,-2, turned 90°", form
        assert a.targets() == ("spot:2,-2", "turn:1", "hand:M12"), form
        assert repr(a) == "Lay(tile='M12', x=2, y=-2, turn=1)", form
        assert [f.name for f in dataclasses.fields(a)] == ["tile", "x", "y", "turn"], form
        assert dataclasses.replace(a, x=3, turn=0) == other, form
        assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a, form
        with pytest.raises(AttributeError):
            a.x = 5  # type: ignore[misc]
        assert a.x == 2
    mine, theirs = made["this"][0], made["plain"][0]
    assert actions.parse(mine.notation) == mine
    assert (mine.tile, mine.x, mine.y, mine.turn) == (theirs.tile, theirs.x, theirs.y, theirs.turn)


def test_a_hand_built_lay_with_a_float_or_bool_is_refused_in_either_form() -> None:
    plain = _plain(actions)
    for module in (actions, plain):
        assert fault(module.Lay("M12", 2, -2, 1)) is None
        bad = fault(module.Lay("M12", 2.0, -2, 1))
        assert bad is not None and bad.field == "x" and "whole number" in bad.message
        assert fault(module.Lay("M12", 2, -2, True)) is not None


def test_made_gives_the_same_frozen_object_compiled_and_plain() -> None:
    """`made` sets a new object's table of fields in C where compiled: the object is the one the
    dataclass's own `__init__` makes, frozen, and a table that is not a dict is refused alike."""
    plain = _plain(frozen)
    fields = {"tile": "M12", "x": 2, "y": -2, "turn": 1}
    for form, module in (("this", frozen), ("plain", plain)):
        own = dict(fields)
        obj = module.made(_Spot, own)
        assert type(obj) is _Spot and obj == _Spot(**fields) and hash(obj) == hash(_Spot(**fields)), form
        assert obj.__dict__ is own and pickle.loads(pickle.dumps(obj)) == obj, form
        with pytest.raises(dataclasses.FrozenInstanceError):
            obj.x = 3  # type: ignore[misc]
        with pytest.raises(TypeError, match="__dict__ must be set to a dictionary"):
            module.made(_Spot, [("tile", "M12")])  # type: ignore[arg-type]


@dataclasses.dataclass(frozen=True)
class _Spot:
    tile: str
    x: int
    y: int
    turn: int


def test_a_frame_compiled_is_the_same_frame_as_plain() -> None:
    plain = _plain(decision)
    if "sandbox.core.decision" in native.compiled_now():
        assert not hasattr(decision.Frame("pay", 3), "__dict__"), "compiled Frame is an extension type"
    assert hasattr(plain.Frame("pay", 3), "__dict__")
    data = (("card", "C1"), ("n", 2))
    for form, module in (("this", decision), ("plain", plain)):
        frame = module.frame_of("pay", 3, data)
        assert type(frame) is module.Frame and frame == module.Frame("pay", 3, data), form
        assert hash(frame) == hash(module.Frame("pay", 3, data)), form
        assert frame != module.Frame("pay", 2, data), form
        assert module.Frame.make("pay", 3, n=2, card="C1") == frame and frame.get("n") == 2, form
        assert frame.with_(n=5).data == (("card", "C1"), ("n", 5)) and frame.get("x", "-") == "-", form
        assert repr(frame) == "Frame(kind='pay', player=3, data=(('card', 'C1'), ('n', 2)))", form
        assert [f.name for f in dataclasses.fields(frame)] == ["kind", "player", "data"], form
        assert module.frame_of("turn", 1) == module.Frame("turn", 1) and module.Frame("turn", 1).data == ()
        assert pickle.loads(pickle.dumps(frame)) == frame and copy.deepcopy(frame) == frame, form
        with pytest.raises(AttributeError):
            frame.player = 1  # type: ignore[misc]
        assert frame.player == 3


def test_every_pxd_declares_its_classes_fields_in_their_order() -> None:
    """A `.pxd` declares again the C slots of the native classes in the module beside it, for the
    modules that read them typed: for a dataclass, the same names as its fields, in the same
    order, read only; for a class with `__slots__` (a network's index), the same names."""
    checked = 0
    for pxd in sorted((ROOT / "sandbox").rglob("*.pxd")):
        module = _plain(importlib.import_module(
            ".".join(pxd.relative_to(ROOT).with_suffix("").parts)))
        for name, body in re.findall(r"^cdef class (\w+):\n((?:    .*\n)+)", pxd.read_text(), re.M):
            kind = getattr(module, name)
            if dataclasses.is_dataclass(kind):
                slots = re.findall(r"^    cdef readonly object (\w+)$", body, re.M)
                assert slots == [f.name for f in dataclasses.fields(kind)], (pxd.name, name)
            else:
                declared = re.findall(r"^    cdef public \w+ ([\w, ]+)$", body, re.M)
                slots = [n.strip() for line in declared for n in line.split(",")]
                assert sorted(slots) == sorted(kind.__slots__), (pxd.name, name)
            checked += 1
    assert checked >= 5  # each game's Table, the core's Frame, Traintopia's network index

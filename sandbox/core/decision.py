"""Decisions as data: the stack of small steps that drives every turn.

A turn is never one giant packed action. It is a stack of `Frame`s, each a small decision
stored as plain data (kind, who decides, a sorted payload), so a game stopped in the middle of
a multi-step action saves, loads, undoes and branches like any other position. The top frame
is the decision pending; the game's rules say, per kind, its prompt, its rule and its options.

Besides "pick one option", three ready kinds of step:

- **Subset choice** (`subset`, `Toggle`, `Confirm`): choose any subset of a set of items (the
  dice to reroll, the goods to trade), one small `Toggle` action per item, then `Confirm`.
  Every toggle is a serializable action with its own explanation.
- **Secret simultaneous commitments** (`secret`, `commit`): every player named commits a
  choice; nobody sees another's choice (a view shows only *that* they committed) until all are
  in, then the game reveals them together. The deciders are all `pending.players` at once.
- **Any-time actions**: options a game offers beside the main step ("at any time during your
  turn"); they are legal actions like the others, listed in `pending.anytime` so the chooser can
  show them apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from sandbox.core.errors import Violation
from sandbox.core.frozen import made

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

_COMPILED = cython.compiled  # read at run time (Cython would call the plain path unreachable)

SEALED = "?"
"""What a viewer reads in place of another player's secret commitment."""


@cython.dataclasses.dataclass(frozen=True)
@cython.freelist(64)
@cython.cclass
class Frame:
    """A pending sub-decision: its kind, who decides, and a small immutable payload.

    Compiled, a native class (its fields in C slots, declared again in `decision.pxd`, no
    `__dict__`): every transition reads the top frame's kind and player a dozen times, and the
    rules typed with it read them without a lookup. In plain Python, the frozen dataclass it
    reads as."""

    kind: str
    player: int
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def with_(self, **changes: Any) -> Frame:
        data = dict(self.data)
        data.update(changes)
        return frame_of(self.kind, self.player, tuple(sorted(data.items())))

    @classmethod
    def make(cls, kind: str, player: int, **data: Any) -> Frame:
        return frame_of(kind, player, tuple(sorted(data.items())))


@cython.locals(frame=Frame)
def frame_of(kind: str, player: int, data: tuple[tuple[str, Any], ...] = ()) -> Frame:
    """`Frame(kind, player, data)` (`data` already sorted by key), made directly: a turn makes
    frames at nearly every step. Compiled, a bare native object whose slots are written here;
    in plain Python, without the frozen dataclass's guarded `__init__` (`made`)."""
    if _COMPILED:
        frame = Frame.__new__(Frame)
        frame.kind, frame.player, frame.data = kind, player, data  # type: ignore[misc]
        return frame
    return made(Frame, {"kind": kind, "player": player, "data": data})


# --- subset choice -------------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Toggle:
    """Add an item to the subset being chosen, or take it out again."""

    item: str

    @property
    def notation(self) -> str:
        return f"toggle {self.item}"

    def targets(self) -> tuple[str, ...]:
        return (self.item,)

    def __str__(self) -> str:
        return f"Select or unselect {self.item}"


@dataclass(frozen=True, order=True)
class Confirm:
    """Settle the subset chosen so far."""

    @property
    def notation(self) -> str:
        return "confirm"

    def targets(self) -> tuple[str, ...]:
        return ("confirm",)

    def __str__(self) -> str:
        return "Confirm the selection"


def subset(kind: str, player: int, items: tuple[str, ...], *, least: int = 0, most: int | None = None,
           **data: Any) -> Frame:
    """A subset choice among `items` (names, each once), at least `least` and at most `most`."""
    return Frame.make(kind, player, items=tuple(items), chosen=(), least=least,
                      most=len(items) if most is None else most, **data)


def chosen(frame: Frame) -> tuple[str, ...]:
    """The items chosen so far, in the order of `items`."""
    picked = set(frame.get("chosen", ()))
    return tuple(i for i in frame.get("items", ()) if i in picked)


CONFIRM = Confirm()


@cache
def toggle(item: str) -> Toggle:
    """The one `Toggle(item)` the options hand out per item (items are a game's names: dice,
    goods): a game that keeps the options of thousands of choices (Trains & Stations) then
    makes and keeps a few dozen toggles, not one per option of each choice."""
    return Toggle(item)


def subset_options(frame: Frame) -> tuple[Any, ...]:
    """Every toggle that keeps within the bounds, then Confirm if the selection may stand."""
    picked = chosen(frame)
    room = len(picked) < frame.get("most")
    toggles = tuple(toggle(i) for i in frame.get("items") if i in picked or room)
    ok = frame.get("least") <= len(picked) <= frame.get("most")
    return (*toggles, CONFIRM) if ok else toggles


def subset_violations(frame: Frame, action: Any, rule: str) -> list[Violation]:
    """Why a Toggle or Confirm does not fit this subset choice (empty: it does)."""
    picked = chosen(frame)
    if isinstance(action, Toggle):
        if action.item not in frame.get("items"):
            offered = ", ".join(frame.get("items")) or "nothing"
            return [Violation(rule, f"{action.item} cannot be chosen here (choose among: {offered})")]
        if action.item not in picked and len(picked) >= frame.get("most"):
            return [Violation(rule, f"at most {frame.get('most')} may be chosen")]
        return []
    if isinstance(action, Confirm):
        if len(picked) < frame.get("least"):
            return [Violation(rule, f"choose at least {frame.get('least')} first ({len(picked)} chosen)")]
        return []
    return [Violation(rule, "choose items with 'toggle', then 'confirm'")]


def toggled(frame: Frame, item: str) -> Frame:
    picked = set(frame.get("chosen", ()))
    picked ^= {item}
    return frame.with_(chosen=tuple(i for i in frame.get("items") if i in picked))


# --- secret simultaneous commitments -------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Commit:
    """A player's secret choice in a simultaneous decision: `choice` is the game's notation."""

    player: int
    choice: str

    @property
    def notation(self) -> str:
        return f"P{self.player} commits {self.choice}"

    def targets(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return f"P{self.player} commits: {self.choice}"


def secret(kind: str, players: tuple[int, ...], **data: Any) -> Frame:
    """A simultaneous decision of `players`; the frame's player is the first of them."""
    return Frame.make(kind, players[0], waiting=tuple(players), commitments=(), **data)


def waiting(frame: Frame) -> tuple[int, ...]:
    """Players who have not committed yet."""
    return tuple(frame.get("waiting", ()))


def commitments(frame: Frame) -> dict[int, str]:
    return dict(frame.get("commitments", ()))


def committed(frame: Frame, player: int, choice: str) -> Frame:
    """The frame after `player` commits `choice` (kept secret from the others)."""
    left = tuple(p for p in waiting(frame) if p != player)
    done = tuple(sorted((*frame.get("commitments", ()), (player, choice))))
    return frame.with_(waiting=left, commitments=done)


def sealed(frame: Frame, viewer: int | None) -> Frame:
    """The frame as `viewer` may read it: other players' commitments show as SEALED."""
    if viewer is None or not frame.get("commitments"):
        return frame
    return frame.with_(commitments=tuple((p, c if p == viewer else SEALED)
                                         for p, c in frame.get("commitments")))


def commit_violations(frame: Frame, action: Commit, rule: str) -> list[Violation]:
    if action.player not in frame.get("waiting", ()):
        if action.player in commitments(frame):
            return [Violation(rule, f"P{action.player} has already committed")]
        return [Violation(rule, f"P{action.player} takes no part in this decision")]
    return []

"""The contract every game's state honours.

A state is immutable. It knows who decides next (`pending`, and cheaply `to_move`), which
actions are legal, why any action is or is not (`explain`), and how to move on (`apply`).

Two paths to legality, kept in agreement by a property test over many random states:

- the fast path, `generate_legal()`: the legal actions, computed once per state, formatting
  nothing (what bots, the lab and `apply` use);
- the explaining path, `_violations()`: every rule an action breaks, with the numbers (what
  `explain()` and the chooser's "not allowed, and why" show).

`apply()` takes exactly the legal actions (a set lookup), so a hand-built or malformed object
never reaches the rules; `explain()` refuses anything that is not among them, whatever it is.

Everything a game declares beyond the rules is a method here, never an attribute looked up by
name: live scores for a viewer, a breakdown for any player, seat names, the hint for clicks on
the table, and what a greedy bot needs (`assess`, `continuations`).

What sits above a game's state (its drawing, its bots' valuation) imports the state, so the
state never imports it: the game hands those functions to its `GameInfo` (`draw`,
`picture_size`, `assess`, `draw_ghost`) and the methods here call them; a state may still
override any of them with its own method.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from sandbox.core.chance import weighted
from sandbox.core.decision import Commit
from sandbox.core.errors import IllegalAction, InvalidNotation, Verdict, Violation, quote, shown
from sandbox.core.events import Event
from sandbox.core.frozen import made
from sandbox.core.pending import CHANCE, Pending
from sandbox.core.picture import svg_bundle
from sandbox.core.registry import info_of, notice_of
from sandbox.core.shape import fault, well_formed

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from typing_extensions import Self

    from sandbox import cython_shadow as cython
    from sandbox.core.outcome import Outcome
    from sandbox.core.paint import Painter
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython


class Action(Protocol):
    """An action: a small frozen dataclass with a short notation and a readable `str`."""

    @property
    def notation(self) -> str: ...

    def targets(self) -> tuple[str, ...]:
        """The things on the table this action touches, as the drawing's hotspot names."""
        ...


class GameConfig(Protocol):
    players: int

    def to_dict(self) -> dict[str, Any]: ...

    def describe(self) -> str: ...


A = TypeVar("A")
C = TypeVar("C", bound=GameConfig)

_SHAPES: dict[type, tuple[frozenset[str], tuple[str, ...]]] = {}
"""Per class: its field names, and what its objects work out about themselves (`memo_names`)."""


def _shape(cls: type) -> tuple[frozenset[str], tuple[str, ...]]:
    shape = _SHAPES.get(cls)
    if shape is None:
        found = {name for klass in cls.__mro__ for name, value in vars(klass).items()
                 if isinstance(value, cached_property)}
        found.update(name for klass in cls.__mro__ for name in vars(klass).get("memos", ()))
        # the legal actions first: nearly every state a player decides in has worked them out
        memos = tuple(sorted(found, key=lambda name: (name != "_legal", name)))
        shape = _SHAPES[cls] = (frozenset(f.name for f in dataclasses.fields(cls)), memos)
    return shape


SAMPLED = "_sampled"
"""The memo that holds the outcome `sample_chance` drew last at a state (see `dealt`)."""
_UNSET = object()


def dealt(state: Any, outcome: Any) -> Any:
    """`outcome`, kept by `state` as the one its `sample_chance` has just drawn, so that `apply`
    plays it without reading or checking it again: chance drew it from what is left there, and
    the state never changes. A memo like the legal actions: never copied, never saved."""
    state.__dict__[SAMPLED] = outcome
    return outcome


def memo_names(cls: type) -> tuple[str, ...]:
    """What objects of `cls` work out about themselves and keep beside their fields, never
    copied (`evolve`, `amend`): its cached properties and the names it declares in `memos` (a
    memo it fills itself), both through its bases. The contract tests check that a state keeps
    nothing else beside its fields."""
    return _shape(cls)[1]


_NATIVE: set[type] = set()
"""Classes whose fields are a native class's C slots (`native_fields`): states, and Traintopia's
seats."""


def native_fields(cls: type) -> None:
    """Declare that `cls`, compiled, keeps its fields in C slots (a Cython extension type below
    it) rather than in its `__dict__`, which then holds only what it worked out: `evolve` and
    `amend` copy and set them through the class's own `evolved(changes)` and `amended(changes)`. A
    game calls it only where its fields really are native (`cython.compiled`)."""
    _NATIVE.add(cls)


@cython.locals(data=dict)
def evolve(state: Any, /, **changes: Any) -> Any:
    """A copy of a frozen dataclass state with some fields changed: `dataclasses.replace`
    without running `__init__` (a transition makes several copies, and each `replace` costs
    more than the rule it applies). What a state worked out about itself (`memo_names`) is not
    copied: each is dropped by name, no scan of every key. Anything else kept beside the fields
    is copied along (a memo that checks it still fits, as Isle of Trains' train index checks the
    train it was made for). The copied table is changed before the new state holds it: passing
    the changes on to `amend` cost a third of the copy."""
    cls = type(state)
    if cls in _NATIVE:
        return _evolve_native(state, changes)
    data = state.__dict__.copy()  # cloning the table beats filling a new one
    _change(data, cls, changes)
    return made(cls, data)


def amend(private: Any, /, **changes: Any) -> Any:
    """`evolve` without the copy, for a private copy only: a state made by the transition under
    way and handed to no one yet is changed in place (what it worked out about itself is dropped,
    as `evolve` drops it), so a chain of steps builds one new state, not one per step (DESIGN.md,
    "Speed inside, immutability outside")."""
    cls = type(private)
    if cls in _NATIVE:  # its `__dict__` holds only what it worked out (see `_evolve_native`)
        private.__dict__.clear()
        private.amended(changes)
        return private
    _change(private.__dict__, cls, changes)
    return private


def fields_of(state: Any) -> dict[str, Any]:
    """A state's fields by name, wherever they are kept (its `__dict__`, or native slots), and
    nothing it worked out about itself."""
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}


def by_fields(state: Any) -> tuple[Any, ...]:
    """A state's `__reduce__` where its fields may be native (`native_fields`, which keep no
    `__dict__` to restore): a pickle or a copy holds the fields only and is made again by the
    constructor."""
    return _remade, (type(state), fields_of(state))


def _remade(cls: type, fields: dict[str, Any]) -> Any:
    return cls(**fields)


def _evolve_native(state: Any, changes: dict[str, Any]) -> Any:
    """`evolve` for a class with native fields: the fields copied in C, the changes written in.
    Its `__dict__` holds only what it worked out (a state keeps nothing else there: the contract
    tests check it), so nothing of it goes along."""
    return state.evolved(changes)


@cython.locals(data=dict, changes=dict)
def _change(data: dict[str, Any], cls: type, changes: dict[str, Any]) -> None:
    """Drop what an object of `cls` worked out about itself from its table `data`, then write
    `changes` in; a change that names no field is refused."""
    try:
        names, memos = _SHAPES[cls]
    except KeyError:
        names, memos = _shape(cls)
    extra = len(data) - len(names)
    if extra > 0:
        for name in memos:
            if name in data:
                del data[name]
                extra -= 1
                if not extra:
                    break
    data.update(changes)
    if len(data) != len(names) + extra and not names.issuperset(changes):  # a change named no field
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)[0]!r}")


def handed(action: object, legal: tuple[Any, ...]) -> bool:
    """Whether `action` is one of the objects `legal` holds (by identity, never `==`): how an
    action a loop or bot passes back is known as one the engine handed out. A plain loop is
    the fastest form both ways (59 options, the one sought in the middle): compiled, a loop
    over pointers, 0.05 µs, where `any(map(operator.is_, ...))` calls a function per option,
    0.45 µs; interpreted, 0.33 µs against 0.46 µs (and 0.86 µs for `any` over a generator)."""
    for item in legal:  # noqa: SIM110 (a loop, not any(): see above)
        if item is action:
            return True
    return False


class GameState(ABC, Generic[A, C]):
    game_id: ClassVar[str]
    title: ClassVar[str]

    config: C
    seen_by: int | None = None  # a view: the seat it is seen from (games declare it as a field)

    chance_actions: ClassVar[tuple[type, ...]] = ()
    """The action types chance decides (draws, coins, dice); forced outcomes must be one."""
    click_hint: ClassVar[str] = "click the table to pick what to play"
    """How a click on the table chooses an action in this game (the stepper shows it)."""
    continuations: ClassVar[tuple[str, ...]] = ()
    """Decision kinds that continue the same action of the same player (pay card by card, the
    parts of a delivery): a greedy bot looks through them before it judges the action."""
    MAX_NOTATION: ClassVar[int] = 200
    """Longest action text read; longer text is refused before it is parsed."""
    memos: ClassVar[tuple[str, ...]] = (SAMPLED,)
    """What a state keeps in its `__dict__` beside its fields other than cached properties (a
    memo it fills itself): never copied into the next state (`evolve`, `amend`). A game's own
    memos add to these (`memo_names` reads them through the bases)."""

    # --- what each game supplies -------------------------------------------------------
    @property
    @abstractmethod
    def pending(self) -> Pending:
        """Who decides next, the prompt, the rule, and the legal options."""

    @abstractmethod
    def candidate_actions(self) -> Iterable[A]:
        """Every action worth asking about now, legal or not (the chooser explains refusals)."""

    @abstractmethod
    def _violations(self, action: Any) -> list[Violation]:
        """Every rule `action` breaks now, with the numbers (empty: it is legal)."""

    @abstractmethod
    def _transition(self, action: A) -> tuple[Self, tuple[Event, ...]]:
        """Apply an action already known to be legal."""

    @abstractmethod
    def parse(self, text: str) -> A:
        """Read the game's short notation; raises InvalidNotation."""

    @abstractmethod
    def view(self, player: int | None) -> Self:
        """This state as `player` may know it (None: everything)."""

    @abstractmethod
    def determinize(self, rng: Any) -> Self:
        """A full state consistent with this one as its viewer knows it: every card the viewer
        cannot see dealt again at random (`rng`), everything the viewer sees unchanged. Called on
        a view; on a full state (or a game without secrets) it may return the state itself.
        The contract tests build "hidden twins" with it; search bots sample worlds with it."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None until the game is over."""

    # --- what a game registers (`GameInfo`), reached here so that its state's module never
    # imports its drawing or its bots' valuation (they import the state: imports go one way).
    # A state's own method of the same name still wins (the solo toy game of the tests draws so).
    def picture_size(self) -> tuple[int, int]:
        """The picture's (width, height): the game's registered `picture_size(state)`."""
        return self._hook("picture_size")(self)

    def draw(self, painter: Painter, viewer: int | None = None) -> None:
        """Draw the table on any painter (SVG text or a live canvas): the game's registered
        `draw(state, painter, viewer)`."""
        self._hook("draw")(self, painter, viewer)

    def draw_ghost(self, painter: Painter, action: A, x: float, y: float, cell: float) -> None:
        """The piece `action` places, as the table previews it before it is played (a ghost under
        the pointer, where `placement(action)` says), drawn at (x, y) on cells `cell` wide: the
        game's registered `draw_ghost(state, painter, action, x, y, cell)`. Only games whose
        pieces are laid by pointing have one (Traintopia's tiles)."""
        self._hook("draw_ghost")(self, painter, action, x, y, cell)

    def assess(self, player: int) -> dict[str, float]:
        """Named terms a greedy bot adds up to judge this state for `player`: the game's
        registered `assess(state, player)`, none without one. On the bots' hot path: one dict
        read and the call (cheaper than the lazy import of the strategy it replaces)."""
        info = info_of(self.game_id)
        if info is None or info.assess is None:
            return {}
        return info.assess(self, player)

    def _hook(self, name: str) -> Callable[..., Any]:
        """The function this game registered as `name` in its `GameInfo`, or the error saying
        what to register (or override) where there is none."""
        info = info_of(self.game_id)
        hook = None if info is None else getattr(info, name)
        if hook is None:
            whose = self.title if info else f"no game {self.game_id!r} is registered, so {self.title}"
            raise NotImplementedError(f"{whose} has no {name}: register GameInfo({name}=...) in "
                                      f"sandbox/{self.game_id}/__init__.py, or override "
                                      f"{type(self).__name__}.{name}")
        return hook

    # --- hooks a game may refine -------------------------------------------------------------
    def generate_legal(self) -> Iterable[A]:
        """The fast path to the legal actions: no messages, no explanations. The default filters
        the candidates through `_violations`; games generate them directly."""
        return (a for a in self.candidate_actions() if not self._violations(a))

    @property
    def to_move(self) -> int | None:
        """Who decides next (a player, CHANCE, or None when the game is over), without building
        the prompt: what loops and the match ask at every step."""
        return self.pending.player

    @property
    def simultaneous(self) -> bool:
        """Whether several players decide at once now (secret commitments)."""
        return False

    def targets(self, action: A) -> tuple[str, ...]:
        """The drawing's hotspot names this action touches, so a click on the table can choose
        it. Most actions know their own; a game overrides this where a name depends on the
        position (e.g. whose train "car 3" is)."""
        targets = getattr(action, "targets", None)
        return tuple(targets()) if callable(targets) else ()

    def alike(self, action: A) -> Hashable | None:
        """A key shared by legal actions whose results `assess` values alike for the deciding
        player, one step on and followed through the player's `continuations`: paying for a
        build with one card or another where `assess` counts the cards, not which. The greedy
        bot weighs only the first action of each key, as weighing them all would pick it (ties
        go to the first). A game says so only where it holds (a test checks it on many
        positions); None, the default, has the action weighed."""
        return None

    def why_not(self, target: str) -> str:
        """Why a clicked thing (a hotspot's `target`) takes no action now, in words; '' when the
        game has nothing to add. The stepper adds it to its "Nothing can be done" message."""
        return ""

    def turn_marker(self) -> tuple[int, int | None]:
        """(turn number, whose turn it is): what changes once per turn. Golden playthroughs
        print the players' views when it changes; bots count turns with it."""
        return 0, self.to_move

    def sees(self, viewer: int | None, owner: int) -> bool:
        """Whether `viewer` (None: the whole table) may see what `owner` keeps secret (a hand,
        goods face down, an objective): their own always, and everyone's on the whole table and
        once the game is over, when scoring turns every player's cards face up. Views and
        drawings both ask this, so a finished game's picture agrees with its outcome."""
        return viewer is None or viewer == owner or self.is_over

    def seat_name(self, player: int) -> str:
        """How the game names a seat in texts and widgets."""
        return "chance" if player == CHANCE else f"P{player}"

    def scores(self, viewer: int | None = None) -> dict[int, int] | None:
        """Every player's score as the game stands, as `viewer` may know it (None: the game
        shows no running score). Widgets show it live."""
        outcome = self.outcome
        return dict(outcome.scores) if outcome is not None else None

    def breakdown(self, player: int) -> tuple[tuple[str, int], ...]:
        """`player`'s points part by part, as if the game were scored now (the same parts as
        the outcome's breakdown): for what-ifs on any position."""
        outcome = self.outcome
        return tuple(outcome.breakdown.get(player, ())) if outcome is not None else ()

    def score_parts(self, player: int) -> dict[str, int]:
        """`player`'s points by scoring category (the same names in every game of this game:
        what the lab's tables have a column for). The default adds up `breakdown` by label;
        games whose breakdown lists items (each train that left) name their categories."""
        parts: dict[str, int] = {}
        for label, points in self.breakdown(player):
            parts[label] = parts.get(label, 0) + points
        return parts

    def describe(self, action: A, viewer: int | None = None) -> str:
        """`action` in words as `viewer` may read it (None: the whole table). Every text a
        person reads about an action (log, replay prompt, tooltip) comes from here, so a game
        whose actions can carry a secret (a card drawn into a hand, a card loaded face down)
        overrides this to leave the secret out for everyone else. A secret commitment reads
        as committed, not what, to the other players."""
        if isinstance(action, Commit) and viewer is not None and viewer != action.player:
            return f"{self.seat_name(action.player)} commits a secret choice"
        return str(action)

    def wants_view(self, player: Any, players: int) -> bool:
        """Whether `view(player)` must build another player's view of this table: False when the
        answer is this state itself (None on the full table, or a view's own seat); ValueError
        for a seat that does not exist, or for another seat asked of a view."""
        if player is None or player == self.seen_by:
            return False
        if self.seen_by is not None:
            raise ValueError(f"this is P{self.seen_by}'s view of the table: it cannot show what "
                             f"P{player} sees (take that view from the full state)")
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= players:
            seat = f"P{player}" if isinstance(player, int) and not isinstance(player, bool) else quote(player)
            raise ValueError(f"there is no seat {seat} in a {players}-player game: "
                             f"view(1) to view({players}), or view(None) for the whole table")
        return True

    def actor(self, action: A) -> int | None:
        """The seat that takes `action` now: the pending player, or in a simultaneous decision
        the player the action names."""
        if self.simultaneous:
            return getattr(action, "player", self.to_move)
        return self.to_move

    def legal_actions_for(self, player: int) -> tuple[A, ...]:
        """The legal actions `player` may take now (all of them unless several decide)."""
        if not self.simultaneous:
            return self.legal_actions() if player == self.to_move else ()
        return tuple(a for a in self.legal_actions() if self.actor(a) == player)

    def sample_chance(self, rng: Any) -> A:
        """One outcome of the pending chance decision, drawn by its weight with `rng` (the
        match's seeded dealer). Games with piles sample them directly; dice, whose outcomes are
        too many to list, must."""
        return dealt(self, weighted(self.chance_outcomes(), rng))

    def forcing_violations(self, outcome: Any) -> list[Violation]:
        """Why `outcome` can never be forced as the result of a coming chance decision (empty:
        it may be). Checked when an outcome is forced, so a typo or a card that is not left
        to draw is refused at once; whether it fits the very decision it meets is checked
        there. Games narrow this to what is really left to draw."""
        if self.chance_actions and not isinstance(outcome, self.chance_actions):
            return [Violation("notation", f"{shown(outcome)} is not decided by chance in {self.title}")]
        return self.shape_violations(outcome)

    # --- shared behaviour --------------------------------------------------------------
    def read(self, action: Any) -> A:
        """An action object as given, or the action its notation names (InvalidNotation if it
        names none). Text is capped at MAX_NOTATION characters and refused at once beyond."""
        if isinstance(action, str):
            if len(action) > self.MAX_NOTATION:
                raise InvalidNotation(action, f"{quote(action)} is too long to be an action "
                                              f"(at most {self.MAX_NOTATION} characters)")
            return self.parse(action)
        if action is None or isinstance(action, (int, float, bytes, list, tuple, dict, set)):
            raise InvalidNotation(action, f"{quote(action)} is not an action: give an action object "
                                          "or its notation text")
        return action

    def explain(self, action: Any) -> Verdict:
        """The verdict on `action` (an action or its notation) now, with every rule it breaks.

        An action is allowed exactly when it is one of `legal_actions()`: whatever the game's
        checks say, an object that is not among them (hand-built, malformed, of another game) is
        refused too, citing the rule of the decision pending."""
        action = self.read(action)
        if malformed := self.shape_violations(action):  # before the rules read a field
            return Verdict(action, tuple(malformed))
        try:
            violations = list(self._violations(action))
        except Exception as e:  # a malformed object the declared kinds do not catch
            violations = [self._malformed(action, type(e).__name__)]
        if not violations and not self.is_legal(action):
            pending = self.pending
            count = len(self.legal_actions())
            violations = [Violation(pending.rule or "notation",
                                    f"{shown(action)} is not one of the {count} "
                                    f"action{'s' * (count != 1)} allowed now ({pending.prompt})")]
        return Verdict(action, tuple(violations))

    def shape_violations(self, action: Any) -> list[Violation]:
        """Why `action` is no well-formed action in any position (empty: it is): a field holding
        a value of another kind than its dataclass declares (`Lay(x=2.0)`, `Build(up=True)`,
        which equal legal actions yet write no notation that reads back) or a text longer than
        any notation (`shape`). `explain` asks this before the rules, so the reason names the
        field; a game may word it with the rule the field belongs to."""
        wrong = fault(action)
        return [] if wrong is None else [self._malformed(action, wrong.message)]

    def _malformed(self, action: Any, why: str) -> Violation:
        """The refusal of an object that is no well-formed action of this game, saying why."""
        return Violation("notation", f"{shown(action)} is not a well-formed action of {self.title} "
                                     f"({why})")

    @cython.locals(own=dict)
    def legal_actions(self) -> tuple[A, ...]:
        """The legal actions, computed once per state (states never change): kept as `_legal`
        beside the fields, a plain cache (a cached_property takes a lock at every first read).
        Compiled, `own` is typed: dict's own lookup in C, not a call of its `get` method."""
        own = self.__dict__
        legal = own.get("_legal")
        if legal is None:
            legal = own["_legal"] = tuple(self.generate_legal())
        return legal

    @cython.locals(own=dict)
    def handed_out(self, action: Any) -> bool:
        """Whether `action` is one of this state's legal action objects themselves (by identity),
        once they are worked out: such an action needs no reading or checking. Never lists them
        to ask (for a chance decision that would list every outcome)."""
        own = self.__dict__
        legal = own.get("_legal")
        return legal is not None and handed(action, legal)

    def is_legal(self, action: Any) -> bool:
        """Whether `action` is one of the legal actions (any object: never raises). The legal
        objects themselves, which bots and loops pass back, are found by identity: a state
        usually checks one action, and hashing hundreds of options into a set for it (a
        Traintopia lay) costs more than the scan. Any other object must also be well formed:
        `Lay(x=2.0)` equals `Lay(x=2)` but is no action (`shape`)."""
        if handed(action, self.legal_actions()):
            return True
        try:
            return action in self._legal_set and well_formed(action)
        except TypeError:  # unhashable: no action of ours
            return False

    @cached_property
    def _legal(self) -> tuple[A, ...]:
        return tuple(self.generate_legal())

    @cached_property
    def _legal_set(self) -> frozenset[A]:
        return frozenset(self.legal_actions())

    @cython.locals(own=dict)
    def apply(self, action: Any) -> tuple[Self, tuple[Event, ...]]:
        """The next state and the events that explain it; IllegalAction leaves this state as is.
        One of the legal action objects themselves (what loops and bots pass back), once they
        are worked out, is found by identity and goes straight to the rules, as does the outcome
        `sample_chance` has just drawn here (`dealt`); anything else is read and checked first (a
        chance outcome is, without listing every outcome)."""
        own = self.__dict__
        if own.get(SAMPLED, _UNSET) is action:
            return self._transition(action)
        if not self.handed_out(action):
            action = self.read(action)
            if not self.is_legal(action):
                raise IllegalAction(action, self.explain(action).violations)
        return self._transition(action)

    def chance_outcomes(self) -> tuple[tuple[A, float], ...]:
        pending = self.pending
        if pending.player != CHANCE:
            return ()
        return tuple(zip(pending.options, pending.chances))

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def svg(self, viewer: int | None = None) -> str:
        """The table as `viewer` sees it (drawn from their view), as deterministic SVG."""
        from sandbox.core.paint import SvgPainter

        seen = self if viewer is None else self.view(viewer)
        painter = SvgPainter(*seen.picture_size())
        seen.paint(painter, viewer)
        return painter.svg()

    def paint(self, painter: Painter, viewer: int | None = None) -> None:
        """Draw the table, then the reconstructed-data notice when the game has one: every
        picture of the game carries it, whichever back end draws it."""
        self.draw(painter, viewer)
        notice = notice_of(self.game_id)
        if notice:
            w, h = painter.width, painter.height
            painter.rect(0, h - 16, w, 16, fill="#fff3cd")
            painter.text(6, h - 4, notice, size=9, fill="#664d03")

    def picture_text(self) -> str:
        """One line saying what `svg()` shows: the game, the turn and who decides next (or the
        final scores), and whose view it is. The plain text of the picture in Jupyter."""
        if self.is_over:
            outcome = self.outcome
            scores = outcome.scores.items() if outcome is not None else ()
            where = "game over" + "".join(f", {self.seat_name(p)} {s}" for p, s in scores)
        else:
            turn, _ = self.turn_marker()
            player = self.to_move
            who = "nobody" if player is None else self.seat_name(player)
            where = f"turn {turn}, {who} to decide"
        seen = "" if self.seen_by is None else f", seen by {self.seat_name(self.seen_by)}"
        return f"<{self.game_id} table: {where}{seen}>"

    def _repr_svg_(self) -> str:
        return self.svg(self.seen_by)  # a view is drawn as its viewer sees it

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, str]:
        """The picture as SVG and as an HTML <img> of it, which untrusted notebooks show."""
        return svg_bundle(self._repr_svg_(), self.picture_text())


